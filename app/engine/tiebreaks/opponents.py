"""Tie-breaks built from the opponents' scores: Buchholz (C.07 8.1), Fore Buchholz (8.3),
Average of Opponents' Buchholz (8.2), Sonneborn-Berger (9.1) and Extended
Sonneborn-Berger (13.2), Koya (9.2) and the Score-and-Schedule-Strength Combination (13.4).
"""

from __future__ import annotations

import math
from fractions import Fraction

from app.engine.tiebreaks import registry as reg
from app.engine.tiebreaks.context import Column, Context, Resolved
from app.engine.tiebreaks.explain import join_sum, kind_name, num, ratio, round_label, score_name, tr, units, who
from app.engine.tiebreaks.field import GP, MP, Kind, half_up_div
from app.engine.tiebreaks.registry import Scope, define
from app.engine.tiebreaks.unplayed import (
    CAP_FORFEIT,
    CAP_HALF,
    OWN,
    ROUND_ROBIN_ZERO,
    VIRTUAL,
    Adjusted,
    Slot,
    Terms,
    adjusted_scores,
    opponent_slots,
    opponents_met,
)

_SUM_MODS = frozenset({reg.CUT, reg.MEDIAN, reg.PLAYED, reg.SWISS, reg.EDITION, reg.SCORE})


def _slots(ctx: Context, rs: Resolved, fore: bool) -> tuple[list[list[Slot]], Adjusted]:
    """The slots of a Buchholz-type sum and the adjusted scores they were built from."""
    slots = opponent_slots(ctx, rs.score, fore, rs.predetermined, rs.edition)
    return slots, adjusted_scores(ctx, rs.score, fore, rs.edition)


_VERSUS = {"en": "vs", "zh": "对"}


def describe_slots(ctx: Context, adj: Adjusted, fore: bool, i: int, slots: list[Slot], lang: str) -> list[str]:
    """The rounds of a Buchholz-type sum: whose score, and why it is what it is.

    BH, BH/Cn, BH/Mn, SB ... describe the same slots: each list is built once per standings."""
    memo: dict[tuple[object, ...], tuple[Adjusted, list[Slot], list[str]]] | None = ctx.cache.get("describe_slots")
    if memo is None:
        memo = ctx.cache["describe_slots"] = {}
    key = (id(adj), fore, i, id(slots), lang)  # the memo keeps adj and slots alive: their ids stay theirs
    hit = memo.get(key)
    if hit is None:
        f = ctx.field
        names, rounds = _labels(ctx, lang)
        kinds, drawn, versus, unit = f.entrants[i].kinds, adj.drawn, _VERSUS[lang], f.unit
        texts = [f"{rounds[s.round]} {versus} {names[s.opponent]}: {ratio(s.score, unit)}"
                 if s.dummy is None and kinds[s.round - 1] is Kind.GAME and not drawn[s.opponent]
                 else _describe_slot(ctx, adj, fore, i, s, lang) for s in slots]  # the common case first
        hit = memo[key] = (adj, slots, texts)
    return hit[2]


def _labels(ctx: Context, lang: str) -> tuple[list[str], list[str]]:
    """Every participant's and every round's label in `lang`, made once per standings."""
    key = ("labels", lang)
    found: tuple[list[str], list[str]] | None = ctx.cache.get(key)
    if found is None:
        f = ctx.field
        found = ctx.cache[key] = ([who(f, k, lang) for k in range(len(f.entrants))],
                                  [round_label(lang, r) for r in range(f.rounds + 1)])
    return found


