"""The service as deployed: `python -m app` with two uvicorn workers, JSON logs on stdout, one /metrics."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

from app.api.metrics import SNAPSHOT_INTERVAL
from app.workers import QUICK_EXITS_ALLOWED, Supervisor
from bench.load_test import service
from tests.prometheus_text import parse, value


def test_two_workers_log_json_and_answer_metrics_for_both(tmp_path: Path) -> None:
    log = tmp_path / "service.log"
    private_tmp = tmp_path / "tmp"  # the service's own temporary directory: other test runs may share /tmp
    private_tmp.mkdir()
    with service(2, env={"CHESS_LOG_LEVEL": "info", "TMPDIR": str(private_tmp)}, log_path=log) as url:
        for i in range(20):  # a new connection each time, so both workers get some
            assert httpx.get(f"{url}/version", headers={"X-Request-ID": f"load-{i}"}).status_code == 200
        assert httpx.post(f"{url}/v1/convert", content=b"<x/>", headers={"content-type": "application/xml"}
                          ).status_code == 415
        time.sleep(SNAPSHOT_INTERVAL * 1.5)
        for _ in range(4):
            samples = parse(httpx.get(f"{url}/metrics").text)
            assert value(samples, "chess_http_requests_total", method="GET", route="/version", status="200") == 20
            assert value(samples, "chess_problems_total", code="unsupported-media-type", status="415") == 1
            assert value(samples, "chess_engine_jobs_capacity") == 2 * 34  # gauges of both live workers
        [metrics_dir] = list(private_tmp.glob("chess-metrics-*"))
        assert len(list(metrics_dir.glob("worker-*.json"))) == 2
    assert not metrics_dir.exists()  # the temporary directory goes with the service
    lines = [json.loads(line) for line in log.read_text().splitlines()]  # every line is JSON, uvicorn's too
    access = [e for e in lines if e["logger"] == "app.access" and e["path"] == "/version"]
    assert sorted(e["request_id"] for e in access) == sorted(f"load-{i}" for i in range(20))
    assert any(e["logger"].startswith("uvicorn") for e in lines)


def test_each_worker_listens_on_its_own_socket_and_a_dead_worker_is_replaced(tmp_path: Path) -> None:
    """app.workers: with SO_REUSEPORT the kernel spreads connections opened together over the workers
    (one shared socket gave them all to one worker); a worker that dies is replaced."""
    log = tmp_path / "service.log"
    with service(2, env={"CHESS_LOG_LEVEL": "info"}, log_path=log) as url:
        clients = [httpx.Client(base_url=url) for _ in range(24)]  # 24 keep-alive connections, opened together
        for i, client in enumerate(clients):
            assert client.get("/version", headers={"X-Request-ID": f"conn-{i}"}).status_code == 200
        for client in clients:
            client.close()
        pids = set(_pids_by_request(log, "conn-").values())
        assert len(pids) == 2  # both workers got some (all 24 on one worker: probability 2**-23)
        victim = pids.pop()
        os.kill(victim, signal.SIGKILL)
        deadline = time.monotonic() + 30
        replaced = False
        while not replaced and time.monotonic() < deadline:
            time.sleep(0.2)
            replaced = f"worker {victim} stopped" in log.read_text() and httpx.get(f"{url}/ready").status_code == 200
        assert replaced
        for i in range(30):  # new connections: both live workers, and not the dead one, answer them
            assert httpx.get(f"{url}/version", headers={"X-Request-ID": f"after-{i}"}).status_code == 200
        after = set(_pids_by_request(log, "after-").values())
        assert victim not in after and len(after) == 2


def _pids_by_request(log: Path, prefix: str) -> dict[str, int]:
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    return {e["request_id"]: e["pid"] for e in lines
            if e["logger"] == "app.access" and e.get("request_id", "").startswith(prefix)}


def test_a_worker_that_cannot_start_stops_the_service(tmp_path: Path) -> None:
    with socket.socket() as taken:  # the port is held without SO_REUSEPORT: no worker can bind it
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        env = {**os.environ, "CHESS_HOST": "127.0.0.1", "CHESS_PORT": str(port), "CHESS_WORKERS": "2",
               "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
        done = subprocess.run([sys.executable, "-m", "app"], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert "failed to start" in done.stdout + done.stderr


def _exit_at_once(options: dict[str, object]) -> None:
    sys.exit(1)  # as uvicorn does when the application cannot be imported


def test_workers_that_keep_exiting_at_start_stop_the_service() -> None:
    supervisor = Supervisor(2, {}, target=_exit_at_once)
    started = time.monotonic()
    assert supervisor.run() == 1
    assert supervisor.quick_exits == QUICK_EXITS_ALLOWED and time.monotonic() - started < 30


def test_workers_stop_when_their_supervisor_is_killed(tmp_path: Path) -> None:
    log = tmp_path / "service.log"
    with service(2, env={"CHESS_LOG_LEVEL": "info"}, log_path=log) as url:
        for i in range(10):
            httpx.get(f"{url}/version", headers={"X-Request-ID": f"w-{i}"})
        workers = set(_pids_by_request(log, "w-").values())
        supervisor = next(e["pid"] for e in map(json.loads, log.read_text().splitlines())
                          if e["logger"] == "app.workers")
        os.kill(supervisor, signal.SIGKILL)
        deadline = time.monotonic() + 20
        while workers and time.monotonic() < deadline:
            workers = {pid for pid in workers if _alive(pid)}
            time.sleep(0.2)
        assert not workers


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie (stopped, not yet reaped by its parent) is not alive
        return Path(f"/proc/{pid}/stat").read_text().split(")")[1].split()[0] != "Z"
    except OSError:
        return False
