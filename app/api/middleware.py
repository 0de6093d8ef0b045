"""ASGI middleware: request ids, access log and request metrics."""

from __future__ import annotations

import re
import time
import uuid
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.api import logs, metrics

_REQUEST_ID = re.compile(r"^[A-Za-z0-9._:\-]{1,128}$")


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key.lower() == name:
            return str(value.decode("latin-1"))
    return None


class HttpMiddleware:
    """Pure ASGI middleware for HTTP requests (`handle`); other scopes (lifespan) pass through."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            await self.handle(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        raise NotImplementedError


class RequestIdMiddleware(HttpMiddleware):
    """Accept `X-Request-ID` (or make one), expose it as `request.state.request_id` and to the logs, echo it."""

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        given = _header(scope, b"x-request-id")
        request_id = given if given and _REQUEST_ID.match(given) else uuid.uuid4().hex
        state: dict[str, Any] = scope.setdefault("state", {})
        state["request_id"] = request_id
        token = logs.request_id.set(request_id)

        async def send_with_id(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [h for h in message.get("headers", []) if h[0].lower() != b"x-request-id"]
                headers.append((b"x-request-id", request_id.encode()))
                message["headers"] = headers
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        finally:
            logs.request_id.reset(token)


def route_template(scope: Scope) -> str:
    """The matched route's path template (bounded label values), or "unmatched"."""
    route = scope.get("route")
    path = getattr(route, "path", None)
    return path if isinstance(path, str) else "unmatched"


class AccessLogMiddleware(HttpMiddleware):
    """One log line and the request metrics per request; engine timings are collected on the way. A request
    whose client went away is logged with status 499 (as nginx does), not as an error."""

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        started = time.perf_counter()
        status = 500  # unless a response starts: an exception escaped and becomes a 500 outside

        async def send_with_status(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        token = logs.engine_timings.set({})
        try:
            await self.app(scope, receive, send_with_status)
        finally:
            seconds = time.perf_counter() - started
            route = route_template(scope)
            metrics.observe_request(scope["method"], route, status, seconds)
            logs.log_request(scope["method"], scope["path"], route, status, seconds)
            logs.engine_timings.reset(token)
