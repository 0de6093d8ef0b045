"""The pairing-allocated bye: its score [C5] and the [C9] ranks of its candidates."""

from __future__ import annotations

from fractions import Fraction

from app.engine.errors import UnpairableError
from app.engine.pairing.dutch.pool import PlayerPool


class ByeRule:
    """Who may take the PAB and when [C9] is in force, for the bracket being paired."""

    def __init__(self, pool: PlayerPool) -> None:
        self.pool = pool
        n = pool.n
        self.bye_score: Fraction | None = None
        self.not_candidate = [0] * n  # 1: may not receive the PAB at the chosen score
        self.c9_rank = [0] * n  # on the PAB score: more games played, lower rank
        self.single_bye_bracket = False  # [C9] applies to the bracket being paired
        self.single_bye_initial = False  # the PAB comes from the top scoregroup
        self.c9_varies = False

    def prepare(self) -> None:
        """Check that the round can be paired at all (C.04.3 1.9) and choose the PAB score."""
        pool = self.pool
        everyone = list(range(pool.n))
        if not pool.odd:
            if not pool.completable(everyone, None):
                raise UnpairableError(pool.unpairable_reason())
            return
        ps, players = pool.ps, pool.players
        scores = sorted({ps[i] for i in everyone if players[i].bye_eligible})
        chosen = None
        for s in scores:
            if pool.completable(everyone, s):
                chosen = s
                break
        if chosen is None:
            raise UnpairableError(pool.unpairable_reason())
        self.bye_score = chosen  # [C5]
        for i, p in enumerate(players):
            self.not_candidate[i] = 0 if (p.bye_eligible and ps[i] <= chosen) else 1
        # [C9]: rank players on the PAB score by games played (more games, lower rank)
        counts = sorted((p.played_games for i, p in enumerate(players) if ps[i] == chosen), reverse=True)
        rank_of: dict[int, int] = {}
        for r, c in enumerate(counts):
            rank_of[c] = r
        for i, p in enumerate(players):
            if ps[i] == chosen:
                self.c9_rank[i] = rank_of[p.played_games]
        top = pool.groups[0]
        if chosen >= ps[0] and len(top) % 2 == 1:
            rest = [i for i in everyone if ps[i] < ps[0]]
            self.single_bye_initial = pool.completable(top, chosen) and pool.completable(rest, chosen)
        self.single_bye_bracket = self.single_bye_initial
        self.c9_varies = len({self.c9_rank[i] for i in everyone if ps[i] == chosen}) > 1

    def c9_active(self) -> bool:
        """[C9] can tell pairings apart here: it is in force ([C9] bracket, or the PAB
        comes from the top scoregroup) and the candidates differ in games played."""
        return (self.single_bye_bracket or self.single_bye_initial) and self.c9_varies

    def c9_value(self, hi: int, li: int, in_force: bool) -> int:
        """[C9] field of a pair: the ranks of its players on the PAB score."""
        c9 = 0
        if in_force and self.bye_score is not None:
            ps = self.pool.ps
            if ps[hi] == self.bye_score:
                c9 += self.c9_rank[hi]
            if ps[li] == self.bye_score:
                c9 += self.c9_rank[li]
        return c9

    def closed_next_bracket(self, downfloaters: list[int], nxt: list[int], lower: list[int]) -> bool:
        """Whether the next bracket (downfloaters + next scoregroup) can be paired inside
        itself except for the PAB receiver while everybody below is paired below
        (the condition under which [C9] applies to that bracket)."""
        pool = self.pool
        if not pool.odd or not nxt or self.bye_score is None or self.bye_score < pool.ps[nxt[0]]:
            return False
        if not pool.completable(lower, None):
            return False
        return pool.completable(downfloaters + nxt, self.bye_score, set(downfloaters))
