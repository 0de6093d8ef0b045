"""Consistency checks of a tournament, the same for every form it arrives in (TRF, JSON form).

The readers turn text into a `Tournament`; `validate_tournament` then refuses what cannot be a
tournament (an opponent who does not exist, a player paired with himself) and warns about what is
doubtful (results that do not mirror, declared points that differ from the results, ...). Each
warning has a stable `code` (listed in `WARNING_CODES`) and a message that does not depend on the
input form; where it points to (a TRF line and column, a JSON field) comes from a `Locator` that the
reader of that form supplies.

`normalise_entry` and `normalise_title` are the input rules shared by the readers: one place says
what a bye written with an opponent, or a title written `g`, means.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from app.engine.errors import InputError, Issue, english
from app.engine.match_rounds import mirrored_games
from app.engine.messages import Joined, Message
from app.engine.model import FIDE_TITLES, Colour, Player, Result, RoundEntry, Tournament
from app.engine.numbers import show

# Stable codes of the warnings below (and of the readers' entry rules), with what they mean.
WARNING_CODES: dict[str, str] = {
    "opponent-symmetry": "two players' entries for one game do not mirror (opponent, colour or result)",
    "points-mismatch": "the declared points (TRF columns 81-84) differ from the points the results give",
    "several-pabs": "more than one pairing-allocated bye in one round of an individual event",
    "pairing-without-result": "a game is paired but has no result yet",
    "declared-players": "the declared number of players (TRF 062) differs from the players listed",
    "start-numbers-gap": "start numbers do not run from 1 without gaps",
    "birth-date": "a birth date not in the YYYY/MM/DD form",
    "date": "a start or end date not in a date form the reader knows",
    "title": "a title that is not a FIDE title, kept as written",
    "bye-placeholder": "a participant that looks like a placeholder for byes",
    "colour-without-opponent": "a colour given without an opponent was ignored",
    "result-without-opponent": "a game result without an opponent was read as the bye worth the same points",
    "bye-with-opponent": "a bye given with an opponent: the opponent was ignored",
    "match-unfinished": "a match round not finished yet (a game to play, or a best of 3 not decided): paired "
                        "without a result",
    "match-game-after-decision": "a game played after a best of 3 was decided: counted in the game points only",
}

# Error codes raised here.
ERROR_CODES: dict[str, str] = {
    "unknown-opponent": "an opponent's start number that is not a player of the tournament",
    "self-pairing": "a player paired with himself",
    "team-tournament": "a team tournament given to an operation for individual events",
}


@dataclass(frozen=True)
class Where:
    """Where an issue points to in the input: a TRF line and column, or a JSON field."""

    line: int | None = None
    column: int | None = None
    field: str | None = None
    text: str | None = None


NOWHERE = Where()


class Locator(Protocol):
    """Supplied by each reader: where a player's data, or a record, is in its input."""

    def player(self, start_number: int, part: str) -> Where:
        """`part`: "start_number", "name", "title", "rating", "birth_date", "points", "line"."""
        ...

    def entry(self, start_number: int, round_number: int, part: str) -> Where:
        """`part`: "opponent", "colour", "result" or "block" of that round's entry."""
        ...

    def record(self, attribute: str) -> Where:
        """A tournament attribute such as "declared_players" or "start_date"."""
        ...


class NoLocator:
    """For tournaments built in code: issues point nowhere."""

    def player(self, start_number: int, part: str) -> Where:
        return NOWHERE

    def entry(self, start_number: int, round_number: int, part: str) -> Where:
        return NOWHERE

    def record(self, attribute: str) -> Where:
        return NOWHERE


def issue(code: str, message: str | Message, where: Where = NOWHERE) -> Issue:
    """A warning about the input at `where`; its text a catalogue message (or, for now, English)."""
    text, localized = english(message)
    return Issue(code, text, line=where.line, column=where.column, text=where.text, field=where.field,
                 localized=localized)


def error(code: str, message: Message, where: Where = NOWHERE) -> InputError:
    return InputError(message, code=code, line=where.line, column=where.column, text=where.text, field=where.field)


