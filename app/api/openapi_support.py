"""OpenAPI description of endpoints whose body is read by hand (JSON, multipart or TRF text)."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi
from pydantic import BaseModel

from app import __version__
from app.api import problem_types
from app.api.schemas import MAX_UPLOAD_DEFAULT, Problem

_extra_models: dict[str, type[BaseModel]] = {}
REF = "#/components/schemas/{model}"


def register_model(model: type[BaseModel]) -> str:
    _extra_models[model.__name__] = model
    return REF.format(model=model.__name__)


def form_fields(model: type[BaseModel], *names: str,
                overrides: dict[str, dict[str, Any]] | None = None) -> dict[str, dict[str, Any]]:
    """The schemas of some options of a request model, as multipart form fields and query parameters, taken
    from the model itself (its types, enumerations, bounds, default and description are written once): a
    scalar where the model allows null, the text where it takes a list or a text (a form field is text)."""
    js = model.model_json_schema()
    defs = js.get("$defs", {})
    out: dict[str, dict[str, Any]] = {}
    for name in names:
        if overrides and name in overrides:
            out[name] = overrides[name]
            continue
        prop = dict(js["properties"][name])
        variants = [defs[o["$ref"].split("/")[-1]] if "$ref" in o else o
                    for o in prop.pop("anyOf", [prop]) if o.get("type") != "null"]
        chosen = next((o for o in variants if o.get("type") != "array"), variants[0])
        prop.pop("$ref", None)
        schema = {**{k: v for k, v in chosen.items() if k not in ("title", "description")},
                  **{k: v for k, v in prop.items() if k != "title"}}
        if schema.get("default") is None:
            schema.pop("default", None)
        out[name] = schema
    return out


def tournament_body(json_model: type[BaseModel], form_fields: dict[str, dict[str, Any]] | None = None,
                    description: str = "") -> dict[str, Any]:
    """`openapi_extra` for a route taking a tournament as JSON, multipart upload or TRF text."""
    ref = register_model(json_model)
    form_props: dict[str, Any] = {"file": {"type": "string", "format": "binary",
                                           "description": "The tournament: a TRF file (or the JSON form)."}}
    form_props.update(form_fields or {})
    return {
        "parameters": [{"name": name, "in": "query", "required": False, "schema": schema,
                        "description": (schema.get("description", "") + " An option, here or in the body (JSON "
                                        "member or form field), not both.").strip()}
                       for name, schema in (form_fields or {}).items()],
        "requestBody": {
            "required": True,
            "description": description or "The tournament as the JSON form (`tournament`) or TRF text (`trf`), "
                                          "or a multipart upload with the TRF in `file`, or TRF as text/plain. "
                                          "A Chess-JSON file is read too: as `tournament`, as the whole JSON "
                                          "body (options in the query string) or as the uploaded `file`.",
            "content": {
                "application/json": {"schema": {"$ref": ref}},
                "multipart/form-data": {"schema": {"type": "object", "required": ["file"],
                                                   "properties": form_props}},
                "text/plain": {"schema": {"type": "string", "maxLength": MAX_UPLOAD_DEFAULT,
                                          "description": "TRF text, at most CHESS_MAX_UPLOAD_BYTES."}},
            },
        }
    }


def json_body(json_model: type[BaseModel], description: str = "") -> dict[str, Any]:
    """`openapi_extra` for a route whose body is JSON only, read by hand."""
    return {"requestBody": {"required": True, "description": description or json_model.__doc__ or "",
                            "content": {"application/json": {"schema": {"$ref": register_model(json_model)}}}}}


def model_response(model: type[BaseModel], description: str) -> dict[int | str, dict[str, Any]]:
    return {200: {"description": description,
                  "content": {"application/json": {"schema": {"$ref": register_model(model)}}}}}


def documented_problems(operation_id: str, codes: tuple[str, ...],
                        responses: dict[int | str, dict[str, Any]] | None = None,
                        openapi_extra: dict[str, Any] | None = None,
                        ) -> tuple[dict[int | str, dict[str, Any]], dict[str, Any]]:
    """`responses` and `openapi_extra` of an operation with the problems it can answer: one response per
    status naming its codes, and the list of codes as `x-problem-codes`; recorded for GET /problems."""
    codes = problem_types.codes_of(codes)
    problem_types.register(operation_id, codes)
    out = dict(responses or {})
    for status, response in problem_types.responses_for(codes, register_model(Problem)).items():
        out.setdefault(status, response)
    return out, {**(openapi_extra or {}), "x-problem-codes": list(codes)}


def _problems_for_validation_errors(schema: dict[str, Any]) -> None:
    """FastAPI documents its parameter validation errors as its own HTTPValidationError; the service answers
    them as problem details (invalid-request, app.api.problems)."""
    ref = register_model(Problem)
    for operations in schema.get("paths", {}).values():
        for operation in operations.values():
            response = operation.get("responses", {}).get("422")
            content = (response or {}).get("content", {}).get("application/json", {})
            if content.get("schema", {}).get("$ref", "").endswith("/HTTPValidationError"):
                operation["responses"]["422"] = {
                    "description": "Problem details (RFC 9457): `invalid-request`, a parameter is invalid.",
                    "content": {"application/problem+json": {"schema": {"$ref": ref}}}}
                codes = operation.setdefault("x-problem-codes", [])
                if "invalid-request" not in codes:
                    codes.append("invalid-request")
    components = schema.get("components", {}).get("schemas", {})
    for name in ("HTTPValidationError", "ValidationError"):
        components.pop(name, None)


def _add_examples(schema: dict[str, Any]) -> None:
    """A request and an answer example per operation (app.api.examples), and one problem."""
    from app.api import examples

    answers = examples.responses()
    for operations in schema["paths"].values():
        for operation in operations.values():
            operation_id = operation["operationId"]
            request = operation.get("requestBody", {}).get("content", {}).get("application/json")
            if request is not None and operation_id in examples.REQUESTS:
                request["example"] = examples.REQUESTS[operation_id]
            if operation_id in answers:
                answer = answers[operation_id]
                content = operation["responses"]["200"].get("content", {})
                media = "text/plain" if isinstance(answer, str) else "application/json"
                if media in content:
                    content[media]["example"] = answer
    metrics = schema["paths"].get("/metrics", {}).get("get")
    if metrics is not None:
        metrics["responses"]["200"]["content"]["text/plain"]["example"] = examples.METRICS
    problem = schema["components"]["schemas"].get("Problem")
    if problem is not None:
        problem["example"] = examples.PROBLEM


def install_openapi(app: FastAPI) -> None:
    def custom_openapi() -> dict[str, Any]:
        if app.openapi_schema:
            return app.openapi_schema
        schema = get_openapi(title=app.title, version=app.version, description=app.description,
                             routes=app.routes, tags=app.openapi_tags)
        components = schema.setdefault("components", {}).setdefault("schemas", {})
        for name, model in sorted(_extra_models.items()):
            js = model.model_json_schema(ref_template=REF)
            for def_name, definition in js.pop("$defs", {}).items():
                components.setdefault(def_name, definition)
            components.setdefault(name, js)
        _problems_for_validation_errors(schema)
        _add_examples(schema)
        schema["info"]["x-service-version"] = __version__
        app.openapi_schema = schema
        return schema

    app.openapi = custom_openapi  # type: ignore[method-assign]
