"""RFC 9457 problem details as plain data: used by the engine processes and by the front alike.

`ProblemException` is raised by the API layer for a problem whose status it knows; `problem_document`
builds the body; `encode_problem` encodes it as ASCII JSON, so that no text from the input (a lone
surrogate, a control character) can make the error answer itself fail.
"""

from __future__ import annotations

import json
from typing import Any

from app.api.language import EngineMessage, Text, current, problem_title, render
from app.engine.errors import ErrorKind, InputError, Issue

PROBLEM_MEDIA_TYPE = "application/problem+json"
# Problem `type` URIs are relative references (RFC 9457 3.1.1): they resolve on the service that answered,
# where GET /problems/{code} describes the problem.
PROBLEM_BASE = "/problems/"


class ProblemException(Exception):
    """A problem whose status the API layer knows; `close` asks the front to close the connection."""

    def __init__(self, status: int, code: str, detail: str | Text, *, close: bool = False, **extra: Any) -> None:
        super().__init__(str(detail))
        self.status = status
        self.code = code
        self.detail = str(detail)  # in English
        self.message = detail  # rendered in the answer's language
        self.close = close
        self.extra = extra


def problem_document(status: int, code: str, detail: str | Text, *, language: str | None = None,
                     **extra: Any) -> dict[str, Any]:
    """The problem's body in `language` (default: the current answer's): the title of its code
    (app.api.texts.PROBLEMS) and the detail; every fault of `errors` given as an `Issue` is rendered in
    `language` too."""
    language = language or current()
    if extra.get("errors"):
        extra["errors"] = [e.as_dict(language) if isinstance(e, Issue) else e for e in extra["errors"]]
    body: dict[str, Any] = {
        "type": PROBLEM_BASE + code,
        "title": problem_title(code, status, language),
        "status": status,
        "detail": render(detail, language),
        "code": code,
    }
    body.update({k: v for k, v in extra.items() if v is not None})
    return body


def encode_problem(document: dict[str, Any]) -> bytes:
    return json.dumps(document, ensure_ascii=True, separators=(",", ":"), default=str).encode("ascii")


# The one mapping from the kind of an engine or reader error (which knows nothing of HTTP) to a status.
STATUS_OF_KIND: dict[ErrorKind, int] = {ErrorKind.INVALID: 422, ErrorKind.SYNTAX: 400, ErrorKind.TOO_LARGE: 413}


def input_problem(exc: InputError) -> ProblemException:
    """The problem for an engine or reader error: its status from its kind, the issue's fields (and every
    fault found, when there are several)."""
    issue = exc.issue
    errors = list(exc.details) or None  # rendered in the answer's language by problem_document
    return ProblemException(STATUS_OF_KIND[exc.kind], issue.code, EngineMessage(issue.code, issue.message, issue.localized),
                            line=issue.line, column=issue.column, text=issue.text, field=issue.field, errors=errors)
