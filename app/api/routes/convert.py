"""POST /v1/convert: TRF or Chess-JSON -> JSON form, JSON form -> TRF-2026 text, any -> Chess-JSON
(app.api.operations.convert)."""

from __future__ import annotations

from fastapi import APIRouter

from app.api.chess_json_schema import ChessJsonEvent
from app.api.front import engine_route
from app.api.openapi_support import form_fields, register_model, tournament_body
from app.api.problem_types import ENGINE, TOURNAMENT
from app.api.schemas import ConvertRequest, ConvertResponse

router = APIRouter(prefix="/v1", tags=["formats"])

engine_route(
    router, "POST", "/convert", "convert", operation_id="convertTournament",
    summary="Convert a tournament between TRF, the JSON form and Chess-JSON",
    description="A TRF upload (or TRF text) or a Chess-JSON file comes back as the JSON form with the reader's "
                "warnings; a JSON tournament comes back as TRF-2026 text. `to` forces the target format: `jch` "
                "gives Chess-JSON, the format of the FIDE Technical Commission's tools (docs/chess-json.md).",
    openapi_extra=tournament_body(ConvertRequest, form_fields(
        ConvertRequest, "to", "javafo_extensions", "scoring_preset", "late_bye_rounds")),
    problems=(*ENGINE, *TOURNAMENT),
    produces=("application/json", "text/plain"),
    responses={
        200: {"description": "The converted tournament",
              "content": {"application/json": {"schema": {"oneOf": [
                  {"$ref": register_model(ConvertResponse)}, {"$ref": register_model(ChessJsonEvent)}]}},
                          "text/plain": {"schema": {"type": "string", "description": "TRF-2026 text"}}}},
    },
)
