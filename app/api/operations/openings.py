"""Designated openings (seed 004): the operation behind POST /v1/openings/draw, and the table of
GET /v1/openings. Runs in an engine process; the routes are in app.api.routes.openings."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from app.api.inputs import read_json_options
from app.api.job import JobAnswer, JobRequest
from app.api.operations.common import json_answer
from app.api.schemas import Strict, StrictJson
from app.engine.openings import (
    MAX_DRAWS,
    MAX_MOVES_LENGTH,
    MAX_OPENINGS,
    draw_openings,
    seed_table,
    table_from_dict,
    table_from_list,
)

Moves = Annotated[str, Field(min_length=1, max_length=MAX_MOVES_LENGTH)]
Label = Annotated[int, Field(ge=1, le=9999)] | Annotated[str, Field(min_length=1, max_length=40)]


class OpeningRowIn(Strict):
    number: int = Field(..., ge=1, le=MAX_OPENINGS)
    openings: dict[Annotated[str, Field(max_length=20)], Moves | None] = Field(
        ..., description="Column name -> moves (null = empty cell).")


class OpeningTableIn(Strict):
    name: str | None = Field(None, max_length=200)
    columns: list[Annotated[str, Field(min_length=1, max_length=20)]] = Field(..., min_length=1, max_length=100)
    rows: list[OpeningRowIn] = Field(..., min_length=1, max_length=MAX_OPENINGS)


class OpeningsDrawRequest(StrictJson):
    per: Literal["round", "match"] = Field("round", description="One opening per round, or one per match.")
    count: int | None = Field(None, ge=1, le=MAX_DRAWS, description="Number of rounds (or matches) to draw for; "
                                                                    "labels 1..count.")
    labels: list[Label] | None = Field(None, min_length=1, max_length=MAX_DRAWS,
                                       description="Round numbers or match ids to draw for (e.g. H1, Q2).")
    seed: int | None = Field(None, ge=0, le=2**63 - 1, description="Seed of the lots; without one a seed is "
                                                                   "drawn and returned. Same seed, same draw.")
    columns: list[Annotated[str, Field(max_length=20)]] | None = Field(
        None, max_length=100, description="Draw from these columns only (default: all).")
    exclude: list[Annotated[str, Field(max_length=40)]] = Field(
        default_factory=list, max_length=MAX_OPENINGS, description="Opening ids already used (e.g. II-7).")
    table: OpeningTableIn | list[Moves] | None = Field(
        None, description="Your own table (columns and numbered rows, or a plain list of openings); default: "
                          "table 一 of seed 004.")


class OpeningOut(BaseModel):
    id: str = Field(..., description="<column>-<row>")
    column: str
    row: int
    moves: str


class OpeningTableRef(BaseModel):
    id: str
    name: str
    source: str


class DrawnOpeningOut(BaseModel):
    round: int | str | None = None
    match: int | str | None = None
    opening: OpeningOut


class OpeningsDrawResponse(BaseModel):
    table: OpeningTableRef
    per: Literal["round", "match"]
    seed: int
    pool: int = Field(..., description="Openings that could be drawn (chosen columns, exclusions left out).")
    remaining: int
    draws: list[DrawnOpeningOut]


class OpeningRowOut(BaseModel):
    number: int
    openings: dict[str, str | None]


class OpeningTableOut(BaseModel):
    id: str
    name: str
    source: str
    columns: list[str]
    rows: list[OpeningRowOut]
    notes: list[str]


class OpeningTablesResponse(BaseModel):
    tables: list[OpeningTableOut]


def tables_body() -> dict[str, Any]:
    return {"tables": [seed_table().to_dict()]}


def draw(job: JobRequest) -> JobAnswer:
    body = read_json_options(job, OpeningsDrawRequest)
    if body.table is None:
        table = seed_table()
    elif isinstance(body.table, list):
        table = table_from_list(body.table)
    else:
        table = table_from_dict(body.table.model_dump())
    drawn = draw_openings(table, per=body.per, count=body.count, labels=body.labels, seed=body.seed,
                          columns=body.columns, exclude=body.exclude).to_dict()
    return json_answer(job, drawn)
