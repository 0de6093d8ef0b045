"""Reading the fields of a TRF line: numbers, start numbers and texts, each error naming line and column."""

from __future__ import annotations

import re
from fractions import Fraction

from app.engine.errors import Issue, Localized, TrfError
from app.engine.messages import Message, warning
from app.formats.trf_layout import Column

_POINTS = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)")


# `what` names the field in the messages: a catalogue word (`Message.of("what.rating")`) or a record code.
What = str | Localized


def parse_points(raw: str, line_no: int, column: int, what: What) -> Fraction | None:
    """`11.5` (or `11,5`); None when blank."""
    s = raw.strip().replace(",", ".")
    if not s:
        return None
    if not _POINTS.fullmatch(s):
        raise TrfError(Message.of("error.trf.number", what=what, found=raw.strip()), line=line_no, column=column,
                       text=raw.strip())
    return Fraction(s)


def parse_int(raw: str, line_no: int, column: int, what: What, *, allow_blank: bool = True) -> int | None:
    s = raw.strip()
    if not s:
        if allow_blank:
            return None
        raise TrfError(Message.of("error.trf.missing", what=what), line=line_no, column=column, text=raw)
    if not s.isdecimal():
        raise TrfError(Message.of("error.trf.whole-number", what=what, found=s), line=line_no, column=column, text=s)
    return int(s)


def parse_ids(tokens: list[str], line_no: int, what: What) -> list[int]:
    """Start numbers (0 = none, skipped)."""
    out = []
    for t in tokens:
        if not t.isdecimal():
            raise TrfError(Message.of("error.trf.not-start-number", what=what, found=t), line=line_no, text=t)
        if int(t):
            out.append(int(t))
    return out


def parse_text(raw: str, line_no: int, column: int, what: What, limit: int, warnings: list[Issue],
               *, strip: bool = True) -> str:
    """A text field: stripped (unless a whole line), tabs made spaces and the text cut to `limit`
    characters, each with a warning (other control characters are refused for the whole line)."""
    text = raw.strip() if strip else raw
    if "\t" in text:
        warnings.append(warning("tab-replaced", "warning.tab-replaced", line=line_no, column=column + raw.find("\t"),
                                what=what))
        text = text.replace("\t", " ") if strip else text.expandtabs()
    if len(text) > limit:
        warnings.append(warning("text-cut", "warning.text-cut", line=line_no, column=column, what=what,
                                length=len(text), limit=limit))
        text = text[:limit].rstrip() if strip else text[:limit]
    return text


def cut_text(line: str, col: Column, line_no: int, what: What, warnings: list[Issue]) -> str:
    """The text in a fixed column (its width is its limit)."""
    return parse_text(col.cut(line), line_no, col.first, what, col.width, warnings)


def record_value(line: str) -> str:
    """The value of a record, from column 5 (or column 4 when column 4 is not blank)."""
    return line[4:].strip() if len(line) > 3 and line[3] == " " else line[3:].strip()
