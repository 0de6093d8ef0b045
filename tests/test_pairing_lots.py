"""First round by lot (seed 002: "第一轮比赛可通过抽签决定或者根据赛前排名决定"): pairing numbers drawn by lot."""

from __future__ import annotations

import hashlib

from fastapi.testclient import TestClient

from app.engine.model import Colour, Result, RoundEntry
from app.engine.pairing import PairingOptions, apply_pairing, pair_round
from app.engine.pairing.lots import draw_pairing_numbers
from app.formats.trf_reader import read_trf
from app.main import app

client = TestClient(app)


def _field(n: int, rounds: int = 5) -> str:
    return f"012 T\n142 {rounds}\n152 W\n" + "".join(
        f"001 {k:4d}      Player {k:<26} {2400 - 10 * k:4d}\n" for k in range(1, n + 1))


def _by_hand(start_numbers: list[int], seed: int) -> list[int]:
    """The documented draw, written again: order by SHA-256 of "<seed>:<start number>"."""
    return sorted(start_numbers, key=lambda sn: hashlib.sha256(f"{seed}:{sn}".encode()).digest())


def test_the_draw_is_the_documented_hash_order() -> None:
    numbers = draw_pairing_numbers(range(1, 9), 2026)
    order = sorted(numbers, key=numbers.__getitem__)
    assert order == _by_hand(list(range(1, 9)), 2026)
    assert order == [1, 6, 4, 3, 2, 7, 8, 5]  # pinned: the same seed gives the same numbers everywhere
    assert sorted(numbers.values()) == list(range(1, 9))
    assert draw_pairing_numbers(range(1, 9), 2027) != numbers


def test_a_late_entrant_does_not_move_the_others() -> None:
    before = draw_pairing_numbers(range(1, 9), 5)
    after = draw_pairing_numbers(range(1, 10), 5)
    assert sorted(before, key=before.__getitem__) == [sn for sn in sorted(after, key=after.__getitem__) if sn != 9]


def test_round_one_pairs_the_drawn_halves() -> None:
    """C.04.3 round 1: pairing number k meets k + n/2, the top of each pair by number gets the initial colour
    on odd numbers (5.2.5); all by the drawn numbers."""
    r = client.post("/v1/pairings", json={"trf": _field(8), "pairing_numbers": "lot", "seed": 2026})
    assert r.status_code == 200, r.text
    body = r.json()
    drawn = [n["start_number"] for n in body["pairing_numbers"]["numbers"]]
    assert drawn == [1, 6, 4, 3, 2, 7, 8, 5] and body["pairing_numbers"]["seed"] == 2026
    boards = [(b["white"], b["black"]) for b in body["pairings"]]
    # pairing numbers 1-5, 2-6, 3-7, 4-8 = players 1-2, 6-7, 4-8, 3-5; White (152 W) for the higher-ranked
    # player on odd pairing numbers 1 and 3, Black on 2 and 4 (5.2.5)
    assert boards == [(1, 2), (7, 6), (4, 8), (5, 3)]
    assert all(b["explanation"]["colour_rule"] == "5.2.5" for b in body["pairings"])
    assert any("drawn by lot (seed 2026)" in n for n in body["notes"])
    again = client.post("/v1/pairings", json={"trf": _field(8), "pairing_numbers": "lot", "seed": 2026}).json()
    assert again["pairings"] == body["pairings"]
    by_rating = client.post("/v1/pairings", json={"trf": _field(8)}).json()
    assert [(b["white"], b["black"]) for b in by_rating["pairings"]] == [(1, 5), (6, 2), (3, 7), (8, 4)]
    assert by_rating.get("pairing_numbers") is None


def test_without_a_seed_one_is_drawn_and_returned() -> None:
    body = client.post("/v1/pairings", json={"trf": _field(6), "pairing_numbers": "lot"}).json()
    seed = body["pairing_numbers"]["seed"]
    replay = client.post("/v1/pairings", json={"trf": _field(6), "pairing_numbers": "lot", "seed": seed}).json()
    assert replay["pairings"] == body["pairings"] and replay["pairing_numbers"] == body["pairing_numbers"]


def test_later_rounds_keep_the_drawn_order() -> None:
    """Round 2 with the same seed: the score groups are ordered by the drawn numbers."""
    t = read_trf(_field(8)).tournament
    numbers = draw_pairing_numbers(t.players, 2026)
    first = pair_round(t, 1, PairingOptions(pairing_numbers=numbers, seed=2026))
    played = apply_pairing(t, first)
    for b in first.pairs:  # White wins every game
        played.players[b.white].rounds[0] = RoundEntry(b.black, Colour.WHITE, Result.WIN)
        played.players[b.black].rounds[0] = RoundEntry(b.white, Colour.BLACK, Result.LOSS)
    second = pair_round(played, 2, PairingOptions(pairing_numbers=numbers, seed=2026))
    winners = sorted((b.white for b in first.pairs), key=numbers.__getitem__)  # 1, 4, 7, 5 by drawn number
    top_two = [(b.white, b.black) for b in second.pairs[:2]]
    assert {frozenset(p) for p in top_two} == {frozenset((winners[0], winners[2])), frozenset((winners[1], winners[3]))}


def test_lot_refused_where_it_cannot_apply() -> None:
    r = client.post("/v1/pairings", json={"trf": _field(8), "pairing_numbers": "lot", "system": "berger"})
    assert r.status_code == 422 and r.json()["field"] == "pairing_numbers"
    r = client.post("/v1/pairings", json={"trf": _field(8), "pairing_numbers": "lot", "acceleration": "baku"})
    assert r.status_code == 422 and r.json()["field"] == "pairing_numbers"
