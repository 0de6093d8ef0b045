"""Pairing numbers drawn by lot (seed 002: "第一轮比赛可通过抽签决定或者根据赛前排名决定").

The first round of a Swiss may be drawn by lot instead of following the ranking before the event
(the start list by rating, C.04.2 / C.04.3 1.2). Here the lot draws the pairing numbers 1..n; the
Dutch procedure then runs unchanged on them (round 1: top half against bottom half of the drawn
order; colours and board order by pairing number, as always).

The draw is seeded and reproducible: each player's place is fixed by a hash of the seed and his
start number (SHA-256), so the same seed gives the same numbers on every machine and in every
round, and a player added later does not move the others (only takes his own place among them).
Pairing later rounds of the same event therefore means giving the same seed again.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable

from app.engine.messages import text


def _ticket(seed: int, start_number: int) -> bytes:
    return hashlib.sha256(f"{seed}:{start_number}".encode()).digest()


def draw_pairing_numbers(start_numbers: Iterable[int], seed: int) -> dict[int, int]:
    """start number -> pairing number (1..n), drawn by lot with `seed`."""
    order = sorted(start_numbers, key=lambda sn: (_ticket(seed, sn), sn))
    return {sn: k for k, sn in enumerate(order, start=1)}


def lot_seed(seed: int | None) -> int:
    """The seed given, else a fresh one (to be returned with the answer)."""
    return seed if seed is not None else secrets.randbits(32)


def drawn_numbers(numbers: dict[int, int], seed: int) -> dict[str, object]:
    """The draw as answered: the seed and the numbers in pairing-number order."""
    return {"method": "lot", "seed": seed, "numbers": [
        {"pairing_number": k, "start_number": sn} for sn, k in sorted(numbers.items(), key=lambda x: x[1])]}


def drawn_note(seed: int, lang: str) -> str:
    """The note of a pairing whose pairing numbers were drawn by lot, in `lang`."""
    return text(lang, "pairing.lots.drawn", seed=seed)
