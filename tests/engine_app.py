"""Test helper: the service app plus test-only routes for a slow engine job and an unexpected error."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi import APIRouter, FastAPI
from fastapi.testclient import TestClient

from app.api import runner
from app.config import Settings
from app.main import create_app

log = logging.getLogger("app.engine.test")
router = APIRouter(prefix="/test")


class Gate:
    """Engine jobs block on the gate until it opens (or `seconds` pass)."""

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.event = threading.Event()
        self.started = threading.Semaphore(0)

    def work(self, seconds: float) -> str:
        log.info("engine job started")
        self.started.release()
        self.event.wait(seconds)
        return "done"


gate = Gate()


@router.post("/slow")
async def slow(seconds: float = 10.0) -> dict[str, str]:
    return {"result": await runner.run_engine("slow-op", gate.work, seconds)}


@router.get("/boom")
async def boom() -> None:
    raise RuntimeError("boom")


def make_app() -> FastAPI:
    app = create_app()
    app.include_router(router)
    return app


@contextmanager
def engine_client(monkeypatch: pytest.MonkeyPatch, **limits: Any) -> Iterator[TestClient]:
    """A client on one event loop (so requests from several threads really run concurrently), with the
    runner's settings replaced by `limits`. At the end the gate opens and the jobs finish on that loop."""
    monkeypatch.setattr(runner, "settings", Settings(**limits))
    gate.reset()
    with TestClient(make_app(), raise_server_exceptions=False) as client:
        try:
            yield client
        finally:
            gate.event.set()
            deadline = time.monotonic() + 5
            while runner.in_flight() and time.monotonic() < deadline:
                client.get("/health")  # lets the loop run the jobs' completion callbacks
                time.sleep(0.01)
            assert runner.in_flight() == 0 and runner.overdue() == 0
