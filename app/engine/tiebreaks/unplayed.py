"""Unplayed rounds (C.07 Art. 15-16) and the cut/median machinery (Art. 14), shared by
every tie-break that sums values over the rounds (BH, FB, SB, ESB, AOB, SSSC, ...).

* `adjusted_scores` — a participant's score *as seen by its opponents* (16.3): requested
  byes after its last participation count as draws (16.2.5). In Fore Buchholz mode the
  final-round game is a draw and taking part in it counts as participation.
* `opponent_slots` — per participant and round, the score that enters a Buchholz-type sum:
  the opponent's adjusted score for a played game, else the dummy opponent (16.4: the own
  score, capped in the 2026 edition by the scheduled opponent's adjusted score for a
  forfeit and by half the maximum score otherwise), or the virtual opponent of the
  pre-2023 rules. In a round robin (15.2) forfeits are games and a free round is left out.
* `cut` — Cut-n / Median-n with the 16.5 exception: a voluntarily unplayed round is cut
  first when its contribution is not below the least significant one.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import NamedTuple, overload

from app.engine.tiebreaks.context import Context
from app.engine.tiebreaks.editions import Edition
from app.engine.tiebreaks.field import GAME, GP, PAIRING_ALLOCATED_BYE, VUR_KINDS, Entrant

# Why a slot is not a game over the board against the opponent whose score it holds (for explanations).
COUNTED = "counted"  # an unplayed game counted as played (/P, a round robin, the final round of Fore Buchholz)
OWN = "own"  # the participant's own score (16.4, no cap reached)
CAP_FORFEIT = "cap-forfeit"  # 16.4.1: capped by the scheduled opponent's adjusted score
CAP_HALF = "cap-half"  # 16.4.2: capped by half of the maximum score
VIRTUAL = "virtual"  # pre-2023 virtual opponent
ROUND_ROBIN_ZERO = "rr-zero"  # round robin, unplayed game not counted as played: 0


class SlotRows:
    """The rounds entering a Buchholz-type sum, for every participant (one configuration).

    Parallel lists rather than one object per slot: a big event has tens of thousands of slots,
    and every container object is one more for the garbage collector to scan. For participant i
    and its k-th slot: `rounds[i][k]` (1-based), `opponents[i][k]` (entrant index, -1 = none),
    `scores[i][k]` (the opponent's adjusted score, or the dummy's value), `vur[i][k]` (a voluntarily
    unplayed round of the participant, 16.1.2, not counted as played) and `why[i][k]` (why it is not
    a game over the board against that opponent: COUNTED, OWN, CAP_FORFEIT, ... or None); `why[i]` is
    None when every slot is such a game. `own[i]` is the own score a dummy starts from. Rows that are
    the same for many participants (every round, no unplayed round) are one shared list: read-only.
    """

    __slots__ = ("rounds", "opponents", "scores", "vur", "why", "own", "totals")

    def __init__(self, rounds: list[list[int]], opponents: list[list[int]], scores: list[list[int]],
                 vur: list[list[bool]], why: list[list[str | None] | None], own: list[int]) -> None:
        self.rounds = rounds
        self.opponents = opponents
        self.scores = scores
        self.vur = vur
        self.why = why
        self.own = own
        self.totals = [sum(row) for row in scores]  # the uncut sum (BH, AOB, SSSC, RBH)


@dataclass(frozen=True)
class Adjusted:
    scores: list[int]  # per participant
    drawn: list[tuple[int, ...]]  # rounds counted as draws (16.2.5, or Fore Buchholz)
    real: list[int]  # the real scores
    pre_2023: bool = False  # every unplayed round counted as a draw (older rules)


def last_participation(e: Entrant, rounds: int) -> int:
    """The last round that is not a voluntarily unplayed round (0 if none)."""
    for r in range(rounds, 0, -1):
        if e.kinds[r - 1] not in VUR_KINDS:
            return r
    return 0


def opponents_met(ctx: Context) -> list[list[int]]:
    """Per participant, the opponents met over the board, round by round (cached)."""
    def build() -> list[list[int]]:
        return [[o for o, k in zip(e.opponents, e.kinds, strict=True) if o >= 0 and k is GAME]
                for e in ctx.field.entrants]
    return ctx.cached("opponents-met", build)


def paired_in_final_round(e: Entrant, rounds: int) -> bool:
    return rounds > 0 and (e.opponents[rounds - 1] >= 0 or e.kinds[rounds - 1] is PAIRING_ALLOCATED_BYE)


def adjusted_scores(ctx: Context, score: int, fore: bool, edition: Edition) -> Adjusted:
    """16.3: each participant's score as seen by its opponents (cached)."""
    # reference_quirks: once a Fore Buchholz ran, the reference engine keeps treating a participant
    # paired in the final round as having taken part in it, for every later specifier; in team
    # events it does so on match points only (game points keep their own last participation).
    gp_quirk = ctx.options.reference_quirks and ctx.field.is_team and score == GP
    leaked = ctx.fore_seen and not fore and not gp_quirk
    took_part_in_final = (fore and not gp_quirk) or leaked

    def build() -> Adjusted:
        f = ctx.field
        draw = f.draw[score]
        rounds = f.rounds
        swiss = not ctx.round_robin
        values: list[int] = []
        drawn: list[tuple[int, ...]] = []
        real: list[int] = []
        # The common cases below need no dict: a participant who took part in the final round keeps its
        # score; with Fore Buchholz, one paired in the final round has that game counted as a draw (8.3).
        plain = edition is not Edition.PRE_2023 and not fore
        fore_final = edition is not Edition.PRE_2023 and fore and took_part_in_final
        final_only = (rounds,)
        vur_kinds = VUR_KINDS
        for e in f.entrants:
            pts = e.points[score]
            if plain and rounds and e.kinds[rounds - 1] not in vur_kinds:
                values.append(e.totals[score])
                drawn.append(())
                real.append(e.totals[score])
                continue
            if fore_final and rounds and e.opponents[rounds - 1] >= 0:
                values.append(e.totals[score] - pts[rounds - 1] + draw)
                drawn.append(final_only)
                real.append(e.totals[score])
                continue
            new: dict[int, int] = {}  # round -> value seen by the opponents
            if edition is Edition.PRE_2023:
                if swiss:  # older rules: every unplayed round of an opponent counts as a draw
                    new = {r: draw for r in range(1, rounds + 1) if e.kinds[r - 1] is not GAME}
            elif took_part_in_final and paired_in_final_round(e, rounds):
                pass  # FB: the player took part in the final round, so no earlier round is 16.2.5
            else:
                last = last_participation(e, rounds)
                value = draw if swiss else 0  # 16.2.5; 15.2: in a round robin such a round stays 0
                new = {r: value for r in range(last + 1, rounds + 1)
                       if e.opponents[r - 1] < 0 and e.kinds[r - 1] in VUR_KINDS}
            if fore and rounds and e.opponents[rounds - 1] >= 0:
                new[rounds] = draw  # 8.3: the final-round game counts as drawn
            total = sum(pts) + sum(v - pts[r - 1] for r, v in new.items())
            values.append(total)
            drawn.append(tuple(sorted(new)))
            real.append(sum(pts))
        return Adjusted(values, drawn, real, edition is Edition.PRE_2023)
    return ctx.cached(("adjusted", score, fore, edition is Edition.PRE_2023, leaked, gp_quirk), build)


