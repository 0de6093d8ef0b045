"""Club avoidance (seed 002, 避亲原则, the weakest pairing principle: "能避则避"): who belongs to
which club in a round, and the note of a board that could not avoid it. Shared by the Dutch
engine (`dutch/clubs.py`) and the team Swiss engine (`team_swiss.py`), where it is the lowest
criterion; off unless a request asks for it."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from app.engine.errors import InputError
from app.engine.messages import Message, text
from app.engine.model import Tournament

AVOID_SAME = ("club", "federation")


def clubs_in_force(members: Iterable[tuple[int, str | None, str | None]], round_number: int,
                   avoid_same: str | None, avoid_same_rounds: int | None) -> dict[int, str]:
    """Number -> club (or federation) as written, for the (number, club, federation) of each
    player or team, when club avoidance is in force in `round_number`; else empty."""
    if avoid_same is None:
        return {}
    if avoid_same not in AVOID_SAME:
        raise InputError(Message.of("error.pairing.avoid-same", allowed=", ".join(AVOID_SAME), found=avoid_same),
                         field="avoid_same")
    if avoid_same_rounds is not None and round_number > avoid_same_rounds:
        return {}
    out: dict[int, str] = {}
    for number, club, federation in members:
        value = club if avoid_same == "club" else federation
        if value and value.strip():
            out[number] = value.strip()
    return out


def player_clubs(t: Tournament) -> Iterator[tuple[int, str | None, str | None]]:
    """(start number, club, federation) of every player: the club is the JSON form's `club`, else the
    "national origin" (region, club...) of the player's TRF-2026 national record (columns 54-56)."""
    origin: dict[int, str] = {}
    for record in t.national_records:
        if record.origin and record.start_number not in origin:
            origin[record.start_number] = record.origin
    for sn, p in t.players.items():
        yield sn, p.club or origin.get(sn), p.federation


def club_key(club: str | None) -> str | None:
    """Clubs are compared without case."""
    return None if club is None else club.casefold()


def same_club_text(club: str, lang: str, key: str = "pairing.same-club") -> str:
    """The note of a board (or match) that club avoidance could not avoid (message `key`: `pairing.same-club`
    for a team Swiss match, `.fewest` or `.unproven` for a Dutch board, `dutch.clubs`)."""
    return text(lang, key, club=club)
