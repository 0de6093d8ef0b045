"""Build small tournaments for tie-break tests from pairings and results."""

from __future__ import annotations

from fractions import Fraction

from app.engine.model import Colour, Player, Result, RoundEntry, Team, Tournament
from app.engine.tiebreaks import StandingsOptions, compute_standings

_CODES = {"1": Result.WIN, "=": Result.DRAW, "0": Result.LOSS, "+": Result.FORFEIT_WIN, "-": Result.FORFEIT_LOSS,
          "U": Result.PAIRING_ALLOCATED_BYE, "H": Result.HALF_POINT_BYE, "F": Result.FULL_POINT_BYE,
          "Z": Result.ZERO_POINT_BYE}
_MIRROR = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}

Pairing = tuple[int, int, str] | tuple[int, str]


def build(ratings: dict[int, int | None], rounds: list[list[Pairing]], *, system: str = "swiss",
          names: dict[int, str] | None = None, start_date: str = "2026/06/01") -> Tournament:
    """`rounds[r]` lists `(white, black, white's result)` or `(player, bye code)`; players not
    listed in a round are absent (zero-point bye). Result "--" is a double forfeit."""
    t = Tournament(name="test", start_date=start_date, system=system)
    for sn, rating in ratings.items():
        t.players[sn] = Player(sn, (names or {}).get(sn, f"P{sn}"), rating=rating)
    for pairings in rounds:
        seen: set[int] = set()
        for p in pairings:
            if len(p) == 3:
                w, b, res = p  # type: ignore[misc]
                mine, theirs = ("-", "-") if res == "--" else (res, _MIRROR[res])  # "--": double forfeit
                t.players[w].rounds.append(RoundEntry(b, Colour.WHITE, _CODES[mine]))
                t.players[b].rounds.append(RoundEntry(w, Colour.BLACK, _CODES[theirs]))
                seen |= {w, b}
            else:
                sn, code = p  # type: ignore[misc]
                t.players[sn].rounds.append(RoundEntry(None, None, _CODES[code]))
                seen.add(sn)
        for sn, player in t.players.items():
            if sn not in seen:
                player.rounds.append(RoundEntry(None, None, Result.ZERO_POINT_BYE))
    return t


def values(t: Tournament, specs: str, **options: object) -> dict[int, list[Fraction | None]]:
    st = compute_standings(t, specs, StandingsOptions(**options))  # type: ignore[arg-type]
    return {e.id: [tb.value for tb in e.tiebreaks] for e in st.entries}


def ranks(t: Tournament, specs: str, **options: object) -> dict[int, int]:
    st = compute_standings(t, specs, StandingsOptions(**options))  # type: ignore[arg-type]
    return {e.id: e.rank for e in st.entries}


def teams(t: Tournament, rosters: list[list[int]]) -> Tournament:
    t.teams = [Team(number=k, name=f"Team {k}", members=m) for k, m in enumerate(rosters, start=1)]
    return t


def F(x: str | int | float) -> Fraction:
    return Fraction(str(x))
