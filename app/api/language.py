"""The language of an answer, and the API layer's texts rendered in it (the texts are in app.api.texts).

The language is the request's `language` option when it has one, else the first of `en` and `zh` in the
Accept-Language header (by q-value), else English. An engine process sets it per job (`use`) as soon as it
is known, so that a problem raised while reading the rest of the request is written in it too; answers that
depend on it say so with `Content-Language` and `Vary: Accept-Language`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from contextvars import ContextVar
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Any

from app.api.texts import DETAILS, LANGUAGES, PROBLEMS, WARNINGS
from app.engine.errors import Localized

DEFAULT_LANGUAGE = "en"
_current: ContextVar[str] = ContextVar("answer_language", default=DEFAULT_LANGUAGE)
_CJK = re.compile("[\u3400-\u9fff]")


def from_accept_language(header: str) -> str | None:
    """The best of LANGUAGES in an Accept-Language header (RFC 9110 12.5.4), or None."""
    best: tuple[float, int, str] | None = None
    for position, item in enumerate(header.split(",")[:50]):
        tag, _, params = item.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        primary = tag.strip().lower().split("-")[0]
        if q <= 0 or primary not in LANGUAGES:
            continue
        if best is None or q > best[0]:
            best = (q, position, primary)
    return None if best is None else best[2]


def negotiate(accept_language: str, explicit: str | None = None) -> str:
    if explicit in LANGUAGES:
        return explicit
    return from_accept_language(accept_language) or DEFAULT_LANGUAGE


def use(language: str) -> None:
    """Set the language of the current job's answer (and of its problems)."""
    _current.set(language if language in LANGUAGES else DEFAULT_LANGUAGE)


def current() -> str:
    return _current.get()


def language_headers(language: str) -> tuple[tuple[str, str], ...]:
    return (("Content-Language", language), ("Vary", "Accept-Language"))


@dataclass(frozen=True)
class Text:
    """A text of app.api.texts.DETAILS kept as data, rendered in the answer's language."""

    id: str
    values: Mapping[str, Any] = field(default_factory=dict)

    def render(self, language: str) -> str:
        templates = DETAILS[self.id]
        template = templates.get(language, templates[DEFAULT_LANGUAGE])
        values = {k: v.render(language) if isinstance(v, Text) else v for k, v in self.values.items()}
        return template.format(**values)

    def __str__(self) -> str:
        return self.render(DEFAULT_LANGUAGE)


class EngineMessage(Text):
    """The message of an engine or reader error: rendered from the engine's catalogues when it was made from
    them (`localized`), else the engine's English text in every language (the problem's title is translated)."""

    def __init__(self, code: str, message: str, localized: Localized | None = None) -> None:
        super().__init__(code, {"message": message})
        object.__setattr__(self, "localized", localized)

    def render(self, language: str) -> str:
        localized: Localized | None = getattr(self, "localized", None)
        if localized is not None and language in LANGUAGES:
            return localized.render(language)
        return str(self.values["message"])


def say(message_id: str, **values: Any) -> Text:
    if message_id not in DETAILS:
        raise KeyError(f"no text {message_id!r} in app.api.texts.DETAILS")
    return Text(message_id, values)


def render(text: str | Text, language: str) -> str:
    return text.render(language) if isinstance(text, Text) else text


def problem_title(code: str, status: int, language: str) -> str:
    known = PROBLEMS.get(code)
    if known is None:
        return HTTPStatus(status).phrase
    return known.title.get(language, known.title[DEFAULT_LANGUAGE])


def warning_dict(issue: Any, language: str | None = None) -> dict[str, Any]:
    """A warning (an `Issue`, or its dict) as the answer carries it, in the answer's language: a warning made
    from the engine's catalogues (app.engine.messages) is rendered in it; one the engine writes in English
    only gets, in another language, the meaning of its code first (app.api.texts.WARNINGS)."""
    language = language or current()
    out: dict[str, Any] = dict(issue) if isinstance(issue, dict) else issue.as_dict(language)
    if language == DEFAULT_LANGUAGE:
        return out
    message = str(out.get("message", ""))
    gist = WARNINGS.get(str(out.get("code", "")), {}).get(language)
    if gist and not _CJK.search(message):
        out["message"] = f"{gist}：{message}" if message else gist
    return out
