"""The remainder without exchanges, solved on classes of interchangeable players.

Players with the same signature (scoregroup, colour preference and its strength,
colour difference, repeated colour, floats, [C9] rank, PAB candidacy) and the
same [C3] colour class give the same criteria weight to everybody, so in a big
bracket the S1-S2 problem of `remainder` is a small transportation problem on
classes. Its optimal dual is also a dual of the problem on players, and it is
optimal there as soon as some pairing of the players uses only tight class pairs,
respects the earlier games ([C1]) and pairs everybody with a positive dual; such
a pairing is built with bitmasks (greedy, then alternating paths). Whether some
pairing that is not S1 against S2 could be better is decided the same way: the
fractional optimum of the whole remainder (the transportation problem on the
classes against themselves, with one phantom partner per player left unpaired)
bounds every pairing of the players, so when it equals the S1-S2 optimum no
exchange can help.

Where the players do not follow the classes closely enough (earlier games block
the class optimum, or the fractional bound is not met) the answer is
"undecided" and the remainder is solved player by player. The cost is about
linear in the bracket size times the number of classes, instead of the weighted
matching's cubic growth: measured, this is what makes brackets of several
hundred players cheap.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.engine.pairing.dutch.pool import PlayerPool
from app.engine.pairing.dutch.transposition import TranspositionSearch
from app.engine.pairing.dutch.weights import CriteriaWeights
from app.engine.pairing.matching import BipartiteMatching, transportation
from app.engine.pairing.matching.bipartite import bits, lowest

Pairs = list[tuple[int, int]]

# Remainders smaller than this are solved player by player (cheap there).
SMALLEST = 40


@dataclass
class _Classes:
    """The classes of a set of players: members (mask), size and one representative."""

    of: dict[int, int]  # player -> class
    members: list[int]
    size: list[int]
    representative: list[int]


class ClassSolver:
    def __init__(self, pool: PlayerPool, weights: CriteriaWeights) -> None:
        self.pool = pool
        self.weights = weights

    def _classes(self, vertices: list[int]) -> _Classes:
        key_of = self.weights.signature
        colour_class = self.pool.colour_class
        ids: dict[tuple[int, int], int] = {}
        out = _Classes({}, [], [], [])
        for v in vertices:
            key = (key_of[v], colour_class[v])
            c = ids.get(key)
            if c is None:
                c = ids[key] = len(out.members)
                out.members.append(0)
                out.size.append(0)
                out.representative.append(v)
            out.of[v] = c
            out.members[c] |= 1 << v
            out.size[c] += 1
        return out

    def _class_weights(self, cl: _Classes) -> dict[tuple[int, int], int] | None:
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
                    y = lowest(cl.members[c] & ~(1 << x))
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
        cl = self._classes(remainder)
        weight = self._class_weights(cl)
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
        if 2 * bipartite_value != self._fractional_value(cl, weight, len(remainder) - 2 * s1):
            return False, None
        search = TranspositionSearch(remainder[:s1], matching.mate, must_pair, partners_of, tops_of)
        return True, search.run()

    @staticmethod
    def _lift(s1: list[int], s2_mask: int, flow: dict[tuple[int, int], int], rows: list[int], cols: list[int],
              cl: _Classes, partners_of: dict[int, int]) -> BipartiteMatching:
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

    @staticmethod
    def _fractional_value(cl: _Classes, weight: dict[tuple[int, int], int], phantoms: int) -> int:
        """Twice the best fractional pairing of the classes' players (no earlier games
        considered), every player paired with another or with one of `phantoms`
        partners of weight 0 (the players left unpaired)."""
        count = len(cl.members)
        phantom = count  # index of the phantom class
        top = max(weight.values(), default=1)
        units = sum(cl.size) + phantoms
        bonus = 1 << (top.bit_length() + units.bit_length() + 2)  # pair everybody first
        arcs = {e: w + bonus for e, w in weight.items()}
        sizes = list(cl.size)
        if phantoms:
            sizes.append(phantoms)
            for c in range(count):
                arcs[(c, phantom)] = arcs[(phantom, c)] = bonus
        flow, _a, _b = transportation(sizes, sizes, arcs)
        if sum(flow.values()) < units:
            return -1  # not even fractionally complete: leave it to the players' problem
        return sum(f * weight[e] for e, f in flow.items() if e in weight)
