"""One loader for every form a tournament arrives in: TRF (bytes or text), the JSON form, Chess-JSON.

`load_tournament` takes the text of a file (TRF, or the JSON form detected by its first character);
`load_tournament_json` takes the JSON form as a parsed object or as a validated `TournamentSchema`.
Both read the form (the reader's own warnings: encoding, misaligned lines, ...) and then run the same
consistency checks (`app.engine.validation`), so a tournament gets the same warnings and errors
whatever form it came in; only where they point to differs (a TRF line and column, a JSON field).
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from app.engine.errors import ErrorKind, InputError, Issue
from app.engine.messages import Message
from app.engine.model import Tournament
from app.engine.validation import validate_tournament
from app.formats.chess_json import is_chess_json, read_chess_json
from app.formats.json_form import tournament_from_schema
from app.formats.json_schema import TournamentSchema
from app.formats.schema_faults import field_path, validation_error
from app.formats.trf_reader import TrfLocator, read_trf

__all__ = ["Limits", "LoadedTournament", "load_chess_json", "load_tournament", "load_tournament_json",
           "parse_json_text"]

@dataclass(frozen=True)
class Limits:
    """Bounds set by the service (its settings) on what the readers accept."""

    max_players: int | None = None
    max_rounds: int = 99
    max_json_depth: int = 64


@dataclass
class LoadedTournament:
    tournament: Tournament
    warnings: list[Issue] = field(default_factory=list)
    encoding: str | None = None
    source: str = "json"  # "json", "trf" or "jch" (Chess-JSON)


def load_tournament(data: bytes | str, limits: Limits = Limits(), *, what: str = "file") -> LoadedTournament:
    """A tournament from the text of a file: TRF, or the JSON form when it begins with `{`."""
    if isinstance(data, str):
        _refuse_surrogates(data, what)
    if _looks_like_json(data):
        text = data.removeprefix("\ufeff") if isinstance(data, str) else data.removeprefix(b"\xef\xbb\xbf")
        value = parse_json_text(text, limits.max_json_depth, what)
        if is_chess_json(value):
            return load_chess_json(value, limits)
        return load_tournament_json(value, limits)
    doc = read_trf(data, max_rounds=limits.max_rounds, max_players=limits.max_players)
    warnings = doc.warnings + validate_tournament(doc.tournament, TrfLocator(doc))
    return LoadedTournament(doc.tournament, warnings, doc.encoding, "trf")


def load_tournament_json(form: Any, limits: Limits = Limits()) -> LoadedTournament:
    """A tournament from its JSON form: a parsed JSON object, or a `TournamentSchema` already validated."""
    if not isinstance(form, TournamentSchema):
        form = validate_form(form)
    t, warnings, locator = tournament_from_schema(form, max_players=limits.max_players,
                                                   max_rounds=limits.max_rounds)
    warnings += validate_tournament(t, locator)
    return LoadedTournament(t, warnings, None, "json")


def load_chess_json(event: Any, limits: Limits = Limits()) -> LoadedTournament:
    """A tournament from a Chess-JSON event (the FIDE TEC tools' format), checked as every other form."""
    doc = read_chess_json(event, max_players=limits.max_players, max_rounds=limits.max_rounds)
    return LoadedTournament(doc.tournament, doc.warnings + validate_tournament(doc.tournament), None, "jch")


def validate_form(obj: Any, prefix: str = "tournament") -> TournamentSchema:
    """The JSON form validated by its schema; the errors name the fields (`tournament.players[0].rating`)."""
    try:
        return TournamentSchema.model_validate(obj)
    except ValidationError as exc:
        raise validation_error(exc, prefix) from None


def _looks_like_json(data: bytes | str) -> bool:
    head = data[:64].lstrip("\ufeff \t\r\n") if isinstance(data, str) else data[:64].lstrip(b"\xef\xbb\xbf \t\r\n")
    return head[:1] in ("{", b"{")


def _refuse_surrogates(text: str, what: str) -> None:
    found = _SURROGATE.search(text)
    if found is not None:
        raise InputError(Message.of("error.lone-surrogate", what=what, number=f"{ord(found.group()):04X}", position=found.start() + 1), code="invalid-text", field=what)


# ---------------------------------------------------------------- JSON text


def _reject_constant(name: str) -> float:
    raise ValueError(f"{name} is not a JSON number")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:20]} is out of range")
    return value


def _check_values(value: Any, max_depth: int, what: str) -> None:
    """At most `max_depth` levels, and no lone surrogate in any key or string (no text can hold one)."""
    stack: list[tuple[Any, int, tuple[str | int, ...]]] = [(value, 1, ())]
    while stack:
        v, d, path = stack.pop()
        if d > max_depth:
            raise _json_error("error.json-too-deep", what, "json-too-deep", depth=max_depth)
        if isinstance(v, dict):
            for k, x in v.items():
                if _SURROGATE.search(k):
                    _refuse_surrogates(k, field_path(path) + " (a key)")
                stack.append((x, d + 1, (*path, k)))
        elif isinstance(v, list):
            stack.extend((x, d + 1, (*path, i)) for i, x in enumerate(v))
        elif isinstance(v, str) and _SURROGATE.search(v):
            _refuse_surrogates(v, field_path(path))


_SURROGATE = re.compile("[\ud800-\udfff]")


_WHAT_IDS = {"file": "what.file", "request body": "what.request-body", "trf": "what.trf"}


def _json_error(message_id: str, what: str, code: str, kind: ErrorKind = ErrorKind.INVALID,
                **values: Any) -> InputError:
    """An error of a JSON text, its message from the catalogues (`what` is named in the answer's language)."""
    name: Any = Message(_WHAT_IDS[what], {}) if what in _WHAT_IDS else what
    message = Message(message_id, {"what": name, **values})
    return InputError(message.render(), code=code, kind=kind, localized=message)


def parse_json_text(raw: bytes | str, max_depth: int = 64, what: str = "request body") -> Any:
    """JSON text as Python values: no NaN or Infinity, no number beyond a float, at most `max_depth` levels."""
    try:
        value = json.loads(raw, parse_constant=_reject_constant, parse_float=_finite_float)
    except RecursionError:
        raise _json_error("error.json-too-deep.recursion", what, "json-too-deep") from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise _json_error("error.invalid-json", what, "invalid-json", ErrorKind.SYNTAX, error=str(exc)) from None
    _check_values(value, max_depth, what)
    return value
