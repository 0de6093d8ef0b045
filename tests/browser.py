"""Helpers of the browser tests (tests/test_calculator_browser.py): the Chromium to drive, where the screenshots
go, and the API's values formatted as the page shows them."""

from __future__ import annotations

import contextlib
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests.conftest import ROOT

if TYPE_CHECKING:
    from playwright.sync_api import Browser

SCREENSHOTS = ROOT / "artifacts" / "screenshots"
SCREENSHOT_COUNT = pytest.StashKey[int]()  # files saved in this session, reported at the end

# Debian's Chromium, headless; no sandbox (CI runs as root), nothing fetched from the network by the browser.
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]
CHROMIUM_DEFAULT = "/usr/bin/chromium"


def chromium_path() -> Path | None:
    """CALCULATOR_CHROMIUM if set, else /usr/bin/chromium, else `chromium` on the PATH; None if none exists."""
    explicit = os.environ.get("CALCULATOR_CHROMIUM")
    if explicit:
        return Path(explicit) if Path(explicit).is_file() else None
    if Path(CHROMIUM_DEFAULT).is_file():
        return Path(CHROMIUM_DEFAULT)
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    return Path(found) if found else None


MISSING_CHROMIUM = (
    "Chromium was not found (looked at $CALCULATOR_CHROMIUM, /usr/bin/chromium and `chromium` on the PATH). "
    "The calculator page's browser tests need it: `apt-get install -y --no-install-recommends chromium` "
    "(.ci/run does this), or point CALCULATOR_CHROMIUM at a Chromium binary. `playwright install` is not used."
)
MISSING_PLAYWRIGHT = (
    "the Python package `playwright` is missing: install the test extra (`pip install -e '.[test]'`)"
)


def shown(value: float | int | None) -> str:
    """A JSON number as the page prints it (JavaScript's String(number)); "—" where undefined."""
    if value is None:
        return "—"
    number = float(value)
    return str(int(number)) if number.is_integer() else repr(number)


@contextlib.contextmanager
def launched_chromium(timeout_ms: int) -> Iterator[Browser]:
    """Headless Chromium driven by Playwright, with `expect` waiting up to `timeout_ms`; the test fails (it is
    not skipped) when Playwright or Chromium is missing."""
    try:
        from playwright.sync_api import expect, sync_playwright
    except ImportError:
        pytest.fail(MISSING_PLAYWRIGHT, pytrace=False)
    executable = chromium_path()
    if executable is None:
        pytest.fail(MISSING_CHROMIUM, pytrace=False)
    expect.set_options(timeout=timeout_ms)
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(executable), headless=True, args=CHROMIUM_ARGS)
        yield launched
        launched.close()
