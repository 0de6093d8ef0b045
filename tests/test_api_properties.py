"""Property tests of the API layer: whatever arrives, the answer is documented (200 or a 4xx problem), never a 500.

And what /v1/convert answers with 200 conforms to the documented schema and converts back.
"""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.api.schemas import ConvertResponse
from app.main import app
from tests.conftest import DATA, SHARED

pytestmark = pytest.mark.slow  # property tests through the API

client = TestClient(app, raise_server_exceptions=False)
PROBLEM_STATUSES = {400, 413, 415, 422}
SAMPLES = [
    (DATA / "example7.trf").read_bytes(),
    (SHARED / "real" / "fide-trf2026-example-grandmommys-cup_team_50teams_249p_14r.trf").read_bytes()[:8000],
    (SHARED / "real" / "gros-open-2010_javafo-sample2_52p_4of9r.trfx").read_bytes(),
    (SHARED / "real" / "crete-friendship-cup-2024_team-swiss_15teams_129p_7r_extracted.trf").read_bytes()[:8000],
]
EXAMPLE_JSON = client.post("/v1/convert", content=SAMPLES[0], headers={"content-type": "text/plain"}).json()
PROPERTY = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

json_scalars = st.none() | st.booleans() | st.integers(-(10**6), 10**6) | st.floats(allow_nan=False,
                                                                                      allow_infinity=False) | st.text(max_size=20)
json_values = st.recursive(json_scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
    st.text(max_size=10), inner, max_size=4), max_leaves=20)


def check(r: httpx.Response) -> None:
    """A documented answer: 200 that conforms and converts back, or a problem with a documented status."""
    if r.status_code == 200:
        if r.headers["content-type"].startswith("application/json"):
            body = ConvertResponse.model_validate(r.json())
            back = client.post("/v1/convert", json={"tournament": body.tournament.model_dump(exclude_none=True)})
            assert back.status_code in {200, 422}, back.text
        else:
            assert r.headers["content-type"].startswith("text/plain")
        return
    assert r.status_code in PROBLEM_STATUSES, r.text
    assert r.headers["content-type"] == "application/problem+json"
    problem = r.json()
    assert problem["status"] == r.status_code and problem["code"] and problem["detail"]


def mutate(value: Any, path: list[int], replacement: Any) -> Any:
    """`value` with the node at `path` (indexes taken modulo the sizes met, keys in sorted order) replaced."""
    if not path or not isinstance(value, dict | list) or not value:
        return replacement
    head, rest = path[0], path[1:]
    if isinstance(value, list):
        i = head % len(value)
        return [mutate(v, rest, replacement) if k == i else v for k, v in enumerate(value)]
    key = sorted(value)[head % len(value)]
    return {**value, key: mutate(value[key], rest, replacement)}


@PROPERTY
@given(json_values)
def test_any_json_body(body: Any) -> None:
    check(client.post("/v1/convert", content=json.dumps(body), headers={"content-type": "application/json"}))


@PROPERTY
@given(st.dictionaries(st.sampled_from(["tournament", "trf", "to", "javafo_extensions", "other"]), json_values,
                       max_size=4))
def test_json_request_members_of_any_value(body: dict[str, Any]) -> None:
    check(client.post("/v1/convert", json=body))


@PROPERTY
@given(st.lists(st.integers(0, 10**4), min_size=1, max_size=5), json_values, st.sampled_from(["json", "trf"]))
def test_valid_tournament_with_one_value_replaced(path: list[int], replacement: Any, target: str) -> None:
    tournament = mutate(EXAMPLE_JSON["tournament"], path, replacement)
    check(client.post("/v1/convert", json={"tournament": tournament, "to": target}))


@PROPERTY
@given(st.sampled_from(SAMPLES), st.lists(st.tuples(st.integers(0, 10**6), st.binary(min_size=1, max_size=12)),
                                          max_size=6))
def test_mutated_trf_text(sample: bytes, edits: list[tuple[int, bytes]]) -> None:
    data = sample
    for position, patch in edits:
        at = position % len(data)
        data = data[:at] + patch + data[at + len(patch):]
    check(client.post("/v1/convert", content=data, headers={"content-type": "text/plain"}))


@PROPERTY
@given(st.binary(max_size=2000), st.sampled_from(["text/plain", "application/json", "multipart/form-data",
                                                  "multipart/form-data; boundary=x", "application/octet-stream",
                                                  "application/xml", "", "text/plain; charset=utf-16"]),
       st.dictionaries(st.text(max_size=8), st.text(max_size=8), max_size=3))
def test_any_bytes_any_content_type_any_query(data: bytes, content_type: str, query: dict[str, str]) -> None:
    headers = {"content-type": content_type} if content_type else {}
    check(client.post("/v1/convert", content=data, headers=headers, params=query))
