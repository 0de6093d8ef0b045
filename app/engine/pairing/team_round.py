"""Team pairings: what a paired team round looks like, the boards of a match, and the
history of each team that the team Swiss needs.

A team match is named "home team - away team": the first-named (home) team gets the
board colour pattern of TRF `352` (default W B W B ... on boards 1..n), the other team
the opposite colour on every board. The players on the boards come from each team's
default board order (the `310`/`013` member list, first n members): the actual line-up
is the captain's choice, so when a team lists fewer members than boards the pairing says
that its line-up is unknown and gives the board colours only.

The team history (`team_histories`) is read from `derive_team_matches`: a team "had" a
colour in a match only if the match was played, and that colour is the one of its
board-1 player (C.04.6 1.6.1).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from app.engine.errors import InputError, Issue
from app.engine.messages import Message, text
from app.engine.model import ByeKind, ByeRequest, Colour, Lineup, Result, RoundEntry, Team, TeamByes, Tournament
from app.engine.teams import TeamEvent, TeamRound, TeamRoundKind

# Where each text comes from (the ids of the message catalogues, app/engine/messages)
SCORE_TEXT = {"match-points": "pairing.team.score.match-points", "game-points": "pairing.team.score.game-points"}
SOURCE_TEXT = {"request": "pairing.team.source.request", "352": "pairing.team.source.352",
               "games": "pairing.team.source.games", "rosters": "pairing.team.source.rosters"}


TeamByeType = str  # "PAB" | "HPB" | "FPB" | "ZPB" | "absent" | "rest"


@dataclass(frozen=True)
class MatchBoard:
    board: int
    white: int | None  # start number; None = line-up unknown for that board
    black: int | None
    white_team: int
    black_team: int


@dataclass(frozen=True)
class TeamMatch:
    table: int
    home_team: int  # first-named team: plays the 352 pattern
    away_team: int
    boards: tuple[MatchBoard, ...]
    explanation: str = ""

    @property
    def board_one_white(self) -> int:
        """The team with White on board 1 (the team's colour in C.04.6 1.6.1)."""
        return self.boards[0].white_team if self.boards else self.home_team


@dataclass(frozen=True)
class TeamBye:
    team: int
    type: TeamByeType
    match_points: Fraction
    game_points: Fraction
    reason: str


@dataclass
class TeamPairing:
    round: int
    system: str  # "team-berger" or "team-swiss"
    boards: int
    board_colours: str  # first-named team's colour per board, e.g. "WBWB"
    lineups: str  # "default-board-order", "partial" or "unknown"
    matches: list[TeamMatch]
    byes: list[TeamBye]
    notes: list[str] = field(default_factory=list)
    warnings: list[Issue] = field(default_factory=list)
    initial_colour: Colour | None = None
    initial_colour_source: str | None = None
    seed: int | None = None
    acceleration: str | None = None

    def as_pairs(self) -> list[tuple[int, int]]:
        """(team with White on board 1, other team) per match."""
        return [(m.board_one_white, m.away_team if m.board_one_white == m.home_team else m.home_team)
                for m in self.matches]

    @property
    def pab(self) -> int | None:
        return next((b.team for b in self.byes if b.type == "PAB"), None)


# ---------------------------------------------------------------- boards of a match


def board_count(t: Tournament, requested: int | None, event: TeamEvent | None) -> tuple[int, str]:
    """Boards per match and where the number comes from: the request, `352`, the games
    played so far, or (nothing else known) the smallest roster."""
    declared = len(t.board_colours.strip()) if t.board_colours and t.board_colours.strip() else None
    if requested is not None:
        if declared is not None and declared != requested:
            raise InputError(Message.of("error.team.boards-contradict", requested=requested, declared=declared),
                             field="boards")
        return requested, "request"
    if declared is not None:
        return declared, "352"
    if event is not None and event.rounds > 0 and any(r.boards for rs in event.schedule.values() for r in rs):
        return event.boards, "games"
    sizes = [len(team.members) for team in t.teams if team.members]
    if not sizes:
        raise InputError(Message.of("error.team.boards-unknown"),
                         field="boards")
    return min(sizes), "rosters"


def board_pattern(t: Tournament, boards: int) -> list[Colour]:
    """The first-named team's colour on boards 1..n: TRF 352, else W B W B ..."""
    text = (t.board_colours or "").strip().upper()
    if text and len(text) == boards:
        if set(text) - {"W", "B"}:
            raise InputError(Message.of("error.team.board-colours", found=t.board_colours), field="352")
        return [Colour.WHITE if c == "W" else Colour.BLACK for c in text]
    return [Colour.WHITE if k % 2 == 0 else Colour.BLACK for k in range(boards)]


def pattern_text(pattern: Sequence[Colour]) -> str:
    return "".join("W" if c is Colour.WHITE else "B" for c in pattern)


def match_boards(home: Team, away: Team, pattern: Sequence[Colour]) -> tuple[MatchBoard, ...]:
    """Boards 1..n of home - away: home plays the pattern, players in default board order."""
    boards = []
    for k, colour in enumerate(pattern):
        h = home.members[k] if k < len(home.members) else None
        a = away.members[k] if k < len(away.members) else None
        if colour is Colour.WHITE:
            boards.append(MatchBoard(k + 1, h, a, home.number, away.number))
        else:
            boards.append(MatchBoard(k + 1, a, h, away.number, home.number))
    return tuple(boards)


def lineup_status(teams: Sequence[Team], boards: int, language: str = "en") -> tuple[str, list[str]]:
    """"default-board-order" when every paired team lists at least n members, else
    "partial" or "unknown", with a note naming the teams concerned."""
    short = [team for team in teams if len(team.members) < boards]
    if not short:
        return "default-board-order", [text(language, "pairing.team.lineup.default", boards=boards)]
    unknown = [team.number for team in short if not team.members]
    names = ", ".join(str(team.number) for team in short)
    status = "unknown" if len(unknown) == len(teams) else "partial"
    return status, [text(language, "pairing.team.lineup.unknown", teams=names, boards=boards)]


def team_colour(rnd: TeamRound, pattern: Sequence[Colour]) -> Colour | None:
    """The colour a team had in a played match (C.04.6 1.6.1): its board-1 player's colour;
    with board 1 empty, read from another board through the 352 pattern."""
    if rnd.kind is not TeamRoundKind.MATCH:
        return None
    for b in rnd.boards:
        if b.colour is None:
            continue
        if b.board == 1:
            return b.colour
        if b.board <= len(pattern):
            home = b.colour is pattern[b.board - 1]
            return pattern[0] if home else pattern[0].opposite
    return None


# ---------------------------------------------------------------- byes of a round


def requested_byes(t: Tournament, r: int, byes: Mapping[int, ByeKind | str], absent: Sequence[int],
                   withdrawn: Sequence[int], boards: int, language: str = "en") -> dict[int, TeamBye]:
    """Teams not to pair in round r: requested byes (TRF 240 with team numbers, or the
    request), absences and withdrawals; with their match and game points."""
    ts, gs = t.team_scoring, t.scoring
    out: dict[int, TeamBye] = {}
    numbers = {team.number for team in t.teams}
    kinds: dict[int, ByeKind] = {}
    for request in t.bye_requests:
        if request.round == r:
            for number in request.ids:
                kinds[number] = request.kind
    for number, kind in byes.items():
        if number not in numbers:
            raise InputError(Message.of("error.team.bye-unknown", team=number), field="byes")
        kinds[number] = ByeKind(kind) if isinstance(kind, str) else kind
    values = {ByeKind.FULL_POINT: ("FPB", ts.match_win, gs.full_point_bye * boards),
              ByeKind.HALF_POINT: ("HPB", ts.match_draw, gs.half_point_bye * boards),
              ByeKind.ZERO_POINT: ("ZPB", ts.match_loss, Fraction(0))}
    for number, kind in kinds.items():
        if number in numbers:
            code, mp, gp = values[kind]
            out[number] = TeamBye(number, code, mp, gp, text(language, "pairing.team.bye.requested", code=code, round=r))
    for number in (*absent, *withdrawn):
        if number not in numbers:
            raise InputError(Message.of("error.team.unknown", team=number),
                             field="absent" if number in absent else "withdrawn")
        if number not in out:
            what = "pairing.team.bye.absent" if number in absent else "pairing.team.bye.withdrawn"
            out[number] = TeamBye(number, "absent", ts.match_loss, Fraction(0), text(language, what))
    return out


def pab_value(t: Tournament, boards: int) -> tuple[Fraction, Fraction]:
    """Match and game points of the team PAB: TRF 320, else a draw's (C.04.6 1.4)."""
    byes = t.team_byes
    mp = byes.match_points if byes is not None and byes.match_points is not None else t.team_scoring.match_draw
    gp = byes.game_points if byes is not None and byes.game_points is not None else t.scoring.draw * boards
    return mp, gp


# ---------------------------------------------------------------- team history


@dataclass(frozen=True)
class TeamHistory:
    """What the team Swiss knows about a team before the round being paired."""

    team: int
    tpn: int  # team pairing number (C.04.6 1.1)
    primary: Fraction  # primary score (match points by default, C.04.6 1.2)
    secondary: Fraction  # the other score, for colours (C.04.6 4.2.2)
    pairing_score: Fraction  # primary + virtual points of this round (C.04.7)
    colours: tuple[Colour, ...]  # colours of the played matches, oldest first (1.6.1)
    met: frozenset[int]  # teams met in played matches (C.04.2 3.5)
    matches_played: int
    bye_eligible: bool  # [C2]
    floated_last_round: bool  # met a team of another score in the previous round (1.5)

    @property
    def colour_difference(self) -> int:
        """C.04.6 1.6.2: matches with White minus matches with Black."""
        return sum(1 if c is Colour.WHITE else -1 for c in self.colours)


_NOT_BYE_ELIGIBLE = frozenset({TeamRoundKind.PAIRING_ALLOCATED_BYE, TeamRoundKind.FORFEIT_WIN,
                               TeamRoundKind.FULL_POINT_BYE})


def team_histories(event: TeamEvent, pattern: Sequence[Colour], tpn: Mapping[int, int], game_points_primary: bool,
                   vp: Callable[[int, int], Fraction], round_number: int) -> dict[int, TeamHistory]:
    """Each team's history over the rounds of `event` (all before `round_number`)."""

    def primary(team: int, rounds: int) -> Fraction:
        return event.game_points(team, rounds) if game_points_primary else event.match_points(team, rounds)

    def secondary(team: int, rounds: int) -> Fraction:
        return event.match_points(team, rounds) if game_points_primary else event.game_points(team, rounds)

    out: dict[int, TeamHistory] = {}
    last = event.rounds
    for team in event.teams:
        rounds = event.schedule[team.number]
        played = [x for x in rounds if x.kind is TeamRoundKind.MATCH]
        colours = tuple(c for c in (team_colour(x, pattern) for x in played) if c is not None)
        floated = False
        if last >= 1 and rounds[last - 1].opponent is not None and rounds[last - 1].kind.has_opponent:
            opp = rounds[last - 1].opponent
            assert opp is not None
            mine = primary(team.number, last - 1) + vp(team.number, last)
            theirs = primary(opp, last - 1) + vp(opp, last) if opp in event.schedule else mine
            floated = mine != theirs
        out[team.number] = TeamHistory(
            team.number, tpn[team.number], primary(team.number, last), secondary(team.number, last),
            primary(team.number, last) + vp(team.number, round_number), colours,
            frozenset(x.opponent for x in played if x.opponent is not None), len(played),
            not any(x.kind in _NOT_BYE_ELIGIBLE for x in rounds), floated)
    return out


# ---------------------------------------------------------------- the paired round written into the tournament

_REQUESTED = {"HPB": ByeKind.HALF_POINT, "FPB": ByeKind.FULL_POINT, "ZPB": ByeKind.ZERO_POINT}


def apply_team_pairing(tournament: Tournament, pairing: TeamPairing) -> Tournament:
    """A copy of the team tournament with `pairing` written as round `pairing.round`, the way a team TRF holds it:

    * each board whose two players are known becomes their `001` game without a result yet;
    * a match with a board whose player is unknown (a line-up shorter than the boards) also gets
      a `300` line-up record for each of its teams (opponent team, the known players, 0 elsewhere),
      so that the match is kept even where no game can be written;
    * the team PAB goes into `320` (its value stays the file's, else a draw's), a requested bye
      given in the request (not yet in the file) into `240` with the team number;
    * absent and withdrawn teams and a Berger rest get nothing (no game in that round).

    Whatever the tournament held for that round before (games, `300`, `320`, `330`) is replaced.
    """
    t = copy.deepcopy(tournament)
    r = pairing.round
    members = {sn for team in t.teams for sn in team.members}
    for sn, p in t.players.items():
        while len(p.rounds) < r:
            p.rounds.append(RoundEntry(None, None, Result.NOT_PAIRED))
        if sn in members:
            p.rounds[r - 1] = RoundEntry(None, None, Result.NOT_PAIRED)
    t.lineups = [lu for lu in t.lineups if lu.round != r]
    t.forfeited_matches = [fm for fm in t.forfeited_matches if fm.round != r]
    if t.team_byes is not None:
        t.team_byes.team_by_round.pop(r, None)
    for match in pairing.matches:
        for b in match.boards:
            if b.white is not None and b.black is not None:
                t.players[b.white].rounds[r - 1] = RoundEntry(b.black, Colour.WHITE, Result.NOT_PAIRED)
                t.players[b.black].rounds[r - 1] = RoundEntry(b.white, Colour.BLACK, Result.NOT_PAIRED)
        if any(b.white is None or b.black is None for b in match.boards):
            t.lineups.extend(_match_lineups(match, r))
    for bye in pairing.byes:
        if bye.type == "PAB":
            if t.team_byes is None:
                t.team_byes = TeamByes()
            t.team_byes.team_by_round[r] = bye.team
        elif bye.type in _REQUESTED and not any(
                request.round == r and bye.team in request.ids for request in t.bye_requests):
            t.bye_requests.append(ByeRequest(_REQUESTED[bye.type], r, [bye.team]))
    if t.initial_colour is None:
        t.initial_colour = pairing.initial_colour  # 152: the board-1 colour of the first team in round 1
    return t


def _match_lineups(match: TeamMatch, r: int) -> list[Lineup]:
    """The `300` records of a match with unknown boards: each team's players where both sides are known."""
    out = []
    for team, opponent in ((match.home_team, match.away_team), (match.away_team, match.home_team)):
        boards: list[int | None] = []
        for b in match.boards:
            known = b.white is not None and b.black is not None
            boards.append((b.white if b.white_team == team else b.black) if known else None)
        out.append(Lineup(round=r, team=team, opponent_team=opponent, boards=boards))
    return out
