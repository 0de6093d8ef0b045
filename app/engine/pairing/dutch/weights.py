"""The quality criteria [C6]-[C21] as fields of one exact integer edge weight.

Every criterion counts something good (larger is better) and gets a field wide
enough that no sum over a matching can carry into the field above, so comparing
two matchings by weight compares their criteria lexicographically. The layout,
most significant first: completion [C4] and PAB eligibility (global problem only),
[C6] pairs in the bracket, [C7] scores paired, [C8] pairs and scores in the next
bracket, [C9] the PAB receiver's unplayed games, [C10]-[C13] colours, [C14]-[C17]
repeated floats, [C18]-[C21] the same weighted by score. The phases append their
own tie-break fields (Art. 4 generation order) below these.
"""

from __future__ import annotations

from fractions import Fraction

from app.engine.pairing.dutch.bye import ByeRule
from app.engine.pairing.dutch.pool import PlayerPool
from app.engine.pairing.state import Float, Strength

_D, _U = Float.DOWN, Float.UP


def bits(x: int) -> int:
    """Width of a field that holds values up to x."""
    return max(1, int(x).bit_length())


class CriteriaWeights:
    """Edge weights of the pairs of one round, cached by player signature."""

    def __init__(self, pool: PlayerPool, bye: ByeRule) -> None:
        self.pool = pool
        self.bye = bye
        groups, ps = pool.groups, pool.ps
        # bit layout: per-scoregroup counters, lowest score in the lowest bits
        self.shift: dict[Fraction, int] = {}
        pos = 0
        for g in reversed(groups):
            self.shift[ps[g[0]]] = pos
            pos += bits(len(g))
        self.sg_width = pos
        self.cw = bits(pool.n) + 2  # width of a counter field
        self.layout = self.field_layout()
        self.signature: list[int] = []
        self.cache: dict[tuple[int, int, bool, bool, bool, bool], int] = {}

    def field_layout(self) -> list[tuple[str, int]]:
        """Names and widths of the criteria fields, most significant first (after [C4])."""
        cw, sg = self.cw, self.sg_width
        out = [("C6", cw), ("C7", sg), ("C8", cw), ("C8s", sg), ("C9", 2 * cw),
               ("C10", cw), ("C11", cw), ("C12", cw), ("C13", cw)]
        names = (("C14", "C15"), ("C16", "C17"))
        for k in range(self.pool.rounds_back):
            out += [(names[k][0], cw), (names[k][1], cw)]
        names = (("C18", "C19"), ("C20", "C21"))
        for k in range(self.pool.rounds_back):
            out += [(names[k][0], sg), (names[k][1], sg)]
        return out

    def pair_fields(self, hi: int, li: int, l_in_b: bool, l_in_n: bool) -> list[int]:
        """Criteria values of the pair (higher-ranked hi, lower-ranked li), in the order of
        `field_layout`. Each counts something good, so larger is better."""
        ps = self.pool.ps
        h = self.pool.players[hi]
        lo = self.pool.players[li]
        shift_h = self.shift[ps[hi]]
        # [C6] pairs in the bracket, [C7] scores paired (by the higher player's score),
        # [C8] pairs and scores in the next bracket
        out = [int(l_in_b), (1 << shift_h) if l_in_b else 0, int(l_in_n), (1 << shift_h) if l_in_n else 0]
        # [C9] PAB receiver's unplayed games
        out.append(self.bye.c9_value(hi, li, self.bye.single_bye_bracket))
        rb = self.pool.rounds_back
        if not l_in_b:
            out.extend([0] * (4 + 4 * rb))
            return out
        same_pref = lo.preference is not None and lo.preference is h.preference
        # [C10] topscorers' colour difference beyond 2
        out.append(int(not (same_pref and lo.absolute_imbalance and h.absolute_imbalance)))
        # [C11] topscorers' third colour in a row
        ok = True
        if same_pref and lo.absolute and h.absolute:
            li_imb, hi_imb = abs(lo.colour_difference), abs(h.colour_difference)
            if li_imb == hi_imb:
                ok = lo.repeated_colour is None or lo.repeated_colour is not h.repeated_colour
            else:
                loser = h if li_imb > hi_imb else lo
                assert lo.preference is not None
                ok = loser.repeated_colour is not lo.preference.opposite
        out.append(int(ok))
        # [C12] colour preferences, [C13] strong colour preferences
        out.append(int(not same_pref))
        mild_l = lo.strength in (Strength.NONE, Strength.MILD)
        mild_h = h.strength in (Strength.NONE, Strength.MILD)
        out.append(int(mild_l or mild_h or (lo.absolute and h.absolute) or not same_pref))
        # [C14]-[C17] repeated floats, [C18]-[C21] the same weighted by score
        higher_score = ps[hi] > ps[li]
        for k in range(rb):
            fl, fh = lo.floats[k], h.floats[k]
            out.append((fl is _D) + (not higher_score and fh is _D))
            out.append(int(not (higher_score and fl is _U)))
        for k in range(rb):
            fl, fh = lo.floats[k], h.floats[k]
            out.append(((fl is _D) << self.shift[ps[li]]) + ((fh is _D) << shift_h))
            out.append(0 if (fl is _U and higher_score) else (1 << shift_h))
        return out

    def index_signatures(self) -> None:
        """Players with equal signatures give equal criteria fields (weights are cached).
        Call once the PAB score is known."""
        pool, bye = self.pool, self.bye
        ids: dict[tuple[object, ...], int] = {}
        self.signature = []
        group_of = {}
        for g, members in enumerate(pool.groups):
            for v in members:
                group_of[v] = g
        for v, p in enumerate(pool.players):
            key = (group_of[v], p.preference, p.strength, abs(p.colour_difference), p.repeated_colour, p.floats,
                   bye.c9_rank[v] if pool.ps[v] == bye.bye_score else -1, bye.not_candidate[v])
            self.signature.append(ids.setdefault(key, len(ids)))
        self.cache = {}

    def completion(self, hi: int, li: int) -> int:
        """[C4] field: pairs made, with PAB-ineligible players counting more (only one
        eligible player may stay unpaired)."""
        return 1 + self.bye.not_candidate[hi] + self.bye.not_candidate[li]

    def base(self, hi: int, li: int, l_in_b: bool, l_in_n: bool, global_problem: bool) -> int:
        """The criteria fields packed into one integer (completion first when global)."""
        key = (self.signature[hi], self.signature[li], l_in_b, l_in_n, global_problem, self.bye.single_bye_bracket)
        w = self.cache.get(key)
        if w is not None:
            return w
        w = self.completion(hi, li) if global_problem else 0
        for value, (_name, width) in zip(self.pair_fields(hi, li, l_in_b, l_in_n), self.layout, strict=True):
            w = (w << width) | value
        self.cache[key] = w
        return w

    def lower(self, hi: int, li: int) -> int:
        """Edges that touch the lower brackets: completion only (global problem)."""
        cw, sg = self.cw, self.sg_width
        w = self.completion(hi, li) << (cw + sg + cw + sg)
        w = (w << (2 * cw)) | self.bye.c9_value(hi, li, self.bye.single_bye_initial)
        return w << (4 * cw + (2 * cw + 2 * sg) * self.pool.rounds_back)
