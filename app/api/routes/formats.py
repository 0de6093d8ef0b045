"""Round robin (Berger, Varma), groups (serpentine), knockout brackets and rounds advice (engine operations
in app.api.operations.tables)."""

from __future__ import annotations

from fastapi import APIRouter

from app.api.front import engine_route
from app.api.openapi_support import json_body, model_response
from app.api.operations.tables import (
    AdviceResponse,
    GroupsRequest,
    GroupsResponse,
    KnockoutRequest,
    KnockoutResponse,
    RoundRobinRequest,
    RoundRobinResponse,
    VarmaRequest,
    VarmaResponse,
)
from app.api.problem_types import ENGINE, JSON_OPTIONS, QUERY

router = APIRouter(prefix="/v1", tags=["round robin and knockout"])

engine_route(
    router, "POST", "/round-robin", "round-robin", operation_id="getRoundRobinTables",
    summary="Berger tables for a round robin",
    description="FIDE Berger tables (C.05 Annex 1): every round's boards with colours, by Berger number; "
                "`participants` lists the ids once, in Berger-number order. With an odd number of players the "
                "dummy never appears; its opponent is listed in `rest`.",
    openapi_extra=json_body(RoundRobinRequest),
    problems=(*ENGINE, *JSON_OPTIONS),
    responses=model_response(RoundRobinResponse, "The rounds"),
)

engine_route(
    router, "POST", "/round-robin/varma", "varma", operation_id="drawVarmaNumbers",
    summary="Varma restricted drawing of numbers",
    description="C.05 Annex 2: allocate Berger numbers so that players of the same federation or club meet early "
                "(9 to 24 players). Pass `players` of the answer to /v1/round-robin.",
    openapi_extra=json_body(VarmaRequest),
    problems=(*ENGINE, *JSON_OPTIONS),
    responses=model_response(VarmaResponse, "The draw"),
)

engine_route(
    router, "POST", "/groups", "groups", operation_id="makeGroups",
    summary="Split a seeded field into groups (serpentine)",
    openapi_extra=json_body(GroupsRequest),
    problems=(*ENGINE, *JSON_OPTIONS),
    responses=model_response(GroupsResponse, "The groups"),
)

engine_route(
    router, "POST", "/knockout", "knockout", operation_id="makeKnockout",
    summary="Knockout bracket (seeded, or after Swiss or round-robin groups)",
    description="Slots are a group letter plus a place (`A1`), a seed number (`1`), or a match id whose winner "
                "(`H1`) or loser (`L:S1`) fills it. With standings and results, slots are resolved to participants "
                "and winners advance.",
    openapi_extra=json_body(KnockoutRequest),
    problems=(*ENGINE, *JSON_OPTIONS),
    responses=model_response(KnockoutResponse, "The bracket"),
)

engine_route(
    router, "GET", "/advice/rounds", "advice", operation_id="getRoundsAdvice",
    summary="How many rounds for n players",
    openapi_extra={"parameters": [{"name": "players", "in": "query", "required": True, "description":
                                   "Number of players.", "schema": {"type": "integer", "minimum": 2,
                                                                    "maximum": 100000}}]},
    problems=(*ENGINE, *QUERY),
    responses=model_response(AdviceResponse, "The advice"),
)
