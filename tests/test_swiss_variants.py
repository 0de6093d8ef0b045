"""Swiss variants of seed 002 that change only the pairing scores: 3/1/0, McMahon, Portland-style lag."""

from __future__ import annotations

from fractions import Fraction

from fastapi.testclient import TestClient

from app.engine.mcmahon import band_scores
from app.engine.model import Colour
from app.engine.pairing import PairingOptions, pair_round
from app.engine.pairing.generator import generate_tournament
from app.engine.pairing.variants import scores_before_last_round
from app.formats.trf_reader import read_trf
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


def test_mcmahon_bands_by_rating() -> None:
    t = read_trf(_field(6)).tournament
    bonus = band_scores(t, [(2370, Fraction(2)), (2350, Fraction(1))])
    assert bonus == {1: 2, 2: 2, 3: 2, 4: 1, 5: 1, 6: 0}


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


def _accelerated_example() -> dict[str, object]:
    """Seed 002's accelerated example after two rounds: 1-3, 2-4, 5-7, 6-8, then 1-2, 3-5, 4-6, 7-8, the first
    named player winning every game (here with White)."""
    games = {1: [(1, 3), (2, 4), (5, 7), (6, 8)], 2: [(1, 2), (3, 5), (4, 6), (7, 8)]}
    rounds: dict[int, list[dict[str, object]]] = {sn: [] for sn in range(1, 9)}
    for r in (1, 2):
        for white, black in games[r]:
            rounds[white].append({"opponent": black, "colour": "w", "result": "win"})
            rounds[black].append({"opponent": white, "colour": "b", "result": "loss"})
    return {"name": "McMahon", "total_rounds": 5, "system": "swiss", "initial_colour": "white",
            "players": [{"start_number": sn, "name": f"P{sn}", "rating": 2400 - 10 * sn, "rounds": rounds[sn]}
                        for sn in range(1, 9)]}


def test_mcmahon_initial_scores_count_in_the_standings() -> None:
    """Seed 002: "最后的总积分成为麦克马洪分": initial score + points. The plain standings are the seed's
    1: 2-0, 2-7: 1-1, 8: 0-2; with 1 point for the top class (1-4) the class ranks first."""
    t = _accelerated_example()
    plain = client.post("/v1/standings", json={"tournament": t, "tiebreaks": []}).json()
    assert {e["id"]: e["points"] for e in plain["standings"]} == {1: 2, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 0}
    assert "initial_score" not in plain["standings"][0]
    top = {"1": 1, "2": 1, "3": 1, "4": 1}
    body = client.post("/v1/standings", json={"tournament": t, "preset": "mcmahon", "initial_scores": top}).json()
    assert body["tiebreaks"] == ["BH", "SB"]
    points = {e["id"]: e["points"] for e in body["standings"]}
    assert points == {1: 3, 2: 2, 3: 2, 4: 2, 5: 1, 6: 1, 7: 1, 8: 0}
    # BH (opponents' game points): 2 met 4 and 1 (1 + 2), 3 met 1 and 5 (2 + 1), 4 met 2 and 6 (1 + 1);
    # SB: 2 and 3 each beat a 1-point player; 5 (BH 2) before 6 and 7 (BH 1, SB 0 each)
    assert [(e["id"], e["rank"]) for e in body["standings"]] == [(1, 1), (2, 2), (3, 2), (4, 4), (5, 5), (6, 6),
                                                                 (7, 6), (8, 8)]
    first = body["standings"][0]
    assert first["initial_score"] == 1
    assert first["points_explanation"] == "McMahon score 3 = initial score 1 + (points = 1 + 1)"
    eight = body["standings"][-1]
    assert eight["id"] == 8 and eight["initial_score"] == 0
    zh = client.post("/v1/standings", json={"tournament": t, "initial_scores": top, "language": "zh"}).json()
    assert zh["standings"][0]["points_explanation"].startswith("麦克马洪分 3 = 初始积分 1")
    # the same classes by rating band: 2390..2360 reach 2355, 5 (2350) does not
    bands = client.post("/v1/standings", json={"tournament": t, "preset": "mcmahon",
                                               "mcmahon_bands": [{"min_rating": 2355, "score": 1}]}).json()
    assert {e["id"]: e["points"] for e in bands["standings"]} == points
    # Buchholz stays on the opponents' game points: 2 met 4 (1) and 1 (2)
    bh = {e["id"]: e["tiebreaks"][0]["value"] for e in body["standings"]}
    assert bh[2] == 3


def test_mcmahon_bands_and_explicit_scores_in_the_pairing() -> None:
    t = _accelerated_example()
    body = client.post("/v1/pairings", json={"tournament": t, "mcmahon_bands": [{"min_rating": 2355, "score": 1}],
                                             "initial_scores": {"8": 3}}).json()
    shown = {}
    for b in body["pairings"]:
        shown[b["white"]] = (b["explanation"]["white_score"], b["explanation"]["white_pairing_score"])
        shown[b["black"]] = (b["explanation"]["black_score"], b["explanation"]["black_pairing_score"])
    assert shown[1] == (2, 3) and shown[5] == (1, 1) and shown[8] == (0, 3)  # 8's own entry wins over its band


def test_mcmahon_input_errors() -> None:
    t = _accelerated_example()
    r = client.post("/v1/standings", json={"tournament": t, "initial_scores": {"9": 1}})
    assert r.status_code == 422 and r.json()["field"] == "initial_scores"
    r = client.post("/v1/standings", json={"tournament": t, "initial_scores": {"x": 1}})
    assert r.status_code == 422 and r.json()["field"] == "initial_scores.x"
    r = client.post("/v1/standings", json={"tournament": t, "mcmahon_bands": [{"min_rating": 2000, "score": 1},
                                                                             {"min_rating": 2000, "score": 2}]})
    assert r.status_code == 422 and r.json()["field"] == "mcmahon_bands"
