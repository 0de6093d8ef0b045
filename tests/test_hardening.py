"""Hostile input gets a 4xx problem+json (never a 500, never a hang); CORS; the time budget (504)."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from app.config import Settings
from app.main import app, create_app
from tests.conftest import DATA
from tests.engine_app import engine_client, engine_settings

client = TestClient(app, raise_server_exceptions=False)
EXAMPLE = (DATA / "example7.trf").read_bytes()
FIRST_PLAYER = next(line for line in EXAMPLE.splitlines() if line.startswith(b"001    1"))


def assert_problem(r: httpx.Response, status: int, code: str) -> dict[str, Any]:
    assert r.status_code == status, r.text
    assert r.headers["content-type"] == "application/problem+json"
    assert len(r.headers["x-request-id"]) > 0
    problem: dict[str, Any] = r.json()
    assert problem["status"] == status and problem["code"] == code, problem
    assert problem["type"].endswith("/" + code) and problem["title"] and problem["detail"]
    return problem


def text(data: bytes, **params: str) -> httpx.Response:
    return client.post("/v1/convert", content=data, headers={"content-type": "text/plain"}, params=params)


def player_line(number: int) -> bytes:
    return b"001 %4d m    Player                            2000                             0.0    1\n" % number


def with_first_player(replacement: bytes) -> bytes:
    return EXAMPLE.replace(FIRST_PLAYER, replacement)


# ---------------------------------------------------------------- JSON


@pytest.mark.parametrize(("body", "status", "code"), [
    (b"[" * 100_000 + b"]" * 100_000, 422, "json-too-deep"),
    (b'{"tournament": ' + b'{"a": ' * 70 + b"1" + b"}" * 70 + b"}", 422, "json-too-deep"),
    (b'{"tournament": {"name": ' + b"[" * 65 + b"]" * 65 + b"}}", 422, "json-too-deep"),
    (b'{"trf": "x", "to": NaN}', 400, "invalid-json"),
    (b'{"tournament": {"players": [{"start_number": 1, "declared_points": Infinity}]}}', 400, "invalid-json"),
    (b'{"tournament": {"players": [{"start_number": 1, "declared_points": 1e999}]}}', 400, "invalid-json"),
    (b'{"tournament": {"players": [{"start_number": 1' + b"0" * 5000 + b"}]}}", 400, "invalid-json"),
    (b'{"trf": "\xff\xfe"}', 400, "invalid-json"),
    (b"[1, 2, 3]", 422, "invalid-request"),
    (b'{"tournament": {}, "trf": "012 x"}', 422, "invalid-request"),
    (b'{"tournament": {"players": [{"start_number": 1, "rating": 99999}]}}', 422, "invalid-request"),
    (b'{"tournament": {"players": [{"start_number": 0}]}}', 422, "invalid-request"),
    (b'{"tournament": {"total_rounds": 1000000}}', 422, "invalid-request"),
    (b'{"tournament": {"players": [{"start_number": 1, "rounds": [' + b"{}," * 120 + b"{}]}]}}", 422,
     "too-many-rounds"),
    (b'{"tournament": {"scoring": {"win": 1e300}, "players": [{"start_number": 1}]}}', 422, "invalid-request"),
    (b'{"unknown": 1, "trf": "012 x"}', 422, "invalid-request"),
])
def test_hostile_json(body: bytes, status: int, code: str) -> None:
    assert_problem(client.post("/v1/convert", content=body, headers={"content-type": "application/json"}),
                   status, code)


def test_json_players_beyond_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    players = [{"start_number": n} for n in range(1, 10_000)]  # start numbers have 4 digits: 10,001 repeat one
    assert_problem(client.post("/v1/convert", json={"tournament": {"players": [*players, {"start_number": 1}]}}),
                   422, "duplicate-start-number")
    assert_problem(client.post("/v1/convert", json={"tournament": {"players": [*players, {"start_number": 10_000}]}}),
                   422, "invalid-request")
    with engine_settings(monkeypatch, max_players=3):
        problem = assert_problem(client.post("/v1/convert", json={"tournament": {"players": players[:4]}}), 413,
                                 "too-many-players")  # as for a TRF (one status per kind of error)
    assert "limit of 3" in problem["detail"]


# ---------------------------------------------------------------- TRF


@pytest.mark.parametrize(("data", "status", "code"), [
    (with_first_player(FIRST_PLAYER[:48] + b"9999" + FIRST_PLAYER[52:]), 422, "rating-out-of-range"),
    (with_first_player(FIRST_PLAYER[:48] + b"99999" + FIRST_PLAYER[52:]), 422, "rating-out-of-range"),
    (with_first_player(FIRST_PLAYER + b"     2 w 1" * 10_000), 422, "too-many-rounds"),
    (EXAMPLE.replace(b"001    1 m", b"001    0 m"), 422, "trf-parse-error"),
    (EXAMPLE.replace(b"142 4", b"142 " + b"9" * 5000), 422, "number-too-long"),
    (EXAMPLE + b"XXZ " + b"7" * 5000 + b"\n", 422, "number-too-long"),
    (EXAMPLE.replace(b"142 4", b"142 " + b"9" * 20), 422, "too-many-rounds"),
    (EXAMPLE.replace(b"     5 w 1", b"  9999 w 1"), 422, "unknown-opponent"),
    (b"012 x\n" + b"".join(player_line(n) for n in [*range(1, 10_000), 1, 2]), 413, "too-many-players"),
    (b"012 x\n" + b"\x00" * 100, 422, "binary-file"),
    (b"   \n\r\n\t", 422, "missing-tournament"),
    (b"{" + b'"a":' * 10, 400, "invalid-json"),
])
def test_hostile_trf(data: bytes, status: int, code: str) -> None:
    assert_problem(text(data), status, code)


def test_trf_players_up_to_the_limit_are_read() -> None:
    r = text(b"012 x\n" + b"".join(player_line(n) for n in range(1, 10_000)))
    assert r.status_code == 200 and len(r.json()["tournament"]["players"]) == 9999


def test_non_utf8_text_is_decoded_with_a_warning() -> None:
    r = text(EXAMPLE.replace(b"Avery", b"Av\xe9ry"))
    assert r.status_code == 200
    assert r.json()["encoding"] == "cp1252" and r.json()["tournament"]["players"][0]["name"].startswith("Avéry")


# ---------------------------------------------------------------- transport: types, sizes, multipart, options


@pytest.mark.parametrize(("content_type", "status", "code"), [
    ("application/xml", 415, "unsupported-media-type"),
    ("application/x-www-form-urlencoded", 415, "unsupported-media-type"),
    ("text/html", 415, "unsupported-media-type"),
    ("multipart/form-data", 400, "invalid-multipart"),
    ("multipart/form-data; boundary=zzz", 400, "invalid-multipart"),
])
def test_wrong_content_types(content_type: str, status: int, code: str) -> None:
    assert_problem(client.post("/v1/convert", content=EXAMPLE, headers={"content-type": content_type}), status, code)


def test_size_limits_with_and_without_content_length() -> None:
    assert_problem(client.post("/v1/convert", content=b"x", headers={"content-type": "text/plain",
                                                                      "content-length": "abc"}),
                   400, "invalid-content-length")

    def chunks() -> Iterator[bytes]:  # no Content-Length: chunked transfer, cut off while reading
        for _ in range(100):
            yield b"0" * 1024 * 1024

    assert_problem(client.post("/v1/convert", content=chunks(), headers={"content-type": "text/plain"}), 413,
                   "payload-too-large")
    assert_problem(client.post("/v1/convert", json={"trf": "0" * (6 * 1024 * 1024)}), 413, "payload-too-large")


@pytest.mark.parametrize(("files", "data", "status", "code"), [
    ({"to": (None, b"json")}, {}, 422, "missing-file"),
    ({"file": (None, b"012 as a text field")}, {}, 422, "missing-file"),
    ({"other": ("x.trf", EXAMPLE)}, {}, 422, "invalid-request"),
    ([("file", ("a.trf", EXAMPLE)), ("file", ("b.trf", EXAMPLE))], {}, 422, "too-many-files"),
    ([("file", ("a.trf", EXAMPLE)), ("to", ("b", b"json"))], {}, 422, "invalid-request"),
    ([("file", ("a.trf", EXAMPLE)), ("x", ("b", b"")), ("y", ("c", b""))], {}, 400, "invalid-multipart"),
    ({"file": ("a.trf", EXAMPLE)}, {"colour": "white"}, 422, "invalid-request"),
    ({"file": ("a.trf", EXAMPLE)}, {"to": "yaml"}, 422, "invalid-request"),
])
def test_hostile_multipart(files: Any, data: dict[str, str], status: int, code: str) -> None:
    assert_problem(client.post("/v1/convert", files=files, data=data), status, code)


def test_options_from_the_query_string_are_validated_for_every_body() -> None:
    assert_problem(text(EXAMPLE, unknown="1"), 422, "invalid-request")
    assert_problem(client.post("/v1/convert?unknown=1", json={"trf": EXAMPLE.decode()}), 422, "invalid-request")
    assert_problem(client.post("/v1/convert?unknown=1", files={"file": ("a.trf", EXAMPLE)}), 422, "invalid-request")
    problem = assert_problem(client.post("/v1/convert?to=trf", json={"trf": EXAMPLE.decode(), "to": "json"}),
                             422, "invalid-request")
    assert problem["field"] == "to" and "both" in problem["detail"]
    assert_problem(client.post("/v1/convert?to=json&to=trf", content=EXAMPLE,
                               headers={"content-type": "text/plain"}), 422, "invalid-request")
    # and a known option works from the query with any body
    assert client.post("/v1/convert?to=trf", json={"trf": EXAMPLE.decode()}).text.startswith("012 Example Open")
    assert client.post("/v1/convert?to=trf", files={"file": ("a.trf", EXAMPLE)}).text.startswith("012 Example")
    assert text(EXAMPLE, to="trf").text.startswith("012 Example Open")


@pytest.mark.parametrize(("method", "path", "allow"), [
    ("GET", "/v1/convert", "POST"), ("PUT", "/v1/convert", "POST"), ("DELETE", "/v1/convert", "POST"),
    ("PATCH", "/v1/convert", "POST"), ("OPTIONS", "/v1/convert", "POST"), ("POST", "/health", "GET"),
    ("POST", "/ready", "GET"), ("DELETE", "/metrics", "GET"), ("TRACE", "/version", "GET"),
])
def test_methods_not_allowed(method: str, path: str, allow: str) -> None:
    r = client.request(method, path)
    assert_problem(r, 405, "method-not-allowed")
    assert allow in r.headers["allow"]


def test_unknown_paths_and_bad_request_ids() -> None:
    assert_problem(client.get("/v1/" + "x" * 5000), 404, "not-found")
    r = client.get("/health", headers={"X-Request-ID": b"bad id with spaces and \xe9"})
    assert r.status_code == 200 and len(r.headers["x-request-id"]) == 32
    r = client.get("/health", headers={"X-Request-ID": "a" * 129})
    assert len(r.headers["x-request-id"]) == 32


# ---------------------------------------------------------------- CORS


def test_no_cors_by_default() -> None:
    r = client.get("/version", headers={"Origin": "https://evil.example"})
    assert r.status_code == 200 and "access-control-allow-origin" not in r.headers
    preflight = client.options("/v1/convert", headers={"Origin": "https://evil.example",
                                                        "Access-Control-Request-Method": "POST"})
    assert preflight.status_code == 405 and "access-control-allow-origin" not in preflight.headers


def test_cors_allows_configured_origins_only() -> None:
    cors = TestClient(create_app(Settings(cors_origins=("https://club.example", "https://fed.example"))))
    r = cors.post("/v1/convert", files={"file": ("a.trf", EXAMPLE)}, headers={"Origin": "https://fed.example"})
    assert r.status_code == 200
    assert r.headers["access-control-allow-origin"] == "https://fed.example"
    assert "x-request-id" in r.headers["access-control-expose-headers"].lower()
    preflight = cors.options("/v1/convert", headers={"Origin": "https://club.example",
                                                      "Access-Control-Request-Method": "POST",
                                                      "Access-Control-Request-Headers": "content-type"})
    assert preflight.status_code == 200
    assert preflight.headers["access-control-allow-origin"] == "https://club.example"
    assert "POST" in preflight.headers["access-control-allow-methods"]
    other = cors.get("/version", headers={"Origin": "https://evil.example"})
    assert "access-control-allow-origin" not in other.headers
    refused = cors.options("/v1/convert", headers={"Origin": "https://evil.example",
                                                    "Access-Control-Request-Method": "POST"})
    assert refused.status_code == 400 and "access-control-allow-origin" not in refused.headers
    too_big = cors.post("/v1/convert", content=b"x", headers={"Origin": "https://fed.example",
                                                               "content-type": "text/plain",
                                                               "content-length": str(10**9)})
    assert too_big.status_code == 413 and too_big.headers["access-control-allow-origin"] == "https://fed.example"


def test_cors_origins_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CHESS_CORS_ORIGINS", " https://a.example , ,https://b.example")
    assert Settings.from_env().cors_origins == ("https://a.example", "https://b.example")
    monkeypatch.delenv("CHESS_CORS_ORIGINS")
    assert Settings.from_env().cors_origins == ()


# ---------------------------------------------------------------- time budget


@pytest.mark.slow  # engine processes killed and replaced
def test_time_budget_gives_504_kills_the_job_and_the_server_keeps_serving(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    marker = tmp_path / "finished"
    with engine_client(monkeypatch, request_timeout=0.5) as c:
        answers: list[httpx.Response] = []
        slow = threading.Thread(target=lambda: answers.append(c.post(
            "/test/slow", params={"seconds": "3", "marker": str(marker)}, headers={"X-Request-ID": "s1"})))
        slow.start()
        for _ in range(5):  # the event loop is free while the engine works
            assert c.get("/health").status_code == 200
        slow.join(30)
        problem = assert_problem(answers[0], 504, "timeout")
        assert "0.5 s" in problem["detail"] and answers[0].headers["x-request-id"] == "s1"
        assert c.get("/ready").json()["engine_jobs_running"] == 0  # answered and gone, not left running
        assert c.post("/test/slow", params={"seconds": "0"}).json() == {"result": "done"}
    time.sleep(3)  # long enough for the killed job to have finished, had it gone on
    assert not marker.exists()


@pytest.mark.slow  # engine processes killed and replaced
def test_a_queued_job_whose_time_is_up_never_starts(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """One engine process, held by a job with a long deadline: a second job whose own deadline passes while it
    waits is answered 504 and never runs."""
    from app.api.errors import ProblemException
    from app.api.job import JobRequest, Limits
    from app.api.runtime import runtime
    from tests.engine_jobs import slow_job

    def job(seconds: float, marker: Path) -> JobRequest:
        return JobRequest("slow-op", Limits.from_settings(runtime.config),
                          query=(("seconds", str(seconds)), ("marker", str(marker))))

    async def scenario() -> str:
        first = asyncio.ensure_future(runtime.run(job(1.5, tmp_path / "first"), deadline=time.monotonic() + 60,
                                                  function=slow_job))
        await asyncio.sleep(0.2)
        with pytest.raises(ProblemException) as refused:
            await runtime.run(job(0, tmp_path / "second"), deadline=time.monotonic() + 0.3, function=slow_job)
        assert runtime.queued() == 0
        await first
        return refused.value.detail

    with engine_settings(monkeypatch, engine_processes=1, max_long_jobs=0, long_job_after=30):
        detail = asyncio.run(scenario())
    assert "never started" in detail
    assert (tmp_path / "first").exists() and not (tmp_path / "second").exists()


@pytest.mark.slow  # engine processes killed and replaced
def test_a_crashed_engine_process_is_a_503_and_is_replaced(monkeypatch: pytest.MonkeyPatch) -> None:
    with engine_client(monkeypatch) as c:
        assert_problem(c.post("/test/crash"), 503, "engine-failed")
        assert c.post("/test/slow", params={"seconds": "0"}).json() == {"result": "done"}
        assert c.post("/v1/convert", content=EXAMPLE, headers={"content-type": "text/plain"}).status_code == 200


@pytest.mark.slow  # engine processes killed and replaced
def test_a_job_over_the_memory_cap_is_a_507_and_its_process_is_replaced(monkeypatch: pytest.MonkeyPatch) -> None:
    with engine_client(monkeypatch, max_job_memory_mb=200) as c:
        problem = assert_problem(c.post("/test/memory", params={"megabytes": "400"}), 507, "out-of-memory")
        assert "CHESS_MAX_JOB_MEMORY_MB" in problem["detail"]
        assert c.post("/test/memory", params={"megabytes": "50"}).json() == {"allocated": 50}
        assert c.post("/v1/convert", content=EXAMPLE, headers={"content-type": "text/plain"}).status_code == 200


@pytest.mark.slow  # engine processes killed and replaced
def test_a_large_file_neither_blocks_other_requests_nor_escapes_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    def rounds(n: int) -> bytes:  # 99 rounds; in round k, player n meets player ((n - 1) XOR k) + 1
        blocks = []
        for k in range(1, 100):
            partner = ((n - 1) ^ k) + 1
            blocks.append(b"  %4d w 1" % partner if n < partner else b"  %4d b 0" % partner)
        return b"".join(blocks)

    big = b"012 big\n142 99\n" + b"".join(player_line(n).rstrip() + rounds(n) + b"\n" for n in range(1, 1025))
    with engine_client(monkeypatch) as c:
        started = time.monotonic()
        converting = threading.Thread(target=lambda: c.post("/v1/convert", content=big,
                                                            headers={"content-type": "text/plain"}))
        converting.start()
        slowest, answered = 0.0, 0
        while converting.is_alive():
            t0 = time.monotonic()
            assert c.get("/health").status_code == 200
            slowest, answered = max(slowest, time.monotonic() - t0), answered + 1
        converting.join()
        conversion = time.monotonic() - started
    # Answered while the conversion ran, and never blocked for the length of the conversion: a bound relative to
    # the conversion's own time, which a loaded machine stretches alike.
    assert answered >= 2 and slowest < conversion / 2, (answered, slowest, conversion)
    with engine_client(monkeypatch, request_timeout=0.01) as c:
        problem = assert_problem(c.post("/v1/convert", content=big, headers={"content-type": "text/plain"}), 504,
                                 "timeout")
    assert "convert" in problem["detail"]


def test_an_answer_over_the_response_limit_is_a_413_with_advice(monkeypatch: pytest.MonkeyPatch) -> None:
    with engine_settings(monkeypatch, max_response_bytes=2000):
        problem = assert_problem(client.post("/v1/standings", content=EXAMPLE, headers={"content-type": "text/plain"}),
                                 413, "response-too-large")
        assert "explanations=false" in problem["detail"] and problem["limit"] == 2000
        r = client.post("/v1/round-robin", json={"players": 40, "double": True})
        assert_problem(r, 413, "response-too-large")
    assert client.post("/v1/round-robin", json={"players": 40, "double": True}).status_code == 200


def test_a_pool_that_keeps_breaking_fails_the_liveness_probe(monkeypatch: pytest.MonkeyPatch) -> None:
    from app.api.runtime import BREAKDOWNS_UNHEALTHY, runtime

    assert client.get("/health").status_code == 200
    monkeypatch.setattr(runtime, "_breakdowns", type(runtime._breakdowns)([time.monotonic()] * BREAKDOWNS_UNHEALTHY,
                                                                          maxlen=BREAKDOWNS_UNHEALTHY))
    r = client.get("/health")
    assert r.status_code == 503 and r.json() == {"status": "failing"}
