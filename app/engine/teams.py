"""Team matches derived from a team tournament's individual games.

A team event in TRF is stored as individual `001` games plus team rosters (`013`, whose
team number is the line order, or `310`), optional line-ups out of roster order (`300`),
team pairing-allocated byes (`320`), forfeited matches (`330`), board colours (`352`) and
the match scoring (`362`). This module turns them into one `TeamRound` per team and
round: the opponent team, the boards with their game points, the match points and game
points, and what kind of round it was (match, forfeited match, bye, absence).

Team tie-breaks and team pairing both work from this view. Inconsistent data never
raises: every oddity becomes a warning (`Issue`) naming the round, team or player.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction

from app.engine.errors import Issue
from app.engine.messages import warning
from app.engine.model import (
    ByeKind,
    Colour,
    ForfeitedMatch,
    Lineup,
    Result,
    RoundEntry,
    ScoringSystem,
    Team,
    Tournament,
)


class TeamRoundKind(StrEnum):
    """What a team's round was (C.07 15.1: a round without a played match is unplayed)."""

    MATCH = "match"  # at least one board played over the board
    FORFEIT_WIN = "forfeit_win"  # opponent team forfeited the whole match
    FORFEIT_LOSS = "forfeit_loss"
    FORFEIT_DRAW = "forfeit_draw"  # no board played, game points equal but not zero
    DOUBLE_FORFEIT = "double_forfeit"
    PAIRING_ALLOCATED_BYE = "pairing_allocated_bye"
    FULL_POINT_BYE = "full_point_bye"
    HALF_POINT_BYE = "half_point_bye"
    ZERO_POINT_BYE = "zero_point_bye"
    ABSENT = "absent"

    @property
    def has_opponent(self) -> bool:
        return self in _WITH_OPPONENT


_WITH_OPPONENT = frozenset({TeamRoundKind.MATCH, TeamRoundKind.FORFEIT_WIN, TeamRoundKind.FORFEIT_LOSS,
                            TeamRoundKind.FORFEIT_DRAW, TeamRoundKind.DOUBLE_FORFEIT})


@dataclass(frozen=True)
class BoardGame:
    """One board of a team match, seen from the team."""

    board: int  # 1-based board number
    player: int | None  # start number; None = nobody on this board
    opponent: int | None  # opposing player's start number; None = no opponent
    colour: Colour | None
    result: Result
    points: Fraction  # game points scored on this board (TRF 162 scoring)
    played: bool  # played over the board


@dataclass
class TeamRound:
    team: int
    round: int
    kind: TeamRoundKind
    opponent: int | None  # opposing team number
    match_points: Fraction
    game_points: Fraction
    boards: list[BoardGame] = field(default_factory=list)

    @property
    def played(self) -> bool:
        return self.kind is TeamRoundKind.MATCH


@dataclass
class TeamEvent:
    teams: list[Team]
    boards: int  # boards per match
    rounds: int
    schedule: dict[int, list[TeamRound]]  # team number -> its rounds (index 0 = round 1)
    warnings: list[Issue] = field(default_factory=list)

    def team(self, number: int) -> Team:
        return next(t for t in self.teams if t.number == number)

    def match_points(self, team: int, up_to_round: int | None = None) -> Fraction:
        rounds = self.schedule[team][:up_to_round]
        return sum((r.match_points for r in rounds), Fraction(0))

    def game_points(self, team: int, up_to_round: int | None = None) -> Fraction:
        rounds = self.schedule[team][:up_to_round]
        return sum((r.game_points for r in rounds), Fraction(0))


@dataclass
class _Board:
    """A member's game in one round before boards are numbered."""

    order: int  # position in the roster (board order)
    player: int
    entry: RoundEntry


