"""Pairings: POST /v1/pairings (a registered Swiss system or Berger), /v1/pairings/check, /v1/tournaments/random (engine
operations in app.api.operations.pairings); GET /v1/pairing-systems (static, answered by the front)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from app.api.cached import cached_answer, cached_route_doc, encoded_once
from app.api.front import engine_route
from app.api.openapi_support import form_fields, json_body, model_response, register_model, tournament_body
from app.api.operations.pairings import (
    CheckRequest,
    CheckResponse,
    PairingsRequest,
    PairingsResponse,
    RandomTournamentRequest,
    RandomTournamentResponse,
    SystemsResponse,
    systems_body,
)
from app.api.problem_types import ENGINE, JSON_OPTIONS, PAIRING, TOURNAMENT

router = APIRouter(prefix="/v1", tags=["pairings"])

_CHECK_OPTIONS = ("system", "total_rounds", "initial_colour", "acceleration", "acceleration_group_size",
                  "acceleration_rounds", "seed", "pairing_numbers", "pairing_scores", "scoring_preset",
                  "late_bye_rounds", "avoid_same", "avoid_same_rounds", "strict_colours",
                  "maxi_tournament")
_PAIRING_FORM: dict[str, dict[str, Any]] = form_fields(
    PairingsRequest, "round", *_CHECK_OPTIONS, "format", "language")
_CHECK_FORM: dict[str, dict[str, Any]] = {k: v for k, v in _PAIRING_FORM.items() if k in _CHECK_OPTIONS}


engine_route(
    router, "POST", "/pairings", "pairing", operation_id="pairNextRound",
    summary="Pair the next round (a FIDE Swiss system, or Berger tables)",
    description="Pairs `round` (default: the round after the last paired one) with `system` (default: the "
                "tournament's, else the Dutch system with a `system-assumed` warning) from the history before it. "
                "A round already paired in the file is reported, not paired again under the next number; a round "
                "more than one past the last paired one is refused. In that "
                "round, entries without an opponent that request something (H/F/Z byes, absences, TRF 240, XXZ) "
                "are honoured. The answer explains every pair (score groups, floats, colour rule) and lists the "
                "quality criteria that could not be met. With `format=trf` or `Accept: text/plain` the answer is "
                "the TRF with the new round appended.",
    openapi_extra=tournament_body(PairingsRequest, _PAIRING_FORM),
    problems=(*ENGINE, *TOURNAMENT, *PAIRING),
    produces=("application/json", "text/plain"),
    responses={200: {"description": "The pairing",
                     "content": {"application/json": {"schema": {"$ref": register_model(PairingsResponse)}},
                                 "text/plain": {"schema": {"type": "string", "description": "The TRF with the new "
                                                                                            "round appended"}}}}},
)

engine_route(
    router, "POST", "/pairings/check", "check", operation_id="checkPairings",
    summary="Audit a tournament's pairings against its Swiss system",
    description="Re-pairs every played round from its history with `system` (default: the tournament's) and lists "
                "each round whose pairing differs from the file, with the first criterion that tells them apart.",
    openapi_extra=tournament_body(CheckRequest, _CHECK_FORM),
    problems=(*ENGINE, *TOURNAMENT, *PAIRING),
    responses=model_response(CheckResponse, "The discrepancies"),
)

engine_route(
    router, "POST", "/tournaments/random", "generate", operation_id="generateRandomTournament",
    summary="Generate a random complete Swiss tournament paired by this engine",
    description="Players with random ratings, results drawn from the ratings and the given rates, every round "
                "paired by `system` (default dutch); deterministic for a seed. Returned as TRF (or the JSON form).",
    openapi_extra=json_body(RandomTournamentRequest),
    problems=(*ENGINE, *JSON_OPTIONS, *PAIRING),
    produces=("text/plain", "application/json"),
    responses={200: {"description": "The tournament: TRF text (`format=trf`, the default) or the JSON form "
                                    "(`format=json`)",
                     "content": {"text/plain": {"schema": {"type": "string", "description": "TRF-2026 text"}},
                                 "application/json": {"schema": {"$ref": register_model(RandomTournamentResponse)}}}}},
)


@router.get("/pairing-systems", response_model=SystemsResponse, summary="The pairing systems this service pairs",
            description="The registered Swiss systems (the `system` of POST /v1/pairings), Berger tables, and the "
                        "team systems (the `system` of POST /v1/team-pairings), with their names in English and "
                        "Chinese and their FIDE articles.",
            operation_id="listPairingSystems", response_class=Response,
            **cached_route_doc("listPairingSystems", SystemsResponse, "The pairing systems"))
def pairing_systems(request: Request) -> Response:
    return cached_answer(request, encoded_once(systems_body))
