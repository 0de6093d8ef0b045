"""The weighted and cardinality matching routines against brute force."""

from __future__ import annotations

import random

from app.engine.pairing.cardinality import maximum_matching
from app.engine.pairing.matching import max_weight_matching


def _best(n: int, weights: dict[tuple[int, int], int]) -> tuple[int, int]:
    """(best total weight, best cardinality) by exhaustive search."""
    best_w = best_c = 0

    def rec(i: int, used: frozenset[int], total: int, count: int) -> None:
        nonlocal best_w, best_c
        if i == n:
            best_w = max(best_w, total)
            best_c = max(best_c, count)
            return
        rec(i + 1, used, total, count)
        if i in used:
            return
        for j in range(i + 1, n):
            if j not in used and (i, j) in weights:
                rec(i + 1, used | {i, j}, total + weights[(i, j)], count + 1)

    rec(0, frozenset(), 0, 0)
    return best_w, best_c


def test_weighted_matching_matches_brute_force() -> None:
    rng = random.Random(2026)
    for _ in range(400):
        n = rng.randint(1, 9)
        weights = {(u, v): rng.choice([1, 2, 3, 7, 1 << 70, (1 << 70) + 1])
                   for u in range(n) for v in range(u + 1, n) if rng.random() < 0.6}
        mate = max_weight_matching(n, [(u, v, w) for (u, v), w in weights.items()])
        total = 0
        for v in range(n):
            if mate[v] >= 0:
                assert mate[mate[v]] == v
                if v < mate[v]:
                    total += weights[(v, mate[v])]
        assert total == _best(n, weights)[0]


def test_lexicographic_fields_are_respected() -> None:
    # one pair with a high field beats two pairs with lower fields
    big = 1 << 40
    mate = max_weight_matching(4, [(0, 1, big), (0, 2, 5), (1, 3, 5)])
    assert mate[0] == 1 and mate[2] == -1


def test_cardinality_matching_matches_brute_force() -> None:
    rng = random.Random(7)
    for _ in range(300):
        n = rng.randint(1, 10)
        edges = {(u, v) for u in range(n) for v in range(u + 1, n) if rng.random() < 0.4}
        adj = {v: [u for u in range(n) if (min(u, v), max(u, v)) in edges] for v in range(n)}
        mate = maximum_matching(n, lambda v, adj=adj: adj[v])
        size = sum(1 for m in mate if m != -1) // 2
        for v in range(n):
            if mate[v] != -1:
                assert (min(v, mate[v]), max(v, mate[v])) in edges
        assert size == _best(n, dict.fromkeys(edges, 1))[1]


def test_mask_graph_matching_matches_brute_force() -> None:
    from app.engine.pairing.cardinality import MaskGraph

    rng = random.Random(11)
    for _ in range(300):
        n = rng.randint(1, 10)
        edges = {(u, v) for u in range(n) for v in range(u + 1, n) if rng.random() < 0.45}
        adjacency = [sum(1 << u for u in range(n) if (min(u, v), max(u, v)) in edges) for v in range(n)]
        graph = MaskGraph(adjacency)
        subset = [v for v in range(n) if rng.random() < 0.8]
        sub_edges = {(u, v) for (u, v) in edges if u in subset and v in subset}
        relabel = {v: i for i, v in enumerate(subset)}
        best = _best(len(subset), {(relabel[u], relabel[v]): 1 for u, v in sub_edges})[1]
        assert graph.maximum_matching_size(subset) == best
        assert graph.perfect_matching(subset) == (2 * best == len(subset))
        # a dummy vertex adjacent to some vertices (the PAB candidates)
        extra = sum(1 << v for v in subset if rng.random() < 0.5)
        with_dummy = graph.perfect_matching(subset, extra)
        expected = False
        if len(subset) % 2 == 1:
            for v in subset:
                if extra >> v & 1:
                    rest = [x for x in subset if x != v]
                    rl = {x: i for i, x in enumerate(rest)}
                    e2 = {(rl[a], rl[b]): 1 for a, b in sub_edges if a != v and b != v}
                    if 2 * _best(len(rest), e2)[1] == len(rest):
                        expected = True
        elif not extra:
            expected = 2 * best == len(subset)
        assert with_dummy == expected  # with a dummy, an even set cannot be matched perfectly
