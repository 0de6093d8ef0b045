"""Match rounds (issue 13 item 3, seed 002 模拟比赛过程（军棋）): each Swiss round a best of 3 ("3局2胜").

The seed's rule, as written: two wins, or a win and two draws, win the round; two losses, or a loss and
two draws, lose it; three draws, or a win, a loss and a draw, draw it; a match decided after two games
needs no third. Each round is scored 1 / ½ / 0 (the junqi preset); the games' points are the GPTS
tie-break; pairing uses the round results, colours the first game's.
"""

from __future__ import annotations

import copy
import itertools
import json
import random
from fractions import Fraction
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.engine.errors import InputError
from app.engine.match_rounds import MatchRule, round_result
from app.engine.model import Colour, MatchGame, Result
from app.engine.tiebreaks import compute_standings
from app.formats.json_form import tournament_to_dict
from app.formats.json_schema import EXAMPLE_MATCH_ROUNDS
from app.formats.loader import load_tournament, load_tournament_json
from app.formats.trf_writer import write_trf
from app.main import app

client = TestClient(app)
W, D, L = Result.WIN, Result.DRAW, Result.LOSS
BEST_OF_3, MAJORITY = MatchRule.BEST_OF_3, MatchRule.MAJORITY


def games(*results: Result) -> list[MatchGame]:
    """The player's games, colours alternating from White."""
    return [MatchGame(Colour.WHITE if k % 2 == 0 else Colour.BLACK, r) for k, r in enumerate(results)]


def seed_rule(results: tuple[Result, ...]) -> Result:
    """Seed 002's sentences, one by one, for three games (written from the text, not from the engine)."""
    wins, draws, losses = results.count(W), results.count(D), results.count(L)
    if wins >= 2 or (wins == 1 and draws == 2):  # 胜出2盘，则判为赢；赢1盘+和棋2盘，也判断为赢
        return W
    if losses >= 2 or (losses == 1 and draws == 2):  # 输了2盘，则判为负；输1盘+和棋2盘，也判断为输
        return L
    assert draws == 3 or (wins, losses, draws) == (1, 1, 1)  # 3盘都是和棋 / 赢1盘+输1盘+和1盘: 和
    return D


# ---------------------------------------------------------------- the rule


@pytest.mark.parametrize(("results", "expected"), [
    ((W, D, D), W), ((D, W, D), W), ((D, D, W), W),  # 赢1盘+和棋2盘: win
    ((D, D, D), D),  # 3盘都是和棋: draw
    ((W, L, D), D), ((L, D, W), D), ((D, W, L), D),  # 赢1盘+输1盘+和1盘: draw
    ((L, D, D), L), ((W, L, L), L), ((W, W, L), W),
])
def test_the_seed_cases(results: tuple[Result, ...], expected: Result) -> None:
    for rule in (BEST_OF_3, MAJORITY):
        outcome = round_result(games(*results), rule)
        assert outcome.result is expected and outcome.unfinished is None
        assert outcome.colour is Colour.WHITE  # the first game's


def test_on_three_games_best_of_3_is_the_majority_of_game_points() -> None:
    """All 27 orders of three finished games: the seed's rule, best_of_3 and majority agree."""
    for results in itertools.product((W, D, L), repeat=3):
        expected = seed_rule(results)
        assert round_result(games(*results), BEST_OF_3).result is expected, results
        assert round_result(games(*results), MAJORITY).result is expected, results


def test_two_games_decide_a_best_of_3_only_when_one_side_won_both() -> None:
    assert round_result(games(W, W), BEST_OF_3).result is W  # 如果2盘就分出胜负，则只需要下2盘
    assert round_result(games(L, L), BEST_OF_3).result is L
    for results in ((W, D), (W, L), (D, D), (D, L)):
        outcome = round_result(games(*results), BEST_OF_3)
        assert outcome.result is Result.NOT_PAIRED and outcome.unfinished is not None and outcome.unfinished.render() == "2 of 3 games played and not decided"
    # The majority rule takes the games as they are: W+D wins 1.5-0.5, W+L and D+D are even.
    assert [round_result(games(*rs), MAJORITY).result for rs in ((W, D), (W, L), (D, D), (D, L))] == [W, D, D, L]


