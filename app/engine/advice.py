"""How many rounds: advice for n players, as data with short explanations in every language.

Sources: the seed document on the Swiss system (002): a clear winner needs as
many rounds as a knockout, log2 of the number of players rounded up (8 players
3 rounds, 16 players 4 rounds); usual numbers of rounds: small local events 5
(at least 4), national individual events 7-9, more than that international
events; the number of rounds is fixed in the regulations before entries open.
Round robin: n - 1 rounds for even n, n for odd n (C.05 Annex 1, one dummy).
"""

from __future__ import annotations

from dataclasses import dataclass

from app.engine.errors import InputError
from app.engine.messages import LANGUAGES, in_every_language, text

MAX_ADVICE_PLAYERS = 100_000


def clear_winner_rounds(n: int) -> int:
    """ceil(log2 n): rounds after which at most one player can have won every game."""
    return (n - 1).bit_length()


@dataclass(frozen=True)
class UsualRange:
    level: str  # "local", "national", "international"
    min_rounds: int
    max_rounds: int | None  # None: no upper bound
    enough_for_clear_winner: bool  # the range's upper end reaches the clear-winner rounds
    explanation: dict[str, str]

    def to_dict(self) -> dict[str, object]:
        return {"level": self.level, "min_rounds": self.min_rounds, "max_rounds": self.max_rounds,
                "enough_for_clear_winner": self.enough_for_clear_winner, "explanation": dict(self.explanation)}


@dataclass(frozen=True)
class RoundsAdvice:
    players: int
    clear_winner_rounds: int
    knockout_rounds: int
    round_robin_rounds: int
    double_round_robin_rounds: int
    usual_ranges: tuple[UsualRange, ...]
    explanation: dict[str, list[str]]

    def to_dict(self) -> dict[str, object]:
        return {"players": self.players, "clear_winner_rounds": self.clear_winner_rounds,
                "knockout_rounds": self.knockout_rounds, "round_robin_rounds": self.round_robin_rounds,
                "double_round_robin_rounds": self.double_round_robin_rounds,
                "usual_ranges": [r.to_dict() for r in self.usual_ranges],
                "explanation": {k: list(v) for k, v in self.explanation.items()}}


# Usual numbers of rounds by level (seed 002); the texts are `advice.usual.<level>` in the catalogues.
_USUAL: tuple[tuple[str, int, int | None], ...] = (("local", 4, 5), ("national", 7, 9), ("international", 9, None))
_EXPLANATION = ("advice.clear-winner", "advice.round-robin", "advice.fixed-in-advance")


def rounds_advice(n: int) -> RoundsAdvice:
    """Rounds needed for a clear winner, round-robin lengths and the usual ranges, for n players."""
    if isinstance(n, bool) or not isinstance(n, int):
        raise InputError("the number of players must be an integer", field="players")
    if n < 2:
        raise InputError(f"advice needs at least 2 players, got {n}", field="players")
    if n > MAX_ADVICE_PLAYERS:
        raise InputError(f"at most {MAX_ADVICE_PLAYERS} players are supported, got {n}", field="players")
    k = clear_winner_rounds(n)
    rr = n if n % 2 else n - 1
    ranges = tuple(UsualRange(level, lo, hi, hi is None or hi >= k, in_every_language(f"advice.usual.{level}"))
                   for level, lo, hi in _USUAL)
    explanation = {lang: [text(lang, message_id, players=n, rounds=k, round_robin=rr, double_round_robin=2 * rr,
                               odd=text(lang, "advice.round-robin.odd") if n % 2 else "")
                          for message_id in _EXPLANATION] for lang in LANGUAGES}
    return RoundsAdvice(n, k, k, rr, 2 * rr, ranges, explanation)
