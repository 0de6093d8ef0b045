"""The homogeneous remainder of a bracket (Art. 3.3-3.7, 4.2-4.3).

The exchange fields (4.3) fix who are the tops (the S1 side after exchanges); the
transposition order (4.2) then gives each top, in order, the first partner that
still allows an optimal pairing.

The usual case needs no exchange: an S1-S2 optimum that is as good as the best
pairing of the whole remainder has the tops S1. The optimal pairings with given
tops are then exactly the pairings on the tight edges of the bipartite optimum
that cover every player with a positive dual, and the transposition order is
applied on that graph (`transposition`), without another matching. When the
exchanges matter, the weighted matching with the exchange fields gives the tops,
and its vertex duals certify the optimum when no blossom carries dual (else the
bipartite problem of the tops is solved for its duals). The lexicographic
tie-break field of the transposition order is the fallback.
"""

from __future__ import annotations

from collections.abc import Callable

from app.engine.pairing.dutch.bye import ByeRule
from app.engine.pairing.dutch.phase import BRACKET, Certificate, PhaseSolver
from app.engine.pairing.dutch.pool import PlayerPool
from app.engine.pairing.dutch.straight import StraightSolver
from app.engine.pairing.dutch.transposition import TranspositionSearch
from app.engine.pairing.dutch.weights import CriteriaWeights, bits
from app.engine.pairing.matching import classes, max_weight_matching, max_weight_matching_with_duals

Pairs = list[tuple[int, int]]


