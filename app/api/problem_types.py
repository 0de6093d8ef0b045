"""Which problem codes each operation can answer with, for the OpenAPI document (`x-problem-codes` and the
descriptions of its 4xx/5xx responses) and the pages GET /problems/{code}.

The codes and their texts are in app.api.texts.PROBLEMS; here they are grouped by where they arise: the
front and the engine runtime (every engine operation), a JSON body of options, a tournament in any of its
forms, a query string. Routes declare their groups (and the codes of their own) when they are made, and the
registry `OPERATION_PROBLEMS` records them by operationId.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from app.api.texts import PROBLEMS

# Every engine operation: reading the body, the queue, the time budget, the worker process, the answer size.
ENGINE = ("invalid-content-length", "invalid-query", "request-timeout", "payload-too-large", "not-acceptable",
          "response-too-large", "too-complex", "busy", "engine-failed", "engine-unavailable", "timeout",
          "out-of-memory", "internal-error")
# A JSON body of options.
JSON_OPTIONS = ("unsupported-media-type", "invalid-json", "json-too-deep", "invalid-text", "invalid-request",
                "invalid-input")
# A tournament: multipart upload, JSON (the JSON form, TRF text, Chess-JSON) or a text/plain TRF.
TOURNAMENT = (*JSON_OPTIONS, "invalid-multipart", "too-many-fields", "too-many-files", "missing-file",
              "missing-tournament", "trf-parse-error", "not-trf", "empty-file", "binary-file", "too-many-players",
              "too-many-rounds", "invalid-field", "missing-field", "unknown-opponent", "duplicate-start-number",
              "self-pairing", "unsupported-version", "rating-out-of-range", "number-too-long", "jch-error-status",
              "draw-not-allowed", "bare-tournament", "missing-start-number", "duplicate-participant-id",
              "unknown-participant", "conflicting-entries", "control-character", "unknown-match-rule",
              "invalid-match", "match-result-mismatch")
# Pairing a round of a Swiss tournament (or of a round robin by the Berger tables).
PAIRING = ("no-valid-pairing", "round-out-of-sequence", "round-already-paired", "not-a-swiss-tournament",
           "team-tournament", "unsupported-system", "rating-required")
# Options in the query string only.
QUERY = ("invalid-text", "invalid-request", "invalid-input")
# A GET of static data.
STATIC = ("not-acceptable",)

OPERATION_PROBLEMS: dict[str, tuple[str, ...]] = {}


def codes_of(*groups: Iterable[str]) -> tuple[str, ...]:
    """The codes of `groups`, once each, in catalogue order; an unknown code is a programming error."""
    wanted = {code for group in groups for code in group}
    unknown = sorted(wanted - set(PROBLEMS))
    if unknown:
        raise KeyError(f"problem codes not in app.api.texts.PROBLEMS: {unknown}")
    return tuple(code for code in PROBLEMS if code in wanted)


def register(operation_id: str, codes: tuple[str, ...]) -> None:
    OPERATION_PROBLEMS[operation_id] = codes


def operations_of(code: str) -> list[str]:
    return sorted(op for op, codes in OPERATION_PROBLEMS.items() if code in codes)


def responses_for(codes: tuple[str, ...], ref: str) -> dict[int | str, dict[str, Any]]:
    """OpenAPI responses, one per status, each listing the codes answered with it."""
    by_status: dict[int, list[str]] = {}
    for code in codes:
        for status in PROBLEMS[code].statuses:
            by_status.setdefault(status, []).append(code)
    out: dict[int | str, dict[str, Any]] = {}
    for status in sorted(by_status):
        listed = "; ".join(f"`{c}`: {PROBLEMS[c].about['en']}" for c in by_status[status])
        out[status] = {"description": f"Problem details (RFC 9457; `type` is /problems/{{code}}). Codes: {listed}",
                       "content": {"application/problem+json": {"schema": {"$ref": ref}}}}
    return out
