"""How many rounds: advice for n players, as data with short English and Chinese explanations.

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


_USUAL: tuple[tuple[str, int, int | None, str, str], ...] = (
    ("local", 4, 5,
     "Small local events: 5 rounds is usual, 4 at the least; 3 rounds are hardly ever seen.",
     "地区性的小型比赛：5轮比较恰当，少一点4轮，3轮的很少见。"),
    ("national", 7, 9,
     "Larger events such as national individual championships: 7 to 9 rounds.",
     "较大的比赛，如全国个人赛：7至9轮比较合适。"),
    ("international", 9, None,
     "Beyond 9 rounds: international events.",
     "9轮以上一般是国际比赛。"),
)


def _rounds(k: int) -> str:
    return f"{k} round" if k == 1 else f"{k} rounds"


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
    ranges = tuple(UsualRange(level, lo, hi, hi is None or hi >= k, {"en": en, "zh": zh})
                   for level, lo, hi, en, zh in _USUAL)
    rest_en = " With an odd number of players everyone rests once per cycle." if n % 2 else ""
    rest_zh = "人数为奇数时，每名选手每个循环轮空一次。" if n % 2 else ""
    explanation = {
        "en": [
            f"A clear winner needs as many rounds as a knockout, log2 of the number of players rounded up: "
            f"{k} rounds for {n} players (8 players: 3 rounds, 16 players: 4). With fewer rounds several "
            f"players may finish with a perfect score.",
            f"A round robin of {n} players takes {rr} rounds, a double round robin {2 * rr}.{rest_en}",
            "Fix the number of rounds in the regulations before entries open; it is not set from the number "
            "of entries (internal club events aside).",
        ],
        "zh": [
            f"要无争议地确定冠军，理论上需要与淘汰赛相同的轮次，即参赛人数取以2为底的对数（向上取整）："
            f"{n}名选手需要{k}轮（8人3轮，16人4轮）。轮次少于此数时，可能出现多名选手全胜。",
            f"{n}人单循环需要{rr}轮，双循环需要{2 * rr}轮。{rest_zh}",
            "轮数及赛程应在报名前制订并公布，不应按报名人数临时决定（单位内部赛除外）。",
        ],
    }
    places = all_places_rounds(n)
    sole_winner = Recommendation(k, {
        "en": f"{_rounds(k)} for a sole winner: after ceil(log2 {n}) = {_rounds(k)} at most one player can have won "
              f"every game, as in a knockout of {n} players (seed 002).",
        "zh": f"确定唯一冠军需要{k}轮：与淘汰赛相同，{n}人取以2为底的对数向上取整为{k}，"
              f"{k}轮后至多一名选手全胜（文档002）。",
    })
    if places < k + 1:
        why_en = f"a round robin of {n} players ({_rounds(rr)}) already places everybody"
        why_zh = f"{n}人单循环（{rr}轮）即可排出全部名次"
    else:
        why_en = (f"one round more than a sole winner needs ({k} + 1), as in the seed's example: 60 players need "
                  f"7 rounds")
        why_zh = f"比确定冠军多一轮（{k}+1），如文档的例子：60人需要7轮"
    all_places = Recommendation(places, {
        "en": f"{_rounds(places)} to separate all places: the seed (002) takes the smallest number of rounds after "
              f"which every player's place can be decided, {why_en}.",
        "zh": f"排出全部名次需要{places}轮：文档002取能够得出所有选手名次的最小轮次，{why_zh}。",
    })
    return RoundsAdvice(n, k, k, rr, 2 * rr, ranges, explanation, sole_winner, all_places)
