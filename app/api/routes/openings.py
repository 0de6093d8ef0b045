"""Designated openings: GET /v1/openings (the seed's table, static, answered by the front) and
POST /v1/openings/draw (an engine operation, app.api.operations.openings)."""

from __future__ import annotations

import functools

from fastapi import APIRouter
from fastapi.responses import Response

from app.api.front import engine_route
from app.api.openapi_support import json_body, model_response, problem_responses
from app.api.operations.common import encode_json
from app.api.operations.openings import (
    OpeningsDrawRequest,
    OpeningsDrawResponse,
    OpeningTablesResponse,
    tables_body,
)

router = APIRouter(prefix="/v1", tags=["openings"])


@functools.cache
def _tables() -> bytes:
    return encode_json(tables_body())


@router.get("/openings", response_model=OpeningTablesResponse, summary="The designated-openings table",
            operation_id="listOpenings", response_class=Response,
            description="Table 一 of seed document 004 (常用指定开局表: 男子、女子共用开局), four columns I-IV, "
                        "numbered rows, moves as printed.")
def openings() -> Response:
    return Response(_tables(), media_type="application/json")


engine_route(
    router, "POST", "/openings/draw", "openings-draw", operation_id="drawOpenings",
    summary="Draw designated openings by lot",
    description="One opening per round or per match, drawn by lot without repetition (seeded and reproducible) "
                "from the seed's table or from the table in the request.",
    openapi_extra=json_body(OpeningsDrawRequest),
    responses={**model_response(OpeningsDrawResponse, "The draw"),
               **problem_responses(400, 408, 413, 415, 422, 503, 504, 507)},
)
