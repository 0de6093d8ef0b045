"""What the other FIDE Swiss systems (C.04.4) share: the "may meet" graph of a round and the PAB search.

Dubov (C.04.4.1) and Burstein (C.04.4.2) both say: [C1] no rematch (with the forbidden pairs),
[C3] no two players with the same absolute colour preference (no topscorer exception), and
3.1 the pairing-allocated bye first, to the first eligible player in the system's order who
leaves a complete pairing of the others ([C4]).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from app.engine.errors import UnpairableError
from app.engine.messages import Message
from app.engine.pairing.matching import MaskGraph
from app.engine.pairing.state import PlayerState, RoundState


class RoundField:
    """The players to pair in one round and who may meet whom."""

    system_name: str  # message id of the system's name (the report of a round no pairing satisfies)
    article = "C.04.4"

    def __init__(self, state: RoundState, players: Sequence[PlayerState] | None = None) -> None:
        self.state = state
        self.players = list(state.players if players is None else players)
        self.pos = {p.id: i for i, p in enumerate(self.players)}
        n = len(self.players)
        full = (1 << n) - 1
        self.adjacency = []
        for i, p in enumerate(self.players):
            banned = 1 << i
            for j, q in enumerate(self.players):
                if j != i and not self.compatible(p, q):
                    banned |= 1 << j
            self.adjacency.append(full & ~banned)
        self.graph = MaskGraph(self.adjacency)
        self.notes: list[Message] = []  # rendered in the language of the answer

    def compatible(self, a: PlayerState, b: PlayerState) -> bool:
        """[C1] (with the forbidden pairs) and [C3] without the topscorer exception of the Dutch system."""
        forbidden = self.state.forbidden
        if b.id in a.opponents or b.id in forbidden.get(a.id, ()) or a.id in forbidden.get(b.id, ()):
            return False
        return not (a.absolute and b.absolute and a.preference is b.preference)

    def ok(self, a: PlayerState, b: PlayerState) -> bool:
        return bool(self.adjacency[self.pos[a.id]] >> self.pos[b.id] & 1)

    def completable(self, players: Sequence[PlayerState]) -> bool:
        return self.graph.perfect_matching([self.pos[p.id] for p in players]) is not None

    def unpairable(self) -> UnpairableError:
        return UnpairableError(Message("pairing.unpairable.system", {
            "count": len(self.players), "system": Message(self.system_name, {}), "article": self.article}))

    def choose_bye(self, order: Callable[[PlayerState], Any]) -> PlayerState | None:
        """3.1: with an odd number of players, the first eligible player in `order` whose removal leaves a
        complete pairing; with an even number, none (and the round must be pairable)."""
        players = self.players
        if len(players) % 2 == 0:
            if not self.completable(players):
                raise self.unpairable()
            return None
        for p in sorted((q for q in players if q.bye_eligible), key=order):
            if self.completable([q for q in players if q is not p]):
                return p
        raise self.unpairable()
