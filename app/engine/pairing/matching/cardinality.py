"""Maximum-cardinality matching (Edmonds) used for the completion check [C4].

The graphs here are the "may still meet" graphs of the players left to pair. They
are dense, so the neighbours of a vertex are produced by a callable rather than
stored, and a greedy start leaves only a few augmenting-path searches to do.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable

Neighbours = Callable[[int], Iterable[int]]


def _augment(root: int, mate: list[int], neighbours: Neighbours, n: int) -> bool:
    """Search an augmenting path from the exposed vertex `root`; apply it if found."""
    parent = [-1] * n
    base = list(range(n))
    in_tree = [False] * n
    in_tree[root] = True
    queue = deque([root])
    tree = [root]

    def common_base(a: int, b: int) -> int:
        seen = [False] * n
        while True:
            a = base[a]
            seen[a] = True
            if mate[a] == -1:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[mate[b]]

    def mark(v: int, b: int, child: int, marked: list[bool]) -> None:
        while base[v] != b:
            marked[base[v]] = marked[base[mate[v]]] = True
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    while queue:
        v = queue.popleft()
        for u in neighbours(v):
            if base[v] == base[u] or mate[v] == u:
                continue
            if u == root or (mate[u] != -1 and parent[mate[u]] != -1):
                b = common_base(v, u)
                marked = [False] * n
                mark(v, b, u, marked)
                mark(u, b, v, marked)
                for i in tree:  # every vertex of the tree, outer and inner
                    if marked[base[i]]:
                        base[i] = b
                        if not in_tree[i]:
                            in_tree[i] = True
                            queue.append(i)
            elif parent[u] == -1:
                parent[u] = v
                tree.append(u)
                if mate[u] == -1:
                    while u != -1:
                        pv = parent[u]
                        nxt = mate[pv]
                        mate[u] = pv
                        mate[pv] = u
                        u = nxt
                    return True
                in_tree[mate[u]] = True
                tree.append(mate[u])
                queue.append(mate[u])
    return False


def maximum_matching(n: int, neighbours: Neighbours, mate: list[int] | None = None) -> list[int]:
    """A maximum matching of the graph on 0..n-1 (mate[v] or -1), starting from `mate` if given."""
    if mate is None:
        mate = [-1] * n
        for v in range(n):
            if mate[v] == -1:
                for u in neighbours(v):
                    if u > v and mate[u] == -1:
                        mate[v] = u
                        mate[u] = v
                        break
    for v in range(n):
        if mate[v] == -1:
            _augment(v, mate, neighbours, n)
    return mate


def _bits_of(x: int) -> Iterable[int]:
    while x:
        low = x & -x
        yield low.bit_length() - 1
        x ^= low


class MaskGraph:
    """A graph on 0..n-1 given by adjacency bitmasks (Python ints), for dense graphs."""

    def __init__(self, adjacency: list[int]) -> None:
        self.adj = adjacency

    def maximum_matching_size(self, vertices: list[int]) -> int:
        """Size of a maximum matching of the subgraph induced by `vertices`."""
        adj = self.adj
        subset = 0
        for v in vertices:
            subset |= 1 << v
        order = list(vertices)
        index = {v: i for i, v in enumerate(order)}
        mate = [-1] * len(order)
        free = subset
        for i, v in enumerate(order):
            if mate[i] != -1:
                continue
            cand = adj[v] & free & ~(1 << v)
            if cand:
                u = (cand & -cand).bit_length() - 1
                j = index[u]
                mate[i] = j
                mate[j] = i
                free &= ~((1 << v) | (1 << u))

        def neighbours(i: int) -> Iterable[int]:
            return (index[u] for u in _bits_of(adj[order[i]] & subset))

        for i in range(len(order)):
            if mate[i] == -1:
                _augment(i, mate, neighbours, len(order))
        return sum(1 for m in mate if m != -1) // 2

    def perfect_matching(self, vertices: list[int], extra: int = 0) -> bool:
        """Whether `vertices` (plus, when `extra` is a non-zero mask, one dummy vertex
        adjacent to the vertices in `extra`) can all be matched."""
        adj = self.adj
        n = len(adj)
        dummy = n  # index of the dummy vertex
        subset = 0
        for v in vertices:
            subset |= 1 << v
        order = list(vertices)
        extra &= subset
        if extra:
            order.append(dummy)
        if len(order) % 2:
            return False

        def neighbours(v: int) -> Iterable[int]:
            if v == dummy:
                return _bits_of(extra)
            x = adj[v] & subset
            if extra >> v & 1:
                return (*_bits_of(x), dummy)
            return _bits_of(x)

        mate: dict[int, int] = {}
        free = subset | (1 << dummy if extra else 0)
        for v in order:
            if v in mate:
                continue
            if v == dummy:
                cand = extra & free
            else:
                cand = adj[v] & free & ~(1 << v)
                if extra >> v & 1 and free >> dummy & 1:
                    cand |= 1 << dummy
            if cand:
                u = (cand & -cand).bit_length() - 1
                mate[v] = u
                mate[u] = v
                free &= ~((1 << v) | (1 << u))
        index = {v: i for i, v in enumerate(order)}
        local_mate = [index[mate[v]] if v in mate else -1 for v in order]

        def local_neighbours(i: int) -> Iterable[int]:
            return (index[u] for u in neighbours(order[i]))

        for i in range(len(order)):
            if local_mate[i] == -1 and not _augment(i, local_mate, local_neighbours, len(order)):
                return False
        return True

