"""Reading a request that carries a tournament, inside an engine process (see app.api.job).

Every operation that takes a tournament accepts:
- `multipart/form-data` with the TRF (or JSON form) in the field `file` and options as form fields;
- `application/json` with `tournament` (the JSON form, or a Chess-JSON event) or `trf` (TRF text) plus
  options, or a whole Chess-JSON file as the body (options in the query string);
- `text/plain` with the TRF text as the whole body.
Options may also come from the query string, whatever the body (but not the same option twice).

Text from the client is checked once, where it is decoded: a lone surrogate (valid JSON escapes such as
"\\ud800") or a control character anywhere but in TRF text is refused with a 422 naming the field.
"""

from __future__ import annotations

import hashlib
import pickle
import re
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError
from python_multipart.multipart import MultipartParser, parse_options_header

from app.api.errors import ProblemException
from app.api.job import JobRequest, Limits
from app.api.language import Text, negotiate, say, use
from app.engine.messages import LANGUAGES
from app.formats import loader
from app.formats.chess_json import is_chess_json
from app.formats.json_schema import is_bare_tournament
from app.formats.loader import (
    LoadedTournament,
    load_chess_json,
    load_tournament,
    load_tournament_json,
    parse_json_text,
)
from app.formats.schema_faults import field_path, validation_error

M = TypeVar("M", bound=BaseModel)

# A lone surrogate cannot be encoded (nor written to a TRF); control characters other than tab, line feed
# and carriage return never belong in a name, an option or an id.
_SURROGATE = re.compile("[\ud800-\udfff]")
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff]")
_CONTROL_NO_LINES = re.compile("[\x00-\x1f\x7f\ud800-\udfff]")
TEXT_FIELDS = frozenset({"trf"})  # members holding a whole file: lines allowed, the reader checks the rest
MAX_FORM_FIELDS = 100
MAX_FILES = 2


def preferred_language(accept_language: str, explicit: str | None) -> str:
    """The answer's language: the explicit option, else the best of en and zh in Accept-Language."""
    return negotiate(accept_language, explicit)


# ---------------------------------------------------------------- text checks


def _bad_text(where: str, text: str) -> ProblemException:
    found = _CONTROL_NO_LINES.search(text)
    char = found.group() if found else ""
    what = say("invalid-text.surrogate") if "\ud800" <= char <= "\udfff" else say("invalid-text.control",
                                                                                  number=f"{ord(char):04X}")
    return ProblemException(422, "invalid-text", say("invalid-text", where=where, what=what), field=where)


def check_text(where: str, text: str, *, lines: bool = False) -> None:
    """Refuse a lone surrogate or a control character (tab and line breaks too, unless `lines`)."""
    if (_CONTROL if lines else _CONTROL_NO_LINES).search(text):
        raise _bad_text(where, text)


def check_json_value(value: Any, what: str) -> None:
    """Text check of a parsed JSON value (its depth is the reader's: app.formats.loader.parse_json_text),
    iteratively (no recursion on hostile input)."""
    stack: list[tuple[Any, list[str | int]]] = [(value, [])]
    while stack:
        v, path = stack.pop()
        if isinstance(v, str):
            lines = len(path) == 1 and path[0] in TEXT_FIELDS
            if (_CONTROL if lines else _CONTROL_NO_LINES).search(v):
                raise _bad_text(field_path(path), v)
        elif isinstance(v, dict):
            for k, x in v.items():
                if _CONTROL_NO_LINES.search(k):
                    raise _bad_text(field_path([*path, "<name>"]), k)
                stack.append((x, [*path, k]))
        elif isinstance(v, list):
            stack.extend((x, [*path, i]) for i, x in enumerate(v))


# The names of what a JSON text came in, as the reader's messages name them, and as the API's texts.
_WHAT = {"request body": "what.body", "file": "what.file", "uploaded file": "what.file"}


def _what(what: str) -> Text | str:
    return say(_WHAT[what]) if what in _WHAT else what


def parse_json_bytes(raw: bytes, limits: Limits, what: str = "request body") -> Any:
    if len(raw) > limits.max_upload_bytes:
        raise ProblemException(413, "payload-too-large", say("payload-too-large.what", what=_what(what),
                                                             size=len(raw), limit=limits.max_upload_bytes))
    value = parse_json_text(raw, limits.max_json_depth, what)
    check_json_value(value, what)
    return value


def validate(schema: type[M], data: Any) -> M:
    """`data` as `schema`, or a 422 naming every field at fault. A valid `language` option becomes the
    answer's language at once, so that a problem found later in the request is written in it."""
    if isinstance(data, dict) and data.get("language") in LANGUAGES:
        use(data["language"])
    try:
        return schema.model_validate(data)
    except ValidationError as exc:
        raise validation_error(exc) from None


