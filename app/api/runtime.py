"""Engine jobs in a pool of worker processes that can be killed: the front process's side.

Every engine computation runs in a `pebble.ProcessPool` (pebble kills a worker process whose task is
cancelled or over its timeout and starts another). This module decides when a job may start:

- at most `engine_processes` ordinary jobs run at once. A job that has run `SLOW_JOB_FRACTION` of
  `long_job_after` no longer counts against them, so that the next job may start beside it: a few
  expensive requests cannot hold back the small ones queued behind them for long. A job that has run
  `long_job_after` seconds is *long*: its process lowers its own CPU priority (app.api.worker). At most
  `max_long_jobs` such jobs run beside the ordinary ones (the pool keeps `engine_processes +
  max_long_jobs` processes);
- jobs that cannot start wait in a queue of at most `max_queued_jobs` (503 with Retry-After beyond);
- each request has `request_timeout` seconds from its arrival, queueing included. A job still queued at
  its deadline is answered 504 and never starts; a running one is answered 504 and its process is killed
  at once; a job whose client has gone away is cancelled the same way;
- a pool that broke (pebble gives up when workers die with nothing running) is replaced by a new one.

Only the front process runs this module; the pool's processes run app.api.worker.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import CancelledError as FutureCancelled
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

from pebble import ProcessExpired, ProcessPool

from app.api.errors import ProblemException
from app.api.job import JobAnswer, JobRequest
from app.api.language import say
from app.config import Settings, settings

log = logging.getLogger("app.runtime")

# Engine time observers (metrics, access log): callback(operation, seconds, outcome).
engine_time_observers: list[Callable[[str, float, str], None]] = []

PRELOAD = ["app.api.worker", "app.api.operations"]
BREAKDOWNS_UNHEALTHY, BREAKDOWN_WINDOW = 3, 60.0
SLOW_JOB_FRACTION = 0.2  # of long_job_after: 0.1 s by default, beyond the usual standings or pairing


class ClientGone(Exception):
    """The client closed the connection before its answer was ready."""


@dataclass(eq=False)
class _Running:
    operation: str
    started: float = field(default_factory=time.monotonic)


@dataclass(eq=False)
class _Waiter:
    operation: str
    ready: asyncio.Future[None]
    entry: _Running | None = None  # set when the job is admitted


class EngineRuntime:
    def __init__(self, config: Settings) -> None:
        self.config = config
        self._pool: ProcessPool | None = None
        self._pool_lock = threading.Lock()
        self._waiting: deque[_Waiter] = deque()
        self._running: set[_Running] = set()
        self._breakdowns: deque[float] = deque(maxlen=BREAKDOWNS_UNHEALTHY)

    # ---------------------------------------------------------------- the pool

    def pool(self) -> ProcessPool:
        with self._pool_lock:
            if self._pool is None or not self._pool.active:
                if self._pool is not None:
                    log.error("the engine pool broke; starting a new one")
                    self._breakdowns.append(time.monotonic())
                    self._pool.stop()
                context = multiprocessing.get_context("forkserver")
                context.set_forkserver_preload(PRELOAD)
                c = self.config
                from app.api import worker

                self._pool = ProcessPool(max_workers=c.pool_processes, context=context, initializer=worker.initialize,
                                         initargs=(c.max_job_memory_mb, c.long_job_after, c.log_level))
            return self._pool

    def healthy(self) -> bool:
        """False once the pool has broken `BREAKDOWNS_UNHEALTHY` times within `BREAKDOWN_WINDOW` seconds: the
        engine processes cannot run here, and the liveness probe should have the service restarted."""
        return not (len(self._breakdowns) == BREAKDOWNS_UNHEALTHY
                    and time.monotonic() - self._breakdowns[0] < BREAKDOWN_WINDOW)

    def start(self) -> bool:
        """Start the worker processes now rather than on the first request; False if they already run."""
        from app.api import worker

        with self._pool_lock:
            running = self._pool is not None and self._pool.active
        if not running:
            self.pool().schedule(worker.warm_up).result(timeout=120)
        return not running

    def stop(self) -> None:
        with self._pool_lock:
            if self._pool is not None:
                self._pool.stop()
                self._pool.join(timeout=10)
                self._pool = None

    def configure(self, config: Settings) -> None:
        """New settings (tests); the pool is rebuilt when its shape changes."""
        old, self.config = self.config, config
        if (old.pool_processes, old.max_job_memory_mb, old.long_job_after) != (
                config.pool_processes, config.max_job_memory_mb, config.long_job_after):
            self.stop()

    # ---------------------------------------------------------------- admission

    def running(self) -> int:
        return len(self._running)

    def queued(self) -> int:
        return len(self._waiting)

    def long_running(self, after: float | None = None) -> int:
        limit = time.monotonic() - (self.config.long_job_after if after is None else after)
        return sum(1 for r in self._running if r.started <= limit)

    def capacity(self) -> int:
        return self.config.pool_processes + self.config.max_queued_jobs

    def busy(self) -> bool:
        return not self._can_start() and len(self._waiting) >= self.config.max_queued_jobs

    def _can_start(self) -> bool:
        c = self.config
        if len(self._running) >= c.pool_processes:
            return False
        return len(self._running) - self.long_running(SLOW_JOB_FRACTION * c.long_job_after) < c.engine_processes

    def _pump(self) -> None:
        while self._waiting and self._can_start():
            waiter = self._waiting.popleft()
            if not waiter.ready.done():
                waiter.entry = _Running(waiter.operation)
                self._running.add(waiter.entry)  # counted at once: the pump may go on
                waiter.ready.set_result(None)

    def _schedule_pump(self, after: float) -> None:
        asyncio.get_running_loop().call_later(after, self._pump)

    async def _admit(self, operation: str, deadline: float) -> _Running:
        if not self._waiting and self._can_start():
            entry = _Running(operation)
            self._running.add(entry)
            return entry
        if len(self._waiting) >= self.config.max_queued_jobs:
            raise ProblemException(503, "busy", say("busy"), retry_after=1)
        loop = asyncio.get_running_loop()
        waiter = _Waiter(operation, loop.create_future())
        self._waiting.append(waiter)
        try:
            await asyncio.wait_for(asyncio.shield(waiter.ready), timeout=max(0.0, deadline - time.monotonic()))
        except (TimeoutError, asyncio.CancelledError):
            if waiter.entry is not None:  # admitted just as the wait ended: give the place back
                self._release(waiter.entry)
            else:
                waiter.ready.cancel()
                self._waiting.remove(waiter)
            raise
        assert waiter.entry is not None
        return waiter.entry

    def _release(self, entry: _Running) -> None:
        self._running.discard(entry)
        self._pump()

    # ---------------------------------------------------------------- running a job

    async def run(self, job: JobRequest, *, deadline: float | None = None,
                  disconnected: asyncio.Future[None] | None = None,
                  function: Callable[[JobRequest], JobAnswer] | None = None) -> JobAnswer:
        """Run `job` in the pool (by default through app.api.worker.execute) and return its answer."""
        from app.api import worker

        budget = self.config.request_timeout
        deadline = time.monotonic() + budget if deadline is None else deadline
        started = time.perf_counter()
        outcome = "ok"
        try:
            try:
                entry = await self._admit(job.operation, deadline)
            except TimeoutError:
                outcome = "timeout"
                raise self._timeout(job.operation, budget, started=False) from None
            try:
                self._schedule_pump(SLOW_JOB_FRACTION * self.config.long_job_after + 0.001)
                remaining = max(0.001, deadline - time.monotonic())
                future = self.pool().schedule(function or worker.execute, args=(job,), timeout=remaining + 1)
                waiting = asyncio.wrap_future(future)
                pending: set[asyncio.Future[Any]] = {waiting}
                if disconnected is not None:
                    pending.add(disconnected)
                done, _ = await asyncio.wait(pending, timeout=remaining, return_when=asyncio.FIRST_COMPLETED)
                if waiting in done:
                    return self._answer(waiting, job.operation)
                future.cancel()  # pebble terminates the process and starts another
                if disconnected is not None and disconnected in done:
                    outcome = "cancelled"
                    raise ClientGone()
                outcome = "timeout"
                raise self._timeout(job.operation, budget, started=True)
            finally:
                self._release(entry)
        except ProblemException as exc:
            if outcome == "ok":
                outcome = "error" if exc.status >= 500 else "rejected"
            raise
        except asyncio.CancelledError:
            outcome = "cancelled"
            raise
        finally:
            elapsed = time.perf_counter() - started
            for observe in engine_time_observers:
                observe(job.operation, elapsed, outcome)

    @staticmethod
    def _timeout(operation: str, budget: float, *, started: bool) -> ProblemException:
        return ProblemException(504, "timeout", say("timeout" if started else "timeout.queued", operation=operation,
                                                    budget=budget))

    @staticmethod
    def _answer(waiting: asyncio.Future[Any], operation: str) -> JobAnswer:
        try:
            answer: JobAnswer = waiting.result()
            return answer
        except ProcessExpired as exc:
            log.error("the engine process of a %s job ended with status %s", operation, exc.exitcode)
            raise ProblemException(503, "engine-failed", say("engine-failed"), retry_after=1) from None
        except (BrokenProcessPool, RuntimeError, FutureCancelled) as exc:
            log.error("the engine pool failed on a %s job: %s", operation, exc)
            raise ProblemException(503, "engine-unavailable", say("engine-unavailable"), retry_after=1) from None
        except TimeoutError:  # pebble's own timeout, a second after ours: not reached in practice
            raise ProblemException(504, "timeout", say("timeout.budget", operation=operation)) from None


runtime = EngineRuntime(settings)
