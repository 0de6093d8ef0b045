"""POST /v1/convert: TRF -> JSON form, JSON form -> TRF-2026 text (app.api.operations.convert)."""

from __future__ import annotations

from fastapi import APIRouter

from app.api.front import engine_route
from app.api.openapi_support import form_fields, problem_responses, register_model, tournament_body
from app.api.schemas import ConvertRequest, ConvertResponse

router = APIRouter(prefix="/v1", tags=["formats"])

engine_route(
    router, "POST", "/convert", "convert", operation_id="convertTournament",
    summary="Convert a tournament between TRF and the JSON form",
    description="A TRF upload (or TRF text) comes back as the JSON form with the reader's warnings; a JSON "
                "tournament comes back as TRF-2026 text. `to` forces the target format.",
    openapi_extra=tournament_body(ConvertRequest, form_fields(ConvertRequest, "to", "javafo_extensions")),
    responses={
        200: {"description": "The converted tournament",
              "content": {"application/json": {"schema": {"$ref": register_model(ConvertResponse)}},
                          "text/plain": {"schema": {"type": "string"}}}},
        **problem_responses(400, 408, 413, 415, 422, 503, 504, 507),
    },
)
