"""Maximum-weight matching on general graphs (Edmonds' blossom method, primal-dual).

The pairing engine expresses every FIDE criterion as a field of one exact integer
edge weight (Python integers are unbounded), so one maximum-weight matching
optimises all criteria lexicographically. This module knows nothing about chess.

Implementation notes
--------------------
The algorithm is the classic O(n^3) primal-dual method for weighted matching in
general graphs (Edmonds 1965; Gabow 1976; Galil 1986, "Efficient algorithms for
finding maximum matching in graphs"). Vertex duals are stored doubled so that all
arithmetic stays integral. Edge weights must be positive integers; absent edges
are simply not listed. The result is a maximum-weight matching (not necessarily of
maximum cardinality): put a dominant "pair everybody" field in the weights when
cardinality matters.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

_FREE, _OUTER, _INNER = 0, 1, 2
_NONE = -1


class _Solver:
    """One run of the primal-dual algorithm. Vertices 0..n-1, blossoms n..2n-1."""

    def __init__(self, n: int, edges: Sequence[tuple[int, int, int]]) -> None:
        self.n = n
        self.edges = edges
        # endpoint 2k is edges[k][0], endpoint 2k+1 is edges[k][1]
        self.endpoint: list[int] = [0] * (2 * len(edges))
        self.incident: list[list[int]] = [[] for _ in range(n)]  # remote endpoints
        max_w = 0
        for k, (u, v, w) in enumerate(edges):
            self.endpoint[2 * k] = u
            self.endpoint[2 * k + 1] = v
            self.incident[u].append(2 * k + 1)
            self.incident[v].append(2 * k)
            if w > max_w:
                max_w = w
        self.mate: list[int] = [_NONE] * n  # remote endpoint of the matched edge
        size = 2 * n
        self.label: list[int] = [_FREE] * size
        self.label_end: list[int] = [_NONE] * size
        self.in_blossom: list[int] = list(range(n))
        self.parent: list[int] = [_NONE] * size
        self.children: list[list[int]] = [[] for _ in range(size)]
        self.child_endpoints: list[list[int]] = [[] for _ in range(size)]
        self.base: list[int] = list(range(n)) + [_NONE] * n
        self.best_edge: list[int] = [_NONE] * size
        self.blossom_best_edges: list[list[int] | None] = [None] * size
        self.unused: list[int] = list(range(n, size))
        self.dual: list[int] = [max_w] * n + [0] * n
        # an edge is "allowed" (tight, usable) in the current stage when allowed[k] == stage
        self.stage = 0
        self.allowed: list[int] = [-1] * len(edges)
        self.queue: list[int] = []
        self.eu = [u for u, _v, _w in edges]
        self.ev = [v for _u, v, _w in edges]
        self.ew2 = [2 * w for _u, _v, w in edges]

    # -- helpers ----------------------------------------------------------

    def slack(self, k: int) -> int:
        return self.dual[self.eu[k]] + self.dual[self.ev[k]] - self.ew2[k]

    def leaves(self, b: int) -> Iterable[int]:
        if b < self.n:
            yield b
            return
        stack = [b]
        while stack:
            x = stack.pop()
            for c in self.children[x]:
                if c < self.n:
                    yield c
                else:
                    stack.append(c)

    def assign_label(self, w: int, t: int, p: int) -> None:
        b = self.in_blossom[w]
        self.label[w] = self.label[b] = t
        self.label_end[w] = self.label_end[b] = p
        self.best_edge[w] = self.best_edge[b] = _NONE
        if t == _OUTER:
            self.queue.extend(self.leaves(b))
        else:
            base = self.base[b]
            self.assign_label(self.endpoint[self.mate[base]], _OUTER, self.mate[base] ^ 1)

    def scan_for_blossom(self, v: int, w: int) -> int:
        """Trace back from v and w; return the base of a new blossom or -1 (augmenting path)."""
        path: list[int] = []
        found = _NONE
        while v != _NONE or w != _NONE:
            b = self.in_blossom[v]
            if self.label[b] & 4:
                found = self.base[b]
                break
            path.append(b)
            self.label[b] = 5
            if self.label_end[b] == _NONE:
                v = _NONE
            else:
                v = self.endpoint[self.label_end[b]]
                b = self.in_blossom[v]
                v = self.endpoint[self.label_end[b]]
            if w != _NONE:
                v, w = w, v
        for b in path:
            self.label[b] = _OUTER
        return found

    def add_blossom(self, base: int, k: int) -> None:
        u, v, _ = self.edges[k]
        bb = self.in_blossom[base]
        bv = self.in_blossom[u]
        bw = self.in_blossom[v]
        b = self.unused.pop()
        self.base[b] = base
        self.parent[b] = _NONE
        self.parent[bb] = b
        path: list[int] = []
        endps: list[int] = []
        while bv != bb:
            self.parent[bv] = b
            path.append(bv)
            endps.append(self.label_end[bv])
            v = self.endpoint[self.label_end[bv]]
            bv = self.in_blossom[v]
        path.append(bb)
        path.reverse()
        endps.reverse()
        endps.append(2 * k)
        while bw != bb:
            self.parent[bw] = b
            path.append(bw)
            endps.append(self.label_end[bw] ^ 1)
            w = self.endpoint[self.label_end[bw]]
            bw = self.in_blossom[w]
        self.children[b] = path
        self.child_endpoints[b] = endps
        self.label[b] = _OUTER
        self.label_end[b] = self.label_end[bb]
        self.dual[b] = 0
        for leaf in self.leaves(b):
            if self.label[self.in_blossom[leaf]] == _INNER:
                self.queue.append(leaf)
            self.in_blossom[leaf] = b
        # best edges from the new blossom to other outer blossoms
        best_to = [_NONE] * (2 * self.n)
        for child in path:
            bes = self.blossom_best_edges[child]
            if bes is None:
                lists = [[p // 2 for p in self.incident[x]] for x in self.leaves(child)]
            else:
                lists = [bes]
            for lst in lists:
                for kk in lst:
                    i, j, _w = self.edges[kk]
                    if self.in_blossom[j] == b:
                        i, j = j, i
                    bj = self.in_blossom[j]
                    if bj != b and self.label[bj] == _OUTER and (
                            best_to[bj] == _NONE or self.slack(kk) < self.slack(best_to[bj])):
                        best_to[bj] = kk
            self.blossom_best_edges[child] = None
            self.best_edge[child] = _NONE
        self.blossom_best_edges[b] = [kk for kk in best_to if kk != _NONE]
        self.best_edge[b] = _NONE
        for kk in self.blossom_best_edges[b] or ():
            if self.best_edge[b] == _NONE or self.slack(kk) < self.slack(self.best_edge[b]):
                self.best_edge[b] = kk

    def expand_blossom(self, b: int, end_stage: bool) -> None:
        for s in self.children[b]:
            self.parent[s] = _NONE
            if s < self.n:
                self.in_blossom[s] = s
            elif end_stage and self.dual[s] == 0:
                self.expand_blossom(s, end_stage)
            else:
                for leaf in self.leaves(s):
                    self.in_blossom[leaf] = s
        if not end_stage and self.label[b] == _INNER:
            # The blossom was an inner tree node: relabel the even-length path of
            # sub-blossoms from the entry child to the base.
            children = self.children[b]
            endps = self.child_endpoints[b]
            entry = self.in_blossom[self.endpoint[self.label_end[b] ^ 1]]
            j = children.index(entry)
            if j & 1:
                j -= len(children)
                step, flip = 1, 0
            else:
                step, flip = -1, 1
            p = self.label_end[b]
            while j != 0:
                self.label[self.endpoint[p ^ 1]] = _FREE
                self.label[self.endpoint[endps[j - flip] ^ flip ^ 1]] = _FREE
                self.assign_label(self.endpoint[p ^ 1], _INNER, p)
                self.allowed[endps[j - flip] // 2] = self.stage
                j += step
                p = endps[j - flip] ^ flip
                self.allowed[p // 2] = self.stage
                j += step
            bv = children[j]
            self.label[self.endpoint[p ^ 1]] = self.label[bv] = _INNER
            self.label_end[self.endpoint[p ^ 1]] = self.label_end[bv] = p
            self.best_edge[bv] = _NONE
            j += step
            while children[j] != entry:
                bv = children[j]
                if self.label[bv] == _OUTER:
                    j += step
                    continue
                reached = _NONE
                for leaf in self.leaves(bv):
                    if self.label[leaf] != _FREE:
                        reached = leaf
                        break
                if reached != _NONE:
                    self.label[reached] = _FREE
                    self.label[self.endpoint[self.mate[self.base[bv]]]] = _FREE
                    self.assign_label(reached, _INNER, self.label_end[reached])
                j += step
        self.label[b] = self.label_end[b] = _NONE
        self.children[b] = []
        self.child_endpoints[b] = []
        self.base[b] = _NONE
        self.blossom_best_edges[b] = None
        self.best_edge[b] = _NONE
        self.unused.append(b)

    def augment_blossom(self, b: int, v: int) -> None:
        t = v
        while self.parent[t] != b:
            t = self.parent[t]
        if t >= self.n:
            self.augment_blossom(t, v)
        i = j = self.children[b].index(t)
        if i & 1:
            j -= len(self.children[b])
            step, end_shift = 1, 0
        else:
            step, end_shift = -1, 1
        while j != 0:
            j += step
            t = self.children[b][j]
            p = self.child_endpoints[b][j - end_shift] ^ end_shift
            if t >= self.n:
                self.augment_blossom(t, self.endpoint[p])
            j += step
            t = self.children[b][j]
            if t >= self.n:
                self.augment_blossom(t, self.endpoint[p ^ 1])
            self.mate[self.endpoint[p]] = p ^ 1
            self.mate[self.endpoint[p ^ 1]] = p
        self.children[b] = self.children[b][i:] + self.children[b][:i]
        self.child_endpoints[b] = self.child_endpoints[b][i:] + self.child_endpoints[b][:i]
        self.base[b] = self.base[self.children[b][0]]

    def augment_matching(self, k: int) -> None:
        v, w, _ = self.edges[k]
        for s, p in ((v, 2 * k + 1), (w, 2 * k)):
            while True:
                bs = self.in_blossom[s]
                if bs >= self.n:
                    self.augment_blossom(bs, s)
                self.mate[s] = p
                if self.label_end[bs] == _NONE:
                    break
                t = self.endpoint[self.label_end[bs]]
                bt = self.in_blossom[t]
                s = self.endpoint[self.label_end[bt]]
                j = self.endpoint[self.label_end[bt] ^ 1]
                if bt >= self.n:
                    self.augment_blossom(bt, j)
                self.mate[j] = self.label_end[bt]
                p = self.label_end[bt] ^ 1

    # -- main loop ---------------------------------------------------------

    def run(self) -> list[int]:
        n = self.n
        edges = self.edges
        ew = self.ew2  # doubled weights: slack = dual_u + dual_v - ew
        eu, ev = self.eu, self.ev
        endpoint = self.endpoint
        incident = self.incident
        in_blossom = self.in_blossom
        label = self.label
        dual = self.dual
        allowed = self.allowed
        best_edge = self.best_edge
        parent = self.parent
        base = self.base
        for stage in range(n):
            self.stage = stage
            for i in range(2 * n):
                label[i] = _FREE
                best_edge[i] = _NONE
            for i in range(n, 2 * n):
                self.blossom_best_edges[i] = None
            self.queue = []
            for v in range(n):
                if self.mate[v] == _NONE and label[in_blossom[v]] == _FREE:
                    self.assign_label(v, _OUTER, _NONE)
            augmented = False
            while True:
                queue = self.queue
                while queue and not augmented:
                    v = queue.pop()
                    bv = in_blossom[v]
                    dv = dual[v]
                    for p in incident[v]:
                        k = p >> 1
                        w = endpoint[p]
                        bw = in_blossom[w]
                        if bv == bw:
                            continue
                        if allowed[k] == stage:
                            ks = 0
                        else:
                            ks = dv + dual[w] - ew[k]
                            if ks <= 0:
                                allowed[k] = stage
                        if allowed[k] == stage:
                            lw = label[bw]
                            if lw == _FREE:
                                self.assign_label(w, _INNER, p ^ 1)
                            elif lw == _OUTER:
                                blossom_base = self.scan_for_blossom(v, w)
                                if blossom_base >= 0:
                                    self.add_blossom(blossom_base, k)
                                    bv = in_blossom[v]
                                else:
                                    self.augment_matching(k)
                                    augmented = True
                                    break
                            elif label[w] == _FREE:
                                label[w] = _INNER
                                self.label_end[w] = p ^ 1
                        elif label[bw] == _OUTER:
                            be = best_edge[bv]
                            if be == _NONE or ks < dual[eu[be]] + dual[ev[be]] - ew[be]:
                                best_edge[bv] = k
                        elif label[w] == _FREE:
                            be = best_edge[w]
                            if be == _NONE or ks < dual[eu[be]] + dual[ev[be]] - ew[be]:
                                best_edge[w] = k
                if augmented:
                    break
                # dual adjustment
                delta_type = 1
                delta = min(dual[:n])
                delta_edge = delta_blossom = _NONE
                for v in range(n):
                    be = best_edge[v]
                    if be != _NONE and label[in_blossom[v]] == _FREE:
                        d = dual[eu[be]] + dual[ev[be]] - ew[be]
                        if d < delta:
                            delta, delta_type, delta_edge = d, 2, be
                for b in range(2 * n):
                    be = best_edge[b]
                    if be != _NONE and parent[b] == _NONE and label[b] == _OUTER:
                        d = (dual[eu[be]] + dual[ev[be]] - ew[be]) // 2
                        if d < delta:
                            delta, delta_type, delta_edge = d, 3, be
                for b in range(n, 2 * n):
                    if base[b] >= 0 and parent[b] == _NONE and label[b] == _INNER and dual[b] < delta:
                        delta, delta_type, delta_blossom = dual[b], 4, b
                for v in range(n):
                    lab = label[in_blossom[v]]
                    if lab == _OUTER:
                        dual[v] -= delta
                    elif lab == _INNER:
                        dual[v] += delta
                for b in range(n, 2 * n):
                    if base[b] >= 0 and parent[b] == _NONE:
                        if label[b] == _OUTER:
                            dual[b] += delta
                        elif label[b] == _INNER:
                            dual[b] -= delta
                if delta_type == 1:
                    break
                if delta_type == 2:
                    allowed[delta_edge] = stage
                    i, j, _w = edges[delta_edge]
                    if label[in_blossom[i]] == _FREE:
                        i, j = j, i
                    self.queue.append(i)
                elif delta_type == 3:
                    allowed[delta_edge] = stage
                    i, _j, _w = edges[delta_edge]
                    self.queue.append(i)
                else:
                    self.expand_blossom(delta_blossom, False)
            if not augmented:
                break
            for b in range(n, 2 * n):
                if parent[b] == _NONE and base[b] >= 0 and label[b] == _OUTER and dual[b] == 0:
                    self.expand_blossom(b, True)
        return [endpoint[self.mate[v]] if self.mate[v] >= 0 else _NONE for v in range(n)]


def max_weight_matching(n: int, edges: Iterable[tuple[int, int, int]]) -> list[int]:
    """Maximum-weight matching of the graph on vertices 0..n-1.

    `edges` are (u, v, weight) with positive integer weights (non-positive ones are
    ignored). Returns mate[v] (or -1 for an unmatched vertex).
    """
    clean = [(u, v, w) for u, v, w in edges if w > 0 and u != v]
    if not clean:
        return [_NONE] * n
    return _Solver(n, clean).run()


def max_weight_matching_with_duals(n: int, edges: Iterable[tuple[int, int, int]]
                                   ) -> tuple[list[int], list[int], bool]:
    """Like `max_weight_matching`, also returning the doubled vertex duals of the
    optimum (slack of an edge = dual[u] + dual[v] - 2 * weight) and whether some
    blossom keeps a positive dual (then vertex duals alone do not certify optimality)."""
    clean = [(u, v, w) for u, v, w in edges if w > 0 and u != v]
    if not clean:
        return [_NONE] * n, [0] * n, False
    solver = _Solver(n, clean)
    mate = solver.run()
    blossom_duals = any(solver.base[b] >= 0 and solver.dual[b] > 0 for b in range(n, 2 * n))
    return mate, solver.dual[:n], blossom_duals
