"""The FIDE Dutch system (C.04.3, 2026 text): bracket-by-bracket pairing.

How the rules become matchings
------------------------------
Brackets are paired from the top scoregroup down (C.04.3 1.9). For a bracket B
(moved-down players M first, then the residents R) and the next scoregroup N,
every criterion is a field of one integer edge weight, most significant first:

  completion [C4] and PAB eligibility [C2]/[C5] (only in the global problem)
  > pairs in B [C6] > scores of the paired MDPs [C7] > pairs and scores in the
  next bracket [C8] > PAB receiver's unplayed games [C9] > colours [C10]-[C13]
  > repeated floats [C14]-[C17] > score-weighted repeated floats [C18]-[C21]
  > the generation order of Art. 3-4 (tie-break fields).

A maximum-weight matching therefore optimises the criteria lexicographically, and
the tie-break fields pick, among equally good pairings, the one the Art. 4
generation order meets first: the smallest set of paired MDPs (4.4), their
highest-ranked opponents (4.2), the fewest and smallest exchanges (4.3), and the
lexicographically first transposition (4.2).

Each bracket is solved in two phases: first the MDPs (which ones, and against
whom), then the remainder (a homogeneous bracket with its own S1/S2).

Keeping the problems small
--------------------------
A phase is first solved on the bracket alone, where a player may stay unpaired
("float down"). That answer is accepted when its downfloaters reach the best
next bracket conceivable ([C8]) and everybody left can still be paired ([C4]);
otherwise the phase is solved on bracket + next scoregroup (accepted when the
rest can be completed), and as a last resort on all remaining players with the
completion field. The lower brackets only enter the global problem through
completion, so an accepted smaller answer is the global one.

For the remainder, the usual case needs no exchange: an S1-S2 optimum that is as
good as the best pairing of the whole remainder has the tops S1. The optimal
pairings with given tops are then exactly the pairings on the tight edges of the
bipartite optimum that cover every player with a positive dual, and the
transposition order is applied on that graph with augmenting paths, without
another matching. The lexicographic tie-break field is the fallback.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from app.engine.errors import UnpairableError
from app.engine.model import Colour
from app.engine.pairing.cardinality import MaskGraph, maximum_matching
from app.engine.pairing.matching import max_weight_matching, max_weight_matching_with_duals
from app.engine.pairing.state import Float, PlayerState, RoundState, Strength

_D, _U = Float.DOWN, Float.UP


@dataclass
class BracketRecord:
    """What happened in one bracket (for explanations)."""

    score: Fraction  # pairing score of the residents
    residents: list[int]
    moved_down: list[int]  # MDPs entering the bracket
    paired_moved_down: list[int]
    downfloaters: list[int]  # players leaving the bracket
    pairs: list[tuple[int, int]]
    method: str  # "bracket" or "global" (completion needed the whole pool)


@dataclass
class DutchOutcome:
    pairs: list[tuple[PlayerState, PlayerState]]  # (higher-ranked, lower-ranked)
    bye: PlayerState | None
    brackets: list[BracketRecord] = field(default_factory=list)
    bye_score: Fraction | None = None


def _bits(x: int) -> int:
    return max(1, int(x).bit_length())


class DutchPairer:
    """Pairs one round. `pair()` returns the pairs (unordered colours) and the PAB."""

    def __init__(self, state: RoundState) -> None:
        self.state = state
        self.players: list[PlayerState] = state.players
        n = self.n = len(self.players)
        ps = [p.pairing_score for p in self.players]
        self.ps = ps
        # scoregroups in pairing order (C.04.3 1.3.1)
        groups: list[list[int]] = []
        for i in range(n):
            if groups and ps[groups[-1][0]] == ps[i]:
                groups[-1].append(i)
            else:
                groups.append([i])
        self.groups = groups
        # bit layout: per-scoregroup counters, lowest score in the lowest bits
        self.shift: dict[Fraction, int] = {}
        pos = 0
        for g in reversed(groups):
            self.shift[ps[g[0]]] = pos
            pos += _bits(len(g))
        self.sg_width = pos
        self.cw = _bits(n) + 2  # width of a counter field
        # incompatibilities ([C1] and [C3])
        index = {p.id: i for i, p in enumerate(self.players)}
        self.index = index
        self.banned: list[set[int]] = [set() for _ in range(n)]
        for i, p in enumerate(self.players):
            for o in p.opponents:
                j = index.get(o)
                if j is not None:
                    self.banned[i].add(j)
            for o in state.forbidden.get(p.id, ()):
                j = index.get(o)
                if j is not None and j != i:
                    self.banned[i].add(j)
                    self.banned[j].add(i)
        self.colour_class = [0] * n  # 1: absolute White, 2: absolute Black (non-topscorers)
        for i, p in enumerate(self.players):
            if p.absolute and not (state.last_round and p.topscorer):
                self.colour_class[i] = 1 if p.preference is Colour.WHITE else 2
        full = (1 << n) - 1
        class_mask = [0, 0, 0]
        for i, c in enumerate(self.colour_class):
            class_mask[c] |= 1 << i
        adjacency = []
        for i in range(n):
            banned = 1 << i
            for j in self.banned[i]:
                banned |= 1 << j
            if self.colour_class[i]:
                banned |= class_mask[self.colour_class[i]]
            adjacency.append(full & ~banned)
        self.graph = MaskGraph(adjacency)
        self.rounds_back = min(2, state.round_number - 1)
        self.odd = n % 2 == 1
        self.bye_score: Fraction | None = None
        self.not_candidate = [0] * n
        self.c9_rank = [0] * n
        self.single_bye_bracket = False
        self.single_bye_initial = False
        self.c9_varies = False
        self.layout = self.field_layout()

    # -- compatibility and completion -----------------------------------------

    def compatible(self, i: int, j: int) -> bool:
        if j in self.banned[i]:
            return False
        ci = self.colour_class[i]
        return not (ci and ci == self.colour_class[j])

    def completable(self, vertices: Sequence[int], bye_limit: Fraction | None,
                    apart: set[int] | None = None) -> bool:
        """Can `vertices` all be paired ([C1]-[C3]), leaving at most one PAB-eligible
        player whose pairing score is at most `bye_limit` (None: any eligible)?
        Players in `apart` may not be paired with each other."""
        if not vertices:
            return True
        graph = self.graph
        if apart:
            apart_mask = 0
            for v in apart:
                apart_mask |= 1 << v
            adj = graph.adj
            graph = MaskGraph([a & ~apart_mask if apart_mask >> i & 1 else a for i, a in enumerate(adj)])
        extra = 0
        if len(vertices) % 2:
            for v in vertices:
                if self.players[v].bye_eligible and (bye_limit is None or self.ps[v] <= bye_limit):
                    extra |= 1 << v
            if not extra:
                return False
        return graph.perfect_matching(list(vertices), extra)

    def _unpairable_reason(self) -> str:
        """Plain-English diagnosis for C.04.3 1.9 (no complete round-pairing exists)."""
        n = self.n
        text = (f"no pairing of the {n} players to pair satisfies the absolute criteria "
                "([C1] no rematch or forbidden pair, [C2] PAB eligibility, [C3] absolute colour preferences)")
        isolated = [self.players[i].id for i in range(n) if not any(self.compatible(i, j) for j in range(n) if j != i)]
        if isolated:
            text += "; no possible opponent for player(s) " + ", ".join(map(str, isolated))
        if self.odd and not any(p.bye_eligible for p in self.players):
            text += "; the number of players is odd and nobody may receive the pairing-allocated bye"
        return text + ". The chief arbiter has to decide (C.04.3 1.9)."

    # -- bye score and C9 set-up ------------------------------------------------

    def _prepare_bye(self) -> None:
        everyone = list(range(self.n))
        if not self.odd:
            if not self.completable(everyone, None):
                raise UnpairableError(self._unpairable_reason())
            return
        scores = sorted({self.ps[i] for i in everyone if self.players[i].bye_eligible})
        chosen = None
        for s in scores:
            if self.completable(everyone, s):
                chosen = s
                break
        if chosen is None:
            raise UnpairableError(self._unpairable_reason())
        self.bye_score = chosen  # [C5]
        for i, p in enumerate(self.players):
            self.not_candidate[i] = 0 if (p.bye_eligible and self.ps[i] <= chosen) else 1
        # [C9]: rank players on the PAB score by games played (more games, lower rank)
        counts = sorted((p.played_games for i, p in enumerate(self.players) if self.ps[i] == chosen),
                        reverse=True)
        rank_of: dict[int, int] = {}
        for r, c in enumerate(counts):
            rank_of[c] = r
        for i, p in enumerate(self.players):
            if self.ps[i] == chosen:
                self.c9_rank[i] = rank_of[p.played_games]
        top = self.groups[0]
        if chosen >= self.ps[0] and len(top) % 2 == 1:
            rest = [i for i in everyone if self.ps[i] < self.ps[0]]
            self.single_bye_initial = self.completable(top, chosen) and self.completable(rest, chosen)
        self.single_bye_bracket = self.single_bye_initial
        self.c9_varies = len({self.c9_rank[i] for i in everyone if self.ps[i] == chosen}) > 1

    def _c9_active(self) -> bool:
        """[C9] can tell pairings apart here: it is in force ([C9] bracket, or the PAB
        comes from the top scoregroup) and the candidates differ in games played."""
        return (self.single_bye_bracket or self.single_bye_initial) and self.c9_varies

    # -- edge weights -----------------------------------------------------------

    def field_layout(self) -> list[tuple[str, int]]:
        """Names and widths of the criteria fields, most significant first (after [C4])."""
        cw, sg = self.cw, self.sg_width
        out = [("C6", cw), ("C7", sg), ("C8", cw), ("C8s", sg), ("C9", 2 * cw),
               ("C10", cw), ("C11", cw), ("C12", cw), ("C13", cw)]
        names = (("C14", "C15"), ("C16", "C17"))
        for k in range(self.rounds_back):
            out += [(names[k][0], cw), (names[k][1], cw)]
        names = (("C18", "C19"), ("C20", "C21"))
        for k in range(self.rounds_back):
            out += [(names[k][0], sg), (names[k][1], sg)]
        return out

    def pair_fields(self, hi: int, li: int, l_in_b: bool, l_in_n: bool) -> list[int]:
        """Criteria values of the pair (higher-ranked hi, lower-ranked li), in the order of
        `field_layout`. Each counts something good, so larger is better."""
        ps = self.ps
        h = self.players[hi]
        lo = self.players[li]
        shift_h = self.shift[ps[hi]]
        # [C6] pairs in the bracket, [C7] scores paired (by the higher player's score),
        # [C8] pairs and scores in the next bracket
        out = [int(l_in_b), (1 << shift_h) if l_in_b else 0, int(l_in_n), (1 << shift_h) if l_in_n else 0]
        # [C9] PAB receiver's unplayed games
        c9 = 0
        if self.single_bye_bracket and self.bye_score is not None:
            if ps[hi] == self.bye_score:
                c9 += self.c9_rank[hi]
            if ps[li] == self.bye_score:
                c9 += self.c9_rank[li]
        out.append(c9)
        rb = self.rounds_back
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

    def _signatures(self) -> None:
        """Players with equal signatures give equal criteria fields (weights are cached)."""
        ids: dict[tuple[object, ...], int] = {}
        self.signature = []
        group_of = {}
        for g, members in enumerate(self.groups):
            for v in members:
                group_of[v] = g
        for v, p in enumerate(self.players):
            key = (group_of[v], p.preference, p.strength, abs(p.colour_difference), p.repeated_colour,
                   p.floats, self.c9_rank[v] if self.ps[v] == self.bye_score else -1, self.not_candidate[v])
            self.signature.append(ids.setdefault(key, len(ids)))
        self.weight_cache: dict[tuple[int, int, bool, bool, bool, bool], int] = {}

    def _base_weight(self, hi: int, li: int, l_in_b: bool, l_in_n: bool, global_problem: bool) -> int:
        """The criteria fields packed into one integer (completion first when global)."""
        key = (self.signature[hi], self.signature[li], l_in_b, l_in_n, global_problem, self.single_bye_bracket)
        w = self.weight_cache.get(key)
        if w is not None:
            return w
        w = (1 + self.not_candidate[hi] + self.not_candidate[li]) if global_problem else 0
        for value, (_name, width) in zip(self.pair_fields(hi, li, l_in_b, l_in_n), self.layout, strict=True):
            w = (w << width) | value
        self.weight_cache[key] = w
        return w

    def _lower_weight(self, hi: int, li: int) -> int:
        """Edges that touch the lower brackets: completion only (global problem)."""
        w = 1 + self.not_candidate[hi] + self.not_candidate[li]
        cw, sg = self.cw, self.sg_width
        w <<= cw + sg + cw + sg
        c9 = 0
        if self.single_bye_initial and self.bye_score is not None:
            if self.ps[hi] == self.bye_score:
                c9 += self.c9_rank[hi]
            if self.ps[li] == self.bye_score:
                c9 += self.c9_rank[li]
        w = (w << (2 * cw)) | c9
        return w << (4 * cw + (2 * cw + 2 * sg) * self.rounds_back)

    # -- solving one phase ------------------------------------------------------

    def _solve(self, bracket: list[int], n_mdp: int, nxt: list[int], lower: list[int],
               room_width: int, room: dict[tuple[int, int], int], skip: set[tuple[int, int]],
               method: list[str], certificate: dict[str, object] | None = None) -> dict[int, int]:
        """Best pairing of the bracket; returns the partner of each paired vertex.

        Three problems of growing size, the first whose answer passes its check wins:
        1. the bracket alone (the downfloaters must then pair into the next
           scoregroup as well as possible at all, [C8], and the rest must complete, [C4]);
        2. bracket + next scoregroup (the rest must complete, [C4]);
        3. all remaining players with the completion field (always right).
        """
        in_b = set(bracket)
        mdps = set(bracket[:n_mdp])
        # with [C9] in force the next scoregroup counts too, unless there is none
        levels = [2, 3] if self._c9_active() and nxt else [1, 2, 3]
        for level in levels:
            if level == 1:
                vertices = bracket
            elif level == 2:
                vertices = bracket + nxt
            else:
                vertices = bracket + nxt + lower
            n_active = len(bracket) + len(nxt)
            global_problem = level == 3
            edges: list[tuple[int, int, int]] = []
            for a in range(len(vertices)):
                va = vertices[a]
                for b in range(a + 1, len(vertices)):
                    vb = vertices[b]
                    hi, li = (va, vb) if va < vb else (vb, va)
                    if (hi, li) in skip or (hi in mdps and li in mdps) or not self.compatible(hi, li):
                        continue
                    if b < n_active:
                        li_in_b = li in in_b
                        w = self._base_weight(hi, li, li_in_b, not li_in_b, global_problem)
                        w = (w << room_width) | room.get((hi, li), 0)
                    else:
                        w = self._lower_weight(hi, li) << room_width
                    edges.append((a, b, w))
            if certificate is not None and level == 1:
                mate, duals, blossoms = max_weight_matching_with_duals(len(vertices), edges)
                certificate.update(level=1, duals={vertices[k]: d for k, d in enumerate(duals)},
                                   blossoms=blossoms)
            else:
                mate = max_weight_matching(len(vertices), edges)
                if certificate is not None:
                    certificate.update(level=level)
            partner = {vertices[k]: vertices[m] for k, m in enumerate(mate) if m >= 0}
            if level == 3:
                left = [v for v in vertices if v not in partner]
                if len(left) > (1 if self.odd else 0):
                    raise UnpairableError("no pairing satisfies the absolute criteria")
                method.append("global")
                return partner
            if level == 1:
                downfloaters = [v for v in bracket if v not in partner]
                if self._lookahead_ok(downfloaters, nxt, lower):
                    method.append("bracket")
                    return partner
                continue
            leftover = [v for v in vertices if v not in partner] + lower
            if self.completable(leftover, self.bye_score):
                method.append("bracket+next")
                return partner
        raise AssertionError("unreachable")

    def _lookahead_ok(self, downfloaters: list[int], nxt: list[int], lower: list[int]) -> bool:
        """Do the downfloaters reach the best conceivable next bracket ([C8]: all of them
        paired there, and as many pairs as its size allows) while everybody else can
        still be paired ([C4])?"""
        if not nxt:
            return self.completable(downfloaters + lower, self.bye_score)
        if len(downfloaters) > len(nxt):
            return False
        verts = downfloaters + nxt
        k = len(verts)
        nd = len(downfloaters)
        compatible = self.compatible

        def neighbours(a: int) -> list[int]:
            va = verts[a]
            start = nd if a < nd else 0
            return [b for b in range(start, k) if b != a and compatible(va, verts[b])]

        mate = maximum_matching(k, neighbours)
        left = [verts[a] for a in range(k) if mate[a] == -1]
        if len(left) > 1 or any(v in downfloaters for v in left):
            return False
        return self.completable(left + lower, self.bye_score)

    def _max_pairs(self, vertices: list[int]) -> int:
        """Size of a maximum matching of `vertices` ([C1]-[C3] only)."""
        return self.graph.maximum_matching_size(vertices)

    def pair(self) -> DutchOutcome:
        self._prepare_bye()
        self._signatures()
        groups = self.groups
        records: list[BracketRecord] = []
        pairs: list[tuple[int, int]] = []
        current = list(groups[0])
        n_mdp = 0
        gi = 1
        while len(current) > 1 or gi < len(groups):
            nxt = list(groups[gi]) if gi < len(groups) else []
            gi += 1
            lower = [v for g in groups[gi:] for v in g]
            record, bracket_pairs, downfloaters = self._pair_bracket(current, n_mdp, nxt, lower)
            records.append(record)
            pairs.extend(bracket_pairs)
            self.single_bye_bracket = self._closed_next_bracket(downfloaters, nxt, lower)
            current = downfloaters + nxt
            n_mdp = len(downfloaters)
        bye = None
        if current:
            if len(current) > 1 or not self.odd:
                raise UnpairableError("no pairing satisfies the absolute criteria")
            bye = self.players[current[0]]
        return DutchOutcome([(self.players[a], self.players[b]) for a, b in pairs], bye, records,
                            self.bye_score)

    def evaluate(self, partner: dict[int, int]) -> list[tuple[Fraction, list[int], int]]:
        """Criteria values of a complete round-pairing, bracket by bracket, as the
        procedure sees them: (bracket score, summed fields of `field_layout`, pairs in
        the bracket). `partner` maps vertex -> vertex for every pair."""
        self._prepare_bye()
        self._signatures()
        groups = self.groups
        out: list[tuple[Fraction, list[int], int]] = []
        current = list(groups[0])
        n_mdp = 0
        gi = 1
        while len(current) > 1 or gi < len(groups):
            nxt = list(groups[gi]) if gi < len(groups) else []
            gi += 1
            lower = [v for g in groups[gi:] for v in g]
            in_b = set(current)
            mdps = set(current[:n_mdp])
            in_n = set(nxt)
            sums = [0] * len(self.layout)
            paired: set[int] = set()
            for a in current:
                b = partner.get(a, -1)
                if a < b and b in in_b and not (a in mdps and b in mdps):
                    paired.update((a, b))
                    sums = [x + y for x, y in zip(sums, self.pair_fields(a, b, True, False), strict=True)]
            downfloaters = [v for v in current if v not in paired]
            for a in downfloaters + nxt:
                b = partner.get(a, -1)
                if b in in_n and a < b:
                    sums = [x + y for x, y in zip(sums, self.pair_fields(a, b, False, True), strict=True)]
            score = self.ps[current[n_mdp]] if n_mdp < len(current) else self.ps[current[0]]
            out.append((score, sums, len(paired) // 2))
            self.single_bye_bracket = self._closed_next_bracket(downfloaters, nxt, lower)
            current = downfloaters + nxt
            n_mdp = len(downfloaters)
            if not paired and not nxt:
                break
        return out

    def _pair_bracket(self, bracket: list[int], n_mdp: int, nxt: list[int], lower: list[int]
                      ) -> tuple[BracketRecord, list[tuple[int, int]], list[int]]:
        mdps = bracket[:n_mdp]
        residents = bracket[n_mdp:]
        method: list[str] = []
        mdp_pairs: list[tuple[int, int]] = []
        if mdps and residents:
            # Phase 1 (Art. 3.2.2, 4.4): which MDPs are paired, and against whom.
            nm, nr = len(mdps), len(residents)
            kb = _bits(nr + 1)
            room: dict[tuple[int, int], int] = {}
            for i, m in enumerate(mdps):
                for j, r in enumerate(residents):
                    room[(m, r)] = ((1 << (nm - 1 - i)) << (kb * nm)) | ((nr - j) << (kb * (nm - 1 - i)))
            partner = self._solve(bracket, n_mdp, nxt, lower, nm + kb * nm, room, set(), method)
            res_set = set(residents)
            for m in mdps:
                mate = partner.get(m)
                if mate is not None and mate in res_set:
                    mdp_pairs.append((m, mate))
        paired_res = {r for _, r in mdp_pairs}
        paired_mdp = {m for m, _ in mdp_pairs}
        limbo = [m for m in mdps if m not in paired_mdp]
        remainder = [r for r in residents if r not in paired_res]
        remainder_pairs: list[tuple[int, int]] = []
        if len(remainder) >= 2:
            # S1 size = pairs the remainder gives ([C6] with the MDP pairs fixed): try the
            # largest conceivable number, and correct it if the optimum pairs fewer.
            n_pairs = self._max_pairs(remainder)
            while True:
                remainder_pairs = self._pair_remainder(limbo, remainder, n_pairs, nxt, lower, method)
                if len(remainder_pairs) == n_pairs:
                    break
                n_pairs = len(remainder_pairs)
        bracket_pairs = mdp_pairs + remainder_pairs
        paired = {v for pr in bracket_pairs for v in pr}
        downfloaters = [v for v in bracket if v not in paired]
        record = BracketRecord(
            score=self.ps[residents[0]] if residents else self.ps[bracket[0]],
            residents=[self.players[v].id for v in residents],
            moved_down=[self.players[v].id for v in mdps],
            paired_moved_down=[self.players[m].id for m, _ in mdp_pairs],
            downfloaters=[self.players[v].id for v in downfloaters],
            pairs=[(self.players[a].id, self.players[b].id) for a, b in bracket_pairs],
            method=max(method, key=["bracket", "bracket+next", "global"].index) if method else "bracket")
        return record, bracket_pairs, downfloaters

    def _pair_remainder(self, limbo: list[int], remainder: list[int], n_pairs: int, nxt: list[int],
                        lower: list[int], method: list[str]) -> list[tuple[int, int]]:
        """Homogeneous pairing of the remainder (Art. 3.3-3.7, 4.2-4.3) as tie-break fields.

        The exchange fields (4.3) fix who are the tops (the S1 side after exchanges);
        the transposition order (4.2) then gives each top, in order, the first
        partner that still allows an optimal pairing. That last step is done on the
        tight edges of the optimum when its vertex duals certify it, and otherwise
        by one more matching with a lexicographic field."""
        size = len(remainder)
        s1 = n_pairs
        s2 = size - s1
        cw = self.cw
        kb = _bits(size + 1)
        sum_w = _bits(size * size) + 1
        x_w = s1 + _bits(s1) + 1
        y_w = s2 + _bits(s2) + 1
        head_width = cw + sum_w + x_w + y_w
        heads: dict[tuple[int, int], int] = {}
        for pu in range(size):
            u = remainder[pu]
            in_s1 = pu < s1
            top_count = 1 if in_s1 else 0  # 4.3.1 fewest exchanges
            sum_part = size - pu  # 4.3.2 smallest sum of BSNs moved up
            x_part = ((1 << s1) - (1 << pu)) if in_s1 else (1 << s1)  # 4.3.3 lowest S1 players go down
            y_part = (1 << (s2 - 1 - (pu - s1))) if not in_s1 else 0  # 4.3.4 highest S2 players go up
            head = ((((top_count << sum_w) | sum_part) << x_w | x_part) << y_w) | y_part
            for pv in range(pu + 1, size):
                heads[(u, remainder[pv])] = head
        sub = limbo + remainder
        skip = {(m, r) if m < r else (r, m) for m in limbo for r in remainder}
        rem_set = set(remainder)
        if not self._c9_active() or not nxt:
            straight = self._without_exchanges(remainder, s1, heads, head_width)
            if straight is not None:
                paired = {v for pr in straight for v in pr}
                if self._lookahead_ok([v for v in sub if v not in paired], nxt, lower):
                    method.append("bracket")
                    return straight
        certificate: dict[str, object] = {}
        partner = self._solve(sub, len(limbo), nxt, lower, head_width, heads, skip, method, certificate)
        if certificate.get("level") == 1:
            duals = certificate["duals"]
            assert isinstance(duals, dict)
            if certificate.get("blossoms"):
                # The tops are known now: the problem left is bipartite (tops against
                # the others), where vertex duals alone certify the optimum.
                partner, duals = self._bipartite_optimum(remainder, partner, heads, head_width)
            pairs = self._first_transposition(remainder, partner, duals, heads, head_width)
            paired = {v for pr in pairs for v in pr}
            if self._lookahead_ok([v for v in sub if v not in paired], nxt, lower):
                return pairs
        lex_w = kb * size
        room: dict[tuple[int, int], int] = {}
        for pu in range(size):
            for pv in range(pu + 1, size):
                key = (remainder[pu], remainder[pv])
                room[key] = (heads[key] << lex_w) | ((size - pv) << (kb * (size - 1 - pu)))  # 4.2
        partner = self._solve(sub, len(limbo), nxt, lower, head_width + lex_w, room, skip, method)
        out = []
        for u in remainder:
            mate = partner.get(u)
            if mate is not None and mate in rem_set and u < mate:
                out.append((u, mate))
        return out

    def _without_exchanges(self, remainder: list[int], s1: int, heads: dict[tuple[int, int], int],
                           head_width: int) -> list[tuple[int, int]] | None:
        """The usual case: the best pairing of the remainder needs no exchange (4.3).

        Pair S1 against S2 on the criteria alone. If every S1 player is paired and
        this is as good as the best pairing of the whole remainder, its tops are S1,
        which no exchange can improve (4.3.1); the optimal pairings with these tops are
        those of the bipartite problem, characterised by its vertex duals, and the
        transposition order (4.2) is applied on their tight edges. Returns None when
        this does not hold."""
        if s1 == 0:
            return None
        size = len(remainder)
        edges = []
        for a in range(s1):
            u = remainder[a]
            for b in range(s1, size):
                v = remainder[b]
                if self.compatible(u, v):
                    edges.append((a, b, self._base_weight(u, v, True, False, False)))
        mate, duals, _blossoms = max_weight_matching_with_duals(size, edges)
        if any(mate[a] < 0 for a in range(s1)):
            return None
        if not self._duals_cover_remainder(remainder, s1, duals):
            # Vertex duals cannot show it (typically an odd remainder): compare with the
            # best pairing of the whole remainder on the criteria alone.
            weight = {(a, b): w for a, b, w in edges}
            bipartite_value = sum(weight[(a, mate[a])] for a in range(s1))
            general = [(a, b, self._base_weight(remainder[a], remainder[b], True, False, False))
                       for a in range(size) for b in range(a + 1, size)
                       if self.compatible(remainder[a], remainder[b])]
            best = max_weight_matching(size, general)
            general_weight = {(a, b): w for a, b, w in general}
            if bipartite_value != sum(general_weight[(a, best[a])] for a in range(size) if best[a] > a):
                return None
        y = {remainder[k]: d << head_width for k, d in enumerate(duals)}
        for a in range(s1):
            u = remainder[a]
            y[u] += 2 * heads[(u, remainder[a + 1])]
        partner = {remainder[k]: remainder[m] for k, m in enumerate(mate) if m >= 0}
        return self._first_transposition(remainder, partner, y, heads, head_width)

    def _duals_cover_remainder(self, remainder: list[int], s1: int, duals: list[int]) -> bool:
        """Do the S1-S2 duals also satisfy the pairs inside S1 and inside S2 (then the
        S1-S2 optimum is optimal for the whole remainder)?"""
        size = len(remainder)
        for lo, hi in ((0, s1), (s1, size)):
            for a in range(lo, hi):
                u = remainder[a]
                da = duals[a]
                for b in range(a + 1, hi):
                    v = remainder[b]
                    if da + duals[b] < 2 * self._base_weight(u, v, True, False, False) and self.compatible(u, v):
                        return False
        return True

    def _bipartite_optimum(self, remainder: list[int], partner: dict[int, int],
                           heads: dict[tuple[int, int], int], head_width: int
                           ) -> tuple[dict[int, int], dict[int, int]]:
        pos = {v: k for k, v in enumerate(remainder)}
        rem_set = set(remainder)
        top_set = {u for u in remainder if partner.get(u, -1) in rem_set and pos[partner[u]] > pos[u]}
        edges = []
        for a, u in enumerate(remainder):
            if u not in top_set:
                continue
            for b in range(a + 1, len(remainder)):
                v = remainder[b]
                if v not in top_set and self.compatible(u, v):
                    edges.append((a, b, (self._base_weight(u, v, True, False, False) << head_width) | heads[(u, v)]))
        mate, duals, _blossoms = max_weight_matching_with_duals(len(remainder), edges)
        return ({remainder[k]: remainder[m] for k, m in enumerate(mate) if m >= 0},
                {remainder[k]: d for k, d in enumerate(duals)})

    def _first_transposition(self, remainder: list[int], partner: dict[int, int], duals: dict[int, int],
                             heads: dict[tuple[int, int], int], head_width: int) -> list[tuple[int, int]]:
        """Among the optimal pairings (those on tight edges covering every player with a
        positive dual), the one whose tops take, in order, their earliest partners."""
        pos = {v: k for k, v in enumerate(remainder)}
        rem_set = set(remainder)
        tops = [u for u in remainder if partner.get(u, -1) in rem_set and pos[partner[u]] > pos[u]]
        top_set = set(tops)
        others = [v for v in remainder if v not in top_set]
        must_cover = {v for v in others if duals[v] > 0}
        tight: dict[int, list[int]] = {}
        tight_rev: dict[int, list[int]] = {v: [] for v in others}
        for t in tops:
            row = []
            for j in others:
                if pos[j] > pos[t] and self.compatible(t, j):
                    w = (self._base_weight(t, j, True, False, False) << head_width) | heads[(t, j)]
                    if duals[t] + duals[j] == 2 * w:
                        row.append(j)
                        tight_rev[j].append(t)
            tight[t] = row
        mate: dict[int, int] = {}
        for t in tops:
            mate[t] = partner[t]
            mate[partner[t]] = t
        fixed: set[int] = set()

        def rematch_top(start: int) -> bool:
            """Augmenting path from the unmatched top `start` to a free player."""
            via_top: dict[int, int] = {}  # other player -> top that reached it
            via_other: dict[int, int] = {}  # top -> its mate through which it was reached
            queue = deque([start])
            seen = {start}
            while queue:
                x = queue.popleft()
                for k in tight[x]:
                    if k in fixed or k in via_top:
                        continue
                    via_top[k] = x
                    if k not in mate:
                        while True:
                            y = via_top[k]
                            previous = via_other.get(y)
                            mate[y] = k
                            mate[k] = y
                            if y == start:
                                return True
                            assert previous is not None
                            k = previous
                    y = mate[k]
                    if y not in seen and y not in fixed:
                        seen.add(y)
                        via_other[y] = k
                        queue.append(y)
            return False

        def recover(start: int) -> bool:
            """Give the unpaired must-cover player `start` a top, shifting partners along
            tight edges until a player who may stay unpaired is released."""
            via: dict[int, int] = {}  # top -> the player it takes over
            owner: dict[int, int] = {}  # player -> its current top
            queue = deque([start])
            seen = {start}
            while queue:
                k = queue.popleft()
                for x in tight_rev[k]:
                    if x in fixed or x in via:
                        continue
                    via[x] = k
                    released = mate[x]
                    if released not in must_cover:
                        y = x
                        while True:
                            taken = via[y]
                            mate[y] = taken
                            mate[taken] = y
                            if taken == start:
                                break
                            y = owner[taken]
                        del mate[released]
                        return True
                    if released not in seen:
                        seen.add(released)
                        owner[released] = x
                        queue.append(released)
            return False

        for t in tops:
            for j in tight[t]:
                if j in fixed:
                    continue
                if mate[t] == j:
                    fixed.update((t, j))
                    break
                saved = dict(mate)
                j0 = mate.pop(t)
                del mate[j0]
                i1 = mate.pop(j, None)
                if i1 is not None:
                    del mate[i1]
                mate[t] = j
                mate[j] = t
                fixed.update((t, j))
                ok = i1 is None or rematch_top(i1)
                if ok and j0 not in mate and j0 in must_cover:
                    ok = recover(j0)
                if ok:
                    break
                fixed.difference_update((t, j))
                mate = saved
        return [(t, mate[t]) for t in tops]

    def _closed_next_bracket(self, downfloaters: list[int], nxt: list[int], lower: list[int]) -> bool:
        """Whether the next bracket (downfloaters + next scoregroup) can be paired inside
        itself except for the PAB receiver while everybody below is paired below
        (the condition under which [C9] applies to that bracket)."""
        if not self.odd or not nxt or self.bye_score is None or self.bye_score < self.ps[nxt[0]]:
            return False
        if not self.completable(lower, None):
            return False
        return self.completable(downfloaters + nxt, self.bye_score, set(downfloaters))