def test_unfinished_matches() -> None:
    assert round_result(games(W), BEST_OF_3).result is Result.NOT_PAIRED
    assert round_result(games(W), MAJORITY).result is W
    pending = games(W, D, Result.NOT_PAIRED)  # the third game not played yet
    for rule in (BEST_OF_3, MAJORITY):
        outcome = round_result(pending, rule)
        assert outcome.result is Result.NOT_PAIRED and outcome.unfinished
    # Decided after two wins: a third game not played changes nothing.
    assert round_result(games(W, W, Result.NOT_PAIRED), BEST_OF_3).result is W
    assert round_result(games(W, W, L), BEST_OF_3).after_decision == 1


def test_a_best_of_3_has_at_most_three_games() -> None:
    with pytest.raises(InputError, match="at most three"):
        round_result(games(W, L, D, D), BEST_OF_3)
    assert round_result(games(W, L, D, W), MAJORITY).result is W  # 2½-1½


def test_forfeits_inside_a_match() -> None:
    fw, fl = Result.FORFEIT_WIN, Result.FORFEIT_LOSS
    # Only forfeits: a forfeit round (unplayed for tie-breaks and colours).
    assert round_result(games(fw, fw), BEST_OF_3).result is fw
    assert round_result(games(fl, fl), MAJORITY).result is fl
    # A game played over the board makes it a played round; the forfeits count as games won and lost.
    assert round_result(games(fw, L, D), BEST_OF_3).result is D
    assert round_result(games(W, fw), BEST_OF_3).result is W
    assert round_result(games(fl, D, D), MAJORITY).result is L
    with pytest.raises(InputError, match="every game is a forfeit"):
        round_result(games(fw, fl), MAJORITY)
    # Games of less than one move only: the unrated result.
    assert round_result(games(Result.WIN_UNRATED, Result.DRAW_UNRATED, Result.DRAW_UNRATED),
                        BEST_OF_3).result is Result.WIN_UNRATED


def test_a_bye_is_not_a_game_of_a_match() -> None:
    with pytest.raises(InputError, match="not the result of a game"):
        round_result([MatchGame(None, Result.HALF_POINT_BYE)], MAJORITY)
    with pytest.raises(InputError, match="at least one game"):
        round_result([], MAJORITY)


# ---------------------------------------------------------------- the JSON form

def match(white: int, black: int, *results: str, **extra: Any) -> dict[str, Any]:
    """A match board whose games alternate colours, the first with `white` as White."""
    out = []
    for k, res in enumerate(results):
        a, b = (white, black) if k % 2 == 0 else (black, white)
        out.append({"white": a, "black": b, "result": res})
    return {"white": white, "black": black, "games": out, **extra}


def junqi(rounds: list[list[dict[str, Any]]], players: int = 6, **extra: Any) -> dict[str, Any]:
    """Seed 002's junqi event in small: rated participants, best of 3, scored 1 / ½ / 0 per round."""
    return {"name": "军棋 Swiss", "type_code": "FIDE_DUTCH_2026", "system": "swiss", "total_rounds": 6,
            "scoring_preset": "junqi", "match_rule": "best_of_3",
            "players": [{"name": f"Group {k}", "rating": 2100 - 100 * k} for k in range(1, players + 1)],
            "rounds": [{"games": boards} for boards in rounds], **extra}


# Round 1 of six groups (Dutch: 1-4, 5-2, 3-6): W+D+D, D+D+D, W+L+D.
ROUND_1 = [match(1, 4, "1-0", "1/2-1/2", "1/2-1/2"), match(5, 2, "1/2-1/2", "1/2-1/2", "1/2-1/2"),
           match(3, 6, "1-0", "1-0", "1/2-1/2")]


def test_the_games_form_gives_round_results_and_keeps_the_games() -> None:
    t = load_tournament_json(junqi([ROUND_1])).tournament
    e1, e4 = t.players[1].entry(1), t.players[4].entry(1)
    assert (e1.opponent, e1.colour, e1.result) == (4, Colour.WHITE, W)  # W+D+D wins
    assert (e4.opponent, e4.colour, e4.result) == (1, Colour.BLACK, L)
    assert [(g.colour, g.result) for g in e1.games] == [(Colour.WHITE, W), (Colour.BLACK, D), (Colour.WHITE, D)]
    assert [(g.colour, g.result) for g in e4.games] == [(Colour.BLACK, L), (Colour.WHITE, D), (Colour.BLACK, D)]
    assert t.players[5].entry(1).result is D and t.players[2].entry(1).result is D  # D+D+D draws
    # 3-6: 3 won game 1 with White, 6 won game 2 with White, game 3 drawn: W+L+D draws.
    assert t.players[3].entry(1).result is D and t.players[6].entry(1).result is D
    assert t.match_rule == "best_of_3"