# ---------------------------------------------------------------- input rules shared by the readers

# A played result written without an opponent: read as the bye worth the same points.
_RESULT_WITHOUT_OPPONENT = {
    Result.WIN: Result.FULL_POINT_BYE, Result.WIN_UNRATED: Result.FULL_POINT_BYE,
    Result.DRAW: Result.HALF_POINT_BYE, Result.DRAW_UNRATED: Result.HALF_POINT_BYE,
    Result.LOSS: Result.ZERO_POINT_BYE, Result.LOSS_UNRATED: Result.ZERO_POINT_BYE,
    Result.UNKNOWN: Result.HALF_POINT_BYE,
}


@dataclass(frozen=True)
class EntryNote:
    """What `normalise_entry` changed, and which part of the entry it concerns."""

    code: str
    message: Message
    part: str  # "opponent", "colour" or "result"


def normalise_entry(round_number: int, opponent: int | None, colour: Colour | None, result: Result,
                    written_result: str | None = None) -> tuple[RoundEntry | None, list[EntryNote]]:
    """One round entry as the readers must take it; None when it says nothing (no opponent, no result)."""
    notes: list[EntryNote] = []
    if opponent is None and result is Result.NOT_PAIRED:
        return None, notes
    shown = written_result if written_result is not None else result.value
    if opponent is None:
        if colour is not None:
            notes.append(EntryNote("colour-without-opponent",
                                   Message.of("warning.colour-without-opponent", round=round_number), "colour"))
            colour = None
        replacement = _RESULT_WITHOUT_OPPONENT.get(result)
        if replacement is not None:
            notes.append(EntryNote("result-without-opponent", Message.of(
                "warning.result-without-opponent", round=round_number, result=shown, read_as=replacement.value,
                name=replacement.name.lower()), "result"))
            result = replacement
    elif result.is_bye and result is not Result.NOT_PAIRED:
        notes.append(EntryNote("bye-with-opponent", Message.of(
            "warning.bye-with-opponent", round=round_number, bye=shown, opponent=opponent), "opponent"))
        return RoundEntry(None, None, result), notes
    return RoundEntry(opponent, colour, result), notes


# Title aliases of older files (one-letter codes) to the FIDE title.
_TITLE_ALIASES = {"G": "GM", "M": "IM", "F": "FM", "C": "CM", "WG": "WGM", "WM": "WIM", "WF": "WFM", "WC": "WCM"}


def normalise_title(written: str) -> tuple[str | None, str | None]:
    """(title, sex) from a title as written: aliases resolved, "mFM" split into sex and title.

    Unknown titles are kept in upper case (as written when upper case would change their length)."""
    text = written.strip()
    if not text:
        return None, None
    upper = text.upper()
    known = upper if upper in FIDE_TITLES else _TITLE_ALIASES.get(upper)
    if known is not None:
        return known, None
    head, rest = text[0].lower(), upper[1:]
    if head in ("m", "w", "f") and (rest in FIDE_TITLES or rest in _TITLE_ALIASES):
        return (rest if rest in FIDE_TITLES else _TITLE_ALIASES[rest]), ("m" if head == "m" else "w")
    return (upper if len(upper) == len(text) else text), None


# ---------------------------------------------------------------- the checks


def validate_tournament(t: Tournament, where: Locator | None = None) -> list[Issue]:
    """Refuse (InputError) what cannot be a tournament; return warnings about what is doubtful."""
    loc: Locator = where or NoLocator()
    _check_opponents(t, loc)
    warnings: list[Issue] = []
    _check_games(t, loc, warnings)
    _check_declared_data(t, loc, warnings)
    _check_players(t, loc, warnings)
    return warnings


def _check_opponents(t: Tournament, loc: Locator) -> None:
    players = t.players
    for sn, p in players.items():
        for r, e in enumerate(p.rounds, start=1):
            opponent = e.opponent
            if opponent is None:
                continue
            if opponent not in players:
                raise error("unknown-opponent", Message.of("error.unknown-opponent", player=sn, round=r, opponent=opponent),
                            _with_text(loc.entry(sn, r, "opponent"), str(opponent)))
            if opponent == sn:
                raise error("self-pairing", Message.of("error.self-pairing.round", player=sn, round=r),
                            _with_text(loc.entry(sn, r, "opponent"), str(opponent)))


