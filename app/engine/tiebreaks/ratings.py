"""Rating-based tie-breaks (C.07 Art. 10): ARO, TPR, PTP, APRO, APPO and RTNG.

Only games played over the board count (15.2: also in round robins). With unrated players
present and no rating given to them (option `unrated_rating` or `/Un`), these tie-breaks
are undefined for everybody. Conversion tables are those of the FIDE Rating Regulations
(B.02 8.1.1 and 8.1.2), kept in hundredths.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import accumulate
from typing import NamedTuple

from app.engine.messages import messages
from app.engine.tiebreaks import registry as reg
from app.engine.tiebreaks.context import Column, Context, Resolved
from app.engine.tiebreaks.editions import Edition
from app.engine.tiebreaks.explain import num, ratio, round_label, who
from app.engine.tiebreaks.field import Kind, half_up_div
from app.engine.tiebreaks.registry import Scope, define
from app.engine.tiebreaks.unplayed import clip_cuts, opponents_met

# B.02 8.1.1: rating difference dp for a percentage score p >= 50 (index p - 50).
_DP_FROM_50 = (0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158, 166,
               175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366, 383, 401,
               422, 444, 470, 501, 538, 589, 677, 800)
# B.02 8.1.2: (largest rating difference of the band, expected score in hundredths).
_PD_BANDS = ((3, 50), (10, 51), (17, 52), (25, 53), (32, 54), (39, 55), (46, 56), (53, 57), (61, 58), (68, 59),
             (76, 60), (83, 61), (91, 62), (98, 63), (106, 64), (113, 65), (121, 66), (129, 67), (137, 68),
             (145, 69), (153, 70), (162, 71), (170, 72), (179, 73), (188, 74), (197, 75), (206, 76), (215, 77),
             (225, 78), (235, 79), (245, 80), (256, 81), (267, 82), (278, 83), (290, 84), (302, 85), (315, 86),
             (328, 87), (344, 88), (357, 89), (374, 90), (391, 91), (411, 92), (432, 93), (456, 94), (484, 95),
             (517, 96), (559, 97), (619, 98), (735, 99))


def _pd_table() -> list[int]:
    table = []
    for d in range(801):
        table.append(next((pd for top, pd in _PD_BANDS if d <= top), 100))
    return table


PD = _pd_table()  # PD[d] for 0 <= d <= 800; beyond 800 the value is 100


def dp(percent: int) -> int:
    """Rating difference for a percentage score 0..100."""
    return _DP_FROM_50[percent - 50] if percent >= 50 else -_DP_FROM_50[50 - percent]


def expected(diff: int) -> int:
    """Expected score in hundredths of a player rated `diff` points above the opponent."""
    if diff >= 0:
        return PD[min(diff, 800)]
    return 100 - PD[min(-diff, 800)]


_EXPECTED = [expected(d) for d in range(-800, 801)]  # index diff + 800


def performance_rating(ratings: Sequence[int], score_halves: int) -> int | None:
    """TPR (10.2): ARO + dp(p), p = percentage score rounded half up."""
    if not ratings:
        return None
    aro = half_up_div(sum(ratings), len(ratings))
    return aro + dp(half_up_div(score_halves * 50, len(ratings)))


def _expected_total(rating: int, ratings: Sequence[int]) -> int:
    table = _EXPECTED
    total = 0
    for r in ratings:
        d = rating - r + 800
        total += table[0 if d < 0 else 1600 if d > 1600 else d]
    return total


# The expected score for any rating difference within ±_WIDE (index difference + _WIDE): no clamping.
_WIDE = 12000
_EXPECTED_WIDE = [0] * (_WIDE - 800) + _EXPECTED + [100] * (_WIDE - 800)


def perfect_performance(ratings: Sequence[int], score_halves: int) -> int | None:
    """PTP (10.3): the lowest rating whose expected score reaches the score (B.02 table, no cap).

    The expected score grows with the rating, so the answer is found by bisection; the search starts
    from the TPR, which is near (within 3 points for four players in five of the 2000-player bench), and
    gallops away from it, 1, 2, 4 ... points, until the answer is bracketed."""
    if not ratings:
        return None
    if score_halves == 0:
        return min(ratings) - 800
    target = score_halves * 50  # hundredths
    lo, hi = min(ratings) - 801, max(ratings) + 800  # lo fails, hi succeeds
    if hi - lo > _WIDE + 800:  # ratings further apart than the table: the plain search
        return _bisect(lo, hi, lambda mid: _expected_total(mid, ratings) >= target)
    table = _EXPECTED_WIDE
    shifted = [_WIDE - r for r in ratings]

    def reaches(rating: int) -> bool:
        total = 0
        for s in shifted:  # a plain loop: no comprehension frame per evaluation
            total += table[rating + s]
        return total >= target
    n = len(ratings)
    guess = min(max(half_up_div(sum(ratings), n) + dp(half_up_div(target, n)), lo + 1), hi)
    step = 1  # 8646 evaluations for the 2000-player bench, against 10868 from a first step of 8
    if reaches(guess):
        hi = guess
        while hi - step > lo and reaches(hi - step):
            hi -= step
            step *= 2
        lo = max(lo, hi - step)
    else:
        lo = guess
        while lo + step < hi and not reaches(lo + step):
            lo += step
            step *= 2
        hi = min(hi, lo + step)
    return _bisect(lo, hi, reaches)


def _bisect(lo: int, hi: int, reaches: Callable[[int], bool]) -> int:
    """The least rating in (lo, hi] that reaches the score, `lo` failing and `hi` reaching it."""
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if reaches(mid):
            hi = mid
        else:
            lo = mid
    return hi


class Performance:
    """A participant's opponents met over the board after cuts, and what follows from them
    (computed on first use)."""

    __slots__ = ("rounds", "ratings", "score_halves", "cut_rounds", "_aro", "_tpr", "_ptp")

    def __init__(self, rounds: Sequence[int], ratings: Sequence[int], score_halves: int, cut_rounds: list[int]) -> None:
        self.rounds = rounds
        self.ratings = ratings
        self.score_halves = score_halves
        self.cut_rounds = cut_rounds
        self._aro: int | None = None
        self._tpr: int | None = None
        self._ptp: int | None = None

    @property
    def aro(self) -> int | None:
        if self._aro is None and self.ratings:
            self._aro = half_up_div(sum(self.ratings), len(self.ratings))
        return self._aro

    @property
    def tpr(self) -> int | None:
        if self._tpr is None and self.ratings:
            self._tpr = performance_rating(self.ratings, self.score_halves)
        return self._tpr

    @property
    def ptp(self) -> int | None:
        if self._ptp is None and self.ratings:
            self._ptp = perfect_performance(self.ratings, self.score_halves)
        return self._ptp


def _rating_of(ctx: Context, unrated: int | None) -> list[int] | None:
    """Each participant's rating for these tie-breaks; None if they are undefined for everybody."""
    ratings: list[int] = []
    for e in ctx.field.entrants:
        rating = e.rating if e.rating is not None else unrated
        if rating is None:
            return None
        ratings.append(rating)
    return ratings


