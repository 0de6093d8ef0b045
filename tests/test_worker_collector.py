"""An engine process's collector: the loaded modules frozen and the thresholds for engine jobs."""

from __future__ import annotations

import gc

import pytest

from app.api import worker


def test_an_engine_process_freezes_the_loaded_modules_and_sets_its_thresholds(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    monkeypatch.setattr(gc, "collect", lambda *a: calls.append("collect") or 0)
    monkeypatch.setattr(gc, "freeze", lambda: calls.append("freeze"))
    before = gc.get_threshold()
    try:
        worker.settle_collector()
        assert calls == ["collect", "freeze"]
        assert gc.get_threshold() == (50_000, 20, 20) == worker.COLLECTOR_THRESHOLDS
    finally:
        gc.set_threshold(*before)