def test_the_per_player_form_is_what_convert_writes_and_reads_back() -> None:
    loaded = load_tournament_json(junqi([ROUND_1]))
    form = tournament_to_dict(loaded.tournament)
    assert form["match_rule"] == "best_of_3"
    assert form["players"][0]["rounds"][0] == {
        "opponent": 4, "colour": "w", "result": "win",
        "games": [{"colour": "w", "result": "win"}, {"colour": "b", "result": "draw"}, {"colour": "w", "result": "draw"}]}
    again = load_tournament_json(form)
    assert again.warnings == [] and again.tournament.players == loaded.tournament.players
    # The answer of POST /v1/convert posted back as it is gives the same tournament.
    body = client.post("/v1/convert", json={"tournament": junqi([ROUND_1]), "to": "json"}).json()
    assert body["tournament"]["players"] == form["players"]
    assert load_tournament_json(body["tournament"]).tournament.players == loaded.tournament.players


def test_sub_games_may_leave_out_the_players() -> None:
    """A game without `white`/`black` is played by the match's white and black (or the other way round when
    one of them is given)."""
    short = {"white": 1, "black": 4, "games": [{"result": "1-0"}, {"white": 4, "result": "1/2-1/2"},
                                               {"result": "1/2-1/2"}]}
    t = load_tournament_json(junqi([[short, *ROUND_1[1:]]])).tournament
    assert [(g.colour, g.result) for g in t.players[1].entry(1).games] == [(Colour.WHITE, W), (Colour.BLACK, D),
                                                                          (Colour.WHITE, D)]


def test_the_round_colour_is_the_first_games() -> None:
    # The board names 1 first, but 4 had White in the first game: 1's round colour is Black.
    board = {"white": 1, "black": 4, "games": [{"white": 4, "black": 1, "result": "0-1"},
                                               {"white": 1, "black": 4, "result": "1/2-1/2"},
                                               {"white": 4, "black": 1, "result": "1/2-1/2"}]}
    t = load_tournament_json(junqi([[board, *ROUND_1[1:]]])).tournament
    assert (t.players[1].entry(1).colour, t.players[1].entry(1).result) == (Colour.BLACK, W)
    assert t.players[4].entry(1).colour is Colour.WHITE


def test_a_round_result_given_with_the_games_must_agree() -> None:
    wrong = match(1, 4, "1-0", "1/2-1/2", "1/2-1/2", result="1/2-1/2")
    with pytest.raises(InputError, match="not the round result") as caught:
        load_tournament_json(junqi([[wrong, *ROUND_1[1:]]]))
    assert caught.value.issue.field == "tournament.rounds[0].games[0].result"
    right = match(1, 4, "1-0", "1/2-1/2", "1/2-1/2", result="1-0")
    assert load_tournament_json(junqi([[right, *ROUND_1[1:]]])).tournament.players[1].entry(1).result is W
    r = client.post("/v1/standings", json={"tournament": junqi([[wrong, *ROUND_1[1:]]])})
    assert r.status_code == 422 and r.json()["code"] == "match-result-mismatch"
    # The same in the per-player form.
    form = tournament_to_dict(load_tournament_json(junqi([ROUND_1])).tournament)
    form["players"][0]["rounds"][0]["result"] = "draw"
    with pytest.raises(InputError, match="not the round result"):
        load_tournament_json(form)


@pytest.mark.parametrize(("board", "message"), [
    (match(1, 4, "1-0", "0-1", "1/2-1/2", "1-0"), "at most three"),
    (match(1, 4, "--", "1-0", "1-0"), "double forfeit"),
    ({"white": 1, "black": 4, "games": [{"white": 1, "black": 2, "result": "1-0"}]}, "must be played by them"),
    ({"white": 1, "black": 4, "games": [{"white": 1, "black": 9, "result": "1-0"}]}, "no participant"),
])
def test_impossible_matches_are_refused_with_422(board: dict[str, Any], message: str) -> None:
    body = junqi([[board, *ROUND_1[1:]]])
    with pytest.raises(InputError, match=message) as caught:
        load_tournament_json(body)
    assert caught.value.issue.field and caught.value.issue.field.startswith("tournament.rounds[0].games[0]")
    r = client.post("/v1/standings", json={"tournament": body})
    assert r.status_code == 422 and r.json()["field"] == caught.value.issue.field


