"""Tie-breaks built from the opponents' scores: Buchholz (C.07 8.1), Fore Buchholz (8.3),
Average of Opponents' Buchholz (8.2), Sonneborn-Berger (9.1) and Extended
Sonneborn-Berger (13.2), Koya (9.2) and the Score-and-Schedule-Strength Combination (13.4).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction

from app.engine.messages import messages
from app.engine.tiebreaks import registry as reg
from app.engine.tiebreaks.context import Column, Context, Resolved
from app.engine.tiebreaks.explain import (
    UnitTexts,
    join_sum,
    kind_name,
    num,
    ratio,
    round_label,
    score_name,
    units,
    who,
)
from app.engine.tiebreaks.field import GP, MP, Field, Kind, half_up_div
from app.engine.tiebreaks.registry import Scope, define
from app.engine.tiebreaks.unplayed import (
    CAP_FORFEIT,
    CAP_HALF,
    COUNTED,
    OWN,
    ROUND_ROBIN_ZERO,
    VIRTUAL,
    Adjusted,
    CutResult,
    SlotRows,
    Terms,
    TermsTable,
    adjusted_scores,
    clip_cuts,
    opponent_slots,
    opponents_met,
    totals_after_cut,
)

_SUM_MODS = frozenset({reg.CUT, reg.MEDIAN, reg.PLAYED, reg.SWISS, reg.EDITION, reg.SCORE})


def _slots(ctx: Context, rs: Resolved, fore: bool) -> tuple[SlotRows, Adjusted]:
    """The slots of a Buchholz-type sum and the adjusted scores they were built from."""
    slots = opponent_slots(ctx, rs.score, fore, rs.predetermined, rs.edition)
    return slots, adjusted_scores(ctx, rs.score, fore, rs.edition)


class SlotWords:
    """The slots of one configuration in words, in one language: whose score each round holds and
    why it is what it is. BH, BH/Cn, BH/Mn, SB ... describe the same slots, so one `SlotWords` per
    standings serves them all (`slot_words`); a participant's texts are made on first use."""

    def __init__(self, ctx: Context, adj: Adjusted, fore: bool, slots: SlotRows, lang: str) -> None:
        # Not the context itself: the context's cache holds this object, and a reference cycle would
        # leave every standings to the garbage collector.
        self.field, self.slots, self.lang = ctx.field, slots, lang
        names, labels = _labels(ctx, lang)
        words, unit = messages(lang), ctx.field.unit
        self.round_labels = [f"{label} " for label in labels]  # "R3 "
        # Participant o as the opponent of a game: "vs #12: 4.5", with what follows its adjusted score
        # when that is not its real score (16.3, 8.3; `_adjusted_note`), which is mostly nothing.
        self.notes = _adjusted_notes(ctx.field, adj, fore, lang)
        opponent = words["explain.slot.opponent"]
        self.opponents = [opponent.format(opponent=name, score=ratio(score, unit), note=note)
                          for name, score, note in zip(names, adj.scores, self.notes, strict=True)]
        self._parts: list[list[str] | None] = [None] * len(slots.scores)
        self.cut_reasons = (words["explain.cut.vur"], words["explain.cut.least"], words["explain.cut.most"])
        self._sums: dict[int | None, list[str | None]] = {}
        self.shown = UnitTexts(unit)

    def parts(self, i: int) -> list[str]:
        """Participant i's slots in words, one text per slot."""
        texts = self._parts[i]
        if texts is None:
            slots, labels, opponents = self.slots, self.round_labels, self.opponents
            rounds, why = slots.rounds[i], slots.why[i]
            # A game's slot holds the opponent's adjusted score (see opponent_slots): its text is made already.
            texts = [labels[r] + opponents[o] for r, o in zip(rounds, slots.opponents[i], strict=True)]
            if why is not None:  # the slots that are not such a game (mostly one or two) described instead
                row = slots.opponents[i]
                for k in [k for k, reason in enumerate(why) if reason is not None]:
                    texts[k] = _describe_slot(self.field, i, slots, k, self.lang, self.notes[row[k]])
            self._parts[i] = texts
        return texts

    def sum(self, i: int, own_score: int | None = None) -> str:
        """The slots joined into a sum: "R1 vs #4: 2.5 + R2 ...", each times the own result of the round
        for SB/ESB (`own_score`)."""
        memo = self._sums.get(own_score)
        if memo is None:
            memo = self._sums[own_score] = [None] * len(self._parts)
        text = memo[i]
        if text is None:
            parts = self.parts(i)
            if own_score is not None:
                own, shown = self.field.entrants[i].points[own_score], self.shown
                parts = [f"{part} × {shown[own[r - 1]]}" for part, r in zip(parts, self.slots.rounds[i], strict=True)]
            text = memo[i] = join_sum(self.lang, parts)
        return text

    def cut_values(self, i: int, terms: Terms, c: CutResult, scale: int, low: int) -> str:
        """The values cut and why: a voluntarily unplayed round (16.5), the least or the most significant."""
        labels, rounds, values = self.round_labels, self.slots.rounds[i], terms.values
        vur_first, least, most = self.cut_reasons
        return ", ".join([labels[rounds[k]] + ratio(values[k], scale) +
                          (vur_first if k in c.cut_vur else least if n < low else most) for n, k in enumerate(c.cut)])


