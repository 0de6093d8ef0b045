"""Swiss variants of seed 002 that change only the pairing scores: 3/1/0, McMahon, Portland-style lag."""

from __future__ import annotations

from fastapi.testclient import TestClient

from app.engine.model import Colour
from app.engine.pairing import PairingOptions, pair_round
from app.engine.pairing.generator import generate_tournament
from app.engine.pairing.variants import scores_before_last_round
from app.formats.trf_writer import write_trf
from app.main import app

client = TestClient(app)


def _field(n: int, rounds: int = 5) -> str:
    return f"012 T\n142 {rounds}\n152 W\n" + "".join(
        f"001 {k:4d}      Player {k:<26} {2400 - 10 * k:4d}\n" for k in range(1, n + 1))


def test_mcmahon_initial_scores_pair_the_top_half_among_themselves() -> None:
    """Seed 002's accelerated example: 1-3, 2-4, 5-7, 6-8 in round 1."""
    body = client.post("/v1/pairings", json={"trf": _field(8), "initial_scores": {"1": 1, "2": 1, "3": 1, "4": 1}})
    assert body.status_code == 200, body.text
    pairs = {frozenset((p["white"], p["black"])) for p in body.json()["pairings"]}
    assert pairs == {frozenset(x) for x in ((1, 3), (2, 4), (5, 7), (6, 8))}
    first = body.json()["pairings"][0]
    assert first["explanation"]["white_pairing_score"] == 1 and first["explanation"]["white_score"] == 0


def test_pairing_on_the_scores_of_the_round_before_last() -> None:
    t = generate_tournament(10, 3, seed=4, initial_colour=Colour.WHITE)
    for p in t.players.values():  # keep rounds 1-2 as history, pair round 3
        p.rounds = p.rounds[:2]
    t.total_rounds = 4
    lagged = pair_round(t, 3, PairingOptions(virtual_points_hook=scores_before_last_round(t)))
    for b in lagged.pairs:
        for sn, shown in ((b.white, b.explanation.white_pairing_score), (b.black, b.explanation.black_pairing_score)):
            assert shown == t.points(sn, 1)  # the score after round 1, not after round 2
    body = client.post("/v1/pairings", json={"trf": write_trf(t), "pairing_scores": "before-last-round"}).json()
    assert {(p["white"], p["black"]) for p in body["pairings"]} == set(lagged.as_pairs())


def test_three_one_zero_scores_group_players_by_their_card_game_points() -> None:
    trf = _field(4, 3).replace("152 W\n", "152 W\n162  W 3.0    D 1.0    L 0.0\n")
    lines = trf.splitlines()
    results = {1: "     3 w 1", 2: "     4 w =", 3: "     1 b 0", 4: "     2 b ="}
    lines = [ln.ljust(89) + results[int(ln[4:8])] if ln.startswith("001") else ln for ln in lines]
    body = client.post("/v1/pairings", json={"trf": "\n".join(lines)}).json()
    scores = {p["white"]: p["explanation"]["white_score"] for p in body["pairings"]}
    scores.update({p["black"]: p["explanation"]["black_score"] for p in body["pairings"]})
    assert scores == {1: 3, 2: 1, 4: 1, 3: 0}
