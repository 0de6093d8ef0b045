"""The service as deployed: `python -m app` with two uvicorn workers, JSON logs on stdout, one /metrics."""

from __future__ import annotations

import json
import time
from pathlib import Path

import httpx

from app.api.metrics import SNAPSHOT_INTERVAL
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
            assert value(samples, "chess_engine_jobs_capacity") == 2 * 36  # gauges of both live workers
        [metrics_dir] = list(private_tmp.glob("chess-metrics-*"))
        assert len(list(metrics_dir.glob("worker-*.json"))) == 2
    assert not metrics_dir.exists()  # the temporary directory goes with the service
    lines = [json.loads(line) for line in log.read_text().splitlines()]  # every line is JSON, uvicorn's too
    access = [e for e in lines if e["logger"] == "app.access" and e["path"] == "/version"]
    assert sorted(e["request_id"] for e in access) == sorted(f"load-{i}" for i in range(20))
    assert any(e["logger"].startswith("uvicorn") for e in lines)
