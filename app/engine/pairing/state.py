"""The pairing state of one round: what the Dutch rules need to know about each player.

Built from a `Tournament` and the round to pair; only rounds before it count as
history. Terms follow C.04.3 Art. 1 and C.04.2 Art. 3.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction

from app.engine.messages import Message
from app.engine.model import Colour, Player, Result, RoundEntry, ScoringSystem, Tournament
from app.engine.pairing.avoidance import club_key


class Strength(Enum):
    """Strength of a colour preference (C.04.3 1.7)."""

    NONE = 0
    MILD = 1
    STRONG = 2
    ABSOLUTE = 3


class Float(Enum):
    """Float of a player in one past round (C.04.3 1.4)."""

    NONE = "none"
    DOWN = "down"
    UP = "up"


@dataclass
class PlayerState:
    """One player to be paired (or present in the history), as the rules see him."""

    id: int  # start number
    rank: int  # 0-based effective pairing number (C.04.3 1.1, parity of 5.2.5)
    score: Fraction  # real score before the round
    pairing_score: Fraction  # score + virtual points of this round (C.04.7)
    colours: list[Colour]  # colours of played games, oldest first (C.04.2 3.4)
    colour_difference: int  # games with White - games with Black (C.04.3 1.6)
    preference: Colour | None
    strength: Strength
    repeated_colour: Colour | None  # colour of the last two played games when equal
    floats: tuple[Float, Float]  # float in the previous round, two rounds before
    float_reasons: tuple[Message | None, Message | None]  # why, for a float (Float.NONE: none)
    opponents: frozenset[int]  # opponents met over the board (forfeits are not meetings, C.04.2 3.5)
    bye_eligible: bool  # C.04.1 art. 4 / [C2]
    played_games: int
    topscorer: bool = False  # C.04.3 1.8 (final round only)

    @property
    def absolute(self) -> bool:
        return self.strength is Strength.ABSOLUTE

    @property
    def strong(self) -> bool:
        return self.strength is Strength.STRONG

    @property
    def absolute_imbalance(self) -> bool:
        return abs(self.colour_difference) > 1


VirtualPointsFn = Callable[[int, int], Fraction]


def round_points(scoring: ScoringSystem, entry: RoundEntry) -> Fraction:
    return scoring.points(entry.result, entry.colour)


def participated_in_pairing(entry: RoundEntry) -> bool:
    """The player was paired (even if the game was then forfeited) or got the PAB."""
    return entry.opponent is not None or entry.result in (Result.PAIRING_ALLOCATED_BYE, Result.FORFEIT_WIN)


def colour_preference(colours: list[Colour]) -> tuple[Colour | None, Strength, Colour | None, int]:
    """(preference, strength, repeated colour, colour difference) from played colours (C.04.3 1.7)."""
    whites = sum(1 for c in colours if c is Colour.WHITE)
    diff = whites - (len(colours) - whites)
    if not colours:
        return None, Strength.NONE, None, 0
    last = colours[-1]
    repeated = last if len(colours) >= 2 and colours[-2] is last else None
    lower = Colour.BLACK if diff > 0 else Colour.WHITE
    if abs(diff) > 1:
        return lower, Strength.ABSOLUTE, repeated, diff
    if repeated is not None:
        return repeated.opposite, Strength.ABSOLUTE, repeated, diff
    if diff != 0:
        return lower, Strength.STRONG, None, diff
    return last.opposite, Strength.MILD, None, diff


@dataclass
class History:
    """Per-player facts from the rounds before the one being paired."""

    tournament: Tournament
    round_number: int  # the round being paired
    virtual_points: VirtualPointsFn
    _scores: dict[tuple[int, int], Fraction] = field(default_factory=dict, init=False, repr=False)

    def score_before(self, p: Player, round_number: int) -> Fraction:
        key = (p.start_number, round_number)
        score = self._scores.get(key)
        if score is None:
            entries = [p.entry(k) for k in range(1, round_number)]
            score = self._scores[key] = self.tournament.scoring.total(entries)
        return score

    def pairing_score_before(self, p: Player, round_number: int) -> Fraction:
        return self.score_before(p, round_number) + self.virtual_points(p.start_number, round_number)

    def float_in(self, p: Player, round_number: int) -> tuple[Float, Message | None]:
        """Float of player p in an earlier round (C.04.3 1.4; the 2025 rules), and why (a catalogue
        message, rendered in the language of the explanation)."""
        if round_number < 1:
            return Float.NONE, None
        e = p.entry(round_number)
        scoring = self.tournament.scoring
        if not e.is_played_game:
            pts = round_points(scoring, e)
            if pts > scoring.loss:  # 1.4.3: PAB, forfeit win, requested bye scoring more than a loss
                return Float.DOWN, Message(_UNPLAYED_FLOATS.get(e.result, "pairing.float.unplayed"),
                                           {"round": round_number})
            return Float.NONE, None
        assert e.opponent is not None
        opp = self.tournament.players[e.opponent]
        mine = self.pairing_score_before(p, round_number)
        theirs = self.pairing_score_before(opp, round_number)
        if mine > theirs:
            return Float.DOWN, Message("pairing.float.down", {"opponent": e.opponent, "round": round_number})
        if mine < theirs:
            return Float.UP, Message("pairing.float.up", {"opponent": e.opponent, "round": round_number})
        return Float.NONE, None


# 1.4.3: the unplayed rounds that count as a downfloat, by result
_UNPLAYED_FLOATS = {Result.PAIRING_ALLOCATED_BYE: "pairing.float.pab", Result.FORFEIT_WIN: "pairing.float.forfeit-win",
                    Result.HALF_POINT_BYE: "pairing.float.half-point-bye",
                    Result.FULL_POINT_BYE: "pairing.float.full-point-bye"}


def bye_eligible(scoring: ScoringSystem, entries: Iterable[RoundEntry]) -> bool:
    """C.04.1 art. 4: no earlier PAB, and no round scored a win's points without playing."""
    for e in entries:
        if e.is_played_game:
            continue
        if e.result is Result.PAIRING_ALLOCATED_BYE and e.opponent is None:
            return False
        if round_points(scoring, e) >= scoring.win:
            return False
    return True


