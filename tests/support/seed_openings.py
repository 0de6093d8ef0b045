"""Read table 一 (常用指定开局表) of seed document 004 from its text.

The seed's table lost its cell borders when it became text: a row is printed as
`N<I><II>N<III><IV>N`, with the row number N at the start, between columns II and III
and at the end; moves (two file letters and a rank digit, e.g. `ab4`) are separated by
blanks inside a cell, and two cells are glued where a move follows a move without a
blank. The text stops in row 25, column III; what is cut off is reported as missing.

Used by the tests to check that `app/engine/data/openings_004.json` is the seed's table.
"""

from __future__ import annotations

import re
from pathlib import Path

TABLE_TITLE = "表一：男子、女子共用开局"
COLUMNS = ("I", "II", "III", "IV")
_TOKEN = re.compile(r"([a-h]{2}[1-8])|(\d+)|(\s+)")


def _runs(line: str) -> tuple[list[int], list[list[list[str]]]]:
    """The row numbers of a line and its move runs, each run split into cells at the glued points."""
    numbers: list[int] = []
    runs: list[list[list[str]]] = []
    pos, after_move, blank = 0, False, False
    while pos < len(line):
        m = _TOKEN.match(line, pos)
        if m is None:
            raise ValueError(f"unexpected text {line[pos:pos + 10]!r} in {line!r}")
        move, num, space = m.groups()
        if move:
            if not after_move:
                runs.append([[move]])
            elif blank:
                runs[-1][-1].append(move)
            else:  # glued to the previous move: a new cell
                runs[-1].append([move])
            after_move, blank = True, False
        elif num:
            numbers.append(int(num))
            after_move, blank = False, False
        else:
            blank = True
        pos = m.end()
    return numbers, runs


def parse_seed_table(text: str) -> dict[str, object]:
    """The table as data: {"title", "columns", "rows": [{"number", "openings": {column: moves | None}}], "notes"}."""
    lines = text.splitlines()
    start = next(i for i, ln in enumerate(lines) if ln.strip() == TABLE_TITLE)
    if lines[start + 1].strip() != "".join(COLUMNS):
        raise ValueError("the column header I II III IV is missing")
    rows: list[dict[str, object]] = []
    notes: list[str] = []
    for line in lines[start + 2:]:
        line = line.strip()
        if not line or not line[0].isdigit():
            break
        numbers, runs = _runs(line)
        number = numbers[0]
        if any(n != number for n in numbers):
            raise ValueError(f"row numbers disagree in {line!r}")
        cells = [" ".join(cell) for run in runs for cell in run]
        complete = len(numbers) == 3 and len(cells) == 4
        if not complete:
            kept = 2 if len(numbers) == 2 else 0  # the first two cells end at the middle row number
            lost = ", ".join(COLUMNS[kept:])
            notes.append(f"row {number}: the seed text stops in column {COLUMNS[kept]} after "
                         f"{' '.join(cells[kept:]) or 'nothing'!r}; column(s) {lost} missing")
            cells = cells[:kept]
        openings = {c: (cells[k] if k < len(cells) else None) for k, c in enumerate(COLUMNS)}
        rows.append({"number": number, "openings": openings})
    return {"title": TABLE_TITLE, "columns": list(COLUMNS), "rows": rows, "notes": notes}


def seed_text(shared: Path) -> str:
    [path] = sorted((shared / "seeds").glob("004_*.txt"))
    return path.read_text(encoding="utf-8")