def own_scores(ctx: Context, score: int, fore: bool) -> list[int]:
    """The participant's own score for its dummy opponent (16.4): the real score, with the
    final-round game counted as a draw in Fore Buchholz mode."""
    def build() -> list[int]:
        f = ctx.field
        out = []
        for e in f.entrants:
            total = e.totals[score]
            if fore and f.rounds and e.opponents[f.rounds - 1] >= 0:
                total += f.draw[score] - e.points[score][f.rounds - 1]
            out.append(total)
        return out
    return ctx.cached(("own", score, fore), build)


def opponent_slots(ctx: Context, score: int, fore: bool, predetermined: bool, edition: Edition) -> SlotRows:
    """Per participant, the rounds entering a Buchholz-type sum (cached per configuration)."""
    if fore and ctx.options.reference_quirks:
        ctx.fore_seen = True
    leaked = ctx.fore_seen and not fore

    def build() -> SlotRows:
        f = ctx.field
        rounds = f.rounds
        adjusted = adjusted_scores(ctx, score, fore, edition).scores
        own = own_scores(ctx, score, fore)
        half_max = f.draw[score] * rounds  # 16.4.2
        capped = edition is Edition.MAR_2026
        pre_2023 = edition is Edition.PRE_2023
        round_robin = ctx.round_robin
        every_round = list(range(1, rounds + 1))
        no_vur: list[bool] = [False] * rounds
        all_rounds: list[list[int]] = []
        all_opponents: list[list[int]] = []
        all_scores: list[list[int]] = []
        all_vur: list[list[bool]] = []
        all_why: list[list[str | None] | None] = []
        score_of = adjusted.__getitem__
        for i, e in enumerate(f.entrants):
            opponents, kinds = e.opponents, e.kinds
            games = kinds.count(GAME)
            # The common case: an opponent's adjusted score in every round (8.3: with Fore Buchholz the
            # final round counts as a game whenever it is paired).
            if -1 not in opponents and (games == rounds or predetermined
                                        or (fore and kinds[:-1].count(GAME) == rounds - 1)):
                all_rounds.append(every_round)
                all_opponents.append(opponents)
                all_scores.append(list(map(score_of, opponents)))
                all_vur.append(no_vur)
                all_why.append(None if games == rounds else [None if k is GAME else COUNTED for k in kinds])
                continue
            game = [o >= 0 and (k is GAME or predetermined) for o, k in zip(opponents, kinds, strict=True)]
            if fore and rounds:
                game[-1] = opponents[-1] >= 0
            if not round_robin:  # a slot in every round: the games' scores, then the other rounds patched
                scores = [adjusted[o] for o in opponents]  # (an unplayed round's entry is replaced below)
                vur_row = list(no_vur)
                why_row: list[str | None] = [None if k is GAME else COUNTED for k in kinds]
                for r in [r for r, counts in enumerate(game, start=1) if not counts]:
                    opp, kind = opponents[r - 1], kinds[r - 1]
                    why: str | None
                    if pre_2023:  # no "VUR cut first" exception before 2023
                        value, vur, why = (_virtual_opponent(f.win[score], f.draw[score], e, score, r, rounds), False,
                                           VIRTUAL)
                    else:
                        value, vur, why = own[i], kind in VUR_KINDS, OWN
                        if capped:
                            cap, cap_why = (adjusted[opp], CAP_FORFEIT) if opp >= 0 else (half_max, CAP_HALF)
                            if cap < value:
                                value, why = cap, cap_why
                    scores[r - 1], vur_row[r - 1], why_row[r - 1] = value, vur, why
                all_rounds.append(every_round)
                all_opponents.append(opponents)
                all_scores.append(scores)
                all_vur.append(vur_row)
                all_why.append(why_row)
                continue
            # A round robin (15.2): a free round is left out, an unplayed game counts 0 (with /S too).
            row_rounds: list[int] = []
            row_opponents: list[int] = []
            row_scores: list[int] = []
            row_vur: list[bool] = []
            row_why: list[str | None] = []
            for r in range(1, rounds + 1):
                opp = opponents[r - 1]
                kind = kinds[r - 1]
                if game[r - 1]:
                    value, vur, why = adjusted[opp], False, None if kind is GAME else COUNTED
                elif opp < 0:
                    continue
                else:
                    value, vur, why = 0, kind in VUR_KINDS, ROUND_ROBIN_ZERO
                row_rounds.append(r)
                row_opponents.append(opp)
                row_scores.append(value)
                row_vur.append(vur)
                row_why.append(why)
            all_rounds.append(row_rounds)
            all_opponents.append(row_opponents)
            all_scores.append(row_scores)
            all_vur.append(row_vur)
            all_why.append(row_why)
        return SlotRows(all_rounds, all_opponents, all_scores, all_vur, all_why, own)
    return ctx.cached(("slots", score, fore, predetermined, edition, leaked), build)


