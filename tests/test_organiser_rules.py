"""Organiser rules of the seed documents: scoring presets of other games (issue 13 item 6) and requested
byes near the end (item 2, seed 002: "有些赛要求最后一轮（轮数多者为两轮）摆了没分")."""

from __future__ import annotations

import copy
from fractions import Fraction
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.engine.errors import InputError
from app.engine.late_byes import apply_late_bye_rule, late_requested_byes
from app.engine.model import ByeKind, ByeRequest, Result
from app.engine.organiser import apply_organiser_rules
from app.engine.scoring_presets import SCORING_PRESETS, scoring_preset
from app.formats.json_form import tournament_from_dict, tournament_to_dict
from app.formats.trf_reader import read_trf
from app.formats.trf_writer import write_trf
from app.main import app

client = TestClient(app)


def _player(sn: int, rounds: list[Any], rating: int) -> dict[str, Any]:
    return {"start_number": sn, "name": f"Player {sn}", "rating": rating, "rounds": rounds}


def five_players(**extra: Any) -> dict[str, Any]:
    """Three rounds; round 1: 1-2 1-0, 3-4 ½-½, 5 half-point bye; round 2: 1-3 ½-½, 5-2 1-0, 4 half-point bye."""
    return {"name": "Late byes", "total_rounds": 3, "system": "swiss", "initial_colour": "white", **extra,
            "players": [
                _player(1, [{"opponent": 2, "colour": "w", "result": "win"},
                            {"opponent": 3, "colour": "b", "result": "draw"}], 2200),
                _player(2, [{"opponent": 1, "colour": "b", "result": "loss"},
                            {"opponent": 5, "colour": "w", "result": "loss"}], 2100),
                _player(3, [{"opponent": 4, "colour": "w", "result": "draw"},
                            {"opponent": 1, "colour": "w", "result": "draw"}], 2000),
                _player(4, [{"opponent": 3, "colour": "b", "result": "draw"}, {"result": "half_point_bye"}], 1900),
                _player(5, [{"result": "half_point_bye"}, {"opponent": 2, "colour": "b", "result": "win"}], 1800),
            ]}


def _points(body: dict[str, Any]) -> dict[int, float]:
    return {e["id"]: e["points"] for e in body["standings"]}


# ---- scoring presets ---------------------------------------------------------------------------------


def test_presets_hold_the_seed_numbers() -> None:
    by_id = {p.id: p for p in SCORING_PRESETS}
    assert set(by_id) == {"chess", "xiangqi", "go", "gomoku", "junqi", "magic"}
    xiangqi = by_id["xiangqi"].scoring
    assert (xiangqi.win, xiangqi.draw, xiangqi.loss, xiangqi.pairing_allocated_bye) == (2, 1, 0, 2)
    junqi = by_id["junqi"].scoring  # seed 002's junqi event: 胜 记 1分, 输 记 0分, 和 记 0.5分
    assert (junqi.win, junqi.draw, junqi.loss) == (1, Fraction(1, 2), 0)
    magic = by_id["magic"].scoring  # seed 002's 万智牌赛制: 胜者获得3分，平局得1分
    assert (magic.win, magic.draw, magic.loss) == (3, 1, 0)
    assert not by_id["go"].draws and all(p.draws for p in SCORING_PRESETS if p.id != "go")
    with pytest.raises(InputError) as err:
        scoring_preset("checkers")
    assert err.value.issue.field == "scoring_preset"


def test_xiangqi_by_name_in_the_json_form_scores_two_one_zero() -> None:
    body = client.post("/v1/standings", json={"tournament": five_players(scoring_preset="xiangqi")}).json()
    # 1: win 2 + draw 1; 2: 0; 3: draw 1 + draw 1; 4: draw 1 + half-point bye 1; 5: half-point bye 1 + win 2
    assert _points(body) == {1: 3, 2: 0, 3: 2, 4: 2, 5: 3}
    converted = client.post("/v1/convert", json={"tournament": five_players(scoring_preset="xiangqi"),
                                                 "to": "json"}).json()["tournament"]
    assert converted["scoring_preset"] == "xiangqi" and converted["scoring"]["win"] == 2
    trf = client.post("/v1/convert", json={"tournament": five_players(scoring_preset="xiangqi")}).text
    assert read_trf(trf).tournament.scoring.win == 2  # a TRF gets the values (162)