class _Games(NamedTuple):
    """A participant's games over the board, lowest-rated opponent first, with running sums of the
    ratings and results (0 first) so that the sums after a cut are one subtraction."""

    ratings: tuple[int, ...]
    results: tuple[int, ...]  # half points
    rounds: tuple[int, ...]
    rating_sums: tuple[int, ...]
    result_sums: tuple[int, ...]


def _games_by_rating(ctx: Context, unrated: int | None) -> list[_Games] | None:
    """Per participant its games over the board, lowest-rated opponent first (cached per
    rating policy)."""
    def build() -> list[_Games] | None:
        ratings = _rating_of(ctx, unrated)
        if ratings is None:
            return None
        out = []
        game = Kind.GAME
        for e in ctx.field.entrants:
            rated = e.rated_results
            numbers = range(1, len(e.opponents) + 1)
            # by rating; equal ratings keep the round order (one game a round)
            games = sorted([(ratings[o], r, rated[r - 1] or 0) for r, o, k in zip(numbers, e.opponents, e.kinds, strict=True)
                            if k is game and o >= 0])
            # tuples of numbers: the collector stops looking at them after its first pass
            opponent_ratings, rounds, results = zip(*games, strict=True) if games else ((), (), ())
            out.append(_Games(opponent_ratings, results, rounds, (0, *accumulate(opponent_ratings)),
                              (0, *accumulate(results))))
        return out
    return ctx.cached(("games-by-rating", unrated), build)


