"""What crosses between the HTTP front process and an engine process: plain, picklable data.

The front sends a `JobRequest` (the request's raw body, content type, query, the few headers an operation
reads, and the limits in force); the engine process answers with a `JobAnswer` whose body is already
encoded. So the front never parses a tournament, computes, or serialises a large answer.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Limits:
    """The limits of `app.config.Settings` an operation needs, read by the front when the job is made."""

    max_upload_bytes: int
    max_response_bytes: int
    max_players: int
    max_rounds: int
    max_tiebreaks: int
    max_json_depth: int
    parse_cache: int

    @classmethod
    def from_settings(cls, s: object) -> Limits:
        return cls(**{name: getattr(s, name) for name in cls.__dataclass_fields__})


@dataclass(frozen=True)
class JobRequest:
    operation: str  # a key of app.api.handlers.HANDLERS
    limits: Limits
    body: bytes = b""
    content_type: str = ""
    query: tuple[tuple[str, str], ...] = ()
    accept: str = ""
    accept_language: str = ""
    accept_encoding: str = ""  # the engine process compresses the answer when gzip is taken (app.api.compression)
    request_id: str | None = None
    path: str = ""


@dataclass(frozen=True)
class JobAnswer:
    status: int
    media_type: str
    body: bytes
    headers: tuple[tuple[str, str], ...] = ()
    problem_code: str | None = None  # set on problem answers, for the metrics
    engine_ms: dict[str, float] = field(default_factory=dict)  # CPU milliseconds per step, for the log line
