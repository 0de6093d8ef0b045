"""Pydantic schemas of the request and answer parts the endpoints share.

The JSON form of a tournament is defined in `app.formats.json_schema` and re-exported here.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from app.formats.json_schema import Strict, TournamentSchema

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


class ConvertRequest(TournamentInput):
    to: Literal["json", "trf"] | None = Field(
        None, description="Target format; default: the other one (JSON in -> TRF out, TRF in -> JSON out).")
    javafo_extensions: bool = Field(False, description="TRF output: also write XXR/XXC lines.")


class ConvertResponse(BaseModel):
    tournament: TournamentSchema
    warnings: list[IssueSchema]
    encoding: str | None = None


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
