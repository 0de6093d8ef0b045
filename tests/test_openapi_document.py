"""The OpenAPI document as a client generator reads it: short stable operationIds, every schema typed, every
field described (with its limits), the problems of each operation listed with their codes, and examples."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from app.api.problem_types import OPERATION_PROBLEMS
from app.api.texts import PROBLEMS
from app.main import app

DOC = app.openapi()
SCHEMAS: dict[str, Any] = DOC["components"]["schemas"]
OPERATIONS = [(path, method, op) for path, ops in DOC["paths"].items() for method, op in ops.items()]

# The JSON form of a tournament (docs/json-format.md) is documented with the form itself (app.formats / its
# schema module), not here.
JSON_FORM = {"TournamentSchema", "PlayerSchema", "RoundEntrySchema", "ScoringSchema", "TeamScoringSchema",
             "TeamSchema", "LineupSchema", "TeamByesSchema", "ForfeitedMatchSchema", "ByeRequestSchema",
             "VirtualPointsSchema", "ForbiddenPairsSchema", "AbnormalPointsSchema", "NationalRecordSchema"}
TYPED = ("type", "$ref", "anyOf", "oneOf", "allOf", "enum", "const")


def walk(node: Any, where: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every schema object under `node` (properties, items, additionalProperties, combinations)."""
    if not isinstance(node, dict):
        return
    yield where, node
    for name, sub in node.get("properties", {}).items():
        yield from walk(sub, f"{where}.{name}")
    for key in ("items", "additionalProperties"):
        if isinstance(node.get(key), dict):
            yield from walk(node[key], f"{where}[{key}]")
    for key in ("anyOf", "oneOf", "allOf"):
        for k, sub in enumerate(node.get(key, [])):
            yield from walk(sub, f"{where}|{key}{k}")


def all_schemas() -> Iterator[tuple[str, dict[str, Any]]]:
    for name, schema in SCHEMAS.items():
        yield from walk(schema, name)
    for path, method, op in OPERATIONS:
        for parameter in op.get("parameters", []):
            yield from walk(parameter["schema"], f"{method} {path} ?{parameter['name']}")
        for media, content in op.get("requestBody", {}).get("content", {}).items():
            yield from walk(content["schema"], f"{method} {path} body {media}")
        for status, response in op["responses"].items():
            for media, content in response.get("content", {}).items():
                yield from walk(content["schema"], f"{method} {path} {status} {media}")


def untyped(schema: dict[str, Any]) -> str | None:
    if not any(key in schema for key in TYPED):
        return "no type"
    if schema.get("type") == "object" and "properties" not in schema and not isinstance(
            schema.get("additionalProperties"), dict):
        return "an object without properties or typed additionalProperties"
    if schema.get("additionalProperties") is True:
        return "additionalProperties: true"
    if schema.get("type") == "array" and not isinstance(schema.get("items"), dict):
        return "an array without items"
    return None


def test_operation_ids_are_short_stable_and_unique() -> None:
    ids = [op.get("operationId") for _, _, op in OPERATIONS]
    assert all(i and re.fullmatch(r"[a-z][A-Za-z]{2,30}", i) for i in ids), ids
    assert len(ids) == len(set(ids))
    expected = {"getStandings", "compareStandings", "pairNextRound", "checkPairings", "convertTournament",
                "listTiebreaks", "listPresets", "getHealth", "getVersion", "listProblems", "getProblem"}
    assert expected <= set(ids)


def test_no_untyped_schema() -> None:
    found = [(where, why) for where, schema in all_schemas() if (why := untyped(schema))]
    assert not found, found


def test_untyped_schemas_are_found() -> None:
    """The check itself: what a generator would expose as a dict or Any."""
    assert untyped({}) and untyped({"type": "object"}) and untyped({"type": "array"})
    assert untyped({"type": "object", "additionalProperties": True}) and untyped({"description": "x"})
    assert untyped({"type": "object", "additionalProperties": {"type": "string"}}) is None
    assert untyped({"type": "object", "properties": {}}) is None


def test_every_field_and_parameter_described() -> None:
    missing = [f"{name}.{prop}" for name, schema in SCHEMAS.items() if name not in JSON_FORM
               for prop, sub in schema.get("properties", {}).items() if not sub.get("description")]
    missing += [f"{method} {path} ?{p['name']}" for path, method, op in OPERATIONS for p in op.get("parameters", [])
                if not p.get("description")]
    assert not missing, missing


def _request_schemas() -> Iterator[tuple[str, dict[str, Any]]]:
    seen: set[str] = set()
    todo: list[tuple[str, dict[str, Any]]] = []
    for path, method, op in OPERATIONS:
        for parameter in op.get("parameters", []):
            if parameter["in"] != "header":  # headers: bounded by the HTTP server's own limits
                todo.append((f"{method} {path} ?{parameter['name']}", parameter["schema"]))
        for media, content in op.get("requestBody", {}).get("content", {}).items():
            todo.append((f"{method} {path} {media}", content["schema"]))
    while todo:
        where, node = todo.pop()
        for sub_where, schema in walk(node, where):
            ref = schema.get("$ref", "").rsplit("/", 1)[-1]
            if ref and ref not in seen and ref not in JSON_FORM:
                seen.add(ref)
                todo.append((ref, SCHEMAS[ref]))
            yield sub_where, schema


def test_every_request_text_and_list_has_a_limit() -> None:
    """Strings have a maxLength (or an enum or a binary format); lists a maxItems (tie-break lists, ids...)."""
    texts = [w for w, s in _request_schemas() if s.get("type") == "string"
             and not ({"maxLength", "enum", "const"} & set(s) or s.get("format") == "binary")]
    assert not texts, texts


def test_problem_codes_listed_per_operation_with_their_statuses() -> None:
    for path, method, op in OPERATIONS:
        if path in ("/health", "/ready", "/metrics", "/version"):
            continue
        codes = op.get("x-problem-codes")
        assert codes, f"{method} {path}"
        for code in codes:
            assert code in PROBLEMS, code
            for status in PROBLEMS[code].statuses:
                response = op["responses"][str(status)]
                assert f"`{code}`" in response["description"], (path, code, status)
                assert "application/problem+json" in response["content"]
        assert OPERATION_PROBLEMS[op["operationId"]] == tuple(c for c in codes if c in
                                                               OPERATION_PROBLEMS[op["operationId"]])


@pytest.mark.parametrize("code", ["invalid-json", "trf-parse-error", "no-valid-pairing", "timeout"])
def test_problem_operations_known(code: str) -> None:
    ops = {op["operationId"]: op for _, _, op in OPERATIONS}
    listed = [i for i, op in ops.items() if code in op.get("x-problem-codes", [])]
    assert listed and sorted(listed) == sorted(i for i, c in OPERATION_PROBLEMS.items() if code in c)
