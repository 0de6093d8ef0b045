"""Team events through the API: /v1/team-pairings, board statistics in /v1/standings,
inconsistent team data and the real team files of the corpus."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from app.engine.model import Colour, ForfeitedMatch
from app.formats.trf_writer import write_trf
from app.main import app
from tests.conftest import DATA, shared_path
from tests.team_helpers import team_event
from tests.tiebreak_helpers import build, teams

client = TestClient(app)


def _trf(t) -> str:  # type: ignore[no-untyped-def]
    return write_trf(t)


def test_team_swiss_round_one_answer_shape() -> None:
    body = client.post("/v1/team-pairings", json={"trf": _trf(team_event(5, boards=4))}).json()
    assert body["system"] == "team-swiss" and body["round"] == 1 and body["boards"] == 4
    assert body["board_colours"] == "WBWB" and body["lineups"] == "default-board-order"
    assert [(m["table"], m["home_team"], m["away_team"]) for m in body["matches"]] == [(1, 1, 3), (2, 4, 2)]
    first = body["matches"][0]
    assert first["boards"][:2] == [{"board": 1, "white": 1, "black": 11, "white_team": 1, "black_team": 3},
                                   {"board": 2, "white": 12, "black": 2, "white_team": 3, "black_team": 1}]
    assert body["byes"] == [{"team": 5, "type": "PAB", "match_points": 1, "game_points": 2,
                             "reason": body["byes"][0]["reason"]}]
    assert body["initial_colour"] == "white" and "C.04.6" in body["notes"][0]


def test_team_berger_by_option_and_by_system() -> None:
    t = team_event(4, boards=4)
    body = client.post("/v1/team-pairings", json={"trf": _trf(t), "system": "team-berger", "round": 2,
                                                 "boards": 4}).json()
    assert [(m["home_team"], m["away_team"]) for m in body["matches"]] == [(4, 3), (1, 2)]  # Berger round 2
    t.type_code = "CUSTOM_ROUNDROBIN_TEAM"
    body = client.post("/v1/team-pairings", files={"file": ("t.trf", _trf(t).encode())},
                       data={"boards": "4"}).json()
    assert body["system"] == "team-berger" and body["round"] == 1


def test_team_pairings_errors_are_422() -> None:
    individual = (DATA / "example7.trf").read_text()
    r = client.post("/v1/team-pairings", json={"trf": individual})
    assert r.status_code == 422 and r.json()["field"] == "teams"
    r = client.post("/v1/team-pairings", json={"trf": _trf(team_event(4)), "byes": {"x": "H"}})
    assert r.status_code == 422 and r.json()["field"] == "byes.x"
    r = client.post("/v1/team-pairings", json={"trf": _trf(team_event(4)), "forbidden_pairs": [[1, 2, 3, 4]]})
    assert r.status_code == 422 and r.json()["code"] == "no-valid-pairing"


def test_board_statistics_in_standings() -> None:
    t = teams(build({k: 2000 for k in range(1, 9)}, [[(1, 3, "1"), (4, 2, "="), (5, 7, "0"), (8, 6, "0")]]),
              [[1, 2], [3, 4], [5, 6], [7, 8]])
    body = client.post("/v1/standings", json={"trf": _trf(t), "board_statistics": True}).json()
    one, two = body["board_statistics"]
    assert one["board"] == 1 and [(p["id"], p["games"], p["points"], p["percentage"], p["performance"])
                                  for p in one["players"]] == [(1, 1, 1, 100, 2800), (7, 1, 1, 100, 2800),
                                                               (3, 1, 0, 0, 1200), (5, 1, 0, 0, 1200)]
    assert {p["id"]: p["percentage"] for p in two["players"]} == {2: 50, 4: 50, 6: 100, 8: 0}
    plain = client.post("/v1/standings", json={"trf": (DATA / "example7.trf").read_text(), "board_statistics": True})
    assert plain.json().get("board_statistics") is None
    assert any(w["code"] == "board-statistics-ignored" for w in plain.json()["warnings"])


def test_inconsistent_team_data_gives_warnings_naming_the_record() -> None:
    # player 1 in teams 1 and 2; player 9 (no team) plays player 4; the 330 record contradicts the boards
    t = teams(build({k: 2000 for k in range(1, 10)}, [[(1, 3, "1"), (9, 4, "1"), (5, 7, "="), (6, 8, "0")]]),
              [[1, 2], [3, 4, 1], [5, 6], [7, 8]])
    t.forfeited_matches.append(ForfeitedMatch(round=1, white_team=3, black_team=4, result="-+"))
    t.teams[0].declared_match_points = 0  # the 310 match points do not match the boards
    text = _trf(t)
    body = client.post("/v1/standings", json={"trf": text, "board_statistics": True}).json()
    warnings = {(w["code"], w.get("field")) for w in body["warnings"]}
    assert {("team-roster", "013/310"), ("team-board", None), ("team-result", "330"),
            ("team-points", "310")} <= warnings
    assert any("player 1 is listed in teams 1 and 2" in w["message"] for w in body["warnings"])
    assert any("player 9, who is in no team roster" in w["message"] for w in body["warnings"])
    r = client.post("/v1/team-pairings", json={"trf": text})
    assert r.status_code == 200 and {w["code"] for w in r.json()["warnings"]} >= {"team-roster", "team-result"}


REAL_TEAM_FILES = {
    "lcu-armstrong-cup-2010-11_team-roundrobin_12teams_160p_11r.trf": (12, {"team-short"}),
    "crete-friendship-cup-2024_team-swiss_15teams_129p_7r_extracted.trf": (15, {"points-mismatch"}),
    "crete-interclub-championship-2025_team-swiss_8teams_163p_4r_extracted.trf": (8, {"points-mismatch"}),
    "fide-trf2026-example-grandmommys-cup_team_50teams_249p_14r.trf": (50, {"013-and-310"}),
    "fide-trf2026-example-grandmommys-cup_sharly-trf26-variant_50teams_249p_14r.trf": (50, set()),
    "sharly-trf2026-team-test_in-progress_5teams_26p_3r.trf": (5, {"pairing-without-result"}),
}


@pytest.mark.parametrize("name", sorted(REAL_TEAM_FILES))
def test_real_team_files_rank_with_warnings_and_board_statistics(name: str) -> None:
    count, expected = REAL_TEAM_FILES[name]
    raw = shared_path("real", name).read_bytes()
    r = client.post("/v1/standings", files={"file": (name, raw)}, data={"board_statistics": "true"})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["competitors"] == "teams" and len(body["standings"]) == count
    assert expected <= {w["code"] for w in body["warnings"]}
    assert body["board_statistics"] and body["board_statistics"][0]["board"] == 1
    assert all(p["games"] >= 1 for b in body["board_statistics"] for p in b["players"])


def test_real_team_swiss_file_paired_again() -> None:
    from app.engine.pairing.team_round import board_pattern, team_colour
    from app.engine.teams import derive_team_matches
    from app.formats.trf_reader import read_trf

    raw = shared_path("real", "fide-trf2026-example-grandmommys-cup_team_50teams_249p_14r.trf").read_bytes()
    body = client.post("/v1/team-pairings", files={"file": ("g.trf", raw)}, data={"round": "4"}).json()
    assert body["system"] == "team-swiss" and body["acceleration"] == "explicit"  # the 250 records
    assert [(b["team"], b["type"]) for b in body["byes"]] == [(49, "PAB"), (11, "FPB"), (15, "HPB"), (47, "HPB")]
    # the FIDE TRF26 example's own round 4 (board-1 White first), pairs and colours alike
    t = read_trf(raw).tournament
    event = derive_team_matches(t)
    pattern = board_pattern(t, 4)
    paired = {frozenset((team, rounds[3].opponent)) for team, rounds in event.schedule.items()
              if rounds[3].opponent is not None}
    white_first = {(team, rounds[3].opponent) for team, rounds in event.schedule.items()
                   if team_colour(rounds[3], pattern) is Colour.WHITE}  # matches played over the board
    ours = {(m["boards"][0]["white_team"], m["boards"][0]["black_team"]) for m in body["matches"]}
    assert {frozenset(x) for x in ours} == paired and len(ours) == 23
    assert white_first <= ours and len(white_first) == 22
    lcu = shared_path("real", "lcu-armstrong-cup-2010-11_team-roundrobin_12teams_160p_11r.trf").read_bytes()
    r = client.post("/v1/team-pairings", files={"file": ("l.trf", lcu)}, data={"system": "team-berger"})
    assert r.status_code == 422 and "round 12 does not exist" in r.json()["detail"]


def _first_rounds(name: str, rounds: int) -> str:
    """A real team file cut after `rounds` rounds (games, 300 line-ups, 320 byes of the later rounds dropped)."""
    from app.formats.trf_reader import read_trf

    t = read_trf(shared_path("real", name).read_bytes()).tournament
    for p in t.players.values():
        p.rounds = p.rounds[:rounds]
        p.declared_points = None
    for team in t.teams:
        team.declared_match_points = team.declared_game_points = team.declared_rank = None
    t.lineups = [lu for lu in t.lineups if lu.round <= rounds]
    if t.team_byes is not None:
        t.team_byes.team_by_round = {r: n for r, n in t.team_byes.team_by_round.items() if r <= rounds}
    return write_trf(t)


@pytest.mark.parametrize(("name", "language"), [
    ("crete-friendship-cup-2024_team-swiss_15teams_129p_7r_extracted.trf", "en"),  # 013 teams, a PAB each round
    ("fide-trf2026-example-grandmommys-cup_team_50teams_249p_14r.trf", "zh"),  # 310, 352, 240 byes, 250 records
])
def test_team_pairing_trf_download_rereads_with_the_new_rounds_boards(name: str, language: str) -> None:
    from app.engine.teams import derive_team_matches
    from app.formats.trf_reader import read_trf

    text = _first_rounds(name, 3)
    files = {"file": ("t.trf", text.encode())}
    body = client.post("/v1/team-pairings", files=files, data={"language": language}).json()
    assert body["round"] == 4 and body["lineups"] == "default-board-order"
    r = client.post("/v1/team-pairings", files=files, data={"language": language, "format": "trf"})
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
    by_accept = client.post("/v1/team-pairings", files=files, headers={"Accept": "text/plain"})
    assert by_accept.text == r.text  # the TRF does not depend on the language of the explanations
    back = read_trf(r.text.encode()).tournament
    boards = {(b["white"], b["black"]) for m in body["matches"] for b in m["boards"]}
    assert len(boards) == len(body["matches"]) * body["boards"]
    written = {(sn, p.rounds[3].opponent) for sn, p in back.players.items()
               if len(p.rounds) >= 4 and p.rounds[3].colour is Colour.WHITE}
    assert written == boards  # every board of round 4 as a game without a result, and nothing else
    assert all(p.rounds[3].result.value == " " for p in back.players.values() if len(p.rounds) >= 4)
    assert [p.rounds[:3] for p in back.players.values()] == \
        [p.rounds[:3] for p in read_trf(text.encode()).tournament.players.values()]  # rounds 1-3 unchanged
    event = derive_team_matches(back)
    assert event.rounds == 4
    assert {(team, rounds[3].opponent) for team, rounds in event.schedule.items() if rounds[3].opponent} == \
        {x for m in body["matches"] for x in ((m["home_team"], m["away_team"]), (m["away_team"], m["home_team"]))}
    pab = [b["team"] for b in body["byes"] if b["type"] == "PAB"]
    assert pab and back.team_byes is not None and back.team_byes.team_by_round.get(4) == pab[0]  # 320
    again = client.post("/v1/team-pairings", files={"file": ("b.trf", r.text.encode())},
                        data={"round": "4", "language": language}).json()
    assert again["matches"] == body["matches"] and again["byes"] == body["byes"]  # the same round from the file
    if language == "zh":
        assert "先列队" in body["matches"][0]["explanation"] and "国际棋联团体瑞士制" in body["notes"][0]
        assert {b["reason"] for b in body["byes"]} >= {"第 4 轮申请轮空（HPB）"}
    else:
        assert "is the first team (4.2)" in body["matches"][0]["explanation"]


def test_team_pairing_trf_keeps_a_match_whose_line_up_is_unknown_in_300_records() -> None:
    from app.engine.teams import derive_team_matches
    from app.formats.trf_reader import read_trf

    t = team_event(4, boards=4, reserves=0)
    t.teams[2].members = t.teams[2].members[:2]  # team 3 lists two players for four boards
    files = {"file": ("t.trf", _trf(t).encode())}
    body = client.post("/v1/team-pairings", files=files).json()
    assert body["lineups"] == "partial"
    text = client.post("/v1/team-pairings", files=files, data={"format": "trf"}).text
    match = next(m for m in body["matches"] if 3 in (m["home_team"], m["away_team"]))
    other = match["away_team"] if match["home_team"] == 3 else match["home_team"]
    lines = sorted(line for line in text.splitlines() if line.startswith("300"))
    assert len(lines) == 2 and {line.split()[2:4][0] for line in lines} == {"3", str(other)}
    back = read_trf(text.encode()).tournament
    event = derive_team_matches(back)
    assert event.schedule[3][0].opponent == other and event.schedule[other][0].opponent == 3
    known = [(b["white"], b["black"]) for b in match["boards"] if b["white"] and b["black"]]
    assert len(known) == 2 and all(back.players[w].rounds[0].opponent == b for w, b in known)


def test_team_swiss_does_not_pair_on_a_round_without_results() -> None:
    # Sharly's team file: round 2 paired, its games without results; pairing on would use scores that are not there
    raw = shared_path("real", "sharly-trf2026-team-test_in-progress_5teams_26p_3r.trf").read_bytes()
    r = client.post("/v1/team-pairings", files={"file": ("s.trf", raw)})
    assert r.status_code == 422 and r.json()["code"] == "round-already-paired" and r.json()["field"] == "round"
    assert r.json()["detail"].startswith("round 2 is already paired in the file and 6 of its games have no result")
    again = client.post("/v1/team-pairings", files={"file": ("s.trf", raw)}, data={"round": "2"})
    assert again.status_code == 200 and again.json()["round"] == 2  # pairing round 2 again is allowed
    text = client.post("/v1/team-pairings", files={"file": ("s.trf", raw)}, data={"round": "2", "format": "trf"}).text
    lines = [line for line in text.splitlines() if line.startswith("300   2")]
    assert lines == []  # every board of the new round 2 has both players: its games replace the file's 300 lines
