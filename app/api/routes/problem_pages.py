"""GET /problems and /problems/{code}: what the `type` URI of a problem answer (`/problems/<code>`) points at.

Each page says, in English and Chinese, what the problem means, the statuses it comes with and the operations
that can answer with it; as JSON, or as an HTML page when the client prefers text/html (a browser following
the link).
"""

from __future__ import annotations

import functools
import html
from typing import Annotated

from fastapi import APIRouter, Path, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

from app.api.cached import cached_answer, cached_route_doc
from app.api.errors import ProblemException
from app.api.language import say
from app.api.negotiation import choose
from app.api.operations.common import encode_json
from app.api.problem_types import operations_of
from app.api.routes.web import PAGE_HEADERS
from app.api.texts import PROBLEMS

router = APIRouter(tags=["service"])
JSON, HTML = "application/json", "text/html; charset=utf-8"


class LocalisedText(BaseModel):
    en: str = Field(..., description="English", max_length=1000)
    zh: str = Field(..., description="Chinese (简体中文)", max_length=1000)


class ProblemTypeOut(BaseModel):
    """A problem type: what the `code` (and the `type` URI /problems/{code}) of a problem answer means."""

    code: str = Field(..., description="The problem's stable code, as in the `code` member of a problem answer.",
                      max_length=60)
    type: str = Field(..., description="The `type` URI of the answers with this code.", max_length=80)
    statuses: list[int] = Field(..., description="HTTP statuses the problem is answered with.")
    title: LocalisedText = Field(..., description="The `title` of the answers, per language.")
    description: LocalisedText = Field(..., description="What the problem means and what to do about it.")
    operations: list[str] = Field(..., description="operationIds of the operations that can answer with it.")


class ProblemTypesResponse(BaseModel):
    problems: list[ProblemTypeOut] = Field(..., description="Every problem code of the service.")


def problem_type(code: str) -> ProblemTypeOut:
    p = PROBLEMS[code]
    return ProblemTypeOut(code=code, type=f"/problems/{code}", statuses=list(p.statuses),
                          title=LocalisedText(**p.title), description=LocalisedText(**p.about),
                          operations=operations_of(code))


def _html_page(title: str, body: str) -> bytes:
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
            f'<meta name="viewport" content="width=device-width, initial-scale=1"></head><body>{body}'
            '</body></html>').encode()


def _html_entry(t: ProblemTypeOut, heading: str = "h2") -> str:
    ops = ", ".join(f"<code>{html.escape(op)}</code>" for op in t.operations) or "—"
    return (f'<section id="{html.escape(t.code)}"><{heading}><code>{html.escape(t.code)}</code> — '
            f'{html.escape(t.title.en)} / <span lang="zh">{html.escape(t.title.zh)}</span></{heading}>'
            f'<p>{html.escape(t.description.en)}</p><p lang="zh">{html.escape(t.description.zh)}</p>'
            f'<p>HTTP {", ".join(map(str, t.statuses))}. Operations: {ops}.</p></section>')


@functools.cache
def _list(media: str) -> bytes:
    types = [problem_type(code) for code in PROBLEMS]
    if media == JSON:
        return encode_json(ProblemTypesResponse(problems=types).model_dump())
    links = "".join(f'<li><a href="/problems/{html.escape(t.code)}">{html.escape(t.code)}</a></li>' for t in types)
    return _html_page("Problem types", f"<h1>Problem types</h1><ul>{links}</ul>"
                      + "".join(_html_entry(t) for t in types))


@functools.cache
def _one(code: str, media: str) -> bytes:
    t = problem_type(code)
    if media == JSON:
        return encode_json(t.model_dump())
    return _html_page(f"Problem {code}", _html_entry(t, "h1") + '<p><a href="/problems">All problem types</a></p>')


def _answer(request: Request, body: bytes, media: str) -> Response:
    response = cached_answer(request, body, media, vary="Accept")
    if media == HTML:
        response.headers.update({k: v for k, v in PAGE_HEADERS.items() if k != "Cache-Control"})
    return response


def _media(request: Request) -> str:
    return choose(request.headers.get("accept", ""), (JSON, HTML)) or JSON  # (406 from cached_answer)


@router.get("/problems", response_model=ProblemTypesResponse, summary="Every problem type", operation_id="listProblems",
            response_class=Response, description="JSON, or an HTML page with `Accept: text/html`.",
            **cached_route_doc("listProblems", ProblemTypesResponse, "Every problem type", html=True))
def list_problems(request: Request) -> Response:
    media = _media(request)
    return _answer(request, _list(media), media)


@router.get("/problems/{code}", response_model=ProblemTypeOut, summary="One problem type (the target of `type`)",
            operation_id="getProblem", response_class=Response,
            description="What a problem code means, in English and Chinese, with its statuses and the operations "
                        "that can answer with it. JSON, or an HTML page with `Accept: text/html`.",
            **cached_route_doc("getProblem", ProblemTypeOut, "The problem type", "not-found",
                                "invalid-request", html=True))
def get_problem(request: Request, code: Annotated[str, Path(max_length=60, description="A problem code, e.g. "
                                                                                   "`invalid-json`.")]) -> Response:
    if code not in PROBLEMS:
        raise ProblemException(404, "not-found", say("not-found.problem", code=code[:60]))
    media = _media(request)
    return _answer(request, _one(code, media), media)
