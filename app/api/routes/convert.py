"""POST /v1/convert: TRF -> JSON form, JSON form -> TRF-2026 text."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, PlainTextResponse, Response

from app.api.inputs import LoadedTournament, read_request
from app.api.openapi_support import problem_responses, register_model, tournament_body
from app.api.runner import run_engine
from app.api.schemas import ORGANISER_FORM_FIELDS, ConvertRequest, ConvertResponse
from app.engine.organiser import apply_organiser_rules
from app.formats.json_form import tournament_to_dict
from app.formats.trf_writer import write_trf

router = APIRouter(prefix="/v1", tags=["formats"])


@router.post(
    "/convert",
    summary="Convert a tournament between TRF and the JSON form",
    description="A TRF upload (or TRF text) comes back as the JSON form with the reader's warnings; a JSON "
                "tournament comes back as TRF-2026 text. `to` forces the target format.",
    openapi_extra=tournament_body(ConvertRequest, {
        "to": {"type": "string", "enum": ["json", "trf"]},
        "javafo_extensions": {"type": "boolean"}, **ORGANISER_FORM_FIELDS,
    }),
    responses={
        200: {"description": "The converted tournament",
              "content": {"application/json": {"schema": {"$ref": register_model(ConvertResponse)}},
                          "text/plain": {"schema": {"type": "string"}}}},
        **problem_responses(400, 413, 415, 422, 503, 504),
    },
)
async def convert(request: Request) -> Response:
    params, loaded = await read_request(request, ConvertRequest)
    target = params.to or ("json" if loaded.source == "trf" else "trf")
    return await run_engine("convert", _converted, loaded, target, params.javafo_extensions,
                            params.organiser_rules())


def _converted(loaded: LoadedTournament, target: str, javafo_extensions: bool, rules: dict[str, Any]) -> Response:
    t, warnings = apply_organiser_rules(loaded.tournament, **rules)
    if target == "trf":
        text = write_trf(t, javafo_extensions=javafo_extensions)
        return PlainTextResponse(text, media_type="text/plain; charset=utf-8")
    body: dict[str, Any] = {
        "tournament": tournament_to_dict(t),
        "warnings": [w.as_dict() for w in loaded.warnings + warnings],
        "encoding": loaded.encoding,
    }
    return JSONResponse(body)
