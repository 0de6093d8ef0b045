"""The weighted and cardinality matching routines against brute force."""

from __future__ import annotations

import random

import pytest

from app.engine.pairing.matching import (
    BipartiteMatching,
    MaskGraph,
    max_weight_matching,
    max_weight_matching_with_duals,
    maximum_matching,
    transportation,
)
from app.engine.pairing.matching.classes import VertexClasses, fractional_optimum, tight_graph
from tests.conftest import sampled


def _best_by_size(n: int, weights: dict[tuple[int, int], int]) -> dict[int, int]:
    """Best total weight of the matchings of each cardinality, by exhaustive search."""
    best: dict[int, int] = {}

    def rec(i: int, used: frozenset[int], total: int, count: int) -> None:
        if i == n:
            best[count] = max(best.get(count, total), total)
            return
        rec(i + 1, used, total, count)
        if i in used:
            return
        for j in range(i + 1, n):
            if j not in used and (i, j) in weights:
                rec(i + 1, used | {i, j}, total + weights[(i, j)], count + 1)

    rec(0, frozenset(), 0, 0)
    return best


def _best(n: int, weights: dict[tuple[int, int], int]) -> tuple[int, int]:
    """(best total weight, best cardinality) by exhaustive search."""
    best = _best_by_size(n, weights)
    return max(best.values()), max(best)


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
        mate = maximum_matching(n, lambda v, adj=adj: sum(1 << u for u in adj[v]))
        size = sum(1 for m in mate if m != -1) // 2
        for v in range(n):
            if mate[v] != -1:
                assert (min(v, mate[v]), max(v, mate[v])) in edges
        assert size == _best(n, dict.fromkeys(edges, 1))[1]


def test_mask_graph_matching_matches_brute_force() -> None:
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
        assert (graph.perfect_matching(subset) is not None) == (2 * best == len(subset))
        # a dummy vertex adjacent to some vertices (the PAB candidates)
        extra = sum(1 << v for v in subset if rng.random() < 0.5)
        with_dummy = graph.perfect_matching(subset, extra) is not None
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


def test_weighted_matching_duals_certify_the_optimum() -> None:
    """The returned duals are feasible and complementary to the matching; without
    blossom duals they alone prove it optimal (checked against brute force)."""
    rng = random.Random(99)
    certified = 0
    for _ in range(300):
        n = rng.randint(1, 9)
        bipartite = rng.random() < 0.5
        weights = {(u, v): rng.choice([1, 2, 3, 8, 1 << 50])
                   for u in range(n) for v in range(u + 1, n)
                   if rng.random() < 0.6 and (not bipartite or (u % 2) != (v % 2))}
        mate, duals, blossoms = max_weight_matching_with_duals(n, [(u, v, w) for (u, v), w in weights.items()])
        total = sum(weights[(v, mate[v])] for v in range(n) if v < mate[v])
        assert total == _best(n, weights)[0]
        if not weights:
            continue
        assert all(d >= 0 for d in duals)
        for (u, v), w in weights.items():
            slack = duals[u] + duals[v] - 2 * w
            if mate[u] == v:
                assert slack == 0 or blossoms
            else:
                assert slack >= 0 or blossoms
        if not blossoms:
            certified += 1
            assert all(duals[v] == 0 for v in range(n) if mate[v] < 0)
            assert sum(duals) == 2 * total  # weak duality is tight
        if bipartite:
            assert not blossoms  # no odd cycles, no blossom keeps a dual
    assert certified > 150


def _bipartite_case(rng: random.Random) -> tuple[list[int], list[int], dict[int, int], dict[int, int],
                                                  set[tuple[int, int]]]:
    lefts = list(range(rng.randint(1, 5)))
    rights = list(range(10, 10 + rng.randint(1, 6)))
    edges = {(a, b) for a in lefts for b in rights if rng.random() < 0.5}
    right_of = {a: sum(1 << b for b in rights if (a, b) in edges) for a in lefts}
    left_of = {b: sum(1 << a for a in lefts if (a, b) in edges) for b in rights}
    return lefts, rights, right_of, left_of, edges


