"""Reading a request that carries a tournament: multipart upload (`file`), JSON body, or TRF text.

Every endpoint that takes a tournament accepts:
- `multipart/form-data` with the TRF (or JSON form) in the field `file` and options as form fields;
- `application/json` with `tournament` (the JSON form) or `trf` (TRF text) plus options;
- `text/plain` with the TRF text as the whole body.
Options may also come from the query string, whatever the body (but not the same option twice).
"""

from __future__ import annotations

import hashlib
import json
import math
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, TypeVar

from fastapi import Request
from pydantic import BaseModel, ValidationError
from starlette.datastructures import ImmutableMultiDict, UploadFile

from app.api.problems import ProblemException
from app.api.runner import run_engine
from app.config import settings
from app.engine.errors import InputError, Issue
from app.engine.messages import DEFAULT_LANGUAGE, LANGUAGES
from app.engine.model import Tournament
from app.formats.json_form import tournament_from_dict
from app.formats.trf_reader import read_trf

M = TypeVar("M", bound=BaseModel)


@dataclass
class LoadedTournament:
    tournament: Tournament
    warnings: list[Issue] = field(default_factory=list)
    encoding: str | None = None
    source: str = "json"  # "json" or "trf"


def preferred_language(request: Request, explicit: str | None) -> str:
    """Explanations' language: the explicit option, else the first Accept-Language with a message
    catalogue (app/engine/messages), else English."""
    if explicit:
        return str(explicit)
    first = request.headers.get("accept-language", "").lower().split(",")[0].strip()
    primary = first.split(";")[0].replace("_", "-").split("-")[0].strip()
    return primary if primary in LANGUAGES else DEFAULT_LANGUAGE


