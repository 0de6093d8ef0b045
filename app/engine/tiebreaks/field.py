"""The participants of a tie-break computation and their rounds, in integer units.

Individual players and teams are both turned into `Entrant`s: per round the kind of
round (C.07 15-16 vocabulary), the opponent, the colour, and the points of every score
type. Points are integers in a fixed unit (the least common multiple of the scoring
system's denominators), so sums and products stay exact without `Fraction` arithmetic
in the hot loops; values are converted to `Fraction` only for the answer.

Score types: `GP` is the game score (an individual's points, a team's game points),
`MP` a team's match points.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from fractions import Fraction
from typing import Any

from app.engine.errors import Issue
from app.engine.messages import warning
from app.engine.model import NOT_PAIRED, Colour, Result, Tournament
from app.engine.teams import TeamEvent, TeamRoundKind, derive_team_matches

GP = 0  # game points (individual points)
MP = 1  # team match points
SCORE_NAMES = {GP: "GP", MP: "MP"}


class Kind(IntEnum):
    """A participant's round, C.07 Art. 16.2 categories plus the played game."""

    GAME = 0  # played over the board (team: a match with at least one board played)
    PAIRING_ALLOCATED_BYE = 1  # 16.2.1
    FULL_POINT_BYE = 2  # 16.2.1 (also a forfeit win without a scheduled opponent)
    FORFEIT_WIN = 3  # 16.2.2
    FORFEIT_LOSS = 4  # 16.2.4 (also a double forfeit)
    HALF_POINT_BYE = 5  # requested bye, 16.2.3 / 16.2.5
    ZERO_POINT_BYE = 6  # requested bye, absence, rounds after a withdrawal

    @property
    def voluntarily_unplayed(self) -> bool:
        """16.1.2: a requested bye or a forfeit loss (VUR)."""
        return self >= Kind.FORFEIT_LOSS


VUR_KINDS = frozenset(k for k in Kind if k.voluntarily_unplayed)
# The kinds hot loops compare with, as module constants: in Python 3.11 a member looked up on its enum
# class (`Kind.GAME`) costs 0.6 us, a module global a few ns (timeit); a comprehension over 22,000 rounds
# testing `k is Kind.GAME` spent 13 ms on the look-ups alone.
GAME = Kind.GAME
PAIRING_ALLOCATED_BYE = Kind.PAIRING_ALLOCATED_BYE
ZERO_POINT_BYE = Kind.ZERO_POINT_BYE



@dataclass(slots=True)
class Entrant:
    """One participant (player or team) with its rounds 1..R (list index 0 = round 1)."""

    index: int
    id: int  # start number, or team number
    name: str
    rating: int | None
    kinds: list[Kind] = field(default_factory=list)
    opponents: list[int] = field(default_factory=list)  # opponent's entrant index, -1 = none
    colours: list[str | None] = field(default_factory=list)  # "w" / "b" / None
    points: tuple[list[int], ...] = ()  # points[score][round] in units
    rated_results: list[int | None] = field(default_factory=list)  # OTB result in half points (2/1/0)
    won_otb: list[bool] = field(default_factory=list)  # a game won over the board
    board_points: list[list[int]] = field(default_factory=list)  # team: game points per board, per round
    board_wins: list[int] = field(default_factory=list)  # team: boards scoring a win, per round
    board_wins_otb: list[int] = field(default_factory=list)  # team: boards won over the board, per round
    totals: Sequence[int] = ()  # total per score type


@dataclass
class Field:
    """All participants of the computation and the scoring, in units."""

    entrants: list[Entrant]
    rounds: int
    unit: int  # 1 point == `unit` integer units
    is_team: bool
    boards: int  # boards per match (1 for individuals)
    win: tuple[int, ...]  # value of a won round, per score type
    draw: tuple[int, ...]  # value of a drawn round, per score type
    game_win: int  # value of a won game (board)
    warnings: list[Issue] = field(default_factory=list)
    team_event: TeamEvent | None = None

    def by_id(self) -> dict[int, Entrant]:
        return {e.id: e for e in self.entrants}

    def fraction(self, units: int, power: int = 1) -> Fraction:
        return Fraction(units, self.unit ** power)


def _unit(values: Iterable[Fraction | None]) -> int:
    unit = 1
    for v in values:
        if v is not None:
            unit = math.lcm(unit, Fraction(v).denominator)
    return unit


