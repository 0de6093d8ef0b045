"""One loader, one set of checks: a TRF and its JSON form give the same warnings and the same errors."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from app.engine.errors import InputError
from app.engine.model import Colour, Result, RoundEntry, Tournament
from app.engine.validation import WARNING_CODES, validate_tournament
from app.formats.json_form import tournament_to_dict
from app.formats.loader import load_tournament, load_tournament_json
from app.formats.trf_reader import read_trf
from app.formats.trf_writer import write_trf
from tests.conftest import DATA, SHARED, sampled

SHARED_TRF = sorted(p for p in SHARED.rglob("*") if p.suffix in (".trf", ".trfx"))
EXAMPLE = (DATA / "example7.trf").read_text()


def _json_form(t: Tournament) -> object:
    return json.loads(json.dumps(tournament_to_dict(t)))  # what a client gets and posts back


def _said(issues: list) -> list[tuple[str, str]]:
    return [(w.code, w.message) for w in issues]


@pytest.mark.parametrize("path", sampled(SHARED_TRF, ids=lambda p: p.name))
def test_a_trf_and_its_json_form_give_the_same_warnings(path: Path) -> None:
    trf = load_tournament(path.read_bytes())
    reading = read_trf(path.read_bytes()).warnings
    checks = validate_tournament(trf.tournament)
    assert _said(trf.warnings) == _said(reading) + _said(checks)  # the reader's own warnings, then the checks
    assert all(w.code in WARNING_CODES for w in checks)
    js = load_tournament_json(_json_form(trf.tournament))
    assert js.tournament == trf.tournament
    assert _said(js.warnings) == _said(checks)


def _broken(t: Tournament, how: str) -> Tournament:
    t = copy.deepcopy(t)
    first = next(iter(t.players.values()))
    opponent = max(t.players) + 1 if how == "unknown-opponent" else first.start_number
    first.rounds[:1] = [RoundEntry(opponent, Colour.WHITE, Result.WIN)]
    return t


@pytest.mark.parametrize("how", ["unknown-opponent", "self-pairing"])
@pytest.mark.parametrize("path", sampled(SHARED_TRF[::7], every=4, ids=lambda p: p.name))
def test_a_trf_and_its_json_form_give_the_same_errors(path: Path, how: str) -> None:
    broken = _broken(read_trf(path.read_bytes()).tournament, how)
    with pytest.raises(InputError) as from_trf:
        load_tournament(write_trf(broken))
    with pytest.raises(InputError) as from_json:
        load_tournament_json(_json_form(broken))
    assert from_trf.value.issue.code == from_json.value.issue.code == how
    assert from_trf.value.issue.message == from_json.value.issue.message
    assert from_trf.value.issue.line is not None and from_json.value.issue.field is not None


def test_warnings_point_to_the_line_or_the_field() -> None:
    text = EXAMPLE.replace("Avery, Alex                       2100 ENG      900001 1990/01/01  3.0",
                           "Avery, Alex                       2100 ENG      900001 1990/01/01  3.5")
    trf = load_tournament(text)
    js = load_tournament_json(_json_form(trf.tournament))
    [from_trf] = [w for w in trf.warnings if w.code == "points-mismatch"]
    [from_json] = [w for w in js.warnings if w.code == "points-mismatch"]
    assert from_trf.message == from_json.message == "player 1: points column says 3.5, the results give 3"
    assert (from_trf.line, from_trf.column, from_trf.field) == (14, 81, None)
    assert (from_json.line, from_json.field) == (None, "tournament.players[0].declared_points")


def test_a_game_both_players_won_is_reported_in_the_json_form() -> None:
    form = {"players": [
        {"start_number": 1, "rounds": [{"opponent": 2, "colour": "w", "result": "win"}]},
        {"start_number": 2, "rounds": [{"opponent": 1, "colour": "b", "result": "win"}]}]}
    [w] = load_tournament_json(form).warnings
    assert (w.code, w.message) == ("opponent-symmetry", "player 1, round 1, opponent 2: results '1'/'1' do not mirror")
    assert w.field == "tournament.players[0].rounds[0]"


def test_json_entries_follow_the_readers_rules() -> None:
    form = {"players": [{"start_number": 1, "rounds": [{"colour": "w", "result": "win"},
                                                        {"opponent": 2, "result": "half_point_bye"}]},
                        {"start_number": 2}]}
    loaded = load_tournament_json(form)
    p1 = loaded.tournament.players[1]
    assert [(e.opponent, e.colour, e.result.value) for e in p1.rounds] == [(None, None, "F"), (None, None, "H")]
    assert [(w.code, w.field) for w in loaded.warnings] == [
        ("colour-without-opponent", "tournament.players[0].rounds[0].colour"),
        ("result-without-opponent", "tournament.players[0].rounds[0].result"),
        ("bye-with-opponent", "tournament.players[0].rounds[1].opponent")]


def test_schema_errors_name_the_field() -> None:
    with pytest.raises(InputError) as exc:
        load_tournament_json({"players": [{"start_number": 1}, {"start_number": 2, "rating": 99999}]})
    assert exc.value.issue.field == "tournament.players[1].rating"
    assert exc.value.issue.code == "invalid-request"


def test_json_text_is_detected_and_loaded() -> None:
    form = json.dumps(_json_form(load_tournament(EXAMPLE).tournament))
    for data in (form, form.encode(), "\ufeff" + form, b"\xef\xbb\xbf  " + form.encode()):
        loaded = load_tournament(data)
        assert loaded.source == "json" and loaded.tournament == load_tournament(EXAMPLE).tournament