def _depth(value: Any) -> int:
    """Nesting depth of a parsed JSON value, iteratively."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        v, d = stack.pop()
        deepest = max(deepest, d)
        if isinstance(v, dict):
            stack.extend((x, d + 1) for x in v.values())
        elif isinstance(v, list):
            stack.extend((x, d + 1) for x in v)
    return deepest


def _reject_constant(name: str) -> float:
    raise ValueError(f"{name} is not a JSON number")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:20]} is out of range")
    return value


def parse_json_bytes(raw: bytes, what: str = "request body") -> Any:
    if len(raw) > settings.max_upload_bytes:
        raise ProblemException(413, "payload-too-large",
                               f"the {what} has {len(raw)} bytes; the limit is {settings.max_upload_bytes}")
    try:
        value = json.loads(raw, parse_constant=_reject_constant, parse_float=_finite_float)
    except RecursionError:
        raise ProblemException(422, "json-too-deep", f"the {what} is nested too deeply") from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise ProblemException(400, "invalid-json", f"the {what} is not valid JSON: {exc}") from None
    if _depth(value) > settings.max_json_depth:
        raise ProblemException(422, "json-too-deep",
                               f"the {what} is nested deeper than {settings.max_json_depth} levels")
    return value


def validate(schema: type[M], data: Any) -> M:
    try:
        return schema.model_validate(data)
    except ValidationError as exc:
        errors = []
        for e in exc.errors()[:50]:
            loc = ".".join(str(p) for p in e.get("loc", ())) or "body"
            errors.append({"field": loc, "message": e.get("msg", "")})
        first = errors[0]
        raise ProblemException(422, "invalid-request", f"{first['field']}: {first['message']}",
                               field=first["field"], errors=errors) from None


def load_tournament_from_text(data: bytes | str) -> LoadedTournament:
    """TRF text (or a JSON tournament form, detected by its first character)."""
    head = data[:64].lstrip() if isinstance(data, str) else data[:64].lstrip(b"\xef\xbb\xbf \t\r\n")
    if (isinstance(head, str) and head.startswith("{")) or (isinstance(head, bytes) and head.startswith(b"{")):
        raw = data.encode("utf-8") if isinstance(data, str) else data
        return load_tournament_from_json(parse_json_bytes(raw, "uploaded file"))
    raw = data.encode("utf-8") if isinstance(data, str) else data
    key = (hashlib.sha256(raw).digest(), settings.max_rounds, settings.max_players)
    with _parsed_lock:
        cached = _parsed.get(key)
        if cached is not None:
            _parsed.move_to_end(key)
            return cached
    doc = read_trf(data, max_rounds=settings.max_rounds, max_players=settings.max_players)
    if len(doc.tournament.players) > settings.max_players:
        raise InputError(f"{len(doc.tournament.players)} players exceed the limit of {settings.max_players}",
                         code="too-many-players", status=413)
    loaded = LoadedTournament(doc.tournament, doc.warnings, doc.encoding, "trf")
    if len(raw) <= PARSE_CACHE_MAX_BYTES and settings.parse_cache_entries > 0:
        with _parsed_lock:
            _parsed[key] = loaded
            while len(_parsed) > settings.parse_cache_entries:
                _parsed.popitem(last=False)
    return loaded


# Recently read TRF files, by content: the calculator page sends the same file with every new order.
# Engines never change a tournament they are given (they copy before writing), so one parsed model
# can serve several requests.
PARSE_CACHE_MAX_BYTES = 1024 * 1024
_parsed: OrderedDict[tuple[bytes, int, int], LoadedTournament] = OrderedDict()
_parsed_lock = threading.Lock()


def load_tournament_from_json(data: Any) -> LoadedTournament:
    from app.api.schemas import TournamentSchema

    model = validate(TournamentSchema, data)
    t = tournament_from_dict(model.model_dump(exclude_none=True), max_players=settings.max_players,
                             max_rounds=settings.max_rounds)
    return LoadedTournament(t, [], None, "json")


def _text_fields(fields: ImmutableMultiDict[str, Any], where: str, skip: str = "") -> dict[str, Any]:
    """Form fields or query parameters as options: one value, or a list of the repeated ones."""
    options: dict[str, Any] = {}
    for key in fields:
        if key == skip:
            continue
        values = fields.getlist(key)
        if any(isinstance(v, UploadFile) for v in values):
            raise ProblemException(422, "invalid-request", f"{where} {key!r} must be text, not a file", field=key)
        options[key] = values[0] if len(values) == 1 else list(values)
    return options


def _with_query(query: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    twice = sorted(set(query) & set(options))
    if twice:
        raise ProblemException(422, "invalid-request", f"option {twice[0]!r} is given both in the query string "
                               "and in the body", field=twice[0])
    return {**options, **query}


def _read_text(schema: type[M], options: dict[str, Any], raw: bytes) -> tuple[M, LoadedTournament]:
    return validate(schema, options), load_tournament_from_text(raw)


def _read_json(schema: type[M], query: dict[str, Any], raw: bytes) -> tuple[M, LoadedTournament]:
    body = parse_json_bytes(raw)
    if not isinstance(body, dict):
        raise ProblemException(422, "invalid-request", "the JSON body must be an object", field="body")
    params = validate(schema, _with_query(query, body))
    tournament = getattr(params, "tournament", None)
    trf = getattr(params, "trf", None)
    if tournament is not None and trf is not None:
        raise ProblemException(422, "invalid-request", "give either 'tournament' or 'trf', not both",
                               field="tournament")
    if trf is not None:
        return params, load_tournament_from_text(trf)
    if tournament is None:
        raise ProblemException(422, "missing-tournament",
                               "the body needs 'tournament' (JSON form) or 'trf' (TRF text)", field="tournament")
    t = tournament_from_dict(tournament.model_dump(exclude_none=True), max_players=settings.max_players,
                             max_rounds=settings.max_rounds)
    return params, LoadedTournament(t, [], None, "json")


async def read_request(request: Request, schema: type[M]) -> tuple[M, LoadedTournament]:
    """Parse options into `schema` and the tournament from wherever the request carries it.

    The body is received here; decoding and checking it is engine work (`run_engine`, operation "read"),
    so a large file neither blocks the event loop nor escapes the time budget."""
    ctype = request.headers.get("content-type", "").split(";")[0].strip().lower()
    query = _text_fields(request.query_params, "query parameter")
    if ctype == "multipart/form-data":
        try:
            form = await request.form(max_files=2, max_fields=100)
        except ProblemException:
            raise
        except Exception as exc:  # malformed multipart
            raise ProblemException(400, "invalid-multipart", f"the multipart body cannot be read: {exc}") from None
        uploads = form.getlist("file")
        if len(uploads) > 1:
            raise ProblemException(422, "too-many-files", "send one tournament file in the field 'file'",
                                   field="file")
        options = _text_fields(form, "form field", skip="file")
        if not uploads or not isinstance(uploads[0], UploadFile):
            raise ProblemException(422, "missing-file", "multipart requests carry the tournament in the field "
                                   "'file'", field="file")
        raw = await uploads[0].read(settings.max_upload_bytes + 1)
        if len(raw) > settings.max_upload_bytes:
            raise ProblemException(413, "payload-too-large",
                                   f"the uploaded file exceeds the limit of {settings.max_upload_bytes} bytes")
        return await run_engine("read", _read_text, schema, _with_query(query, options), raw)
    if ctype in ("application/json", "application/problem+json") or ctype.endswith("+json"):
        return await run_engine("read", _read_json, schema, query, await request.body())
    if ctype in ("text/plain", "application/octet-stream", ""):
        raw = await request.body()
        if not raw.strip():
            raise ProblemException(422, "missing-tournament", "the body is empty: send a TRF file or JSON",
                                   field="body")
        return await run_engine("read", _read_text, schema, query, raw)
    raise ProblemException(415, "unsupported-media-type",
                           f"content type {ctype!r} is not supported; use multipart/form-data, application/json "
                           "or text/plain")
