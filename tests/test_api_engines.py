"""Standings and pairings endpoints: the engines' answers through the API (values from the spec's examples)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from app.main import app
from tests.conftest import DATA, SHARED

client = TestClient(app)
EXAMPLE = (DATA / "example7.trf").read_bytes()


def _row(body: dict, sn: int) -> dict:
    return next(e for e in body["standings"] if e["id"] == sn)


def test_standings_multipart_with_values_of_the_spec_table() -> None:
    r = client.post("/v1/standings", files={"file": ("x.trf", EXAMPLE)}, data={"tiebreaks": "BH/C1, BH, SB, DE"})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["tiebreaks"] == ["BH/C1", "BH", "SB", "DE"] and body["edition"] == "2026-03"
    assert body["system"] == "swiss" and body["competitors"] == "players"
    p1, p4, p5 = _row(body, 1), _row(body, 4), _row(body, 5)
    assert [tb["value"] for tb in p1["tiebreaks"]][:3] == [7, 9, 6.5]  # tiebreaks.md §10
    assert [tb["value"] for tb in p4["tiebreaks"]][:3] == [7, 9, 6.5]
    assert p5["tiebreaks"][0]["value"] == 6  # BH-C1 cuts the voluntarily unplayed round first (16.5.1)
    assert p1["rank"] == p4["rank"] == 1  # equal on every tie-break: shared first place
    assert _row(body, 3)["decided_by"] == "BH/C1"
    assert "R1" in p1["tiebreaks"][0]["explanation"]


def test_standings_json_body_edition_2024_and_chinese() -> None:
    r = client.post("/v1/standings", json={"trf": EXAMPLE.decode(), "tiebreaks": ["BH/C1", "BH", "SB"],
                                           "edition": "2024-08"}, headers={"Accept-Language": "zh-CN,zh;q=0.9"})
    body = r.json()
    assert body["edition"] == "2024-08" and body["edition_source"] == "option"
    p4 = _row(body, 4)
    assert [tb["value"] for tb in p4["tiebreaks"]] == [9, 11, 8.5]  # no dummy caps before 2026
    assert body["standings"][0]["id"] == 4  # the edition changes the winner
    assert "第" in p4["tiebreaks"][0]["explanation"]


def test_standings_default_list_comes_from_212() -> None:
    body = client.post("/v1/standings", content=EXAMPLE, headers={"content-type": "text/plain"}).json()
    assert body["list_source"] == "212" and body["tiebreaks"] == ["BH/C1", "BH", "SB", "DE"]


def test_standings_after_round_and_lots() -> None:
    body = client.post("/v1/standings", json={"trf": EXAMPLE.decode(), "round": 2, "tiebreaks": "BH",
                                              "ties": "lots", "lots_seed": 7}).json()
    assert body["rounds"] == 2 and body["lots_seed"] == 7
    assert sorted(e["rank"] for e in body["standings"]) == list(range(1, 8))


def test_unknown_tiebreak_is_a_422_naming_it() -> None:
    r = client.post("/v1/standings", json={"trf": EXAMPLE.decode(), "tiebreaks": ["BH", "XYZ/C1"]})
    assert r.status_code == 422 and r.json()["field"] == "XYZ/C1"
    r = client.post("/v1/standings", json={"trf": EXAMPLE.decode(), "tiebreaks": ["WIN/C1"]})
    assert r.status_code == 422 and "WIN/C1" in r.json()["detail"]


def test_compare_orders_lists_rank_changes() -> None:
    body = client.post("/v1/standings/compare", json={"trf": EXAMPLE.decode(), "orders": [["BH/C1"], ["SB"]],
                                                      "edition": "2024-08"}).json()
    assert len(body["orders"]) == 2
    assert all(set(c) == {"id", "name", "ranks"} for c in body["changes"])


def test_catalogue_and_presets() -> None:
    cat = {t["code"]: t for t in client.get("/v1/tiebreaks").json()["tiebreaks"]}
    for code in ("DE", "WIN", "WON", "BPG", "BWG", "PS", "REP", "STD", "TPN", "BH", "FB", "AOB", "SB", "KS",
                 "ARO", "TPR", "PTP", "APRO", "APPO", "RTNG", "EDE", "ESB", "BC", "TBR", "BBE", "SSSC", "MPVGP"):
        assert code in cat, code
    assert cat["BH"]["name_zh"] and cat["BH"]["type"] == "C"
    presets = {p["id"]: p for p in client.get("/v1/presets").json()["presets"]}
    assert presets["cn-team"]["tiebreaks"] == ["MPTS", "GPTS", "DE", "BH"]


def test_pairing_of_the_bench_file_matches_the_reference() -> None:
    raw = (SHARED / "bench" / "dutch-n0100-played8-of9.trf").read_bytes()
    body = client.post("/v1/pairings", files={"file": ("x.trf", raw)}).json()
    assert body["round"] == 9 and body["byes"] == []
    ref_lines = (SHARED / "bench" / "dutch-n0100-played8-of9.round9-reference.txt").read_text().split("\n")[1:]
    reference = {tuple(int(x) for x in line.split()) for line in ref_lines if line.strip()}
    assert {(p["white"], p["black"]) for p in body["pairings"]} == reference
    first = body["pairings"][0]
    assert first["board"] == 1 and first["explanation"]["colour_rule"].startswith("5.2")


def test_pairing_as_trf_appends_the_round() -> None:
    raw = (SHARED / "bench" / "dutch-n0100-played8-of9.trf").read_bytes()
    r = client.post("/v1/pairings", files={"file": ("x.trf", raw)}, headers={"Accept": "text/plain"})
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
    again = client.post("/v1/convert", content=r.text, headers={"content-type": "text/plain"}).json()
    assert all(len(p["rounds"]) == 9 for p in again["tournament"]["players"])


def test_round_one_without_initial_colour_is_drawn_and_reported() -> None:
    trf = "012 T\n142 3\n" + "".join(
        f"001 {n:4d}      Player {n:<26} {2000 - n:4d}\n" for n in range(1, 7))
    body = client.post("/v1/pairings", json={"trf": trf, "seed": 11}).json()
    assert body["initial_colour_source"] == "drawn" and body["seed"] == 11
    assert len(body["pairings"]) == 3


def test_missing_total_rounds_is_a_422_naming_it() -> None:
    trf = "012 T\n" + "".join(f"001 {n:4d}      Player {n:<26} {2000 - n:4d}\n" for n in range(1, 7))
    r = client.post("/v1/pairings", json={"trf": trf, "initial_colour": "W"})
    assert r.status_code == 422 and r.json()["field"] == "total_rounds"


def test_random_tournament_and_checker_agree() -> None:
    trf = client.post("/v1/tournaments/random", json={"players": 11, "rounds": 5, "seed": 5}).text
    assert trf.startswith("012 ") and "142 5" in trf
    report = client.post("/v1/pairings/check", content=trf, headers={"content-type": "text/plain"}).json()
    assert report == {"rounds_checked": 5, "system": "dutch", "discrepancies": [], "warnings": []}


def test_checker_reports_a_tampered_round() -> None:
    raw = (SHARED / "conformance" / "dutch" / "dutch-p-0001-n016-r10.trf").read_bytes().decode()
    lines = raw.replace("\r", "\n").split("\n")
    # swap the colours of one game in round 1 (players 1 and 9)
    lines = [ln.replace("     9 w 1", "     9 b 1", 1) if ln.startswith("001    1") else
             ln.replace("     1 b 0", "     1 w 0", 1) if ln.startswith("001    9") else ln for ln in lines]
    body = client.post("/v1/pairings/check", json={"trf": "\n".join(lines), "initial_colour": "W"}).json()
    assert [d["round"] for d in body["discrepancies"]][:1] == [1]


def test_berger_round_through_pairings() -> None:
    trf = "012 RR\n092 Round Robin\n" + "".join(f"001 {n:4d}      Player {n:<26} 2000\n" for n in range(1, 7))
    body = client.post("/v1/pairings", json={"trf": trf, "system": "berger", "round": 2}).json()
    assert [(p["white"], p["black"]) for p in body["pairings"]] == [(6, 4), (5, 3), (1, 2)]


def test_best_rounds_conrad_style_primary_score() -> None:
    body = client.post("/v1/standings", json={"trf": EXAMPLE.decode(), "best_rounds": 2, "tiebreaks": []}).json()
    points = {e["id"]: e["points"] for e in body["standings"]}
    assert points == {1: 2, 4: 2, 2: 1.5, 3: 1.5, 5: 1.5, 6: 1.5, 7: 1}
    assert body["standings"][0]["id"] in (1, 4)


def test_reference_quirks_option_is_accepted() -> None:
    r = client.post("/v1/standings", json={"trf": EXAMPLE.decode(), "reference_quirks": True, "tiebreaks": "SB FB SB"})
    assert r.status_code == 200 and len(r.json()["standings"][0]["tiebreaks"]) == 3


def test_pairing_explanations_in_chinese() -> None:
    raw = (SHARED / "bench" / "dutch-n0100-played8-of9.trf").read_bytes()
    body = client.post("/v1/pairings", files={"file": ("x.trf", raw)}, headers={"Accept-Language": "zh"}).json()
    first = body["pairings"][0]["explanation"]
    assert "颜色" in first["text"] and first["colour_rule_text"]
    english = client.post("/v1/pairings", files={"file": ("x.trf", raw)}, data={"language": "en"}).json()
    assert [(p["white"], p["black"]) for p in english["pairings"]] == \
        [(p["white"], p["black"]) for p in body["pairings"]]


def test_standings_json_encoder_matches_the_dict_answer() -> None:
    """/v1/standings encodes its answer by hand for speed: it must be the same document as the dict builder."""
    import json

    from app.api.job import Limits
    from app.api.operations.standings import standings_body, standings_json
    from app.config import settings
    from app.engine.tiebreaks import StandingsOptions, compute_standings
    from app.formats.trf_reader import read_trf

    for path, specs in ((DATA / "example7.trf", "BH/C1 BH SB DE AOB TPR"),
                        (SHARED / "real" / "fide-trf2026-example-grandmommys-cup_team_50teams_249p_14r.trf",
                         "MPTS GPTS EDE BH:GP/C1 ESB:MG SSSC")):
        s = compute_standings(read_trf(path.read_bytes()).tournament, specs, StandingsOptions(language="zh"))
        for explanations in (True, False):
            extra = {"warnings": [{"code": "x", "message": "y"}]}
            encoded = standings_json(s, explanations, extra, Limits.from_settings(settings))
            assert json.loads(encoded) == {**standings_body(s, explanations), **extra}


def test_an_oversized_specifier_is_a_short_422_naming_it() -> None:
    """Issue 11: one specifier with 40,000 repeated modifiers answered 4.3 MB; now a 422 that names
    the specifier (its beginning), before any computation."""
    huge = "BH" + "/C1" * 40000
    for text, fragment in ((huge, "at most 48 characters"), ("BH/C1/P/S/C2", "repeats a modifier"),
                           ("BH/P/P/P/P/P/P/P/P/P/P/P", "at most 10 modifiers")):
        r = client.post("/v1/standings", json={"trf": EXAMPLE.decode(), "tiebreaks": ["PTS", text]})
        assert r.status_code == 422, r.text
        assert len(r.content) < 2000
        problem = r.json()
        assert fragment in problem["detail"]
        assert text[:20] in problem["detail"]


def test_standings_echo_canonical_specifiers_and_warn_in_the_language_asked() -> None:
    r = client.post("/v1/standings", json={"trf": EXAMPLE.decode(), "tiebreaks": "bh-c1 mb win/v2024 TPR/V2024",
                                           "language": "zh"})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["tiebreaks"] == ["BH/C1", "BH/M1", "WIN/V2024", "TPR/V2024"]
    assert [tb["code"] for tb in body["standings"][0]["tiebreaks"]] == body["tiebreaks"]
    [w] = [w for w in body["warnings"] if w["code"] == "edition-ignored"]
    assert w["message"] == "WIN/V2024：各版C.07对该破同分规则的规定相同，/V 不起作用" and w["field"] == "WIN/V2024"
    en = client.post("/v1/standings", json={"trf": EXAMPLE.decode(), "tiebreaks": "win/v2024"}).json()
    assert [w["message"] for w in en["warnings"] if w["code"] == "edition-ignored"] == [
        "WIN/V2024: the C.07 editions do not differ for this tie-break; /V changes nothing"]


def test_the_check_endpoint_answers_in_the_language_asked() -> None:
    from app.formats.trf_writer import write_trf
    from tests.test_pairing_texts import _recorded

    trf = write_trf(_recorded([(1, 2, "="), (9, 3, "1"), (4, 7, "0")]))
    zh = client.post("/v1/pairings/check", json={"trf": trf}, headers={"Accept-Language": "zh"}).json()
    assert [(d["round"], d["criterion"], d["message"]) for d in zh["discrepancies"]] == [
        (2, "C14", "[C14] 1 分组的上一轮曾降组的降组棋手：文件 0（越大越好），引擎 1")]
    en = client.post("/v1/pairings/check", json={"trf": trf, "language": "en"},
                     headers={"Accept-Language": "zh"}).json()
    assert en["discrepancies"][0]["message"].startswith("[C14] downfloaters with a downfloat")