@dataclass
class RoundState:
    """Everything the bracket procedure needs for one round."""

    round_number: int
    total_rounds: int
    players: list[PlayerState]  # the players to pair, in pairing order (C.04.3 1.2)
    by_id: dict[int, PlayerState]
    forbidden: dict[int, set[int]]  # absolute [C1] exclusions besides earlier games
    initial_colour: Colour
    last_round: bool
    scoring: ScoringSystem
    topscorer_threshold: Fraction
    notes: list[str] = field(default_factory=list)
    # Club avoidance (seed 002, off by default): player id -> club (or federation) this round, as
    # written; empty when the option is off or not in force this round. Compared without case.
    club_of: dict[int, str] = field(default_factory=dict)
    # Lim (C.04.4.3 3.2.3, 3.8, 5.7): a Maxi-tournament, declared by the organiser (off by default).
    maxi_tournament: bool = False

    def club_key(self, player_id: int) -> str | None:
        return club_key(self.club_of.get(player_id))

    def same_club(self, a: PlayerState, b: PlayerState) -> str | None:
        """The club both players belong to (as the first writes it), when club avoidance is in force."""
        key = self.club_key(a.id)
        return self.club_of[a.id] if key is not None and self.club_key(b.id) == key else None

    def compatible(self, a: PlayerState, b: PlayerState) -> bool:
        """Absolute criteria [C1] and [C3] for a pair."""
        if b.id in a.opponents or b.id in self.forbidden.get(a.id, ()):
            return False
        if a.absolute and b.absolute and a.preference is b.preference:
            # [C3] only binds two non-topscorers (C.04.3 1.8, final round).
            return self.last_round and (a.topscorer or b.topscorer)
        return True
