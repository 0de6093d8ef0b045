"""Load test: start the service with N uvicorn workers and drive its engine endpoints for a fixed time.

    python bench/load_test.py --workers 2 --duration 30 --concurrency 16

Scenarios (a 150-player, 9-round Swiss made by bench/swiss_trf.py unless --trf is given):
- standings: POST /v1/standings with the whole tournament and the tiebreak list (--tiebreaks);
- pairings:  POST /v1/pairings with the tournament stopped before its last round, asking for that round.

Before measuring, each scenario tries the request shapes in `VARIANTS` and keeps the first one answered
2xx. When the endpoint answers 404 (not on this branch yet), the scenario measures POST /v1/convert with
the same file instead and says so. Prints throughput, p50/p95/p99 latency of the successful requests and
the errors by status; --check-targets exits 1 when standings miss 150 req/s or a p99 of 100 ms.
Needs httpx (in the test extra). With --url it drives a running service instead of starting one.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Coroutine, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.swiss_trf import trf as swiss_trf  # noqa: E402

TIEBREAKS = "BH/C1,BH,SB,DE,WIN,BPG"
TARGET_RPS, TARGET_P99_MS = 150.0, 100.0


@dataclass(frozen=True, eq=False)
class Call:
    """One way of asking: JSON body, or TRF as text/plain with options in the query string."""

    description: str
    json_body: dict[str, Any] | None = None
    text_body: str | None = None
    params: dict[str, str] = field(default_factory=dict)

    @functools.cached_property
    def encoded(self) -> tuple[bytes, str]:
        """The body, serialised once: the load generator shares the machine and should spend little."""
        if self.json_body is not None:
            return json.dumps(self.json_body).encode(), "application/json"
        return (self.text_body or "").encode(), "text/plain"

    def send(self, client: httpx.AsyncClient, path: str) -> Coroutine[Any, Any, httpx.Response]:
        body, content_type = self.encoded
        return client.post(path, content=body, params=self.params, headers={"content-type": content_type})


def variants(scenario: str, full: str, before_last: str, rounds: int, tiebreaks: str) -> list[Call]:
    """Request shapes the engines may settle on, most likely first."""
    if scenario == "standings":
        listed = tiebreaks.split(",")
        return [Call("JSON, tiebreaks as a list", {"trf": full, "tiebreaks": listed}),
                Call("JSON, tiebreaks as text", {"trf": full, "tiebreaks": tiebreaks}),
                Call("text/plain, tiebreaks in the query", text_body=full, params={"tiebreaks": tiebreaks})]
    return [Call("JSON with round", {"trf": before_last, "round": rounds}),
            Call("JSON without round", {"trf": before_last}),
            Call("text/plain, round in the query", text_body=before_last, params={"round": str(rounds)}),
            Call("text/plain", text_body=before_last)]


@dataclass
class Result:
    scenario: str
    endpoint: str
    seconds: float
    latencies_ms: list[float] = field(default_factory=list)
    statuses: Counter[str] = field(default_factory=Counter)

    @property
    def requests(self) -> int:
        return sum(self.statuses.values())

    @property
    def ok(self) -> int:
        return sum(n for status, n in self.statuses.items() if status.startswith("2"))

    def percentile(self, p: int) -> float:
        if not self.latencies_ms:
            return float("nan")
        if len(self.latencies_ms) == 1:
            return self.latencies_ms[0]
        return statistics.quantiles(self.latencies_ms, n=100, method="inclusive")[p - 1]

    def row(self) -> str:
        errors = ", ".join(f"{s}: {n}" for s, n in sorted(self.statuses.items()) if not s.startswith("2")) or "0"
        return (f"| {self.scenario} | {self.endpoint} | {self.requests} | {self.ok / self.seconds:.1f} | "
                f"{self.percentile(50):.1f} | {self.percentile(95):.1f} | {self.percentile(99):.1f} | {errors} |")


HEADER = ("| scenario | endpoint | requests | ok req/s | p50 ms | p95 ms | p99 ms | errors |\n"
          "|---|---|---|---|---|---|---|---|")


async def choose(client: httpx.AsyncClient, path: str, calls: list[Call]) -> tuple[str, Call] | None:
    """The first call shape answered 2xx; None when the endpoint does not exist (404)."""
    answers = []
    for call in calls:
        r = await call.send(client, path)
        if r.is_success:
            return path, call
        answers.append((call, r))
    if all(r.status_code == 404 for _, r in answers):
        return None
    print(f"NOTE: no request shape for {path} was accepted; measuring the first one. Answers:")
    for call, r in answers:
        print(f"  {call.description}: {r.status_code} {r.text[:300]}")
    return path, calls[0]


async def drive(client: httpx.AsyncClient, path: str, call: Call, result: Result, until: float) -> None:
    while time.perf_counter() < until:
        started = time.perf_counter()
        try:
            r = await call.send(client, path)
            status = str(r.status_code)
        except httpx.HTTPError as exc:
            status = type(exc).__name__
        result.statuses[status] += 1
        if status.startswith("2"):
            result.latencies_ms.append((time.perf_counter() - started) * 1000)


async def run_scenario(base_url: str, scenario: str, calls: list[Call], fallback: Call, args: argparse.Namespace) -> Result:
    limits = httpx.Limits(max_connections=args.concurrency, max_keepalive_connections=args.concurrency)
    async with httpx.AsyncClient(base_url=base_url, limits=limits, timeout=120) as client:
        chosen = await choose(client, f"/v1/{scenario}", calls)
        if chosen is None:
            print(f"NOTE: POST /v1/{scenario} answered 404 (not on this branch yet); "
                  f"measuring POST /v1/convert with the same file instead.")
            chosen = ("/v1/convert", fallback)
        else:
            print(f"{scenario}: POST {chosen[0]} as {chosen[1].description}")
        path, call = chosen
        warm = Result(scenario, path, args.warmup)
        await asyncio.gather(*(drive(client, path, call, warm, time.perf_counter() + args.warmup)
                               for _ in range(args.concurrency)))
        result = Result(scenario, path, args.duration)
        until = time.perf_counter() + args.duration
        await asyncio.gather(*(drive(client, path, call, result, until) for _ in range(args.concurrency)))
        return result


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def service(workers: int, env: dict[str, str] | None = None, log_path: Path | None = None,
            startup_timeout: float = 30) -> Iterator[str]:
    """Start `python -m app` on a free port; yield its base URL once /ready answers; stop it at the end.
    Its log (JSON lines) goes to `log_path` (default: a temporary file), shown if it fails to start."""
    port = free_port()
    environment = {**os.environ, "CHESS_HOST": "127.0.0.1", "CHESS_PORT": str(port), "CHESS_WORKERS": str(workers),
                   "CHESS_LOG_LEVEL": "warning", "PYTHONPATH": str(ROOT), **(env or {})}
    with tempfile.TemporaryDirectory() as scratch:
        log_path = log_path or Path(scratch) / "service.log"
        with log_path.open("w") as log:
            process = subprocess.Popen([sys.executable, "-m", "app"], cwd=ROOT, env=environment, stdout=log,
                                       stderr=subprocess.STDOUT)
        base_url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + startup_timeout
            while True:
                with contextlib.suppress(httpx.HTTPError):
                    if httpx.get(base_url + "/ready", timeout=1).status_code == 200:
                        break
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the service did not start:\n{log_path.read_text()}")
                time.sleep(0.1)
            yield base_url
        finally:
            process.terminate()
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", type=int, default=2, help="uvicorn worker processes (default 2)")
    parser.add_argument("--duration", type=float, default=20, help="seconds measured per scenario (default 20)")
    parser.add_argument("--warmup", type=float, default=2, help="seconds before measuring (default 2)")
    parser.add_argument("--concurrency", type=int, default=16, help="requests in flight (default 16)")
    parser.add_argument("--scenario", choices=["standings", "pairings"], action="append",
                        help="repeatable; default both")
    parser.add_argument("--trf", type=Path, help="tournament file (default: generated 150 players, 9 rounds)")
    parser.add_argument("--rounds", type=int, default=9, help="rounds of the generated tournament (default 9)")
    parser.add_argument("--players", type=int, default=150, help="players of the generated tournament")
    parser.add_argument("--tiebreaks", default=TIEBREAKS, help=f"tiebreak list (default {TIEBREAKS})")
    parser.add_argument("--url", help="drive this running service instead of starting one")
    parser.add_argument("--check-targets", action="store_true",
                        help=f"exit 1 unless standings reach {TARGET_RPS:g} req/s with p99 < {TARGET_P99_MS:g} ms")
    args = parser.parse_args(argv)

    if args.trf:
        full = args.trf.read_text(encoding="utf-8", errors="replace")
        before_last = strip_last_round(full)
    else:
        full = swiss_trf(args.players, args.rounds)
        before_last = swiss_trf(args.players, args.rounds, played=args.rounds - 1)
    fallback = Call("JSON to the JSON form", {"trf": full, "to": "json"})
    scenarios = args.scenario or ["standings", "pairings"]

    with contextlib.nullcontext(args.url) if args.url else service(args.workers) as base_url:
        print(f"service: {base_url} ({'external' if args.url else f'{args.workers} workers'}); "
              f"concurrency {args.concurrency}, {args.duration:g} s per scenario after {args.warmup:g} s warm-up")
        results = [asyncio.run(run_scenario(base_url, s, variants(s, full, before_last, args.rounds, args.tiebreaks),
                                            fallback, args)) for s in scenarios]
    print()
    print(HEADER)
    for result in results:
        print(result.row())
    print(json.dumps([{"scenario": r.scenario, "endpoint": r.endpoint, "requests": r.requests,
                       "ok_per_second": round(r.ok / r.seconds, 1), "p50_ms": round(r.percentile(50), 2),
                       "p95_ms": round(r.percentile(95), 2), "p99_ms": round(r.percentile(99), 2),
                       "statuses": dict(r.statuses)} for r in results]))
    standings = next((r for r in results if r.endpoint == "/v1/standings"), None)
    if args.check_targets:
        if standings is None:
            print("targets: not checked, /v1/standings was not measured")
            return 1
        met = standings.ok / standings.seconds >= TARGET_RPS and standings.percentile(99) < TARGET_P99_MS
        print(f"targets ({TARGET_RPS:g} req/s, p99 < {TARGET_P99_MS:g} ms): {'met' if met else 'NOT met'}")
        return 0 if met else 1
    return 0


def strip_last_round(text: str) -> str:
    """A TRF file without the last round block of each player line (the round to pair)."""
    lines = text.splitlines()
    players = [line for line in lines if line.startswith("001")]
    last = max(((len(line.rstrip()) - 89) + 9) // 10 for line in players) if players else 0
    cut = 89 + 10 * (last - 1)
    return "\n".join(line[:cut].rstrip() if line.startswith("001") else line for line in lines) + "\n"


if __name__ == "__main__":
    sys.exit(main())
