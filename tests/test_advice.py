"""Rounds advice: the log2 rule and the usual ranges of the seed document."""

from __future__ import annotations

import pytest

from app.engine.advice import clear_winner_rounds, rounds_advice
from app.engine.errors import InputError


@pytest.mark.parametrize("n, rounds", [(2, 1), (3, 2), (4, 2), (5, 3), (8, 3), (9, 4), (16, 4), (17, 5),
                                       (60, 6), (64, 6), (65, 7), (100, 7), (128, 7), (129, 8), (1000, 10)])
def test_clear_winner_rounds(n: int, rounds: int) -> None:
    assert clear_winner_rounds(n) == rounds
    assert rounds_advice(n).clear_winner_rounds == rounds
    assert rounds_advice(n).knockout_rounds == rounds


@pytest.mark.parametrize("n, rr", [(2, 1), (3, 3), (8, 7), (9, 9), (10, 9)])
def test_round_robin_lengths(n: int, rr: int) -> None:
    advice = rounds_advice(n)
    assert (advice.round_robin_rounds, advice.double_round_robin_rounds) == (rr, 2 * rr)


def test_usual_ranges_for_a_small_event() -> None:
    d = rounds_advice(16).to_dict()
    assert d["players"] == 16 and d["clear_winner_rounds"] == 4
    assert [(r["level"], r["min_rounds"], r["max_rounds"], r["enough_for_clear_winner"])  # type: ignore[index]
            for r in d["usual_ranges"]] == [  # type: ignore[attr-defined]
        ("local", 4, 5, True), ("national", 7, 9, True), ("international", 9, None, True)]
    local = d["usual_ranges"][0]  # type: ignore[index]
    assert "5 rounds is usual" in local["explanation"]["en"] and "5轮比较恰当" in local["explanation"]["zh"]


def test_large_field_outgrows_the_local_range() -> None:
    advice = rounds_advice(100)
    assert [r.enough_for_clear_winner for r in advice.usual_ranges] == [False, True, True]
    advice = rounds_advice(1000)
    assert [r.enough_for_clear_winner for r in advice.usual_ranges] == [False, False, True]


def test_explanations_in_both_languages() -> None:
    d = rounds_advice(9).to_dict()
    en, zh = d["explanation"]["en"], d["explanation"]["zh"]  # type: ignore[index]
    assert en[0].startswith("A clear winner needs as many rounds as a knockout") and "4 rounds for 9 players" in en[0]
    assert "9名选手需要4轮" in zh[0]
    assert "A round robin of 9 players takes 9 rounds, a double round robin 18." in en[1]
    assert "everyone rests once per cycle" in en[1] and "轮空" in zh[1]
    assert "before entries open" in en[2] and "报名前" in zh[2]
    assert "rests" not in rounds_advice(10).to_dict()["explanation"]["en"][1]  # type: ignore[index]


@pytest.mark.parametrize("bad", [0, 1, -3, 100_001, 2.5, True, "8"])
def test_bad_counts(bad: object) -> None:
    with pytest.raises(InputError) as err:
        rounds_advice(bad)  # type: ignore[arg-type]
    assert err.value.issue.field == "players"


@pytest.mark.parametrize("n, places", [(2, 1), (3, 3), (4, 3), (5, 4), (8, 4), (16, 5), (60, 7), (64, 7), (65, 8),
                                       (1000, 11)])
def test_rounds_to_separate_all_places(n: int, places: int) -> None:
    """Seed 002: 60 players need 7 rounds to place everybody (one more than a sole winner, at most a round robin)."""
    d = rounds_advice(n).to_dict()
    assert d["all_places"]["rounds"] == places  # type: ignore[index]
    assert d["sole_winner"]["rounds"] == rounds_advice(n).clear_winner_rounds  # type: ignore[index]


def test_both_recommendations_give_their_reason() -> None:
    d = rounds_advice(60).to_dict()
    sole, places = d["sole_winner"], d["all_places"]
    assert sole == {"rounds": 6, "reason": {  # type: ignore[comparison-overlap]
        "en": "6 rounds for a sole winner: after ceil(log2 60) = 6 rounds at most one player can have won every "
              "game, as in a knockout of 60 players (seed 002).",
        "zh": "确定唯一冠军需要6轮：与淘汰赛相同，60人取以2为底的对数向上取整为6，6轮后至多一名选手全胜（文档002）。"}}
    assert places["rounds"] == 7  # type: ignore[index]
    assert "60 players need 7 rounds" in places["reason"]["en"]  # type: ignore[index]
    assert "60人需要7轮" in places["reason"]["zh"]  # type: ignore[index]
    two = rounds_advice(2).to_dict()["all_places"]
    assert two["rounds"] == 1 and "a round robin of 2 players (1 round)" in two["reason"]["en"]  # type: ignore[index]


def test_advice_endpoint_gives_both() -> None:
    from fastapi.testclient import TestClient

    from app.main import app
    body = TestClient(app).get("/v1/advice/rounds", params={"players": 60}).json()
    assert body["sole_winner"]["rounds"] == 6 and body["all_places"]["rounds"] == 7
    assert body["all_places"]["reason"]["en"].startswith("7 rounds to separate all places")
