"""The faults of the JSON form's schema (pydantic's validation errors) as the service's problems: each fault
names its field as the answers do (`tournament.players[0].rating`) and says what is wrong as a catalogue
message, in the answer's language where the catalogue holds pydantic's error type (its English template
renders exactly pydantic's words), else "{field}: {pydantic's message}" in a localized frame."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from app.engine.errors import InputError, Issue
from app.engine.messages import Message
from app.formats.json_schema import FieldValueError


def field_path(loc: tuple[int | str, ...] | list[int | str], prefix: str = "") -> str:
    """A pydantic error location as the field name the answers use: `tournament.players[0].rating`."""
    out = prefix
    for part in loc:
        if isinstance(part, int) or (isinstance(part, str) and part.isdigit()):
            out += f"[{part}]"
        else:
            text = str(part).encode("utf-8", "backslashreplace").decode("utf-8")  # a key may be any string
            out += f".{text}" if out else text
    return out or "body"


_TEXT_ERRORS = {"invalid_text", "string_unicode"}  # pydantic's own for a lone surrogate


def validation_error(exc: ValidationError, prefix: str = "") -> InputError:
    """A pydantic failure as an InputError naming each field at fault (the first in `issue`).

    Its code is `invalid-text` when the first fault is a forbidden character, else `invalid-request`."""
    errors = exc.errors()[:50]
    code = "invalid-text" if errors and errors[0]["type"] in _TEXT_ERRORS else "invalid-request"
    details = tuple(_fault(e, code, prefix) for e in errors)
    first = details[0] if details else Issue(code, f"{prefix or 'body'}: invalid", field=prefix or "body",
                                             localized=Message.of("error.schema.invalid", field=prefix or "body"))
    return InputError(first.message, code=code, field=first.field, details=details, localized=first.localized)


# pydantic's error types whose messages the catalogues hold (the English templates are pydantic's own words),
# and this module's own (PydanticCustomError) ones.
_PYDANTIC_MESSAGES = {
    "missing": "error.schema.missing", "extra_forbidden": "error.schema.extra-forbidden",
    "int_parsing": "error.schema.int-parsing", "int_type": "error.schema.int-type",
    "int_from_float": "error.schema.int-from-float", "float_parsing": "error.schema.float-parsing",
    "float_type": "error.schema.float-type", "string_type": "error.schema.string-type",
    "bool_parsing": "error.schema.bool-parsing", "bool_type": "error.schema.bool-type",
    "list_type": "error.schema.list-type", "dict_type": "error.schema.dict-type",
    "model_type": "error.schema.model-type", "model_attributes_type": "error.schema.model-attributes-type",
    "literal_error": "error.schema.literal", "enum": "error.schema.literal",
    "greater_than_equal": "error.schema.greater-than-equal", "less_than_equal": "error.schema.less-than-equal",
    "greater_than": "error.schema.greater-than", "less_than": "error.schema.less-than",
    "too_long": "error.schema.too-long", "too_short": "error.schema.too-short",
    "string_too_long": "error.schema.string-too-long", "string_too_short": "error.schema.string-too-short",
    "string_pattern_mismatch": "error.schema.pattern", "multiple_of": "error.schema.multiple-of",
    "string_unicode": "error.schema.string-unicode", "finite_number": "error.schema.finite-number",
    "union_tag_invalid": "error.schema.union-tag-invalid", "union_tag_not_found": "error.schema.union-tag-not-found",
    "one_of": "error.schema.one-of", "range": "error.schema.range", "length": "error.schema.length",
    "type": "error.schema.number-or-text", "invalid_text": "error.schema.invalid-text",
}
# The words naming what a field holds, in this module's and the API's own messages (one_of, _number_or_text).
_WHAT = {
    "a result": "what.a-result", "a colour": "what.a-colour", "the initial colour": "what.the-initial-colour",
    "a game result": "what.a-game-result", "a bye": "what.a-bye", "the result of a game": "what.the-result-of-a-game",
    "a FIDE id": "what.a-fide-id", "a player": "what.a-player", "a forfeited match": "what.a-forfeited-match",
    "a match rule": "what.a-match-rule", "an acceleration": "what.an-acceleration",
    "a colour preference type": "what.a-colour-preference-type", "a primary score": "what.a-primary-score",
    "a system with standings": "what.a-system-with-standings",
}
_COLLECTIONS = {"List": "what.collection.list", "Dictionary": "what.collection.dictionary"}


def _counted(n: Any, one: str, many: str) -> Message:
    return Message.of(one if n == 1 else many, count=n)


def _pydantic_message(error: Any) -> Message | None:
    """A pydantic error as a catalogue message, when the catalogue has its type and renders in English what
    pydantic says (else None)."""
    kind, ctx = error["type"], dict(error.get("ctx") or {})
    if kind == "value_error" and isinstance(ctx.get("error"), FieldValueError):
        return Message.of("error.schema.value-error", problem=ctx["error"].message)
    message_id = _PYDANTIC_MESSAGES.get(kind)
    if message_id is None:
        return None
    if isinstance(ctx.get("expected"), str) and " or " in ctx["expected"]:  # pydantic's "'a', 'b' or 'c'"
        items, _, last = ctx["expected"].rpartition(" or ")
        ctx["expected"] = Message.of("what.alternatives", items=items, last=last)
    if isinstance(ctx.get("what"), str) and ctx["what"] in _WHAT:
        ctx["what"] = Message.of(_WHAT[ctx["what"]])
    if "field_type" in ctx:
        ctx["field_type"] = Message.of(_COLLECTIONS[ctx["field_type"]]) if ctx["field_type"] in _COLLECTIONS \
            else ctx["field_type"]
    if "max_length" in ctx:
        ctx["items"] = _counted(ctx["max_length"], "what.count.item", "what.count.items")
        ctx["characters"] = _counted(ctx["max_length"], "what.count.character", "what.count.characters")
    if "min_length" in ctx:
        ctx["items"] = _counted(ctx["min_length"], "what.count.item", "what.count.items")
        ctx["characters"] = _counted(ctx["min_length"], "what.count.character", "what.count.characters")
    message = Message(message_id, ctx)
    try:
        return message if message.render() == error["msg"] else None
    except (KeyError, IndexError, ValueError):
        return None


def fault_message(error: Any, path: str) -> Message:
    """"{path}: {pydantic's message}" as a catalogue message, localized where the catalogue has its type."""
    problem = _pydantic_message(error)
    if problem is None:
        return Message.of("error.schema.other", field=path, message=error["msg"])
    return Message.of("error.at", field=path, problem=problem)


def _fault(error: Any, code: str, prefix: str) -> Issue:
    """One fault of a pydantic failure: the field and pydantic's message, localized where the catalogue has it."""
    path = field_path(error["loc"], prefix)
    return Issue(code, f"{path}: {error['msg']}", field=path, localized=fault_message(error, path))
