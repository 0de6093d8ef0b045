"""Reading a request that carries a tournament: multipart upload (`file`), JSON body, or TRF text.

Every endpoint that takes a tournament accepts:
- `multipart/form-data` with the TRF (or JSON form) in the field `file` and options as form fields;
- `application/json` with `tournament` (the JSON form) or `trf` (TRF text) plus options;
- `text/plain` with the TRF text as the whole body.
Options may also come from the query string, whatever the body (but not the same option twice).
"""

from __future__ import annotations

import hashlib
import pickle
import threading
from collections import OrderedDict
from typing import Any, TypeVar

from fastapi import Request
from pydantic import BaseModel, ValidationError
from starlette.datastructures import ImmutableMultiDict, UploadFile

from app.api.problems import ProblemException
from app.api.runner import run_engine
from app.config import settings
from app.formats.json_schema import validation_error
from app.formats.loader import Limits, LoadedTournament, load_tournament, load_tournament_json, parse_json_text

M = TypeVar("M", bound=BaseModel)


def preferred_language(request: Request, explicit: str | None) -> str:
    """Explanations' language: the explicit option, else the first Accept-Language (zh or en)."""
    if explicit:
        return explicit
    first = request.headers.get("accept-language", "").lower().split(",")[0].strip()
    return "zh" if first.startswith("zh") else "en"


def parse_json_bytes(raw: bytes, what: str = "request body") -> Any:
    if len(raw) > settings.max_upload_bytes:
        raise ProblemException(413, "payload-too-large",
                               f"the {what} has {len(raw)} bytes; the limit is {settings.max_upload_bytes}")
    return parse_json_text(raw, settings.max_json_depth, what)


def validate(schema: type[M], data: Any) -> M:
    try:
        return schema.model_validate(data)
    except ValidationError as exc:
        raise validation_error(exc) from None


def limits() -> Limits:
    return Limits(max_players=settings.max_players, max_rounds=settings.max_rounds,
                  max_json_depth=settings.max_json_depth)


def load_tournament_from_text(data: bytes | str, what: str = "file") -> LoadedTournament:
    """TRF text (or a JSON tournament form, detected by its first character), through the parse cache."""
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
    key = (hashlib.sha256(raw).digest(), settings.max_rounds, settings.max_players)
    with _parsed_lock:
        cached = _parsed.get(key)
        if cached is not None:
            _parsed.move_to_end(key)
    if cached is not None:
        loaded: LoadedTournament = pickle.loads(cached)  # this request's own copy
        return loaded
    loaded = load_tournament(data, limits(), what=what)
    if loaded.source == "trf" and len(raw) <= PARSE_CACHE_MAX_BYTES and settings.parse_cache_entries > 0:
        blob = pickle.dumps(loaded, pickle.HIGHEST_PROTOCOL)
        with _parsed_lock:
            _parsed[key] = blob
            while len(_parsed) > settings.parse_cache_entries:
                _parsed.popitem(last=False)
    return loaded


# Recently read TRF files, by content: the calculator page sends the same file with every new order.
# An entry is immutable bytes (a pickle of what was loaded), so that no engine can change what another
# request gets: each request unpickles its own copy, at about 0.3 of the cost of reading the file again
# (bench/parse_cache_bench.py: 2.3 ms against 8.2 ms for 284 players, 19 ms against 66 ms for 2,000).
PARSE_CACHE_MAX_BYTES = 1024 * 1024
_parsed: OrderedDict[tuple[bytes, int, int], bytes] = OrderedDict()
_parsed_lock = threading.Lock()


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
        return params, load_tournament_from_text(trf, "trf")
    if tournament is None:
        raise ProblemException(422, "missing-tournament",
                               "the body needs 'tournament' (JSON form) or 'trf' (TRF text)", field="tournament")
    return params, load_tournament_json(tournament, limits())


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
