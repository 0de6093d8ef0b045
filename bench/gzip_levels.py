"""CPU cost and size of gzip at each level on the standings answer of a big real file (221 KB: the Karl Mala
Gedenkturnier, 284 players, 7 rounds, its default tie-breaks), against the CPU time of computing it.

    python -m bench.gzip_levels [TRF]

CPU time (time.process_time), best of several runs per level, so that other work on the machine matters
little; the ratio to the standings' own CPU time is the figure to compare between machines.
"""

from __future__ import annotations

import gzip
import sys
import time
from pathlib import Path

from app.cli import run

DEFAULT = Path(__file__).resolve().parents[2] / "shared" / "real" / "karl-mala-gedenkturnier-2005_284p_7r.trf"
REPEAT = 20


def best_cpu(work: object, repeat: int = REPEAT) -> float:
    best = float("inf")
    for _ in range(repeat):
        started = time.process_time()
        work()  # type: ignore[operator]
        best = min(best, time.process_time() - started)
    return best


def main() -> None:
    trf = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT
    data = trf.read_bytes()
    body = run("standings", data, []).body
    engine = best_cpu(lambda: run("standings", data, []), repeat=5)
    print(f"{trf.name}: standings answer {len(body)} bytes, computed in {engine * 1000:.1f} ms CPU")
    print("level  bytes    ratio  CPU ms  CPU / standings")
    for level in range(1, 10):
        packed = gzip.compress(body, compresslevel=level)
        cpu = best_cpu(lambda level=level: gzip.compress(body, compresslevel=level))
        print(f"{level:>5}  {len(packed):>6}  {len(packed) / len(body):5.3f}  {cpu * 1000:6.2f}  {cpu / engine:6.3f}")


if __name__ == "__main__":
    main()