def derive_team_matches(t: Tournament, rounds: int | None = None) -> TeamEvent:
    """Build the team view of `t` for rounds 1..`rounds` (default: every played round)."""
    warnings: list[Issue] = []
    team_of = _rosters(t, warnings)
    n_rounds = rounds if rounds is not None else t.rounds_played
    by_number = {team.number: team for team in t.teams}
    lineups = {(lu.round, lu.team): lu for lu in t.lineups}
    for record in t.lineups:
        if record.team not in by_number:
            warnings.append(warning("team-lineup", "warning.team-lineup.unknown-team", round=record.round,
                                    team=record.team, field="300"))
    fielded, opponents_seen = _fielded(t, team_of, n_rounds, warnings)
    n_boards = _board_count(t, fielded, warnings)
    forfeited = {(fm.round, fm.white_team): fm for fm in t.forfeited_matches}
    forfeited.update({(fm.round, fm.black_team): fm for fm in t.forfeited_matches})
    schedule: dict[int, list[TeamRound]] = {team.number: [] for team in t.teams}
    scoring = t.scoring
    for r in range(1, n_rounds + 1):
        opponent_of = {team.number: _opponent(team.number, r, opponents_seen.get((r, team.number)),
                                              lineups.get((r, team.number)), forfeited.get((r, team.number)),
                                              warnings)
                       for team in t.teams}
        boards_of = {team.number: _number_boards(team, r, fielded.get((r, team.number), []),
                                                 lineups.get((r, team.number)), n_boards, scoring, warnings)
                     for team in t.teams}
        for team in t.teams:
            opp = opponent_of[team.number]
            boards = boards_of[team.number]
            if opp is None or opp not in by_number:
                schedule[team.number].append(_unpaired_round(t, team, r, boards, n_boards, warnings))
                continue
            if opponent_of.get(opp) != team.number:
                warnings.append(warning("team-opponent", "warning.team-opponent.not-mirrored", round=r,
                                        team=team.number, opponent=opp))
            schedule[team.number].append(_match_round(t, team.number, opp, r, boards, boards_of[opp],
                                                      forfeited.get((r, team.number)), n_boards, warnings))
            if boards and len(boards) < n_boards and (r, team.number) not in lineups:  # 300 may leave boards empty
                warnings.append(warning("team-short", "warning.team-short", round=r, team=team.number,
                                        boards=len(boards), board_count=n_boards, opponent=opp))
    _check_declared(t, schedule, warnings)
    return TeamEvent(list(t.teams), n_boards, n_rounds, schedule, warnings)


def _fielded(t: Tournament, team_of: dict[int, int], n_rounds: int, warnings: list[Issue]
             ) -> tuple[dict[tuple[int, int], list[_Board]], dict[tuple[int, int], Counter[int]]]:
    """Per (round, team): the members who had a board, and the teams their opponents belong to."""
    fielded: dict[tuple[int, int], list[_Board]] = {}
    opponents_seen: dict[tuple[int, int], Counter[int]] = {}
    for team in t.teams:
        for order, sn in enumerate(team.members):
            player = t.players.get(sn)
            if player is None:
                warnings.append(warning("team-roster", "warning.team-roster.no-player", team=team.number, player=sn,
                                        field="013/310"))
                continue
            if team_of.get(sn) != team.number:
                continue
            for r in range(1, n_rounds + 1):
                e = player.entry(r)
                if e.opponent is None and e.result is not Result.FORFEIT_WIN:
                    continue  # not fielded (bye, absence, reserve)
                fielded.setdefault((r, team.number), []).append(_Board(order, sn, e))
                if e.opponent is None:
                    continue  # a board won against nobody ('0000 - +')
                other = team_of.get(e.opponent)
                if other is None:
                    warnings.append(warning("team-board", "warning.team-board.no-team", round=r, player=sn,
                                            team=team.number, opponent=e.opponent))
                elif other == team.number:
                    warnings.append(warning("team-board", "warning.team-board.same-team", round=r, player=sn,
                                            opponent=e.opponent, team=team.number))
                else:
                    opponents_seen.setdefault((r, team.number), Counter())[other] += 1
    return fielded, opponents_seen


