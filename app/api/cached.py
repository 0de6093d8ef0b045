"""Answers of static data (the tie-break catalogue, the presets, the openings table, the problem pages):
encoded once, with a strong ETag (a hash of the bytes) and Cache-Control, so that a client or a cache may keep
them and revalidate with If-None-Match (304 Not Modified, no body). They change only with a new release."""

from __future__ import annotations

import hashlib
from typing import Any

from fastapi import Request
from fastapi.responses import Response
from pydantic import BaseModel

from app.api.front import check_acceptable
from app.api.openapi_support import documented_problems, register_model
from app.api.problem_types import STATIC

CACHE_CONTROL = "public, max-age=3600"  # an hour, then revalidated (a 304 costs no body)


def etag_of(body: bytes) -> str:
    # weak: the same bytes may be sent gzip-encoded or not (RFC 9110 8.8.3)
    return 'W/"' + hashlib.sha256(body).hexdigest()[:32] + '"'


def _matches(if_none_match: str, etag: str) -> bool:
    """If-None-Match (RFC 9110 13.1.2): `*` or a list of entity tags, compared weakly."""
    if if_none_match.strip() == "*":
        return True
    return any(tag.strip().removeprefix("W/") == etag.removeprefix("W/") for tag in if_none_match.split(","))


def cached_answer(request: Request, body: bytes, media_type: str = "application/json",
                  vary: str | None = None) -> Response:
    """`body` as a cacheable answer, or 304 when the client's copy is current (406: see check_acceptable)."""
    check_acceptable(request, (media_type,))
    etag = etag_of(body)
    headers = {"ETag": etag, "Cache-Control": CACHE_CONTROL}
    if vary:
        headers["Vary"] = vary
    if _matches(request.headers.get("if-none-match", ""), etag):
        return Response(status_code=304, headers=headers)
    return Response(body, media_type=media_type, headers=headers)


def cached_route_doc(operation_id: str, model: type[BaseModel], description: str, *codes: str,
                     html: bool = False) -> dict[str, Any]:
    """`responses` and `openapi_extra` (as keyword arguments of a route) of a cacheable GET answering `model`
    as JSON (or an HTML page)."""
    content: dict[str, Any] = {"application/json": {"schema": {"$ref": register_model(model)}}}
    if html:
        content["text/html"] = {"schema": {"type": "string", "description": "The same as an HTML page."}}
    responses, extra = documented_problems(operation_id, (*STATIC, *codes), {
        200: {"description": description, "content": content},
        304: {"description": "Not Modified: the ETag given in If-None-Match is current (no body)."}})
    extra["parameters"] = [{"name": "If-None-Match", "in": "header", "required": False,
                            "description": "The ETag of a copy you hold: 304 without a body while it is current.",
                            "schema": {"type": "string"}}]
    return {"responses": responses, "openapi_extra": extra}