class Performances:
    """Per participant the games kept after the cuts of one specifier (10.1: ARO-C1 drops the
    lowest-rated opponent; the 2022 rule first spends cuts on unplayed rounds): `kept[i]` = (first,
    stop) into its games by rating. The values of every participant come from the running sums at
    once; a participant's `Performance` (for its explanation) is made on first use."""

    def __init__(self, games: list[_Games], kept: list[tuple[int, int]], words: dict[str, list[list[tuple[int, str]]]]
                 ) -> None:
        self.games = games
        self.kept = kept
        self.words = words  # the games in words, by language, shared by every cut (games_in_words)
        self._values: dict[str, list[int | None]] = {}
        self._texts: dict[str, list[str | None]] = {}  # by language, per participant (opponents_text)

    def __getitem__(self, i: int) -> Performance:
        g, (first, stop) = self.games[i], self.kept[i]
        if first == 0 and stop == len(g.ratings):
            return Performance(g.rounds, g.ratings, g.result_sums[-1], [])
        return Performance(g.rounds[first:stop], g.ratings[first:stop], g.result_sums[stop] - g.result_sums[first],
                           sorted(g.rounds[:first] + g.rounds[stop:]))

    def count(self, i: int) -> int:
        """How many games of participant i are kept."""
        first, stop = self.kept[i]
        return stop - first

    def score_halves(self, i: int) -> int:
        """The score of participant i in the games kept, in half points."""
        g, (first, stop) = self.games[i], self.kept[i]
        return g.result_sums[stop] - g.result_sums[first]

    def values(self, name: str) -> list[int | None]:
        """ARO, TPR or PTP of every participant (None: no game kept)."""
        found = self._values.get(name)
        if found is None:
            found = self._values[name] = getattr(self, f"_{name.lower()}")()
        return found

    def opponents_text(self, i: int, lang: str) -> str:
        """The opponents kept and their average in words ("opponents R1 1850, R2 ...; ARO = ..."), the
        same for ARO, TPR and PTP of one cut."""
        texts = self._texts.get(lang)
        if texts is None:
            texts = self._texts[lang] = [None] * len(self.games)
        text = texts[i]
        if text is None:
            words = messages(lang)
            g, (first, stop) = self.games[i], self.kept[i]
            opponents = ", ".join([piece for k, piece in self.games_in_words(lang)[i] if first <= k < stop])
            text = words["explain.aro"].format(opponents=opponents, total=g.rating_sums[stop] - g.rating_sums[first],
                                               count=stop - first, aro=self.values("ARO")[i])
            if first or stop < len(g.rounds):
                cut_rounds = sorted(g.rounds[:first] + g.rounds[stop:])
                text += words["explain.aro.cut"].format(rounds=", ".join(map(str, cut_rounds)))
            texts[i] = text
        return text

    def opponents_texts(self, lang: str) -> list[str]:
        """`opponents_text` of every participant ("" for one without a game kept), made in one pass."""
        texts = self._texts.get(lang)
        if texts is None:
            texts = self._texts[lang] = [None] * len(self.games)
        if None not in texts:
            return texts  # type: ignore[return-value]
        words = messages(lang)
        aro_text, cut_text = words["explain.aro"].format, words["explain.aro.cut"].format
        in_words, aros = self.games_in_words(lang), self.values("ARO")
        for i, (g, (first, stop)) in enumerate(zip(self.games, self.kept, strict=True)):
            if texts[i] is not None:
                continue
            if stop == first:
                texts[i] = ""
                continue
            n = len(g.rounds)
            if first == 0 and stop == n:
                opponents = ", ".join([piece for _, piece in in_words[i]])
                texts[i] = aro_text(opponents=opponents, total=g.rating_sums[n], count=n, aro=aros[i])
            else:
                opponents = ", ".join([piece for k, piece in in_words[i] if first <= k < stop])
                texts[i] = aro_text(opponents=opponents, total=g.rating_sums[stop] - g.rating_sums[first],
                                    count=stop - first, aro=aros[i]) + cut_text(
                    rounds=", ".join(map(str, sorted(g.rounds[:first] + g.rounds[stop:]))))
        return texts  # type: ignore[return-value]

    def games_in_words(self, lang: str) -> list[list[tuple[int, str]]]:
        """Per participant its games in round order ("R1 1850"), each with its place in the rating order;
        one list for every cut of the same games (kept in `words`, shared by the Performances)."""
        found = self.words.get(lang)
        if found is None:
            labels = [round_label(lang, r) for r in range(max((max(g.rounds, default=0) for g in self.games), default=0) + 1)]
            found = self.words[lang] = [
                [(k, f"{labels[g.rounds[k]]} {g.ratings[k]}")
                 for k in sorted(range(len(g.rounds)), key=g.rounds.__getitem__)] for g in self.games]
        return found

    def _aro(self) -> list[int | None]:
        # half_up_div(total, count), written out: one call less for each of 2000 participants and 5 cuts
        return [(2 * (g.rating_sums[stop] - g.rating_sums[first]) + stop - first) // (2 * (stop - first))
                if stop > first else None for g, (first, stop) in zip(self.games, self.kept, strict=True)]

    def _tpr(self) -> list[int | None]:
        out: list[int | None] = []
        for aro, g, (first, stop) in zip(self.values("ARO"), self.games, self.kept, strict=True):
            score_halves = g.result_sums[stop] - g.result_sums[first]
            out.append(None if aro is None else aro + dp(half_up_div(score_halves * 50, stop - first)))
        return out

    def _ptp(self) -> list[int | None]:
        return [self[i].ptp for i in range(len(self.games))]