def _describe_slot(ctx: Context, adj: Adjusted, fore: bool, i: int, s: Slot, lang: str) -> str:
    f = ctx.field
    e = f.entrants[i]
    kind = e.kinds[s.round - 1]
    value = units(f, s.score)
    if s.dummy is None:
        label = round_label(lang, s.round)
        text = f"{label} {tr(lang, 'vs', '对')} {who(f, s.opponent, lang)}: {value}"
        if kind is not Kind.GAME:
            text += tr(lang, f" ({kind_name(lang, kind)} counted as played)", f"（{kind_name(lang, kind)}按已赛计）")
        drawn = adj.drawn[s.opponent]
        if drawn and adj.scores[s.opponent] != adj.real[s.opponent]:
            real = units(f, adj.real[s.opponent])
            rounds = ", ".join(str(r) for r in drawn)
            if adj.pre_2023:
                text += tr(lang, f" (score {real}; its unplayed round(s) {rounds} count as draws, pre-2023 rules)",
                           f"（实得{real}；其未赛轮次 {rounds} 计为和棋，2023年前规则）")
            elif fore and drawn == (f.rounds,) and f.entrants[s.opponent].opponents[f.rounds - 1] >= 0:
                text += tr(lang, f" (score {real}; its final-round game counted as a draw for Fore Buchholz, 8.3)",
                           f"（实得{real}；预布赫霍尔兹将其末轮对局计为和棋，8.3）")
            else:
                text += tr(lang, f" (score {real}; its unplayed round(s) {rounds} after its last game count as "
                           "draws, 16.3)", f"（实得{real}；其最后一局之后的未赛轮次 {rounds} 计为和棋，16.3）")
        return text
    label = round_label(lang, s.round)
    kind_text = kind_name(lang, kind)
    if s.dummy == ROUND_ROBIN_ZERO:
        return f"{label} {kind_text}: 0" + tr(lang, " (round robin, unplayed game, 15.2)", "（循环赛未赛对局，15.2）")
    if s.dummy == VIRTUAL:
        return f"{label} {kind_text}: " + tr(lang, f"virtual opponent {value} (pre-2023 rules)",
                                              f"虚拟对手 {value}（2023年前规则）")
    own = units(f, s.own)
    if s.dummy == OWN:
        why = tr(lang, f"dummy opponent {value} (own score, 16.4)", f"虚拟对手 {value}（本人得分，16.4）")
    elif s.dummy == CAP_FORFEIT:
        opp = who(f, s.opponent, lang)
        why = tr(lang, f"dummy opponent {value} (own score {own}, capped at {value} = the adjusted score of the "
                 f"scheduled opponent {opp}, 16.4.1)",
                 f"虚拟对手 {value}（本人得分 {own}，以原定对手{opp}的调整分 {value} 为上限，16.4.1）")
    else:
        assert s.dummy == CAP_HALF
        why = tr(lang, f"dummy opponent {value} (own score {own}, capped at {value} = half the maximum score, 16.4.2)",
                 f"虚拟对手 {value}（本人得分 {own}，以最高可能得分的一半 {value} 为上限，16.4.2）")
    return f"{label} {kind_text}: {why}"


def _cut_text(ctx: Context, lang: str, slots: list[Slot], values: list[int], power: int,
              removed: tuple[int, ...], removed_vur: tuple[int, ...], low: int) -> str:
    if not removed:
        return ""
    f = ctx.field
    parts = []
    for n, k in enumerate(removed):
        label = f"{round_label(lang, slots[k].round)} {units(f, values[k], power)}"
        if k in removed_vur:
            label += tr(lang, " (voluntarily unplayed round, cut first, 16.5)", "（自愿未赛轮次优先剔除，16.5）")
        elif n < low:
            label += tr(lang, " (least significant)", "（最低）")
        else:
            label += tr(lang, " (most significant)", "（最高）")
        parts.append(label)
    return tr(lang, "; cut: ", "；剔除：") + ", ".join(parts)


def _terms(ctx: Context, rs: Resolved, fore: bool, products: bool) -> tuple[list[list[Slot]], Adjusted, list[Terms]]:
    """Per participant the terms of a Buchholz-type sum (`products`: SB/ESB, opponent's score x
    own result), cached so that every cut variant reuses them."""
    all_slots, adj = _slots(ctx, rs, fore)

    def build() -> list[Terms]:
        out = []
        for i, slots in enumerate(all_slots):
            scores = [s.score for s in slots]
            vur = [s.vur for s in slots]
            if products:
                own = ctx.field.entrants[i].points[rs.own_score]
                out.append(Terms([s.score * own[s.round - 1] for s in slots], scores, vur))
            else:
                out.append(Terms(scores, scores, vur))
        return out
    key = ("terms", id(all_slots), products, rs.own_score if products else None)
    return all_slots, adj, ctx.cached(key, build)


