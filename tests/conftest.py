"""Shared test helpers: where the shared corpora live."""

from __future__ import annotations

import os
from pathlib import Path

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


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--run-slow", action="store_true", default=False,
                     help="also run the tests marked slow (thousands of generated rounds); or RUN_SLOW=1, or -m slow")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked `slow` run only on request: the default run stays fast, each has a small always-run twin."""
    if config.getoption("--run-slow") or os.environ.get("RUN_SLOW") or "slow" in (config.getoption("-m") or ""):
        return
    skip = pytest.mark.skip(reason="slow: run with --run-slow (or RUN_SLOW=1, or -m slow)")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


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
