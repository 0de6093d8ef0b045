"""Shared test helpers: where the shared corpora live."""

from __future__ import annotations

import gc
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from _pytest.mark.structures import ParameterSet
from hypothesis import settings

# A fixed set of examples by default (reproducible: a red CI is never a coin toss);
# HYPOTHESIS_EXPLORE=1 draws new ones.
settings.register_profile("fixed", derandomize=True, print_blob=True)
if not os.environ.get("HYPOTHESIS_EXPLORE"):
    settings.load_profile("fixed")

ROOT = Path(__file__).resolve().parent.parent
SHARED = (ROOT.parent / "shared").resolve()
DATA = Path(__file__).resolve().parent / "data"


SLOW_MODULE = re.compile(r"^pytestmark = pytest\.mark\.slow\b", re.MULTILINE)


FAST_LOOP = False  # set at start-up: True under a marker expression that leaves `slow` out (`-m "not slow"`)


def _leaves_slow_out(config: pytest.Config) -> bool:
    markexpr = config.getoption("markexpr", "") or ""
    if not markexpr:
        return False
    try:
        from _pytest.mark.expression import Expression

        return not Expression.compile(markexpr).evaluate(lambda name, **_: name == "slow")
    except Exception:  # noqa: BLE001 - an expression pytest cannot read is pytest's to report
        return False


def pytest_configure(config: pytest.Config) -> None:
    global FAST_LOOP
    FAST_LOOP = _leaves_slow_out(config)
    # pytest loads this file as `conftest`; the tests import it as `tests.conftest`, a second module object
    import tests.conftest as imported

    imported.FAST_LOOP = FAST_LOOP


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """In the fast loop a module whose every test is slow (`pytestmark = pytest.mark.slow`) is not even
    imported: collecting them cost a third of the fast loop (schemathesis builds its tests from the
    OpenAPI document at collection)."""
    if not FAST_LOOP or collection_path.suffix != ".py" or not collection_path.name.startswith("test_"):
        return None
    return True if SLOW_MODULE.search(collection_path.read_text(encoding="utf-8")) else None


_frozen_module: list[object] = [None]


def pytest_runtest_setup(item: pytest.Item) -> None:
    """At the first test of each module, what earlier modules left alive (their caches of parsed corpora)
    goes to the garbage collector's permanent generation: else every full collection walks it again, and a
    small test late in the full run took 100 times its time alone (test_cli: 12 s against 0.09 s)."""
    module = getattr(item, "module", None)
    if module is not _frozen_module[0]:
        _frozen_module[0] = module
        gc.collect()
        gc.freeze()


def examples(n: int) -> int:
    """`max_examples` of a property test: `n` in the full run, a fifth of it (at least 5) in the fast loop."""
    return max(5, n // 5) if FAST_LOOP else n


def sampled(items: list[Any], *, every: int = 10, ids: Callable[[Any], str] | None = None) -> list[Any]:
    """Parameters for a corpus test: every `every`-th item runs in the fast loop (`pytest -m "not slow"`), all of
    them in the full run. An item may itself be a `pytest.param` (its id and marks are kept)."""
    out = []
    for k, item in enumerate(items):
        marks = () if k % every == 0 else (pytest.mark.slow,)
        if isinstance(item, ParameterSet):
            out.append(pytest.param(*item.values, id=item.id, marks=(*item.marks, *marks)))
        else:
            out.append(pytest.param(item, id=ids(item) if ids else None, marks=marks))
    return out


def shared_path(*parts: str) -> Path:
    return SHARED.joinpath(*parts)


def require_shared() -> None:
    if not SHARED.is_dir():
        pytest.fail(f"the shared corpora are missing: {SHARED}")


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Say where the calculator page's browser tests left their screenshots."""
    from tests.browser import SCREENSHOT_COUNT, SCREENSHOTS

    taken = terminalreporter.config.stash.get(SCREENSHOT_COUNT, 0)
    if taken:
        terminalreporter.write_line(f"calculator page screenshots ({taken} taken in this run): {SCREENSHOTS}")
