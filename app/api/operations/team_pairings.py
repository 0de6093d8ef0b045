"""Team pairings: the operation behind POST /v1/team-pairings (team Swiss, FIDE C.04.6, or team round robin
by Berger tables). Runs in an engine process; the route is in app.api.routes.team_pairings.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from app.api.inputs import preferred_language, read_request
from app.api.job import JobAnswer, JobRequest
from app.api.language import warning_dict
from app.api.operations.common import json_answer, text_answer, wants_text
from app.api.schemas import IssueSchema, TournamentInput
from app.engine.errors import InputError, Issue
from app.engine.messages import Language, Message
from app.engine.model import ByeKind, Colour, Tournament
from app.engine.pairing import Acceleration
from app.engine.pairing.acceleration import METHODS as ACCELERATION_METHODS
from app.engine.pairing.team_berger import pair_team_round_robin
from app.engine.pairing.team_round import TeamPairing, apply_team_pairing
from app.engine.pairing.team_swiss import COLOUR_PREFERENCE_TYPES, PRIMARY_SCORES, TeamSwissOptions, pair_team_swiss
from app.engine.system import tournament_system
from app.formats.json_form import number
from app.formats.json_schema import InitialColourOption, one_of
from app.formats.trf_writer import write_trf


class TeamPairingsRequest(TournamentInput):
    system: Literal["auto", "team-swiss", "team-berger"] = Field(
        "auto", description="team-swiss (FIDE C.04.6), team-berger (round robin by the Berger tables); auto: "
                            "team-berger for a round robin (192/092 or the JSON system), else team-swiss.")
    round: int | None = Field(None, ge=1, le=999, description="Round to pair; default the first without games.")
    boards: int | None = Field(None, ge=1, le=100, description="Boards per match (else 352, the games, the "
                                                               "smallest roster).")
    total_rounds: int | None = Field(None, ge=1, le=999, description="Number of rounds (else TRF 142).")
    berger_numbers: dict[str, int] = Field(default_factory=dict, description="team-berger: team number -> "
                                                                             "Berger number (default: equal).")
    double: bool | None = Field(None, description="team-berger: double round robin (default from the system).")
    initial_colour: InitialColourOption | None = Field(
        None, description="team-swiss: board-1 colour of the first team with odd number in round 1 (4.3.1); else "
                          "TRF 152, else drawn by lot.")
    seed: int | None = Field(None, ge=0, le=2**63 - 1, description="Seed for drawing the initial colour by lot.")
    absent: list[int] = Field(default_factory=list, description="Teams not to pair in this round.")
    withdrawn: list[int] = Field(default_factory=list, description="Teams that left the tournament.")
    byes: dict[str, ByeKind] = Field(default_factory=dict,
                                                   description="Requested team byes: team number -> H, F or Z.")
    forbidden_pairs: list[list[int]] = Field(default_factory=list,
                                             description="Groups of teams that may not meet (like TRF 260).")
    acceleration: Annotated[str, *one_of(ACCELERATION_METHODS, "an acceleration")] = Field(
        "auto", description="On match points (C.04.7): auto = the file's 250 records, else Baku if 192 ends "
                            "in _BAKU, else none.")
    acceleration_group_size: int | None = Field(None, ge=1, le=10_000, description="Accelerated methods: the "
                                                                                   "number of teams in the top "
                                                                                   "group.")
    acceleration_rounds: int | None = Field(None, ge=1, le=999, description="Accelerated rounds (simple method).")
    colour_preferences: Annotated[str, *one_of(COLOUR_PREFERENCE_TYPES, "a colour preference type")] | None = Field(
        None, description="C.04.6 1.7: Type A (default), Type B or none; else from 192 (TYPEA/TYPEB).")
    primary_score: Annotated[str, *one_of(PRIMARY_SCORES, "a primary score")] | None = Field(
        None, description="C.04.6 1.2: the score teams are paired on (default match points; else from 192).")
    avoid_same: Literal["club", "federation"] | None = Field(
        None, description="team-swiss: avoid matches between teams of the same `club` or `federation` (the teams' "
                          "JSON form fields) where every C.04.6 criterion allows it (seed 002, the lowest "
                          "criterion). Default: off (FIDE).")
    avoid_same_rounds: int | None = Field(None, ge=1, le=999, description="With avoid_same: only in rounds 1..N.")
    language: Language | None = Field(None, description="Explanations, reasons and notes; default from "
                                                                   "Accept-Language.")
    format: Literal["json", "trf"] | None = Field(None, description="trf: the TRF with the new round's board "
                                                                    "pairings appended (also with Accept: "
                                                                    "text/plain).")


class TeamBoardOut(BaseModel):
    board: int = Field(..., ge=1, description="Board number.")
    white: int | None = Field(..., description="Start number; null when the team's line-up is unknown.")
    black: int | None = Field(..., description="Start number; null when the team's line-up is unknown.")
    white_team: int = Field(..., description="Team number of the player with White.")
    black_team: int = Field(..., description="Team number of the player with Black.")


class TeamMatchOut(BaseModel):
    table: int = Field(..., ge=1, description="Table (match) number.")
    home_team: int = Field(..., description="The first-named team: plays the board colours of 352.")
    away_team: int = Field(..., description="The second-named team.")
    boards: list[TeamBoardOut] = Field(..., description="The boards of the match.")
    explanation: str = Field(..., description="Why these teams meet and who is first-named.")


class TeamByeOut(BaseModel):
    team: int = Field(..., description="Team number.")
    type: Literal["PAB", "HPB", "FPB", "ZPB", "absent", "rest"] = Field(
        ..., description="PAB (pairing-allocated bye), HPB/FPB/ZPB (requested byes), absent, or rest.")
    match_points: float = Field(..., description="Match points the bye scores.")
    game_points: float = Field(..., description="Game points the bye scores.")
    reason: str = Field(..., description="Why, in words.")


class TeamPairingsResponse(BaseModel):
    round: int = Field(..., ge=1, description="The round paired.")
    system: Literal["team-swiss", "team-berger"] = Field(..., description="The system used.")
    boards: int = Field(..., ge=1, description="Boards per match.")
    board_colours: str = Field(..., description="The first-named team's colour on boards 1..n, e.g. WBWB.")
    lineups: Literal["default-board-order", "partial", "unknown"] = Field(
        ..., description="Where the players of the boards come from: each team's default board order, partly, "
                         "or unknown (null players).")
    matches: list[TeamMatchOut] = Field(..., description="The matches, in table order.")
    byes: list[TeamByeOut] = Field(..., description="Teams without an opponent this round, and why.")
    initial_colour: Literal["white", "black"] | None = Field(None, description="Board-1 colour of the first team "
                                                                               "in round 1.")
    initial_colour_source: str | None = Field(None, description="Where the initial colour came from.")
    seed: int | None = Field(None, description="The seed used for drawing lots.")
    acceleration: str | None = Field(None, description="The acceleration method applied, if any.")
    notes: list[str] = Field(..., description="Notes on how the round was paired.")
    warnings: list[IssueSchema] = Field(..., description="What the reader and the rules noticed.")


def _number_keys(values: dict[str, Any], name: str) -> dict[int, Any]:
    out: dict[int, Any] = {}
    for key, value in values.items():
        if not key.isdecimal():
            raise InputError(Message.of("error.not-a-team-number", field=name, key=key), field=f"{name}.{key}")
        out[int(key)] = value
    return out


def team_pairing_body(p: TeamPairing, warnings: list[Issue]) -> dict[str, Any]:
    return {
        "round": p.round, "system": p.system, "boards": p.boards, "board_colours": p.board_colours,
        "lineups": p.lineups,
        "matches": [{"table": m.table, "home_team": m.home_team, "away_team": m.away_team,
                     "boards": [{"board": b.board, "white": b.white, "black": b.black, "white_team": b.white_team,
                                 "black_team": b.black_team} for b in m.boards],
                     "explanation": m.explanation} for m in p.matches],
        "byes": [{"team": b.team, "type": b.type, "match_points": number(b.match_points),
                  "game_points": number(b.game_points), "reason": b.reason} for b in p.byes],
        "initial_colour": None if p.initial_colour is None else
        ("white" if p.initial_colour is Colour.WHITE else "black"),
        "initial_colour_source": p.initial_colour_source, "seed": p.seed, "acceleration": p.acceleration,
        "notes": p.notes, "warnings": [warning_dict(w) for w in [*warnings, *p.warnings]],
    }


def _pair(t: Tournament, params: TeamPairingsRequest) -> TeamPairing:
    if not t.is_team_tournament:
        raise InputError(Message.of("error.team.needs-teams"),
                         field="teams")
    system = params.system
    if system == "auto":
        system = "team-berger" if tournament_system(t)[0].is_round_robin else "team-swiss"
    if system == "team-berger":
        pairing = pair_team_round_robin(t, params.round,
                                        berger_numbers=_number_keys(params.berger_numbers, "berger_numbers") or None,
                                        double=params.double, boards=params.boards,
                                        language=params.language or "en")
    else:
        acceleration = Acceleration(params.acceleration, group_size=params.acceleration_group_size,
                                    rounds=params.acceleration_rounds)
        options = TeamSwissOptions(
            total_rounds=params.total_rounds, boards=params.boards, initial_colour=params.initial_colour,
            seed=params.seed, absent=params.absent, withdrawn=params.withdrawn,
            byes={k: ByeKind(v) for k, v in _number_keys(params.byes, "byes").items()},
            forbidden_pairs=params.forbidden_pairs, acceleration=acceleration,
            colour_preferences=params.colour_preferences, primary_score=params.primary_score,
            avoid_same=params.avoid_same, avoid_same_rounds=params.avoid_same_rounds,
            language=params.language or "en")
        pairing = pair_team_swiss(t, params.round, options)
    return pairing


def team_pairings(job: JobRequest) -> JobAnswer:
    params, loaded = read_request(job, TeamPairingsRequest)
    params.language = preferred_language(job.accept_language, params.language)  # type: ignore[assignment]
    pairing = _pair(loaded.tournament, params)
    if wants_text(job, params.format):
        return text_answer(job, write_trf(apply_team_pairing(loaded.tournament, pairing)))
    return json_answer(job, team_pairing_body(pairing, loaded.warnings))
