"""Observability: Prometheus metrics, JSON access logs with request ids and engine timings, probes."""

from __future__ import annotations

import io
import json
import logging
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.api import logs, metrics
from app.api.metrics import SnapshotStore
from app.api.prometheus import Counter, Gauge, Histogram, Registry, merge, render
from app.config import Settings
from app.main import app
from tests.conftest import DATA
from tests.engine_app import engine_client, gate
from tests.prometheus_text import Samples, parse, value

client = TestClient(app)
EXAMPLE = (DATA / "example7.trf").read_bytes()


def scrape(c: TestClient = client) -> Samples:
    r = c.get("/metrics")
    assert r.status_code == 200
    assert r.headers["content-type"] == "text/plain; version=0.0.4; charset=utf-8"
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


def test_reading_and_converting_are_timed_engine_operations(log_lines: io.StringIO) -> None:
    before = scrape()
    assert client.post("/v1/convert", files={"file": ("x.trf", EXAMPLE)}, headers={"X-Request-ID": "cv"}).is_success
    after = scrape()
    count = "chess_engine_duration_seconds_count"
    for operation in ("read", "convert"):
        assert value(after, count, operation=operation, outcome="ok") - value(before, count, operation=operation,
                                                                              outcome="ok") == 1
    [access] = [e for e in entries(log_lines, "app.access") if e["request_id"] == "cv"]
    assert set(access["engine_ms"]) == {"read", "convert"}


def test_engine_time_and_jobs_in_flight(monkeypatch: pytest.MonkeyPatch) -> None:
    with engine_client(monkeypatch) as c:
        before = scrape(c)
        slow = threading.Thread(target=c.post, args=("/test/slow",))
        slow.start()
        assert gate.started.acquire(timeout=5)
        during = scrape(c)
        assert value(during, "chess_engine_jobs_in_flight") == 1
        assert value(during, "chess_engine_jobs_capacity") == 34
        gate.event.set()
        slow.join(5)
        after = scrape(c)
    assert value(after, "chess_engine_jobs_in_flight") == 0
    count = "chess_engine_duration_seconds_count"
    assert value(after, count, operation="slow-op", outcome="ok") - value(before, count, operation="slow-op",
                                                                          outcome="ok") == 1


def test_exposition_escapes_label_values_and_sums_worker_snapshots() -> None:
    registry = Registry()
    counter = Counter(registry, "t_total", "a counter", ("code",))
    histogram = Histogram(registry, "t_seconds", "a histogram", ("op",), buckets=(0.1, 1.0))
    Gauge(registry, "t_gauge", "a gauge", lambda: 2)
    counter.inc('a"b\\c\nd')
    histogram.observe(0.05, "x")
    histogram.observe(0.5, "x")
    histogram.observe(7, "x")
    text = render(merge([registry.snapshot(), registry.snapshot()]))
    assert 't_total{code="a\\"b\\\\c\\nd"} 2.0' in text
    samples = parse(text)
    assert value(samples, "t_seconds_bucket", op="x", le="0.1") == 2
    assert value(samples, "t_seconds_bucket", op="x", le="1.0") == 4
    assert value(samples, "t_seconds_bucket", op="x", le="+Inf") == 6
    assert value(samples, "t_seconds_sum", op="x") == pytest.approx(15.1)
    assert value(samples, "t_gauge") == 4
    with pytest.raises(ValueError, match="twice"):
        Counter(registry, "t_total", "again")


def test_snapshot_store_keeps_counters_of_exited_workers_but_not_their_gauges(tmp_path: Path) -> None:
    exited = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True,
                            check=True)
    client.get("/version")
    alone = parse(render(metrics.registry.snapshot()))
    (tmp_path / f"worker-{int(exited.stdout)}.json").write_text(json.dumps(metrics.registry.snapshot()))
    (tmp_path / "worker-1.json").write_text("{truncated")  # a file being replaced: skipped
    total = parse(render(merge(SnapshotStore(tmp_path).collect())))
    assert (tmp_path / f"worker-{os.getpid()}.json").exists()
    labels = {"method": "GET", "route": "/version", "status": "200"}
    assert value(total, "chess_http_requests_total", **labels) == 2 * value(alone, "chess_http_requests_total",
                                                                            **labels) > 0
    assert value(total, "chess_engine_jobs_capacity") == value(alone, "chess_engine_jobs_capacity") == 34