def test_an_unfinished_match_is_paired_without_a_result_and_warned() -> None:
    board = match(1, 4, "1-0", "1/2-1/2")  # W+D after two games: the third is due
    loaded = load_tournament_json(junqi([[board, *ROUND_1[1:]]]))
    e = loaded.tournament.players[1].entry(1)
    assert (e.opponent, e.result) == (4, Result.NOT_PAIRED)
    assert "match-unfinished" in [w.code for w in loaded.warnings]
    # Under the majority rule the same two games are a finished match, won 1.5-0.5.
    majority = load_tournament_json(junqi([[board, *ROUND_1[1:]]], match_rule="majority"))
    assert majority.tournament.players[1].entry(1).result is W
    assert "match-unfinished" not in [w.code for w in majority.warnings]


def test_a_game_after_the_decision_counts_in_the_game_points_only() -> None:
    board = match(1, 4, "1-0", "0-1", "0-1")  # 1 won games 1 and 2 (colours alternate), lost game 3
    loaded = load_tournament_json(junqi([[board, *ROUND_1[1:]]]))
    assert loaded.tournament.players[1].entry(1).result is W
    assert "match-game-after-decision" in [w.code for w in loaded.warnings]
    st = compute_standings(loaded.tournament, "PTS GPTS")
    row = st.by_id()[1]
    assert row.points == 1 and row.tiebreaks[0].value == 2


def test_games_that_do_not_mirror_are_warned() -> None:
    form = tournament_to_dict(load_tournament_json(junqi([ROUND_1])).tournament)
    form["players"][3]["rounds"][0]["games"][1]["result"] = "win"  # player 4 now claims game 2
    form["players"][3]["rounds"][0]["result"] = "draw"
    form["players"][0]["rounds"][0].pop("result")
    loaded = load_tournament_json(form)
    symmetry = [w for w in loaded.warnings if w.code == "opponent-symmetry"]
    assert symmetry and "games of the match do not mirror" in symmetry[0].message


# ---------------------------------------------------------------- standings and pairing

# A round 2 after ROUND_1 (no rematch). From the first player's side: 6 beats 1 in two games (W W), 2 beats 3
# in two and they play the third anyway (W W D), 4 beats 5 (W D D).
ROUND_2 = [match(6, 1, "1-0", "0-1"), match(2, 3, "1-0", "0-1", "1/2-1/2"),
           match(4, 5, "1-0", "1/2-1/2", "1/2-1/2")]
# By hand, (round points, game points) after two rounds:
#   1: W (W D D: 2) + L (L L: 0) = 1, 2        2: D (D D D: 1.5) + W (W W D: 2.5) = 1.5, 4
#   3: D (W L D: 1.5) + L (L L D: 0.5) = ½, 2   4: L (L D D: 1) + W (W D D: 2) = 1, 3
#   5: D (1.5) + L (L D D: 1) = ½, 2.5          6: D (L W D: 1.5) + W (W W: 2) = 1.5, 3.5
BY_HAND = {1: (Fraction(1), Fraction(2)), 2: (Fraction(3, 2), Fraction(4)), 3: (Fraction(1, 2), Fraction(2)),
           4: (Fraction(1), Fraction(3)), 5: (Fraction(1, 2), Fraction(5, 2)), 6: (Fraction(3, 2), Fraction(7, 2))}


def test_standings_rank_on_round_points_then_game_points() -> None:
    t = load_tournament_json(junqi([ROUND_1, ROUND_2])).tournament
    st = compute_standings(t, "PTS GPTS")
    assert {e.id: (e.points, e.tiebreaks[0].value) for e in st.entries} == BY_HAND
    assert [(e.id, e.rank) for e in st.entries] == [(2, 1), (6, 2), (4, 3), (1, 4), (5, 5), (3, 6)]
    assert [e.decided_by for e in st.entries] == [None, "GPTS", "PTS", "GPTS", "PTS", "GPTS"]
    assert st.by_id()[2].tiebreaks[0].explanation == (
        "GPTS = 4: R1 1.5 (0.5 + 0.5 + 0.5) + R2 2.5 (1 + 1 + 0.5) "
        "(points of the games of each match; a round without games counts its own points)")


