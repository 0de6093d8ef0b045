"""POST /v1/convert: TRF or Chess-JSON -> JSON form, JSON form -> TRF-2026 text, any -> Chess-JSON."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, PlainTextResponse, Response

from app.api.inputs import LoadedTournament, read_request
from app.api.openapi_support import problem_responses, register_model, tournament_body
from app.api.runner import run_engine
from app.api.schemas import ChessJsonEvent, ConvertRequest, ConvertResponse
from app.formats.chess_json import write_chess_json
from app.formats.json_form import tournament_to_dict
from app.formats.trf_writer import write_trf

router = APIRouter(prefix="/v1", tags=["formats"])


@router.post(
    "/convert",
    summary="Convert a tournament between TRF, the JSON form and Chess-JSON",
    description="A TRF upload (or TRF text) or a Chess-JSON file comes back as the JSON form with the reader's "
                "warnings; a JSON tournament comes back as TRF-2026 text. `to` forces the target format: `jch` "
                "gives Chess-JSON, the format of the FIDE Technical Commission's tools (docs/chess-json.md).",
    openapi_extra=tournament_body(ConvertRequest, {
        "to": {"type": "string", "enum": ["json", "trf", "jch"]},
        "javafo_extensions": {"type": "boolean"},
    }),
    responses={
        200: {"description": "The converted tournament",
              "content": {"application/json": {"schema": {"oneOf": [
                  {"$ref": register_model(ConvertResponse)}, {"$ref": register_model(ChessJsonEvent)}]}},
                          "text/plain": {"schema": {"type": "string"}}}},
        **problem_responses(400, 413, 415, 422, 503, 504),
    },
)
async def convert(request: Request) -> Response:
    params, loaded = await read_request(request, ConvertRequest)
    target = params.to or ("trf" if loaded.source == "json" else "json")
    return await run_engine("convert", _converted, loaded, target, params.javafo_extensions)


def _converted(loaded: LoadedTournament, target: str, javafo_extensions: bool) -> Response:
    if target == "trf":
        text = write_trf(loaded.tournament, javafo_extensions=javafo_extensions)
        return PlainTextResponse(text, media_type="text/plain; charset=utf-8")
    if target == "jch":
        return JSONResponse(write_chess_json(loaded.tournament))
    body: dict[str, Any] = {
        "tournament": tournament_to_dict(loaded.tournament),
        "warnings": [w.as_dict() for w in loaded.warnings],
        "encoding": loaded.encoding,
    }
    return JSONResponse(body)
