"""Every matching routine of the pairing engines, none of which knows about chess.

- `weighted`: maximum-weight matching on general graphs (Edmonds' blossom method,
  primal-dual, exact integers), with the optimal vertex duals on request.
- `cardinality`: maximum-cardinality matching (Edmonds), on a neighbour function
  or on adjacency bitmasks (`MaskGraph`), for the completion checks.
- `bipartite`: alternating-path searches in a bipartite graph with part of the
  matching fixed (used to walk the optimal pairings in a given order).
- `transport`: the transportation problem (bipartite b-matching) with its dual;
- `classes`: matching problems on classes of interchangeable vertices (the
  fractional class optimum and the tight graph that proves a matching optimal).
"""

from app.engine.pairing.matching.bipartite import BipartiteMatching
from app.engine.pairing.matching.cardinality import MaskGraph, maximum_matching
from app.engine.pairing.matching.transport import transportation
from app.engine.pairing.matching.weighted import max_weight_matching, max_weight_matching_with_duals

__all__ = [
    "BipartiteMatching",
    "MaskGraph",
    "max_weight_matching",
    "max_weight_matching_with_duals",
    "maximum_matching",
    "transportation",
]