def test_a_preset_as_a_request_option_and_single_values_over_it() -> None:
    trf = write_trf(tournament_from_dict(five_players()))
    body = client.post("/v1/standings", json={"trf": trf, "scoring_preset": "magic"}).json()
    assert _points(body) == {1: 4, 2: 0, 3: 2, 4: 2, 5: 4}  # 3/1/0; the half-point bye is a draw's 1
    t = tournament_from_dict(five_players(scoring_preset="xiangqi", scoring={"half_point_bye": 0}))
    assert (t.scoring.win, t.scoring.half_point_bye, t.scoring_preset) == (2, 0, "xiangqi")


def test_go_refuses_a_draw_naming_the_player_and_round() -> None:
    r = client.post("/v1/standings", json={"tournament": five_players(scoring_preset="go")})
    assert r.status_code == 422, r.text
    problem = r.json()
    assert problem["code"] == "draw-not-allowed" and "player 1 has a draw in round 2" in problem["detail"]
    assert problem["field"] == "tournament.players[start_number=1].rounds[1]"
    no_draws = five_players(scoring_preset="go")
    for p in no_draws["players"]:
        for e in p["rounds"]:
            if e["result"] == "draw":
                e["result"] = "win" if e["colour"] == "w" else "loss"
    body = client.post("/v1/standings", json={"tournament": no_draws}).json()
    assert _points(body) == {1: 1, 2: 0, 3: 2, 4: 0.5, 5: 1.5}  # White won every former draw
    r = client.post("/v1/pairings", json={"trf": write_trf(tournament_from_dict(five_players())),
                                          "scoring_preset": "go"})
    assert r.status_code == 422 and r.json()["code"] == "draw-not-allowed"


def test_scoring_presets_are_listed() -> None:
    listed = client.get("/v1/presets").json()["scoring_presets"]
    assert [p["id"] for p in listed] == ["chess", "xiangqi", "go", "gomoku", "junqi", "magic"]
    go = next(p for p in listed if p["id"] == "go")
    assert go["draws"] is False and go["scoring"]["draw"] is None and go["name_zh"].startswith("围棋")
    assert next(p for p in listed if p["id"] == "xiangqi")["scoring"]["win"] == 2


def test_unknown_preset_in_the_json_form() -> None:
    r = client.post("/v1/standings", json={"tournament": five_players(scoring_preset="chess960")})
    assert r.status_code == 422 and r.json()["field"] == "tournament.scoring_preset"


# ---- requested byes near the end ------------------------------------------------------------------------


def test_off_by_default_a_requested_bye_scores_half() -> None:
    body = client.post("/v1/standings", json={"tournament": five_players()}).json()
    assert _points(body) == {1: 1.5, 2: 0, 3: 1, 4: 1, 5: 1.5}


def test_last_two_rounds_a_requested_bye_scores_zero() -> None:
    """3 rounds, rule = last two: player 4's bye in round 2 scores 0, player 5's in round 1 still ½."""
    body = client.post("/v1/standings", json={"tournament": five_players(late_bye_rounds=2)}).json()
    assert _points(body) == {1: 1.5, 2: 0, 3: 1, 4: 0.5, 5: 1.5}
    [warning] = [w for w in body["warnings"] if w["code"] == "late-bye-scores-zero"]
    assert "player 4, round 2" in warning["message"] and "last 2 rounds" in warning["message"]
    # the same rule as a request option on a TRF
    trf = write_trf(tournament_from_dict(five_players()))
    assert _points(client.post("/v1/standings", json={"trf": trf, "late_bye_rounds": 2}).json()) == _points(body)
    # the last round only: round 2 of 3 is not covered
    assert _points(client.post("/v1/standings", json={"trf": trf, "late_bye_rounds": 1}).json())[4] == 1
    # 0 turns the tournament's own rule off
    off = client.post("/v1/standings", json={"tournament": five_players(late_bye_rounds=2), "late_bye_rounds": 0})
    assert _points(off.json())[4] == 1


