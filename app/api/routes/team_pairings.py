"""Team pairings: POST /v1/team-pairings (team Swiss, FIDE C.04.6, or team round robin by Berger tables;
the engine operation is in app.api.operations.team_pairings).

A separate endpoint rather than a `system` of /v1/pairings: its answer is made of team
matches with boards, not of individual pairs, and its options are the team system's.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from app.api.front import engine_route
from app.api.openapi_support import form_fields, register_model, tournament_body
from app.api.operations.team_pairings import TeamPairingsRequest, TeamPairingsResponse
from app.api.problem_types import ENGINE, PAIRING, TOURNAMENT

router = APIRouter(prefix="/v1", tags=["pairings"])

_FORM: dict[str, dict[str, Any]] = form_fields(
    TeamPairingsRequest, "system", "round", "boards", "total_rounds", "double", "initial_colour", "seed",
    "acceleration", "acceleration_group_size", "acceleration_rounds", "colour_preferences", "primary_score",
    "language", "format", "avoid_same", "avoid_same_rounds")


engine_route(
    router, "POST", "/team-pairings", "team-pairing", operation_id="pairTeamRound",
    summary="Pair the next round of a team tournament (team Swiss C.04.6, or Berger tables)",
    description="Pairs `round` (default: the first round without games) of a team event. team-swiss follows the "
                "FIDE Swiss Team Pairing System (C.04.6, 2026) on match points: PAB first, top scoregroup with "
                "upfloaters, no rematches, board-1 colours by Art. 4 (docs/team-pairing.md). team-berger takes "
                "round r of the Berger tables with the team numbers as Berger numbers. Every match names the "
                "first-named (home) team, which plays the 352 colour pattern, and lists the boards with the "
                "players of each team's default board order (null where the line-up is unknown). With `format=trf` "
                "or `Accept: text/plain` the answer is the TRF with the new round appended: the boards' games "
                "without results, 300 line-ups where a board's player is unknown, the PAB in 320.",
    openapi_extra=tournament_body(TeamPairingsRequest, _FORM),
    problems=(*ENGINE, *TOURNAMENT, *PAIRING),
    produces=("application/json", "text/plain"),
    responses={200: {"description": "The team pairing",
                     "content": {"application/json": {"schema": {"$ref": register_model(TeamPairingsResponse)}},
                                 "text/plain": {"schema": {"type": "string", "description": "The TRF with the new "
                                                                                            "round appended"}}}}},
)
