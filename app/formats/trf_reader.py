"""TRF reader: TRF-16, TRF-2026, JaVaFo TRF(x) and bbpPairings TRF(bx) into one model.

Columns follow ../shared/spec/trf.md, as tabled in `trf_layout`. `read_trf` decodes the text and
dispatches each line on its record code (player lines: `trf_players`; every other record:
`trf_records.HANDLERS`); then it finishes what needs every line (round columns, teams, XXA, XXZ).
The reader is tolerant where the meaning is clear (warnings) and strict where it is not (`TrfError`
naming line, column and text). Whether the tournament it read is consistent is not its business:
`app.engine.validation` checks that, for every input form alike (`app.formats.loader`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction

from app.engine.errors import ErrorKind, Issue, TrfError
from app.engine.messages import Message, warning
from app.engine.model import ByeKind, ByeRequest, Player, Result, RoundEntry, Tournament, VirtualPoints
from app.engine.validation import Where
from app.formats.trf_fields import parse_text
from app.formats.trf_layout import PLAYER, TEXT_LIMITS, describe_character, round_column
from app.formats.trf_players import parse_national, parse_player
from app.formats.trf_records import HANDLERS, MAX_ROUNDS_DEFAULT, Reading, parse_013

__all__ = ["MAX_ROUNDS_DEFAULT", "TrfDocument", "TrfLocator", "decode_trf_bytes", "kept_as_written", "read_trf"]


@dataclass
class TrfDocument:
    """What the reader read: the tournament, warnings about the text, and where things are in it."""

    tournament: Tournament
    warnings: list[Issue] = field(default_factory=list)
    encoding: str = "utf-8"
    player_lines: dict[int, int] = field(default_factory=dict)  # start number -> line
    record_lines: dict[str, tuple[int, str]] = field(default_factory=dict)  # attribute -> (line, record code)


class TrfLocator:
    """Where a player's data, or a record, is in the file (validation warnings name line and column)."""

    def __init__(self, doc: TrfDocument) -> None:
        self._players = doc.player_lines
        self._records = doc.record_lines

    def player(self, start_number: int, part: str) -> Where:
        col = PLAYER.get(part)
        return Where(line=self._players.get(start_number), column=None if col is None else col.first)

    def entry(self, start_number: int, round_number: int, part: str) -> Where:
        return Where(line=self._players.get(start_number), column=round_column(round_number, part))

    def record(self, attribute: str) -> Where:
        line, code = self._records.get(attribute, (None, None))
        return Where(line=line, field=code)


# ---------------------------------------------------------------- decoding


def decode_trf_bytes(data: bytes) -> tuple[str, str, list[Issue]]:
    """Bytes -> text. UTF-8 (BOM stripped), else CP1252, else Latin-1."""
    warnings: list[Issue] = []
    if not data.strip():
        raise TrfError(Message.of("error.trf.empty"), code="empty-file")
    if b"\x00" in data[:65536]:
        raise TrfError(Message.of("error.trf.binary"), code="binary-file")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8"), "utf-8", warnings
    except UnicodeDecodeError:
        pass
    try:
        text = data.decode("cp1252")
        encoding = "cp1252"
    except UnicodeDecodeError:
        text = data.decode("latin-1")
        encoding = "latin-1"
    warnings.append(warning("encoding", "warning.encoding", encoding=encoding))
    return text, encoding, warnings


_CONTROL_CHARS = re.compile(r"[\x01-\x08\x0b\x0e-\x1f]")
# In a line: what no TRF field may hold (trf_layout.FORBIDDEN_CHARACTERS), except the tab, which may
# separate the values of a record (a tab inside a text field is refused where the field is read).
_FORBIDDEN_IN_LINE = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")
_HUGE_NUMBER = re.compile(r"\d{1001}")


def _check_text(text: str) -> None:
    if "\x00" in text:
        raise TrfError(Message.of("error.trf.binary"), code="binary-file")
    if len(_CONTROL_CHARS.findall(text, 0, 65536)) > 16:
        raise TrfError(Message.of("error.trf.binary"), code="binary-file")


def _check_line(line: str, line_no: int) -> None:
    bad = _FORBIDDEN_IN_LINE.search(line)
    if bad is not None:
        what = describe_character(bad.group())
        raise TrfError(Message.of("error.trf.control-character", character=what),
                       line=line_no, column=bad.start() + 1, text=what,
                       code="control-character")


# ---------------------------------------------------------------- dispatch

_NATIONAL = re.compile(r"^[A-Z]{3}$")
_IGNORED_INFORMATIVE = {"801", "802"}  # readable team cross-tables, derived from the rest


def _is_national(code: str, line: str) -> bool:
    return bool(_NATIONAL.match(code)) and line[4:8].strip().isdecimal() and code not in HANDLERS


def kept_as_written(line: str) -> bool:
    """Whether the reader keeps `line` as an unknown record (rather than read it, or skip it)."""
    code = line[:3]
    return (len(line.strip()) >= 3 and code not in ("###", "001") and code not in HANDLERS
            and not _is_national(code, line))


