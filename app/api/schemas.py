"""Pydantic schemas of the request and answer parts the endpoints share.

The JSON form of a tournament is defined in `app.formats.json_schema` and re-exported here.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, WithJsonSchema

from app.config import Settings
from app.engine.errors import InputError
from app.engine.match_rounds import MatchRule
from app.engine.messages import Message
from app.engine.model import MAX_RATING
from app.engine.scoring_presets import SCORING_PRESETS
from app.formats.json_schema import Strict, TournamentSchema, one_of

# Documented limit of a whole file in a text member: the default of CHESS_MAX_UPLOAD_BYTES (the configured
# limit is what the service enforces, on the body).
MAX_UPLOAD_DEFAULT: int = Settings.model_fields["max_upload_bytes"].default
FileText = Annotated[str, WithJsonSchema({"type": "string", "maxLength": MAX_UPLOAD_DEFAULT})]

MAX_ISSUE_TEXT = 10_000  # a warning's texts (an answer of /v1/convert posted back holds them)

__all__ = ["ConvertRequest", "ConvertResponse", "IssueSchema", "Problem", "Strict", "StrictJson",
           "TournamentInput", "TournamentSchema"]


class StrictJson(BaseModel):
    """A JSON-only body: no unknown fields and no type coercion (0 is not false, "5" is not 5)."""

    model_config = ConfigDict(extra="forbid", strict=True)


class IssueSchema(BaseModel):
    """A warning about the input (or the detail of an error)."""

    code: str = Field(..., description="Stable code of the warning (what it means: app/api/texts.py WARNINGS).",
                      max_length=60)
    message: str = Field(..., max_length=MAX_ISSUE_TEXT, description="The warning in words, in the answer's language.")
    line: int | None = Field(None, ge=1, description="TRF line it is about.")
    column: int | None = Field(None, ge=1, description="Column of that line.")
    text: str | None = Field(None, max_length=MAX_ISSUE_TEXT, description="The text at fault, as written.")
    field: str | None = Field(None, max_length=MAX_ISSUE_TEXT, description="The request field or JSON path it is "
                                                                            "about.")


class TournamentInput(Strict):
    """Any endpoint that takes a tournament takes it as the JSON form or as TRF text."""

    tournament: TournamentSchema | None = Field(None, description="The tournament in the JSON form.")
    trf: FileText | None = Field(None, description="The tournament as TRF text (alternative to `tournament`), at "
                                                   "most CHESS_MAX_UPLOAD_BYTES.")
    # Members of an answer of POST /v1/convert, so that it can be posted back as it is: not read.
    warnings: list[IssueSchema] | None = Field(
        None, max_length=100_000, description="Ignored (the warnings of the answer of /v1/convert, when it is posted "
                                              "back as it is).")
    encoding: str | None = Field(None, max_length=20, description="Ignored (as `warnings`).")


class OrganiserRulesIn(TournamentInput):
    """Organiser rules chosen per tournament, as request options (they win over the tournament's own fields)."""

    scoring_preset: str | None = Field(
        None, max_length=20, json_schema_extra={"enum": [*(p.id for p in SCORING_PRESETS), None]},
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
                raise InputError(Message.of("error.not-a-start-number", field="initial_scores", key=key),
                                 field=f"initial_scores.{key}")
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
    tournament: TournamentSchema = Field(..., description="The tournament in the JSON form (docs/json-format.md).")
    warnings: list[IssueSchema] = Field(..., description="What the reader noticed, each with a stable `code`.")
    encoding: str | None = Field(None, description="The TRF file's character encoding as read (utf-8, latin-1, "
                                                   "...); null for JSON input.")


class Problem(BaseModel):
    """RFC 9457 problem details: `type` resolves on the service (GET /problems/{code})."""

    type: str = Field(..., description="URI reference of the problem type: /problems/{code}.")
    title: str = Field(..., description="Short summary of the problem type, in the answer's language.")
    status: int = Field(..., ge=400, le=599, description="The HTTP status.")
    detail: str = Field(..., description="This occurrence in words, in the answer's language.")
    code: str = Field(..., description="Stable problem code (the last segment of `type`).", max_length=60)
    instance: str | None = Field(None, description="The request path.")
    line: int | None = Field(None, ge=1, description="TRF line at fault.")
    column: int | None = Field(None, ge=1, description="Column of that line.")
    text: str | None = Field(None, description="The text at fault, as written.")
    field: str | None = Field(None, description="The request field at fault (JSON path, form field, query option).")
    errors: list[IssueSchema] | None = Field(None, description="Every fault found, when there are several (each "
                                                               "with its code and the line or field at fault).")
    limit: int | None = Field(None, description="response-too-large: the limit in bytes.")
    retry_after: int | None = Field(None, description="busy, engine-failed: seconds to wait (as Retry-After).")
    available: list[str] | None = Field(None, description="not-acceptable: the media types the operation can "
                                                          "answer with.")
