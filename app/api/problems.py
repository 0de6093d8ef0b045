"""RFC 9457 problem details (`application/problem+json`) for every error the service returns."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from http import HTTPStatus
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from app.engine.errors import ErrorKind, InputError

PROBLEM_MEDIA_TYPE = "application/problem+json"
PROBLEM_BASE = "https://chess-tournament-service.example/problems/"

log = logging.getLogger("app.errors")

# Observers of every problem answered, e.g. the metrics module: callback(code, status).
problem_observers: list[Callable[[str, int], None]] = []


# The one mapping from the kind of an engine or format error to an HTTP status.
STATUS_OF_KIND: dict[ErrorKind, int] = {ErrorKind.INVALID: 422, ErrorKind.SYNTAX: 400, ErrorKind.TOO_LARGE: 413}


class ProblemException(Exception):
    """Raised by the API layer for a problem it knows the status of."""

    def __init__(self, status: int, code: str, detail: str, **extra: Any) -> None:
        super().__init__(detail)
        self.status = status
        self.code = code
        self.detail = detail
        self.extra = extra


def problem_document(status: int, code: str, detail: str, **extra: Any) -> dict[str, Any]:
    """The problem+json body; tells `problem_observers` about it."""
    for observe in problem_observers:
        observe(code, status)
    body: dict[str, Any] = {
        "type": PROBLEM_BASE + code,
        "title": HTTPStatus(status).phrase,
        "status": status,
        "detail": detail,
        "code": code,
    }
    body.update({k: v for k, v in extra.items() if v is not None})
    return _encodable(body)


def _encodable(value: Any) -> Any:
    """The document with any text that UTF-8 cannot hold (a lone surrogate echoed from the input) escaped."""
    if isinstance(value, str):
        return value.encode("utf-8", "backslashreplace").decode("utf-8")
    if isinstance(value, dict):
        return {_encodable(k): _encodable(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_encodable(v) for v in value]
    return value


def problem_response(status: int, code: str, detail: str, request: Request | None = None,
                     headers: Mapping[str, str] | None = None, **extra: Any) -> JSONResponse:
    body = problem_document(status, code, detail, instance=request.url.path if request is not None else None,
                            **extra)
    headers = dict(headers or {})
    if request is not None and getattr(request.state, "request_id", None):
        headers["X-Request-ID"] = request.state.request_id
    if extra.get("retry_after") is not None:
        headers["Retry-After"] = str(extra["retry_after"])
    return JSONResponse(body, status_code=status, media_type=PROBLEM_MEDIA_TYPE, headers=headers)


def _loc(loc: tuple[Any, ...] | list[Any]) -> str:
    parts = [str(p) for p in loc if p not in ("body",)]
    out = ""
    for p in parts:
        out += f"[{p}]" if p.isdigit() else (f".{p}" if out else p)
    return out or "body"


def install_problem_handlers(app: FastAPI) -> None:
    @app.exception_handler(InputError)
    async def _input_error(request: Request, exc: InputError) -> JSONResponse:
        issue = exc.issue
        errors = [d.as_dict() for d in exc.details] or None
        return problem_response(STATUS_OF_KIND[exc.kind], issue.code, issue.message, request, line=issue.line,
                                column=issue.column, text=issue.text, field=issue.field, errors=errors)

    @app.exception_handler(ProblemException)
    async def _problem(request: Request, exc: ProblemException) -> JSONResponse:
        return problem_response(exc.status, exc.code, exc.detail, request, **exc.extra)

    @app.exception_handler(RequestValidationError)
    async def _validation(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = [{"field": _loc(e.get("loc", ())), "message": e.get("msg", "")} for e in exc.errors()[:50]]
        first = errors[0] if errors else {"field": "body", "message": "invalid request"}
        return problem_response(422, "invalid-request", f"{first['field']}: {first['message']}", request,
                                field=first["field"], errors=errors)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = {404: "not-found", 405: "method-not-allowed", 413: "payload-too-large",
                415: "unsupported-media-type"}.get(exc.status_code, "http-error")
        return problem_response(exc.status_code, code, str(exc.detail), request, headers=exc.headers)

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
        # runs outside the request-id middleware: name the request here
        log.exception("unexpected error on %s", request.url.path,
                      extra={"request_id": getattr(request.state, "request_id", None)})
        return problem_response(500, "internal-error", "an unexpected error occurred; it has been logged",
                                request)
