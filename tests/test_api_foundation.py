"""API skeleton: probes, convert in both directions, problem+json errors, limits, OpenAPI."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

import app as app_package
from app.main import app
from app.openapi_dump import TARGET, render
from tests.conftest import DATA, SHARED

client = TestClient(app)
EXAMPLE = (DATA / "example7.trf").read_bytes()


def test_health_ready_version() -> None:
    assert client.get("/health").json() == {"status": "ok"}
    assert client.get("/ready").json()["status"] == "ready"
    v = client.get("/version").json()
    assert v["api"] == app_package.API_VERSION == app.openapi()["info"]["version"] and v["api_prefix"] == "/v1"
    assert v["version"] == app_package.__version__ and "C.07" in v["rules"]["tiebreaks"]


def test_request_id_is_echoed() -> None:
    r = client.get("/health", headers={"X-Request-ID": "abc-123"})
    assert r.headers["x-request-id"] == "abc-123"
    assert len(client.get("/health").headers["x-request-id"]) == 32


def test_convert_trf_upload_to_json_and_back() -> None:
    r = client.post("/v1/convert", files={"file": ("example.trf", EXAMPLE, "text/plain")})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["warnings"] == [] and body["encoding"] == "utf-8"
    t = body["tournament"]
    assert t["name"] == "Example Open" and t["total_rounds"] == 4 and len(t["players"]) == 7
    assert t["players"][3]["rounds"][0] == {"opponent": None, "colour": None, "result": "pairing_allocated_bye"}
    back = client.post("/v1/convert", json={"tournament": t})
    assert back.status_code == 200 and back.headers["content-type"].startswith("text/plain")
    again = client.post("/v1/convert", content=back.text, headers={"content-type": "text/plain"})
    assert again.json()["tournament"] == t


def test_convert_trf_in_json_body_and_forced_target() -> None:
    r = client.post("/v1/convert", json={"trf": EXAMPLE.decode(), "to": "trf", "javafo_extensions": True})
    assert r.status_code == 200
    assert "XXR 4" in r.text and "142 4" in r.text


def test_parse_error_is_problem_json_naming_line_and_column() -> None:
    bad = EXAMPLE.replace(b"   5 w 1     4 b =", b"   5 w 1     4 b Q")
    r = client.post("/v1/convert", files={"file": ("bad.trf", bad)})
    assert r.status_code == 422
    assert r.headers["content-type"].startswith("application/problem+json")
    p = r.json()
    assert p["status"] == 422 and p["line"] == 14 and p["column"] == 109 and p["text"] == "Q"
    assert "round 2" in p["detail"]


@pytest.mark.parametrize(
    ("payload", "status", "code"),
    [
        (b"", 422, "missing-tournament"),
        (bytes(range(256)) * 8, 422, "binary-file"),
        (b"hello world\nthis is not a tournament\n", 422, "not-trf"),
    ],
)
def test_bad_text_bodies(payload: bytes, status: int, code: str) -> None:
    r = client.post("/v1/convert", content=payload, headers={"content-type": "text/plain"})
    assert r.status_code == status, r.text
    assert r.json()["code"] == code


def test_upload_too_large_is_413() -> None:
    big = b"012 x\n" + b"### " + b"x" * (6 * 1024 * 1024)
    r = client.post("/v1/convert", files={"file": ("big.trf", big)})
    assert r.status_code == 413
    assert r.json()["code"] == "payload-too-large"


def test_json_errors_name_the_field() -> None:
    r = client.post("/v1/convert", json={"tournament": {"players": [{"start_number": "x"}]}})
    assert r.status_code == 422
    assert r.json()["field"] == "tournament.players[0].start_number"
    r = client.post("/v1/convert", json={"tournament": {"players": [
        {"start_number": 1, "rounds": [{"opponent": 9, "colour": "w", "result": "win"}]}]}})
    assert r.status_code == 422 and r.json()["code"] == "unknown-opponent"
    r = client.post("/v1/convert", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["code"] == "invalid-json"
    deep = b"[" * 5000 + b"]" * 5000
    r = client.post("/v1/convert", content=deep, headers={"content-type": "application/json"})
    assert r.status_code == 422 and r.json()["code"] == "json-too-deep"


def test_wrong_content_type_is_415() -> None:
    r = client.post("/v1/convert", content=b"<x/>", headers={"content-type": "application/xml"})
    assert r.status_code == 415 and r.json()["code"] == "unsupported-media-type"


def test_unknown_route_is_problem_json() -> None:
    r = client.get("/v1/nothing")
    assert r.status_code == 404 and r.headers["content-type"].startswith("application/problem+json")


def test_real_latin1_file_converts_with_warning() -> None:
    raw = (SHARED / "real" / "irish-junior-champs-2011_34p_5r.trf").read_bytes()
    body = client.post("/v1/convert", files={"file": ("x.trf", raw)}).json()
    assert body["encoding"] == "cp1252"
    assert any(w["code"] == "encoding" for w in body["warnings"])
    assert any("Ó" in p["name"] or "í" in p["name"] for p in body["tournament"]["players"])


def test_checked_in_openapi_matches_the_app() -> None:
    assert TARGET.read_text(encoding="utf-8") == render(), "run: python -m app.openapi_dump"
    spec = json.loads(render())
    assert "/v1/convert" in spec["paths"]
    content = spec["paths"]["/v1/convert"]["post"]["requestBody"]["content"]
    assert {"application/json", "multipart/form-data", "text/plain"} <= set(content)
    assert "TournamentSchema" in spec["components"]["schemas"]


def test_fifty_megabyte_upload_is_refused_quickly() -> None:
    big = b"0" * (50 * 1024 * 1024)
    r = client.post("/v1/convert", content=big, headers={"content-type": "text/plain"})
    assert r.status_code == 413 and r.json()["code"] == "payload-too-large"


def test_player_and_round_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.engine_app import engine_settings

    with engine_settings(monkeypatch, max_players=5):
        r = client.post("/v1/convert", files={"file": ("x.trf", EXAMPLE)})
        assert r.status_code == 413 and r.json()["code"] == "too-many-players"
    with engine_settings(monkeypatch, max_rounds=3):
        r = client.post("/v1/convert", files={"file": ("x.trf", EXAMPLE)})
        assert r.status_code == 422 and r.json()["code"] == "too-many-rounds"
        assert "limit is 3" in r.json()["detail"]
