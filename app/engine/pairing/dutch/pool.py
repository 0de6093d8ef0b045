"""The players of one round and who may meet whom: [C1] and [C3], completion [C4]."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from app.engine.messages import Message
from app.engine.model import Colour
from app.engine.pairing.matching import MaskGraph
from app.engine.pairing.state import PlayerState, RoundState

# C.04.3 1.9: no pairing meets the absolute criteria (when the pool cannot say more)
UNPAIRABLE = Message("pairing.unpairable", {})


class PlayerPool:
    """The players to pair, as vertices 0..n-1 in pairing order, and their compatibilities."""

    def __init__(self, state: RoundState) -> None:
        self.state = state
        self.players: list[PlayerState] = state.players
        n = self.n = len(self.players)
        ps = self.ps = [p.pairing_score for p in self.players]
        # scoregroups in pairing order (C.04.3 1.3.1)
        groups: list[list[int]] = []
        for i in range(n):
            if groups and ps[groups[-1][0]] == ps[i]:
                groups[-1].append(i)
            else:
                groups.append([i])
        self.groups = groups
        self.odd = n % 2 == 1
        self.rounds_back = min(2, state.round_number - 1)
        # incompatibilities ([C1] and [C3])
        index = self.index = {p.id: i for i, p in enumerate(self.players)}
        self.banned: list[set[int]] = [set() for _ in range(n)]
        for i, p in enumerate(self.players):
            for o in p.opponents:
                j = index.get(o)
                if j is not None:
                    self.banned[i].add(j)
            for o in state.forbidden.get(p.id, ()):
                j = index.get(o)
                if j is not None and j != i:
                    self.banned[i].add(j)
                    self.banned[j].add(i)
        self.colour_class = [0] * n  # 1: absolute White, 2: absolute Black (non-topscorers)
        for i, p in enumerate(self.players):
            if p.absolute and not (state.last_round and p.topscorer):
                self.colour_class[i] = 1 if p.preference is Colour.WHITE else 2
        self.graph = MaskGraph(self._adjacency())
        self._last_matching: list[int] | None = None  # seeds the next completion check

    def _adjacency(self) -> list[int]:
        full = (1 << self.n) - 1
        class_mask = [0, 0, 0]
        for i, c in enumerate(self.colour_class):
            class_mask[c] |= 1 << i
        adjacency = []
        for i in range(self.n):
            banned = 1 << i
            for j in self.banned[i]:
                banned |= 1 << j
            if self.colour_class[i]:
                banned |= class_mask[self.colour_class[i]]
            adjacency.append(full & ~banned)
        return adjacency

    def compatible(self, i: int, j: int) -> bool:
        if j in self.banned[i]:
            return False
        ci = self.colour_class[i]
        return not (ci and ci == self.colour_class[j])

    def completable(self, vertices: Sequence[int], bye_limit: Fraction | None,
                    apart: set[int] | None = None) -> bool:
        """Can `vertices` all be paired ([C1]-[C3]), leaving at most one PAB-eligible
        player whose pairing score is at most `bye_limit` (None: any eligible)?
        Players in `apart` may not be paired with each other."""
        if not vertices:
            return True
        graph = self.graph
        if apart:
            apart_mask = 0
            for v in apart:
                apart_mask |= 1 << v
            adj = graph.adj
            graph = MaskGraph([a & ~apart_mask if apart_mask >> i & 1 else a for i, a in enumerate(adj)])
        extra = 0
        if len(vertices) % 2:
            for v in vertices:
                if self.players[v].bye_eligible and (bye_limit is None or self.ps[v] <= bye_limit):
                    extra |= 1 << v
            if not extra:
                return False
        mate = graph.perfect_matching(list(vertices), extra, self._last_matching)
        if mate is None:
            return False
        self._last_matching = mate
        return True

    def max_pairs(self, vertices: list[int]) -> int:
        """Size of a maximum matching of `vertices` ([C1]-[C3] only)."""
        return self.graph.maximum_matching_size(vertices)

    def unpairable_reason(self) -> Message:
        """Why no complete round-pairing exists (C.04.3 1.9), as a catalogue message."""
        n = self.n
        isolated = [self.players[i].id for i in range(n) if not any(self.compatible(i, j) for j in range(n) if j != i)]
        odd = self.odd and not any(p.bye_eligible for p in self.players)
        return Message("pairing.unpairable.dutch", {
            "count": n, "isolated": Message("pairing.unpairable.isolated", {"players": ", ".join(map(str, isolated))})
            if isolated else "", "odd": Message("pairing.unpairable.odd", {}) if odd else ""})
