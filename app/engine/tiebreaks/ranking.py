"""Ranking by an ordered list of criteria (C.07 4.2).

Participants are split by the first criterion; each sub-group still tied is split by the
next one, and so on. A group tie-break (type A: direct encounter, ...) is computed on each
tied sub-group only. Remaining ties share the rank (competition ranking 1, 2, 2, 4) unless
lots are drawn.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

Key = int | Fraction


def split_by_keys(group: list[int], keys: Sequence[Key | None], higher_first: bool) -> list[list[int]]:
    """Order a tied group by one value tie-break; undefined values (None) come last."""
    defined = [i for i in group if keys[i] is not None]
    undefined = [i for i in group if keys[i] is None]
    defined.sort(key=keys.__getitem__, reverse=higher_first)  # type: ignore[arg-type]
    out: list[list[int]] = []
    for i in defined:
        if out and keys[out[-1][0]] == keys[i]:
            out[-1].append(i)
        else:
            out.append([i])
    if undefined:
        out.append(undefined)
    return out


@dataclass
class Ranking:
    """The ordered tied groups of `n` participants."""

    groups: list[list[int]]
    n: int

    @classmethod
    def start(cls, n: int) -> Ranking:
        return cls([list(range(n))] if n else [], n)

    def tied_groups(self) -> list[list[int]]:
        if self.groups and len(self.groups) == self.n:  # everyone separated (the later criteria of a big event)
            return []
        return [g for g in self.groups if len(g) > 1]

    def apply(self, partitions: Sequence[list[list[int]]]) -> None:
        """Replace the tied groups (in `tied_groups()` order) by their ordered partitions."""
        it = iter(partitions)
        new: list[list[int]] = []
        for g in self.groups:
            if len(g) < 2:
                new.append(g)
                continue
            new.extend(next(it))
        self.groups = new

    def draw_lots(self, seed: int) -> None:
        rng = random.Random(seed)
        new: list[list[int]] = []
        for g in self.groups:
            if len(g) < 2:
                new.append(g)
                continue
            order = sorted(g)
            rng.shuffle(order)
            new.extend([i] for i in order)
        self.groups = new

    def ranks(self) -> list[int]:
        rank = [0] * self.n
        position = 1
        for g in self.groups:
            for i in g:
                rank[i] = position
            position += len(g)
        return rank


def decided_by(columns: Sequence[Sequence[Key | None]], order: Sequence[int], ranks: Sequence[int]) -> list[int | None]:
    """Per position of `order` (the participants in rank order), the first criterion on which the
    participant differs from the one ranked just above: an index into `columns` (the values of each
    criterion, primary score first), `len(columns)` when only the drawing of lots tells them apart,
    None for the first participant and for a shared rank."""
    out: list[int | None] = [None] * len(order)
    for k in range(1, len(order)):
        i, above = order[k], order[k - 1]
        if ranks[i] != ranks[above]:
            out[k] = next((c for c, keys in enumerate(columns) if keys[i] != keys[above]), len(columns))
    return out
