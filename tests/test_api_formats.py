"""Round robin, Varma, groups, knockout and advice endpoints (values from the engine's tables)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from app.main import app

client = TestClient(app)


def test_round_robin_six_players_is_the_fide_table() -> None:
    r = client.post("/v1/round-robin", json={"players": 6})
    assert r.status_code == 200
    rounds = r.json()["rounds"]
    as_pairs = [[(b["white"], b["black"]) for b in rnd["pairings"]] for rnd in rounds]
    assert as_pairs == [[(1, 6), (2, 5), (3, 4)], [(6, 4), (5, 3), (1, 2)], [(2, 6), (3, 1), (4, 5)],
                        [(6, 5), (1, 4), (2, 3)], [(3, 6), (4, 2), (5, 1)]]
    assert all(rnd["rest"] == [] for rnd in rounds)


def test_round_robin_odd_field_with_ids_lists_the_resting_player() -> None:
    r = client.post("/v1/round-robin", json={"players": ["a", "b", "c", "d", "e"]}).json()
    assert r["participants"] == ["a", "b", "c", "d", "e"]  # listed once; boards give Berger numbers
    assert [rnd["rest"] for rnd in r["rounds"]] == [[1], [4], [2], [5], [3]]
    assert r["rounds"][0]["pairings"][0] == {"board": 1, "white": 2, "black": 5}


def test_double_round_robin_has_twice_the_rounds() -> None:
    r = client.post("/v1/round-robin", json={"players": 4, "double": True}).json()
    assert len(r["rounds"]) == 6


def test_groups_serpentine_four_groups() -> None:
    r = client.post("/v1/groups", json={"players": 16, "groups": 4}).json()
    assert r == {"groups": [{"name": "A", "players": [1, 8, 9, 16]}, {"name": "B", "players": [2, 7, 10, 15]},
                            {"name": "C", "players": [3, 6, 11, 14]}, {"name": "D", "players": [4, 5, 12, 13]}]}


def test_knockout_after_two_swiss_groups_is_the_seed_table() -> None:
    r = client.post("/v1/knockout", json={"stage": "swiss-groups", "groups": 2, "qualifiers": 16}).json()
    first = {m["id"]: (m["home"], m["away"]) for m in r["rounds"][0]["matches"]}
    assert first["H1"] == ("A1", "B8") and first["H2"] == ("A5", "B4") and first["H8"] == ("A8", "B1")
    assert [rnd["name"] for rnd in r["rounds"]][-1] == "final"
    assert {m["id"] for m in r["rounds"][-1]["matches"]} == {"F", "T"}


def test_knockout_with_results_advances_winners() -> None:
    body = {"stage": "seeded", "players": 4,
            "results": {"S1": {"winner": 1}, "S2": {"games": ["1/2-1/2", "0-1"]}}}
    r = client.post("/v1/knockout", json=body)
    assert r.status_code == 200, r.text
    final = {m["id"]: m for m in r.json()["rounds"][-1]["matches"]}
    assert (final["F"]["home"], final["F"]["away"]) == (1, 3)


def test_knockout_errors_are_problem_json() -> None:
    r = client.post("/v1/knockout", json={"stage": "seeded", "players": 4, "results": {"Z9": {"winner": 1}}})
    assert r.status_code == 422 and "no match 'Z9'" in r.json()["detail"]
    r = client.post("/v1/groups", json={"players": 1, "groups": 2})
    assert r.status_code == 422
    r = client.post("/v1/round-robin", json={"players": 1})
    assert r.status_code == 422 and r.json()["field"] == "players"


def test_varma_draw() -> None:
    players = [{"id": i, "federation": "AAA" if i <= 3 else f"F{i}"} for i in range(1, 11)]
    r = client.post("/v1/round-robin/varma", json={"players": players, "seed": 4}).json()
    assert r["groups"] == {"A": [3, 4, 8], "B": [5, 7, 9], "C": [1, 6], "D": [2, 10]}
    same = [a["group"] for a in r["draw"] if a["federation"] == "AAA"]
    assert len(set(same)) == 1


def test_rounds_advice() -> None:
    r = client.get("/v1/advice/rounds", params={"players": 60}).json()
    assert r["clear_winner_rounds"] == 6 and r["round_robin_rounds"] == 59
    assert client.get("/v1/advice/rounds", params={"players": 1}).status_code == 422
