"""Benchmark: pair the last round of the large Swiss files in shared/bench.

Usage: python -m bench.dutch_bench [--repeat N] [--sizes 100,500,...] [--bench-dir PATH] [--cpu] [--root PATH]

`--cpu` times with `time.process_time` (CPU seconds of this process) instead of the wall clock, which the
shared machine makes noisy; `--root` pairs with the engine of another checkout of the project (e.g. the commit
before a change), so that two versions can be timed alternately in one session.

For each `dutch-nNNNN-played8-of9.trf` it pairs round 9 (the final round), checks
the answer against `...round9-reference.txt` when present (pairs and colours, not
board order) and prints the median time and the peak memory (tracemalloc peak of
the pairing itself, and the process's maximum resident size).
"""

from __future__ import annotations

import argparse
import re
import resource
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if "--root" in sys.argv:
    ROOT = Path(sys.argv[sys.argv.index("--root") + 1]).resolve()
sys.path.insert(0, str(ROOT))

from app.engine.pairing import pair_round  # noqa: E402
from app.formats.trf_reader import read_trf  # noqa: E402


def _default_dir() -> Path:
    for candidate in (ROOT.parent / "shared" / "bench", ROOT / ".." / ".." / "shared" / "bench",
                      Path("/work/shared/bench")):
        if candidate.exists():
            return candidate
    return ROOT.parent / "shared" / "bench"


def _reference(path: Path) -> set[tuple[int, int]] | None:
    ref = path.with_name(path.name.replace(".trf", ".round9-reference.txt"))
    if not ref.exists():
        return None
    numbers = [int(x) for x in ref.read_text().split()]
    count = numbers[0]
    return {(numbers[1 + 2 * i], numbers[2 + 2 * i]) for i in range(count)}


def run(bench_dir: Path, repeat: int, sizes: set[int] | None, trace_memory: bool, cpu: bool = False) -> int:
    files = sorted(bench_dir.glob("dutch-n*-played8-of9.trf"))
    status = 0
    print(f"{'players':>7} {'median s':>9} {'min s':>7} {'peak MiB':>9} {'maxrss MiB':>10}  reference")
    for path in files:
        size = int(re.search(r"-n(\d+)-", path.name).group(1))  # type: ignore[union-attr]
        if sizes and size not in sizes:
            continue
        tournament = read_trf(path.read_bytes()).tournament
        times = []
        result = None
        peak = 0
        for i in range(repeat):
            if trace_memory and i == 0:
                tracemalloc.start()
            clock = time.process_time if cpu else time.perf_counter
            start = clock()
            result = pair_round(tournament)
            times.append(clock() - start)
            if trace_memory and i == 0:
                peak = tracemalloc.get_traced_memory()[1]
                tracemalloc.stop()
        assert result is not None
        reference = _reference(path)
        if reference is None:
            verdict = "none"
        elif set(result.as_pairs()) == reference:
            verdict = "same pairs and colours"
        else:
            verdict = f"DIFFERENT ({len(set(result.as_pairs()) - reference)} pairs differ)"
            status = 1
        maxrss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        # with tracemalloc on, the first run is slower: leave it out of the median when possible
        timed = times[1:] if trace_memory and len(times) > 1 else times
        print(f"{size:>7} {statistics.median(timed):>9.2f} {min(timed):>7.2f} {peak / 2**20:>9.1f} "
              f"{maxrss:>10.1f}  {verdict}", flush=True)
    return status


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--sizes", default="")
    parser.add_argument("--bench-dir", type=Path, default=_default_dir())
    parser.add_argument("--no-memory", action="store_true", help="skip tracemalloc (it slows the first run)")
    parser.add_argument("--cpu", action="store_true", help="CPU time of this process instead of wall time")
    parser.add_argument("--root", type=Path, default=None, help="pair with the engine of this checkout")
    args = parser.parse_args()
    sizes = {int(x) for x in args.sizes.split(",") if x} or None
    print(f"engine: {ROOT}; clock: {'CPU (process_time)' if args.cpu else 'wall (perf_counter)'}")
    return run(args.bench_dir, args.repeat, sizes, not args.no_memory, args.cpu)


if __name__ == "__main__":
    raise SystemExit(main())
