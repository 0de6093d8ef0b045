"""`python -m app`: start the service with uvicorn (settings from the environment, see app.config)."""

from __future__ import annotations

import logging.config
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

import uvicorn

from app.api.logs import logging_config
from app.config import settings
from app.workers import Supervisor, reuse_port_supported


def prepare_metrics_dir() -> Path | None:
    """Several workers share their metrics through a directory (see app.api.metrics); start it empty.
    Returns the directory when it is a temporary one made here."""
    if settings.workers <= 1:
        return None
    made = None if settings.metrics_dir else Path(tempfile.mkdtemp(prefix="chess-metrics-"))
    directory = made or Path(str(settings.metrics_dir))
    for stale in directory.glob("worker-*.json"):
        stale.unlink()
    os.environ["CHESS_METRICS_DIR"] = str(directory)  # read by the worker processes
    return made


def main() -> None:
    temporary = prepare_metrics_dir()
    log_config = logging_config(settings.log_level)
    options: dict[str, Any] = {
        "app": "app.main:app", "host": settings.host, "port": settings.port, "log_level": settings.log_level,
        "log_config": log_config, "access_log": False, "proxy_headers": True,
        "timeout_keep_alive": int(settings.keep_alive)}
    try:
        if settings.workers > 1 and reuse_port_supported():  # a listening socket per worker: see app.workers
            logging.config.dictConfig(log_config)
            logging.getLogger("app.workers").info("starting %d workers on %s:%d", settings.workers,
                                                  settings.host, settings.port)
            status = Supervisor(settings.workers, options).run()
            if status:
                raise SystemExit(status)
        else:
            uvicorn.run(workers=settings.workers, **options)
    finally:
        if temporary is not None:
            shutil.rmtree(temporary, ignore_errors=True)


if __name__ == "__main__":
    main()