class RemainderPairer:
    def __init__(self, pool: PlayerPool, bye: ByeRule, weights: CriteriaWeights, solver: PhaseSolver) -> None:
        self.pool = pool
        self.bye = bye
        self.weights = weights
        self.solver = solver
        self.by_class = StraightSolver(pool, weights)

    def _weight(self, u: int, v: int) -> int:
        """Criteria weight of a pair inside the remainder."""
        return self.weights.base(u, v, True, False, False)

    def pair(self, limbo: list[int], remainder: list[int], n_pairs: int, max_pairs: int, nxt: list[int],
             lower: list[int], method: list[str]) -> Pairs:
        """Pairs of the remainder with `n_pairs` pairs (S1 size; `max_pairs` is the most
        the remainder allows); `limbo` are the MDPs left unpaired, who may still be
        paired into the next bracket."""
        size = len(remainder)
        sub = limbo + remainder
        if not self.bye.c9_active() or not nxt:
            straight = self._without_exchanges(remainder, n_pairs, max_pairs)
            if straight is not None and self._floaters_ok(sub, straight, nxt, lower):
                method.append(BRACKET)
                return straight
        heads, head_width = self._exchange_heads(remainder, n_pairs, self.weights.cw)
        skip = {(m, r) if m < r else (r, m) for m in limbo for r in remainder}
        certificate = Certificate()
        partner = self.solver.solve(sub, len(limbo), nxt, lower, head_width, heads, skip, method, certificate)
        if certificate.level == 1:
            duals = certificate.duals
            if certificate.blossoms:
                # The tops are known now: the problem left is bipartite (tops against
                # the others), where vertex duals alone certify the optimum.
                partner, duals = self._bipartite_optimum(remainder, partner, heads, head_width)
            pairs = self._first_transposition(remainder, partner, duals,
                                              self._tight_with_heads(duals, heads, head_width))
            if self._floaters_ok(sub, pairs, nxt, lower):
                return pairs
        # 4.2 as a tie-break field: each top's partner, earliest first
        kb = bits(size + 1)
        lex_w = kb * size
        room: dict[tuple[int, int], int] = {}
        for pu in range(size):
            for pv in range(pu + 1, size):
                key = (remainder[pu], remainder[pv])
                room[key] = (heads[key] << lex_w) | ((size - pv) << (kb * (size - 1 - pu)))
        partner = self.solver.solve(sub, len(limbo), nxt, lower, head_width + lex_w, room, skip, method)
        in_remainder = set(remainder)
        return [(u, partner[u]) for u in remainder if partner.get(u, -1) in in_remainder and u < partner[u]]

    def _floaters_ok(self, sub: list[int], pairs: Pairs, nxt: list[int], lower: list[int]) -> bool:
        paired = {v for pr in pairs for v in pr}
        return self.solver.lookahead_ok([v for v in sub if v not in paired], nxt, lower)

    @staticmethod
    def _exchange_heads(remainder: list[int], s1: int, cw: int) -> tuple[dict[tuple[int, int], int], int]:
        """The exchange fields (4.3) of every pair (u, v) of the remainder, u before v,
        and their total width (`cw`: width of a counter); they depend on u's position
        only (u is the top)."""
        size = len(remainder)
        s2 = size - s1
        sum_w = bits(size * size) + 1
        x_w = s1 + bits(s1) + 1
        y_w = s2 + bits(s2) + 1
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
        return heads, cw + sum_w + x_w + y_w

    def _without_exchanges(self, remainder: list[int], s1: int, max_pairs: int) -> Pairs | None:
        """The usual case: the best pairing of the remainder needs no exchange (4.3).

        Pair S1 against S2 on the criteria alone. If every S1 player is paired and
        this is as good as the best pairing of the whole remainder, its tops are S1,
        which no exchange can improve (4.3.1); the optimal pairings with these tops are
        those of the bipartite problem, characterised by its vertex duals, and the
        transposition order (4.2) is applied on their tight edges. Returns None when
        this does not hold."""
        if s1 == 0:
            return None
        if len(remainder) >= classes.SMALLEST:
            decided, answer = self.by_class.straight(remainder, s1, max_pairs)
            if decided:
                return answer
        size = len(remainder)
        compatible = self.pool.compatible
        edges = []
        for a in range(s1):
            u = remainder[a]
            for b in range(s1, size):
                v = remainder[b]
                if compatible(u, v):
                    edges.append((a, b, self._weight(u, v)))
        mate, duals, _blossoms = max_weight_matching_with_duals(size, edges)
        if any(mate[a] < 0 for a in range(s1)):
            return None
        if not self._duals_cover_remainder(remainder, s1, duals):
            # Vertex duals cannot show it (typically an odd remainder): compare with the
            # best pairing of the whole remainder on the criteria alone.
            weight = {(a, b): w for a, b, w in edges}
            bipartite_value = sum(weight[(a, mate[a])] for a in range(s1))
            general = [(a, b, self._weight(remainder[a], remainder[b]))
                       for a in range(size) for b in range(a + 1, size) if compatible(remainder[a], remainder[b])]
            best = max_weight_matching(size, general)
            general_weight = {(a, b): w for a, b, w in general}
            if bipartite_value != sum(general_weight[(a, best[a])] for a in range(size) if best[a] > a):
                return None
        # (the exchange fields are the same for all pairs of a top, so they would
        # change no tight edge: the duals of the criteria alone serve)
        y = {remainder[k]: d for k, d in enumerate(duals)}
        partner = {remainder[k]: remainder[m] for k, m in enumerate(mate) if m >= 0}

        def tight(t: int, j: int) -> bool:
            return y[t] + y[j] == 2 * self._weight(t, j)

        return self._first_transposition(remainder, partner, y, tight)

    def _duals_cover_remainder(self, remainder: list[int], s1: int, duals: list[int]) -> bool:
        """Do the S1-S2 duals also satisfy the pairs inside S1 and inside S2 (then the
        S1-S2 optimum is optimal for the whole remainder)?"""
        size = len(remainder)
        compatible = self.pool.compatible
        for lo, hi in ((0, s1), (s1, size)):
            for a in range(lo, hi):
                u = remainder[a]
                da = duals[a]
                for b in range(a + 1, hi):
                    v = remainder[b]
                    if da + duals[b] < 2 * self._weight(u, v) and compatible(u, v):
                        return False
        return True

    def _bipartite_optimum(self, remainder: list[int], partner: dict[int, int],
                           heads: dict[tuple[int, int], int], head_width: int
                           ) -> tuple[dict[int, int], dict[int, int]]:
        """Optimum and vertex duals of the tops (of `partner`) against the others."""
        pos = {v: k for k, v in enumerate(remainder)}
        in_remainder = set(remainder)
        top_set = {u for u in remainder if partner.get(u, -1) in in_remainder and pos[partner[u]] > pos[u]}
        edges = []
        for a, u in enumerate(remainder):
            if u not in top_set:
                continue
            for b in range(a + 1, len(remainder)):
                v = remainder[b]
                if v not in top_set and self.pool.compatible(u, v):
                    edges.append((a, b, (self._weight(u, v) << head_width) | heads[(u, v)]))
        mate, duals, _blossoms = max_weight_matching_with_duals(len(remainder), edges)
        return ({remainder[k]: remainder[m] for k, m in enumerate(mate) if m >= 0},
                {remainder[k]: d for k, d in enumerate(duals)})

    def _first_transposition(self, remainder: list[int], partner: dict[int, int], duals: dict[int, int],
                             tight: Callable[[int, int], bool]) -> Pairs:
        """Among the optimal pairings (those on tight edges covering every player with a
        positive dual), the one whose tops take, in order, their earliest partners."""
        pos = {v: k for k, v in enumerate(remainder)}
        in_remainder = set(remainder)
        tops = [u for u in remainder if partner.get(u, -1) in in_remainder and pos[partner[u]] > pos[u]]
        top_set = set(tops)
        others = [v for v in remainder if v not in top_set]
        must_pair = sum(1 << v for v in others if duals[v] > 0)
        partners_of = dict.fromkeys(tops, 0)
        tops_of = dict.fromkeys(others, 0)
        compatible = self.pool.compatible
        for t in tops:
            for j in others:
                if pos[j] > pos[t] and compatible(t, j) and tight(t, j):
                    partners_of[t] |= 1 << j
                    tops_of[j] |= 1 << t
        return TranspositionSearch(tops, partner, must_pair, partners_of, tops_of).run()

    def _tight_with_heads(self, duals: dict[int, int], heads: dict[tuple[int, int], int], head_width: int
                          ) -> Callable[[int, int], bool]:
        def tight(t: int, j: int) -> bool:
            w = (self._weight(t, j) << head_width) | heads[(t, j)]
            return duals[t] + duals[j] == 2 * w

        return tight
