"""Round robin (Berger, Varma), groups (serpentine), knockout brackets and rounds advice."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query
from pydantic import BaseModel, Field

from app.api.openapi_support import problem_responses
from app.api.schemas import IssueSchema, StrictJson
from app.engine.advice import rounds_advice
from app.engine.groups import knockout_for_stage, snake_groups
from app.engine.roundrobin import round_robin_schedule, varma_draw

router = APIRouter(prefix="/v1", tags=["round robin and knockout"])

Entrant = int | str
Players = Annotated[int, Field(ge=0, le=10_000)] | Annotated[list[Entrant], Field(max_length=10_000)]
_PLAYERS_DOC = "A number of players n (ids are 1..n) or the ids in seeding order (best seed first)."


class BoardOut(BaseModel):
    board: int
    white: Entrant
    black: Entrant


class RoundOut(BaseModel):
    round: int
    pairings: list[BoardOut]
    rest: list[Entrant]


class RoundRobinRequest(StrictJson):
    players: Players = Field(..., description=_PLAYERS_DOC, examples=[6])
    double: bool = Field(False, description="Double round robin: the second cycle with colours reversed.")
    swap_last_two: bool = Field(True, description="Double round robin: play the last two rounds of the first "
                                                  "cycle in reverse order (C.05 Annex 1 recommendation).")


class RoundRobinResponse(BaseModel):
    rounds: list[RoundOut]


@router.post("/round-robin", response_model=RoundRobinResponse, summary="Berger tables for a round robin",
             description="FIDE Berger tables (C.05 Annex 1): every round's boards with colours. With an odd "
                         "number of players the dummy never appears; its opponent is listed in `rest`.",
             responses=problem_responses(400, 413, 415, 422))
def round_robin(body: RoundRobinRequest) -> dict[str, Any]:
    return round_robin_schedule(body.players, double=body.double, swap_last_two=body.swap_last_two).to_dict()


class VarmaEntrantIn(StrictJson):
    id: Entrant
    federation: str | None = Field(None, description="FIDE federation (or club): players sharing it meet early.")
    name: str = ""


class VarmaRequest(StrictJson):
    players: list[VarmaEntrantIn] = Field(..., min_length=1, max_length=100)
    seed: int | str | None = Field(0, description="Seed of the lots (reproducible draw).")


class VarmaAssignmentOut(BaseModel):
    id: Entrant
    federation: str | None
    name: str
    group: str
    berger_number: int


class VarmaResponse(BaseModel):
    groups: dict[str, list[int]]
    draw: list[VarmaAssignmentOut]
    players: list[Entrant] = Field(..., description="Ids in Berger-number order.")


@router.post("/round-robin/varma", response_model=VarmaResponse, summary="Varma restricted drawing of numbers",
             description="C.05 Annex 2: allocate Berger numbers so that players of the same federation or club "
                         "meet early (9 to 24 players). Pass `players` of the answer to /v1/round-robin.",
             responses=problem_responses(400, 413, 415, 422))
def varma(body: VarmaRequest) -> dict[str, Any]:
    entrants = [p.model_dump() for p in body.players]
    return varma_draw(entrants, seed=body.seed).to_dict()


class GroupsRequest(StrictJson):
    players: Players = Field(..., description=_PLAYERS_DOC, examples=[16])
    groups: Literal[2, 4, 8, 16] = Field(..., description="Number of groups.")


class GroupOut(BaseModel):
    name: str
    players: list[Entrant]


class GroupsResponse(BaseModel):
    groups: list[GroupOut]


@router.post("/groups", response_model=GroupsResponse, summary="Split a seeded field into groups (serpentine)",
             responses=problem_responses(400, 413, 415, 422))
def groups(body: GroupsRequest) -> dict[str, Any]:
    return snake_groups(body.players, body.groups).to_dict()


class GameIn(StrictJson):
    white: Entrant | None = None
    black: Entrant | None = None
    result: str


class ArmageddonIn(StrictJson):
    winner: Entrant | None = None
    white: Entrant | None = None
    black: Entrant | None = None
    result: str | None = None


class MatchResultIn(StrictJson):
    winner: Entrant | None = None
    games: list[str | GameIn] = Field(default_factory=list, description="'1-0', '1/2-1/2', ... from the home "
                                                                         "side's view, or game objects.")
    tiebreaks: list[str | GameIn | list[str | GameIn]] = Field(default_factory=list,
                                                               description="Tie-break games (or stages).")
    armageddon: ArmageddonIn | None = None


class KnockoutRequest(StrictJson):
    stage: Literal["seeded", "swiss-groups", "round-robin-groups"] = "seeded"
    players: Players | None = Field(None, description=_PLAYERS_DOC + " (seeded stage)")
    groups: int | None = Field(None, description="Number of groups of the group stage.")
    qualifiers: int | None = Field(None, description="Number of qualifiers in the knockout.")
    standings: dict[str, list[Entrant]] | None = Field(
        None, description="Group letter -> ids ranked 1st, 2nd, ... (resolves A1, B2 ... slots).")
    results: dict[str, MatchResultIn] | None = Field(None, description="Match id -> result.")
    third_place: bool = True


class MatchOut(BaseModel):
    id: str
    home: Entrant
    away: Entrant
    winner: Entrant | None = None
    decided_by: str | None = None
    score: list[float] | None = None
    tiebreak_score: list[float] | None = None


class KnockoutRoundOut(BaseModel):
    name: str
    matches: list[MatchOut]


class KnockoutResponse(BaseModel):
    rounds: list[KnockoutRoundOut]
    warnings: list[IssueSchema] = Field(default_factory=list, description="Where the format departs from the seed "
                                                                         "document's advice (group counts).")


@router.post("/knockout", response_model=KnockoutResponse, response_model_exclude_none=True,
             summary="Knockout bracket (seeded, or after Swiss or round-robin groups)",
             description="Slots are a group letter plus a place (`A1`), a seed number (`1`), or a match id whose "
                         "winner (`H1`) or loser (`L:S1`) fills it. With standings and results, slots are "
                         "resolved to participants and winners advance.",
             responses=problem_responses(400, 413, 415, 422))
def knockout(body: KnockoutRequest) -> dict[str, Any]:
    results = None
    if body.results is not None:
        results = {k: v.model_dump(exclude_none=True, exclude_defaults=True) for k, v in body.results.items()}
    bracket = knockout_for_stage(body.stage, groups=body.groups, qualifiers=body.qualifiers, players=body.players,
                                 standings=body.standings, results=results, third_place=body.third_place)
    return bracket.to_dict()


class UsualRangeOut(BaseModel):
    level: str
    min_rounds: int
    max_rounds: int | None
    enough_for_clear_winner: bool
    explanation: dict[str, str]


class RecommendationOut(BaseModel):
    rounds: int
    reason: dict[str, str] = Field(..., description="The reason, in English (en) and Chinese (zh).")


class AdviceResponse(BaseModel):
    players: int
    clear_winner_rounds: int = Field(..., description="ceil(log2 n): rounds for a clear winner.")
    sole_winner: RecommendationOut = Field(..., description="Rounds for a sole winner (ceil(log2 n)).")
    all_places: RecommendationOut = Field(..., description="Rounds the seed document recommends to separate all "
                                                           "places (002: 60 players, 7 rounds).")
    knockout_rounds: int
    round_robin_rounds: int
    double_round_robin_rounds: int
    usual_ranges: list[UsualRangeOut]
    explanation: dict[str, list[str]]


@router.get("/advice/rounds", response_model=AdviceResponse, summary="How many rounds for n players",
            responses=problem_responses(400, 413, 415, 422))
def advice_rounds(players: int = Query(..., ge=2, le=100_000, description="Number of players.")) -> dict[str, Any]:
    return rounds_advice(players).to_dict()
