"""The remainder without exchanges, solved on classes of players (`matching.classes`).

The S1-S2 problem of the remainder is a transportation problem on the classes of
S1 against those of S2. Its optimal dual is optimal for the players as soon as
some pairing of the players uses only tight class pairs, respects the earlier
games ([C1]) and pairs everybody with a positive dual; such a pairing is built
with bitmasks (greedy, then alternating paths). Whether some pairing that is not
S1 against S2 could be better is decided by the fractional optimum of the whole
remainder, which bounds every pairing: when it equals the S1-S2 optimum no
exchange can help. Otherwise the answer is "undecided" and the remainder is
solved player by player.
"""

from __future__ import annotations

from app.engine.pairing.dutch.pool import PlayerPool
from app.engine.pairing.dutch.transposition import TranspositionSearch
from app.engine.pairing.dutch.weights import CriteriaWeights
from app.engine.pairing.matching import BipartiteMatching, transportation
from app.engine.pairing.matching.bipartite import bits, lowest
from app.engine.pairing.matching.classes import VertexClasses, fractional_optimum

Pairs = list[tuple[int, int]]


class StraightSolver:
    """The S1-S2 route of `RemainderPairer`, class by class."""

    def __init__(self, pool: PlayerPool, weights: CriteriaWeights) -> None:
        self.pool = pool
        self.weights = weights

    def classes(self, vertices: list[int]) -> VertexClasses:
        key_of = self.weights.signature
        colour_class = self.pool.colour_class
        return VertexClasses.of_vertices(vertices, lambda v: (key_of[v], colour_class[v]))

    def class_weights(self, cl: VertexClasses) -> dict[tuple[int, int], int] | None:
        """Weight of a pair from classes (c, d), for every pair of classes that may meet
        ([C3]); None if a weight depends on which player is the higher-ranked."""
        colour_class = self.pool.colour_class
        base = self.weights.base
        out: dict[tuple[int, int], int] = {}
        count = len(cl.members)
        for c in range(count):
            x = cl.representative[c]
            for d in range(c, count):
                if c == d:
                    if cl.size[c] < 2:
                        continue
                    y = cl.second(c)
                else:
                    y = cl.representative[d]
                if colour_class[x] and colour_class[x] == colour_class[y]:
                    continue
                w = base(x, y, True, False, False)
                if w != base(y, x, True, False, False):
                    return None
                out[(c, d)] = out[(d, c)] = w
        return out

    def straight(self, remainder: list[int], s1: int, max_pairs: int) -> tuple[bool, Pairs | None]:
        """(decided, answer): the answer of the S1-S2 route of `RemainderPairer` (None:
        exchanges may be needed), when the classes decide it."""
        cl = self.classes(remainder)
        weight = self.class_weights(cl)
        if weight is None:
            return False, None
        s1_mask = sum(1 << v for v in remainder[:s1])
        s2_mask = sum(1 << v for v in remainder[s1:])
        rows = [c for c in range(len(cl.members)) if cl.members[c] & s1_mask]
        cols = [d for d in range(len(cl.members)) if cl.members[d] & s2_mask]
        pair_weight = {(i, j): weight[(c, d)] for i, c in enumerate(rows) for j, d in enumerate(cols)
                       if (c, d) in weight}
        flow, a, b = transportation([(cl.members[c] & s1_mask).bit_count() for c in rows],
                                    [(cl.members[d] & s2_mask).bit_count() for d in cols], pair_weight)
        if sum(flow.values()) < s1:
            return True, None  # S1 cannot be paired against S2 even class by class
        # tight class pairs: every optimal pairing of the players uses only these
        tight_cols = [0] * len(cl.members)  # class -> S2 players it has tight pairs with
        tight_rows = [0] * len(cl.members)
        for (i, j), w in pair_weight.items():
            if a[i] + b[j] == w:
                tight_cols[rows[i]] |= cl.members[cols[j]] & s2_mask
                tight_rows[cols[j]] |= cl.members[rows[i]] & s1_mask
        adj = self.pool.graph.adj
        partners_of = {u: tight_cols[cl.of[u]] & adj[u] for u in remainder[:s1]}
        tops_of = {v: tight_rows[cl.of[v]] & adj[v] for v in remainder[s1:]}
        must_pair = 0
        for j, d in enumerate(cols):
            if b[j] > 0:
                must_pair |= cl.members[d] & s2_mask
        matching = self._lift(remainder[:s1], s2_mask, flow, rows, cols, cl, partners_of)
        for u in remainder[:s1]:
            if u not in matching.mate and not matching.augment_from_left(u, partners_of):
                return False, None
        for v in bits(must_pair & ~matching.matched_right):
            if not matching.cover_right(v, tops_of, must_pair):
                return False, None
        # the players' pairing meets the class optimum: the class dual certifies it
        if s1 < max_pairs:
            return True, None  # a pairing of the whole remainder has more pairs
        bipartite_value = sum(units * pair_weight[e] for e, units in flow.items())
        bound = fractional_optimum(cl, weight, len(remainder) - 2 * s1)
        if bound is None or bound.value != 2 * bipartite_value:
            return False, None
        search = TranspositionSearch(remainder[:s1], matching.mate, must_pair, partners_of, tops_of)
        return True, search.run()

    @staticmethod
    def _lift(s1: list[int], s2_mask: int, flow: dict[tuple[int, int], int], rows: list[int], cols: list[int],
              cl: VertexClasses, partners_of: dict[int, int]) -> BipartiteMatching:
        """Players paired along the class flow as far as earlier games allow."""
        row_of = {c: i for i, c in enumerate(rows)}
        col_of = {d: j for j, d in enumerate(cols)}
        left = dict(flow)
        matching = BipartiteMatching()
        free = s2_mask
        for u in s1:
            i = row_of[cl.of[u]]
            options = 0
            for j, d in enumerate(cols):
                if left.get((i, j)):
                    options |= cl.members[d]
            candidates = options & free & partners_of[u]
            if candidates:
                v = lowest(candidates)
                matching.pair(u, v)
                free &= ~(1 << v)
                left[(i, col_of[cl.of[v]])] -= 1
        return matching
