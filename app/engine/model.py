"""The tournament model shared by every engine (tiebreaks, pairings, formats).

Pure Python: no web, no I/O. Points are exact (`fractions.Fraction`).

A tournament holds players (identified by their `start_number`, the TRF pairing
id), optional teams, and for every player one `RoundEntry` per recorded round.
Every kind of unplayed round is a first-class `Result` (pairing-allocated bye,
half/full/zero-point bye, forfeit win/loss, not paired).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction

MAX_RATING = 4000  # ratings above are refused by every reader

# FIDE titles as the TRF writes them (HGM: honorary grandmaster, seen in real files).
FIDE_TITLES = frozenset({"GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM", "HGM"})


class Colour(StrEnum):
    WHITE = "w"
    BLACK = "b"

    @property
    def opposite(self) -> Colour:
        return Colour.BLACK if self is Colour.WHITE else Colour.WHITE


class Result(StrEnum):
    """A participant's result code in one round (TRF `001` round block, column 99+10k)."""

    WIN = "1"
    DRAW = "="
    LOSS = "0"
    WIN_UNRATED = "W"  # game of less than one move: counts as played, not rated
    DRAW_UNRATED = "D"
    LOSS_UNRATED = "L"
    FORFEIT_WIN = "+"
    FORFEIT_LOSS = "-"
    HALF_POINT_BYE = "H"
    FULL_POINT_BYE = "F"
    PAIRING_ALLOCATED_BYE = "U"
    ZERO_POINT_BYE = "Z"
    NOT_PAIRED = " "  # blank: absent / not paired in a round that others played
    UNKNOWN = "X"  # played, result unknown (adjourned); TRF26 symbol X

    @property
    def is_played_game(self) -> bool:
        """A game played over the board (counts for colours and 'have met', C.04.2 3.4-3.5)."""
        return self in _PLAYED

    @property
    def is_forfeit(self) -> bool:
        return self in (Result.FORFEIT_WIN, Result.FORFEIT_LOSS)

    @property
    def is_bye(self) -> bool:
        return self in _BYES

    @property
    def game_score(self) -> Fraction | None:
        """1, 1/2 or 0 for played games and forfeits (the 'result' of the encounter)."""
        return _GAME_SCORE.get(self)

    def mirrored(self) -> Result:
        """The result code the opponent must have (opponent symmetry)."""
        return _MIRROR.get(self, self)


_PLAYED = frozenset(
    {Result.WIN, Result.DRAW, Result.LOSS, Result.WIN_UNRATED, Result.DRAW_UNRATED,
     Result.LOSS_UNRATED, Result.UNKNOWN}
)
_BYES = frozenset(
    {Result.HALF_POINT_BYE, Result.FULL_POINT_BYE, Result.PAIRING_ALLOCATED_BYE,
     Result.ZERO_POINT_BYE, Result.NOT_PAIRED}
)
_GAME_SCORE = {
    Result.WIN: Fraction(1), Result.WIN_UNRATED: Fraction(1), Result.FORFEIT_WIN: Fraction(1),
    Result.DRAW: Fraction(1, 2), Result.DRAW_UNRATED: Fraction(1, 2), Result.UNKNOWN: Fraction(1, 2),
    Result.LOSS: Fraction(0), Result.LOSS_UNRATED: Fraction(0), Result.FORFEIT_LOSS: Fraction(0),
}
_MIRROR = {
    Result.WIN: Result.LOSS, Result.LOSS: Result.WIN, Result.DRAW: Result.DRAW,
    Result.WIN_UNRATED: Result.LOSS_UNRATED, Result.LOSS_UNRATED: Result.WIN_UNRATED,
    Result.DRAW_UNRATED: Result.DRAW_UNRATED, Result.FORFEIT_WIN: Result.FORFEIT_LOSS,
    Result.FORFEIT_LOSS: Result.FORFEIT_WIN, Result.UNKNOWN: Result.UNKNOWN,
}


