"""Observability: Prometheus metrics, JSON access logs with request ids and engine timings, probes."""

from __future__ import annotations

import io
import json
import logging
import os
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.api import logs
from app.main import app
from tests.conftest import DATA
from tests.engine_app import engine_client
from tests.prometheus_text import Samples, parse, value

client = TestClient(app)
EXAMPLE = (DATA / "example7.trf").read_bytes()


def scrape(c: TestClient = client) -> Samples:
    r = c.get("/metrics")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/plain; version=") and "charset=utf-8" in r.headers["content-type"]
    return parse(r.text)


@pytest.fixture
def log_lines() -> Iterator[io.StringIO]:
    """What the service logs while the test runs, formatted as in production."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logs.JsonFormatter())
    root = logging.getLogger()
    old_level = root.level
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    try:
        yield stream
    finally:
        root.removeHandler(handler)
        root.setLevel(old_level)


def entries(stream: io.StringIO, logger: str | None = None) -> list[dict[str, Any]]:
    found = [json.loads(line) for line in stream.getvalue().splitlines()]
    return [e for e in found if logger is None or e["logger"] == logger]


# ---------------------------------------------------------------- metrics


def test_request_counter_and_latency_histogram_use_the_route_template() -> None:
    before = scrape()
    for _ in range(3):
        assert client.get("/version").status_code == 200
    client.post("/v1/convert", files={"file": ("x.trf", EXAMPLE)})
    after = scrape()
    labels = {"method": "GET", "route": "/version", "status": "200"}
    assert value(after, "chess_http_requests_total", **labels) - value(before, "chess_http_requests_total", **labels) == 3
    count = "chess_http_request_duration_seconds_count"
    assert value(after, count, method="GET", route="/version") - value(before, count, method="GET", route="/version") == 3
    assert value(after, count, method="POST", route="/v1/convert") > value(before, count, method="POST",
                                                                             route="/v1/convert")
    assert value(after, "chess_http_request_duration_seconds_bucket", method="GET", route="/version", le="+Inf") >= 3


def test_unknown_paths_and_methods_do_not_create_label_values() -> None:
    before = scrape()
    for i in range(5):
        assert client.get(f"/no/such/path/{i}").status_code == 404
    assert client.request("BREW", "/version").status_code == 405
    after = scrape()
    assert value(after, "chess_http_requests_total", method="GET", route="unmatched", status="404") - value(
        before, "chess_http_requests_total", method="GET", route="unmatched", status="404") == 5
    assert value(after, "chess_http_requests_total", method="OTHER", route="/version", status="405") >= 1
    assert not any("/no/such" in str(labels) or "BREW" in str(labels) for _, labels in after)


def test_problems_are_counted_by_code() -> None:
    before = scrape()
    client.post("/v1/convert", content=b"<x/>", headers={"content-type": "application/xml"})
    client.post("/v1/convert", content=b"{not json", headers={"content-type": "application/json"})
    client.post("/v1/convert", content=b"x", headers={"content-type": "text/plain", "content-length": "99999999"})
    after = scrape()
    for code, status in [("unsupported-media-type", "415"), ("invalid-json", "400"), ("payload-too-large", "413")]:
        assert value(after, "chess_problems_total", code=code, status=status) - value(
            before, "chess_problems_total", code=code, status=status) == 1, code


def test_converting_is_a_timed_engine_operation(log_lines: io.StringIO) -> None:
    before = scrape()
    assert client.post("/v1/convert", files={"file": ("x.trf", EXAMPLE)}, headers={"X-Request-ID": "cv"}).is_success
    after = scrape()
    count = "chess_engine_duration_seconds_count"
    assert value(after, count, operation="convert", outcome="ok") - value(before, count, operation="convert",
                                                                          outcome="ok") == 1
    [access] = [e for e in entries(log_lines, "app.access") if e["request_id"] == "cv"]
    assert set(access["engine_ms"]) == {"convert", "convert_cpu"}  # wall time seen by the front, CPU time in the job
    assert 0 < access["engine_ms"]["convert_cpu"] <= access["engine_ms"]["convert"] + 1


def test_engine_time_and_jobs_running(monkeypatch: pytest.MonkeyPatch) -> None:
    from app.api.runtime import runtime

    with engine_client(monkeypatch) as c:
        before = scrape(c)
        slow = threading.Thread(target=c.post, args=("/test/slow",), kwargs={"params": {"seconds": "1"}})
        slow.start()
        deadline = time.monotonic() + 10
        while value(during := scrape(c), "chess_engine_jobs_running") == 0 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert value(during, "chess_engine_jobs_running") == 1
        assert value(during, "chess_engine_jobs_capacity") == runtime.capacity()
        slow.join(10)
        after = scrape(c)
    assert value(after, "chess_engine_jobs_running") == 0
    count = "chess_engine_duration_seconds_count"
    assert value(after, count, operation="slow-op", outcome="ok") - value(before, count, operation="slow-op",
                                                                          outcome="ok") == 1


def test_one_json_access_line_per_request_with_the_request_id(log_lines: io.StringIO) -> None:
    r = client.get("/version", headers={"X-Request-ID": "trace-42"})
    assert r.headers["x-request-id"] == "trace-42"
    [line] = entries(log_lines, "app.access")
    assert line["request_id"] == "trace-42" and line["level"] == "info" and line["message"] == "request"
    assert line["method"] == "GET" and line["path"] == "/version" and line["route"] == "/version"
    assert line["status"] == 200 and isinstance(line["duration_ms"], float) and line["duration_ms"] >= 0
    assert str(line["time"]).endswith("+00:00")
    assert "engine_ms" not in line


def test_access_line_has_engine_timings(monkeypatch: pytest.MonkeyPatch, log_lines: io.StringIO) -> None:
    with engine_client(monkeypatch) as c:
        assert c.post("/test/slow", params={"seconds": "0"}, headers={"X-Request-ID": "job-7"}).json() == {
            "result": "done"}
    [access] = [e for e in entries(log_lines, "app.access") if e["path"] == "/test/slow"]
    assert access["request_id"] == "job-7"
    assert set(access["engine_ms"]) == {"slow-op"}


def test_unexpected_error_is_500_problem_logged_with_traceback(
        monkeypatch: pytest.MonkeyPatch, log_lines: io.StringIO) -> None:
    with engine_client(monkeypatch) as c:
        before = scrape(c)
        r = c.get("/test/boom", headers={"X-Request-ID": "boom-1"})
        after = scrape(c)
    assert r.status_code == 500 and r.headers["content-type"] == "application/problem+json"
    assert r.json()["code"] == "internal-error" and r.headers["x-request-id"] == "boom-1"
    [error] = entries(log_lines, "app.errors")
    assert error["level"] == "error" and error["request_id"] == "boom-1" and "RuntimeError: boom" in str(
        error["exception"])
    [access] = [e for e in entries(log_lines, "app.access") if e["path"] == "/test/boom"]
    assert access["status"] == 500 and access["level"] == "error"
    labels = {"method": "GET", "route": "/test/boom", "status": "500"}
    assert value(after, "chess_http_requests_total", **labels) - value(before, "chess_http_requests_total",
                                                                         **labels) == 1
    assert value(after, "chess_problems_total", code="internal-error", status="500") >= 1


def test_logging_config_routes_uvicorn_through_the_json_formatter() -> None:
    config = logs.logging_config("warning")
    assert config["root"]["level"] == "WARNING"
    assert all(c["propagate"] for c in config["loggers"].values())
    record = logging.LogRecord("uvicorn.error", logging.WARNING, __file__, 1, "port %d busy", (8000,), None)
    record.color_message = "port \x1b[1m%d\x1b[0m busy"
    assert json.loads(logs.JsonFormatter().format(record)) | {"time": ""} == {
        "time": "", "level": "warning", "logger": "uvicorn.error", "message": "port 8000 busy", "pid": os.getpid()}


# ---------------------------------------------------------------- probes


def test_liveness_and_readiness_bodies() -> None:
    from app.api.runtime import runtime

    assert client.get("/health").json() == {"status": "ok"}
    assert client.get("/ready").json() == {"status": "ready", "engine_jobs_running": 0, "engine_jobs_long": 0,
                                           "engine_jobs_queued": 0, "engine_processes": runtime.config.pool_processes}


def test_readiness_is_503_while_the_engine_queue_is_full(monkeypatch: pytest.MonkeyPatch) -> None:
    from app.api.runtime import runtime

    with engine_client(monkeypatch, engine_processes=1, max_long_jobs=0, max_queued_jobs=0, long_job_after=30) as c:
        slow = threading.Thread(target=c.post, args=("/test/slow",), kwargs={"params": {"seconds": "1.5"}})
        slow.start()
        deadline = time.monotonic() + 10
        while runtime.running() == 0 and time.monotonic() < deadline:
            time.sleep(0.01)
        r = c.get("/ready")
        assert r.status_code == 503 and r.json()["status"] == "busy"
        busy = c.post("/test/slow", params={"seconds": "0"})
        assert busy.status_code == 503 and busy.json()["code"] == "busy" and busy.headers["retry-after"] == "1"
        assert c.get("/health").status_code == 200
        slow.join(10)
        assert c.get("/ready").status_code == 200
