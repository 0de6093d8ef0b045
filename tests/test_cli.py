"""The command line on real files: the same answers as the API (it runs the same operations), tables and CSV
made of them, standard input, and the exit codes a federation's CI relies on."""

from __future__ import annotations

import csv
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from app.cli import EXIT_BAD_INPUT, EXIT_DIFFERS, EXIT_OK, main
from app.cli.render import cell, table, width
from app.main import app
from tests.conftest import ROOT, SHARED, require_shared, sampled

client = TestClient(app)
REAL = SHARED / "real"
HELD = REAL / "fide-c07-held-exercise-swiss_16p_5r.trf"
GROS = REAL / "gros-open-2010_javafo-sample2_52p_4of9r.trfx"  # 4 of 9 rounds: round 5 can be paired


@pytest.fixture(autouse=True)
def _shared() -> None:
    require_shared()


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def api(path: str, trf: Path, **options: str) -> dict:
    r = client.post(path, files={"file": (trf.name, trf.read_bytes())}, data=options)
    assert r.status_code == 200, r.text
    return r.json()


def test_standings_json_is_the_api_answer(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "standings", str(HELD), "-t", "BH/C1 BH SB DE", "-f", "json")
    assert code == EXIT_OK
    assert json.loads(out) == api("/v1/standings", HELD, tiebreaks="BH/C1 BH SB DE")
    assert "warning [system-default]" in err  # warnings on stderr, the answer alone on stdout


def test_standings_table_and_csv_show_the_values(capsys: pytest.CaptureFixture[str]) -> None:
    body = api("/v1/standings", HELD, tiebreaks="BH/C1,SB")
    _, out, _ = cli(capsys, "standings", str(HELD), "--tiebreaks", "BH/C1,SB", "--format", "csv")
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0] == ["Rank", "No", "Name", "PTS", "BH/C1", "SB", "Decided by"]
    assert rows[1:] == [[cell(e["rank"]), cell(e["id"]), e["name"], cell(e["points"]),
                         *(cell(v["value"]) for v in e["tiebreaks"]), cell(e["decided_by"])]
                        for e in body["standings"]]
    _, out, _ = cli(capsys, "standings", str(HELD), "--tiebreaks", "BH/C1,SB")
    lines = out.splitlines()
    assert lines[0].split() == ["Rank", "No", "Name", "PTS", "BH/C1", "SB", "Decided", "by"]
    assert len(lines) == 2 + len(body["standings"])
    for line, e in zip(lines[2:], body["standings"], strict=True):
        values = [cell(e["points"]), *(cell(v["value"]) for v in e["tiebreaks"])]
        assert line.split()[:2] == [str(e["rank"]), str(e["id"])] and e["name"] in line
        assert " ".join(values) in " ".join(line.split())


def test_standings_from_standard_input_in_chinese(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(HELD.read_bytes())))
    code, out, _ = cli(capsys, "standings", "-t", "BH", "--language", "zh", "-f", "json")
    assert code == EXIT_OK
    body = json.loads(out)
    assert body == api("/v1/standings", HELD, tiebreaks="BH", language="zh")
    assert any("\u4e00" <= ch <= "\u9fff" for ch in body["standings"][0]["tiebreaks"][0]["explanation"])


def test_compare_marks_rank_changes(capsys: pytest.CaptureFixture[str]) -> None:
    body = client.post("/v1/standings/compare", json={"trf": HELD.read_text(),
                                                       "orders": ["BH/C1 SB", "SB BH/C1"]}).json()
    code, out, _ = cli(capsys, "compare", str(HELD), "--order", "BH/C1 SB", "--order", "SB BH/C1", "-f", "csv")
    assert code == EXIT_OK
    rows = list(csv.DictReader(io.StringIO(out)))
    changed = {c["id"]: c["ranks"] for c in body["changes"]}
    assert changed and {int(r["No"]) for r in rows if r["Changes"] == "*"} == set(changed)
    for r in rows:
        if int(r["No"]) in changed:
            assert [int(r["BH/C1 SB"]), int(r["SB BH/C1"])] == changed[int(r["No"])]


def test_pair_prints_boards_with_names_and_trf(capsys: pytest.CaptureFixture[str]) -> None:
    body = api("/v1/pairings", GROS)
    code, out, _ = cli(capsys, "pair", str(GROS), "-f", "csv")
    assert code == EXIT_OK
    rows = list(csv.reader(io.StringIO(out)))
    boards = [r for r in rows[1:] if r[0]]
    assert [(int(r[0]), int(r[1]), int(r[3])) for r in boards] == [(b["board"], b["white"], b["black"])
                                                                   for b in body["pairings"]]
    assert "Mirzoev Azer" in out
    assert sorted(int(r[1]) for r in rows[1:] if not r[0]) == sorted(b["id"] for b in body["byes"])
    _, trf, _ = cli(capsys, "pair", str(GROS), "-f", "trf")
    direct = client.post("/v1/pairings?format=trf", files={"file": (GROS.name, GROS.read_bytes())})
    assert trf == direct.text