def _scoring_values(t: Tournament) -> list[Fraction | None]:
    s, ts = t.scoring, t.team_scoring
    values: list[Fraction | None] = [
        s.win, s.draw, s.loss, s.forfeit_win, s.forfeit_loss, s.pairing_allocated_bye, s.full_point_bye,
        s.half_point_bye, s.zero_point_bye, s.absent, s.unknown, s.win_black, s.draw_black, s.loss_black,
        ts.match_win, ts.match_draw, ts.match_loss]
    if t.team_byes is not None:
        values += [t.team_byes.match_points, t.team_byes.game_points]
    return values


def half_up_div(a: int, b: int) -> int:
    """a / b rounded to the nearest integer, .5 up (b > 0)."""
    return (2 * a + b) // (2 * b)


def _to_units(x: Fraction, unit: int) -> int:
    v = x * unit
    if v.denominator != 1:  # cannot happen: the unit is a multiple of every denominator
        raise ValueError(f"{x} is not a multiple of 1/{unit}")
    return int(v)


_RATED = {Result.WIN: 2, Result.DRAW: 1, Result.LOSS: 0, Result.WIN_UNRATED: 2, Result.DRAW_UNRATED: 1,
          Result.LOSS_UNRATED: 0, Result.UNKNOWN: 0}
_WON = frozenset({Result.WIN, Result.WIN_UNRATED})


_NO_BOARDS: list[Any] = []  # the board lists of an individual player: empty, shared, never changed


def individual_field(t: Tournament, rounds: int) -> Field:
    """Players of an individual tournament, rounds 1..`rounds`."""
    warnings: list[Issue] = []
    unit = _unit(_scoring_values(t))
    players = t.sorted_players()
    index = {p.start_number: i for i, p in enumerate(players)}
    scoring = t.scoring
    # What a result means for the tie-breaks, by (result, has an opponent, colour): the kind of round,
    # its points in units, and for a game its colour, its rated result and whether it was won.
    meaning: dict[tuple[Result, bool, Colour | None], tuple[Kind, int, str | None, int | None, bool]] = {}

    def meaning_of(res: Result, has_opponent: bool, colour: Colour | None) -> tuple[Kind, int, str | None, int | None,
                                                                                  bool]:
        kind = _individual_kind(res, has_opponent)
        played = kind is Kind.GAME
        m = meaning[res, has_opponent, colour] = (
            kind, _to_units(scoring.points(res, colour), unit), colour.value if colour is not None and played else None,
            _RATED.get(res) if played else None, played and res in _WON)
        return m

    entrants: list[Entrant] = []
    for i, p in enumerate(players):
        entries = p.rounds[:rounds]
        if len(entries) < rounds:
            entries += [NOT_PAIRED] * (rounds - len(entries))
        opponents = [index.get(entry.opponent, -1) for entry in entries]  # type: ignore[arg-type]  # None: -1
        means = [meaning.get((entry.result, opp >= 0, entry.colour)) or meaning_of(entry.result, opp >= 0, entry.colour)
                 for entry, opp in zip(entries, opponents, strict=True)]
        kinds, gp, colours, rated, won = map(list, zip(*means, strict=True)) if means else ([], [], [], [], [])
        if ZERO_POINT_BYE in kinds:
            for r, (kind, entry) in enumerate(zip(kinds, entries, strict=True), start=1):
                if kind is ZERO_POINT_BYE and opponents[r - 1] >= 0:
                    warnings.append(warning("no-result", "warning.no-result", player=p.start_number, round=r,
                                            opponent=entry.opponent))
                    opponents[r - 1] = -1
        # the team-only lists are one shared empty list, never appended to (fewer objects to collect)
        entrants.append(Entrant(i, p.start_number, p.name, p.rating, kinds, opponents, colours, (gp,), rated, won,
                                _NO_BOARDS, _NO_BOARDS, _NO_BOARDS, (sum(gp),)))
    win = _to_units(scoring.win, unit)
    draw = _to_units(scoring.draw, unit)
    return Field(entrants, rounds, unit, False, 1, (win,), (draw,), win, warnings)


def _individual_kind(res: Result, has_opponent: bool) -> Kind:
    if has_opponent:
        if res.is_played_game:
            return Kind.GAME
        if res is Result.FORFEIT_WIN:
            return Kind.FORFEIT_WIN
        if res is Result.FORFEIT_LOSS:
            return Kind.FORFEIT_LOSS
        return Kind.ZERO_POINT_BYE
    return {
        Result.PAIRING_ALLOCATED_BYE: Kind.PAIRING_ALLOCATED_BYE,
        Result.FULL_POINT_BYE: Kind.FULL_POINT_BYE,
        Result.FORFEIT_WIN: Kind.FULL_POINT_BYE,  # '0000 - +': won without a scheduled opponent
        Result.HALF_POINT_BYE: Kind.HALF_POINT_BYE,
    }.get(res, Kind.ZERO_POINT_BYE)


