"""Maximum-cardinality matching (Edmonds) used for the completion checks [C4].

The graphs here are the "may still meet" graphs of the players left to pair. They
are dense, so a vertex's neighbours are a bitmask (a Python int) and the search
skips, a machine word at a time, the neighbours that cannot change anything (those
already inner in the search tree, or in the same blossom). It still meets the
others in increasing order and treats them exactly as a vertex-by-vertex scan
would, so its answer (which matching, not only its size) is that of the classic
search. A greedy start leaves only a few augmenting-path searches to do.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence

NeighbourMask = Callable[[int], int]


def _augment(root: int, mate: list[int], neighbours: NeighbourMask, n: int) -> bool:
    """Search an augmenting path from the exposed vertex `root` (vertices 0..n-1);
    apply it if found."""
    parent = [-1] * n
    base = list(range(n))
    in_tree = [False] * n
    in_tree[root] = True
    queue = deque([root])
    tree = [root]
    tree_position = {root: 0}
    members: dict[int, list[int]] = {}  # base of a contracted blossom -> its vertices
    blossom_mask: dict[int, int] = {}  # base -> mask of its blossom's vertices
    outer = 1 << root  # u == root, or u's mate has a parent
    no_parent = (1 << n) - 1

    def set_parent(x: int, p: int) -> None:
        nonlocal outer, no_parent
        parent[x] = p
        no_parent &= ~(1 << x)
        if mate[x] != -1:
            outer |= 1 << mate[x]

    def common_base(a: int, b: int) -> int:
        seen = set()
        while True:
            a = base[a]
            seen.add(a)
            if mate[a] == -1:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if b in seen:
                return b
            b = parent[mate[b]]

    def mark(v: int, b: int, child: int, marked: set[int]) -> None:
        while base[v] != b:
            marked.add(base[v])
            marked.add(base[mate[v]])
            set_parent(v, child)
            child = mate[v]
            v = parent[mate[v]]

    def relevant(v: int, after: int) -> int:
        """Neighbours of v beyond `after` that a scan would act on: outer ones, and
        those not in the tree, outside v's blossom and other than v's mate."""
        m = neighbours(v) & (outer | no_parent) & ~blossom_mask.get(base[v], 1 << v) & ~((1 << (after + 1)) - 1)
        if mate[v] != -1:
            m &= ~(1 << mate[v])
        return m

    while queue:
        v = queue.popleft()
        todo = relevant(v, -1)
        while todo:
            u = (todo & -todo).bit_length() - 1
            todo &= todo - 1
            if base[v] == base[u] or mate[v] == u:
                continue
            if u == root or (mate[u] != -1 and parent[mate[u]] != -1):
                b = common_base(v, u)
                marked: set[int] = set()
                mark(v, b, u, marked)
                mark(u, b, v, marked)
                # the vertices of the marked blossoms, in tree order (as a scan of the
                # whole tree would meet them), join the blossom of b
                joining = [i for m in marked for i in members.pop(m, [m])]
                joining.sort(key=tree_position.__getitem__)
                members.setdefault(b, [b]).extend(i for i in joining if i != b)
                joined = blossom_mask.get(b, 1 << b)
                for i in joining:
                    joined |= 1 << i
                    blossom_mask.pop(i, None)
                    base[i] = b
                    if not in_tree[i]:
                        in_tree[i] = True
                        queue.append(i)
                blossom_mask[b] = joined
                todo = relevant(v, u)  # bases and parents changed
            elif parent[u] == -1:
                set_parent(u, v)
                tree_position[u] = len(tree)
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
                tree_position[mate[u]] = len(tree)
                tree.append(mate[u])
                queue.append(mate[u])
    return False


def _short_augment(v: int, mate: list[int], neighbours: NeighbourMask, exposed: int) -> bool:
    """An augmenting path of three edges from the exposed vertex v (v, u, mate of u,
    another exposed vertex), if there is one: after a greedy start most paths are
    that short, and finding one this way costs a scan of v's neighbours instead of a
    search tree. Applies it."""
    others = exposed & ~(1 << v)
    if not others:
        return False
    x = neighbours(v)
    while x:
        low = x & -x
        u = low.bit_length() - 1
        x ^= low
        w = mate[u]
        if w < 0:
            continue
        ends = neighbours(w) & others
        if ends:
            y = (ends & -ends).bit_length() - 1
            mate[v], mate[u], mate[w], mate[y] = u, v, y, w
            return True
    return False


def maximum_matching(n: int, neighbours: NeighbourMask, vertices: Sequence[int] | None = None) -> list[int]:
    """A maximum matching (mate[v] or -1 for v in 0..n-1) of the graph on `vertices`
    (default: all, in increasing order): each vertex in turn first takes its first
    free neighbour after it, then the exposed vertices are tried in order."""
    order = range(n) if vertices is None else vertices
    mate = [-1] * n
    free = 0
    for v in order:
        free |= 1 << v
    for v in order:
        if mate[v] == -1:
            later = neighbours(v) & free & ~((2 << v) - 1)
            if later:
                u = (later & -later).bit_length() - 1
                mate[v], mate[u] = u, v
                free &= ~((1 << v) | (1 << u))
    size = sum(1 for v in order if mate[v] != -1) // 2
    for v in order:
        if 2 * size + 1 >= len(order):
            break  # nobody or one vertex left: no augmenting path can exist
        if mate[v] == -1 and _augment(v, mate, neighbours, n):
            size += 1
    return mate


class MaskGraph:
    """A graph on 0..n-1 given by adjacency bitmasks (Python ints), for dense graphs.

    The searches use the vertex numbers themselves (a dummy vertex, when there is
    one, is n), so a matching found for one vertex set can seed the search on the
    next (`start`): the completion checks ask about sets that differ by a few
    players, and a seeded search has only a few augmenting paths left to find."""

    def __init__(self, adjacency: list[int]) -> None:
        self.adj = adjacency

    def _neighbours(self, subset: int, extra: int) -> NeighbourMask:
        adj = self.adj
        dummy = len(adj)
        dummy_bit = 1 << dummy

        def neighbours(v: int) -> int:
            if v == dummy:
                return extra
            x = adj[v] & subset
            return x | dummy_bit if extra >> v & 1 else x

        return neighbours

    def _greedy(self, order: list[int], subset: int, extra: int, start: list[int] | None) -> list[int]:
        """A maximal matching of `order` (global numbers), keeping the pairs of `start`
        that lie inside it."""
        adj = self.adj
        dummy = len(adj)
        mate = [-1] * (dummy + 1)
        free = subset | (1 << dummy if extra else 0)
        if start is not None:
            for v in order:
                u = start[v]
                if u > v and free >> u & 1 and mate[v] == -1 and (
                        extra >> v & 1 if u == dummy else adj[v] >> u & 1):
                    mate[v] = u
                    mate[u] = v
                    free &= ~((1 << v) | (1 << u))
        for v in order:
            if mate[v] != -1:
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
        return mate

    def maximum_matching_size(self, vertices: list[int]) -> int:
        """Size of a maximum matching of the subgraph induced by `vertices`."""
        subset = 0
        for v in vertices:
            subset |= 1 << v
        mate = self._greedy(list(vertices), subset, 0, None)
        size = sum(1 for v in vertices if mate[v] != -1) // 2
        neighbours = self._neighbours(subset, 0)
        for v in vertices:
            if 2 * size + 1 >= len(vertices):
                break  # nobody or one player left: nothing to augment
            if mate[v] == -1 and _augment(v, mate, neighbours, len(mate)):
                size += 1
        return size

    def perfect_matching(self, vertices: list[int], extra: int = 0, start: list[int] | None = None
                         ) -> list[int] | None:
        """A matching of all of `vertices` (plus, when `extra` is a non-zero mask, one
        dummy vertex numbered n adjacent to the vertices in `extra`), as mate[v] for
        v in 0..n, or None when there is none. `start`: a mate list to begin from."""
        dummy = len(self.adj)
        subset = 0
        for v in vertices:
            subset |= 1 << v
        order = list(vertices)
        extra &= subset
        if extra:
            order.append(dummy)
        if len(order) % 2:
            return None
        mate = self._greedy(order, subset, extra, start)
        neighbours = self._neighbours(subset, extra)
        # the dummy first: it has few neighbours, so its search is short
        exposed = sorted((v for v in order if mate[v] == -1), key=lambda v: v != dummy)
        exposed_mask = sum(1 << v for v in exposed)
        for v in exposed:
            if mate[v] != -1:
                continue
            if not (_short_augment(v, mate, neighbours, exposed_mask) or _augment(v, mate, neighbours, len(mate))):
                return None
            exposed_mask &= ~(1 << v)
            exposed_mask &= ~sum(1 << u for u in exposed if mate[u] != -1)
        return mate
