"""The service's Prometheus metrics, served at `GET /metrics` (prometheus-client, its default registry
plus the process collectors).

Only the front process serves HTTP and it sees every request and every engine job, so one registry in
that process covers the whole service: no multiprocess mode is needed (engine processes report nothing
themselves; their jobs' times come back with the answers).
"""

from __future__ import annotations

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
    generate_latest,
)

from app.api.runtime import runtime

disable_created_metrics()  # no `_created` series: nothing reads them, and they double the counter lines

CONTENT_TYPE = CONTENT_TYPE_LATEST
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)

requests_total = Counter("chess_http_requests", "HTTP requests answered, by method, route and status.",
                         ("method", "route", "status"))
request_seconds = Histogram("chess_http_request_duration_seconds", "Time to answer an HTTP request, by method "
                            "and route.", ("method", "route"), buckets=BUCKETS)
problems_total = Counter("chess_problems", "Problem (RFC 9457) answers, by problem code and status.",
                         ("code", "status"))
engine_seconds = Histogram("chess_engine_duration_seconds", "Time of engine jobs (queueing included), by "
                           "operation and outcome.", ("operation", "outcome"), buckets=BUCKETS)
Gauge("chess_engine_jobs_running", "Engine jobs running in a worker process.").set_function(
    lambda: runtime.running())
Gauge("chess_engine_jobs_long", "Running engine jobs older than CHESS_LONG_JOB_AFTER.").set_function(
    lambda: runtime.long_running())
Gauge("chess_engine_jobs_queued", "Engine jobs waiting for a process.").set_function(lambda: runtime.queued())
Gauge("chess_engine_jobs_capacity", "Engine jobs accepted at once (running plus queued).").set_function(
    lambda: runtime.capacity())
Gauge("chess_engine_processes", "Engine worker processes kept by the pool.").set_function(
    lambda: runtime.config.pool_processes)


def observe_request(method: str, route: str, status: int, seconds: float) -> None:
    method = method if method in METHODS else "OTHER"
    requests_total.labels(method, route, str(status)).inc()
    request_seconds.labels(method, route).observe(seconds)


def observe_problem(code: str, status: int) -> None:
    problems_total.labels(code, str(status)).inc()


def observe_engine(operation: str, seconds: float, outcome: str) -> None:
    engine_seconds.labels(operation, outcome).observe(seconds)


def exposition() -> bytes:
    return generate_latest(REGISTRY)
