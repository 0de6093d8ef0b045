"""Benchmark of the tie-break engine on large Swiss tournaments.

    PYTHONPATH=. python bench/tiebreaks_bench.py [--repeat 7] [--list main|all] [files...]

For each file: read the TRF once, then time `compute_standings` (the engine alone) with the
chosen specifier list; print the median time and the peak memory of one computation
(tracemalloc), plus the time to render every value and explanation, and the whole
POST /v1/standings (multipart upload of the TRF, reading, computing, JSON answer) in process,
with and without explanations. CPU time is shown too, for machines shared with other work.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.engine.model import Tournament  # noqa: E402
from app.engine.tiebreaks import compute_standings  # noqa: E402
from app.formats.trf_reader import read_trf  # noqa: E402

BENCH = ROOT.parent / "shared" / "bench" / "tiebreaks"
MAIN = ("PTS DE WIN WON BPG BWG REP GE BH BH/C1 BH/C2 BH/M1 BH/M2 FB FB/C1 FB/C2 FB/M1 FB/M2 SB SB/C1 SB/C2 "
        "AOB AOB/F PS PS/C1 PS/C2 KS KS/L40 KS/L-2 ARO ARO/C1 ARO/C2 ARO/M1 ARO/M2 TPR PTP APRO APPO RTNG")
ALL = (MAIN + " DE/P BH/P BH/C1/P BH/C2/P BH/M1/P BH/M2/P FB/P FB/C1/P FB/C2/P FB/M1/P FB/M2/P SB/P SB/C1/P "
       "SB/C2/P BH/V2024 BH/C1/V2024 BH/C2/V2024 BH/M1/V2024 BH/M2/V2024 FB/V2024 FB/C1/V2024 FB/M1/V2024 "
       "SB/V2024 SB/C1/V2024 AOB/V2024 ARO/C1/V2022 ARO/C2/V2022 ARO/M1/V2022")
LISTS = {"main": MAIN, "all": ALL}


def engine(t: Tournament, specs: str) -> object:
    return compute_standings(t, specs)


def engine_and_render(t: Tournament, specs: str) -> object:
    st = compute_standings(t, specs)
    for e in st.entries:
        for tb in e.tiebreaks:
            _ = tb.value, tb.explanation
    return st


def _api(explanations: bool) -> Callable[[Tournament, str], object]:
    """POST /v1/standings in process (ASGI, no network): upload, read, compute, render, JSON."""
    import dataclasses

    from fastapi.testclient import TestClient

    from app.api import inputs
    from app.formats.trf_writer import write_trf
    from app.main import app

    # Every call reads the file again: the parse cache would serve repeated uploads of the same bytes.
    inputs.settings = dataclasses.replace(inputs.settings, parse_cache_entries=0)
    client = TestClient(app)
    texts: dict[int, str] = {}

    def call(t: Tournament, specs: str) -> object:
        text = texts.setdefault(id(t), write_trf(t))
        r = client.post("/v1/standings", files={"file": ("bench.trf", text.encode())},
                        data={"tiebreaks": specs, "explanations": str(explanations).lower()})
        assert r.status_code == 200, r.text
        return r.content
    return call


PATHS: dict[str, Callable[[Tournament, str], object]] = {
    "engine": engine,
    "engine + every value and explanation": engine_and_render,
    "API end to end, values only": _api(False),
    "API end to end, with explanations": _api(True),
}


def measure(fn: Callable[[Tournament, str], object], t: Tournament, specs: str,
            repeat: int) -> tuple[float, float, float]:
    """Median wall time, median CPU time (the machine may be shared) and peak memory in MB."""
    wall, cpu = [], []
    for _ in range(repeat):
        gc.collect()
        start, start_cpu = time.perf_counter(), time.process_time()
        fn(t, specs)
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    gc.collect()
    tracemalloc.start()
    fn(t, specs)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return statistics.median(wall), statistics.median(cpu), peak / 2**20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--list", choices=sorted(LISTS), default="main")
    args = parser.parse_args()
    files = args.files or [BENCH / "bench-500x11.trf", BENCH / "bench-2000x11.trf"]
    gc.collect()
    gc.freeze()  # as the service does once started (app.main.lifespan): collections skip the loaded modules
    specs = LISTS[args.list]
    print(f"{len(specs.split())} specifiers ({args.list}), median of {args.repeat} runs")
    for path in files:
        t = read_trf(path.read_bytes()).tournament
        n = len(t.players)
        for name, fn in PATHS.items():
            wall, cpu, peak = measure(fn, t, specs, args.repeat)
            print(f"{path.name:20} {n:5} players x {t.rounds_played:2} rounds  {name:38} "
                  f"median {wall * 1000:7.1f} ms (cpu {cpu * 1000:7.1f} ms)   peak {peak:6.1f} MB")


if __name__ == "__main__":
    main()
