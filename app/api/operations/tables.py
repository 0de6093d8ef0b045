"""Round robin (Berger, Varma), groups (serpentine), knockout brackets and rounds advice: the operations
behind POST /v1/round-robin, /v1/round-robin/varma, /v1/groups, /v1/knockout and GET /v1/advice/rounds.
Runs in an engine process; the routes are in app.api.routes.formats.

Answers refer to participants by number and list their ids once (`participants`), so that long ids cannot
make an answer much larger than its request.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from app.api.inputs import query_options, read_json_options, validate
from app.api.job import JobAnswer, JobRequest
from app.api.operations.common import json_answer
from app.api.schemas import IssueSchema, Strict, StrictJson
from app.engine.advice import rounds_advice
from app.engine.entrants import seeded_field
from app.engine.groups import knockout_for_stage, snake_groups
from app.engine.roundrobin import MAX_ROUND_ROBIN_PLAYERS, round_robin_schedule, varma_draw

MAX_ID_LENGTH = 100
MAX_NAME_LENGTH = 200
Entrant = Annotated[int, Field(ge=-(2**53), le=2**53)] | Annotated[str, Field(min_length=1, max_length=MAX_ID_LENGTH)]
Players = Annotated[int, Field(ge=0, le=10_000)] | Annotated[list[Entrant], Field(max_length=10_000)]
_PLAYERS_DOC = (f"A number of players n (ids are 1..n) or the ids in seeding order (best seed first); an id is an "
                f"integer or a text of at most {MAX_ID_LENGTH} characters.")


class BoardOut(BaseModel):
    board: int
    white: int = Field(..., description="Berger number of the player with White (index + 1 in `participants`).")
    black: int = Field(..., description="Berger number of the player with Black.")


class RoundOut(BaseModel):
    round: int
    pairings: list[BoardOut]
    rest: list[int] = Field(..., description="Berger number of the player without a game (odd number of players).")


class RoundRobinRequest(StrictJson):
    players: Players = Field(..., description=_PLAYERS_DOC, examples=[6])
    double: bool = Field(False, description="Double round robin: the second cycle with colours reversed.")
    swap_last_two: bool = Field(True, description="Double round robin: play the last two rounds of the first "
                                                  "cycle in reverse order (C.05 Annex 1 recommendation).")


class RoundRobinResponse(BaseModel):
    participants: list[int | str] = Field(..., description="The ids in Berger-number order: Berger number k is "
                                                           "participants[k - 1].")
    rounds: list[RoundOut]


class VarmaEntrantIn(StrictJson):
    id: Entrant
    federation: str | None = Field(None, max_length=MAX_ID_LENGTH,
                                   description="FIDE federation (or club): players sharing it meet early.")
    name: str = Field("", max_length=MAX_NAME_LENGTH)


class VarmaRequest(StrictJson):
    players: list[VarmaEntrantIn] = Field(..., min_length=1, max_length=100)
    seed: int | Annotated[str, Field(max_length=MAX_ID_LENGTH)] | None = Field(
        0, description="Seed of the lots (reproducible draw).")


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


class GroupsRequest(StrictJson):
    players: Players = Field(..., description=_PLAYERS_DOC, examples=[16])
    groups: Literal[2, 4, 8, 16] = Field(..., description="Number of groups.")


class GroupOut(BaseModel):
    name: str
    players: list[Entrant]


class GroupsResponse(BaseModel):
    groups: list[GroupOut]


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



def round_robin(job: JobRequest) -> JobAnswer:
    body = read_json_options(job, RoundRobinRequest)
    ids = seeded_field(body.players, minimum=2, maximum=MAX_ROUND_ROBIN_PLAYERS)
    schedule = round_robin_schedule(len(ids), double=body.double, swap_last_two=body.swap_last_two)
    return json_answer(job, {"participants": ids, **schedule.to_dict()})


def varma(job: JobRequest) -> JobAnswer:
    body = read_json_options(job, VarmaRequest)
    return json_answer(job, varma_draw([p.model_dump() for p in body.players], seed=body.seed).to_dict())


def groups(job: JobRequest) -> JobAnswer:
    body = read_json_options(job, GroupsRequest)
    return json_answer(job, snake_groups(body.players, body.groups).to_dict())


def knockout(job: JobRequest) -> JobAnswer:
    body = read_json_options(job, KnockoutRequest)
    results = None
    if body.results is not None:
        results = {k: v.model_dump(exclude_none=True, exclude_defaults=True) for k, v in body.results.items()}
    bracket = knockout_for_stage(body.stage, groups=body.groups, qualifiers=body.qualifiers, players=body.players,
                                 standings=body.standings, results=results, third_place=body.third_place)
    return json_answer(job, {"warnings": [], **bracket.to_dict()})


class AdviceQuery(Strict):
    players: int = Field(..., ge=2, le=100_000, description="Number of players.")


def advice(job: JobRequest) -> JobAnswer:
    query = validate(AdviceQuery, query_options(job))
    return json_answer(job, rounds_advice(query.players).to_dict())
