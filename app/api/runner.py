"""Engine work runs off the event loop, with a time budget and a bounded queue.

A burst beyond `max_concurrent_jobs + max_queued_jobs` waiting jobs is answered 503 at once;
a job that exceeds `request_timeout` is answered 504 (the worker thread finishes in the
background and its result is dropped).
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from app.api.problems import ProblemException
from app.config import settings

T = TypeVar("T")

_executor = ThreadPoolExecutor(max_workers=max(1, settings.max_concurrent_jobs), thread_name_prefix="engine")
_lock = threading.Lock()
_in_flight = 0

# Observers of engine time, e.g. the metrics module: callback(operation, seconds, outcome).
engine_time_observers: list[Callable[[str, float, str], None]] = []


def in_flight() -> int:
    return _in_flight


async def run_engine(operation: str, fn: Callable[..., T], *args: object, timeout: float | None = None) -> T:
    global _in_flight
    limit = settings.max_concurrent_jobs + settings.max_queued_jobs
    with _lock:
        if _in_flight >= limit:
            raise ProblemException(503, "busy", "the service is busy; try again shortly", retry_after=1)
        _in_flight += 1
    started = time.perf_counter()
    outcome = "ok"
    loop = asyncio.get_running_loop()
    future = loop.run_in_executor(_executor, fn, *args)
    try:
        budget = settings.request_timeout if timeout is None else timeout
        return await asyncio.wait_for(asyncio.shield(future), timeout=budget)
    except TimeoutError:
        outcome = "timeout"
        raise ProblemException(504, "timeout", f"the {operation} took longer than the time budget of "
                               f"{settings.request_timeout:g} s") from None
    except Exception:
        outcome = "error"
        raise
    finally:
        def _release(_: object) -> None:
            global _in_flight
            with _lock:
                _in_flight -= 1
        if future.done():
            _release(None)
        else:
            future.add_done_callback(_release)
        elapsed = time.perf_counter() - started
        for observe in engine_time_observers:
            observe(operation, elapsed, outcome)
