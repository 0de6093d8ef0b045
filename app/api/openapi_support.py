"""OpenAPI description of endpoints whose body is read by hand (JSON, multipart or TRF text)."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi
from pydantic import BaseModel

from app.api.schemas import Problem

_extra_models: dict[str, type[BaseModel]] = {}
REF = "#/components/schemas/{model}"


def register_model(model: type[BaseModel]) -> str:
    _extra_models[model.__name__] = model
    return REF.format(model=model.__name__)


_FORM_KEYS = ("type", "enum", "description", "minimum", "maximum", "maxLength", "items", "default")


def form_fields(model: type[BaseModel], *names: str) -> dict[str, dict[str, Any]]:
    """The schemas of some options of a request model, as multipart form fields (and query parameters),
    taken from the model itself: its enumerations and bounds are written once."""
    js = model.model_json_schema()
    defs = js.get("$defs", {})
    out: dict[str, dict[str, Any]] = {}
    for name in names:
        prop = js["properties"][name]
        options = [defs[o["$ref"].split("/")[-1]] if "$ref" in o else o
                   for o in prop.get("anyOf", [prop]) if o.get("type") != "null"]
        # a form field is text: of a choice between a list and a text, the text
        chosen = next((o for o in options if o.get("type") != "array"), options[0]) if len(options) > 1 else options[0]
        schema = {k: v for k, v in chosen.items() if k in _FORM_KEYS}
        if "description" in prop:
            schema["description"] = prop["description"]
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
                        "description": "An option, here or in the body (JSON member or form field), not both."}
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
                "text/plain": {"schema": {"type": "string", "description": "TRF text"}},
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


def problem_responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    ref = register_model(Problem)
    out: dict[int | str, dict[str, Any]] = {}
    for status in statuses:
        out[status] = {"description": "Problem details (RFC 9457)",
                       "content": {"application/problem+json": {"schema": {"$ref": ref}}}}
    return out


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
        app.openapi_schema = schema
        return schema

    app.openapi = custom_openapi  # type: ignore[method-assign]
