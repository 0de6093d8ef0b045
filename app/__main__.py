"""`python -m app`: start the service with uvicorn (settings from the environment, see app.config)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import uvicorn

from app.api.logs import logging_config
from app.config import settings


def prepare_metrics_dir() -> None:
    """Several workers share their metrics through a directory (see app.api.metrics); start it empty."""
    if settings.workers <= 1:
        return
    directory = settings.metrics_dir or tempfile.mkdtemp(prefix="chess-metrics-")
    for stale in Path(directory).glob("worker-*.json"):
        stale.unlink()
    os.environ["CHESS_METRICS_DIR"] = directory  # read by the worker processes


def main() -> None:
    prepare_metrics_dir()
    uvicorn.run("app.main:app", host=settings.host, port=settings.port, workers=settings.workers,
                log_level=settings.log_level, log_config=logging_config(settings.log_level), access_log=False,
                proxy_headers=True)


if __name__ == "__main__":
    main()
