"""Service configuration: an embedded default for every setting, overridable by environment variables.

| variable | default | meaning |
|---|---|---|
| CHESS_HOST | 0.0.0.0 | listen address |
| CHESS_PORT | 8000 | listen port |
| CHESS_WORKERS | 1 | uvicorn worker processes, each with its own listening socket (app.workers) |
| CHESS_MAX_UPLOAD_BYTES | 5242880 | largest request body (413 above) |
| CHESS_MAX_PLAYERS | 10000 | most players in a tournament (413/422 above) |
| CHESS_MAX_ROUNDS | 99 | most rounds in a tournament |
| CHESS_MAX_TIEBREAKS | 64 | longest tiebreak list |
| CHESS_MAX_JSON_DEPTH | 64 | deepest JSON nesting accepted |
| CHESS_REQUEST_TIMEOUT | 30 | seconds of engine time per request (504 above) |
| CHESS_MAX_CONCURRENT_JOBS | 2 | engine jobs running at once per worker (threads: more add latency, not throughput) |
| CHESS_MAX_QUEUED_JOBS | 32 | engine jobs waiting per worker (503 above) |
| CHESS_CORS_ORIGINS | (none) | comma-separated origins allowed by CORS |
| CHESS_LOG_LEVEL | info | log level |
| CHESS_PARSE_CACHE | 32 | TRF files (up to 1 MB) kept parsed, by content (0 = none) |
| CHESS_KEEP_ALIVE | 75 | seconds an idle keep-alive connection stays open |
| CHESS_METRICS_DIR | (none; a fresh temporary directory when CHESS_WORKERS > 1) | where workers share metrics |
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field


def _int_env(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise SystemExit(f"{name} must be a whole number, found {raw!r}") from None


def _float_env(name: str, default: float) -> float:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return float(raw)
    except ValueError:
        raise SystemExit(f"{name} must be a number, found {raw!r}") from None


@dataclass(frozen=True)
class Settings:
    host: str = "0.0.0.0"
    port: int = 8000
    workers: int = 1
    max_upload_bytes: int = 5 * 1024 * 1024
    max_players: int = 10_000
    max_rounds: int = 99
    max_tiebreaks: int = 64
    max_json_depth: int = 64
    request_timeout: float = 30.0
    max_concurrent_jobs: int = 2
    max_queued_jobs: int = 32
    cors_origins: tuple[str, ...] = field(default_factory=tuple)
    log_level: str = "info"
    metrics_dir: str | None = None
    parse_cache_entries: int = 32
    # Seconds an idle keep-alive connection stays open: longer than the idle timeout of the load balancers
    # in front (60 s on the common ones), so that they never send a request on a connection being closed.
    keep_alive: float = 75.0

    @classmethod
    def from_env(cls) -> Settings:
        origins = tuple(o.strip() for o in os.environ.get("CHESS_CORS_ORIGINS", "").split(",") if o.strip())
        return cls(
            host=os.environ.get("CHESS_HOST", "0.0.0.0"),
            port=_int_env("CHESS_PORT", 8000),
            workers=_int_env("CHESS_WORKERS", 1),
            max_upload_bytes=_int_env("CHESS_MAX_UPLOAD_BYTES", 5 * 1024 * 1024),
            max_players=_int_env("CHESS_MAX_PLAYERS", 10_000),
            max_rounds=_int_env("CHESS_MAX_ROUNDS", 99),
            max_tiebreaks=_int_env("CHESS_MAX_TIEBREAKS", 64),
            max_json_depth=_int_env("CHESS_MAX_JSON_DEPTH", 64),
            request_timeout=_float_env("CHESS_REQUEST_TIMEOUT", 30.0),
            max_concurrent_jobs=_int_env("CHESS_MAX_CONCURRENT_JOBS", 2),
            max_queued_jobs=_int_env("CHESS_MAX_QUEUED_JOBS", 32),
            parse_cache_entries=_int_env("CHESS_PARSE_CACHE", 32),
            keep_alive=_float_env("CHESS_KEEP_ALIVE", 75.0),
            cors_origins=origins,
            log_level=os.environ.get("CHESS_LOG_LEVEL", "info").lower(),
            metrics_dir=os.environ.get("CHESS_METRICS_DIR") or None,
        )


settings = Settings.from_env()