# ---------------------------------------------------------------- tournaments

# Recently read TRF files, by content: the calculator page sends the same file with every new order. The
# cache keeps the pickled model, and every request unpickles its own copy, so an engine that changed the
# tournament it was given could never change what the next request reads.
PARSE_CACHE_MAX_BYTES = 1024 * 1024
_parsed: OrderedDict[tuple[bytes, int, int], bytes] = OrderedDict()


def _reader_limits(limits: Limits) -> loader.Limits:
    return loader.Limits(max_players=limits.max_players, max_rounds=limits.max_rounds,
                         max_json_depth=limits.max_json_depth)


def load_tournament_from_text(data: bytes | str, limits: Limits, what: str = "file") -> LoadedTournament:
    """TRF text, or JSON (detected by its first character: the JSON form or a Chess-JSON event), through the
    parse cache."""
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
    key = (hashlib.sha256(raw).digest(), limits.max_rounds, limits.max_players)
    cached = _parsed.get(key)
    if cached is not None:
        _parsed.move_to_end(key)
        loaded: LoadedTournament = pickle.loads(cached)  # this request's own copy
        return loaded
    loaded = load_tournament(data, _reader_limits(limits), what=what)
    if loaded.source == "trf" and len(raw) <= PARSE_CACHE_MAX_BYTES and limits.parse_cache > 0:
        _parsed[key] = pickle.dumps(loaded, protocol=pickle.HIGHEST_PROTOCOL)
        while len(_parsed) > limits.parse_cache:
            _parsed.popitem(last=False)
    return loaded


def load_tournament_from_json(data: Any, limits: Limits) -> LoadedTournament:
    """The JSON form (a parsed object, or a schema the request already validated)."""
    return load_tournament_json(data, _reader_limits(limits))


def load_tournament_from_chess_json(data: Any, limits: Limits) -> LoadedTournament:
    return load_chess_json(data, _reader_limits(limits))


# ---------------------------------------------------------------- request bodies


def query_options(job: JobRequest) -> dict[str, Any]:
    """Query parameters as options: one value, or a list of the repeated ones."""
    options: dict[str, Any] = {}
    for key, value in job.query:
        check_text("query", key)
        check_text(key, value)
        if key in options:
            previous = options[key]
            options[key] = [*previous, value] if isinstance(previous, list) else [previous, value]
        else:
            options[key] = value
    return options


