"""Standings with tie-breaks (C.07): POST /v1/standings, /v1/standings/compare (engine operations in
app.api.operations.standings), GET /v1/tiebreaks and /v1/presets (static data, answered by the front)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from app.api.cached import cached_answer, cached_route_doc
from app.api.front import engine_route
from app.api.openapi_support import form_fields, model_response, tournament_body
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
from app.api.problem_types import ENGINE, QUERY, TOURNAMENT

router = APIRouter(prefix="/v1", tags=["standings"])

_COMMON = ("preset", "edition", "round", "unrated_rating", "system", "language", "lots_seed", "ties", "keep_at_least",
           "exact_averages", "explanations", "best_rounds", "reference_quirks", "scoring_preset", "late_bye_rounds")
_FORM_FIELDS: dict[str, dict[str, Any]] = form_fields(
    StandingsRequest, "tiebreaks", *_COMMON, "board_statistics")
_COMPARE_FIELDS: dict[str, dict[str, Any]] = {
    **form_fields(CompareRequest, *_COMMON), "orders": {
        "type": "array", "minItems": 1, "maxItems": 10, "items": {"type": "string", "maxLength": 4096},
        "description": "Tie-break lists to compare, one form field (comma- or space-separated) per list."}}


engine_route(
    router, "POST", "/standings", "standings", operation_id="getStandings",
    summary="Standings with tie-breaks, values and explanations",
    description="Ranks the tournament by the primary score and the ordered tie-break list (C.07 4.2), with "
                "every value and a plain-language explanation of it, and which criterion separated each entry "
                "from the one above. Explanations in Chinese with `language=zh` or `Accept-Language: zh`.",
    openapi_extra=tournament_body(StandingsRequest, _FORM_FIELDS),
    problems=(*ENGINE, *TOURNAMENT, "too-many-tiebreaks", "specifier-too-long"),
    responses=model_response(StandingsResponse, "The standings"),
)

engine_route(
    router, "POST", "/standings/compare", "compare", operation_id="compareStandings",
    summary="Compare tie-break orders side by side",
    description="One tournament, several tie-break lists: the standings under each, and the participants "
                "whose rank changes between them.",
    openapi_extra=tournament_body(CompareRequest, _COMPARE_FIELDS),
    problems=(*ENGINE, *TOURNAMENT, "too-many-tiebreaks", "specifier-too-long"),
    responses=model_response(CompareResponse, "The standings per order and the rank changes"),
)


@functools.cache
def _encoded(body: Callable[[], dict[str, Any]]) -> bytes:
    return encode_json(body())


@router.get("/tiebreaks", response_model=CatalogueResponse, summary="The tie-break catalogue",
            description="Every tie-break code with its names and definition in every language, modifiers, "
                        "aliases and named forms. With `q`: the entries whose code, names, aliases or forms "
                        "(any language: `q=扣除对手分1型`, `q=AROC`, `q=Koya`) hold the words asked, best first.",
            operation_id="listTiebreaks", response_class=Response,
            **cached_route_doc("listTiebreaks", CatalogueResponse, "The catalogue", *QUERY))
def tiebreaks(request: Request, q: str | None = Query(None, max_length=100, description="Words to look for.")) -> Response:
    return cached_answer(request, _encoded(catalogue_body) if q is None else encode_json(catalogue_body(q)))


@router.get("/presets", response_model=PresetsResponse,
            summary="Recommended and national tie-break orders; scoring presets of the games",
            operation_id="listPresets", response_class=Response, **cached_route_doc("listPresets", PresetsResponse, "The presets"))
def presets(request: Request) -> Response:
    return cached_answer(request, _encoded(presets_body))
