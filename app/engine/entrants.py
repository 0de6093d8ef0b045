"""The field of a format: a count (numbers 1..n) or participant ids in seeding order.

Every format function (round robin, groups, knockout) takes its players the same
way: an integer `n` stands for the numbers 1..n, a list stands for the ids in
seeding order (first = best seed). Ids are JSON scalars: integers or strings.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.engine.errors import InputError

Entrant = int | str


def seeded_field(players: int | Sequence[Entrant], *, minimum: int, maximum: int,
                 field: str = "players") -> list[Entrant]:
    """The ids in seeding order; a count becomes [1, ..., n]. Raises InputError on bad input."""
    if isinstance(players, bool):
        raise InputError(f"'{field}' must be a number of players or a list of ids", field=field)
    if isinstance(players, int):
        if players > maximum:  # checked before building the list: the count may be huge
            raise InputError(f"at most {maximum} players are supported, got {players}", field=field)
        ids: list[Entrant] = list(range(1, players + 1)) if players > 0 else []
        count = players
    elif isinstance(players, Sequence) and not isinstance(players, str | bytes):
        ids = list(players)
        count = len(ids)
        for i, pid in enumerate(ids):
            if isinstance(pid, bool) or not isinstance(pid, int | str):
                raise InputError(f"player id {pid!r} is neither an integer nor a string",
                                 field=f"{field}[{i}]")
        seen: set[Entrant] = set()
        for i, pid in enumerate(ids):
            if pid in seen:
                raise InputError(f"player id {pid!r} appears more than once", field=f"{field}[{i}]")
            seen.add(pid)
    else:
        raise InputError(f"'{field}' must be a number of players or a list of ids", field=field)
    if count < minimum:
        raise InputError(f"at least {minimum} players are needed, got {count}", field=field)
    if count > maximum:
        raise InputError(f"at most {maximum} players are supported, got {count}", field=field)
    return ids
