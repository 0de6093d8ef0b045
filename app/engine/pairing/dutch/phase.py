"""Solving one phase of a bracket as a maximum-weight matching, on as few players as possible.

A phase is first solved on the bracket alone, where a player may stay unpaired
("float down"). That answer is accepted when its downfloaters reach the best
next bracket conceivable ([C8]) and everybody left can still be paired ([C4]);
otherwise the phase is solved on bracket + next scoregroup (accepted when the
rest can be completed), and as a last resort on all remaining players with the
completion field. The lower brackets only enter the global problem through
completion, so an accepted smaller answer is the global one.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from app.engine.errors import UnpairableError
from app.engine.pairing.dutch.bye import ByeRule
from app.engine.pairing.dutch.pool import UNPAIRABLE, PlayerPool
from app.engine.pairing.dutch.weights import CriteriaWeights
from app.engine.pairing.matching import max_weight_matching, max_weight_matching_with_duals, maximum_matching

BRACKET, BRACKET_NEXT, GLOBAL = "bracket", "bracket+next", "global"
METHODS = [BRACKET, BRACKET_NEXT, GLOBAL]  # in growing order


@dataclass
class Certificate:
    """How an answer was found: the level of the problem that gave it and, for the
    bracket alone, the optimal vertex duals (doubled) and whether blossoms carry dual."""

    level: int = 0
    duals: dict[int, int] = field(default_factory=dict)
    blossoms: bool = False


class PhaseSolver:
    def __init__(self, pool: PlayerPool, bye: ByeRule, weights: CriteriaWeights) -> None:
        self.pool = pool
        self.bye = bye
        self.weights = weights

    def solve(self, bracket: list[int], n_mdp: int, nxt: list[int], lower: list[int],
              room_width: int, room: dict[tuple[int, int], int], skip: set[tuple[int, int]],
              method: list[str], certificate: Certificate | None = None) -> dict[int, int]:
        """Best pairing of the bracket, with the tie-break fields `room` (of width
        `room_width`) below the criteria; returns the partner of each paired vertex.

        The first of the three problems whose answer passes its check wins:
        1. the bracket alone (the downfloaters must then pair into the next
           scoregroup as well as possible at all, [C8], and the rest must complete, [C4]);
        2. bracket + next scoregroup (the rest must complete, [C4]);
        3. all remaining players with the completion field (always right).
        Pairs in `skip` and pairs of two MDPs are left out.
        """
        # with [C9] in force the next scoregroup counts too, unless there is none
        levels = [2, 3] if self.bye.c9_active() and nxt else [1, 2, 3]
        for level in levels:
            vertices = bracket if level == 1 else bracket + nxt if level == 2 else bracket + nxt + lower
            edges = self._edges(vertices, bracket, n_mdp, len(bracket) + len(nxt), level == 3, room_width, room, skip)
            if certificate is not None and level == 1:
                mate, duals, blossoms = max_weight_matching_with_duals(len(vertices), edges)
                certificate.level = 1
                certificate.duals = {vertices[k]: d for k, d in enumerate(duals)}
                certificate.blossoms = blossoms
            else:
                mate = max_weight_matching(len(vertices), edges)
                if certificate is not None:
                    certificate.level = level
            partner = {vertices[k]: vertices[m] for k, m in enumerate(mate) if m >= 0}
            if level == 3:
                left = [v for v in vertices if v not in partner]
                if len(left) > (1 if self.pool.odd else 0):
                    raise UnpairableError(UNPAIRABLE)
                method.append(GLOBAL)
                return partner
            if level == 1:
                downfloaters = [v for v in bracket if v not in partner]
                if self.lookahead_ok(downfloaters, nxt, lower):
                    method.append(BRACKET)
                    return partner
                continue
            leftover = [v for v in vertices if v not in partner] + lower
            if self.pool.completable(leftover, self.bye.bye_score):
                method.append(BRACKET_NEXT)
                return partner
        raise AssertionError("unreachable")

    def _edges(self, vertices: list[int], bracket: list[int], n_mdp: int, n_active: int, global_problem: bool,
               room_width: int, room: dict[tuple[int, int], int], skip: set[tuple[int, int]]
               ) -> list[tuple[int, int, int]]:
        """Weighted edges of a problem on `vertices` (positions), of which the first
        `n_active` are the bracket and the next scoregroup."""
        in_b = set(bracket)
        mdps = set(bracket[:n_mdp])
        compatible = self.pool.compatible
        base, lower = self.weights.base, self.weights.lower
        edges: list[tuple[int, int, int]] = []
        for a in range(len(vertices)):
            va = vertices[a]
            for b in range(a + 1, len(vertices)):
                vb = vertices[b]
                hi, li = (va, vb) if va < vb else (vb, va)
                if (hi, li) in skip or (hi in mdps and li in mdps) or not compatible(hi, li):
                    continue
                if b < n_active:
                    li_in_b = li in in_b
                    w = base(hi, li, li_in_b, not li_in_b, global_problem)
                    w = (w << room_width) | room.get((hi, li), 0)
                else:
                    w = lower(hi, li) << room_width
                edges.append((a, b, w))
        return edges

    def lookahead_ok(self, downfloaters: list[int], nxt: list[int], lower: list[int]) -> bool:
        """Do the downfloaters reach the best conceivable next bracket ([C8]: all of them
        paired there, and as many pairs as its size allows) while everybody else can
        still be paired ([C4])?"""
        pool = self.pool
        if not nxt:
            return pool.completable(downfloaters + lower, self.bye.bye_score)
        if len(downfloaters) > len(nxt):
            return False
        verts = downfloaters + nxt
        assert all(verts[a] < verts[a + 1] for a in range(len(verts) - 1)), verts
        adj = pool.graph.adj
        everyone = sum(1 << v for v in verts)
        next_group = sum(1 << v for v in nxt)
        floating = everyone & ~next_group

        def neighbours(v: int) -> int:
            return adj[v] & (next_group if floating >> v & 1 else everyone)  # downfloaters do not meet

        mate = maximum_matching(pool.n, neighbours, verts)
        left = [v for v in verts if mate[v] == -1]
        if len(left) > 1 or any(v in downfloaters for v in left):
            return False
        return pool.completable(left + lower, self.bye.bye_score)
