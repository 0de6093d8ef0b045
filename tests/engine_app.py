"""Test helper: the service app plus test-only routes for the jobs of tests.engine_jobs and an unexpected
error, and a way to run it with other settings."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi import APIRouter, FastAPI, Request
from fastapi.testclient import TestClient
from starlette.responses import Response

from app.api import front
from app.api.runtime import runtime
from app.config import Settings
from app.main import create_app
from tests.engine_jobs import crashing_job, memory_job, slow_job

router = APIRouter(prefix="/test")


async def _run(request: Request, function: Any, operation: str = "slow-op") -> Response:
    body = await front.read_body(request)
    answer = await runtime.run(front.job_request(request, operation, body), function=function)
    return front.answer_response(answer)


@router.post("/slow")
async def slow(request: Request) -> Response:
    return await _run(request, slow_job)


@router.post("/crash")
async def crash(request: Request) -> Response:
    return await _run(request, crashing_job)


@router.post("/memory")
async def memory(request: Request) -> Response:
    return await _run(request, memory_job, "test-memory")


@router.get("/boom")
async def boom() -> None:
    raise RuntimeError("boom")


def make_app() -> FastAPI:
    app = create_app()
    app.include_router(router)
    return app


@contextmanager
def engine_settings(monkeypatch: pytest.MonkeyPatch, **overrides: Any) -> Iterator[Settings]:
    """The front and the pool with `overrides` over the settings from the environment."""
    new = Settings(**overrides)
    old, old_front = runtime.config, front.settings
    front.settings = new
    runtime.configure(new)
    try:
        yield new
    finally:
        front.settings = old_front
        runtime.configure(old)


@contextmanager
def engine_client(monkeypatch: pytest.MonkeyPatch, **overrides: Any) -> Iterator[TestClient]:
    """A client on one event loop (so requests from several threads really run concurrently) with the test
    routes, under `overrides`; at the end no job is left running or queued."""
    with engine_settings(monkeypatch, **overrides), TestClient(make_app(), raise_server_exceptions=False) as client:
        try:
            yield client
        finally:
            deadline = time.monotonic() + 60
            while (runtime.running() or runtime.queued()) and time.monotonic() < deadline:
                client.get("/health")  # lets the loop finish the jobs
                time.sleep(0.01)
            assert runtime.running() == 0 and runtime.queued() == 0
