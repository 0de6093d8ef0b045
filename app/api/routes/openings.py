"""Designated openings: GET /v1/openings (the seed's table, static, answered by the front) and
POST /v1/openings/draw (an engine operation, app.api.operations.openings)."""

from __future__ import annotations

import functools

from fastapi import APIRouter, Request
from fastapi.responses import Response

from app.api.cached import cached_answer, cached_route_doc
from app.api.front import engine_route
from app.api.openapi_support import json_body, model_response
from app.api.operations.common import encode_json
from app.api.operations.openings import (
    OpeningsDrawRequest,
    OpeningsDrawResponse,
    OpeningTablesResponse,
    tables_body,
)
from app.api.problem_types import ENGINE, JSON_OPTIONS

router = APIRouter(prefix="/v1", tags=["openings"])


@functools.cache
def _tables() -> bytes:
    return encode_json(tables_body())


@router.get("/openings", response_model=OpeningTablesResponse, summary="The designated-openings table",
            operation_id="listOpenings", response_class=Response, **cached_route_doc("listOpenings", OpeningTablesResponse, "The tables"),
            description="Table 一 of seed document 004 (常用指定开局表: 男子、女子共用开局), four columns I-IV, "
                        "numbered rows, moves as printed.")
def openings(request: Request) -> Response:
    return cached_answer(request, _tables())


engine_route(
    router, "POST", "/openings/draw", "openings-draw", operation_id="drawOpenings",
    summary="Draw designated openings by lot",
    description="One opening per round or per match, drawn by lot without repetition (seeded and reproducible) "
                "from the seed's table or from the table in the request.",
    openapi_extra=json_body(OpeningsDrawRequest),
    problems=(*ENGINE, *JSON_OPTIONS),
    responses=model_response(OpeningsDrawResponse, "The draw"),
)
