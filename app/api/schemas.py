"""Pydantic schemas of the request and answer parts the endpoints share.

The JSON form of a tournament is defined in `app.formats.json_schema` and re-exported here.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from app.engine.errors import InputError
from app.engine.match_rounds import MatchRule
from app.engine.model import MAX_RATING
from app.engine.scoring_presets import SCORING_PRESETS
from app.formats.json_schema import Strict, TournamentSchema, one_of

__all__ = ["ConvertRequest", "ConvertResponse", "IssueSchema", "Problem", "Strict", "StrictJson",
           "TournamentInput", "TournamentSchema"]


class StrictJson(BaseModel):
    """A JSON-only body: no unknown fields and no type coercion (0 is not false, "5" is not 5)."""

    model_config = ConfigDict(extra="forbid", strict=True)


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
    # Members of an answer of POST /v1/convert, so that it can be posted back as it is: not read.
    warnings: list[dict[str, Any]] | None = Field(
        None, max_length=100_000, description="Ignored (the warnings of the answer of /v1/convert, when it is posted "
                                              "back as it is).")
    encoding: str | None = Field(None, max_length=20, description="Ignored (as `warnings`).")


class OrganiserRulesIn(TournamentInput):
    """Organiser rules chosen per tournament, as request options (they win over the tournament's own fields)."""

    scoring_preset: str | None = Field(
        None, max_length=20, json_schema_extra={"enum": [p.id for p in SCORING_PRESETS]},
        description="The game's scoring by name (GET /v1/presets, `scoring_presets`): replaces the tournament's.")
    late_bye_rounds: int | None = Field(
        None, ge=0, le=999, description="Requested byes in the last N rounds score 0 (H becomes Z; seed 002: the "
                                        "last round, or the last two); 0 turns the tournament's rule off.")

    match_rule: Annotated[str, *one_of(MatchRule, "a match rule")] | None = Field(
        None, description="How the games of a match round give its result (`majority` or `best_of_3`): replaces "
                          "the tournament's `match_rule`.")

    def organiser_rules(self) -> dict[str, Any]:
        """Keyword arguments of `app.engine.organiser.apply_organiser_rules`."""
        return {"scoring": self.scoring_preset, "late_bye_rounds": self.late_bye_rounds, "match_rule": self.match_rule}


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