def _random_matching(rng: random.Random, edges: set[tuple[int, int]]) -> BipartiteMatching:
    m = BipartiteMatching()
    for a, b in sorted(edges, key=lambda _e: rng.random()):
        if a not in m.mate and b not in m.mate and rng.random() < 0.7:
            m.pair(a, b)
    return m


def _matchings(pairs: list[tuple[int, int]]) -> list[set[tuple[int, int]]]:
    """Every matching of the edge list (exhaustive)."""
    out: list[set[tuple[int, int]]] = [set()]
    for a, b in pairs:
        out += [m | {(a, b)} for m in out if all(a != x and b != y for x, y in m)]
    return out


def _check_matching(m: BipartiteMatching, edges: set[tuple[int, int]], rights: list[int]) -> None:
    for v, u in m.mate.items():
        assert m.mate[u] == v
        assert (v, u) in edges or (u, v) in edges
    assert m.matched_right == sum(1 << b for b in rights if b in m.mate)


def test_augmenting_path_from_a_left_vertex_matches_brute_force() -> None:
    rng = random.Random(5)
    outcomes = set()
    for _ in range(400):
        lefts, rights, right_of, _left_of, edges = _bipartite_case(rng)
        m = _random_matching(rng, edges)
        free_lefts = [a for a in lefts if a not in m.mate]
        if not free_lefts:
            continue
        start = rng.choice(free_lefts)
        fixed = {v for a in lefts if a in m.mate and rng.random() < 0.3 for v in (a, m.mate[a])}
        m.fixed = sum(1 << v for v in fixed)
        covered = set(m.mate) - fixed
        usable = [(a, b) for a, b in edges if a not in fixed and b not in fixed]
        expected = any(covered | {start} <= {v for e in mm for v in e} for mm in _matchings(usable))
        before = dict(m.mate)
        found = m.augment_from_left(start, right_of)
        assert found == expected
        outcomes.add(found)
        _check_matching(m, edges, rights)
        if found:
            assert covered | {start} <= set(m.mate) and len(m.mate) == len(before) + 2
            assert all(m.mate[v] == before[v] for v in fixed)
        else:
            assert m.mate == before
    assert outcomes == {True, False}


def test_covering_a_right_vertex_matches_brute_force() -> None:
    rng = random.Random(6)
    outcomes = set()
    for _ in range(1500):
        lefts, rights, _right_of, left_of, edges = _bipartite_case(rng)
        m = _random_matching(rng, edges)
        free_rights = [b for b in rights if b not in m.mate]
        if not free_rights or any(a not in m.mate for a in lefts):
            continue  # the routine's precondition: every left vertex is matched
        start = rng.choice(free_rights)
        fixed = {v for a in lefts if rng.random() < 0.3 for v in (a, m.mate[a])}
        m.fixed = sum(1 << v for v in fixed)
        keep = {b for b in rights if b in m.mate and rng.random() < 0.5}
        must = (set(lefts) | {start} | keep) - fixed
        usable = [(a, b) for a, b in edges if a not in fixed and b not in fixed]
        expected = any(must <= {v for e in mm for v in e} for mm in _matchings(usable))
        before = dict(m.mate)
        found = m.cover_right(start, left_of, sum(1 << b for b in keep))
        assert found == expected
        outcomes.add(found)
        _check_matching(m, edges, rights)
        if found:
            assert must <= set(m.mate) and len(m.mate) == len(before)
            assert all(m.mate[v] == before[v] for v in fixed)
        else:
            assert m.mate == before
    assert outcomes == {True, False}