def _opponent(team: int, r: int, seen: Counter[int] | None, lineup: Lineup | None,
              forfeit: ForfeitedMatch | None, warnings: list[Issue]) -> int | None:
    """The opposing team: from a 330 forfeited match, else the teams the players met, else the 300 line-up."""
    if forfeit is not None:
        return forfeit.black_team if forfeit.white_team == team else forfeit.white_team
    if seen:
        opp, _ = seen.most_common(1)[0]
        if len(seen) > 1:
            warnings.append(warning("team-opponent", "warning.team-opponent.several", round=r, team=team,
                                    teams=", ".join(map(str, sorted(seen))), opponent=opp))
        return opp
    return lineup.opponent_team if lineup is not None and lineup.opponent_team else None


def _rosters(t: Tournament, warnings: list[Issue]) -> dict[int, int]:
    team_of: dict[int, int] = {}
    for team in t.teams:
        for sn in team.members:
            if sn in team_of and team_of[sn] != team.number:
                warnings.append(warning("team-roster", "warning.team-roster.two-teams", player=sn, first=team_of[sn],
                                        second=team.number, field="013/310"))
                continue
            team_of[sn] = team.number
    return team_of


def _board_count(t: Tournament, fielded: dict[tuple[int, int], list[_Board]], warnings: list[Issue]) -> int:
    most = max((len(b) for b in fielded.values()), default=0)
    if t.board_colours:
        declared = len(t.board_colours.strip())
        if most > declared:
            warnings.append(warning("team-boards", "warning.team-boards.declared", declared=declared, most=most,
                                    field="352"))
        return declared
    return max(most, 1)


def _number_boards(team: Team, r: int, members: list[_Board], lineup: Lineup | None, n_boards: int,
                   scoring: ScoringSystem, warnings: list[Issue]) -> list[BoardGame]:
    """Boards 1..k from the 300 line-up, else from the roster order of the players fielded."""
    ordered: list[_Board | None]
    if lineup is not None:
        by_player = {b.player: b for b in members}
        ordered = []
        for sn in lineup.boards:
            if sn is None:
                ordered.append(None)
            elif sn in by_player:
                ordered.append(by_player.pop(sn))
            else:
                warnings.append(warning("team-lineup", "warning.team-lineup.no-game", round=r, team=team.number,
                                        player=sn, field="300"))
                ordered.append(None)
        if by_player:
            warnings.append(warning("team-lineup", "warning.team-lineup.not-listed", round=r,
                                    players=", ".join(map(str, sorted(by_player))), team=team.number, field="300"))
            rest: list[_Board] = sorted(by_player.values(), key=_roster_order)
            ordered.extend(rest)
    else:
        ordered = [*sorted(members, key=_roster_order)]
    if len(ordered) > n_boards and any(b is not None for b in ordered[n_boards:]):
        warnings.append(warning("team-boards", "warning.team-boards.too-many", round=r, team=team.number,
                                boards=n_boards))
    boards: list[BoardGame] = []
    for number, b in enumerate(ordered, start=1):
        if b is None:
            continue
        e = b.entry
        boards.append(BoardGame(number, b.player, e.opponent, e.colour, e.result,
                                scoring.points(e.result, e.colour), e.is_played_game))
    return boards


def _roster_order(b: _Board) -> int:
    return b.order