def read_trf(data: bytes | str, *, max_rounds: int = MAX_ROUNDS_DEFAULT,
             max_players: int | None = None) -> TrfDocument:
    """Parse a TRF file (bytes or text) into a `Tournament` plus warnings."""
    if isinstance(data, bytes):
        text, encoding, warnings = decode_trf_bytes(data)
    else:
        text, encoding, warnings = data.lstrip("\ufeff"), "utf-8", []
        if not text.strip():
            raise TrfError(Message.of("error.trf.empty"), code="empty-file")
    _check_text(text)
    st = Reading(max_rounds=max_rounds, warnings=warnings)
    t = st.t
    recognised = 0
    for line_no, line in enumerate(re.split(r"\r\n|\r|\n", text.rstrip("\x1a")), start=1):  # ^Z: DOS end of file
        _check_line(line, line_no)
        if len(line.strip()) < 3 and not line.startswith("###"):
            continue
        code = line[:3]
        if code == "###":
            t.comments.append(parse_text(line[3:], line_no, 4, Message.of("what.comment"), TEXT_LIMITS["line"], warnings,
                                         strip=False))
            continue
        if _HUGE_NUMBER.search(line):  # int() refuses more than 4300 digits
            raise TrfError(Message.of("error.trf.number-too-long"), line=line_no,
                           code="number-too-long")
        recognised += 1
        if code == "001":
            if len(st.players) == (max_players or 10**9):
                raise TrfError(Message.of("error.trf.too-many-players", limit=max_players), line=line_no,
                               code="too-many-players", kind=ErrorKind.TOO_LARGE)
            st.players.append((line_no, parse_player(line, line_no, warnings, max_rounds)))
        elif code in HANDLERS:
            HANDLERS[code](st, code, line, line_no)
        elif _is_national(code, line):
            t.national_records.append(parse_national(line, line_no, warnings))
        else:
            recognised -= 1
            t.other_records.append(parse_text(line, line_no, 1, Message.of("what.line"), TEXT_LIMITS["line"], warnings,
                                              strip=False))
            if code not in _IGNORED_INFORMATIVE:
                warnings.append(warning("unknown-record", "warning.unknown-record", line=line_no, text=line[:40],
                                        found=line[:40]))
    if recognised == 0:
        raise TrfError(Message.of("error.trf.not-trf"), code="not-trf")
    _finish(st)
    return TrfDocument(t, warnings, encoding, {p.start_number: ln for ln, p in st.players}, st.record_lines)


# ---------------------------------------------------------------- what needs every line


def _finish(st: Reading) -> None:
    t = st.t
    _finish_players(t, st.players, st.warnings)
    if st.teams_310:
        t.teams = st.teams_310
        if st.team_lines_013:
            st.warnings.append(warning("013-and-310", "warning.013-and-310"))
    else:
        t.teams = [parse_013(line, line_no, number, st.warnings)
                   for number, (line_no, line) in enumerate(st.team_lines_013, start=1)]
    _finish_acceleration(t, st.xxa)
    if st.xxz_ids:
        t.bye_requests.append(ByeRequest(ByeKind.ZERO_POINT, t.rounds_played + 1, st.xxz_ids))


def _finish_players(t: Tournament, players: list[tuple[int, Player]], warnings: list[Issue]) -> None:
    seen: dict[int, int] = {}
    for line_no, p in players:
        if p.start_number in t.players:
            first = t.players[p.start_number]
            if first == p:
                warnings.append(warning("duplicate-player", "warning.duplicate-player", line=line_no,
                                        start_number=p.start_number, first=seen[p.start_number], second=line_no))
                continue
            raise TrfError(Message.of("error.trf.duplicate-start-number", start_number=p.start_number,
                                      first=seen[p.start_number], second=line_no), line=line_no, column=5,
                           text=str(p.start_number), code="duplicate-start-number")
        seen[p.start_number] = line_no
        t.players[p.start_number] = p
    t.players = dict(sorted(t.players.items()))
    # A blank block after the last round anybody recorded means "not yet"; before it, "not paired".
    last = 0
    for _, p in players:
        for r, e in enumerate(p.rounds, start=1):
            if e is not None:
                last = max(last, r)
    for _, p in players:
        raw = p.rounds[:last]
        entries = [e if e is not None else RoundEntry(None, None, Result.NOT_PAIRED) for e in raw]
        entries += [RoundEntry(None, None, Result.NOT_PAIRED)] * (last - len(entries))
        p.rounds = entries


def _finish_acceleration(t: Tournament, xxa: dict[int, list[Fraction]]) -> None:
    """XXA lines (per player, per round) become 250-style ranges."""
    for sn in sorted(xxa):
        vals = xxa[sn]
        r = 0
        while r < len(vals):
            if vals[r] == 0:
                r += 1
                continue
            s = r
            while r + 1 < len(vals) and vals[r + 1] == vals[s]:
                r += 1
            t.virtual_points.append(VirtualPoints(vals[s], s + 1, r + 1, sn, sn))
            r += 1