def _virtual_opponent(win: int, draw: int, e: Entrant, score: int, r: int, rounds: int) -> int:
    """Pre-2023: S(before round r) + (win - points of round r) + draw for each later round."""
    pts = e.points[score]
    return sum(pts[:r - 1]) + (win - pts[r - 1]) + draw * (rounds - r)


class CutResult(NamedTuple):
    total: int
    cut: tuple[int, ...]  # positions (in the value list) that were cut, in cutting order
    cut_vur: tuple[int, ...]  # those among them cut as a voluntarily unplayed round (16.5)


def clip_cuts(n: int, low: int, high: int, keep_at_least: int | None) -> tuple[int, int]:
    """How many of n values may really be cut (never more than there are; seed 001 keeps at least
    `keep_at_least` values)."""
    low = min(low, n)
    high = min(high, n - low)
    if keep_at_least is not None:
        low = min(low, max(0, n - keep_at_least))
        high = min(high, max(0, n - keep_at_least - low))
    return low, high


def cut(values: Sequence[int], order: Sequence[int], vur: Sequence[bool], low: int, high: int,
        keep_at_least: int | None = None, ranked: Sequence[int] | None = None) -> CutResult:
    """Remove the `low` least and then the `high` most significant values (14.1-14.4).

    `order[k]` ranks value k (the opponent's score; ties by the value itself; `ranked` may
    give the positions already sorted that way). 16.5: when a voluntarily unplayed round
    exists, the least significant such round is cut instead of the normal least significant
    value unless its contribution is lower. The `keep_at_least` rule (seed 001) never cuts
    below that many values.
    """
    low, high = clip_cuts(len(values), low, high, keep_at_least)
    if low == 0 and high == 0:
        return CutResult(sum(values), (), ())
    if ranked is None:  # by (order, value), ties by position
        ranked = [k for _, _, k in sorted(zip(order, values, range(len(values)), strict=True))]
    if True not in vur:  # the common case: the least, then the most significant values go
        gone = (*ranked[:low], *ranked[len(ranked) - high:][::-1])
        return CutResult(sum(values) - sum([values[k] for k in gone]), gone, ())
    remaining = list(ranked)  # least significant first
    removed: list[int] = []
    removed_vur: list[int] = []
    for _ in range(low):
        least = remaining[0]
        least_vur = next((k for k in remaining if vur[k]), None)
        if least_vur is not None and values[least_vur] >= values[least]:  # 16.5.1
            least = least_vur
            removed_vur.append(least)
        remaining.remove(least)
        removed.append(least)
    for _ in range(high):
        removed.append(remaining.pop())
    return CutResult(sum(values[k] for k in remaining), tuple(removed), tuple(removed_vur))