def test_trf_output_writes_z_for_the_late_bye() -> None:
    trf = client.post("/v1/convert", json={"tournament": five_players(late_bye_rounds=2)}).text
    t = read_trf(trf).tournament
    assert t.players[4].rounds[1].result is Result.ZERO_POINT_BYE
    assert t.players[5].rounds[0].result is Result.HALF_POINT_BYE
    assert t.points(4) == Fraction(1, 2)
    back = client.post("/v1/convert", json={"tournament": five_players(late_bye_rounds=2), "to": "json"}).json()
    assert back["tournament"]["late_bye_rounds"] == 2
    assert back["tournament"]["players"][3]["rounds"][1]["result"] == "zero_point_bye"


def test_a_bye_requested_for_the_last_round_scores_zero_in_the_pairing() -> None:
    base = five_players(late_bye_rounds=1)
    r = client.post("/v1/pairings", json={"tournament": base, "byes": {"5": "H"}})
    assert r.status_code == 200, r.text
    body = r.json()
    [bye] = body["byes"]
    assert bye == {"id": 5, "type": "ZPB", "points": 0, "reason": "requested bye"}
    assert any(w["code"] == "late-bye-scores-zero" and "player 5, round 3" in w["message"] for w in body["warnings"])
    # 1 (1½) has met 2 and 3: it floats to 4 (1); 3 (1) meets 2 (0)
    assert sorted(sorted((b["white"], b["black"])) for b in body["pairings"]) == [[1, 4], [2, 3]]
    trf = client.post("/v1/pairings", json={"tournament": base, "byes": {"5": "H"}, "format": "trf"}).text
    assert read_trf(trf).tournament.players[5].rounds[2].result is Result.ZERO_POINT_BYE
    # without the rule the same request is a half-point bye
    plain = client.post("/v1/pairings", json={"tournament": five_players(), "byes": {"5": "H"}}).json()
    assert plain["byes"][0]["type"] == "HPB" and plain["byes"][0]["points"] == 0.5


def test_pairing_scores_follow_the_rule() -> None:
    """Round 3 is paired on the scores after the rule: player 4 has ½, not 1."""
    body = client.post("/v1/pairings", json={"tournament": five_players(late_bye_rounds=2)}).json()
    scores = {}
    for b in body["pairings"]:
        scores[b["white"]] = b["explanation"]["white_score"]
        scores[b["black"]] = b["explanation"]["black_score"]
    assert scores[4] == 0.5
    plain = client.post("/v1/pairings", json={"tournament": five_players()}).json()
    plain_scores = {b["white"]: b["explanation"]["white_score"] for b in plain["pairings"]}
    plain_scores.update({b["black"]: b["explanation"]["black_score"] for b in plain["pairings"]})
    assert plain_scores[4] == 1


def test_the_rule_on_the_model() -> None:
    t = tournament_from_dict(five_players())
    t.bye_requests.append(ByeRequest(ByeKind.HALF_POINT, 3, [2]))
    original = copy.deepcopy(t)
    out, issues = apply_late_bye_rule(t, 2)
    assert [r.result for r in out.players[4].rounds] == [Result.DRAW, Result.ZERO_POINT_BYE]
    assert out.bye_requests[0].kind is ByeKind.ZERO_POINT and t.bye_requests[0].kind is ByeKind.HALF_POINT
    assert [i.message.split(":")[0] for i in issues] == ["player 4, round 2", "player 2, round 3"]
    assert tournament_to_dict(t) == tournament_to_dict(original)  # the input is not changed
    byes, late = late_requested_byes({5: ByeKind.HALF_POINT, 3: ByeKind.FULL_POINT}, 3, 3, 1)
    assert byes == {5: ByeKind.ZERO_POINT, 3: ByeKind.FULL_POINT} and len(late) == 1
    assert late_requested_byes({5: ByeKind.HALF_POINT}, 2, 3, 1)[0] == {5: ByeKind.HALF_POINT}


def test_the_rule_needs_the_number_of_rounds() -> None:
    t = tournament_from_dict(five_players())
    t.total_rounds = None
    with pytest.raises(InputError) as err:
        apply_organiser_rules(t, late_bye_rounds=1)
    assert err.value.issue.field == "total_rounds"
    out, _ = apply_organiser_rules(t, late_bye_rounds=1, total_rounds=2)
    assert out.players[4].rounds[1].result is Result.ZERO_POINT_BYE
