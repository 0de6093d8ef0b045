"""The sizes issue 17 set for the code a next engineer changes: no module of app/formats over 600 lines (the TRF
layout is a table, `read_trf` a dispatch), and the Dutch engine's parts (weights, bracket phases,
transposition search, club avoidance) each under 400."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import ROOT

FORMATS = sorted((ROOT / "app" / "formats").rglob("*.py"))
DUTCH = sorted((ROOT / "app" / "engine" / "pairing" / "dutch").glob("*.py"))


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


@pytest.mark.parametrize("path", FORMATS, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_formats_module_over_600_lines(path: Path) -> None:
    assert _lines(path) <= 600


@pytest.mark.parametrize("path", DUTCH, ids=lambda p: p.name)
def test_each_part_of_the_dutch_engine_under_400_lines(path: Path) -> None:
    assert _lines(path) < 400


def test_the_modules_are_found() -> None:
    assert len(FORMATS) > 10 and len(DUTCH) > 8