def slot_words(ctx: Context, adj: Adjusted, fore: bool, slots: SlotRows, lang: str) -> SlotWords:
    # The cache keeps adj and slots alive (ctx.cache holds them), so their ids stay theirs.
    return ctx.cached(("slot-words", id(adj), fore, id(slots), lang), lambda: SlotWords(ctx, adj, fore, slots, lang))


def _labels(ctx: Context, lang: str) -> tuple[list[str], list[str]]:
    """Every participant's and every round's label in `lang`, made once per standings."""
    key = ("labels", lang)
    found: tuple[list[str], list[str]] | None = ctx.cache.get(key)
    if found is None:
        f = ctx.field
        found = ctx.cache[key] = ([who(f, k, lang) for k in range(len(f.entrants))],
                                  [round_label(lang, r) for r in range(f.rounds + 1)])
    return found


def _adjusted_notes(f: Field, adj: Adjusted, fore: bool, lang: str) -> list[str]:
    """`_adjusted_note` of every participant, each distinct text written once (with Fore Buchholz nearly
    every participant has one, and a few hundred texts serve 2000 participants)."""
    rounds = f.rounds
    written: dict[tuple[tuple[int, ...], bool, int, bool], str] = {}
    notes = []
    for o, drawn in enumerate(adj.drawn):
        if not drawn:
            notes.append("")
            continue
        # everything the note depends on besides the constants (f.rounds, fore, the edition)
        key = (drawn, adj.scores[o] == adj.real[o], adj.real[o], f.entrants[o].opponents[rounds - 1] >= 0)
        text = written.get(key)
        if text is None:
            text = written[key] = _adjusted_note(f, adj, fore, o, lang)
        notes.append(text)
    return notes


def _adjusted_note(f: Field, adj: Adjusted, fore: bool, opponent: int, lang: str) -> str:
    """Why an opponent's score in a Buchholz-type sum is not its real score ("" when it is)."""
    drawn = adj.drawn[opponent]
    if not drawn or adj.scores[opponent] == adj.real[opponent]:
        return ""
    real = units(f, adj.real[opponent])
    rounds = ", ".join(str(r) for r in drawn)
    if adj.pre_2023:
        why = "explain.adjusted.pre-2023"
    elif fore and drawn == (f.rounds,) and f.entrants[opponent].opponents[f.rounds - 1] >= 0:
        why = "explain.adjusted.fore"
    else:
        why = "explain.adjusted.after-last-game"
    return messages(lang)[why].format(score=real, rounds=rounds)


def _describe_slot(f: Field, i: int, slots: SlotRows, k: int, lang: str, note: str) -> str:
    """A slot that is not a game over the board against the opponent whose score it holds: an unplayed
    game counted as played (`note`: what follows the opponent's score, see `_adjusted_note`), or a dummy."""
    e = f.entrants[i]
    r, opponent = slots.rounds[i][k], slots.opponents[i][k]
    reasons = slots.why[i]
    assert reasons is not None  # the row has a slot that is not a game over the board
    why = reasons[k]
    kind = e.kinds[r - 1]
    assert why is not None
    words = messages(lang)
    opp = who(f, opponent, lang) if opponent >= 0 else ""
    return words[_SLOT_MESSAGES[why]].format(round=round_label(lang, r), kind=kind_name(lang, kind),
                                             value=units(f, slots.scores[i][k]), own=units(f, slots.own[i]),
                                             opponent=opp, note=note)


