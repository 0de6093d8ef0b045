"""Phase 1 of a big bracket (Art. 3.2.2, 4.4) solved on classes of players (`matching.classes`).

The problem: pair the bracket (MDPs and residents, never two MDPs) for the
criteria, then for the tie-break of the MDP phase: the highest MDPs paired (4.4),
then for each MDP in order the highest resident it can have (4.2). Every MDP is a
class of its own here (the tie-break tells them apart). The fractional class
problem gives the optimum when its tight graph has a perfect matching; the MDPs'
partners are then chosen one MDP at a time, each the first resident that still
leaves a perfect matching of the tight graph (one seeded matching search per
candidate). The answer is accepted when its downfloaters pass the same lookahead
as the player-by-player phase; any optimum that passes it is the global one, so
the MDPs' partners are the same. Otherwise the caller solves the phase player by
player.
"""

from __future__ import annotations

from app.engine.pairing.dutch.phase import BRACKET, PhaseSolver
from app.engine.pairing.dutch.pool import PlayerPool
from app.engine.pairing.dutch.weights import CriteriaWeights
from app.engine.pairing.matching import MaskGraph
from app.engine.pairing.matching.bipartite import bits
from app.engine.pairing.matching.classes import VertexClasses, fractional_optimum, tight_graph

Pairs = list[tuple[int, int]]


class MovedDownSolver:
    def __init__(self, pool: PlayerPool, weights: CriteriaWeights, solver: PhaseSolver) -> None:
        self.pool = pool
        self.weights = weights
        self.solver = solver

    def _weights(self, cl: VertexClasses, mdps: list[int]) -> dict[tuple[int, int], int] | None:
        """Criteria weight of a pair from classes (c, d), then a bit per paired MDP (the
        highest MDP most significant); None if some weight depends on which resident
        is the higher-ranked."""
        colour_class = self.pool.colour_class
        base = self.weights.base
        nm = len(mdps)
        mdp_bit = {m: 1 << (nm - 1 - i) for i, m in enumerate(mdps)}
        out: dict[tuple[int, int], int] = {}
        count = len(cl.members)
        for c in range(count):
            x = cl.representative[c]
            for d in range(c, count):
                y = cl.representative[d] if c != d else cl.second(c) if cl.size[c] > 1 else -1
                if y < 0 or (x in mdp_bit and y in mdp_bit):
                    continue
                if colour_class[x] and colour_class[x] == colour_class[y]:
                    continue
                if x in mdp_bit or y in mdp_bit:
                    m, r = (x, y) if x in mdp_bit else (y, x)
                    w = (base(m, r, True, False, False) << nm) | mdp_bit[m]
                else:
                    w = base(x, y, True, False, False)
                    if w != base(y, x, True, False, False):
                        return None
                    w <<= nm
                out[(c, d)] = out[(d, c)] = w
        return out

    def pair(self, players: list[int], n_mdp: int, nxt: list[int], lower: list[int], method: list[str]
             ) -> Pairs | None:
        """The MDPs' pairs, or None when the classes cannot decide."""
        mdps, residents = players[:n_mdp], players[n_mdp:]
        mdp_mask = sum(1 << m for m in mdps)
        signature, colour_class = self.weights.signature, self.pool.colour_class
        cl = VertexClasses.of_vertices(players, lambda v: v if mdp_mask >> v & 1 else (signature[v], colour_class[v]))
        weight = self._weights(cl, mdps)
        if weight is None:
            return None
        adjacency = list(self.pool.graph.adj)
        for m in mdps:
            adjacency[m] &= ~mdp_mask  # MDPs are not paired with each other in this phase
        phantoms = len(players) - 2 * MaskGraph(adjacency).maximum_matching_size(players)
        optimum = fractional_optimum(cl, weight, phantoms)
        if optimum is None:
            return None
        graph, phantom_ids = tight_graph(cl, weight, optimum, adjacency, phantoms)
        vertices = players + phantom_ids
        mate = graph.perfect_matching(vertices)
        if mate is None:
            return None  # the fractional bound is not met by the players
        n = len(adjacency)
        resident_mask = sum(1 << r for r in residents)
        fixed = 0
        chosen: Pairs = []
        for m in mdps:
            if mate[m] >= n:
                continue  # no optimum pairs this MDP
            for r in bits(graph.adj[m] & resident_mask & ~fixed):
                if mate[m] != r:
                    rest = [v for v in vertices if not fixed >> v & 1 and v != m and v != r]
                    found = graph.perfect_matching(rest, start=mate)
                    if found is None:
                        continue
                    mate = found
                    for a, b in chosen + [(m, r)]:
                        mate[a], mate[b] = b, a
                fixed |= (1 << m) | (1 << r)
                chosen.append((m, r))
                break
        downfloaters = [v for v in players if mate[v] >= n]
        if not self.solver.lookahead_ok(downfloaters, nxt, lower):
            return None
        method.append(BRACKET)
        return chosen
