"""Matching on classes of interchangeable vertices.

When vertices fall into classes whose members give the same weight to every
other vertex, a weighted matching problem is, up to a sparse set of missing
edges, a small problem on classes. The class problem is solved exactly
(`transportation`) and its optimal dual is a dual of the vertex problem too; the
vertex problem is then solved by finding a matching on the tight edges of that
dual (bitmasks), which proves it optimal, or the class answer is declined and the
caller solves the vertex problem directly. The cost is about linear in the number
of vertices times the number of classes, instead of the weighted matching's cubic
growth: measured, this is what makes pairing brackets of several hundred players
(and team fields of hundreds of teams) cheap.

For a problem on a general graph the class problem is the fractional one: every
vertex matched to other vertices or to one of some phantom partners of weight 0
(one per vertex that stays unmatched), as a transportation problem of the
classes against themselves. Its value bounds every matching with that many
unmatched vertices; its dual gives a value to each class whose tight edges hold
every optimal matching when the bound is met.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

from app.engine.pairing.matching.bipartite import lowest
from app.engine.pairing.matching.cardinality import MaskGraph
from app.engine.pairing.matching.transport import transportation

# Problems with fewer vertices than this are left to the vertex-level routines (cheap there).
SMALLEST = 40


@dataclass
class VertexClasses:
    """The classes of a set of vertices: members (mask), size and one representative."""

    of: dict[int, int] = field(default_factory=dict)  # vertex -> class
    members: list[int] = field(default_factory=list)
    size: list[int] = field(default_factory=list)
    representative: list[int] = field(default_factory=list)

    @classmethod
    def of_vertices(cls, vertices: list[int], key: Callable[[int], Hashable]) -> VertexClasses:
        ids: dict[Hashable, int] = {}
        out = cls()
        for v in vertices:
            k = key(v)
            c = ids.get(k)
            if c is None:
                c = ids[k] = len(out.members)
                out.members.append(0)
                out.size.append(0)
                out.representative.append(v)
            out.of[v] = c
            out.members[c] |= 1 << v
            out.size[c] += 1
        return out

    def second(self, c: int) -> int:
        """A member of class c other than its representative."""
        return lowest(self.members[c] & ~(1 << self.representative[c]))


@dataclass
class FractionalOptimum:
    """The best fractional matching of the classes' vertices with `phantoms` phantom
    partners: twice its weight, and the doubled class values of its dual (the
    phantoms' value last), on weights raised by `bonus` so that everybody is matched."""

    value: int
    duals: list[int]
    bonus: int


def fractional_optimum(cl: VertexClasses, weight: dict[tuple[int, int], int], phantoms: int
                       ) -> FractionalOptimum | None:
    """The fractional class problem (module docstring); None if it cannot match
    everybody. `weight` holds both (c, d) and (d, c) for every pair of classes whose
    members may be matched, (c, c) when two members of c may."""
    count = len(cl.members)
    top = max(weight.values(), default=1)
    units = sum(cl.size) + phantoms
    bonus = 1 << (top.bit_length() + units.bit_length() + 2)
    arcs = {e: w + bonus for e, w in weight.items()}
    sizes = list(cl.size)
    if phantoms:
        sizes.append(phantoms)
        for c in range(count):
            arcs[(c, count)] = arcs[(count, c)] = bonus
    flow, a, b = transportation(sizes, sizes, arcs)
    if sum(flow.values()) < units:
        return None
    value = sum(f * weight[e] for e, f in flow.items() if e in weight)
    return FractionalOptimum(value, [x + y for x, y in zip(a, b, strict=True)], bonus)


def tight_graph(cl: VertexClasses, weight: dict[tuple[int, int], int], optimum: FractionalOptimum,
                adjacency: list[int], phantoms: int) -> tuple[MaskGraph, list[int]]:
    """The vertices' graph of the edges that are tight for the fractional dual (missing
    edges left out through `adjacency`, vertex bitmasks over 0..n-1), with the
    phantoms numbered n, n+1, ...; returns it and the phantoms' numbers. Every
    optimal matching lies in it, and when it has a perfect matching, its perfect
    matchings are the optimal matchings (the fractional bound is met)."""
    count = len(cl.members)
    y, bonus = optimum.duals, optimum.bonus
    everyone = 0
    for m in cl.members:
        everyone |= m
    n = len(adjacency)
    phantom_ids = list(range(n, n + phantoms))
    phantom_mask = sum(1 << p for p in phantom_ids)
    reach = [0] * count  # class -> the vertices it has tight edges to
    with_phantom = 0  # vertices that may stay unmatched
    for (c, d), w in weight.items():
        if y[c] + y[d] == 2 * (w + bonus):
            reach[c] |= cl.members[d]
    if phantoms:
        for c in range(count):
            if y[c] + y[count] == 2 * bonus:
                reach[c] |= phantom_mask
                with_phantom |= cl.members[c]
    adj = [0] * (n + phantoms)
    for v, c in cl.of.items():
        adj[v] = reach[c] & (adjacency[v] & everyone | phantom_mask)
    for p in phantom_ids:
        adj[p] = with_phantom
    return MaskGraph(adj), phantom_ids
