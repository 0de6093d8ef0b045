"""Text that a TRF can hold: every string field refuses control characters, line breaks and lone
surrogates (422 naming the field); whatever the JSON form accepts is written to a TRF and read back
unchanged; the loader fails with nothing but its own InputError on any text."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.engine.errors import InputError
from app.formats.json_schema import TournamentSchema
from app.formats.loader import load_tournament, load_tournament_json
from app.formats.trf_layout import TEXT_LIMITS
from app.formats.trf_writer import write_trf
from app.main import app
from tests.conftest import examples

client = TestClient(app, raise_server_exceptions=False)
FORBIDDEN = ["\x00", "\t", "\n", "\r", "\x0b", "\x1b", "\x7f", "\x85", "\u2028", "\u2029", "\ud800", "\udfff"]

# A form with one element in every list, so that every string field of the schema has a place.
BASE: dict[str, Any] = {
    "format": "chess-tournament", "name": "Open", "city": "Town", "federation": "ENG", "start_date": "2026/01/01",
    "end_date": "2026/01/02", "declared_players": "2", "declared_rated_players": "1", "declared_teams": "1",
    "type_text": "Swiss", "type_code": "FIDE_DUTCH_2026", "system": "swiss", "chief_arbiter": "Chief",
    "time_control_text": "90+30", "time_control_code": "5400+30", "initial_colour": "white",
    "national_rating_method": "FIDE", "pairing_controller": "JaVaFo", "tiebreaks_202": "BH", "tiebreaks_212": "SB",
    "board_colours": "WB", "scoring_preset": "chess", "match_rule": "majority", "deputy_arbiters": ["Deputy"], "round_dates": ["26/01/01"],
    "players": [{"start_number": 1, "id": "p1", "name": "Avery", "sex": "m", "title": "GM", "federation": "ENG", "club": "Club", "fide_id": "1",
                 "birth_date": "1990/01/01", "rounds": [{"opponent": 2, "colour": "w", "result": "win",
                                                        "games": [{"colour": "w", "result": "win"}]}]},
                {"start_number": 2, "id": "p2", "name": "Brook", "rounds": [{"opponent": 1, "colour": "b", "result": "loss",
                                                                          "games": [{"colour": "b", "result": "loss"}]}]},
                {"start_number": 3, "id": "p3", "name": "Carter"}],
    "rounds": [{"round": 2, "games": [{"white": "p1", "black": "p2", "result": "1-0",
                                                "games": [{"white": "p1", "black": "p2", "result": "1-0"}]}],
                "byes": [{"player": "p3", "type": "half_point_bye"}]}],
    "teams": [{"number": 1, "name": "Team", "nickname": "T", "strength": "1", "club": "Club", "federation": "ENG",
               "members": [1, 2]}],
    "national_records": [{"federation": "NOR", "start_number": 1, "sex": "m", "classification": "A",
                          "name": "Avery", "origin": "NOR", "national_id": "7", "birth_date": "1990"}],
    "abnormal_points": [{"type": "W", "round": 1, "ids": [1]}],
    "forfeited_matches": [{"round": 1, "white_team": 1, "black_team": 1, "result": "--"}],
    "bye_requests": [{"kind": "H", "round": 2, "ids": [1]}],
    "comments": ["a comment"], "other_records": ["999 a vendor line"],
}


def _string_fields(schema: dict[str, Any], defs: dict[str, Any], value: Any, path: tuple) -> list[tuple]:
    """Paths (into BASE) of every string field of the schema that BASE holds."""
    if "$ref" in schema:
        return _string_fields(defs[schema["$ref"].split("/")[-1]], defs, value, path)
    options = schema.get("anyOf", [schema])
    found: list[tuple] = []
    for option in options:
        if "$ref" in option:
            option = defs[option["$ref"].split("/")[-1]]
        kind = option.get("type")
        if kind == "string" and isinstance(value, str):
            found.append(path)
        elif kind == "object" and isinstance(value, dict) and "properties" in option:
            for key, sub in option["properties"].items():
                if key in value:
                    found += _string_fields(sub, defs, value[key], (*path, key))
        elif kind == "array" and isinstance(value, list) and value:
            found += _string_fields(option.get("items", {}), defs, value[0], (*path, 0))
    return sorted(set(found))


JSON_SCHEMA = TournamentSchema.model_json_schema()
TEXT_FIELDS = _string_fields(JSON_SCHEMA, JSON_SCHEMA["$defs"], BASE, ())


def _replaced(form: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(form, list):
        return [_replaced(v, rest, value) if i == head else v for i, v in enumerate(form)]
    return {**form, head: _replaced(form[head], rest, value)}


def _field_name(path: tuple) -> str:
    return "tournament" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)


def _every_string_field(schema: dict[str, Any], defs: dict[str, Any], path: tuple) -> set[tuple]:
    if "$ref" in schema:
        return _every_string_field(defs[schema["$ref"].split("/")[-1]], defs, path)
    found: set[tuple] = set()
    for option in schema.get("anyOf", [schema]):
        if "$ref" in option:
            option = defs[option["$ref"].split("/")[-1]]
        if option.get("type") == "string" or "enum" in option or "const" in option:
            found.add(path)
        elif option.get("type") == "object":
            for key, sub in option.get("properties", {}).items():
                found |= _every_string_field(sub, defs, (*path, key))
        elif option.get("type") == "array":
            found |= _every_string_field(option.get("items", {}), defs, (*path, 0))
    return found


def test_the_base_form_is_valid_and_holds_every_string_field() -> None:
    load_tournament_json(BASE)
    every = _every_string_field(JSON_SCHEMA, JSON_SCHEMA["$defs"], ())
    assert set(TEXT_FIELDS) == every - {("version",)}, sorted(every - set(TEXT_FIELDS))
    assert len(TEXT_FIELDS) >= 45


@pytest.mark.parametrize("path", TEXT_FIELDS, ids=_field_name)
def test_every_text_field_refuses_a_line_feed(path: tuple) -> None:
    with pytest.raises(InputError) as exc:
        load_tournament_json(_replaced(BASE, path, "A\n001    7"))
    assert exc.value.issue.field == _field_name(path)


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(TEXT_FIELDS), st.sampled_from(FORBIDDEN), st.text(max_size=3), st.text(max_size=3),
       st.sampled_from(["/v1/convert", "/v1/standings", "/v1/pairings/check"]))
def test_forbidden_characters_anywhere_get_a_422_naming_the_field(path: tuple, bad: str, before: str, after: str,
                                                                  endpoint: str) -> None:
    body = {"tournament": _replaced(BASE, path, before + bad + after)}
    r = client.post(endpoint, json=body) if bad < "\ud800" else client.post(
        endpoint, content=_dumps_with_surrogates(body), headers={"content-type": "application/json"})
    assert r.status_code == 422, r.text
    problem = r.json()
    assert problem["field"] == _field_name(path)
    assert problem["code"] in ("invalid-text", "invalid-request")  # invalid-request: a code field (pattern)


def _dumps_with_surrogates(body: Any) -> bytes:
    import json
    return json.dumps(body, ensure_ascii=True).encode()  # "\ud800" as an escape: valid JSON, not valid text


def test_a_name_with_a_line_break_is_refused_not_written() -> None:
    r = client.post("/v1/convert", json={"tournament": {"players": [
        {"start_number": 1, "name": "Alice\n001    7 m    Mallory"}]}})
    assert r.status_code == 422 and r.json()["field"] == "tournament.players[0].name"
    assert r.json()["code"] == "invalid-text"


def test_lone_surrogates_in_trf_text_and_keys_are_refused() -> None:
    for body in (b'{"trf": "\\ud800"}', b'{"\\ud800": 1}', b'{"tournament": {"name": "x\\udc00"}}'):
        r = client.post("/v1/convert", content=body, headers={"content-type": "application/json"})
        assert r.status_code == 422 and r.json()["code"] == "invalid-text", r.text


def test_control_characters_in_a_trf_line_are_refused_naming_line_and_column() -> None:
    r = client.post("/v1/convert", content=b"012 Open\n001    1      Al\x0bice" + b" " * 30 + b"\n",
                    headers={"content-type": "text/plain"})
    assert r.status_code == 422, r.text
    assert (r.json()["code"], r.json()["line"], r.json()["column"]) == ("control-character", 2, 17)


def test_tabs_in_trf_texts_become_spaces_with_a_warning() -> None:
    loaded = load_tournament("012 My\tOpen\n### a\tcomment\n001    1      Alice\n")
    assert loaded.tournament.name == "My Open" and loaded.tournament.comments == [" a      comment"]
    assert [w.code for w in loaded.warnings][:2] == ["tab-replaced", "tab-replaced"]


def test_texts_are_stripped_and_empty_texts_are_no_value() -> None:
    t = load_tournament_json({"name": "  Open ", "city": " ", "deputy_arbiters": ["", " Deputy "],
                              "round_dates": ["26/01/01", None, ""],
                              "players": [{"start_number": 1, "name": " Bob ", "federation": ""}]}).tournament
    assert (t.name, t.city, t.deputy_arbiters, t.round_dates) == ("Open", None, ["Deputy"], ["26/01/01"])
    assert (t.players[1].name, t.players[1].federation) == ("Bob", None)


def test_numbers_must_fit_their_trf_columns() -> None:
    for player in ({"start_number": 1, "declared_points": 100.5}, {"start_number": 1, "declared_points": 0.1234}):
        with pytest.raises(InputError) as exc:
            load_tournament_json({"players": [player]})
        assert exc.value.issue.field == "tournament.players[0].declared_points"
    load_tournament_json({"players": [{"start_number": 1, "declared_points": 99.5}]})


# ---------------------------------------------------------------- JSON -> TRF -> model, with any allowed text

ALLOWED = st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp"))


def text(limit: str) -> st.SearchStrategy[str]:
    """Any allowed text up to the field's limit (free texts: up to 40 characters, to keep the test fast)."""
    return st.text(ALLOWED, max_size=min(TEXT_LIMITS[limit], 40))


