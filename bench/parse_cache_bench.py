"""What a request pays for the parse cache's own copy of a tournament (app/api/inputs.py).

    PYTHONPATH=. python bench/parse_cache_bench.py [--repeat 9] [files...]

A cached tournament must not be changed by an engine serving another request. The cache keeps the
loaded tournament as immutable bytes (a pickle) and gives each request its own copy; this prints, in
CPU time (best of `--repeat`), what that costs against reading the file again (decode, parse, checks),
and against the alternatives: a deep copy of the model, or nothing (a shared model, or a frozen one).
"""

from __future__ import annotations

import argparse
import copy
import pickle
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.formats.loader import load_tournament  # noqa: E402

SHARED = ROOT.parent / "shared"
FILES = [SHARED / "real" / "karl-mala-gedenkturnier-2005_284p_7r.trf",
         SHARED / "bench" / "dutch-n2000-played8-of9.trf"]


def cpu_ms(work: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=9)
    parser.add_argument("files", nargs="*", type=Path)
    args = parser.parse_args()
    print(f"{'file':<46} {'read':>8} {'unpickle':>9} {'ratio':>6} {'deepcopy':>9} {'ratio':>6} {'pickle':>8}")
    for path in args.files or FILES:
        raw = path.read_bytes()
        loaded = load_tournament(raw)
        blob = pickle.dumps(loaded, pickle.HIGHEST_PROTOCOL)
        read = cpu_ms(lambda: load_tournament(raw), args.repeat)  # noqa: B023
        unpickle = cpu_ms(lambda: pickle.loads(blob), args.repeat)  # noqa: B023
        deep = cpu_ms(lambda: copy.deepcopy(loaded), args.repeat)  # noqa: B023
        print(f"{path.name[:46]:<46} {read:7.1f}ms {unpickle:8.1f}ms {unpickle / read:6.2f} {deep:8.1f}ms "
              f"{deep / read:6.2f} {len(blob) / 1024:6.0f}KiB")


if __name__ == "__main__":
    main()
