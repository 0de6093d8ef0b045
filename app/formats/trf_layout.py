"""The TRF layout as data: records, their columns and the text they may hold (../shared/spec/trf.md).

One table serves the reader and the writer: a column is where the reader cuts a field and where the
writer puts it; the text limits are also the JSON form's (`app.formats.json_schema`), so whatever one
form holds the other can hold too. Columns are 1-based and inclusive, as in the FIDE text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from app.engine.model import Colour, Result


@dataclass(frozen=True)
class Column:
    first: int  # 1-based, inclusive
    last: int
    right: bool = False  # right-aligned (numbers, ids)

    @property
    def width(self) -> int:
        return self.last - self.first + 1

    def cut(self, line: str) -> str:
        return line[self.first - 1:self.last]


def compose(code: str, columns: dict[str, Column], values: dict[str, str]) -> str:
    """A fixed-column line: `code` in columns 1-3, each value in its column (in the table's order).

    Values longer than their column push the rest of the line (numbers are never cut); texts are cut
    by the caller's limits before they get here."""
    out = code
    end = len(code)
    for name, col in columns.items():
        text = values.get(name, "")
        out += " " * (col.first - end - 1) + (text.rjust(col.width) if col.right else text.ljust(col.width))
        end = col.last
    return out


# ---------------------------------------------------------------- player record 001 (and national records)

PLAYER = {
    "start_number": Column(5, 8, right=True),
    "sex": Column(10, 10),
    "title": Column(11, 13, right=True),
    "name": Column(15, 47),
    "rating": Column(49, 52, right=True),
    "federation": Column(54, 56),
    "fide_id": Column(58, 68, right=True),
    "birth_date": Column(70, 79),
    "points": Column(81, 84, right=True),
    "rank": Column(86, 89, right=True),
}
# The same columns with a federation code in columns 1-3: national rating data of a player.
NATIONAL = {
    "start_number": PLAYER["start_number"], "sex": PLAYER["sex"], "classification": PLAYER["title"],
    "name": PLAYER["name"], "rating": PLAYER["rating"], "origin": PLAYER["federation"],
    "national_id": PLAYER["fide_id"], "birth_date": PLAYER["birth_date"],
}

# Round r occupies columns 90+10(r-1) .. 99+10(r-1): two blanks, opponent, blank, colour, blank, result.
ROUNDS_FIRST_COLUMN = 90
ROUND_WIDTH = 10
ROUND_PARTS = {"block": 0, "opponent": 2, "colour": 7, "result": 9}  # offsets from the block's first column
ROUND_OPPONENT = slice(2, 6)  # within the block


def round_column(round_number: int, part: str = "block") -> int:
    """The column of a part of round `round_number`'s block."""
    return ROUNDS_FIRST_COLUMN + ROUND_WIDTH * (round_number - 1) + ROUND_PARTS[part]


def round_block(opponent: int | None, colour: Colour | None, result: Result) -> str:
    """A round block as written: `  0012 w 1`; `0000 -` for an entry without an opponent, all blank when
    the player was not paired."""
    unpaired = result is Result.NOT_PAIRED
    opp = f"{opponent:4d}" if opponent is not None else ("    " if unpaired else "0000")
    mark = colour.value if colour is not None else (" " if unpaired else "-")
    return f"  {opp} {mark} {result.value}"


# Record 132: the round dates in the round blocks' columns, from column 92, 8 characters each.
ROUND_DATE_WIDTH = 8

# ---------------------------------------------------------------- team record 310

TEAM = {
    "number": Column(5, 7, right=True),
    "name": Column(9, 40),
    "nickname": Column(42, 46),
    "strength": Column(48, 53, right=True),
    "match_points": Column(55, 60, right=True),
    "game_points": Column(62, 67, right=True),
    "rank": Column(69, 71, right=True),
}
TEAM_MEMBERS_FROM = 73  # start numbers from column 73, each as " nnnn"
TEAM_013_NAME = Column(5, 36)  # the older team record: name, then the members

# ---------------------------------------------------------------- records with one text value (column 5 on)

TEXT_RECORDS: dict[str, str] = {
    "012": "name", "022": "city", "032": "federation", "042": "start_date", "052": "end_date",
    "062": "declared_players", "072": "declared_rated_players", "082": "declared_teams",
    "092": "type_text", "102": "chief_arbiter", "122": "time_control_text",
    "172": "national_rating_method", "182": "pairing_controller", "192": "type_code",
    "202": "tiebreaks_202", "212": "tiebreaks_212", "222": "time_control_code",
    "352": "board_colours",
}
LIST_RECORDS: dict[str, str] = {"112": "deputy_arbiters"}  # one line per value

# ---------------------------------------------------------------- text that a TRF can hold

# Longest text per field. Fixed-column fields: their columns; free-text records and lines: a bound
# far above what real files hold (the longest record value in ../shared is 198 characters).
TEXT_LIMITS: dict[str, int] = {
    "header": 1000,  # a value of a record of TEXT_RECORDS or LIST_RECORDS
    "line": 4096,  # a comment (###) or an unknown record kept as written
    "participant_id": 64,  # the JSON form's own id of a participant (not written to a TRF)
    "club": 64,  # the JSON form's club (or team, region) of a player (not written to a TRF)
    "name": PLAYER["name"].width, "title": PLAYER["title"].width, "federation": PLAYER["federation"].width,
    "fide_id": PLAYER["fide_id"].width, "birth_date": PLAYER["birth_date"].width, "sex": 1,
    "classification": NATIONAL["classification"].width, "origin": NATIONAL["origin"].width,
    "national_id": NATIONAL["national_id"].width,
    "team_name": TEAM["name"].width, "team_nickname": TEAM["nickname"].width,
    "team_strength": TEAM["strength"].width,
    "round_date": ROUND_DATE_WIDTH,
}

# No field may hold a control character (C0, DEL, C1: tab, line feed, NUL, ...), a line or paragraph
# separator, or a lone surrogate (which no UTF-8 file can hold): written to a TRF, they would break its
# lines or its encoding.
FORBIDDEN_CHARACTERS = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")


def forbidden_character(text: str) -> int | None:
    """The index of the first character no TRF field may hold, or None."""
    m = FORBIDDEN_CHARACTERS.search(text)
    return None if m is None else m.start()


def describe_character(ch: str) -> str:
    return f"U+{ord(ch):04X}"
