"""Classes of interchangeable players, and the problems solved on them.

Players with the same signature (scoregroup, colour preference and its strength,
colour difference, repeated colour, floats, [C9] rank, PAB candidacy) and the
same [C3] colour class give the same criteria weight to everybody, so in a big
bracket a matching problem on players is, up to the earlier games ([C1]), a
small problem on classes. A class problem is solved exactly (`transportation`)
and its optimal dual is a dual of the players' problem too; the players'
problem is then solved by finding a pairing of the players on the tight edges of
that dual (bitmasks), which proves it optimal, or the class answer is declined
and the caller solves the players' problem directly. The cost is about linear
in the bracket size times the number of classes, instead of the weighted
matching's cubic growth: measured, this is what makes brackets of several
hundred players cheap.

For a problem on all players of a set (not bipartite) the class problem is the
fractional one: every player paired with other players or with one of some
phantom partners of weight 0 (one per player who stays unpaired), as a
transportation problem of the classes against themselves. Its value bounds every
pairing of the players; its dual gives a value to each class whose tight edges
hold every optimal pairing when the bound is met.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

from app.engine.pairing.matching import MaskGraph, transportation
from app.engine.pairing.matching.bipartite import lowest

# Problems with fewer players than this are solved player by player (cheap there).
SMALLEST = 40


@dataclass
class PlayerClasses:
    """The classes of a set of players: members (mask), size and one representative."""

    of: dict[int, int] = field(default_factory=dict)  # player -> class
    members: list[int] = field(default_factory=list)
    size: list[int] = field(default_factory=list)
    representative: list[int] = field(default_factory=list)

    @classmethod
    def of_players(cls, vertices: list[int], key: Callable[[int], Hashable]) -> PlayerClasses:
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
    """The best fractional pairing of the classes' players with `phantoms` phantom
    partners: twice its weight, and the doubled class values of its dual (the
    phantoms' value last), on weights raised by `bonus` so that everybody is paired."""

    value: int
    duals: list[int]
    bonus: int


def fractional_optimum(cl: PlayerClasses, weight: dict[tuple[int, int], int], phantoms: int
                       ) -> FractionalOptimum | None:
    """The fractional class problem (module docstring); None if it cannot pair
    everybody. `weight` holds both (c, d) and (d, c) for every pair of classes whose
    players may meet, (c, c) when two members of c may."""
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


def tight_graph(cl: PlayerClasses, weight: dict[tuple[int, int], int], optimum: FractionalOptimum,
                adjacency: list[int], phantoms: int) -> tuple[MaskGraph, list[int]]:
    """The players' graph of the edges that are tight for the fractional dual (earlier
    games left out through `adjacency`), with the phantoms numbered after the
    players; returns it and the phantoms' numbers. Every optimal pairing lies in it,
    and when the fractional bound is met, its perfect matchings are the optimal
    pairings."""
    count = len(cl.members)
    y, bonus = optimum.duals, optimum.bonus
    everyone = 0
    for m in cl.members:
        everyone |= m
    n = len(adjacency)
    phantom_ids = list(range(n, n + phantoms))
    phantom_mask = sum(1 << p for p in phantom_ids)
    reach = [0] * count  # class -> the players it has tight edges to
    with_phantom = 0  # players who may stay unpaired
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
