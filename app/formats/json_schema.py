"""The JSON form of a tournament (version 1): its pydantic schema, the one validation of that form.

`app.formats.json_form` maps a validated `TournamentSchema` to the engine model directly and writes
the model back in this shape. Numbers are JSON numbers; results use the domain's names (or TRF codes).
The API re-exports these models (`app.api.schemas`) and documents them in the OpenAPI document.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from app.engine.model import MAX_RATING

ResultName = Literal[
    "win", "draw", "loss", "win_unrated", "draw_unrated", "loss_unrated", "forfeit_win", "forfeit_loss",
    "half_point_bye", "full_point_bye", "pairing_allocated_bye", "zero_point_bye", "not_paired", "unknown",
    "1", "=", "0", "W", "D", "L", "+", "-", "H", "F", "U", "Z", "X", "",
]


# Points, match points, scoring values: exact decimals written as JSON numbers.
PointsNumber = Annotated[float, Field(ge=-10**9, le=10**9)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class RoundEntrySchema(Strict):
    """One round of one player (TRF round block)."""

    opponent: int | None = Field(None, ge=0, le=9999, description="Opponent's start number; null for byes.")
    colour: Literal["w", "b", "white", "black", "-"] | None = Field(None, description="Colour, when paired.")
    result: ResultName = Field("not_paired", description="Result in the domain's words or as a TRF code.")


class PlayerSchema(Strict):
    start_number: int = Field(..., ge=1, le=9999, description="TRF start (pairing) number; the player's id.")
    name: str = Field("", max_length=200)
    sex: Literal["m", "w"] | None = None
    title: str | None = Field(None, max_length=5)
    rating: int | None = Field(None, ge=0, le=MAX_RATING, description="FIDE rating; null or 0 = unrated.")
    federation: str | None = Field(None, max_length=10)
    fide_id: str | None = Field(None, max_length=20)
    birth_date: str | None = Field(None, max_length=20)
    declared_points: PointsNumber | None = Field(None, description="Points column of the TRF (checked, not trusted).")
    declared_rank: int | None = Field(None, ge=0)
    withdrawn_after_round: int | None = Field(None, ge=0)
    rounds: list[RoundEntrySchema] = Field(default_factory=list, max_length=999)


class ScoringSchema(Strict):
    """Points per result (TRF 162 / XXS). Giving only win/draw/loss derives the rest."""

    win: PointsNumber | None = None
    draw: PointsNumber | None = None
    loss: PointsNumber | None = None
    forfeit_win: PointsNumber | None = None
    forfeit_loss: PointsNumber | None = None
    pairing_allocated_bye: PointsNumber | None = None
    full_point_bye: PointsNumber | None = None
    half_point_bye: PointsNumber | None = None
    zero_point_bye: PointsNumber | None = None
    absent: PointsNumber | None = None
    unknown: PointsNumber | None = None
    win_black: PointsNumber | None = None
    draw_black: PointsNumber | None = None
    loss_black: PointsNumber | None = None


class TeamScoringSchema(Strict):
    match_win: PointsNumber | None = None
    match_draw: PointsNumber | None = None
    match_loss: PointsNumber | None = None


class TeamSchema(Strict):
    number: int = Field(..., ge=1, le=999)
    name: str = ""
    nickname: str | None = None
    strength: str | None = None
    declared_match_points: PointsNumber | None = None
    declared_game_points: PointsNumber | None = None
    declared_rank: int | None = None
    members: list[int] = Field(default_factory=list, description="Start numbers in default board order.")


class LineupSchema(Strict):
    round: int = Field(..., ge=1)
    team: int = Field(..., ge=1)
    opponent_team: int | None = None
    boards: list[int | None] = Field(default_factory=list)


class TeamByesSchema(Strict):
    match_points: PointsNumber | None = None
    game_points: PointsNumber | None = None
    team_by_round: dict[Annotated[int, Field(ge=1, le=999)], Annotated[int, Field(ge=1, le=999)]] = Field(default_factory=dict, description="Round number -> team number.")


class ForfeitedMatchSchema(Strict):
    round: int = Field(..., ge=1)
    white_team: int
    black_team: int
    result: Literal["+-", "-+", "--"]


class ByeRequestSchema(Strict):
    kind: Literal["H", "F", "Z"]
    round: int = Field(..., ge=1)
    ids: list[int] = Field(default_factory=list)


class VirtualPointsSchema(Strict):
    game_points: PointsNumber
    match_points: PointsNumber | None = None
    first_round: int = Field(..., ge=1)
    last_round: int = Field(..., ge=1)
    first_id: int = Field(..., ge=1)
    last_id: int = Field(..., ge=1)


class ForbiddenPairsSchema(Strict):
    ids: list[int]
    first_round: int | None = None
    last_round: int | None = None


class AbnormalPointsSchema(Strict):
    type: str = ""
    match_points: PointsNumber | None = None
    game_points: PointsNumber | None = None
    round: int | None = None
    ids: list[int] = Field(default_factory=list)


class NationalRecordSchema(Strict):
    federation: str
    start_number: int
    sex: str | None = None
    classification: str | None = None
    name: str | None = None
    rating: int | None = None
    origin: str | None = None
    national_id: str | None = None
    birth_date: str | None = None


EXAMPLE_TOURNAMENT: dict[str, Any] = {
    "format": "chess-tournament", "version": 1, "name": "Example Open", "type_code": "FIDE_DUTCH_2026",
    "system": "swiss", "total_rounds": 2, "initial_colour": "white",
    "players": [
        {"start_number": 1, "name": "Avery, Alex", "rating": 2100,
         "rounds": [{"opponent": 3, "colour": "w", "result": "win"}, {"opponent": 2, "colour": "b", "result": "draw"}]},
        {"start_number": 2, "name": "Brook, Bea", "rating": 2000,
         "rounds": [{"result": "pairing_allocated_bye"}, {"opponent": 1, "colour": "w", "result": "draw"}]},
        {"start_number": 3, "name": "Carter, Cy", "rating": 1950,
         "rounds": [{"opponent": 1, "colour": "b", "result": "loss"}, {"result": "half_point_bye"}]},
    ],
}


class TournamentSchema(Strict):
    """A whole tournament: everything a TRF-16/TRF-2026 file holds (version 1 of the JSON form)."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [EXAMPLE_TOURNAMENT]})

    format: Literal["chess-tournament"] = "chess-tournament"
    version: Literal[1] = 1
    name: str = ""
    city: str | None = None
    federation: str | None = None
    start_date: str | None = Field(None, description="As written; TRF-2026 uses YYYY/MM/DD.")
    end_date: str | None = None
    declared_players: str | None = None
    declared_rated_players: str | None = None
    declared_teams: str | None = None
    type_text: str | None = Field(None, description="TRF 092 free text, e.g. 'Swiss System (Dutch)'.")
    type_code: str | None = Field(None, description="TRF 192 ETT26 code, e.g. FIDE_DUTCH_2026, BERGER_ROUNDROBIN.")
    system: Literal["swiss", "round-robin", "double-round-robin", "knockout"] | None = Field(
        None, description="Explicit system; overrides 192/092.")
    chief_arbiter: str | None = None
    deputy_arbiters: list[str] = Field(default_factory=list)
    time_control_text: str | None = None
    time_control_code: str | None = None
    round_dates: list[str | None] = Field(default_factory=list)
    total_rounds: int | None = Field(None, ge=1, le=999)
    initial_colour: Literal["white", "black", "w", "b"] | None = None
    scoring: ScoringSchema | None = None
    team_scoring: TeamScoringSchema | None = None
    national_rating_method: str | None = None
    pairing_controller: str | None = None
    tiebreaks_202: str | None = None
    tiebreaks_212: str | None = None
    board_colours: str | None = None
    pair_by_file_order: bool = False
    players: list[PlayerSchema] = Field(default_factory=list)
    national_records: list[NationalRecordSchema] = Field(default_factory=list)
    teams: list[TeamSchema] = Field(default_factory=list)
    lineups: list[LineupSchema] = Field(default_factory=list)
    team_byes: TeamByesSchema | None = None
    forfeited_matches: list[ForfeitedMatchSchema] = Field(default_factory=list)
    bye_requests: list[ByeRequestSchema] = Field(default_factory=list)
    virtual_points: list[VirtualPointsSchema] = Field(default_factory=list)
    forbidden_pairs: list[ForbiddenPairsSchema] = Field(default_factory=list)
    abnormal_points: list[AbnormalPointsSchema] = Field(default_factory=list)
    comments: list[str] = Field(default_factory=list)
    other_records: list[str] = Field(default_factory=list)


def field_path(loc: tuple[int | str, ...] | list[int | str], prefix: str = "") -> str:
    """A pydantic error location as the field name the answers use: `tournament.players[0].rating`."""
    out = prefix
    for part in loc:
        if isinstance(part, int) or (isinstance(part, str) and part.isdigit()):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out or "body"
