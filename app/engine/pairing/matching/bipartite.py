"""Alternating paths in a bipartite graph in which some vertices are fixed.

The two sides are called left and right. `mate` maps every matched vertex to its
partner (both directions are stored); vertices in `fixed` are out of bounds for
a path. Both searches are breadth-first and apply the path they find, so a
caller that needs to undo one keeps a copy of `mate`.

With M the current matching (restricted to the vertices that are not fixed):

- `augment_from_left(s)` succeeds exactly when some matching covers every vertex
  M covers plus the unmatched left vertex s (Berge: the symmetric difference
  with such a matching holds an augmenting path from s).
- `cover_right(s)`, when M covers every left vertex, succeeds exactly when some
  matching covers every left vertex, the unmatched right vertex s and every
  matched right vertex in `keep`; the path ends by releasing a right vertex
  outside `keep`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Mapping, Sequence


def augment_from_left(start: int, right_of: Mapping[int, Sequence[int]], mate: dict[int, int],
                      fixed: Collection[int]) -> bool:
    """Augmenting path from the unmatched left vertex `start` to an unmatched right vertex."""
    reached_from: dict[int, int] = {}  # right vertex -> the left vertex that reached it
    entered_via: dict[int, int] = {}  # left vertex -> its mate, through which it was reached
    queue = deque([start])
    seen = {start}
    while queue:
        left = queue.popleft()
        for right in right_of[left]:
            if right in fixed or right in reached_from:
                continue
            reached_from[right] = left
            if right not in mate:
                _flip_augmenting_path(start, right, reached_from, entered_via, mate)
                return True
            nxt = mate[right]
            if nxt not in seen and nxt not in fixed:
                seen.add(nxt)
                entered_via[nxt] = right
                queue.append(nxt)
    return False


def _flip_augmenting_path(start: int, end: int, reached_from: dict[int, int], entered_via: dict[int, int],
                          mate: dict[int, int]) -> None:
    right = end
    while True:
        left = reached_from[right]
        previous = entered_via.get(left)
        mate[left] = right
        mate[right] = left
        if left == start:
            return
        assert previous is not None
        right = previous


def cover_right(start: int, left_of: Mapping[int, Sequence[int]], mate: dict[int, int],
                fixed: Collection[int], keep: Collection[int]) -> bool:
    """Give the unmatched right vertex `start` a partner: shift partners along an even
    alternating path until a right vertex outside `keep` is released."""
    taken_by: dict[int, int] = {}  # left vertex -> the right vertex it takes over
    owner: dict[int, int] = {}  # right vertex -> its left partner when it was reached
    queue = deque([start])
    seen = {start}
    while queue:
        right = queue.popleft()
        for left in left_of[right]:
            if left in fixed or left in taken_by:
                continue
            taken_by[left] = right
            released = mate[left]
            if released not in keep:
                _shift_partners(start, left, taken_by, owner, mate)
                del mate[released]
                return True
            if released not in seen:
                seen.add(released)
                owner[released] = left
                queue.append(released)
    return False


def _shift_partners(start: int, last: int, taken_by: dict[int, int], owner: dict[int, int],
                    mate: dict[int, int]) -> None:
    left = last
    while True:
        taken = taken_by[left]
        mate[left] = taken
        mate[taken] = left
        if taken == start:
            return
        left = owner[taken]
