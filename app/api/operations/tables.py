"""Round robin (Berger, Varma), groups (serpentine), knockout brackets and rounds advice: the operations
behind POST /v1/round-robin, /v1/round-robin/varma, /v1/groups, /v1/knockout and GET /v1/advice/rounds.
Runs in an engine process; the routes are in app.api.routes.formats.

Answers refer to participants by number and list their ids once (`participants`), so that long ids cannot
make an answer much larger than its request.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from app.api.inputs import query_options, read_json_options, validate
from app.api.job import JobAnswer, JobRequest
from app.api.language import warning_dict
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
    board: int = Field(..., ge=1, description="Board number.")
    white: int = Field(..., description="Berger number of the player with White (index + 1 in `participants`).")
    black: int = Field(..., description="Berger number of the player with Black.")


class RoundOut(BaseModel):
    round: int = Field(..., ge=1, description="Round number.")
    pairings: list[BoardOut] = Field(..., description="The round's boards.")
    rest: list[int] = Field(..., description="Berger number of the player without a game (odd number of players).")


class RoundRobinRequest(StrictJson):
    players: Players = Field(..., description=_PLAYERS_DOC, examples=[6])
    double: bool = Field(False, description="Double round robin: the second cycle with colours reversed.")
    swap_last_two: bool = Field(True, description="Double round robin: play the last two rounds of the first "
                                                  "cycle in reverse order (C.05 Annex 1 recommendation).")


class RoundRobinResponse(BaseModel):
    participants: list[int | str] = Field(..., description="The ids in Berger-number order: Berger number k is "
                                                           "participants[k - 1].")
    rounds: list[RoundOut] = Field(..., description="Every round, in order.")


class VarmaEntrantIn(StrictJson):
    id: Entrant = Field(..., description="The player's id: an integer or a text.")
    federation: str | None = Field(None, max_length=MAX_ID_LENGTH,
                                   description="FIDE federation (or club): players sharing it meet early.")
    name: str = Field("", max_length=MAX_NAME_LENGTH, description="The player's name (carried to the answer).")


class VarmaRequest(StrictJson):
    players: list[VarmaEntrantIn] = Field(..., min_length=1, max_length=100,
                                          description="The players in seeding order (9 to 24).")
    seed: int | Annotated[str, Field(max_length=MAX_ID_LENGTH)] | None = Field(
        0, description="Seed of the lots (reproducible draw).")


class VarmaAssignmentOut(BaseModel):
    id: Entrant = Field(..., description="The player's id.")
    federation: str | None = Field(..., description="The player's federation (or club).")
    name: str = Field(..., description="The player's name.")
    group: str = Field(..., description="The Varma group (A, B, C, D) the number was drawn from.")
    berger_number: int = Field(..., ge=1, description="The Berger number drawn.")


class VarmaResponse(BaseModel):
    groups: dict[str, list[int]] = Field(..., description="Varma group -> its Berger numbers (C.05 Annex 2).")
    draw: list[VarmaAssignmentOut] = Field(..., description="Each player's group and number, in seeding order.")
    players: list[Entrant] = Field(..., description="Ids in Berger-number order.")


class GroupsRequest(StrictJson):
    players: Players = Field(..., description=_PLAYERS_DOC, examples=[16])
    groups: Literal[2, 4, 8, 16] = Field(..., description="Number of groups.")


class GroupOut(BaseModel):
    name: str = Field(..., description="The group's letter (A, B, ...).")
    players: list[Entrant] = Field(..., description="The group's players, best seed first.")


class GroupsResponse(BaseModel):
    groups: list[GroupOut] = Field(..., description="The groups, in letter order.")


ResultText = Annotated[str, Field(max_length=10)]


class GameIn(StrictJson):
    white: Entrant | None = Field(None, description="The id of the player with White.")
    black: Entrant | None = Field(None, description="The id of the player with Black.")
    result: str = Field(..., max_length=10, description="'1-0', '0-1', '1/2-1/2' (or '+-', '-+').")


class ArmageddonIn(StrictJson):
    winner: Entrant | None = Field(None, description="The id of the winner of the armageddon game.")
    white: Entrant | None = Field(None, description="The id of the player with White.")
    black: Entrant | None = Field(None, description="The id of the player with Black (who wins a draw).")
    result: str | None = Field(None, max_length=10, description="'1-0', '0-1' or '1/2-1/2'.")


class MatchResultIn(StrictJson):
    winner: Entrant | None = Field(None, description="The winner's id, when decided otherwise.")
    games: list[ResultText | GameIn] = Field(default_factory=list, description="'1-0', '1/2-1/2', ... from the home "
                                                                         "side's view, or game objects.")
    tiebreaks: list[ResultText | GameIn | list[ResultText | GameIn]] = Field(default_factory=list,
                                                               description="Tie-break games (or stages).")
    armageddon: ArmageddonIn | None = Field(None, description="The deciding armageddon game.")


class KnockoutRequest(StrictJson):
    stage: Literal["seeded", "swiss-groups", "round-robin-groups"] = Field(
        "seeded", description="seeded (by seed number) or after Swiss or round-robin groups (slots A1, B2, ...).")
    players: Players | None = Field(None, description=_PLAYERS_DOC + " (seeded stage)")
    groups: int | None = Field(None, ge=1, le=64, description="Number of groups of the group stage.")
    qualifiers: int | None = Field(None, ge=2, le=1024, description="Number of qualifiers in the knockout.")
    standings: dict[str, list[Entrant]] | None = Field(
        None, description="Group letter -> ids ranked 1st, 2nd, ... (resolves A1, B2 ... slots).")
    results: dict[str, MatchResultIn] | None = Field(None, description="Match id -> result.")
    third_place: bool = Field(True, description="Add a match for third place between the semi-final losers.")


class MatchOut(BaseModel):
    id: str = Field(..., description="The match id (e.g. Q1, S1, F, 3rd), referred to by later slots.")
    home: Entrant = Field(..., description="The home slot: a participant, or a slot label while unresolved (A1, "
                                           "H1, L:S1).")
    away: Entrant = Field(..., description="The away slot, as `home`.")
    winner: Entrant | None = Field(None, description="The winner, once the result is known.")
    decided_by: str | None = Field(None, description="What decided the match (games, tie-breaks, armageddon).")
    score: list[float] | None = Field(None, description="Points of home and away in the match games.")
    tiebreak_score: list[float] | None = Field(None, description="Points of home and away in the tie-break games.")


class KnockoutRoundOut(BaseModel):
    name: str = Field(..., description="The round's name (quarter-finals, semi-finals, final, ...).")
    matches: list[MatchOut] = Field(..., description="The round's matches.")


class KnockoutResponse(BaseModel):
    rounds: list[KnockoutRoundOut] = Field(..., description="The bracket's rounds, first to last.")
    warnings: list[IssueSchema] = Field(default_factory=list, description="Where the format departs from the seed "
                                                                         "document's advice (group counts).")


class LocalisedTextOut(BaseModel):
    en: str = Field(..., description="English")
    zh: str = Field(..., description="Chinese")


class LocalisedLinesOut(BaseModel):
    en: list[str] = Field(..., description="English")
    zh: list[str] = Field(..., description="Chinese")


class UsualRangeOut(BaseModel):
    level: str = Field(..., description="The kind of event the range is usual for.")
    min_rounds: int = Field(..., ge=1, description="Fewest rounds usual at that level.")
    max_rounds: int | None = Field(..., description="Most rounds usual at that level (null: no upper bound).")
    enough_for_clear_winner: bool = Field(..., description="Whether the range reaches the rounds for a clear "
                                                           "winner.")
    explanation: LocalisedTextOut = Field(..., description="The range in words.")


class RecommendationOut(BaseModel):
    rounds: int = Field(..., ge=1, description="The number of rounds.")
    reason: LocalisedTextOut = Field(..., description="The reason, in English (en) and Chinese (zh).")


class AdviceResponse(BaseModel):
    players: int = Field(..., description="The number of players asked about.")
    clear_winner_rounds: int = Field(..., description="ceil(log2 n): rounds for a clear winner.")
    sole_winner: RecommendationOut = Field(..., description="Rounds for a sole winner (ceil(log2 n)).")
    all_places: RecommendationOut = Field(..., description="Rounds the seed document recommends to separate all "
                                                           "places (002: 60 players, 7 rounds).")
    knockout_rounds: int = Field(..., description="Rounds of a knockout for n players.")
    round_robin_rounds: int = Field(..., description="Rounds of a single round robin (n - 1, or n when odd).")
    double_round_robin_rounds: int = Field(..., description="Rounds of a double round robin.")
    usual_ranges: list[UsualRangeOut] = Field(..., description="The usual numbers of Swiss rounds by level.")
    explanation: LocalisedLinesOut = Field(..., description="The advice in words, line by line, per language.")



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
    answer: dict[str, Any] = {"warnings": [], **bracket.to_dict()}
    answer["warnings"] = [warning_dict(w) for w in answer["warnings"]]
    return json_answer(job, answer)


class AdviceQuery(Strict):
    players: int = Field(..., ge=2, le=100_000, description="Number of players.")


def advice(job: JobRequest) -> JobAnswer:
    query = validate(AdviceQuery, query_options(job))
    return json_answer(job, rounds_advice(query.players).to_dict())