def _with_text(w: Where, text: str) -> Where:
    return Where(w.line, w.column, w.field, text)


_OPPOSITE = {Colour.WHITE: Colour.BLACK, Colour.BLACK: Colour.WHITE, None: None}
_MIRRORED = {r: r.mirrored() for r in Result}


def _check_games(t: Tournament, loc: Locator, warnings: list[Issue]) -> None:
    """Opponent symmetry, paired games without a result, declared points, PABs per round."""
    pabs: dict[int, list[int]] = {}
    not_paired = Result.NOT_PAIRED
    for p in t.players.values():
        sn = p.start_number
        for r, e in enumerate(p.rounds, start=1):
            if e.opponent is None:
                if e.result is Result.PAIRING_ALLOCATED_BYE:
                    pabs.setdefault(r, []).append(sn)
                continue
            if e.result is not_paired:
                warnings.append(issue("pairing-without-result", Message.of(
                    "warning.pairing-without-result", player=sn, round=r, opponent=e.opponent), loc.entry(sn, r, "result")))
            other = t.players[e.opponent].entry(r)
            if other.opponent == sn and other.colour is _OPPOSITE[e.colour] and other.result is _MIRRORED[e.result] \
                    and e.games == other.games == ():
                continue  # the usual case: a perfect mirror
            problems = _symmetry_problems(sn, e, other)
            if problems and (other.opponent != sn or sn < e.opponent):
                warnings.append(issue("opponent-symmetry", Message.of(
                    "warning.opponent-symmetry", player=sn, round=r, opponent=e.opponent,
                    problems=Joined(tuple(problems), "; ")), loc.entry(sn, r, "block")))
        if p.declared_points is not None:
            computed = t.points(p)
            if computed != p.declared_points:
                warnings.append(issue("points-mismatch", Message.of(
                    "warning.points-mismatch", player=sn, declared=show(p.declared_points), computed=show(computed)),
                    loc.player(sn, "points")))
    if not t.teams:
        for r, ids in sorted(pabs.items()):
            if len(ids) > 1:
                warnings.append(issue("several-pabs", Message.of(
                    "warning.several-pabs", round=r, count=len(ids), players=", ".join(map(str, ids)))))


def _symmetry_problems(sn: int, e: RoundEntry, other: RoundEntry) -> list[Message]:
    if other.opponent != sn:
        return [Message.of("warning.opponent-symmetry.other-opponent", player=e.opponent, other=other.opponent) if other.opponent
                else Message.of("warning.opponent-symmetry.no-opponent", player=e.opponent)]
    problems = []
    if other.colour is not _OPPOSITE[e.colour] and not (e.result.is_forfeit and other.colour is None):
        problems.append(Message.of("warning.opponent-symmetry.colours", mine=e.colour.value if e.colour else "-",
                                   theirs=other.colour.value if other.colour else "-"))
    double_forfeit = e.result is Result.FORFEIT_LOSS and other.result is Result.FORFEIT_LOSS
    if other.result is not _MIRRORED[e.result] and not double_forfeit and e.opponent is not None \
            and sn < e.opponent:
        problems.append(Message.of("warning.opponent-symmetry.results", mine=e.result.value, theirs=other.result.value))
    if (e.games or other.games) and other.games != mirrored_games(e.games):
        problems.append(Message.of("warning.opponent-symmetry.games") if e.games and other.games else
                        Message.of("warning.opponent-symmetry.games-one-side", player=sn if e.games else e.opponent))
    return problems




