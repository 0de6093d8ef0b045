"""Test-only engine jobs, run in the pool like any operation (`runtime.run(..., function=slow_job)`).

This module imports little: an engine process imports it when it receives its first job from it, and that
import should not eat into a test's time budget."""

from __future__ import annotations

import logging
import os
import time
from pathlib import Path

from app.api.job import JobAnswer, JobRequest

log = logging.getLogger("app.engine.test")


def slow_job(job: JobRequest) -> JobAnswer:
    """Sleep `seconds` (query), then write `marker` (query) if given; answer {"result": "done"}."""
    options = dict(job.query)
    log.info("engine job started")
    time.sleep(float(options.get("seconds", "10")))
    if options.get("marker"):
        Path(options["marker"]).write_text("finished")
    return JobAnswer(200, "application/json", b'{"result":"done"}')


def crashing_job(job: JobRequest) -> JobAnswer:
    os._exit(3)


def memory_job(job: JobRequest) -> JobAnswer:
    """Allocate `megabytes` (query) through the worker's own error handling (app.api.worker.execute)."""
    from app.api import worker
    from app.api.operations import HANDLERS

    def allocate(j: JobRequest) -> JobAnswer:
        blocks = [bytearray(1024 * 1024) for _ in range(int(dict(j.query)["megabytes"]))]
        return JobAnswer(200, "application/json", b'{"allocated":%d}' % len(blocks))

    HANDLERS["test-memory"] = allocate
    return worker.execute(job)