_TEAM_KINDS = {
    TeamRoundKind.MATCH: Kind.GAME,
    TeamRoundKind.FORFEIT_WIN: Kind.FORFEIT_WIN,
    TeamRoundKind.FORFEIT_LOSS: Kind.FORFEIT_LOSS,
    TeamRoundKind.FORFEIT_DRAW: Kind.FORFEIT_LOSS,
    TeamRoundKind.DOUBLE_FORFEIT: Kind.FORFEIT_LOSS,
    TeamRoundKind.PAIRING_ALLOCATED_BYE: Kind.PAIRING_ALLOCATED_BYE,
    TeamRoundKind.FULL_POINT_BYE: Kind.FULL_POINT_BYE,
    TeamRoundKind.HALF_POINT_BYE: Kind.HALF_POINT_BYE,
    TeamRoundKind.ZERO_POINT_BYE: Kind.ZERO_POINT_BYE,
    TeamRoundKind.ABSENT: Kind.ZERO_POINT_BYE,
}


def team_field(t: Tournament, rounds: int) -> Field:
    """Teams of a team tournament (team number = `013` line order or `310` number), rounds 1..`rounds`."""
    event = derive_team_matches(t, rounds)
    n_boards = event.boards
    unit = _unit(_scoring_values(t))
    teams = sorted(event.teams, key=lambda team: team.number)
    index = {team.number: i for i, team in enumerate(teams)}
    scoring = t.scoring
    game_win = _to_units(scoring.win, unit)
    game_draw = _to_units(scoring.draw, unit)
    board_value = {TeamRoundKind.PAIRING_ALLOCATED_BYE: game_win, TeamRoundKind.FULL_POINT_BYE: game_win,
                   TeamRoundKind.FORFEIT_WIN: game_win, TeamRoundKind.HALF_POINT_BYE: game_draw,
                   TeamRoundKind.FORFEIT_DRAW: game_draw}
    entrants: list[Entrant] = []
    for i, team in enumerate(teams):
        ratings = [t.players[sn].rating for sn in team.members[:n_boards] if sn in t.players]
        e = Entrant(i, team.number, team.name, None)
        gp: list[int] = []
        mp: list[int] = []
        for tr in event.schedule[team.number]:
            kind = _TEAM_KINDS[tr.kind]
            e.kinds.append(kind)
            e.opponents.append(index.get(tr.opponent, -1) if tr.opponent is not None else -1)
            e.colours.append(None)
            gp.append(_to_units(tr.game_points, unit))
            mp.append(_to_units(tr.match_points, unit))
            e.rated_results.append(None)
            e.won_otb.append(kind is Kind.GAME and tr.match_points == t.team_scoring.match_win)
            if kind is Kind.GAME:
                per_board = [0] * n_boards
                wins = wins_otb = 0
                for b in tr.boards:
                    pts = _to_units(b.points, unit)
                    if 1 <= b.board <= n_boards:
                        per_board[b.board - 1] += pts
                    wins += pts == game_win
                    wins_otb += pts == game_win and b.played and b.opponent is not None
            else:
                # C.07 12: a match not played counts on every board as the match result; a
                # pairing-allocated bye as a normal win on every board.
                value = board_value.get(tr.kind, 0)
                per_board = [value] * n_boards
                wins = n_boards if value == game_win else 0
                wins_otb = 0
            e.board_points.append(per_board)
            e.board_wins.append(wins)
            e.board_wins_otb.append(wins_otb)
        e.points = (gp, mp)
        e.totals = (sum(gp), sum(mp))
        rated = [r for r in ratings if r is not None]
        if rated and len(rated) == len(ratings):  # team rating: mean of the boards' ratings, half up
            e.rating = half_up_div(sum(rated), len(rated))
        entrants.append(e)
    win = (game_win * n_boards, _to_units(t.team_scoring.match_win, unit))
    draw = (_to_units(scoring.draw, unit) * n_boards, _to_units(t.team_scoring.match_draw, unit))
    return Field(entrants, rounds, unit, True, n_boards, win, draw, game_win, list(event.warnings), event)