def test_gpts_in_chinese_and_through_the_api() -> None:
    body = client.post("/v1/standings", json={"tournament": junqi([ROUND_1, ROUND_2]), "tiebreaks": ["GPTS"],
                                              "language": "zh"}).json()
    assert body["primary"] == "PTS" and body["tiebreaks"] == ["GPTS"]
    rows = [(s["id"], s["points"], s["tiebreaks"][0]["value"]) for s in body["standings"]]
    assert rows == [(2, 1.5, 4), (6, 1.5, 3.5), (4, 1, 3), (1, 1, 2), (5, 0.5, 2.5), (3, 0.5, 2)]
    assert "第1轮 1.5 (0.5 + 0.5 + 0.5) + 第2轮 2.5 (1 + 1 + 0.5)" in body["standings"][0]["tiebreaks"][0]["explanation"]
    assert "每轮各局得分之和" in body["standings"][0]["tiebreaks"][0]["explanation"]
    cat = {c["code"]: c for c in client.get("/v1/tiebreaks").json()["tiebreaks"]}
    assert cat["GPTS"]["name_zh"] == "局分" and "三局两胜" in cat["GPTS"]["definition_zh"]
    assert cat["GPTS"]["scope"] == "both"


def test_gpts_without_match_rounds_is_the_score() -> None:
    t = load_tournament(write_trf(load_tournament_json(junqi([ROUND_1, ROUND_2])).tournament)).tournament
    st = compute_standings(t, "PTS GPTS")
    assert all(e.tiebreaks[0].value == e.points for e in st.entries)


def test_the_next_round_is_paired_on_round_results() -> None:
    """The pairing of a match tournament is the pairing of the same rounds written as single results
    (its TRF): the pairing score is the round points, the colour the first game's."""
    form = junqi([ROUND_1, ROUND_2])
    matches = client.post("/v1/pairings", json={"tournament": form, "round": 3})
    trf = write_trf(load_tournament_json(form).tournament)
    single = client.post("/v1/pairings", json={"trf": trf, "round": 3})
    assert matches.status_code == single.status_code == 200
    boards = [(b["white"], b["black"]) for b in matches.json()["pairings"]]
    assert boards == [(b["white"], b["black"]) for b in single.json()["pairings"]]
    scores = {b["white"]: b["explanation"]["white_score"] for b in matches.json()["pairings"]}
    scores.update({b["black"]: b["explanation"]["black_score"] for b in matches.json()["pairings"]})
    assert scores == {sn: float(points) for sn, (points, _) in BY_HAND.items()}  # round points, not game points
    # By hand (C.04.3), colours of the rounds = the first games' (R1: 1 5 3 White; R2: 6 2 4 White):
    # 2 and 6 (1½) have not met, both played Black then White and want Black: the higher ranked, 2, gets it.
    # 4 and 1 (1) met in round 1: both float to the ½ bracket; 4 met 5, so 4-3 and 1-5. 3 (White, Black)
    # wants White, 4 (Black, White) Black; 1 and 5 (White, Black) both want White: 1, higher, gets it.
    assert boards == [(6, 2), (1, 5), (3, 4)]


def test_pairing_after_round_1_uses_round_results_and_first_game_colours() -> None:
    # After ROUND_1: 1 (1 point) alone, 2 3 5 6 (½), 4 (0). Seeded 1..6 by rating.
    body = client.post("/v1/pairings", json={"tournament": junqi([ROUND_1]), "round": 2}).json()
    pairs = {tuple(sorted((b["white"], b["black"]))) for b in body["pairings"]}
    trf = write_trf(load_tournament_json(junqi([ROUND_1])).tournament)
    single = client.post("/v1/pairings", json={"trf": trf, "round": 2}).json()
    assert [(b["white"], b["black"]) for b in body["pairings"]] == \
        [(b["white"], b["black"]) for b in single["pairings"]]
    assert (1, 4) not in pairs and (2, 5) not in pairs and (3, 6) not in pairs  # no rematch


# ---------------------------------------------------------------- TRF and the OpenAPI document

