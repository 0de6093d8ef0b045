"""Domain errors and warnings shared by the engine and the formats.

An error says what kind of fault it is (`ErrorKind`) and carries a stable `code`; it knows nothing of
HTTP. The API layer turns `InputError` into an RFC 9457 problem+json answer (its one mapping from kind
to status is in `app.api.problems`); the fields (`line`, `column`, `text`, `field`) name what is at fault.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol


class Localized(Protocol):
    """A message that renders itself in a language (app.engine.messages.Message)."""

    def render(self, lang: str = ...) -> str: ...


class ErrorKind(StrEnum):
    INVALID = "invalid"  # the input breaks a rule of its format or of the tournament
    SYNTAX = "syntax"  # the text cannot be parsed at all (e.g. not JSON)
    TOO_LARGE = "too-large"  # over a limit the service is configured with (players, bytes)


@dataclass(frozen=True)
class Issue:
    """A warning (or the detail of an error) about the input. `message` is the English text; a
    warning made from a catalogue (`app.engine.messages.warning`) keeps its message id and values in
    `localized`, and `as_dict(lang)` renders it in any language."""

    code: str
    message: str
    line: int | None = None
    column: int | None = None
    text: str | None = None
    field: str | None = None
    localized: Localized | None = dataclasses.field(default=None, compare=False, repr=False)

    def as_dict(self, lang: str | None = None) -> dict[str, object]:
        out: dict[str, object] = {"code": self.code, "message": self.message}
        if lang is not None and self.localized is not None:
            out["message"] = self.localized.render(lang)
        for key in ("line", "column", "text", "field"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        return out


def english(message: str | Localized) -> tuple[str, Localized | None]:
    """The English text of a message and the message itself when it is a catalogue message (which
    renders in any language), else the text alone."""
    if isinstance(message, str):
        return message, None
    return message.render(), message


class InputError(ValueError):
    """The input cannot be understood or cannot be served. `message` is a catalogue message
    (`app.engine.messages.Message`, rendered in the answer's language) or an English text; `message`
    the attribute is always the English text."""

    def __init__(self, message: str | Localized, *, code: str = "invalid-input", line: int | None = None,
                 column: int | None = None, text: str | None = None, field: str | None = None,
                 kind: ErrorKind = ErrorKind.INVALID, details: tuple[Issue, ...] = (),
                 localized: Localized | None = None) -> None:
        message, own = english(message)
        localized = localized or own
        super().__init__(message)
        self.issue = Issue(code, message, line, column, text, field, localized)
        self.kind = kind
        self.details = details  # every fault found, when there are several (the first is `issue`)

    @property
    def message(self) -> str:
        return self.issue.message


class TrfError(InputError):
    """A TRF file that cannot be read; names the line, column and offending text."""

    def __init__(self, message: str | Localized, *, line: int | None = None, column: int | None = None,
                 text: str | None = None, code: str = "trf-parse-error", kind: ErrorKind = ErrorKind.INVALID) -> None:
        super().__init__(message, code=code, line=line, column=column, text=text, kind=kind)


class UnpairableError(InputError):
    """No pairing satisfies the absolute criteria (C.04.3 1.9: the arbiter decides)."""

    def __init__(self, message: str | Localized) -> None:
        super().__init__(message, code="no-valid-pairing")
