"""Engine work runs off the event loop, with a time budget and a bounded queue.

A burst beyond `max_concurrent_jobs + max_queued_jobs` waiting jobs is answered 503 at once;
a job that exceeds `request_timeout` is answered 504 (the worker thread finishes in the
background and its result is dropped; until then it counts as overdue, and when every engine
thread is overdue the worker reports itself not ready).
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
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
_overdue = 0

# Observers of engine time, e.g. the metrics module: callback(operation, seconds, outcome).
engine_time_observers: list[Callable[[str, float, str], None]] = []


def in_flight() -> int:
    return _in_flight


def overdue() -> int:
    return _overdue


def capacity() -> int:
    return settings.max_concurrent_jobs + settings.max_queued_jobs


def stalled() -> bool:
    """Every engine thread is stuck with a job whose request has already timed out."""
    return _overdue >= max(1, settings.max_concurrent_jobs)


def _count(in_flight_change: int, overdue_change: int) -> None:
    global _in_flight, _overdue
    with _lock:
        _in_flight += in_flight_change
        _overdue += overdue_change


async def run_engine(operation: str, fn: Callable[..., T], *args: object, timeout: float | None = None) -> T:
    global _in_flight
    with _lock:
        if _in_flight >= capacity():
            raise ProblemException(503, "busy", "the service is busy; try again shortly", retry_after=1)
        _in_flight += 1
    started = time.perf_counter()
    outcome = "ok"
    loop = asyncio.get_running_loop()
    # The job sees the request's context variables (request id for its log lines).
    call = functools.partial(contextvars.copy_context().run, fn, *args)
    future = loop.run_in_executor(_executor, call)
    try:
        budget = settings.request_timeout if timeout is None else timeout
        return await asyncio.wait_for(asyncio.shield(future), timeout=budget)
    except TimeoutError:
        outcome = "timeout"
        raise ProblemException(504, "timeout", f"the {operation} took longer than the time budget of "
                               f"{budget:g} s") from None
    except asyncio.CancelledError:  # the client went away
        outcome = "cancelled"
        raise
    except Exception:
        outcome = "error"
        raise
    finally:
        if future.done():
            _count(-1, 0)
        else:  # the request is over but the thread is still busy with it
            _count(0, 1)
            future.add_done_callback(lambda _: _count(-1, -1))
        elapsed = time.perf_counter() - started
        for observe in engine_time_observers:
            observe(operation, elapsed, outcome)
