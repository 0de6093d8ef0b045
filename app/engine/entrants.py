"""The field of a format: a count (numbers 1..n) or participant ids in seeding order.

Every format function (round robin, groups, knockout) takes its players the same
way: an integer `n` stands for the numbers 1..n, a list stands for the ids in
seeding order (first = best seed). Ids are JSON scalars: integers or strings.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.engine.errors import InputError
from app.engine.messages import Message

Entrant = int | str


def seeded_field(players: int | Sequence[Entrant], *, minimum: int, maximum: int,
                 field: str = "players") -> list[Entrant]:
    """The ids in seeding order; a count becomes [1, ..., n]. Raises InputError on bad input."""
    if isinstance(players, bool):
        raise InputError(Message.of("error.entrants.type", field=field), field=field)
    if isinstance(players, int):
        if players > maximum:  # checked before building the list: the count may be huge
            raise InputError(Message.of("error.entrants.at-most", maximum=maximum, count=players), field=field)
        ids: list[Entrant] = list(range(1, players + 1)) if players > 0 else []
        count = players
    elif isinstance(players, Sequence) and not isinstance(players, str | bytes):
        ids = list(players)
        count = len(ids)
        for i, pid in enumerate(ids):
            if isinstance(pid, bool) or not isinstance(pid, int | str):
                raise InputError(Message.of("error.participant-id.player", found=pid),
                                 field=f"{field}[{i}]")
        seen: set[Entrant] = set()
        for i, pid in enumerate(ids):
            if pid in seen:
                raise InputError(Message.of("error.entrants.repeated", found=pid), field=f"{field}[{i}]")
            seen.add(pid)
    else:
        raise InputError(Message.of("error.entrants.type", field=field), field=field)
    if count < minimum:
        raise InputError(Message.of("error.entrants.at-least", minimum=minimum, count=count), field=field)
    if count > maximum:
        raise InputError(Message.of("error.entrants.at-most", maximum=maximum, count=count), field=field)
    return ids