def performances(ctx: Context, rs: Resolved) -> Performances | None:
    """The games of every participant kept after the cuts of the specifier (cached per cut)."""
    spec = rs.spec
    pre_2023 = rs.edition is Edition.PRE_2023
    keep = ctx.options.keep_at_least

    def build() -> Performances | None:
        all_games = _games_by_rating(ctx, rs.unrated)
        if all_games is None:
            return None
        rounds = ctx.field.rounds
        by_count: dict[int, tuple[int, int]] = {}  # what is kept depends on the number of games only

        def kept_of(n: int) -> tuple[int, int]:
            low = min(spec.cut_low, rounds)
            high = min(spec.cut_high, rounds - low)
            if pre_2023 and (low or high):  # 2022 rule: each unplayed round uses up one cut first
                unplayed = rounds - n
                used = min(unplayed, low)
                low -= used
                high -= min(unplayed - used, high)
            low, high = clip_cuts(n, low, high, keep)
            found = by_count[n] = (low, max(low, n - high))
            return found
        kept = [by_count.get(n) or kept_of(n) for n in map(len, (g.ratings for g in all_games))]
        return Performances(all_games, kept, ctx.cached(("games-in-words", rs.unrated), dict))
    return ctx.cached(("performance", spec.cut_low, spec.cut_high, pre_2023, rs.unrated, keep), build)


def _undefined(i: int, lang: str) -> str:
    return messages(lang)["explain.undefined.unrated"]


def _column(ctx: Context, rs: Resolved, name: str) -> Column:
    perf = performances(ctx, rs)
    f = ctx.field
    if perf is None:
        return Column([None] * len(f.entrants), 1, _undefined)
    keys: list[int | Fraction | None] = list(perf.values(name))

    def explain(i: int, lang: str) -> str:
        words = messages(lang)
        n = perf.count(i)
        if not n:
            return words["explain.undefined.no-game"].format(code=name)
        text = perf.opponents_text(i, lang)
        if name == "ARO":
            return text
        score_halves = perf.score_halves(i)
        score = num(Fraction(score_halves, 2))
        if name == "TPR":
            pct = half_up_div(score_halves * 50, n)
            return text + words["explain.tpr"].format(score=score, count=n, percent=pct, dp=dp(pct), tpr=keys[i])
        return text + words["explain.ptp"].format(ptp=keys[i], score=score)

    def explain_many(indices: list[int], lang: str) -> list[str]:
        words = messages(lang)
        undefined = words["explain.undefined.no-game"].format(code=name)
        texts, kept = perf.opponents_texts(lang), perf.kept
        if name == "ARO":
            return [texts[i] if kept[i][1] > kept[i][0] else undefined for i in indices]
        tpr, ptp = words["explain.tpr"].format, words["explain.ptp"].format
        out = []
        for i in indices:
            first, stop = kept[i]
            n = stop - first
            if not n:
                out.append(undefined)
                continue
            score_halves = perf.score_halves(i)
            score = ratio(score_halves, 2)
            if name == "TPR":
                pct = half_up_div(score_halves * 50, n)
                out.append(texts[i] + tpr(score=score, count=n, percent=pct, dp=dp(pct), tpr=keys[i]))
            else:
                out.append(texts[i] + ptp(ptp=keys[i], score=score))
        return out
    return Column(keys, 1, explain, explain_many)