def _match_round(t: Tournament, team: int, opp: int, r: int, boards: list[BoardGame], opp_boards: list[BoardGame],
                 forfeit: ForfeitedMatch | None, n_boards: int, warnings: list[Issue]) -> TeamRound:
    ts, gs = t.team_scoring, t.scoring
    gp = sum((b.points for b in boards), Fraction(0))
    opp_gp = sum((b.points for b in opp_boards), Fraction(0))
    played = any(b.played for b in boards)
    if forfeit is not None:
        mine = forfeit.result[0] if forfeit.white_team == team else forfeit.result[1]
        theirs = forfeit.result[1] if forfeit.white_team == team else forfeit.result[0]
        if played:
            warnings.append(warning("team-result", "warning.team-result.forfeit-played", round=r,
                                    white=forfeit.white_team, black=forfeit.black_team, field="330"))
        if not boards:
            gp = gs.forfeit_win * n_boards if mine == "+" else gs.forfeit_loss * n_boards
        elif (mine == "+") != (gp > opp_gp) or (mine == "-" and theirs == "-" and gp != 0):
            warnings.append(warning("team-result", "warning.team-result.mismatch", round=r, result=forfeit.result,
                                    white=forfeit.white_team, black=forfeit.black_team, points=gp,
                                    opponent_points=opp_gp, field="330"))
        if mine == "+":
            return TeamRound(team, r, TeamRoundKind.FORFEIT_WIN, opp, ts.match_win, gp, boards)
        kind = TeamRoundKind.DOUBLE_FORFEIT if theirs == "-" else TeamRoundKind.FORFEIT_LOSS
        return TeamRound(team, r, kind, opp, ts.match_loss, gp, boards)
    if gp > opp_gp:
        mp, kind = ts.match_win, TeamRoundKind.FORFEIT_WIN
    elif gp < opp_gp:
        mp, kind = ts.match_loss, TeamRoundKind.FORFEIT_LOSS
    elif gp > 0:
        mp, kind = ts.match_draw, TeamRoundKind.FORFEIT_DRAW
    else:  # nothing scored on either side: both teams lose the match
        mp, kind = ts.match_loss, TeamRoundKind.DOUBLE_FORFEIT
    if played:
        kind = TeamRoundKind.MATCH
    return TeamRound(team, r, kind, opp, mp, gp, boards)


def _unpaired_round(t: Tournament, team: Team, r: int, boards: list[BoardGame], n_boards: int,
                    warnings: list[Issue]) -> TeamRound:
    """A round without an opposing team: PAB (320), requested byes (240 with team numbers), absence."""
    ts, gs = t.team_scoring, t.scoring
    byes = t.team_byes
    if byes is not None and byes.team_by_round.get(r) == team.number:
        mp = byes.match_points if byes.match_points is not None else ts.match_draw
        gp = byes.game_points if byes.game_points is not None else gs.draw * n_boards
        return TeamRound(team.number, r, TeamRoundKind.PAIRING_ALLOCATED_BYE, None, mp, gp, boards)
    for request in t.bye_requests:
        if request.round == r and team.number in request.ids:
            if request.kind is ByeKind.FULL_POINT:
                return TeamRound(team.number, r, TeamRoundKind.FULL_POINT_BYE, None, ts.match_win,
                                 gs.full_point_bye * n_boards, boards)
            if request.kind is ByeKind.HALF_POINT:
                return TeamRound(team.number, r, TeamRoundKind.HALF_POINT_BYE, None, ts.match_draw,
                                 gs.half_point_bye * n_boards, boards)
            return TeamRound(team.number, r, TeamRoundKind.ZERO_POINT_BYE, None, ts.match_loss,
                             Fraction(0), boards)
    members = [t.players[sn].entry(r) for sn in team.members if sn in t.players]
    if any(e.result is Result.PAIRING_ALLOCATED_BYE for e in members):
        gp = sum((gs.points(e.result) for e in members if e.result is Result.PAIRING_ALLOCATED_BYE), Fraction(0))
        return TeamRound(team.number, r, TeamRoundKind.PAIRING_ALLOCATED_BYE, None, ts.match_draw, gp, boards)
    if boards:
        warnings.append(warning("team-board", "warning.team-board.no-opponent", round=r, team=team.number))
    return TeamRound(team.number, r, TeamRoundKind.ABSENT, None, ts.match_loss, Fraction(0), [])


def _check_declared(t: Tournament, schedule: dict[int, list[TeamRound]], warnings: list[Issue]) -> None:
    for team in t.teams:
        rounds = schedule[team.number]
        mp = sum((x.match_points for x in rounds), Fraction(0))
        gp = sum((x.game_points for x in rounds), Fraction(0))
        if team.declared_match_points is not None and team.declared_match_points != mp:
            warnings.append(warning("team-points", "warning.team-points.match", team=team.number,
                                    declared=team.declared_match_points, computed=mp, field="310"))
        if team.declared_game_points is not None and team.declared_game_points != gp:
            warnings.append(warning("team-points", "warning.team-points.game", team=team.number,
                                    declared=team.declared_game_points, computed=gp, field="310"))