def test_check_exits_1_when_a_round_differs(capsys: pytest.CaptureFixture[str]) -> None:
    body = api("/v1/pairings/check", GROS)
    assert body["discrepancies"]
    code, out, _ = cli(capsys, "check", str(GROS))
    assert code == EXIT_DIFFERS
    assert [line.split()[0] for line in out.splitlines()[2:]] == [str(d["round"]) for d in body["discrepancies"]]


def test_check_exits_0_when_every_round_agrees(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = cli(capsys, "random", "--players", "10", "--rounds", "4", "--seed", "3")
    assert code == EXIT_OK and out.startswith("012 ")
    generated = tmp_path / "random.trf"
    generated.write_text(out)
    code, out, _ = cli(capsys, "check", str(generated))
    assert code == EXIT_OK and out == "all 4 rounds agree with the pairing rules\n"


def test_bad_input_exits_2_with_the_problem(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.trf"
    bad.write_text("this is not a tournament\n")
    code, out, err = cli(capsys, "standings", str(bad))
    assert code == EXIT_BAD_INPUT and out == "" and err.startswith("error [not-trf] ")
    code, _, err = cli(capsys, "standings", str(HELD), "-t", "NOPE")
    assert code == EXIT_BAD_INPUT and "error [" in err
    code, _, err = cli(capsys, "standings", str(tmp_path / "missing.trf"))
    assert code == EXIT_BAD_INPUT and "cannot read" in err
    with pytest.raises(SystemExit) as usage:
        main(["standings", str(HELD), "--format", "xml"])
    assert usage.value.code == 2


def test_convert_round_trips_through_chess_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    jch = tmp_path / "held.jch"
    assert cli(capsys, "convert", str(HELD), "-f", "jch", "-o", str(jch))[0] == EXIT_OK
    assert json.loads(jch.read_text())["filetype"] == "Event"
    _, from_trf, _ = cli(capsys, "convert", str(HELD))
    _, from_jch, _ = cli(capsys, "convert", str(jch), "-f", "json")
    assert json.loads(from_jch)["tournament"]["players"] == json.loads(from_trf)["tournament"]["players"]
    _, back, _ = cli(capsys, "convert", str(jch), "-f", "trf")
    assert back.startswith("012 ")


def test_any_api_option_with_set(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = cli(capsys, "standings", str(HELD), "-t", "ARO", "--set", "unrated_rating=1000", "-f", "json")
    assert json.loads(out) == api("/v1/standings", HELD, tiebreaks="ARO", unrated_rating="1000")


def test_table_widths_count_wide_characters() -> None:
    assert width("王者") == 4 and width("abc") == 3
    text = table(["Name", "Pts"], [["王者", 1.0], ["Ann", 0.5]])
    assert text.splitlines() == ["Name  Pts", "----  ---", "王者    1", "Ann   0.5"]


@pytest.mark.slow  # starts Python processes
@pytest.mark.parametrize("command", [["-m", "app", "standings"], ["-c", "from app.cli import entry_point; "
                                                                       "entry_point()", "standings"]])
def test_entry_points_run_the_command_line(command: list[str]) -> None:
    done = subprocess.run([sys.executable, *command, str(HELD), "-t", "BH", "-f", "json"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["tiebreaks"] == ["BH"]
    failed = subprocess.run([sys.executable, *command, "/nonexistent.trf"], cwd=ROOT, capture_output=True,
                            text=True, timeout=120)
    assert failed.returncode == EXIT_BAD_INPUT


def test_the_script_is_declared() -> None:
    import tomllib

    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts == {"chess-tournament": "app.cli:entry_point"}


REAL_FILES = sorted(p for p in REAL.glob("*.trf*")) if REAL.is_dir() else []


@pytest.mark.parametrize("trf", sampled(REAL_FILES, every=34, ids=lambda p: p.name))
def test_every_real_file_standings_pair_and_chess_json_round_trip(capsys: pytest.CaptureFixture[str], trf: Path,
                                                                     tmp_path: Path) -> None:
    """Every shared real file: standings exit 0; pairing the next round exits 0 or 2 with a problem naming its
    code (and the field, when it is about an option), never a traceback; the Chess-JSON written for it reads
    back as the same tournament, with the same standings."""
    code, standings, err = cli(capsys, "standings", str(trf), "-f", "json")
    assert code == EXIT_OK, err
    code, _, err = cli(capsys, "pair", str(trf))
    assert code == EXIT_OK or (code == EXIT_BAD_INPUT and re.match(r"error \[[a-z0-9-]+\] ", err)), err
    if "Invalid input" in err:  # the engine's own refusals name the option at fault
        assert "(field " in err, err
    jch = tmp_path / "event.jch"
    assert cli(capsys, "convert", str(trf), "-f", "jch", "-o", str(jch))[0] == EXIT_OK
    _, from_trf, _ = cli(capsys, "convert", str(trf), "-f", "json")
    _, from_jch, _ = cli(capsys, "convert", str(jch), "-f", "json")
    assert json.loads(from_jch)["tournament"] == json.loads(from_trf)["tournament"]
    _, again, _ = cli(capsys, "standings", str(jch), "-f", "json")
    assert json.loads(again)["standings"] == json.loads(standings)["standings"]