@pytest.mark.parametrize("chunk", sampled(list(range(10))))
def test_transportation_matches_brute_force_and_its_dual_certifies(chunk: int) -> None:
    """300 random problems in ten chunks of 30 (the brute force is exponential): one chunk in the fast loop."""
    rng = random.Random(17 + chunk)
    for _ in range(30):
        supply = [rng.randint(1, 3) for _ in range(rng.randint(1, 3))]
        demand = [rng.randint(1, 3) for _ in range(rng.randint(1, 3))]
        weight = {(i, j): rng.choice([1, 2, 5, 9, 1 << 60, (1 << 60) + 3])
                  for i in range(len(supply)) for j in range(len(demand)) if rng.random() < 0.7}
        flow, a, b = transportation(supply, demand, weight)
        # brute force: one vertex per unit, a weighted matching
        rows = [i for i, s in enumerate(supply) for _ in range(s)]
        cols = [j for j, d in enumerate(demand) for _ in range(d)]
        n = len(rows) + len(cols)
        units = {(u, len(rows) + v): weight[(i, j)] for u, i in enumerate(rows) for v, j in enumerate(cols)
                 if (i, j) in weight}
        best = _best(n, units)[0]
        assert sum(weight[e] * f for e, f in flow.items()) == best
        shipped = [sum(f for (i, _j), f in flow.items() if i == r) for r in range(len(supply))]
        received = [sum(f for (_i, j), f in flow.items() if j == c) for c in range(len(demand))]
        assert all(x <= s for x, s in zip(shipped, supply, strict=True))
        assert all(x <= d for x, d in zip(received, demand, strict=True))
        assert all(x >= 0 for x in a + b)
        for (i, j), w in weight.items():
            assert a[i] + b[j] >= w
            assert (a[i] + b[j] == w) or (i, j) not in flow
        assert all(a[i] == 0 for i in range(len(supply)) if shipped[i] < supply[i])
        assert all(b[j] == 0 for j in range(len(demand)) if received[j] < demand[j])
        # the dual's value equals the flow's: the certificate is tight
        assert sum(x * s for x, s in zip(a, supply, strict=True)) + sum(
            y * d for y, d in zip(b, demand, strict=True)) == best


def test_class_problems_bound_and_certify_against_brute_force() -> None:
    """The fractional class optimum bounds every matching of the vertices; when the tight
    graph has a perfect matching, that matching is a best one (brute force)."""
    rng = random.Random(23)
    certified = 0
    for _ in range(400):
        n = rng.randint(2, 8)
        key = [rng.randrange(3) for _ in range(n)]
        cl = VertexClasses.of_vertices(list(range(n)), key.__getitem__)
        k = len(cl.members)
        class_weight = {}
        for c in range(k):
            for d in range(c, k):
                if rng.random() < 0.9 and (c != d or cl.size[c] > 1):
                    class_weight[(c, d)] = class_weight[(d, c)] = (1 << 40) + rng.choice([0, 1, 2, 5])
        banned = {(u, v) for u in range(n) for v in range(u + 1, n) if rng.random() < 0.15}
        adjacency = [sum(1 << v for v in range(n) if v != u and (cl.of[u], cl.of[v]) in class_weight
                         and (min(u, v), max(u, v)) not in banned) for u in range(n)]
        weights = {(u, v): class_weight[(cl.of[u], cl.of[v])] for u in range(n) for v in range(u + 1, n)
                   if adjacency[u] >> v & 1}
        pairs = MaskGraph(adjacency).maximum_matching_size(list(range(n)))
        phantoms = n - 2 * pairs
        best = _best_by_size(n, weights)[pairs]
        optimum = fractional_optimum(cl, class_weight, phantoms)
        assert optimum is not None  # the vertices' own matching is a fractional one
        assert optimum.value >= 2 * best
        graph, phantom_ids = tight_graph(cl, class_weight, optimum, adjacency, phantoms)
        mate = graph.perfect_matching(list(range(n)) + phantom_ids)
        if mate is None:
            continue
        certified += 1
        chosen = [(v, mate[v]) for v in range(n) if v < mate[v] < n]
        assert all((v, u) in weights for v, u in chosen) and len(chosen) == pairs
        assert 2 * sum(weights[e] for e in chosen) == optimum.value == 2 * best
    assert certified > 200
