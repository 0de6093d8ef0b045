"""Pydantic schemas of the JSON tournament form (version 1) and of shared answer parts.

They document and validate the shape that `app.formats.json_form` converts to and from the
engine model. Numbers are JSON numbers; results use the domain's names (or TRF codes).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from app.engine.errors import InputError
from app.engine.scoring_presets import SCORING_PRESETS
from app.formats.trf_reader import MAX_RATING

ResultName = Literal[
    "win", "draw", "loss", "win_unrated", "draw_unrated", "loss_unrated", "forfeit_win", "forfeit_loss",
    "half_point_bye", "full_point_bye", "pairing_allocated_bye", "zero_point_bye", "not_paired", "unknown",
    "1", "=", "0", "W", "D", "L", "+", "-", "H", "F", "U", "Z", "X", "",
]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class StrictJson(BaseModel):
    """A JSON-only body: no unknown fields and no type coercion (0 is not false, "5" is not 5)."""

    model_config = ConfigDict(extra="forbid", strict=True)


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
    declared_points: float | None = Field(None, description="Points column of the TRF (checked, not trusted).")
    declared_rank: int | None = Field(None, ge=0)
    withdrawn_after_round: int | None = Field(None, ge=0)
    rounds: list[RoundEntrySchema] = Field(default_factory=list, max_length=999)


class ScoringSchema(Strict):
    """Points per result (TRF 162 / XXS). Giving only win/draw/loss derives the rest."""

    win: float | None = None
    draw: float | None = None
    loss: float | None = None
    forfeit_win: float | None = None
    forfeit_loss: float | None = None
    pairing_allocated_bye: float | None = None
    full_point_bye: float | None = None
    half_point_bye: float | None = None
    zero_point_bye: float | None = None
    absent: float | None = None
    unknown: float | None = None
    win_black: float | None = None
    draw_black: float | None = None
    loss_black: float | None = None


class TeamScoringSchema(Strict):
    match_win: float | None = None
    match_draw: float | None = None
    match_loss: float | None = None


class TeamSchema(Strict):
    number: int = Field(..., ge=1, le=999)
    name: str = ""
    nickname: str | None = None
    strength: str | None = None
    declared_match_points: float | None = None
    declared_game_points: float | None = None
    declared_rank: int | None = None
    members: list[int] = Field(default_factory=list, description="Start numbers in default board order.")


class LineupSchema(Strict):
    round: int = Field(..., ge=1)
    team: int = Field(..., ge=1)
    opponent_team: int | None = None
    boards: list[int | None] = Field(default_factory=list)


class TeamByesSchema(Strict):
    match_points: float | None = None
    game_points: float | None = None
    team_by_round: dict[str, int] = Field(default_factory=dict, description="Round number -> team number.")


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
    game_points: float
    match_points: float | None = None
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
    match_points: float | None = None
    game_points: float | None = None
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
    scoring_preset: str | None = Field(
        None, max_length=20, json_schema_extra={"enum": [p.id for p in SCORING_PRESETS]},
        description="The game's scoring by name (GET /v1/presets, `scoring_presets`); `scoring` may still change "
                    "single values. No TRF record: a TRF gets the values (162/XXS).")
    late_bye_rounds: int | None = Field(
        None, ge=1, le=999, description="Requested byes in the last N rounds (seed 002: the last one, or two in "
                                        "longer events) score 0: H becomes Z. Needs total_rounds.")
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


class IssueSchema(BaseModel):
    """A warning about the input (or the detail of an error)."""

    code: str
    message: str
    line: int | None = None
    column: int | None = None
    text: str | None = None
    field: str | None = None


class TournamentInput(Strict):
    """Any endpoint that takes a tournament takes it as the JSON form or as TRF text."""

    tournament: TournamentSchema | None = Field(None, description="The tournament in the JSON form.")
    trf: str | None = Field(None, description="The tournament as TRF text (alternative to `tournament`).")


class OrganiserRulesIn(TournamentInput):
    """Organiser rules chosen per tournament, as request options (they win over the tournament's own fields)."""

    scoring_preset: str | None = Field(
        None, max_length=20, json_schema_extra={"enum": [p.id for p in SCORING_PRESETS]},
        description="The game's scoring by name (GET /v1/presets, `scoring_presets`): replaces the tournament's.")
    late_bye_rounds: int | None = Field(
        None, ge=0, le=999, description="Requested byes in the last N rounds score 0 (H becomes Z; seed 002: the "
                                        "last round, or the last two); 0 turns the tournament's rule off.")

    def organiser_rules(self) -> dict[str, Any]:
        """Keyword arguments of `app.engine.organiser.apply_organiser_rules`."""
        return {"scoring": self.scoring_preset, "late_bye_rounds": self.late_bye_rounds}


class McMahonBandIn(StrictJson):
    min_rating: int = Field(..., ge=0, le=MAX_RATING, description="Lowest rating of the band (unrated = 0).")
    score: float = Field(..., ge=-1000, le=1000, description="Initial score of the band.")


class McMahonIn(Strict):
    """McMahon initial scores (seed 002): per player, or by rating band (the player's own entry wins)."""

    initial_scores: dict[Annotated[str, Field(max_length=5)], Annotated[float, Field(ge=-1000, le=1000)]] = Field(
        default_factory=dict, max_length=10_000, description="McMahon initial scores: start number -> points.")
    mcmahon_bands: list[McMahonBandIn] = Field(
        default_factory=list, max_length=100, description="McMahon initial scores by rating: the band with the "
                                                          "highest min_rating the player reaches; below all: 0.")

    def mcmahon_scores(self) -> tuple[tuple[tuple[int, Fraction], ...], tuple[tuple[int, Fraction], ...]]:
        """(start number, initial score) pairs and (lowest rating, initial score) bands, exact."""
        explicit = []
        for key, value in self.initial_scores.items():
            if not key.isdecimal():
                raise InputError(f"initial_scores: {key!r} is not a start number", field=f"initial_scores.{key}")
            explicit.append((int(key), Fraction(str(value))))
        bands = tuple((b.min_rating, Fraction(str(b.score))) for b in self.mcmahon_bands)
        return tuple(explicit), bands


ORGANISER_FORM_FIELDS: dict[str, dict[str, Any]] = {
    "scoring_preset": {"type": "string", "enum": [p.id for p in SCORING_PRESETS]},
    "late_bye_rounds": {"type": "integer"},
}


class ConvertRequest(OrganiserRulesIn):
    to: Literal["json", "trf", "jch"] | None = Field(
        None, description="Target format: `json` (the JSON form), `trf` (TRF-2026) or `jch` (Chess-JSON, the "
                          "format of the FIDE TEC tools); default: JSON form in -> TRF out, TRF or Chess-JSON in -> "
                          "JSON form out.")
    javafo_extensions: bool = Field(False, description="TRF output: also write XXR/XXC lines.")


class ConvertResponse(BaseModel):
    tournament: TournamentSchema
    warnings: list[IssueSchema]
    encoding: str | None = None


class ChessJsonStatus(BaseModel):
    code: int = Field(description="0: no error")
    error: list[str] = Field(description="Error messages (none)")


class ChessJsonEvent(BaseModel):
    """A Chess-JSON file (`to=jch`): the layout of the FIDE TEC reference converter (docs/chess-json.md)."""

    filetype: Literal["Event"] = Field(description="Always `Event`")
    version: str = Field(description="Chess-JSON version, `1.0`")
    origin: str = Field(description="The program that wrote the file")
    published: str = Field(description="Publication time (empty)")
    status: ChessJsonStatus
    event: dict[str, Any] = Field(description="`eventInfo`, `ratingLists`, `profiles`, `teams` and `tournaments` "
                                              "(competitors, gameList, matchList, scoreSystem, ...)")


class Problem(BaseModel):
    """RFC 9457 problem details."""

    type: str
    title: str
    status: int
    detail: str
    code: str
    instance: str | None = None
    line: int | None = None
    column: int | None = None
    text: str | None = None
    field: str | None = None
    errors: list[dict[str, Any]] | None = None
