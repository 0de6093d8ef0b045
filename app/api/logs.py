"""Structured logging: one JSON object per line, tagged with the request id of the request being served.

`RequestIdMiddleware` sets `request_id`; `AccessLogMiddleware` collects the engine timings of the request
in `engine_timings` and writes one `app.access` line per request. `logging_config` is handed to uvicorn
so that its own messages come out as JSON too.
"""

from __future__ import annotations

import json
import logging
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

request_id: ContextVar[str | None] = ContextVar("request_id", default=None)
engine_timings: ContextVar[dict[str, float] | None] = ContextVar("engine_timings", default=None)

access_log = logging.getLogger("app.access")

# Attributes every LogRecord has; anything else on a record came from `extra=` and is logged as a field
# (except uvicorn's copy of its message with terminal colours).
_NOT_FIELDS = frozenset(logging.LogRecord("", 0, "", 0, "", None, None).__dict__) | {"message", "asctime",
                                                                                      "color_message"}


class JsonFormatter(logging.Formatter):
    """time, level, logger, message, pid (the worker process), request_id (when serving a request), the
    `extra` fields, exception."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
            "pid": record.process,
        }
        rid = request_id.get()
        if rid is not None:
            entry["request_id"] = rid
        entry.update((k, v) for k, v in record.__dict__.items() if k not in _NOT_FIELDS)
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, default=str, ensure_ascii=False)


def record_engine_time(operation: str, seconds: float, outcome: str) -> None:
    """`runtime.engine_time_observers` hook: add the job's time to the current request's log line."""
    timings = engine_timings.get()
    if timings is not None:
        timings[operation] = round(timings.get(operation, 0.0) + seconds * 1000, 3)


def log_request(method: str, path: str, route: str, status: int, seconds: float) -> None:
    fields: dict[str, Any] = {"method": method, "path": path, "route": route, "status": status,
                              "duration_ms": round(seconds * 1000, 3)}
    timings = engine_timings.get()
    if timings:
        fields["engine_ms"] = dict(timings)
    message = "client closed request" if status == 499 else "request"
    access_log.log(logging.ERROR if status >= 500 else logging.INFO, message, extra=fields)


def logging_config(level: str) -> dict[str, Any]:
    """`logging.config.dictConfig` form: everything (uvicorn included) as JSON lines on stdout."""
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": {"()": f"{__name__}.JsonFormatter"}},
        "handlers": {"stdout": {"class": "logging.StreamHandler", "formatter": "json", "stream": "ext://sys.stdout"}},
        "root": {"handlers": ["stdout"], "level": level.upper()},
        "loggers": {name: {"handlers": [], "propagate": True} for name in ("uvicorn", "uvicorn.error", "uvicorn.access")},
    }
