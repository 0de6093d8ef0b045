"""The front process's half of an engine operation: receive the body, hand it to the pool, send the answer.

`engine_route` declares an operation on a router: its endpoint reads the raw body (within the size limit
and `CHESS_READ_TIMEOUT`), makes a `JobRequest`, waits for the engine's `JobAnswer` while watching for
the client going away, and sends the encoded answer as it is. Nothing here parses a tournament.
"""

from __future__ import annotations

import asyncio
import time
import urllib.parse
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from starlette.requests import ClientDisconnect
from starlette.types import Message, Receive

from app.api import logs, problems
from app.api.errors import ProblemException
from app.api.job import JobAnswer, JobRequest, Limits
from app.api.language import say
from app.api.negotiation import choose
from app.api.openapi_support import documented_problems
from app.api.runtime import ClientGone, runtime
from app.config import settings

MULTIPART_ALLOWANCE = 64 * 1024  # boundaries and form fields around an uploaded file
JSON_MEDIA_TYPE = "application/json"
CLIENT_CLOSED_REQUEST = 499  # as nginx logs it: the client went away before the answer


def body_limit(content_type: str) -> int:
    multipart = content_type.split(";")[0].strip().lower() == "multipart/form-data"
    return settings.max_upload_bytes + (MULTIPART_ALLOWANCE if multipart else 0)


async def read_body(request: Request) -> bytes:
    """The whole body, refused (413) as soon as it passes the limit, and (408) when the client takes
    longer than `read_timeout` to send it."""
    limit = body_limit(request.headers.get("content-type", ""))
    declared = request.headers.get("content-length")
    if declared is not None:
        if not declared.strip().isdigit():
            raise ProblemException(400, "invalid-content-length", say("invalid-content-length"))
        if int(declared) > limit:
            raise ProblemException(413, "payload-too-large",
                                   say("payload-too-large.declared", size=int(declared), limit=limit))
    deadline = time.monotonic() + settings.read_timeout
    chunks: list[bytes] = []
    size = 0
    receive = request.receive
    while True:
        try:
            message = await asyncio.wait_for(receive(), timeout=max(0.0, deadline - time.monotonic()))
        except TimeoutError:
            raise ProblemException(408, "request-timeout", say("request-timeout", seconds=settings.read_timeout),
                                   close=True) from None
        if message["type"] == "http.disconnect":
            raise ClientGone()
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            raise ProblemException(413, "payload-too-large", say("payload-too-large.body", limit=limit), close=True)
        chunks.append(chunk)
        if not message.get("more_body", False):
            return b"".join(chunks)


async def _disconnect(receive: Receive) -> None:
    """Returns when the client closes the connection (the body has been read, so that is all that comes)."""
    while True:
        message: Message = await receive()
        if message["type"] == "http.disconnect":
            return


def parse_query(raw: bytes) -> tuple[tuple[str, str], ...]:
    """The query string as (name, value) pairs; percent-escapes must decode to UTF-8."""
    try:
        return tuple(urllib.parse.parse_qsl(raw.decode("latin-1"), keep_blank_values=True, errors="strict"))
    except UnicodeDecodeError:
        raise ProblemException(400, "invalid-query", say("invalid-query"), field="query") from None


def job_request(request: Request, operation: str, body: bytes) -> JobRequest:
    return JobRequest(
        operation=operation, limits=Limits.from_settings(settings), body=body,
        content_type=request.headers.get("content-type", ""), query=parse_query(request.scope.get("query_string", b"")),
        accept=request.headers.get("accept", ""), accept_language=request.headers.get("accept-language", ""),
        accept_encoding=request.headers.get("accept-encoding", ""),
        request_id=getattr(request.state, "request_id", None), path=request.url.path)


def answer_response(answer: JobAnswer) -> Response:
    if answer.problem_code is not None:
        problems.observe(answer.problem_code, answer.status)
    timings = logs.engine_timings.get()
    if timings is not None:
        for step, ms in answer.engine_ms.items():
            timings[step] = round(timings.get(step, 0.0) + ms, 3)
    headers: dict[str, str] = {}
    for name, value in answer.headers:  # a header given twice (Vary) is one list (RFC 9110 5.3)
        headers[name] = f"{headers[name]}, {value}" if name in headers else value
    return Response(answer.body, status_code=answer.status, media_type=answer.media_type, headers=headers)


def check_acceptable(request: Request, produces: tuple[str, ...]) -> None:
    """406 before any work when the client accepts none of the media types the operation can answer with."""
    accept = request.headers.get("accept", "")
    if choose(accept, produces) is None:
        raise ProblemException(406, "not-acceptable", say("not-acceptable", accept=accept[:200],
                                                          available=", ".join(produces)),
                               available=list(produces))


async def run_operation(request: Request, operation: str, produces: tuple[str, ...] = (JSON_MEDIA_TYPE,)) -> Response:
    deadline = time.monotonic() + settings.request_timeout
    check_acceptable(request, produces)
    watcher: asyncio.Task[None] | None = None
    try:
        body = await read_body(request)
        watcher = asyncio.ensure_future(_disconnect(request.receive))
        answer = await runtime.run(job_request(request, operation, body), deadline=deadline, disconnected=watcher)
    except (ClientGone, ClientDisconnect):
        request.state.client_gone = True
        return Response(status_code=CLIENT_CLOSED_REQUEST)
    finally:
        if watcher is not None:
            watcher.cancel()
    return answer_response(answer)


@dataclass(frozen=True)
class EngineOperation:
    """An engine operation as the HTTP API offers it (the command line runs the same ones)."""

    operation: str  # the key of app.api.operations.HANDLERS
    method: str
    path: str
    produces: tuple[str, ...]


# operationId -> the operation, as declared by engine_route
ENGINE_OPERATIONS: dict[str, EngineOperation] = {}


def engine_route(router: APIRouter, method: str, path: str, operation: str, *, operation_id: str, summary: str,
                 problems: tuple[str, ...], description: str = "", openapi_extra: dict[str, Any] | None = None,
                 responses: dict[int | str, dict[str, Any]] | None = None,
                 produces: tuple[str, ...] = (JSON_MEDIA_TYPE,)) -> None:
    """Declare `method path` as the engine operation `operation` (a key of app.api.operations.HANDLERS),
    answering with one of `produces` (406 otherwise) or with one of the problem codes `problems`."""

    async def endpoint(request: Request) -> Response:
        return await run_operation(request, operation, produces)

    handler: Callable[[Request], Awaitable[Response]] = endpoint
    ENGINE_OPERATIONS[operation_id] = EngineOperation(operation, method, (router.prefix or "") + path, produces)
    responses, openapi_extra = documented_problems(operation_id, problems, responses, openapi_extra)
    router.add_api_route(path, handler, methods=[method], operation_id=operation_id, summary=summary,
                         description=description, openapi_extra=openapi_extra, responses=responses,
                         response_class=Response, name=operation_id)
