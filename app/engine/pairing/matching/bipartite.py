"""Alternating paths in a bipartite graph in which some vertices are fixed.

Vertices are non-negative integers and vertex sets are bitmasks (Python ints), so
the dense graphs of a big bracket are searched a machine word at a time. The two
sides are called left and right; the edges are given per vertex as the mask of
its neighbours on the other side (`right_of`, `left_of`).

With M the current matching (restricted to the vertices that are not fixed):

- `augment_from_left(s)` succeeds exactly when some matching covers every vertex
  M covers plus the unmatched left vertex s (Berge: the symmetric difference
  with such a matching holds an augmenting path from s).
- `cover_right(s)`, when M covers every left vertex, succeeds exactly when some
  matching covers every left vertex, the unmatched right vertex s and every
  matched right vertex in `keep`; the path ends by releasing a right vertex
  outside `keep`.

Both searches are breadth-first and apply the path they find.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator, Mapping


def bits(mask: int) -> Iterator[int]:
    """The members of a vertex mask, smallest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


class BipartiteMatching:
    """A matching between left and right vertices; `fixed` vertices are out of bounds."""

    def __init__(self, pairs: Iterable[tuple[int, int]] = ()) -> None:
        self.mate: dict[int, int] = {}
        self.matched_right = 0
        self.fixed = 0
        for left, right in pairs:
            self.pair(left, right)

    def copy(self) -> BipartiteMatching:
        other = BipartiteMatching()
        other.mate = dict(self.mate)
        other.matched_right = self.matched_right
        other.fixed = self.fixed
        return other

    def pair(self, left: int, right: int) -> None:
        self.mate[left] = right
        self.mate[right] = left
        self.matched_right |= 1 << right

    def unpair_left(self, left: int) -> int:
        """Unpair `left`; returns its former partner."""
        right = self.mate.pop(left)
        del self.mate[right]
        self.matched_right &= ~(1 << right)
        return right

    def augment_from_left(self, start: int, right_of: Mapping[int, int]) -> bool:
        """Augmenting path from the unmatched left vertex `start` to an unmatched right vertex."""
        mate, fixed = self.mate, self.fixed
        reached = 0  # right vertices reached
        reached_from: dict[int, int] = {}  # right vertex -> the left vertex that reached it
        entered_via: dict[int, int] = {}  # left vertex -> its mate, through which it was reached
        seen = {start}
        queue = deque([start])
        while queue:
            left = queue.popleft()
            candidates = right_of[left] & ~fixed & ~reached
            if not candidates:
                continue
            free = candidates & ~self.matched_right
            if free:
                self._flip(start, lowest(free), left, reached_from, entered_via)
                return True
            reached |= candidates
            for right in bits(candidates):
                reached_from[right] = left
                nxt = mate[right]
                if nxt not in seen and not fixed >> nxt & 1:
                    seen.add(nxt)
                    entered_via[nxt] = right
                    queue.append(nxt)
        return False

    def _flip(self, start: int, end: int, left: int, reached_from: dict[int, int],
              entered_via: dict[int, int]) -> None:
        """Pair `end` with `left`, then every left vertex on the way back to `start`
        with the right vertex through which it was reached."""
        right = end
        while True:
            previous = entered_via.get(left)
            self.pair(left, right)
            if left == start:
                return
            assert previous is not None
            right = previous
            left = reached_from[right]

    def cover_right(self, start: int, left_of: Mapping[int, int], keep: int) -> bool:
        """Give the unmatched right vertex `start` a partner: shift partners along an even
        alternating path until a right vertex outside `keep` is released."""
        mate, fixed = self.mate, self.fixed
        taken_by: dict[int, int] = {}  # left vertex -> the right vertex it takes over
        owner: dict[int, int] = {}  # right vertex -> its left partner when it was reached
        visited = 0  # left vertices tried
        seen = {start}
        queue = deque([start])
        while queue:
            right = queue.popleft()
            candidates = left_of[right] & ~fixed & ~visited
            visited |= candidates
            for left in bits(candidates):
                taken_by[left] = right
                released = mate[left]
                if not keep >> released & 1:
                    del mate[released]
                    self.matched_right &= ~(1 << released)
                    while True:
                        taken = taken_by[left]
                        self.pair(left, taken)
                        if taken == start:
                            return True
                        left = owner[taken]
                if released not in seen:
                    seen.add(released)
                    owner[released] = left
                    queue.append(released)
        return False
