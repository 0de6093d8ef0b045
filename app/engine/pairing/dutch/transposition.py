"""The transposition order (Art. 4.2) applied to a set of optimal pairings.

The optimal pairings are given by their certificate: the tops (the S1 side after
the exchanges of 4.3), the tight edges of the optimum, and the players who have a
positive vertex dual and so must be paired in every optimal pairing. Every top is
paired in these pairings. The search gives each top, in order, the first partner
(in bracket order) that still leaves an optimal pairing of everybody not yet
fixed; that question is answered from the current optimal pairing by at most two
alternating paths (`matching.bipartite`), so no further matching is solved. The
answer depends on the set of optimal pairings only, not on the certificate or the
starting pairing.
"""

from __future__ import annotations

from collections.abc import Mapping

from app.engine.pairing.matching.bipartite import BipartiteMatching, bits


class TranspositionSearch:
    """The first optimal pairing of the remainder in the transposition order."""

    def __init__(self, tops: list[int], partner: Mapping[int, int], must_pair: int,
                 partners_of: Mapping[int, int], tops_of: Mapping[int, int]) -> None:
        """`tops` in bracket order, each paired in the optimal pairing `partner`;
        `must_pair`: mask of the others who must be paired; `partners_of[top]`: mask
        of the others it has a tight edge to (all after it); `tops_of[other]`: the
        reverse."""
        self.tops = tops
        self.must_pair = must_pair
        self.partners_of = partners_of
        self.tops_of = tops_of
        self.matching = BipartiteMatching((t, partner[t]) for t in tops)

    def run(self) -> list[tuple[int, int]]:
        """(top, partner) for every top."""
        for t in self.tops:
            for j in bits(self.partners_of[t] & ~self.matching.fixed):
                if self.matching.mate[t] == j:
                    self.matching.fixed |= (1 << t) | (1 << j)
                    break
                if self._fix_if_possible(t, j):
                    break
        mate = self.matching.mate
        return [(t, mate[t]) for t in self.tops]

    def _fix_if_possible(self, t: int, j: int) -> bool:
        """Pair t with j if an optimal pairing of the players not yet fixed remains."""
        saved = self.matching
        m = saved.copy()
        old_partner = m.unpair_left(t)
        displaced_top = m.mate.get(j)
        if displaced_top is not None:
            m.unpair_left(displaced_top)
        m.pair(t, j)
        m.fixed |= (1 << t) | (1 << j)
        # the displaced top needs another partner; the old partner, if he must be
        # paired, needs a top
        ok = displaced_top is None or m.augment_from_left(displaced_top, self.partners_of)
        if ok and old_partner not in m.mate and self.must_pair >> old_partner & 1:
            ok = m.cover_right(old_partner, self.tops_of, self.must_pair)
        if ok:
            self.matching = m
        return ok
