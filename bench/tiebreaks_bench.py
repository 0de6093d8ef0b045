"""Benchmark of the tie-break engine on large Swiss tournaments, and its ratio to the FIDE reference.

    PYTHONPATH=. python bench/tiebreaks_bench.py [--repeat 7] [--list main|all] [--reference DIR] [files...]

For each file: read the TRF once, then time `compute_standings` (the engine alone) with the
chosen specifier list; print the median time and the peak memory of one computation
(tracemalloc), plus the time to render every value and explanation, and POST /v1/standings as
its engine process runs it (the JSON request body with the TRF, reading, computing, the encoded
answer) in this process, with and without explanations. CPU time is shown too, for machines shared with other work.

The ratio to TieBreakServer (the FIDE TEC reference, github OttoMilvang/TieBreakServer, never part
of this repository) is printed when a checkout of it is found: `--reference DIR`, else the
`TIEBREAKSERVER` environment variable, else a directory holding `tiebreakchecker.py` under
`../oracles/` beside this repository. The reference runs as its users run it,
`python tiebreakchecker.py -i FILE -o OUT -dT -t SPECIFIERS...` (reading the TRF, computing every
value, writing them), and its CPU time is the child process's user + system time. The engine's
side of the ratio does the same work in process: read the TRF, compute the standings, every value
as a number ("values only") and, for the second ratio, every explanation too. Both sides are timed
in the same run, the engine before and after the reference (median of all its runs), so that a
machine whose speed varies over minutes is compared with itself. Without the reference, the
absolute times are printed.
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

import os  # noqa: E402
import resource  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402

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
    """POST /v1/standings as its engine process runs it (app.api.operations.standings), in this process: the
    request body (JSON with the TRF text), reading, computing, rendering, the encoded JSON answer. The front
    process's share (HTTP, handing the bytes over) is left out: it computes nothing."""
    import dataclasses
    import json

    from app.api.job import JobRequest, Limits
    from app.api.operations.standings import standings
    from app.config import settings
    from app.formats.trf_writer import write_trf

    # Every call reads the file again: the parse cache would serve repeated uploads of the same bytes.
    limits = dataclasses.replace(Limits.from_settings(settings), parse_cache=0)
    bodies: dict[tuple[int, str], bytes] = {}

    def call(t: Tournament, specs: str) -> object:
        body = bodies.get((id(t), specs)) or bodies.setdefault((id(t), specs), json.dumps(
            {"trf": write_trf(t), "tiebreaks": specs, "explanations": explanations}).encode())
        answer = standings(JobRequest("standings", limits, body, "application/json"))
        assert answer.status == 200, answer.body[:500]
        return answer.body
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


def read_and_values(data: bytes, specs: str) -> object:
    """What the reference does, in process: read the TRF, compute, every value as a number."""
    st = compute_standings(read_trf(data).tournament, specs)
    return st.value_columns()


def read_values_and_explanations(data: bytes, specs: str) -> object:
    st = compute_standings(read_trf(data).tournament, specs)
    return st.value_columns(), st.explanation_columns()


RATIO_PATHS: dict[str, Callable[[bytes, str], object]] = {
    "values only": read_and_values,
    "with every explanation": read_values_and_explanations,
}


def find_reference(given: Path | None) -> Path | None:
    """A TieBreakServer checkout: the option, the TIEBREAKSERVER variable, or one under ../oracles/."""
    candidates = [given] if given else []
    if os.environ.get("TIEBREAKSERVER"):
        candidates.append(Path(os.environ["TIEBREAKSERVER"]))
    oracles = ROOT.parent / "oracles"
    if oracles.is_dir():
        candidates += sorted(p.parent for p in oracles.glob("*/tiebreakchecker.py"))
    return next((c for c in candidates if (c / "tiebreakchecker.py").is_file()), None)


def reference_cpu(reference: Path, path: Path, specs: str, python: str) -> float:
    """CPU seconds (user + system) of one run of the reference's tie-break checker on `path`."""
    with tempfile.TemporaryDirectory() as out:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([python, "tiebreakchecker.py", "-i", str(path.resolve()), "-o", str(Path(out) / "tb.txt"),
                        "-dT", "-t", *specs.split()], cwd=reference, check=True, stdout=subprocess.DEVNULL)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def cpu_median(fn: Callable[[bytes, str], object], data: bytes, specs: str, repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        gc.collect()
        start = time.process_time()
        fn(data, specs)
        times.append(time.process_time() - start)
    return times


def ratios(reference: Path, path: Path, specs: str, repeat: int, reference_repeat: int, python: str) -> None:
    data = path.read_bytes()
    ours: dict[str, list[float]] = {name: cpu_median(fn, data, specs, repeat) for name, fn in RATIO_PATHS.items()}
    theirs = [reference_cpu(reference, path, specs, python) for _ in range(reference_repeat)]
    for name, fn in RATIO_PATHS.items():
        ours[name] += cpu_median(fn, data, specs, repeat)
    ref = statistics.median(theirs)
    print(f"{path.name:20} TieBreakServer ({reference.name}), CPU of the CLI run: {ref:7.2f} s "
          f"(median of {reference_repeat})")
    for name, times in ours.items():
        cpu = statistics.median(times)
        print(f"{path.name:20} engine, read + standings, {name:24} cpu {cpu * 1000:7.1f} ms   "
              f"ratio {ref / cpu:6.1f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--list", choices=sorted(LISTS), default="main")
    parser.add_argument("--reference", type=Path, help="a TieBreakServer checkout (default: see above)")
    parser.add_argument("--reference-repeat", type=int, default=1, help="runs of the reference per file")
    parser.add_argument("--reference-python", default=sys.executable, help="the interpreter to run it with")
    parser.add_argument("--ratio-only", action="store_true", help="only the ratios to the reference")
    args = parser.parse_args()
    files = args.files or [BENCH / "bench-500x11.trf", BENCH / "bench-2000x11.trf"]
    from app.api.worker import settle_collector
    settle_collector()  # as an engine process does once started: the loaded modules frozen, its thresholds
    specs = LISTS[args.list]
    print(f"{len(specs.split())} specifiers ({args.list}), median of {args.repeat} runs")
    reference = find_reference(args.reference)
    if reference is None:
        print("TieBreakServer not found (--reference DIR or TIEBREAKSERVER): absolute times only")
    for path in files:
        if reference is not None:
            ratios(reference, path, specs, args.repeat, args.reference_repeat, args.reference_python)
        if args.ratio_only and reference is not None:
            continue
        t = read_trf(path.read_bytes()).tournament
        n = len(t.players)
        for name, fn in PATHS.items():
            wall, cpu, peak = measure(fn, t, specs, args.repeat)
            print(f"{path.name:20} {n:5} players x {t.rounds_played:2} rounds  {name:38} "
                  f"median {wall * 1000:7.1f} ms (cpu {cpu * 1000:7.1f} ms)   peak {peak:6.1f} MB")


if __name__ == "__main__":
    main()
