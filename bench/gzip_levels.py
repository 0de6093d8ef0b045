"""CPU cost and size of gzip at each level on a standings answer, against the CPU time of computing it.

    python -m bench.gzip_levels              # the issue-11 workload: a generated 158-player 9-round Swiss,
                                             # tie-breaks BH/C1 BH SB DE WIN ARO (as bench/load_test.py --issue11)
    python -m bench.gzip_levels TRF          # a file with its default tie-breaks, e.g. the 221 KB standings of
                                             # ../shared/real/karl-mala-gedenkturnier-2005_284p_7r.trf

The standings are computed as the service computes them (app.cli.run: the worker's own code path, JSON body as
the load test sends it). CPU time (time.process_time), best of several runs per level, so that other work on the
machine matters little; the ratio to the standings' own CPU time is the figure to compare between machines.
"""

from __future__ import annotations

import gzip
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

from app.cli import run
from bench.load_test import ISSUE11_TIEBREAKS
from bench.swiss_trf import trf as swiss_trf

REPEAT = 20


def best_cpu(work: Callable[[], object], repeat: int = REPEAT) -> float:
    best = float("inf")
    for _ in range(repeat):
        started = time.process_time()
        work()
        best = min(best, time.process_time() - started)
    return best


def main() -> None:
    if len(sys.argv) > 1:
        trf = Path(sys.argv[1])
        label, body_in, ctype = trf.name, trf.read_bytes(), "text/plain"
    else:
        label = "issue 11: 158 players, 9 rounds, " + ISSUE11_TIEBREAKS
        body_in = json.dumps({"trf": swiss_trf(158, 9), "tiebreaks": ISSUE11_TIEBREAKS.split(",")}).encode()
        ctype = "application/json"

    def standings() -> bytes:
        answer = run("standings", body_in, [], content_type=ctype)
        assert answer.status == 200, answer.body[:300]
        return answer.body

    body = standings()
    engine = best_cpu(standings, repeat=7)
    print(f"{label}: standings answer {len(body)} bytes, computed in {engine * 1000:.1f} ms CPU (best of 7)")
    print("level  bytes    ratio  CPU ms  CPU / standings")
    for level in range(1, 10):
        packed = gzip.compress(body, compresslevel=level)
        cpu = best_cpu(lambda level=level: gzip.compress(body, compresslevel=level))  # type: ignore[misc]
        print(f"{level:>5}  {len(packed):>6}  {len(packed) / len(body):5.3f}  {cpu * 1000:6.2f}  {cpu / engine:6.3f}")


if __name__ == "__main__":
    main()