def _with_query(query: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    twice = sorted(set(query) & set(options))
    if twice:
        raise ProblemException(422, "invalid-request", say("invalid-request.twice", name=twice[0]), field=twice[0])
    return {**options, **query}


@dataclass
class _Part:
    name: str = ""
    filename: str | None = None
    data: bytearray = field(default_factory=bytearray)


def parse_multipart(content_type: str, body: bytes, limits: Limits) -> tuple[dict[str, Any], list[_Part]]:
    """Form fields (text) and file parts of a multipart body, with python-multipart's parser."""
    _, params = parse_options_header(content_type)
    boundary = params.get(b"boundary")
    if not boundary:
        raise ProblemException(400, "invalid-multipart", say("invalid-multipart.boundary"))
    parts: list[_Part] = []
    header: list[bytes] = [b"", b""]
    headers: dict[bytes, bytes] = {}

    def on_part_begin() -> None:
        if len(parts) >= MAX_FORM_FIELDS:
            raise ProblemException(422, "too-many-fields", say("too-many-fields", limit=MAX_FORM_FIELDS))
        parts.append(_Part())
        headers.clear()

    def on_header_field(data: bytes, start: int, end: int) -> None:
        header[0] += data[start:end]

    def on_header_value(data: bytes, start: int, end: int) -> None:
        header[1] += data[start:end]

    def on_header_end() -> None:
        headers[header[0].lower()] = header[1]
        header[0] = header[1] = b""

    def on_headers_finished() -> None:
        _, disposition = parse_options_header(headers.get(b"content-disposition", b""))
        part = parts[-1]
        part.name = disposition.get(b"name", b"").decode("utf-8", "replace")
        filename = disposition.get(b"filename")
        part.filename = None if filename is None else filename.decode("utf-8", "replace")

    def on_part_data(data: bytes, start: int, end: int) -> None:
        part = parts[-1]
        part.data += data[start:end]
        if len(part.data) > limits.max_upload_bytes:
            raise ProblemException(413, "payload-too-large",
                                   say("payload-too-large.file", limit=limits.max_upload_bytes))

    callbacks: Any = {"on_part_begin": on_part_begin, "on_header_field": on_header_field,
                      "on_header_value": on_header_value, "on_header_end": on_header_end,
                      "on_headers_finished": on_headers_finished, "on_part_data": on_part_data}
    parser = MultipartParser(boundary, callbacks)
    try:
        parser.write(body)
        parser.finalize()
    except ProblemException:
        raise
    except Exception as exc:  # the parser's own errors: a malformed body
        raise ProblemException(400, "invalid-multipart", say("invalid-multipart.parse", error=str(exc))) from None
    fields: dict[str, Any] = {}
    files = [part for part in parts if part.filename is not None]
    if len(files) > MAX_FILES:
        raise ProblemException(400, "invalid-multipart", say("invalid-multipart.files", count=len(files),
                                                             limit=MAX_FILES))
    for part in files:
        if part.name != "file":
            raise ProblemException(422, "invalid-request", say("invalid-request.file-field", name=part.name),
                                   field=part.name)
    for part in parts:
        if part.filename is not None or part.name == "file":  # a text field 'file' is no file: missing-file
            continue
        try:
            text = part.data.decode("utf-8")
        except UnicodeDecodeError:
            raise ProblemException(422, "invalid-text", say("invalid-text.form", name=part.name),
                                   field=part.name) from None
        check_text(part.name, text)
        previous = fields.get(part.name)
        fields[part.name] = text if previous is None else (
            [*previous, text] if isinstance(previous, list) else [previous, text])
    return fields, files


def _read_text(schema: type[M], options: dict[str, Any], raw: bytes, limits: Limits) -> tuple[M, LoadedTournament]:
    return validate(schema, options), load_tournament_from_text(raw, limits)


def read_json_options(job: JobRequest, schema: type[M]) -> M:
    """A JSON-only operation: its options from the JSON body (and the query string)."""
    ctype = media_type(job.content_type)
    if ctype not in ("application/json", "application/problem+json") and not ctype.endswith("+json"):
        raise ProblemException(415, "unsupported-media-type", say("unsupported-media-type.json", type=ctype))
    body = parse_json_bytes(job.body, job.limits)
    if not isinstance(body, dict):
        raise ProblemException(422, "invalid-request", say("invalid-request.object"), field="body")
    return validate(schema, _with_query(query_options(job), body))


def media_type(content_type: str) -> str:
    return content_type.split(";")[0].strip().lower()


def read_request(job: JobRequest, schema: type[M]) -> tuple[M, LoadedTournament]:
    """Parse options into `schema` and the tournament from wherever the request carries it."""
    ctype = media_type(job.content_type)
    query = query_options(job)
    limits = job.limits
    if ctype == "multipart/form-data":
        fields, files = parse_multipart(job.content_type, job.body, limits)
        if len(files) > 1:
            raise ProblemException(422, "too-many-files", say("too-many-files"), field="file")
        if not files:
            raise ProblemException(422, "missing-file", say("missing-file"), field="file")
        return _read_text(schema, _with_query(query, fields), bytes(files[0].data), limits)
    if ctype in ("application/json", "application/problem+json") or ctype.endswith("+json"):
        body = parse_json_bytes(job.body, limits)
        if not isinstance(body, dict):
            raise ProblemException(422, "invalid-request", say("invalid-request.object"), field="body")
        if is_chess_json(body):  # a whole Chess-JSON file; the options come from the query string
            return validate(schema, query), load_tournament_from_chess_json(body, limits)
        if is_bare_tournament(body):
            raise ProblemException(422, "bare-tournament", say("bare-tournament"), field="body")
        chess_json = body.pop("tournament") if is_chess_json(body.get("tournament")) else None
        params = validate(schema, _with_query(query, body))
        if chess_json is not None:
            if getattr(params, "trf", None) is not None:
                raise ProblemException(422, "invalid-request", say("invalid-request.both"),
                                       field="tournament")
            return params, load_tournament_from_chess_json(chess_json, limits)
        tournament = getattr(params, "tournament", None)
        trf = getattr(params, "trf", None)
        if tournament is not None and trf is not None:
            raise ProblemException(422, "invalid-request", say("invalid-request.both"),
                                   field="tournament")
        if trf is not None:
            return params, load_tournament_from_text(trf, limits, "trf")
        if tournament is None:
            raise ProblemException(422, "missing-tournament", say("missing-tournament"), field="tournament")
        return params, load_tournament_from_json(tournament, limits)
    if ctype in ("text/plain", "application/octet-stream", ""):
        if not job.body.strip():
            raise ProblemException(422, "missing-tournament", say("missing-tournament.empty"), field="body")
        return _read_text(schema, query, job.body, limits)
    raise ProblemException(415, "unsupported-media-type", say("unsupported-media-type", type=ctype))