class Terms:
    """One participant's contributions to a sum that may be cut, shared by the cut variants
    (BH, BH/C1, BH/M2 ... use one `Terms`): the totals after a cut come from one sort."""

    __slots__ = ("values", "order", "vur", "total", "any_vur", "_ranked", "_cumulative", "_split", "_unplayed")

    def __init__(self, values: list[int], order: list[int], vur: list[bool]) -> None:
        self.values = values
        self.order = order
        self.vur = vur
        self.total = sum(values)
        self.any_vur = True in vur
        self._ranked: list[int] | None = None
        self._cumulative: tuple[int, ...] | None = None
        self._split: tuple[list[int], list[int]] | None = None  # Buchholz with VUR: their values, the others'
        self._unplayed: list[int] | None = None  # Buchholz with VUR: their positions, least significant first

    @property
    def cumulative(self) -> tuple[int, ...]:
        """The running sums of the values from the least to the most significant (0 first): without a
        voluntarily unplayed round, the total after cutting `low` and `high` values is
        `cumulative[n - high] - cumulative[low]`."""
        if self._cumulative is None:
            if self.values is self.order:
                ordered = sorted(self.values)
            else:  # by (order, value), as `ranked`
                ordered = [v for _, v in sorted(zip(self.order, self.values, strict=True))]
            self._cumulative = tuple(accumulate(ordered, initial=0))
        return self._cumulative

    @property
    def ranked(self) -> list[int]:
        """Positions from the least to the most significant value."""
        if self._ranked is None:
            order, values = self.order, self.values
            if values is order:  # Buchholz: the value is its own order
                self._ranked = sorted(range(len(values)), key=values.__getitem__)
            else:  # by (order, value), ties by position: the triples sort so, without a key call each
                self._ranked = [k for _, _, k in sorted(zip(order, values, range(len(values)), strict=True))]
        return self._ranked

    def after_cut(self, low: int, high: int, keep_at_least: int | None) -> int:
        if not low and not high:
            return self.total
        if not self.any_vur:
            cumulative = self.cumulative
            n = len(cumulative) - 1
            low, high = clip_cuts(n, low, high, keep_at_least)
            return cumulative[n - high] - cumulative[low]
        if self.any_vur and self.values is not self.order:
            return self.cut(low, high, keep_at_least).total
        n = len(self.values)
        low, high = clip_cuts(n, low, high, keep_at_least)
        # Buchholz: a voluntarily unplayed round is never below the least value, so 16.5 cuts the lowest
        # of them first, then the least values; the most significant go as usual.
        if self._split is None:
            values, vur = self.values, self.vur
            self._split = (sorted([v for v, u in zip(values, vur, strict=True) if u]),
                           sorted([v for v, u in zip(values, vur, strict=True) if not u]))
        unplayed, others = self._split
        nv = len(unplayed)
        if low <= nv:
            cut_low = sum(unplayed[:low])
            if not high:
                return self.total - cut_low
            # the most significant among the rest: the largest of the two sorted tails
            top = sorted(unplayed[low:][-high:] + others[-high:])[-high:]
        else:
            cut_low = sum(unplayed) + sum(others[:low - nv])
            top = others[len(others) - high:] if high else []
        return self.total - cut_low - sum(top)

    def cut(self, low: int, high: int, keep_at_least: int | None) -> CutResult:
        """What `cut` gives for these values (made when an explanation asks, not kept)."""
        if self.any_vur and self.values is not self.order:
            return cut(self.values, self.order, self.vur, low, high, keep_at_least, self.ranked)
        if self.any_vur:  # Buchholz: as in `after_cut`, 16.5 cuts the voluntarily unplayed rounds first
            n = len(self.values)
            lo, hi = clip_cuts(n, low, high, keep_at_least)
            if not lo and not hi:
                return CutResult(self.total, (), ())
            ranked, vur, values = self.ranked, self.vur, self.values
            unplayed = self._unplayed
            if unplayed is None:  # the same for every cut variant
                unplayed = self._unplayed = [k for k in ranked if vur[k]]
            lows = unplayed[:lo]
            if lo > len(unplayed):
                lows += [k for k in ranked if not vur[k]][:lo - len(unplayed)]
            gone = (*lows, *[k for k in reversed(ranked) if k not in lows][:hi])  # then the most significant
            return CutResult(self.total - sum([values[k] for k in gone]), gone, tuple(lows[:len(unplayed)]))
        # the least, then the most significant values go, the total from the running sums
        n = len(self.values)
        lo, hi = clip_cuts(n, low, high, keep_at_least)
        ranked, cumulative = self.ranked, self.cumulative
        return CutResult(cumulative[n - hi] - cumulative[lo], (*ranked[:lo], *ranked[n - hi:][::-1]), ())


