"""The load-test tools: the generated Swiss tournament and a short run of bench/load_test.py."""

from __future__ import annotations

import pytest

from app.engine.model import Colour, Result
from app.formats.trf_reader import read_trf
from app.main import app
from bench import load_test, swiss_trf

pytestmark = pytest.mark.slow  # runs the benchmark scripts


def test_generated_swiss_is_deterministic_and_valid() -> None:
    text = swiss_trf.trf(150, 9)
    assert text == swiss_trf.trf(150, 9) != swiss_trf.trf(150, 9, seed=1)
    doc = read_trf(text)
    assert doc.warnings == []
    t = doc.tournament
    assert len(t.players) == 150 and t.total_rounds == 9
    seen: set[tuple[int, int]] = set()
    for number, player in t.players.items():
        assert len(player.rounds) == 9
        colours = [r.colour for r in player.rounds]
        assert abs(colours.count(Colour.WHITE) - colours.count(Colour.BLACK)) <= 2
        assert all(len(set(colours[i:i + 3])) > 1 for i in range(7)), f"player {number}: three in a row"
        for r in player.rounds:
            assert r.opponent is not None and r.result in (Result.WIN, Result.DRAW, Result.LOSS)
            assert (number, r.opponent) not in seen, "rematch"
            seen.add((number, r.opponent))


def test_before_last_round_file_and_stripping_agree() -> None:
    before = read_trf(swiss_trf.trf(150, 9, played=8)).tournament
    assert before.total_rounds == 9 and {len(p.rounds) for p in before.players.values()} == {8}
    stripped = read_trf(load_test.strip_last_round(swiss_trf.trf(150, 9))).tournament
    assert {n: p.rounds for n, p in stripped.players.items()} == {n: p.rounds for n, p in before.players.items()}


def test_odd_field_gets_one_bye_per_round() -> None:
    t = read_trf(swiss_trf.trf(11, 5)).tournament
    byes = [sum(r.result == Result.PAIRING_ALLOCATED_BYE for r in p.rounds) for p in t.players.values()]
    assert sum(byes) == 5 and max(byes) == 1


def test_load_test_runs_each_scenario_or_falls_back_to_convert(capsys: pytest.CaptureFixture[str]) -> None:
    code = load_test.main(["--engine-processes", "1", "--duration", "0.5", "--warmup", "0", "--concurrency", "2",
                           "--players", "20", "--rounds", "5"])
    out = capsys.readouterr().out
    assert code == 0
    paths = app.openapi()["paths"]
    for scenario in ("standings", "pairings"):
        [row] = [line for line in out.splitlines() if line.startswith(f"| {scenario} |")]
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        if f"/v1/{scenario}" in paths:  # the engine has landed: the script drives it
            assert cells[1] == f"/v1/{scenario}" and int(cells[2]) > 0
        else:
            assert f"NOTE: POST /v1/{scenario} answered 404" in out
            assert cells[1] == "/v1/convert" and int(cells[2]) > 0 and cells[-1] == "0"
    checked = load_test.main(["--engine-processes", "1", "--duration", "0.2", "--warmup", "0", "--players", "10",
                              "--rounds", "5", "--scenario", "standings", "--check-targets"])
    assert checked == 1 or "/v1/standings" in paths  # not measured (fallback) counts as missed


def test_open_loop_sends_on_schedule_and_counts_every_answer(capsys: pytest.CaptureFixture[str]) -> None:
    code = load_test.main(["--engine-processes", "1", "--duration", "1", "--warmup", "0", "--rate", "20",
                           "--concurrency", "4", "--players", "20", "--rounds", "5", "--scenario", "standings"])
    out = capsys.readouterr().out
    assert code == 0 and "open loop, 20 requests/s, at most 4 in flight" in out
    [row] = [line for line in out.splitlines() if line.startswith("| standings |")]
    cells = [cell.strip() for cell in row.strip("|").split("|")]
    assert cells[1] == "/v1/standings" and int(cells[2]) == 20 and cells[-1] == "0"  # 20 due in 1 s, all 2xx


def test_raw_request_is_an_http11_post_with_its_body() -> None:
    call = load_test.Call("JSON", {"trf": "x"}, params={"round": "3"})
    raw = load_test.raw_request("http://127.0.0.1:8123", "/v1/pairings", call)
    head, body = raw.split(b"\r\n\r\n", 1)
    lines = head.decode().split("\r\n")
    assert lines[0] == "POST /v1/pairings?round=3 HTTP/1.1"
    assert "Host: 127.0.0.1:8123" in lines and "Content-Type: application/json" in lines
    assert f"Content-Length: {len(body)}" in lines and body == b'{"trf": "x"}'


def test_dutch_bench_growth_exponent_is_the_log_log_slope() -> None:
    from bench.dutch_bench import Row, growth_exponent

    rows = [Row(n, 0.001 * n ** 1.5, 0.0, 0.0, 0.0, "") for n in (1000, 2000, 5000, 10000)]
    exponent = growth_exponent(rows)
    assert exponent is not None and abs(exponent - 1.5) < 1e-9
    assert growth_exponent(rows[:1]) is None