def average_rating_of_opponents(ctx: Context, rs: Resolved) -> Column:
    return _column(ctx, rs, "ARO")


def tournament_performance(ctx: Context, rs: Resolved) -> Column:
    return _column(ctx, rs, "TPR")


def perfect_tournament_performance(ctx: Context, rs: Resolved) -> Column:
    return _column(ctx, rs, "PTP")


def _opponents_average(ctx: Context, rs: Resolved, of: str, name: str) -> Column:
    perf = performances(ctx, rs)
    f = ctx.field
    if perf is None:
        return Column([None] * len(f.entrants), 1, _undefined)
    own = perf.values(of)
    keys: list[int | Fraction | None] = []
    used: list[list[tuple[int, int]]] = []
    for met in opponents_met(ctx):
        values = [(o, v) for o in met if (v := own[o]) is not None]
        used.append(values)
        keys.append(half_up_div(sum(v for _, v in values), len(values)) if values else None)

    labels: dict[str, list[str]] = {}  # per language, each participant with its own value: "#12 2100"

    def explain(i: int, lang: str) -> str:
        if not used[i]:
            return messages(lang)["explain.undefined.no-performance"].format(code=name)
        of = labels.get(lang)
        if of is None:
            of = labels[lang] = [f"{who(f, o, lang)} {v}" for o, v in enumerate(own)]
        parts = " + ".join([of[o] for o, _ in used[i]])
        return f"{name} = ({parts}) / {len(used[i])} = {keys[i]}"
    return Column(keys, 1, explain)


def average_performance_of_opponents(ctx: Context, rs: Resolved) -> Column:
    return _opponents_average(ctx, rs, "TPR", "APRO")


def average_perfect_performance_of_opponents(ctx: Context, rs: Resolved) -> Column:
    return _opponents_average(ctx, rs, "PTP", "APPO")


def own_rating(ctx: Context, rs: Resolved) -> Column:
    """RTNG (10.6): the participant's own (first) rating, highest first (/R: lowest first)."""
    ratings = _rating_of(ctx, rs.unrated)
    f = ctx.field
    if ratings is None:
        return Column([None] * len(f.entrants), 1, _undefined)
    keys: list[int | Fraction | None] = list(ratings)

    def explain(i: int, lang: str) -> str:
        e = f.entrants[i]
        return messages(lang)["explain.rating" if e.rating is not None else "explain.rating.unrated"].format(
            rating=keys[i])
    return Column(keys, 1, explain)


_RATING_MODS = frozenset({reg.UNRATED})
# The pre-2023 rules spend cuts on unplayed rounds first: the edition matters wherever a cut does.
_CUT_RATING_MODS = frozenset({reg.CUT, reg.MEDIAN, reg.UNRATED, reg.EDITION})

define("ARO", "D", "C.07 10.1", compute=average_rating_of_opponents, modifiers=_CUT_RATING_MODS, scope=Scope.INDIVIDUAL)
define("TPR", "DB", "C.07 10.2", compute=tournament_performance, modifiers=_CUT_RATING_MODS, scope=Scope.INDIVIDUAL)
define("PTP", "DB", "C.07 10.3", compute=perfect_tournament_performance, modifiers=_CUT_RATING_MODS,
       scope=Scope.INDIVIDUAL)
define("APRO", "DC", "C.07 10.4", compute=average_performance_of_opponents, modifiers=_RATING_MODS,
       scope=Scope.INDIVIDUAL)
define("APPO", "DC", "C.07 10.5", compute=average_perfect_performance_of_opponents, modifiers=_RATING_MODS,
       scope=Scope.INDIVIDUAL)
define("RTNG", "B", "C.07 10.6", compute=own_rating, modifiers=_RATING_MODS | {reg.REVERSE}, scope=Scope.INDIVIDUAL)
