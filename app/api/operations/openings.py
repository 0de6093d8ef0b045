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
    number: int = Field(..., ge=1, le=MAX_OPENINGS, description="The row number.")
    openings: dict[Annotated[str, Field(max_length=20)], Moves | None] = Field(
        ..., description="Column name -> moves (null = empty cell).")


class OpeningTableIn(Strict):
    name: str | None = Field(None, max_length=200, description="The table's name.")
    columns: list[Annotated[str, Field(min_length=1, max_length=20)]] = Field(
        ..., min_length=1, max_length=100, description="The column names, in order.")
    rows: list[OpeningRowIn] = Field(..., min_length=1, max_length=MAX_OPENINGS, description="The numbered rows.")


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
    column: str = Field(..., description="The table's column (I-IV for the seed's table).")
    row: int = Field(..., ge=1, description="The row number in the column.")
    moves: str = Field(..., description="The opening moves, as printed.")


class OpeningTableRef(BaseModel):
    id: str = Field(..., description="The table's id.")
    name: str = Field(..., description="The table's name.")
    source: str = Field(..., description="Where the table comes from.")


class DrawnOpeningOut(BaseModel):
    round: int | str | None = Field(None, description="The round drawn for (per=round).")
    match: int | str | None = Field(None, description="The match drawn for (per=match).")
    opening: OpeningOut = Field(..., description="The opening drawn.")


class OpeningsDrawResponse(BaseModel):
    table: OpeningTableRef = Field(..., description="The table drawn from.")
    per: Literal["round", "match"] = Field(..., description="One opening per round or per match.")
    seed: int = Field(..., description="The seed of the lots: the same seed gives the same draw.")
    pool: int = Field(..., description="Openings that could be drawn (chosen columns, exclusions left out).")
    remaining: int = Field(..., ge=0, description="Openings of the pool left after the draw.")
    draws: list[DrawnOpeningOut] = Field(..., description="One opening per label, in label order, none repeated.")


class OpeningRowOut(BaseModel):
    number: int = Field(..., ge=1, description="The row number.")
    openings: dict[str, str | None] = Field(..., description="Column -> moves (null: an empty cell).")


class OpeningTableOut(BaseModel):
    id: str = Field(..., description="The table's id.")
    name: str = Field(..., description="The table's name, as printed.")
    source: str = Field(..., description="Where the table comes from.")
    columns: list[str] = Field(..., description="The column names, in order.")
    rows: list[OpeningRowOut] = Field(..., description="The numbered rows.")
    notes: list[str] = Field(..., description="Notes on the table.")


class OpeningTablesResponse(BaseModel):
    tables: list[OpeningTableOut] = Field(..., description="The designated-openings tables.")


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