def _buchholz(ctx: Context, rs: Resolved, fore: bool) -> Column:
    f = ctx.field
    spec = rs.spec
    keep = ctx.options.keep_at_least
    all_slots, adj, terms = _terms(ctx, rs, fore, False)
    keys: list[int | Fraction | None] = [t.after_cut(spec.cut_low, spec.cut_high, keep) for t in terms]
    name = "FB" if fore else "BH"

    def explain(i: int, lang: str) -> str:
        slots = all_slots[i]
        parts = describe_slots(ctx, adj, fore, i, slots, lang)
        c = terms[i].cut(spec.cut_low, spec.cut_high, keep)
        head = f"{spec.text} = {units(f, c.total)}"
        if fore and name != spec.code:
            head += tr(lang, " (Fore Buchholz: final round counted as drawn)", "（预布赫霍尔兹：末轮按和棋计）")
        elif fore:
            head += tr(lang, " (final round counted as drawn)", "（末轮按和棋计）")
        body = join_sum(lang, parts)
        if c.cut:
            body += f" = {units(f, terms[i].total)}"
        return f"{head}: {body}" + _cut_text(ctx, lang, slots, terms[i].values, 1, c.cut, c.cut_vur, spec.cut_low)
    return Column(keys, f.unit, explain)


def buchholz(ctx: Context, rs: Resolved) -> Column:
    return _buchholz(ctx, rs, rs.spec.fore)


def fore_buchholz(ctx: Context, rs: Resolved) -> Column:
    return _buchholz(ctx, rs, True)


def sonneborn_berger(ctx: Context, rs: Resolved) -> Column:
    """SB (9.1) and ESB (13.2): opponent's score x own result, per round; dummy for unplayed rounds."""
    f = ctx.field
    spec = rs.spec
    keep = ctx.options.keep_at_least
    all_slots, adj, terms = _terms(ctx, rs, False, True)
    keys: list[int | Fraction | None] = [t.after_cut(spec.cut_low, spec.cut_high, keep) for t in terms]

    def explain(i: int, lang: str) -> str:
        slots = all_slots[i]
        c = terms[i].cut(spec.cut_low, spec.cut_high, keep)
        own_pts = f.entrants[i].points[rs.own_score]
        parts = [f"{text} × {units(f, own_pts[s.round - 1])}"
                 for s, text in zip(slots, describe_slots(ctx, adj, False, i, slots, lang), strict=True)]
        head = f"{spec.text} = {units(f, c.total, 2)}"
        if f.is_team:
            head += tr(lang, f" ({score_name(rs.score, lang)} of the opponent × own {score_name(rs.own_score, lang)})",
                       f"（对手{score_name(rs.score, lang)} × 本队{score_name(rs.own_score, lang)}）")
        body = join_sum(lang, parts)
        if c.cut:
            body += f" = {units(f, terms[i].total, 2)}"
        return f"{head}: {body}" + _cut_text(ctx, lang, slots, terms[i].values, 2, c.cut, c.cut_vur, spec.cut_low)
    return Column(keys, f.unit ** 2, explain)