# A game's result as written from White's side, and the result it gives each player (White, Black).
GAME_RESULTS: dict[str, tuple[Result, Result]] = {
    "1-0": (Result.WIN, Result.LOSS), "0-1": (Result.LOSS, Result.WIN),
    "1/2-1/2": (Result.DRAW, Result.DRAW), "½-½": (Result.DRAW, Result.DRAW), "0.5-0.5": (Result.DRAW, Result.DRAW),
    "+-": (Result.FORFEIT_WIN, Result.FORFEIT_LOSS), "-+": (Result.FORFEIT_LOSS, Result.FORFEIT_WIN),
    "--": (Result.FORFEIT_LOSS, Result.FORFEIT_LOSS),  # double forfeit
    "*": (Result.NOT_PAIRED, Result.NOT_PAIRED),  # paired, not played yet
}
# The same result of a game of less than one move (played, not rated: TRF W, D, L).
UNRATED = {Result.WIN: Result.WIN_UNRATED, Result.DRAW: Result.DRAW_UNRATED, Result.LOSS: Result.LOSS_UNRATED}


@dataclass(frozen=True)
class MatchGame:
    """One game of a match round (seed 002: a round played as a best of 3), from the player's side."""

    colour: Colour | None
    result: Result  # a game's result (win, draw, loss, their unrated forms, forfeits, unknown); NOT_PAIRED = not yet


@dataclass(frozen=True)
class RoundEntry:
    """One round block of a player: opponent start number, colour, result.

    A round played as a match of several games (app/engine/match_rounds.py) keeps them in `games`;
    `result` is then the round result the tournament's match rule gives, `colour` the first game's."""

    opponent: int | None
    colour: Colour | None
    result: Result
    games: tuple[MatchGame, ...] = ()

    @property
    def has_opponent(self) -> bool:
        return self.opponent is not None

    @property
    def is_played_game(self) -> bool:
        return self.opponent is not None and self.result.is_played_game


NOT_PAIRED = RoundEntry(None, None, Result.NOT_PAIRED)


