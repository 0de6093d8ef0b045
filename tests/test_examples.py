"""The examples of the OpenAPI document: a request and an answer for every operation; the answers (made once
by `python -m app.api.examples`) still validate against the response models, and the requests are answered."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import BaseModel, ValidationError

from app.api import examples
from app.api.openapi_support import _extra_models
from app.api.routes.meta import Health, Ready, Version
from app.api.schemas import Problem
from app.main import app

client = TestClient(app)
DOC = app.openapi()
OPERATIONS = {op["operationId"]: (path, method, op) for path, ops in DOC["paths"].items() for method, op in ops.items()}


def models() -> dict[str, type[BaseModel]]:
    """The response models by component name: registered by the routes, and the probes'."""
    return {**_extra_models, **{m.__name__: m for m in (Health, Ready, Version)}}


def answer_models(operation_id: str) -> list[type[BaseModel]]:
    _, _, op = OPERATIONS[operation_id]
    schema = op["responses"]["200"].get("content", {}).get("application/json", {}).get("schema", {})
    refs = [schema.get("$ref")] + [s.get("$ref") for s in schema.get("oneOf", [])]
    return [models()[ref.rsplit("/", 1)[-1]] for ref in refs if ref]


def validates(operation_id: str, answer: Any) -> None:
    if isinstance(answer, str):
        assert OPERATIONS[operation_id][2]["responses"]["200"]["content"]["text/plain"]
        return
    errors = []
    for model in answer_models(operation_id):
        try:
            model.model_validate(answer)
            return
        except ValidationError as exc:
            errors.append(str(exc))
    raise AssertionError(f"{operation_id}: the example answer no longer validates (python -m app.api.examples): "
                         f"{errors}")


def test_every_operation_has_examples() -> None:
    for operation_id, (_, method, op) in OPERATIONS.items():
        content = op["responses"]["200"]["content"]
        assert any("example" in c for c in content.values()), operation_id
        if method == "post":
            assert op["requestBody"]["content"]["application/json"]["example"] == examples.REQUESTS[operation_id]


@pytest.mark.parametrize("operation_id", sorted(examples.responses()))
def test_example_answers_validate_against_the_response_models(operation_id: str) -> None:
    validates(operation_id, examples.responses()[operation_id])


@pytest.mark.parametrize("operation_id", sorted(examples.REQUESTS))
def test_example_requests_are_answered_as_documented(operation_id: str) -> None:
    path, method, _ = OPERATIONS[operation_id]
    r = client.request(method.upper(), path, json=examples.REQUESTS[operation_id])
    assert r.status_code == 200, r.text
    body = r.json() if r.headers["content-type"].startswith("application/json") else r.text
    validates(operation_id, body)
    # the stored example is the same kind of answer (same members), not just any valid document
    stored = examples.responses()[operation_id]
    assert type(body) is type(stored) and (isinstance(body, str) or set(body) == set(stored))


def test_problem_example_is_a_problem() -> None:
    Problem.model_validate(examples.PROBLEM)
    assert DOC["components"]["schemas"]["Problem"]["example"] == examples.PROBLEM