def test_a_trf_holds_the_round_results_and_says_so() -> None:
    r = client.post("/v1/convert", json={"tournament": junqi([ROUND_1]), "to": "trf"})
    assert r.status_code == 200
    assert "match-rounds-in-trf" in r.headers["warning"]
    lines = r.text.splitlines()
    assert any(line.startswith("### round(s) 1 played as matches of several games") for line in lines)
    first = next(line for line in lines if line.startswith("001    1"))
    assert first.endswith("4 w 1")  # the round result, not three games
    back = load_tournament(r.text).tournament
    assert back.players[1].entry(1).result is W and back.players[1].entry(1).games == ()


def test_the_openapi_document_describes_match_rounds() -> None:
    doc = client.get("/openapi.json").json()
    schemas = doc["components"]["schemas"]
    tournament = schemas["TournamentSchema"]
    rule = tournament["properties"]["match_rule"]
    assert "best_of_3" in str(rule) and "majority" in str(rule) and "3局2胜" in rule["description"]
    assert "games" in schemas["GameSchema"]["properties"] and "games" in schemas["RoundEntrySchema"]["properties"]
    assert "match_rule" in schemas["GameSchema"]["properties"]["games"]["description"]
    assert EXAMPLE_MATCH_ROUNDS in tournament["examples"]
    assert {"colour", "result"} <= set(schemas["PlayerGameSchema"]["properties"])


def test_the_schema_example_is_answered() -> None:
    body = client.post("/v1/standings", json={"tournament": copy.deepcopy(EXAMPLE_MATCH_ROUNDS),
                                              "tiebreaks": ["GPTS", "BH"]}).json()
    assert [(s["id"], s["points"], s["tiebreaks"][0]["value"]) for s in body["standings"]] == [
        (1, 1, 2), (2, 0.5, 1.5), (4, 0.5, 1.5), (3, 0, 1)]


def test_the_rule_as_a_request_option_replaces_the_tournaments() -> None:
    two_games = [match(1, 4, "1-0", "1/2-1/2"), *ROUND_1[1:]]  # W+D: won on game points, undecided as a best of 3
    body = client.post("/v1/standings", json={"tournament": junqi([two_games]), "tiebreaks": ["GPTS"]}).json()
    assert {s["id"]: s["points"] for s in body["standings"]}[1] == 0  # best_of_3: the match is not over
    majority = client.post("/v1/standings", json={"tournament": junqi([two_games]), "tiebreaks": ["GPTS"],
                                                  "match_rule": "majority"}).json()
    assert {s["id"]: s["points"] for s in majority["standings"]}[1] == 1
    back = client.post("/v1/standings", json={"tournament": junqi([two_games], match_rule="majority"),
                                              "match_rule": "best_of_3"}).json()
    assert {s["id"]: s["points"] for s in back["standings"]}[1] == 0
    assert "match-unfinished" in [w["code"] for w in back["warnings"]]
    r = client.post("/v1/standings", json={"tournament": junqi([two_games]), "match_rule": "best_of_5"})
    assert r.status_code == 422 and r.json()["field"] == "match_rule"


def test_chess_json_keeps_the_round_results_and_the_games_in_its_extension() -> None:
    form = junqi([ROUND_1, ROUND_2])
    jch = client.post("/v1/convert", json={"tournament": form, "to": "jch"}).json()
    games = jch["event"]["tournaments"][0]["gameList"]
    first = next(g for g in games if g["round"] == 1 and {g["white"], g["black"]} == {1, 4})
    assert (first["wResult"], first["bResult"]) == ("W", "L")  # the round result, one entry per round
    back = load_tournament(json.dumps(jch)).tournament
    assert back.players == load_tournament_json(form).tournament.players and back.match_rule == "best_of_3"


# ---------------------------------------------------------------- seed 002's junqi event, end to end

def _play_match(rng: random.Random, white: int, black: int) -> tuple[list[dict[str, Any]], dict[int, list[str]]]:
    """A best of 3 as the seed plays it: colours alternate, no third game once a side has two wins."""
    games: list[dict[str, Any]] = []
    seen: dict[int, list[str]] = {white: [], black: []}  # each side's W / D / L
    for k in range(3):
        w, b = (white, black) if k % 2 == 0 else (black, white)
        result = rng.choice(["1-0", "0-1", "1/2-1/2", "1/2-1/2"])
        games.append({"white": w, "black": b, "result": result})
        seen[w].append({"1-0": "W", "0-1": "L"}.get(result, "D"))
        seen[b].append({"1-0": "L", "0-1": "W"}.get(result, "D"))
        if 2 in (seen[white].count("W"), seen[black].count("W")):
            break
    return games, seen


