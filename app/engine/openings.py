"""Designated openings: a table of openings and drawing them by lot (seed 004, 五、常用指定开局表).

In events with designated openings the opening of a round (or of a match) is drawn by lot
from a published table, and an opening once drawn is not drawn again. The seed's table 一
(男子、女子共用开局, openings for men's and women's events) is kept as data in
`data/openings_004.json`: four columns I-IV, numbered rows, moves as printed (draughts
notation, e.g. `ab4 ba5`). The seed text breaks off in row 25, column III, so that row holds
columns I and II only (the file's `notes` say so). A request may bring its own table.

An opening is named `<column>-<row>` (`II-7`). A draw is reproducible: the same table, the
same choices and the same seed give the same openings (Python's Mersenne Twister,
`random.Random(seed).sample`). Without a seed one is drawn and returned.
"""

from __future__ import annotations

import functools
import json
import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.engine.errors import InputError
from app.engine.messages import Message

SEED_TABLE_FILE = Path(__file__).parent / "data" / "openings_004.json"
MAX_OPENINGS = 10_000
MAX_MOVES_LENGTH = 500
MAX_DRAWS = 1_000

Label = int | str


@dataclass(frozen=True)
class Opening:
    id: str  # "<column>-<row>"
    column: str
    row: int
    moves: str

    def to_dict(self) -> dict[str, object]:
        return {"id": self.id, "column": self.column, "row": self.row, "moves": self.moves}


@dataclass(frozen=True)
class OpeningTable:
    id: str
    name: str
    source: str
    columns: tuple[str, ...]
    openings: tuple[Opening, ...]  # row by row, column by column within a row
    notes: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, object]:
        rows: dict[int, dict[str, str | None]] = {}
        for o in self.openings:
            rows.setdefault(o.row, dict.fromkeys(self.columns))[o.column] = o.moves
        return {"id": self.id, "name": self.name, "source": self.source, "columns": list(self.columns),
                "rows": [{"number": n, "openings": cells} for n, cells in rows.items()],
                "notes": list(self.notes)}


def _text(value: Any, path: str, maximum: int) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InputError(Message.of("error.openings.string", field=path), field=path)
    if len(value) > maximum or any(ord(ch) < 32 for ch in value):
        raise InputError(Message.of("error.openings.one-line", field=path, maximum=maximum), field=path)
    return value.strip()


def table_from_dict(d: Mapping[str, Any], *, path: str = "table") -> OpeningTable:
    """A table in the form of the data file: `columns`, `rows` [{`number`, `openings`: {column: moves}}]."""
    if not isinstance(d, Mapping):
        raise InputError(Message.of("error.openings.table", field=path), field=path)
    columns = d.get("columns")
    if not isinstance(columns, list) or not columns:
        raise InputError(Message.of("error.openings.columns", field=f"{path}.columns"), field=f"{path}.columns")
    names = tuple(_text(c, f"{path}.columns[{k}]", 20) for k, c in enumerate(columns))
    if len(set(names)) != len(names):
        raise InputError(Message.of("error.openings.column-twice", field=f"{path}.columns"), field=f"{path}.columns")
    rows = d.get("rows")
    if not isinstance(rows, list) or not rows:
        raise InputError(Message.of("error.openings.rows", field=f"{path}.rows"), field=f"{path}.rows")
    openings: list[Opening] = []
    seen_rows: set[int] = set()
    for i, row in enumerate(rows):
        rp = f"{path}.rows[{i}]"
        if not isinstance(row, Mapping):
            raise InputError(Message.of("error.openings.row", field=rp), field=rp)
        number = row.get("number")
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= MAX_OPENINGS:
            raise InputError(Message.of("error.openings.row-number", field=f"{rp}.number", maximum=MAX_OPENINGS),
                             field=f"{rp}.number")
        if number in seen_rows:
            raise InputError(Message.of("error.openings.row-twice", field=f"{rp}.number", row=number),
                             field=f"{rp}.number")
        seen_rows.add(number)
        cells = row.get("openings")
        if not isinstance(cells, Mapping):
            raise InputError(Message.of("error.openings.row-openings", field=f"{rp}.openings"), field=f"{rp}.openings")
        unknown = sorted(str(c) for c in cells if c not in names)
        if unknown:
            raise InputError(Message.of("error.openings.unknown-columns", field=f"{rp}.openings", columns=", ".join(unknown)), field=f"{rp}.openings")
        for column in names:
            moves = cells.get(column)
            if moves is not None:
                text = _text(moves, f"{rp}.openings.{column}", MAX_MOVES_LENGTH)
                openings.append(Opening(f"{column}-{number}", column, number, text))
        if len(openings) > MAX_OPENINGS:
            raise InputError(Message.of("error.openings.too-many", field=path, maximum=MAX_OPENINGS), field=path)
    if not openings:
        raise InputError(Message.of("error.openings.none", field=path), field=path)
    notes = d.get("notes") or []
    return OpeningTable(str(d.get("id") or "custom"), str(d.get("name") or "custom table"),
                        str(d.get("source") or "request"), names, tuple(openings),
                        tuple(str(n) for n in notes) if isinstance(notes, list) else ())


