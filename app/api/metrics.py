"""The service's Prometheus metrics, served at `GET /metrics`.

With several uvicorn workers a scrape reaches one of them, so each worker also writes a snapshot of its
metrics to `CHESS_METRICS_DIR` (every `SNAPSHOT_INTERVAL` seconds and at shutdown) and the worker that
answers the scrape adds up all snapshots: its own, fresh, and the others', at most that old. Snapshots of
workers that have exited keep counting for counters and histograms; their gauges are dropped.
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

from app.api import runner
from app.api.prometheus import Counter, Gauge, Histogram, Registry, Snapshot, merge, render
from app.config import settings

SNAPSHOT_INTERVAL = 1.0
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})

registry = Registry()
requests_total = Counter(registry, "chess_http_requests_total", "HTTP requests answered, by method, route and status.",
                         ("method", "route", "status"))
request_seconds = Histogram(registry, "chess_http_request_duration_seconds",
                            "Time to answer an HTTP request, by method and route.", ("method", "route"))
problems_total = Counter(registry, "chess_problems_total",
                         "Problem (RFC 9457) answers, by problem code and status.", ("code", "status"))
engine_seconds = Histogram(registry, "chess_engine_duration_seconds",
                           "Time of engine jobs (queueing included), by operation and outcome.",
                           ("operation", "outcome"))
Gauge(registry, "chess_engine_jobs_in_flight", "Engine jobs running or queued.", runner.in_flight)
Gauge(registry, "chess_engine_jobs_overdue", "Engine jobs still running after their request timed out.",
      runner.overdue)
Gauge(registry, "chess_engine_jobs_capacity", "Engine jobs accepted at once (running plus queued).",
      runner.capacity)


def observe_request(method: str, route: str, status: int, seconds: float) -> None:
    method = method if method in METHODS else "OTHER"
    requests_total.inc(method, route, str(status))
    request_seconds.observe(seconds, method, route)


def observe_problem(code: str, status: int) -> None:
    problems_total.inc(code, str(status))


def observe_engine(operation: str, seconds: float, outcome: str) -> None:
    engine_seconds.observe(seconds, operation, outcome)


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class SnapshotStore:
    """One JSON snapshot file per worker process in a shared directory."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def _path(self, pid: int) -> Path:
        return self.directory / f"worker-{pid}.json"

    def write(self) -> None:
        target = self._path(os.getpid())
        temporary = target.with_suffix(".tmp")
        temporary.write_text(json.dumps(registry.snapshot()), encoding="utf-8")
        os.replace(temporary, target)

    def collect(self) -> list[Snapshot]:
        self.write()
        snapshots = []
        for path in sorted(self.directory.glob("worker-*.json")):
            try:
                snap: Snapshot = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue  # a worker replacing its file right now; it is counted on the next scrape
            if not _pid_alive(int(path.stem.removeprefix("worker-"))):
                snap = {name: family for name, family in snap.items() if family["type"] != "gauge"}
            snapshots.append(snap)
        return snapshots

    def start(self) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="metrics-snapshots", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(SNAPSHOT_INTERVAL):
            self.write()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        self.write()


store = SnapshotStore(Path(settings.metrics_dir)) if settings.metrics_dir else None


def exposition() -> str:
    """The text for `GET /metrics`: this worker's metrics, or all workers' with a snapshot directory."""
    return render(merge(store.collect()) if store is not None else registry.snapshot())