def test_snapshot_store_thread_writes_and_stops(tmp_path: Path) -> None:
    store = SnapshotStore(tmp_path / "metrics")
    store.start()
    store.stop()
    written = json.loads((tmp_path / "metrics" / f"worker-{os.getpid()}.json").read_text())
    assert "chess_http_requests_total" in written


def test_service_start_prepares_the_shared_metrics_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from app import __main__ as start

    monkeypatch.setenv("CHESS_METRICS_DIR", "")  # restored after the test, whatever prepare_metrics_dir sets
    monkeypatch.setattr(start, "settings", Settings(workers=1))
    assert start.prepare_metrics_dir() is None and os.environ["CHESS_METRICS_DIR"] == ""
    (tmp_path / "worker-123.json").write_text("{}")
    (tmp_path / "keep.txt").write_text("")
    monkeypatch.setattr(start, "settings", Settings(workers=2, metrics_dir=str(tmp_path)))
    assert start.prepare_metrics_dir() is None  # given, so not removed at the end; emptied of snapshots
    assert os.environ["CHESS_METRICS_DIR"] == str(tmp_path) and [p.name for p in tmp_path.iterdir()] == ["keep.txt"]
    monkeypatch.setattr(start, "settings", Settings(workers=2))
    made = start.prepare_metrics_dir()
    assert made is not None and made.is_dir() and os.environ["CHESS_METRICS_DIR"] == str(made)
    made.rmdir()


# ---------------------------------------------------------------- logs


def test_one_json_access_line_per_request_with_the_request_id(log_lines: io.StringIO) -> None:
    r = client.get("/version", headers={"X-Request-ID": "trace-42"})
    assert r.headers["x-request-id"] == "trace-42"
    [line] = entries(log_lines, "app.access")
    assert line["request_id"] == "trace-42" and line["level"] == "info" and line["message"] == "request"
    assert line["method"] == "GET" and line["path"] == "/version" and line["route"] == "/version"
    assert line["status"] == 200 and isinstance(line["duration_ms"], float) and line["duration_ms"] >= 0
    assert str(line["time"]).endswith("+00:00")
    assert "engine_ms" not in line


def test_access_line_has_engine_timings_and_engine_logs_carry_the_request_id(
        monkeypatch: pytest.MonkeyPatch, log_lines: io.StringIO) -> None:
    with engine_client(monkeypatch) as c:
        gate.event.set()
        assert c.post("/test/slow", headers={"X-Request-ID": "job-7"}).json() == {"result": "done"}
    [engine_line] = entries(log_lines, "app.engine.test")
    assert engine_line["request_id"] == "job-7"
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
    assert client.get("/health").json() == {"status": "ok"}
    assert client.get("/ready").json() == {"status": "ready", "engine_jobs_in_flight": 0, "engine_jobs_overdue": 0}


def test_readiness_is_503_while_the_engine_queue_is_full(monkeypatch: pytest.MonkeyPatch) -> None:
    with engine_client(monkeypatch, max_concurrent_jobs=1, max_queued_jobs=0) as c:
        slow = threading.Thread(target=c.post, args=("/test/slow",))
        slow.start()
        assert gate.started.acquire(timeout=5)
        r = c.get("/ready")
        assert r.status_code == 503 and r.json()["status"] == "busy"
        busy = c.post("/test/slow")
        assert busy.status_code == 503 and busy.json()["code"] == "busy" and busy.headers["retry-after"] == "1"
        assert c.get("/health").status_code == 200
        gate.event.set()
        slow.join(5)
        assert c.get("/ready").status_code == 200