# Birth dates: YYYY/MM/DD (TRF), also YYYY, YYYY-MM-DD, YYYY.MM.DD and a year with blank month and day.
_BIRTH_DATE = re.compile(r"(19|20)\d\d(?:[/.-](?:\d\d|  |00)[/.-](?:\d\d|  |00)|[/.-]\s*[/.-]?\s*)?")
# Start and end dates: TRF-2026 asks YYYY/MM/DD; TRF-16 files also write DD.MM.YYYY, DD/MM/YYYY, ...
_EVENT_DATE = re.compile(r"\d{4}[/.-]\s*\d{1,2}[/.-]\s*\d{1,2}|\d{1,2}[/.-]\s*\d{1,2}[/.-]\s*(\d{4}|\d{2})")


def _check_declared_data(t: Tournament, loc: Locator, warnings: list[Issue]) -> None:
    """Informative fields that disagree with the tournament: declared players, start numbers, dates."""
    declared = re.match(r"\s*(\d+)", t.declared_players or "")
    if declared and int(declared.group(1)) != len(t.players):
        warnings.append(issue("declared-players", Message.of(
            "warning.declared-players", declared=declared.group(1), count=len(t.players)), loc.record("declared_players")))
    numbers = sorted(t.players)
    if numbers and max(numbers) != len(numbers):
        missing = sorted(set(range(1, max(numbers) + 1)) - set(numbers))
        shown = ", ".join(map(str, missing[:10])) + (" ..." if len(missing) > 10 else "")
        warnings.append(issue("start-numbers-gap", Message.of(
            "warning.start-numbers-gap", last=max(numbers), count=len(numbers), missing=shown)))
    odd_dates = [sn for sn in numbers if t.players[sn].birth_date and
                 _BIRTH_DATE.fullmatch(t.players[sn].birth_date or "") is None]
    if odd_dates:
        first = t.players[odd_dates[0]]
        warnings.append(issue("birth-date", Message.of(
            "warning.birth-date", count=len(odd_dates), date=first.birth_date, player=first.start_number),
                              _with_text(loc.player(first.start_number, "birth_date"), first.birth_date or "")))
    for attribute, what in (("start_date", "what.start-date"), ("end_date", "what.end-date")):
        value = getattr(t, attribute)
        if value and not _EVENT_DATE.fullmatch(value.strip()):
            warnings.append(issue("date", Message.of("warning.date", what=Message.of(what), value=value),
                                  _with_text(loc.record(attribute), value)))


# Names that sites and programs give to a dummy participant standing for the bye (C.04.1 c: a player
# who is not paired gets a bye; a participant called "bye" would be paired and ranked like any other).
BYE_PLACEHOLDER_NAMES = frozenset({
    "bye", "byes", "pab", "spielfrei", "freilos", "frei", "pauze", "pause", "free", "rest", "dummy", "vrij",
    "exempt", "exento", "descanso", "libre", "riposo", "wolny", "volno", "轮空", "轮休", "空", "bye player",
})
_PLACEHOLDER_CLEAN = re.compile(r"[\W_]+")


def looks_like_bye_placeholder(p: Player) -> bool:
    """An unrated participant whose name is one of the usual names of a dummy bye player."""
    if p.rating is not None:
        return False
    key = _PLACEHOLDER_CLEAN.sub(" ", p.name.casefold()).strip()
    return key in BYE_PLACEHOLDER_NAMES


def _check_players(t: Tournament, loc: Locator, warnings: list[Issue]) -> None:
    unknown_titles = [p for p in t.players.values() if p.title is not None and p.title not in FIDE_TITLES]
    for p in unknown_titles:
        warnings.append(issue("title", Message.of("warning.title", player=p.start_number, title=p.title),
                              loc.player(p.start_number, "title")))
    for p in t.players.values():
        if looks_like_bye_placeholder(p):
            warnings.append(issue("bye-placeholder", Message.of("warning.bye-placeholder", player=p.start_number,
                                                                name=p.name), loc.player(p.start_number, "name")))


def require_individual_event(t: Tournament, team_operation: str) -> None:
    """Refuse a team tournament where individuals are paired: its boards would be paired as players."""
    if t.is_team_tournament:
        raise InputError(Message.of("error.team-tournament", teams=len(t.teams), operation=team_operation),
                         code="team-tournament", field="teams")


def codes(issues: Iterable[Issue]) -> list[str]:
    return [i.code for i in issues]
