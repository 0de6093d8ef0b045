"""Standings with tie-breaks (C.07): POST /v1/standings, /v1/standings/compare (engine operations in
app.api.operations.standings), GET /v1/tiebreaks and /v1/presets (static data, answered by the front)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Query
from fastapi.responses import Response

from app.api.front import engine_route
from app.api.openapi_support import form_fields, problem_responses, register_model, tournament_body
from app.api.operations.common import encode_json
from app.api.operations.standings import (
    CatalogueResponse,
    CompareRequest,
    CompareResponse,
    PresetsResponse,
    StandingsRequest,
    StandingsResponse,
    catalogue_body,
    presets_body,
)

router = APIRouter(prefix="/v1", tags=["standings"])

_FORM_FIELDS = form_fields(StandingsRequest, "tiebreaks", "preset", "edition", "round", "unrated_rating", "system",
                           "language", "lots_seed", "ties", "keep_at_least", "exact_averages", "explanations",
                           "best_rounds", "reference_quirks", "board_statistics", "scoring_preset", "late_bye_rounds")


engine_route(
    router, "POST", "/standings", "standings", operation_id="getStandings",
    summary="Standings with tie-breaks, values and explanations",
    description="Ranks the tournament by the primary score and the ordered tie-break list (C.07 4.2), with "
                "every value and a plain-language explanation of it, and which criterion separated each entry "
                "from the one above. Explanations in Chinese with `language=zh` or `Accept-Language: zh`.",
    openapi_extra=tournament_body(StandingsRequest, _FORM_FIELDS),
    responses={200: {"description": "The standings",
                     "content": {"application/json": {"schema": {"$ref": register_model(StandingsResponse)}}}},
               **problem_responses(400, 408, 413, 415, 422, 503, 504, 507)},
)

engine_route(
    router, "POST", "/standings/compare", "compare", operation_id="compareStandings",
    summary="Compare tie-break orders side by side",
    description="One tournament, several tie-break lists: the standings under each, and the participants "
                "whose rank changes between them.",
    openapi_extra=tournament_body(CompareRequest, {**{k: v for k, v in _FORM_FIELDS.items()
                                                      if k not in ("tiebreaks", "board_statistics")}, "orders": {
        "type": "array", "items": {"type": "string"}, "description": "One form field per list."}}),
    responses={200: {"description": "The standings per order and the rank changes",
                     "content": {"application/json": {"schema": {"$ref": register_model(CompareResponse)}}}},
               **problem_responses(400, 408, 413, 415, 422, 503, 504, 507)},
)



@functools.cache
def _encoded(body: Callable[[], dict[str, Any]]) -> bytes:
    return encode_json(body())


@router.get("/tiebreaks", response_model=CatalogueResponse, summary="The tie-break catalogue",
            description="Every tie-break code with its names and definition in every language, modifiers, "
                        "aliases and named forms. With `q`: the entries whose code, names, aliases or forms "
                        "(any language: `q=扣除对手分1型`, `q=AROC`, `q=Koya`) hold the words asked, best first.",
            operation_id="listTiebreaks", response_class=Response)
def tiebreaks(q: str | None = Query(None, max_length=100, description="Words to look for.")) -> Response:
    body = _encoded(catalogue_body) if q is None else encode_json(catalogue_body(q))
    return Response(body, media_type="application/json")


@router.get("/presets", response_model=PresetsResponse,
            summary="Recommended and national tie-break orders; scoring presets of the games",
            operation_id="listPresets", response_class=Response)
def presets() -> Response:
    return Response(_encoded(presets_body), media_type="application/json")