@dataclass(frozen=True)
class ScoringSystem:
    """Points awarded per result: data, not constants (TRF 162, XXS, BB?)."""

    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    loss: Fraction = Fraction(0)
    forfeit_win: Fraction = Fraction(1)
    forfeit_loss: Fraction = Fraction(0)
    pairing_allocated_bye: Fraction = Fraction(1)
    full_point_bye: Fraction = Fraction(1)
    half_point_bye: Fraction = Fraction(1, 2)
    zero_point_bye: Fraction = Fraction(0)
    absent: Fraction = Fraction(0)
    unknown: Fraction = Fraction(1, 2)
    # Colour-dependent values (JaVaFo XXS BW/BD/BL); None = same as with White.
    win_black: Fraction | None = None
    draw_black: Fraction | None = None
    loss_black: Fraction | None = None

    @classmethod
    def standard(cls) -> ScoringSystem:
        return cls()

    @classmethod
    def three_one_zero(cls) -> ScoringSystem:
        return cls.from_win_draw_loss(Fraction(3), Fraction(1), Fraction(0))

    @classmethod
    def from_win_draw_loss(cls, win: Fraction, draw: Fraction, loss: Fraction) -> ScoringSystem:
        return cls(win=win, draw=draw, loss=loss, forfeit_win=win, forfeit_loss=Fraction(0),
                   pairing_allocated_bye=win, full_point_bye=win, half_point_bye=draw,
                   zero_point_bye=Fraction(0), absent=Fraction(0), unknown=draw)

    def points(self, result: Result, colour: Colour | None = None) -> Fraction:
        black = colour is Colour.BLACK
        if result in (Result.WIN, Result.WIN_UNRATED):
            return self.win_black if black and self.win_black is not None else self.win
        if result in (Result.DRAW, Result.DRAW_UNRATED):
            return self.draw_black if black and self.draw_black is not None else self.draw
        if result in (Result.LOSS, Result.LOSS_UNRATED):
            return self.loss_black if black and self.loss_black is not None else self.loss
        return {
            Result.FORFEIT_WIN: self.forfeit_win,
            Result.FORFEIT_LOSS: self.forfeit_loss,
            Result.HALF_POINT_BYE: self.half_point_bye,
            Result.FULL_POINT_BYE: self.full_point_bye,
            Result.PAIRING_ALLOCATED_BYE: self.pairing_allocated_bye,
            Result.ZERO_POINT_BYE: self.zero_point_bye,
            Result.NOT_PAIRED: self.absent,
            Result.UNKNOWN: self.unknown,
        }[result]

    @functools.cached_property
    def _units(self) -> tuple[int, dict[tuple[Result, bool], int]]:
        """A common denominator of every value, and each value as a whole number of those units."""
        values = {(r, black): self.points(r, Colour.BLACK if black else None) for r in Result for black in (False, True)}
        unit = math.lcm(*(v.denominator for v in values.values()))
        return unit, {k: v.numerator * (unit // v.denominator) for k, v in values.items()}

    def total(self, entries: Iterable[RoundEntry]) -> Fraction:
        """Points of a run of round entries, summed exactly in whole units."""
        unit, table = self._units
        black = Colour.BLACK
        return Fraction(sum(table[e.result, e.colour is black] for e in entries), unit)


@dataclass(frozen=True)
class TeamScoring:
    """Match points per match result (TRF 362) and the team PAB value (TRF 320)."""

    match_win: Fraction = Fraction(2)
    match_draw: Fraction = Fraction(1)
    match_loss: Fraction = Fraction(0)


@dataclass
class Player:
    start_number: int
    name: str = ""
    id: str | None = None  # the participant's own id in the site that sent it (JSON form); not in a TRF
    sex: str | None = None  # "m" / "w"
    title: str | None = None  # GM IM WGM FM WIM CM WFM WCM (normalised upper case)
    rating: int | None = None  # FIDE rating; None = unrated
    federation: str | None = None
    club: str | None = None  # club, team or region (JSON form; not in a TRF): for club avoidance in pairing
    fide_id: str | None = None  # kept as text: some files carry non-numeric ids
    birth_date: str | None = None  # as written, normalised to YYYY/MM/DD where possible
    declared_points: Fraction | None = None  # TRF cols 81-84
    declared_rank: int | None = None  # TRF cols 86-89
    rounds: list[RoundEntry] = field(default_factory=list)  # index 0 = round 1
    withdrawn_after_round: int | None = None  # explicit withdrawal (JSON); TRF writes Z after it

    def entry(self, round_number: int) -> RoundEntry:
        """The entry of round `round_number` (1-based); NOT_PAIRED if not recorded."""
        if 1 <= round_number <= len(self.rounds):
            return self.rounds[round_number - 1]
        return NOT_PAIRED


@dataclass
class NationalRecord:
    """TRF26 national rating record (same columns as 001, federation code in cols 1-3)."""

    federation: str
    start_number: int
    sex: str | None = None
    classification: str | None = None
    name: str | None = None
    rating: int | None = None
    origin: str | None = None
    national_id: str | None = None
    birth_date: str | None = None


@dataclass
class Team:
    number: int  # 310 team number; for 013 files the order of the lines
    name: str = ""
    nickname: str | None = None
    strength: str | None = None  # 310 strength factor, as written
    club: str | None = None  # club or region of the team (JSON form; not in a TRF): for club avoidance
    federation: str | None = None  # federation of the team (JSON form; not in a TRF): for club avoidance
    declared_match_points: Fraction | None = None
    declared_game_points: Fraction | None = None
    declared_rank: int | None = None
    members: list[int] = field(default_factory=list)  # start numbers in default board order


@dataclass
class Lineup:
    """TRF26 300: a team's board order for one round when it differs from the default."""

    round: int
    team: int
    opponent_team: int | None
    boards: list[int | None]  # start number per board; None = empty board


@dataclass
class ForfeitedMatch:
    """TRF26 330: a whole team match forfeited."""

    round: int
    white_team: int
    black_team: int
    result: str  # "+-", "-+" or "--"


@dataclass
class TeamByes:
    """TRF26 320: team pairing-allocated byes and their value."""

    match_points: Fraction | None = None
    game_points: Fraction | None = None
    team_by_round: dict[int, int] = field(default_factory=dict)  # round -> team number


class ByeKind(StrEnum):
    HALF_POINT = "H"
    FULL_POINT = "F"
    ZERO_POINT = "Z"


@dataclass
class ByeRequest:
    """TRF26 240 (and JaVaFo XXZ): requested byes / absences in a round."""

    kind: ByeKind
    round: int
    ids: list[int]


@dataclass
class VirtualPoints:
    """TRF26 250 / JaVaFo XXA: acceleration points for ids in a round range."""

    game_points: Fraction
    first_round: int
    last_round: int
    first_id: int
    last_id: int
    match_points: Fraction | None = None


@dataclass
class ForbiddenPairs:
    """TRF26 260 (round range) / JaVaFo XXP (all rounds: rounds None)."""

    ids: list[int]
    first_round: int | None = None
    last_round: int | None = None


@dataclass
class AbnormalPoints:
    """TRF26 299: points assigned outside the normal scoring (penalties, bonuses)."""

    type: str  # W D L F H Z + - or blank
    match_points: Fraction | None
    game_points: Fraction | None
    round: int | None  # None = all rounds
    ids: list[int]


@dataclass
class Tournament:
    name: str = ""
    city: str | None = None
    federation: str | None = None
    start_date: str | None = None  # as written (TRF26: YYYY/MM/DD)
    end_date: str | None = None
    declared_players: str | None = None  # 062, informative
    declared_rated_players: str | None = None  # 072
    declared_teams: str | None = None  # 082
    type_text: str | None = None  # 092 free text
    chief_arbiter: str | None = None  # 102
    deputy_arbiters: list[str] = field(default_factory=list)  # 112
    time_control_text: str | None = None  # 122
    round_dates: list[str | None] = field(default_factory=list)  # 132
    total_rounds: int | None = None  # 142 / XXR
    initial_colour: Colour | None = None  # 152 / XXC white1|black1
    scoring: ScoringSystem = field(default_factory=ScoringSystem)  # 162 / XXS / BB?
    scoring_preset: str | None = None  # JSON: the game's scoring by name (scoring_presets.py); no TRF record
    late_bye_rounds: int | None = None  # JSON: requested byes in the last N rounds score 0 (late_byes.py)
    match_rule: str | None = None  # JSON: how a match round's games give its result (match_rounds.py); None = majority
    national_rating_method: str | None = None  # 172 as written
    pairing_controller: str | None = None  # 182
    type_code: str | None = None  # 192 (ETT26)
    system: str | None = None  # explicit system (JSON); None = from 192 / 092
    tiebreaks_202: str | None = None
    tiebreaks_212: str | None = None
    time_control_code: str | None = None  # 222
    board_colours: str | None = None  # 352, e.g. "WBWB"
    team_scoring: TeamScoring = field(default_factory=TeamScoring)  # 362
    pair_by_file_order: bool = False  # XXC rank
    players: dict[int, Player] = field(default_factory=dict)  # by start number
    national_records: list[NationalRecord] = field(default_factory=list)
    teams: list[Team] = field(default_factory=list)
    lineups: list[Lineup] = field(default_factory=list)
    team_byes: TeamByes | None = None
    forfeited_matches: list[ForfeitedMatch] = field(default_factory=list)
    bye_requests: list[ByeRequest] = field(default_factory=list)
    virtual_points: list[VirtualPoints] = field(default_factory=list)
    forbidden_pairs: list[ForbiddenPairs] = field(default_factory=list)
    abnormal_points: list[AbnormalPoints] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)  # ### lines
    other_records: list[str] = field(default_factory=list)  # unknown/vendor lines, kept verbatim

    # ---- derived views -------------------------------------------------

    @property
    def is_team_tournament(self) -> bool:
        """A team event needs at least two teams (a lone team record is treated as a roster note)."""
        return len(self.teams) >= 2

    def sorted_players(self) -> list[Player]:
        return [self.players[k] for k in sorted(self.players)]

    @property
    def recorded_rounds(self) -> int:
        """Number of round columns recorded for any player."""
        return max((len(p.rounds) for p in self.players.values()), default=0)

    @property
    def rounds_played(self) -> int:
        """Last round in which at least one player has an opponent or a PAB (TRF digest §4)."""
        last = 0
        bye = Result.PAIRING_ALLOCATED_BYE
        for p in self.players.values():
            rounds = p.rounds
            for r in range(len(rounds), last, -1):  # from the player's last round down to the latest found
                e = rounds[r - 1]
                if e.opponent is not None or e.result is bye:
                    last = r
                    break
        return last

    def points(self, player: Player | int, up_to_round: int | None = None) -> Fraction:
        """Score after `up_to_round` rounds (all recorded rounds if None), by the scoring system."""
        p = self.players[player] if isinstance(player, int) else player
        return self.scoring.total(p.rounds if up_to_round is None else p.rounds[:up_to_round])
