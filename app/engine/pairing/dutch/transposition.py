"""The transposition order (Art. 4.2) applied to a set of optimal pairings.

The optimal pairings are given by their certificate: the tops (the S1 side after
the exchanges of 4.3), the tight edges of the optimum, and the players who have a
positive vertex dual and so must be paired in every optimal pairing. Every top is
paired in these pairings. The search gives each top, in order, the first partner
(in bracket order) that still leaves an optimal pairing of everybody not yet
fixed; that question is answered from the current optimal pairing by at most two
alternating paths (`matching.bipartite`), so no further matching is solved.
"""

from __future__ import annotations

from collections.abc import Callable

from app.engine.pairing.matching import augment_from_left, cover_right


class TranspositionSearch:
    """The first optimal pairing of the remainder in the transposition order."""

    def __init__(self, remainder: list[int], partner: dict[int, int], duals: dict[int, int],
                 tight: Callable[[int, int], bool]) -> None:
        """`remainder` in bracket order; `partner`: an optimal pairing; `duals`: its
        vertex duals; `tight(top, other)`: whether the pair is a tight edge."""
        pos = {v: k for k, v in enumerate(remainder)}
        in_remainder = set(remainder)
        self.tops = [u for u in remainder if partner.get(u, -1) in in_remainder and pos[partner[u]] > pos[u]]
        top_set = set(self.tops)
        others = [v for v in remainder if v not in top_set]
        self.must_pair = {v for v in others if duals[v] > 0}
        # tight edges from each top to the lower players, in bracket order, and back
        self.partners_of: dict[int, list[int]] = {}
        self.tops_of: dict[int, list[int]] = {v: [] for v in others}
        for t in self.tops:
            row = [j for j in others if pos[j] > pos[t] and tight(t, j)]
            for j in row:
                self.tops_of[j].append(t)
            self.partners_of[t] = row
        self.mate: dict[int, int] = {}
        for t in self.tops:
            self.mate[t] = partner[t]
            self.mate[partner[t]] = t
        self.fixed: set[int] = set()

    def run(self) -> list[tuple[int, int]]:
        """(top, partner) for every top."""
        for t in self.tops:
            for j in self.partners_of[t]:
                if j in self.fixed:
                    continue
                if self.mate[t] == j:
                    self.fixed.update((t, j))
                    break
                if self._fix_if_possible(t, j):
                    break
        return [(t, self.mate[t]) for t in self.tops]

    def _fix_if_possible(self, t: int, j: int) -> bool:
        """Pair t with j if an optimal pairing of the players not yet fixed remains."""
        saved = dict(self.mate)
        mate = self.mate
        old_partner = mate.pop(t)
        del mate[old_partner]
        displaced_top = mate.pop(j, None)
        if displaced_top is not None:
            del mate[displaced_top]
        mate[t] = j
        mate[j] = t
        self.fixed.update((t, j))
        # the displaced top needs another partner; the old partner, if he must be
        # paired, needs a top
        ok = displaced_top is None or augment_from_left(displaced_top, self.partners_of, mate, self.fixed)
        if ok and old_partner not in mate and old_partner in self.must_pair:
            ok = cover_right(old_partner, self.tops_of, mate, self.fixed, self.must_pair)
        if not ok:
            self.fixed.difference_update((t, j))
            self.mate = saved
        return ok