@st.composite
def tournaments(draw: st.DrawFn) -> dict[str, Any]:
    n = draw(st.integers(2, 8))
    rounds = draw(st.integers(0, 4))
    players = [{"start_number": sn, "name": draw(text("name")), "sex": draw(st.sampled_from([None, "m", "w"])),
                "title": draw(st.none() | text("title")), "rating": draw(st.none() | st.integers(1000, 2800)),
                "federation": draw(st.none() | text("federation")), "fide_id": draw(st.none() | text("fide_id")),
                "birth_date": draw(st.none() | text("birth_date")), "rounds": []} for sn in range(1, n + 1)]
    for _ in range(rounds):
        order = draw(st.permutations(range(n)))
        for a, b in zip(order[::2], order[1::2], strict=False):
            result = draw(st.sampled_from([("win", "loss"), ("draw", "draw"), ("loss", "win"),
                                           ("forfeit_win", "forfeit_loss")]))
            players[a]["rounds"].append({"opponent": b + 1, "colour": "w", "result": result[0]})
            players[b]["rounds"].append({"opponent": a + 1, "colour": "b", "result": result[1]})
        if n % 2:
            players[order[-1]]["rounds"].append({"result": "pairing_allocated_bye"})
    header = {key: draw(st.none() | text("header")) for key in
              ("city", "federation", "start_date", "end_date", "type_text", "chief_arbiter", "time_control_text",
               "type_code", "tiebreaks_212", "board_colours")}
    return {"name": draw(text("header")), **header, "players": players,
            "deputy_arbiters": draw(st.lists(text("header"), max_size=2)),
            "round_dates": draw(st.lists(st.none() | text("round_date"), max_size=rounds)),
            "comments": draw(st.lists(text("line"), max_size=2)),
            "other_records": ["999 " + v for v in draw(st.lists(text("header"), max_size=2))],
            "teams": [{"number": 1, "name": draw(text("team_name")), "nickname": draw(text("team_nickname")),
                       "strength": draw(text("team_strength")), "members": [1, 2]}],
            "national_records": [{"federation": "NOR", "start_number": 1, "name": draw(text("name")),
                                  "national_id": draw(text("national_id")), "origin": draw(text("origin"))}]}