def _round_points(results: list[str]) -> Fraction:
    """Seed 002's sentences (two games only when one side won both)."""
    if len(results) == 2:
        return {"WW": Fraction(1), "LL": Fraction(0)}["".join(results)]
    return {W: Fraction(1), D: Fraction(1, 2), L: Fraction(0)}[seed_rule(tuple({"W": W, "D": D, "L": L}[x]
                                                                              for x in results))]


def test_the_seeds_junqi_event_twelve_groups_six_rounds() -> None:
    """模拟比赛过程（军棋）: 12 groups, 6 rounds of best of 3, the first round by lot; every round paired by the
    service on the round results so far, then played; points, game points and the pairing scores checked
    against a tally kept here from the seed's rule."""
    rng = random.Random(2)
    form = junqi([], players=12, total_rounds=6)
    form["players"] = [{"id": f"g{k}", "name": f"第{k}组"} for k in range(1, 13)]  # unrated: order by lot
    points = dict.fromkeys(range(1, 13), Fraction(0))
    game_points = dict.fromkeys(range(1, 13), Fraction(0))
    met: set[frozenset[int]] = set()
    for r in range(1, 7):
        body = client.post("/v1/pairings", json={"tournament": form, "round": r, "pairing_numbers": "lot",
                                                 "seed": 2026}).json()
        assert body["round"] == r and body["byes"] == [] and len(body["pairings"]) == 6
        boards = []
        for b in body["pairings"]:
            white, black = b["white"], b["black"]
            assert frozenset((white, black)) not in met  # never twice the same opponents
            met.add(frozenset((white, black)))
            assert (b["explanation"]["white_score"], b["explanation"]["black_score"]) == \
                (float(points[white]), float(points[black]))  # the pairing score is the round points
            games, seen = _play_match(rng, white, black)
            for sn in (white, black):
                points[sn] += _round_points(seen[sn])
                game_points[sn] += sum({"W": Fraction(1), "D": Fraction(1, 2), "L": Fraction(0)}[x] for x in seen[sn])
            boards.append({"white": f"g{white}", "black": f"g{black}", "games": games})
        form["rounds"].append({"round": r, "games": boards})
    loaded = load_tournament_json(form)
    assert [w.code for w in loaded.warnings] == []
    st = compute_standings(loaded.tournament, "PTS GPTS")
    assert {e.id: (e.points, e.tiebreaks[0].value) for e in st.entries} == \
        {sn: (points[sn], game_points[sn]) for sn in points}
    keys = [(e.points, e.tiebreaks[0].value) for e in st.entries]
    assert keys == sorted(keys, reverse=True) and sum(points.values()) == 36  # 6 rounds x 6 matches x 1 point
    assert all(len(p.rounds) == 6 and all(e.games for e in p.rounds) for p in loaded.tournament.players.values())


def test_a_request_rule_that_a_match_cannot_follow_is_a_422_naming_the_option() -> None:
    four = [match(1, 4, "1-0", "0-1", "1/2-1/2", "1-0"), *ROUND_1[1:]]  # fine as a majority, not as a best of 3
    body = junqi([four], match_rule="majority")
    assert client.post("/v1/standings", json={"tournament": body}).status_code == 200
    r = client.post("/v1/standings", json={"tournament": body, "match_rule": "best_of_3"})
    assert r.status_code == 422 and r.json()["field"] == "match_rule"
    assert "player 1, round 1" in r.json()["detail"] and "at most three" in r.json()["detail"]


def test_a_players_games_may_be_written_from_whites_side_with_the_colour() -> None:
    form = tournament_to_dict(load_tournament_json(junqi([ROUND_1])).tournament)
    expected = load_tournament_json(form).tournament.players
    form["players"][0]["rounds"][0]["games"] = [{"colour": "w", "result": "1-0"}, {"colour": "b", "result": "½-½"},
                                                {"colour": "w", "result": "1/2-1/2"}]
    form["players"][3]["rounds"][0]["games"] = [{"colour": "b", "result": "1-0"}, {"colour": "w", "result": "draw"},
                                                {"colour": "b", "result": "="}]
    assert load_tournament_json(form).tournament.players == expected
    form["players"][0]["rounds"][0]["games"][0].pop("colour")
    with pytest.raises(InputError, match="from White's side"):
        load_tournament_json(form)