_SLOT_MESSAGES = {COUNTED: "explain.slot.counted", ROUND_ROBIN_ZERO: "explain.slot.round-robin-zero",
                  VIRTUAL: "explain.slot.virtual", OWN: "explain.slot.own", CAP_FORFEIT: "explain.slot.cap-forfeit",
                  CAP_HALF: "explain.slot.cap-half"}


def _terms(ctx: Context, rs: Resolved, fore: bool, products: bool,
           by_contribution: bool = False) -> tuple[SlotRows, Adjusted, TermsTable]:
    """Per participant the terms of a Buchholz-type sum (`products`: SB/ESB, opponent's score x
    own result), cached so that every cut variant reuses them. A cut removes the terms of the
    least (most) significant opponents, by their score (C.07 14); `by_contribution` (seed 003's
    SB cut) ranks the products themselves instead."""
    slots, adj = _slots(ctx, rs, fore)

    def build() -> TermsTable:
        if not products:
            return TermsTable([Terms(scores, scores, vur) for scores, vur in zip(slots.scores, slots.vur, strict=True)])
        out = []
        for e, rounds, scores, vur in zip(ctx.field.entrants, slots.rounds, slots.scores, slots.vur, strict=True):
            own = e.points[rs.own_score]
            contributions = [s * own[r - 1] for r, s in zip(rounds, scores, strict=True)]
            out.append(Terms(contributions, contributions if by_contribution else scores, vur))
        return TermsTable(out)
    key = ("terms", id(slots), products, rs.own_score if products else None, by_contribution)
    return slots, adj, ctx.cached(key, build)


def sum_column(ctx: Context, rs: Resolved, fore: bool, products: bool, note: Callable[[str], str],
               by_contribution: bool = False) -> Column:
    """A Buchholz-type sum with its cut and median modifiers: the opponents' scores (BH, FB) or, with
    `products`, opponent's score x own result (SB, ESB; `by_contribution`: cut by the products, see
    `_terms`); `note` follows the value in the explanation."""
    f = ctx.field
    spec = rs.spec
    keep = ctx.options.keep_at_least
    low, high = spec.cut_low, spec.cut_high
    slots, adj, terms = _terms(ctx, rs, fore, products, by_contribution)
    keys: list[int | Fraction | None] = list(totals_after_cut(terms, low, high, keep))
    power = 2 if products else 1
    scale = f.unit ** power
    own_score = rs.own_score if products else None
    words: dict[str, SlotWords] = {}

    def explain(i: int, lang: str) -> str:
        w = words.get(lang) or words.setdefault(lang, slot_words(ctx, adj, fore, slots, lang))
        t = terms[i]
        if not (low or high):
            return messages(lang)["explain.sum"].format(specifier=spec.canonical, total=ratio(t.total, scale),
                                                        note=note(lang), terms=w.sum(i, own_score))
        c = t.cut(low, high, keep)
        if not c.cut:
            return messages(lang)["explain.sum"].format(specifier=spec.canonical, total=ratio(c.total, scale),
                                                        note=note(lang), terms=w.sum(i, own_score))
        return messages(lang)["explain.sum.cut"].format(
            specifier=spec.canonical, total=ratio(c.total, scale), note=note(lang), terms=w.sum(i, own_score),
            uncut=ratio(t.total, scale), cut=w.cut_values(i, t, c, scale, low))

    def explain_many(indices: list[int], lang: str) -> list[str]:
        """`explain` for many participants, with the column's words bound once."""
        w = words.get(lang) or words.setdefault(lang, slot_words(ctx, adj, fore, slots, lang))
        # the templates called with every value by name: a partial with keywords costs 1.5 us more a call
        plain, code, noted = messages(lang)["explain.sum"].format, spec.canonical, note(lang)
        words_of = w.sum
        rows = terms.rows
        if not (low or high):
            return [plain(specifier=code, note=noted, total=ratio(rows[i].total, scale), terms=words_of(i, own_score))
                    for i in indices]
        with_cut = messages(lang)["explain.sum.cut"].format
        labels, rounds_of, (_, least, most) = w.round_labels, slots.rounds, w.cut_reasons
        clipped: dict[int, tuple[int, int]] = {}  # by number of values: what may really be cut
        out = []
        for i in indices:
            t = rows[i]
            if t.any_vur:  # 16.5: the cut of a voluntarily unplayed round comes first (Terms.cut)
                c = t.cut(low, high, keep)
                if c.cut:
                    out.append(with_cut(specifier=code, note=noted, total=ratio(c.total, scale),
                                        terms=words_of(i, own_score), uncut=ratio(t.total, scale),
                                        cut=w.cut_values(i, t, c, scale, low)))
                else:
                    out.append(plain(specifier=code, note=noted, total=ratio(c.total, scale), terms=words_of(i, own_score)))
                continue
            # as Terms.cut without VUR: the least, then the most significant values go
            values = t.values
            n = len(values)
            lo, hi = clipped.get(n) or clipped.setdefault(n, clip_cuts(n, low, high, keep))
            if not (lo or hi):
                out.append(plain(specifier=code, note=noted, total=ratio(t.total, scale), terms=words_of(i, own_score)))
                continue
            ranked, cumulative, rounds = t.ranked, t.cumulative, rounds_of[i]
            gone = (*ranked[:lo], *ranked[n - hi:][::-1])
            cut_text = ", ".join([labels[rounds[k]] + ratio(values[k], scale) + (least if m < low else most)
                                  for m, k in enumerate(gone)])
            out.append(with_cut(specifier=code, note=noted, total=ratio(cumulative[n - hi] - cumulative[lo], scale),
                                terms=words_of(i, own_score), uncut=ratio(t.total, scale), cut=cut_text))
        return out
    return Column(keys, scale, explain, explain_many)


