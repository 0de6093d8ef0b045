"""Service configuration: every setting has one default, written here, and an environment variable
`CHESS_<NAME>` that overrides it (pydantic-settings). The README's configuration table lists them all.
"""

from __future__ import annotations

import math
import os
from pathlib import Path
from typing import Annotated

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict


def _cgroup_cpu_quota() -> float | None:
    """The container's CPU limit (cgroup v2 `cpu.max`, else v1 CFS quota), or None without one."""
    try:
        quota, period = Path("/sys/fs/cgroup/cpu.max").read_text().split()[:2]
        return None if quota == "max" else int(quota) / int(period)
    except (OSError, ValueError):
        pass
    try:
        quota_us = int(Path("/sys/fs/cgroup/cpu/cpu.cfs_quota_us").read_text())
        period_us = int(Path("/sys/fs/cgroup/cpu/cpu.cfs_period_us").read_text())
        return None if quota_us <= 0 else quota_us / period_us
    except (OSError, ValueError):
        return None


def available_cpus() -> int:
    """CPUs this process may use: the container's CPU limit where there is one, else the CPUs it may run on
    (never the host's whole count)."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cpus = os.cpu_count() or 1
    quota = _cgroup_cpu_quota()
    if quota is not None:
        cpus = min(cpus, math.ceil(quota))
    return max(1, cpus)


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="CHESS_", frozen=True, extra="ignore")

    host: str = Field("0.0.0.0", description="listen address")
    port: int = Field(8000, ge=0, le=65535, description="listen port")
    engine_processes: int = Field(default_factory=available_cpus, ge=1, le=256,
                                  description="engine worker processes for ordinary jobs (default: the CPUs "
                                              "available)")
    max_long_jobs: int = Field(4, ge=0, le=256,
                               description="extra engine processes for long jobs: a job running longer than "
                                           "`long_job_after` runs at lower CPU priority and no longer counts "
                                           "against `engine_processes`, up to this many at once")
    long_job_after: float = Field(0.5, gt=0, description="seconds after which a running job counts as long")
    max_queued_jobs: int = Field(32, ge=0, description="engine jobs waiting for a process (503 above)")
    request_timeout: float = Field(30.0, gt=0, description="seconds of engine time per request, queueing "
                                                           "included (504 above; the job's process is killed)")
    max_job_memory_mb: int = Field(1024, ge=64, description="address space an engine job may add to its "
                                                            "process (RLIMIT_AS); 507 above")
    read_timeout: float = Field(20.0, gt=0, description="seconds a client may take to send the request "
                                                        "headers, and again the body (408 above)")
    max_upload_bytes: int = Field(5 * 1024 * 1024, ge=1, description="largest request body or uploaded file "
                                                                     "(413 above)")
    max_response_bytes: int = Field(64 * 1024 * 1024, ge=1024, description="largest answer (413 with advice "
                                                                          "above)")
    max_players: int = Field(10_000, ge=1, description="most players in a tournament")
    max_rounds: int = Field(99, ge=1, description="most rounds in a tournament")
    max_tiebreaks: int = Field(64, ge=1, description="longest tie-break list")
    max_json_depth: int = Field(64, ge=2, description="deepest JSON nesting accepted (422 above)")
    parse_cache: int = Field(32, ge=0, description="TRF files (up to 1 MB each) kept parsed, by content, per "
                                                   "engine process (0 = none)")
    keep_alive: float = Field(75.0, gt=0, description="seconds an idle keep-alive connection stays open")
    max_connections: int = Field(1000, ge=1, description="open connections and requests at once; beyond, new "
                                                         "requests get 503 (uvicorn's limit_concurrency)")
    cors_origins: Annotated[tuple[str, ...], NoDecode] = Field(
        (), description="comma-separated origins allowed by CORS; none: no CORS headers")
    log_level: str = Field("info", description="debug, info, warning or error")

    @field_validator("cors_origins", mode="before")
    @classmethod
    def _comma_separated(cls, value: object) -> object:
        if isinstance(value, str):
            return tuple(o.strip() for o in value.split(",") if o.strip())
        return value

    @field_validator("log_level")
    @classmethod
    def _level(cls, value: str) -> str:
        value = value.strip().lower()
        if value not in ("debug", "info", "warning", "error"):
            raise ValueError("must be debug, info, warning or error")
        return value

    @property
    def pool_processes(self) -> int:
        """Engine processes kept running: the ordinary ones and those for long jobs."""
        return self.engine_processes + self.max_long_jobs

    @classmethod
    def from_env(cls) -> Settings:
        return cls()


def load_settings() -> Settings:
    """The settings from the environment; a bad value stops the service with a message naming it."""
    from pydantic import ValidationError

    try:
        return Settings()
    except ValidationError as exc:
        problems = "; ".join(f"CHESS_{'_'.join(str(p) for p in e['loc']).upper()}: {e['msg']}"
                             for e in exc.errors())
        raise SystemExit(f"invalid configuration: {problems}") from None


settings = load_settings()
