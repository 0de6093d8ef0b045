"""RFC 9457 problem answers of the front process: FastAPI's own errors (404, 405, validation) and the
problems the front raises itself (413, 408, 503, 504); the engine processes encode theirs (app.api.worker).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from http import HTTPStatus
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from app.api.errors import PROBLEM_MEDIA_TYPE, ProblemException, encode_problem, input_problem, problem_document
from app.api.language import EngineMessage, Text, language_headers, negotiate, say
from app.engine.errors import InputError, Issue
from app.formats.schema_faults import fault_message

log = logging.getLogger("app.errors")

# Observers of every problem answered, e.g. the metrics module: callback(code, status).
problem_observers: list[Callable[[str, int], None]] = []


def observe(code: str, status: int) -> None:
    for observer in problem_observers:
        observer(code, status)


def request_language(request: Request | None) -> str:
    """The language of a problem the front answers: the `language` query option, else Accept-Language."""
    if request is None:
        return negotiate("")
    return negotiate(request.headers.get("accept-language", ""), request.query_params.get("language"))


def problem_response(status: int, code: str, detail: str | Text, request: Request | None = None,
                     headers: Mapping[str, str] | None = None, close: bool = False, **extra: Any) -> Response:
    observe(code, status)
    language = request_language(request)
    body = encode_problem(problem_document(status, code, detail, language=language,
                                           instance=request.url.path if request is not None else None, **extra))
    out = dict(language_headers(language))
    out.update(headers or {})
    if request is not None and getattr(request.state, "request_id", None):
        out["X-Request-ID"] = request.state.request_id  # the 500 handler runs outside the request-id middleware
    if extra.get("retry_after") is not None:
        out["Retry-After"] = str(extra["retry_after"])
    if close:
        out["Connection"] = "close"
    return Response(body, status_code=status, media_type=PROBLEM_MEDIA_TYPE, headers=out)


def _loc(loc: tuple[Any, ...] | list[Any]) -> str:
    parts = [str(p) for p in loc if p not in ("body",)]
    out = ""
    for p in parts:
        out += f"[{p}]" if p.isdigit() else (f".{p}" if out else p)
    return out or "body"


def install_problem_handlers(app: FastAPI) -> None:
    @app.exception_handler(ProblemException)
    async def _problem(request: Request, exc: ProblemException) -> Response:
        return problem_response(exc.status, exc.code, exc.message, request, close=exc.close, **exc.extra)

    @app.exception_handler(InputError)
    async def _input_error(request: Request, exc: InputError) -> Response:
        p = input_problem(exc)
        return problem_response(p.status, p.code, p.message, request, **p.extra)

    @app.exception_handler(RequestValidationError)
    async def _validation(request: Request, exc: RequestValidationError) -> Response:
        code = "invalid-request"
        faults = [(e, _loc(e.get("loc", ()))) for e in exc.errors()[:50]]
        if not faults:
            return problem_response(422, code, say(code, field="body", message="invalid request"), request,
                                    field="body")
        # each fault in the answer's language (app.formats.schema_faults.fault_message), as the engine processes do
        messages = [fault_message(e, field) for e, field in faults]
        errors = [Issue(code, str(e.get("msg", "")), field=field, localized=m.values.get("problem"))
                  for (e, field), m in zip(faults, messages, strict=True)]
        first = errors[0]
        detail = EngineMessage(code, f"{first.field}: {first.message}", messages[0])
        return problem_response(422, code, detail, request, field=first.field, errors=errors)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> Response:
        code = {404: "not-found", 405: "method-not-allowed", 413: "payload-too-large",
                415: "unsupported-media-type"}.get(exc.status_code, "http-error")
        detail: str | Text = str(exc.detail)
        if code in ("not-found", "method-not-allowed") and detail == HTTPStatus(exc.status_code).phrase:
            detail = say(code)
        return problem_response(exc.status_code, code, detail, request, headers=exc.headers)

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception) -> Response:
        # runs outside the request-id middleware: name the request here
        log.exception("unexpected error on %s", request.url.path,
                      extra={"request_id": getattr(request.state, "request_id", None)})
        return problem_response(500, "internal-error", say("internal-error"), request)
