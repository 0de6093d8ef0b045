"""How many rounds: advice for n players, as data with short explanations in every language.

Sources: the seed document on the Swiss system (002): a clear winner needs as
many rounds as a knockout, log2 of the number of players rounded up (8 players
3 rounds, 16 players 4 rounds); to place every player the seed takes "the smallest
number of rounds after which the places can be decided", with one example: 60
players need 7 rounds. Its example is one round more than a clear winner needs
(ceil(log2 60) = 6), and that is the rule applied here: ceil(log2 n) + 1, never more
than a round robin of the same field; usual numbers of rounds: small local events 5
(at least 4), national individual events 7-9, more than that international
events; the number of rounds is fixed in the regulations before entries open.
Round robin: n - 1 rounds for even n, n for odd n (C.05 Annex 1, one dummy).
"""

from __future__ import annotations

from dataclasses import dataclass

from app.engine.errors import InputError
from app.engine.messages import LANGUAGES, Message, in_every_language, text

MAX_ADVICE_PLAYERS = 100_000


def clear_winner_rounds(n: int) -> int:
    """ceil(log2 n): rounds after which at most one player can have won every game."""
    return (n - 1).bit_length()


def all_places_rounds(n: int) -> int:
    """Seed 002 (60 players: 7 rounds): one round more than a clear winner needs, at most a round robin."""
    return min(clear_winner_rounds(n) + 1, n if n % 2 else n - 1)


@dataclass(frozen=True)
class Recommendation:
    rounds: int
    reason: dict[str, str]

    def to_dict(self) -> dict[str, object]:
        return {"rounds": self.rounds, "reason": dict(self.reason)}


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
    sole_winner: Recommendation
    all_places: Recommendation

    def to_dict(self) -> dict[str, object]:
        return {"players": self.players, "clear_winner_rounds": self.clear_winner_rounds,
                "sole_winner": self.sole_winner.to_dict(), "all_places": self.all_places.to_dict(),
                "knockout_rounds": self.knockout_rounds, "round_robin_rounds": self.round_robin_rounds,
                "double_round_robin_rounds": self.double_round_robin_rounds,
                "usual_ranges": [r.to_dict() for r in self.usual_ranges],
                "explanation": {k: list(v) for k, v in self.explanation.items()}}


# Usual numbers of rounds by level (seed 002); the texts are `advice.usual.<level>` in the catalogues.
_USUAL: tuple[tuple[str, int, int | None], ...] = (("local", 4, 5), ("national", 7, 9), ("international", 9, None))
_EXPLANATION = ("advice.clear-winner", "advice.round-robin", "advice.fixed-in-advance")


def _round_word(lang: str, k: int) -> str:
    """"round" or "rounds" in `lang`, for k rounds."""
    return text(lang, "advice.round-word.one" if k == 1 else "advice.round-word.many")


def rounds_advice(n: int) -> RoundsAdvice:
    """Rounds needed for a clear winner, round-robin lengths and the usual ranges, for n players."""
    if isinstance(n, bool) or not isinstance(n, int):
        raise InputError(Message.of("error.advice.integer"), field="players")
    if n < 2:
        raise InputError(Message.of("error.advice.at-least", count=n), field="players")
    if n > MAX_ADVICE_PLAYERS:
        raise InputError(Message.of("error.entrants.at-most", maximum=MAX_ADVICE_PLAYERS, count=n), field="players")
    k = clear_winner_rounds(n)
    rr = n if n % 2 else n - 1
    ranges = tuple(UsualRange(level, lo, hi, hi is None or hi >= k, in_every_language(f"advice.usual.{level}"))
                   for level, lo, hi in _USUAL)
    explanation = {lang: [text(lang, message_id, players=n, rounds=k, round_robin=rr, double_round_robin=2 * rr,
                               odd=text(lang, "advice.round-robin.odd") if n % 2 else "")
                          for message_id in _EXPLANATION] for lang in LANGUAGES}
    places = all_places_rounds(n)
    sole_winner = Recommendation(k, {lang: text(lang, "advice.sole-winner", players=n, rounds=k,
                                                rounds_word=_round_word(lang, k)) for lang in LANGUAGES})
    why_id = "advice.all-places.round-robin" if places < k + 1 else "advice.all-places.one-more"
    all_places = Recommendation(places, {
        lang: text(lang, "advice.all-places", rounds=places, rounds_word=_round_word(lang, places),
                   why=text(lang, why_id, players=n, round_robin=rr, round_robin_word=_round_word(lang, rr), rounds=k))
        for lang in LANGUAGES})
    return RoundsAdvice(n, k, k, rr, 2 * rr, ranges, explanation, sole_winner, all_places)
