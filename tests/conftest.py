"""Shared test helpers: where the shared corpora live."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

# A fixed set of examples by default (reproducible: a red CI is never a coin toss);
# HYPOTHESIS_EXPLORE=1 draws new ones.
settings.register_profile("fixed", derandomize=True, print_blob=True)
if not os.environ.get("HYPOTHESIS_EXPLORE"):
    settings.load_profile("fixed")

ROOT = Path(__file__).resolve().parent.parent
SHARED = (ROOT.parent / "shared").resolve()
DATA = Path(__file__).resolve().parent / "data"


def sampled(items: list[Any], *, every: int = 10, ids: Callable[[Any], str] | None = None) -> list[Any]:
    """Parameters for a corpus test: every `every`-th item runs in the fast loop (`pytest -m "not slow"`), all of
    them in the full run."""
    return [pytest.param(item, id=ids(item) if ids else None, marks=() if k % every == 0 else pytest.mark.slow)
            for k, item in enumerate(items)]


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