def average_of_opponents_buchholz(ctx: Context, rs: Resolved) -> Column:
    """AOB (8.2): mean Buchholz (or Fore Buchholz, /F) of the opponents met over the board."""
    f = ctx.field
    fore = rs.spec.fore
    all_slots, adj = _slots(ctx, rs, fore)
    bh = [sum(s.score for s in slots) for slots in all_slots]
    exact = ctx.options.exact_averages
    keys: list[int | Fraction | None] = []
    for opponents in opponents_met(ctx):
        met = [bh[o] for o in opponents]
        if not met:
            keys.append(None)
            continue
        total, count = sum(met), len(met) * f.unit
        # the mean rounded half up to hundredths: floor(100 * total / count + 1/2)
        keys.append(Fraction(total, count) if exact else (200 * total + count) // (2 * count))

    def explain(i: int, lang: str) -> str:
        e = f.entrants[i]
        pairs = [(o, r) for r, (o, k) in enumerate(zip(e.opponents, e.kinds, strict=True), 1)
                 if o >= 0 and k is Kind.GAME]
        if not pairs:
            return tr(lang, "AOB undefined: no game played over the board", "AOB无定义：没有实际对局")
        name = "FB" if fore else "BH"
        parts = [f"{who(f, o, lang)} {name} {units(f, bh[o])}" for o, _ in pairs]
        value = Fraction(sum(bh[o] for o, _ in pairs), len(pairs) * f.unit)
        hundredths = Fraction(half_up_div(value.numerator * 100, value.denominator), 100)
        rounded = "" if exact else tr(lang, f", rounded to {num(hundredths)}", f"，四舍五入为 {num(hundredths)}")
        return tr(lang, f"AOB = ({' + '.join(parts)}) / {len(pairs)} = {num(value)}{rounded}",
                  f"AOB = （{' + '.join(parts)}）/ {len(pairs)} = {num(value)}{rounded}")
    return Column(keys, 1 if exact else 100, explain)


def koya(ctx: Context, rs: Resolved) -> Column:
    """KS (9.2): points scored against opponents who reached the limit (50 % of the maximum)."""
    f = ctx.field
    spec = rs.spec
    games = f.rounds
    if ctx.round_robin:
        n = len(f.entrants)
        if n and f.rounds % n == 0:  # odd round robin: one free round per cycle
            games -= f.rounds // n
        games -= sum(1 for e in f.entrants if all(o < 0 and k is not Kind.PAIRING_ALLOCATED_BYE
                                                    for o, k in zip(e.opponents, e.kinds, strict=True)))
    percent = spec.limit_percent if spec.limit_percent is not None else Fraction(50)
    limit = percent / 100 * f.win[rs.score] * games + spec.limit_shift * f.unit
    threshold = math.ceil(limit)  # scores are whole units: score >= limit <=> score >= ceil(limit)
    totals = [e.totals[rs.score] for e in f.entrants]
    keys: list[int | Fraction | None] = []
    for e in f.entrants:
        pts = e.points[rs.score]
        keys.append(sum([pts[r] for r, o in enumerate(e.opponents) if o >= 0 and totals[o] >= threshold]))

    def explain(i: int, lang: str) -> str:
        e = f.entrants[i]
        parts = [f"{round_label(lang, r + 1)} {tr(lang, 'vs', '对')} {who(f, o, lang)} ({units(f, totals[o])}): "
                 f"{units(f, e.points[rs.score][r])}" for r, o in enumerate(e.opponents) if o >= 0 and totals[o] >= threshold]
        lim = num(limit / f.unit)
        return tr(lang, f"KS = {units(f, keys[i] or 0)}: limit {lim} ({num(percent)}% of {games} rounds"
                  f"{'' if not spec.limit_shift else (' +' if spec.limit_shift > 0 else ' ') + num(spec.limit_shift)}); "
                  f"{join_sum(lang, parts)}",
                  f"KS = {units(f, keys[i] or 0)}：门槛 {lim}；{join_sum(lang, parts)}")
    return Column(keys, f.unit, explain)


def score_strength(ctx: Context, rs: Resolved) -> Column:
    """SSSC (13.4): secondary score + Buchholz on the primary score / K, two decimals."""
    f = ctx.field
    spec = rs.spec
    primary = rs.score
    secondary = GP if primary == MP else MP
    all_slots, _ = _slots(ctx, rs, spec.fore)
    if spec.divisor is not None:
        k = spec.divisor
    else:  # K = highest primary score achievable / highest secondary score of one match, rounded down
        k = max(1, (f.win[primary] * f.rounds) // f.win[secondary])
    exact = ctx.options.exact_averages
    keys: list[int | Fraction | None] = []
    for i, e in enumerate(f.entrants):
        value = Fraction(e.totals[secondary], f.unit) + Fraction(sum(s.score for s in all_slots[i]), f.unit * k)
        keys.append(value if exact else half_up_div(value.numerator * 100, value.denominator))

    def explain(i: int, lang: str) -> str:
        e = f.entrants[i]
        bh = sum(s.score for s in all_slots[i])
        name = "FB" if spec.fore else "BH"
        return tr(lang, f"SSSC = {units(f, e.totals[secondary])} ({score_name(secondary, lang)}) + "
                  f"{units(f, bh)} ({name} on {score_name(primary, lang)}) / {k}",
                  f"SSSC = {units(f, e.totals[secondary])}（{score_name(secondary, lang)}）+ "
                  f"{units(f, bh)}（{name}，{score_name(primary, lang)}）/ {k}")
    return Column(keys, 1 if exact else 100, explain)


define("BH", "Buchholz", "布赫霍尔兹（对手分）", "C", "C.07 8.1",
       "Sum of the opponents' scores (adjusted for unplayed rounds, Art. 16).",
       "所有对手得分之和（未赛轮次按第16条调整）。", modifiers=_SUM_MODS, compute=buchholz)
define("FB", "Fore Buchholz", "预布赫霍尔兹", "D", "C.07 8.3",
       "Buchholz computed as if every game of the final round had been drawn.",
       "假定末轮所有对局均为和棋时计算的布赫霍尔兹分。", modifiers=_SUM_MODS, compute=fore_buchholz)
define("AOB", "Average of Opponents' Buchholz", "对手平均布赫霍尔兹", "CC", "C.07 8.2",
       "Average Buchholz (or Fore Buchholz with /F) of the opponents met over the board.",
       "实际交手对手的布赫霍尔兹分（/F 为预布赫霍尔兹）平均值。",
       modifiers=frozenset({reg.FORE, reg.PLAYED, reg.SWISS, reg.EDITION, reg.SCORE}),
       compute=average_of_opponents_buchholz)
define("SB", "Sonneborn-Berger", "索伯分（索尼伯恩-伯格）", "BC", "C.07 9.1",
       "Sum over the rounds of the opponent's score times the points scored against that opponent.",
       "各轮对手得分乘以对该对手所得分数之和。", modifiers=_SUM_MODS, compute=sonneborn_berger)
define("ESB", "Extended Sonneborn-Berger", "扩展索伯分", "BC", "C.07 13.2",
       "Sum over the matches of the opponent's score times the own score in that match "
       "(:MM, :MG, :GM, :GG choose match or game points for each factor).",
       "各场对手积分乘以本队该场所得积分之和（:MM、:MG、:GM、:GG 选择场分或局分）。",
       modifiers=(_SUM_MODS - {reg.SCORE}) | {reg.SCORE_PAIR}, compute=sonneborn_berger, scope=Scope.TEAM)
define("KS", "Koya system", "科亚分", "BC", "C.07 9.2",
       "Points scored against the opponents who finished with at least 50% of the maximum score.",
       "对最终得分不低于最高可能得分50%的对手所得的分数。",
       modifiers=frozenset({reg.LIMIT, reg.SCORE, reg.SWISS, reg.PLAYED}), compute=koya)
define("SSSC", "Score and Schedule Strength Combination", "积分与赛程强度组合", "BC", "C.07 13.4",
       "Secondary score plus the Buchholz on the primary score divided by K, two decimals.",
       "次要积分加上主要积分的布赫霍尔兹分除以K（保留两位小数）。",
       modifiers=frozenset({reg.FORE, reg.DIVISOR, reg.PLAYED, reg.SWISS, reg.EDITION}), compute=score_strength,
       scope=Scope.TEAM)
