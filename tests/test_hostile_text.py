"""Lone surrogates, NULs and other control characters in every string of every operation's request: always a
422 problem naming the field, never a 500 (issue 11).

Every operation's documented example (app.api.examples) is sent once as it is (200), then with each of its
strings (and member names) replaced by hostile text; hypothesis also puts hostile text in members the
examples do not have, in query parameters and in form fields."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.api.examples import REQUESTS
from app.main import app
from tests.conftest import DATA, examples

client = TestClient(app, raise_server_exceptions=False)
EXAMPLE_TRF = (DATA / "example7.trf").read_bytes()
OPERATIONS = {op["operationId"]: path for path, methods in app.openapi()["paths"].items()
              for op in methods.values() if "operationId" in op}
HOSTILE = ["\ud800", "\udfff", "a\x00b", "\x1b[31m", "tab\there", "x\x7fy", "line\nbreak", "\x0c"]
Path = tuple[str | int, ...]


def strings(value: Any, path: Path = ()) -> Iterator[Path]:
    if isinstance(value, str):
        yield path
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from strings(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from strings(v, (*path, i))


def replaced(body: Any, path: Path, text: str) -> Any:
    out = copy.deepcopy(body)
    node = out
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = text
    return out


def dotted(path: Path) -> str:
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else p)
    return out


def post_json(operation: str, body: Any) -> Any:
    raw = json.dumps(body, ensure_ascii=True)  # \ud800 travels as the valid JSON escape "\\ud800"
    return client.post(OPERATIONS[operation], content=raw, headers={"content-type": "application/json"})


def assert_invalid_text(r: Any, field: str) -> None:
    assert r.status_code == 422, r.text
    assert r.headers["content-type"] == "application/problem+json"
    problem = r.json()
    assert problem["code"] == "invalid-text" and problem["field"] == field, problem


@pytest.mark.parametrize("operation", sorted(REQUESTS))
def test_every_string_of_every_example_refuses_hostile_text(operation: str) -> None:
    body = REQUESTS[operation]
    assert post_json(operation, body).status_code == 200
    for path in strings(body):
        for text in HOSTILE:
            if path == ("trf",) and text in ("tab\there", "line\nbreak"):
                continue  # a TRF file has lines (and sometimes tabs): the TRF reader judges the rest
            assert_invalid_text(post_json(operation, replaced(body, path, text)), dotted(path))


@pytest.mark.parametrize("operation", sorted(REQUESTS))
def test_hostile_member_names(operation: str) -> None:
    body = {**REQUESTS[operation], "bad\x00name": 1}
    assert_invalid_text(post_json(operation, body), "<name>")


hostile_text = st.builds(lambda before, bad, after: before + bad + after, st.text(max_size=8),
                         st.sampled_from(["\ud800", "\udbff", "\x00", "\x01", "\x1f", "\x7f", "\x0b"]),
                         st.text(max_size=8))


@pytest.mark.slow  # fuzzing
@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(operation=st.sampled_from(sorted(REQUESTS)), name=st.text(
    alphabet=st.characters(min_codepoint=97, max_codepoint=122), min_size=1, max_size=12), text=hostile_text,
    depth=st.integers(0, 2))
def test_hostile_text_in_members_the_examples_lack(operation: str, name: str, text: str, depth: int) -> None:
    """Wherever a string is, even where no field is defined, it is refused before anything else is read."""
    value: Any = text
    for _ in range(depth):
        value = [value]
    r = post_json(operation, {**REQUESTS[operation], f"x_{name}": value})
    assert r.status_code == 422 and r.json()["code"] == "invalid-text", r.text


control_text = st.builds(lambda before, bad, after: before + bad + after, st.text(max_size=8),
                          st.sampled_from(["\x00", "\x01", "\x1f", "\x7f", "\x0b", "\t", "\n"]), st.text(max_size=8))


@pytest.mark.slow  # fuzzing
@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=control_text, option=st.sampled_from(["tiebreaks", "preset", "language", "edition"]))
def test_hostile_text_in_query_parameters_and_form_fields(text: str, option: str) -> None:
    """(Lone surrogates cannot be sent in a URL or a form by a client: see the percent-encoded test below.)"""
    r = client.post("/v1/standings", params={option: text}, content=EXAMPLE_TRF,
                    headers={"content-type": "text/plain"})
    assert r.status_code == 422 and r.json()["code"] == "invalid-text", r.text
    form = client.post("/v1/standings", files={"file": ("x.trf", EXAMPLE_TRF)}, data={option: text})
    assert form.status_code == 422 and form.json()["code"] == "invalid-text", form.text


def test_invalid_utf8_in_a_form_field_is_refused() -> None:
    r = client.post("/v1/standings", files={"file": ("x.trf", EXAMPLE_TRF), "tiebreaks": (None, b"BH\xed\xa0\x80")})
    assert_invalid_text(r, "tiebreaks")


def test_surrogates_in_a_percent_encoded_query_are_refused() -> None:
    r = client.post("/v1/standings?tiebreaks=%ED%A0%80", content=EXAMPLE_TRF, headers={"content-type": "text/plain"})
    assert r.status_code == 400 and r.json()["code"] == "invalid-query"
    r = client.post("/v1/standings?tiebreaks=BH%00", content=EXAMPLE_TRF, headers={"content-type": "text/plain"})
    assert_invalid_text(r, "tiebreaks")


@pytest.mark.parametrize("bad", [b"\x00", b"\x1b", b"\x7f"])
def test_control_characters_in_trf_files_name_the_line(bad: bytes) -> None:
    data = EXAMPLE_TRF.replace(b"Avery", b"Av" + bad + b"ery")
    r = client.post("/v1/convert", content=data, headers={"content-type": "text/plain"})
    assert 400 <= r.status_code < 500 and r.headers["content-type"] == "application/problem+json", r.text
    problem = r.json()
    assert problem.get("line") or problem.get("field") or problem["code"] == "binary-file", problem
