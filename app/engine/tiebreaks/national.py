"""National variants described in the seed documents (not part of C.07).

* `SOLK` Solkoff (seed 004): plain sum of the final scores of the opponents met, with no
  adjustment for unplayed rounds (they add nothing). `SOLK/M1` is the Solkoff median
  (highest and lowest opponent dropped), `SOLK/C1` the Solkoff cut.
* `SOLKC` iterated Solkoff cut (seed 004): drop the lowest opponent and compare; if still
  tied drop the next lowest and compare again, and so on until the tie breaks — a group
  criterion, like direct encounter.
* `PSI` progressive score with the first rounds removed one by one (seeds 001 and 004):
  compare the progressive score, then without round 1, then without rounds 1-2, ...
* `OPS` cumulative opponents' progressive score (seed 000): sum of the progressive scores
  of the opponents met.
* `RBH` recursive Buchholz (seed 000): sum of the Buchholz scores of the opponents met.
* `SBC` Sonneborn-Berger cut by contribution (seed 003, "剔除0"): `SBC/C1` drops the lowest
  contribution (opponent's score x own result), where C.07's `SB/C1` drops the contribution of
  the lowest-scored opponent (14.1); `SBC` without a cut is SB. Voluntarily unplayed rounds are
  cut first (16.5), as the seed says. See docs/divergences.md D11.

The "cut/median variants keep at least N rounds" rule of seed 001 (at least 7 rounds) is
the `keep_at_least` option; the Chinese presets set it.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from app.engine.messages import messages
from app.engine.tiebreaks import registry as reg
from app.engine.tiebreaks.context import Column, Context, Partition, Resolved
from app.engine.tiebreaks.encounter import lexicographic
from app.engine.tiebreaks.explain import join_sum, round_label, units, who
from app.engine.tiebreaks.field import Entrant, Kind
from app.engine.tiebreaks.opponents import sum_column
from app.engine.tiebreaks.registry import Scope, define
from app.engine.tiebreaks.unplayed import cut, opponent_slots


def _met(e: Entrant, predetermined: bool) -> list[tuple[int, int]]:
    """(round, opponent) of the games that count as met (forfeits too with /P or in a round robin)."""
    return [(r + 1, o) for r, (o, k) in enumerate(zip(e.opponents, e.kinds, strict=True))
            if o >= 0 and (k is Kind.GAME or predetermined)]


def solkoff(ctx: Context, rs: Resolved) -> Column:
    f = ctx.field
    spec = rs.spec
    totals = [e.totals[rs.score] for e in f.entrants]
    keys: list[int | Fraction | None] = []
    details = []
    for e in f.entrants:
        met = _met(e, rs.predetermined)
        values = [totals[o] for _, o in met]
        c = cut(values, values, [False] * len(values), spec.cut_low, spec.cut_high, ctx.options.keep_at_least)
        keys.append(c.total)
        details.append((met, values, c))

    def explain(i: int, lang: str) -> str:
        met, values, c = details[i]
        parts = [f"{round_label(lang, r)} {who(f, o, lang)} {units(f, v)}" for (r, o), v in zip(met, values, strict=True)]
        text = f"{spec.code} = {units(f, c.total)}: {join_sum(lang, parts)}"
        if c.cut:
            text += messages(lang)["explain.solkoff.cut"].format(cut=", ".join(units(f, values[k]) for k in c.cut))
        return text
    return Column(keys, f.unit, explain)


def iterated_solkoff_cut(ctx: Context, rs: Resolved, groups: Sequence[Sequence[int]]) -> Partition:
    f = ctx.field
    totals = [e.totals[rs.score] for e in f.entrants]

    def sums(i: int) -> tuple[int, ...]:
        scores = sorted(totals[o] for _, o in _met(f.entrants[i], rs.predetermined))
        total = sum(scores)
        out = []
        for k in range(f.rounds):
            total -= scores[k] if k < len(scores) else 0
            out.append(total)
        return tuple(out)
    keys = {i: sums(i) for g in groups for i in g}

    def describe(i: int, lang: str) -> str:
        values = keys.get(i) or sums(i)
        return messages(lang)["explain.solkoff-iterated"].format(sums=", ".join(units(f, v) for v in values))
    return lexicographic(groups, lambda i: keys[i], describe)


def progressive_iterated(ctx: Context, rs: Resolved, groups: Sequence[Sequence[int]]) -> Partition:
    f = ctx.field

    def sums(i: int) -> tuple[int, ...]:
        running, total = [], 0
        for p in f.entrants[i].points[rs.score]:
            total += p
            running.append(total)
        return tuple(sum(running[k:]) for k in range(f.rounds))
    keys = {i: sums(i) for g in groups for i in g}

    def describe(i: int, lang: str) -> str:
        values = keys.get(i) or sums(i)
        return messages(lang)["explain.progressive-iterated"].format(sums=", ".join(units(f, v) for v in values))
    return lexicographic(groups, lambda i: keys[i], describe)


def opponents_progressive(ctx: Context, rs: Resolved) -> Column:
    f = ctx.field
    progressive = []
    for e in f.entrants:
        running = total = 0
        for p in e.points[rs.score]:
            running += p
            total += running
        progressive.append(total)
    return _sum_over_opponents(ctx, rs, progressive, "OPS", "")


def recursive_buchholz(ctx: Context, rs: Resolved) -> Column:
    slots = opponent_slots(ctx, rs.score, False, rs.predetermined, rs.edition)
    return _sum_over_opponents(ctx, rs, slots.totals, "RBH", "BH ")


def sonneborn_berger_by_contribution(ctx: Context, rs: Resolved) -> Column:
    def note(lang: str) -> str:
        return messages(lang)["explain.note.by-contribution"] if rs.spec.cut_low or rs.spec.cut_high else ""
    return sum_column(ctx, rs, False, True, note, by_contribution=True)


def _sum_over_opponents(ctx: Context, rs: Resolved, of_participant: list[int], code: str, label: str) -> Column:
    """The sum, over the opponents met, of one number per participant (OPS, RBH); `label` names that
    number in the explanation."""
    f = ctx.field
    mets = [_met(e, rs.predetermined) for e in f.entrants]
    keys: list[int | Fraction | None] = [sum(of_participant[o] for _, o in met) for met in mets]

    def explain(i: int, lang: str) -> str:
        parts = [f"{who(f, o, lang)} {label}{units(f, of_participant[o])}" for _, o in mets[i]]
        return f"{code} = {join_sum(lang, parts)}"
    return Column(keys, f.unit, explain)


_OPP = frozenset({reg.PLAYED, reg.SWISS, reg.SCORE})
define("SOLK", "C", "seed 004", modifiers=_OPP | {reg.CUT, reg.MEDIAN}, compute=solkoff, national=True)
define("SOLKC", "C", "seed 004", modifiers=_OPP, separate=iterated_solkoff_cut, national=True)
define("PSI", "B", "seeds 001, 004", modifiers=frozenset({reg.SCORE}), separate=progressive_iterated, national=True)
define("OPS", "C", "seed 000", modifiers=_OPP, compute=opponents_progressive, national=True)
define("RBH", "CC", "seed 000", modifiers=_OPP | {reg.EDITION}, compute=recursive_buchholz, national=True)
define("SBC", "BC", "seed 003", modifiers=frozenset({reg.CUT, reg.MEDIAN, reg.PLAYED, reg.SWISS, reg.EDITION}),
       compute=sonneborn_berger_by_contribution, scope=Scope.INDIVIDUAL, national=True)
