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
