"""The engine side of a job: what runs inside a worker process of the pool (see app.api.runtime).

`initialize` runs once per worker process: it caps the address space the process may add
(`RLIMIT_AS`, `CHESS_MAX_JOB_MEMORY_MB`), sets up JSON logging, and freezes the imported modules out of
the garbage collector's reach. `execute` runs one job: it looks the operation up, reads the request,
computes, encodes the answer, and turns every error into a problem answer. Two things retire a worker
process once its answer is sent: a job that ran out of memory, and a job that ran long enough to be
lowered in CPU priority (a process cannot raise its priority again). pebble starts the replacement.
"""

from __future__ import annotations

import contextlib
import ctypes
import dataclasses
import gc
import logging
import logging.config
import os
import resource
import threading
import time
from collections.abc import Callable
from typing import Any

from app.api import language, logs
from app.api.compression import compressed
from app.api.errors import PROBLEM_MEDIA_TYPE, ProblemException, encode_problem, input_problem, problem_document
from app.api.job import JobAnswer, JobRequest
from app.api.language import Text, say
from app.engine.errors import InputError

log = logging.getLogger("app.worker")

LONG_JOB_NICENESS = 10  # CFS weight 110 against 1024 for ordinary jobs: a long job yields to short ones
RETIRE_GROWTH = 128 * 1024 * 1024  # a process that grew by more than this since it started is replaced


class _State:
    retire = False  # leave the pool once the current answer is sent
    baseline_rss = 0
    long_job_after = 0.5
    job_started: float | None = None
    job_number = 0
    condition = threading.Condition()


def initialize(max_job_memory_mb: int, long_job_after: float, log_level: str) -> None:
    """pebble's initializer: runs in each new worker process before its first job."""
    logging.config.dictConfig(logs.logging_config(log_level))
    _State.long_job_after = long_job_after
    _State.retire = False
    _cap_memory(max_job_memory_mb)
    _install_retirement()
    threading.Thread(target=_watch_long_jobs, name="long-job-watch", daemon=True).start()
    import app.api.operations  # noqa: F401  (loaded before the first job, not during it)

    settle_collector()
    _State.baseline_rss = resident_bytes()


# The collector's thresholds in an engine process. A job builds tens of thousands of lists and tuples that
# live until its answer is sent, and no reference cycles (the engine avoids them); with the default first
# threshold (700 allocations) the collector walked them some 200 times per 2000-player standings, 10 % of
# its CPU time with every explanation (bench/tiebreaks_bench.py, measured with gc.callbacks). At 50,000
# it runs a few times per job, and finds cycles, where there are any, at its next run.
COLLECTOR_THRESHOLDS = (50_000, 20, 20)


def settle_collector() -> None:
    """The loaded modules out of the collector's reach (a full collection no longer walks them) and the
    thresholds for engine jobs: what an engine process does once started, before its first job."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*COLLECTOR_THRESHOLDS)


def _address_space() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")


def _cap_memory(megabytes: int) -> None:
    try:
        limit = _address_space() + megabytes * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    except (OSError, ValueError) as exc:  # no /proc, or a hard limit already lower
        log.warning("the job memory cap could not be set: %s", exc)


def resident_bytes() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def _install_retirement() -> None:
    """Exit cleanly right after an answer is sent, when the job asked for it (`_State.retire`).

    pebble has no hook between sending a result and fetching the next task; its worker loop calls the
    module function `send_result`, so the worker process wraps that function (pinned pebble version; a test
    checks that a retired worker is replaced and the pool keeps serving). Exit status 0 tells pebble the
    worker ended normally, and it starts another."""
    import pebble.pool.process as pebble_process

    original: Callable[..., Any] = getattr(pebble_process.send_result, "__wrapped__", pebble_process.send_result)

    def send_result(channel: Any, result: Any) -> None:
        original(channel, result)
        if _State.retire:
            logging.shutdown()
            os._exit(0)

    send_result.__wrapped__ = original  # type: ignore[attr-defined]
    pebble_process.send_result = send_result


def _watch_long_jobs() -> None:
    """Lower the process's CPU priority once its job has run `long_job_after` seconds."""
    condition = _State.condition
    while True:
        with condition:
            while _State.job_started is None:
                condition.wait()
            number, started = _State.job_number, _State.job_started
            remaining = started + _State.long_job_after - time.monotonic()
            if remaining > 0:
                condition.wait(remaining)
                continue
            if _State.job_number == number and _State.job_started is not None:
                _State.job_started = None
                _State.retire = True
        try:
            os.setpriority(os.PRIO_PROCESS, 0, LONG_JOB_NICENESS)
        except OSError as exc:
            log.warning("could not lower the priority of a long job: %s", exc)


def _job_begins() -> None:
    with _State.condition:
        _State.job_number += 1
        _State.job_started = time.monotonic()
        _State.condition.notify()


def _job_ends() -> None:
    with _State.condition:
        _State.job_started = None
        _State.condition.notify()


def problem_answer(status: int, code: str, detail: str | Text, **extra: Any) -> JobAnswer:
    body = encode_problem(problem_document(status, code, detail, **extra))
    headers = (("Retry-After", str(extra["retry_after"])),) if extra.get("retry_after") else ()
    return JobAnswer(status, PROBLEM_MEDIA_TYPE, body, headers, problem_code=code)


def _release_memory() -> None:
    """Hand freed heap pages back to the system after a big job (glibc keeps them otherwise)."""
    gc.collect()
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6").malloc_trim(0)


def execute(job: JobRequest) -> JobAnswer:
    """Run one job (the function the front schedules in the pool); never raises."""
    from app.api.operations import HANDLERS

    token = logs.request_id.set(job.request_id)
    language.use(language.negotiate(job.accept_language, dict(job.query).get("language")))
    _job_begins()
    started = time.process_time()
    try:
        handler = HANDLERS[job.operation]
        answer = handler(job)
    except ProblemException as exc:
        answer = problem_answer(exc.status, exc.code, exc.message, instance=job.path or None, **exc.extra)
    except InputError as exc:
        p = input_problem(exc)
        answer = problem_answer(p.status, p.code, p.message, instance=job.path or None, **p.extra)
    except MemoryError:
        _State.retire = True
        answer = problem_answer(507, "out-of-memory", say("out-of-memory"), instance=job.path or None)
    except UnicodeError:
        answer = problem_answer(422, "invalid-text", say("invalid-text.encode"), instance=job.path or None)
    except RecursionError:
        answer = problem_answer(422, "too-complex", say("too-complex"), instance=job.path or None)
    except Exception:
        log.exception("unexpected error in %s", job.operation)
        answer = problem_answer(500, "internal-error", say("internal-error"), instance=job.path or None)
    finally:
        _job_ends()
        logs.request_id.reset(token)
    # Every engine answer may hold text in the request's language (warnings, explanations, problems).
    answer = dataclasses.replace(answer, headers=(*answer.headers, *language.language_headers(language.current())))
    answer = compressed(answer, job.accept_encoding)
    answer.engine_ms[f"{job.operation}_cpu"] = round((time.process_time() - started) * 1000, 3)
    if not _State.retire and resident_bytes() > _State.baseline_rss + RETIRE_GROWTH:
        _State.retire = True  # what a big job left behind is returned to the system with the process
    if _State.retire:
        _release_memory()
    return answer


def warm_up() -> int:
    """A no-op job: starting the pool before the first request."""
    return os.getpid()