def table_from_list(moves: Sequence[Any], *, path: str = "table") -> OpeningTable:
    """A plain list of openings: one column `1`, rows numbered from 1 in the order given."""
    if not moves:
        raise InputError(Message.of("error.openings.none", field=path), field=path)
    if len(moves) > MAX_OPENINGS:
        raise InputError(Message.of("error.openings.too-many", field=path, maximum=MAX_OPENINGS), field=path)
    return table_from_dict({"columns": ["1"], "rows": [{"number": k, "openings": {"1": m}}
                                                         for k, m in enumerate(moves, start=1)]}, path=path)


@functools.cache
def seed_table() -> OpeningTable:
    """Table 一 of seed 004, from the data file."""
    return table_from_dict(json.loads(SEED_TABLE_FILE.read_text(encoding="utf-8")))


@dataclass(frozen=True)
class OpeningDraw:
    table: OpeningTable
    per: str  # "round" or "match"
    seed: int
    draws: tuple[tuple[Label, Opening], ...]
    pool: int  # openings that could be drawn (after the column choice and the exclusions)

    def to_dict(self) -> dict[str, object]:
        return {"table": {"id": self.table.id, "name": self.table.name, "source": self.table.source},
                "per": self.per, "seed": self.seed, "pool": self.pool, "remaining": self.pool - len(self.draws),
                "draws": [{self.per: label, "opening": o.to_dict()} for label, o in self.draws]}


def draw_openings(table: OpeningTable, *, per: str = "round", count: int | None = None,
                  labels: Sequence[Label] | None = None, seed: int | None = None,
                  columns: Sequence[str] | None = None, exclude: Sequence[str] = ()) -> OpeningDraw:
    """One opening per round (labels 1..count) or per match (the match ids given), drawn by lot
    without repetition from the chosen columns, leaving out the `exclude`d ids (openings used before)."""
    if per not in ("round", "match"):
        raise InputError(Message.of("error.openings.per", found=per), field="per")
    if labels is None:
        if count is None:
            raise InputError(Message.of("error.openings.count.match" if per == "match" else "error.openings.count.round"),
                             field="count")
        labels = list(range(1, count + 1))
    elif count is not None and count != len(labels):
        raise InputError(Message.of("error.openings.count-labels", count=count, labels=len(labels)), field="count")
    if not labels:
        raise InputError(Message.of("error.openings.nothing"), field="count")
    if len(labels) > MAX_DRAWS:
        raise InputError(Message.of("error.openings.at-most", maximum=MAX_DRAWS), field="count")
    if len(set(labels)) != len(labels):
        raise InputError(Message.of("error.openings.twice.match" if per == "match" else "error.openings.twice.round"),
                         field="labels")
    chosen_columns = tuple(columns) if columns else table.columns
    unknown = [c for c in chosen_columns if c not in table.columns]
    if unknown:
        raise InputError(Message.of("error.openings.columns-unknown", unknown=", ".join(unknown), columns=", ".join(table.columns)),
                         field="columns")
    known_ids = {o.id for o in table.openings}
    strangers = [x for x in exclude if x not in known_ids]
    if strangers:
        raise InputError(Message.of("error.openings.exclude", openings=", ".join(strangers[:5])), field="exclude")
    excluded = set(exclude)
    pool = [o for o in table.openings if o.column in chosen_columns and o.id not in excluded]
    if len(labels) > len(pool):
        raise InputError(Message.of("error.openings.pool", needed=len(labels), available=len(pool)), field="count")
    used_seed = seed if seed is not None else secrets.randbits(32)
    picked = random.Random(used_seed).sample(pool, len(labels))
    return OpeningDraw(table, per, used_seed, tuple(zip(labels, picked, strict=True)), len(pool))
