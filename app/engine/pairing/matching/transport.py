"""Maximum-weight bipartite b-matching (the transportation problem), exact, with duals.

Rows i have `supply[i]` units, columns j `demand[j]`; a listed pair (i, j) may
carry any number of units at `weight[(i, j)]` each (a positive integer of any
size). The answer is the flow of largest total weight (units may stay unshipped)
and an optimal dual: row values a[i] >= 0 and column values b[j] >= 0 with
a[i] + b[j] >= weight on every listed pair, equality where units flow, a[i] = 0
on rows with units left and b[j] = 0 on columns with room left. The dual is what
makes the answer checkable: any flow meeting these conditions is optimal.

The pairing engine uses it on player classes (players who give equal weights to
everybody), so the problems are small; the method is successive shortest paths
(Dijkstra with potentials on a dense residual graph) on the balanced problem with
a spare row and column for the units that stay unshipped.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

Flow = dict[tuple[int, int], int]


def transportation(supply: Sequence[int], demand: Sequence[int], weight: Mapping[tuple[int, int], int]
                   ) -> tuple[Flow, list[int], list[int]]:
    """(flow, a, b) as described in the module docstring."""
    rows, cols = len(supply), len(demand)
    # nodes: source, rows, spare row, columns, spare column, sink
    source, spare_row = 0, rows + 1
    col0 = rows + 2
    spare_col, sink = col0 + cols, col0 + cols + 1
    size = sink + 1
    total = sum(supply) + sum(demand)
    cap = [[0] * size for _ in range(size)]
    cost = [[0] * size for _ in range(size)]
    for i, s in enumerate(supply):
        cap[source][1 + i] = s
        cap[1 + i][spare_col] = total
    cap[source][spare_row] = sum(demand)
    for j, d in enumerate(demand):
        cap[col0 + j][sink] = d
        cap[spare_row][col0 + j] = total
    cap[spare_row][spare_col] = total
    cap[spare_col][sink] = sum(supply)
    for (i, j), w in weight.items():
        cap[1 + i][col0 + j] = total
        cost[1 + i][col0 + j] = -w
        cost[col0 + j][1 + i] = w
    # potentials: shortest distances of the initial (acyclic) residual graph
    potential = [0] * size
    for j in range(cols):
        potential[col0 + j] = min([-w for (_i, jj), w in weight.items() if jj == j], default=0)
    potential[sink] = min(potential[col0:col0 + cols], default=0)
    shipped = 0
    while shipped < total:
        dist, prev = _dijkstra(cap, cost, potential, source)
        reach = dist[sink]
        assert reach is not None, "the balanced problem always has a full flow"
        for v, dv in enumerate(dist):
            potential[v] += reach if dv is None or dv > reach else dv
        # augment along the path by its bottleneck
        amount = total - shipped
        v = sink
        while v != source:
            u = prev[v]
            amount = min(amount, cap[u][v])
            v = u
        v = sink
        while v != source:
            u = prev[v]
            cap[u][v] -= amount
            cap[v][u] += amount
            v = u
        shipped += amount
    flow: Flow = {}
    for (i, j) in weight:
        units = cap[col0 + j][1 + i]  # reverse residual = units shipped
        if units:
            flow[(i, j)] = units
    a = [potential[1 + i] - potential[spare_col] for i in range(rows)]
    b = [potential[spare_col] - potential[col0 + j] for j in range(cols)]
    return flow, a, b


def _dijkstra(cap: list[list[int]], cost: list[list[int]], potential: list[int], source: int
              ) -> tuple[list[int | None], list[int]]:
    """Shortest reduced-cost distances on the residual graph (dense, O(V^2))."""
    size = len(cap)
    dist: list[int | None] = [None] * size
    prev = [-1] * size
    done = [False] * size
    dist[source] = 0
    while True:
        u = -1
        best: int | None = None
        for v in range(size):
            dv = dist[v]
            if not done[v] and dv is not None and (best is None or dv < best):
                u, best = v, dv
        if u < 0 or best is None:
            return dist, prev
        done[u] = True
        row_cap, row_cost, pu = cap[u], cost[u], potential[u]
        for v in range(size):
            if row_cap[v] > 0 and not done[v]:
                nd = best + row_cost[v] + pu - potential[v]
                dv = dist[v]
                if dv is None or nd < dv:
                    dist[v] = nd
                    prev[v] = u