def no_note(lang: str) -> str:
    return ""


def _buchholz(ctx: Context, rs: Resolved, fore: bool) -> Column:
    if fore:
        why = "explain.note.fore-modifier" if rs.spec.code != "FB" else "explain.note.fore"
        return sum_column(ctx, rs, fore, False, lambda lang: messages(lang)[why])
    return sum_column(ctx, rs, fore, False, no_note)


def buchholz(ctx: Context, rs: Resolved) -> Column:
    return _buchholz(ctx, rs, rs.spec.fore)


def fore_buchholz(ctx: Context, rs: Resolved) -> Column:
    return _buchholz(ctx, rs, True)


def sonneborn_berger(ctx: Context, rs: Resolved) -> Column:
    """SB (9.1) and ESB (13.2): opponent's score x own result, per round; dummy for unplayed rounds."""
    if not ctx.field.is_team:
        return sum_column(ctx, rs, False, True, no_note)

    def note(lang: str) -> str:
        return messages(lang)["explain.note.team-products"].format(
            opponent_score=score_name(rs.score, lang), own_score=score_name(rs.own_score, lang))
    return sum_column(ctx, rs, False, True, note)


def average_of_opponents_buchholz(ctx: Context, rs: Resolved) -> Column:
    """AOB (8.2): mean Buchholz (or Fore Buchholz, /F) of the opponents met over the board."""
    f = ctx.field
    fore = rs.spec.fore
    slots, _ = _slots(ctx, rs, fore)
    bh = slots.totals
    exact = ctx.options.exact_averages
    keys: list[int | Fraction | None] = []
    score_of = bh.__getitem__
    for opponents in opponents_met(ctx):
        if not opponents:
            keys.append(None)
            continue
        total, count = sum(map(score_of, opponents)), len(opponents) * f.unit
        # the mean rounded half up to hundredths: floor(100 * total / count + 1/2)
        keys.append(Fraction(total, count) if exact else (200 * total + count) // (2 * count))

    name = "FB" if fore else "BH"
    terms: dict[str, list[str]] = {}  # per language, each participant as an opponent: "#12 BH 45.5"
    met_all = opponents_met(ctx)

    def explain(i: int, lang: str) -> str:
        return explain_many([i], lang)[0]

    def explain_many(indices: list[int], lang: str) -> list[str]:
        words = messages(lang)
        of = terms.get(lang)
        if of is None:
            names = _labels(ctx, lang)[0]
            of = terms[lang] = [f"{names[o]} {name} {units(f, bh[o])}" for o in range(len(f.entrants))]
        undefined = words["explain.undefined.no-game"].format(code="AOB")
        template, rounded_to = words["explain.aob"].format, words["explain.rounded"].format
        out = []
        for i in indices:
            met = met_all[i]
            if not met:
                out.append(undefined)
                continue
            total, count = sum([bh[o] for o in met]), len(met) * f.unit  # the mean is total / count
            rounded = "" if exact else rounded_to(value=ratio(half_up_div(total * 100, count), 100))
            out.append(template(terms=" + ".join([of[o] for o in met]), count=len(met), value=ratio(total, count),
                                rounded=rounded))
        return out
    return Column(keys, 1 if exact else 100, explain, explain_many)


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

    shift = "" if not spec.limit_shift else (" +" if spec.limit_shift > 0 else " ") + num(spec.limit_shift)
    limit_text, percent_text = num(limit / f.unit), num(percent)

    def explain(i: int, lang: str) -> str:
        return explain_many([i], lang)[0]

    def explain_many(indices: list[int], lang: str) -> list[str]:
        played = _koya_games(ctx, rs.score, lang)
        template = messages(lang)["explain.koya"].format  # every value by name (see sum_column)
        nothing = messages(lang)["explain.nothing"]
        out = []
        for i in indices:
            parts = [text for total, text in played[i] if total >= threshold]
            out.append(template(value=units(f, keys[i] or 0), terms=" + ".join(parts) if parts else nothing,
                                limit=limit_text, percent=percent_text, rounds=games, shift=shift))
        return out
    return Column(keys, f.unit, explain, explain_many)


def _koya_games(ctx: Context, score: int, lang: str) -> list[list[tuple[int, str]]]:
    """Per participant its games with an opponent in words, with the opponent's final score (KS keeps
    those above its limit): the same for KS, KS/L40, KS/L-2, so made once per standings."""
    def build() -> list[list[tuple[int, str]]]:
        f = ctx.field
        names, labels = _labels(ctx, lang)
        game = messages(lang)["explain.koya.game"]
        finals = [e.totals[score] for e in f.entrants]
        shown = UnitTexts(f.unit)
        totals = [shown[total] for total in finals]
        out = []
        for e in f.entrants:
            pts = e.points[score]
            out.append([(finals[o], game.format(round=labels[r + 1], opponent=names[o], opponent_score=totals[o],
                                                points=shown[pts[r]]))
                        for r, o in enumerate(e.opponents) if o >= 0])
        return out
    return ctx.cached(("koya-games", score, lang), build)


def score_strength(ctx: Context, rs: Resolved) -> Column:
    """SSSC (13.4): secondary score + Buchholz on the primary score / K, two decimals."""
    f = ctx.field
    spec = rs.spec
    primary = rs.score
    secondary = GP if primary == MP else MP
    slots, _ = _slots(ctx, rs, spec.fore)
    if spec.divisor is not None:
        k = spec.divisor
    else:  # K = highest primary score achievable / highest secondary score of one match, rounded down
        k = max(1, (f.win[primary] * f.rounds) // f.win[secondary])
    exact = ctx.options.exact_averages
    keys: list[int | Fraction | None] = []
    for i, e in enumerate(f.entrants):
        value = Fraction(e.totals[secondary], f.unit) + Fraction(slots.totals[i], f.unit * k)
        keys.append(value if exact else half_up_div(value.numerator * 100, value.denominator))

    def explain(i: int, lang: str) -> str:
        e = f.entrants[i]
        bh = slots.totals[i]
        return messages(lang)["explain.sssc"].format(
            secondary=units(f, e.totals[secondary]), secondary_name=score_name(secondary, lang), buchholz=units(f, bh),
            buchholz_name="FB" if spec.fore else "BH", primary_name=score_name(primary, lang), divisor=k)
    return Column(keys, 1 if exact else 100, explain)


define("BH", "C", "C.07 8.1", modifiers=_SUM_MODS, compute=buchholz)
define("FB", "D", "C.07 8.3", modifiers=_SUM_MODS, compute=fore_buchholz)
define("AOB", "CC", "C.07 8.2", modifiers=frozenset({reg.FORE, reg.PLAYED, reg.SWISS, reg.EDITION, reg.SCORE}),
       compute=average_of_opponents_buchholz)
define("SB", "BC", "C.07 9.1", modifiers=_SUM_MODS, compute=sonneborn_berger)
define("ESB", "BC", "C.07 13.2", modifiers=(_SUM_MODS - {reg.SCORE}) | {reg.SCORE_PAIR}, compute=sonneborn_berger,
       scope=Scope.TEAM)
define("KS", "BC", "C.07 9.2", modifiers=frozenset({reg.LIMIT, reg.SCORE, reg.SWISS, reg.PLAYED}), compute=koya)
define("SSSC", "BC", "C.07 13.4", modifiers=frozenset({reg.FORE, reg.DIVISOR, reg.PLAYED, reg.SWISS, reg.EDITION}),
       compute=score_strength, scope=Scope.TEAM)