def _written_and_read_back(form: dict[str, Any]) -> None:
    t = load_tournament_json(form).tournament
    again = load_tournament(write_trf(t))
    assert again.tournament == t
    assert not [w for w in again.warnings if w.code in ("text-cut", "tab-replaced", "misaligned", "unknown-record")
                and "999 " not in w.message]
    for given_player, p in zip(form["players"], t.players.values(), strict=True):
        assert p.name == given_player["name"].strip()
        assert p.fide_id == ((given_player["fide_id"] or "").strip() or None)
    assert t.name == form["name"].strip() and t.comments == form["comments"]


@settings(max_examples=examples(15), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tournaments())
def test_any_allowed_text_is_written_to_a_trf_and_read_back_unchanged(form: dict[str, Any]) -> None:
    _written_and_read_back(form)


@pytest.mark.slow
@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tournaments())
def test_any_allowed_text_is_written_to_a_trf_and_read_back_unchanged_many(form: dict[str, Any]) -> None:
    _written_and_read_back(form)


# ---------------------------------------------------------------- the loader never fails otherwise

@settings(max_examples=examples(300), deadline=None)
@given(st.text(max_size=300))
def test_any_text_is_loaded_or_refused_with_an_input_error(data: str) -> None:
    for candidate in (data, "012 x\n001    1      " + data, "{" + data):
        try:
            load_tournament(candidate)
        except InputError as exc:
            assert exc.issue.message