class TermsTable(Sequence[Terms]):
    """The `Terms` of every participant for one configuration, with their running sums laid out by
    column: for the participants with the usual number of values and no voluntarily unplayed round,
    `columns[k][i]` is participant i's sum of its k least significant values, so that a cut variant
    for all of them is one subtraction of two columns (`totals_after_cut`)."""

    __slots__ = ("rows", "_columns", "_others", "_count")

    def __init__(self, rows: list[Terms]) -> None:
        self.rows = rows
        self._columns: list[tuple[int, ...]] | None = None
        self._others: list[int] = []  # the participants the columns do not answer for
        self._count = 0

    def __len__(self) -> int:
        return len(self.rows)

    @overload
    def __getitem__(self, i: int) -> Terms: ...

    @overload
    def __getitem__(self, i: slice) -> list[Terms]: ...

    def __getitem__(self, i: int | slice) -> Terms | list[Terms]:
        return self.rows[i]

    def columns(self) -> tuple[list[tuple[int, ...]], list[int], int]:
        """The running sums by column, the participants left out (voluntarily unplayed rounds, or another
        number of values than the most usual one) and that usual number."""
        if self._columns is None:
            counts = [len(t.values) for t in self.rows]
            count = max(set(counts), key=counts.count) if counts else 0
            regular = [t.cumulative if not t.any_vur and n == count else (0,) * (count + 1)
                       for t, n in zip(self.rows, counts, strict=True)]
            self._others = [i for i, (t, n) in enumerate(zip(self.rows, counts, strict=True)) if t.any_vur or n != count]
            self._columns = list(zip(*regular, strict=True)) if regular else []
            self._count = count
        return self._columns, self._others, self._count


def totals_after_cut(terms: TermsTable, low: int, high: int, keep_at_least: int | None) -> list[int]:
    """`t.after_cut(low, high, keep_at_least)` for each of `terms`, column by column where it can."""
    if not low and not high:
        return [t.total for t in terms.rows]
    if keep_at_least is not None:
        return [t.after_cut(low, high, keep_at_least) for t in terms.rows]
    columns, others, n = terms.columns()
    lo, hi = clip_cuts(n, low, high, None)
    out = list(map(operator.sub, columns[n - hi], columns[lo])) if columns else []
    for i in others:
        out[i] = terms.rows[i].after_cut(low, high, None)
    return out
