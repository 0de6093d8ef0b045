"""TRF reader: TRF-16, TRF-2026, JaVaFo TRF(x) and bbpPairings TRF(bx) into one model.

Columns follow ../shared/spec/trf.md (1-based in comments, 0-based in slices).
The reader is tolerant where the meaning is clear (warnings) and strict where
it is not (`TrfError` naming line, column and text).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction

from app.engine.errors import Issue, TrfError
from app.engine.model import (
    MAX_RATING,
    AbnormalPoints,
    ByeKind,
    ByeRequest,
    Colour,
    ForbiddenPairs,
    ForfeitedMatch,
    Lineup,
    NationalRecord,
    Player,
    Result,
    RoundEntry,
    ScoringSystem,
    Team,
    TeamByes,
    TeamScoring,
    Tournament,
    VirtualPoints,
)
from app.engine.validation import Where, normalise_entry, normalise_title

_RESULT_CODES: dict[str, Result] = {
    "1": Result.WIN, "=": Result.DRAW, "0": Result.LOSS,
    "W": Result.WIN_UNRATED, "D": Result.DRAW_UNRATED, "L": Result.LOSS_UNRATED,
    "+": Result.FORFEIT_WIN, "-": Result.FORFEIT_LOSS,
    "H": Result.HALF_POINT_BYE, "F": Result.FULL_POINT_BYE,
    "U": Result.PAIRING_ALLOCATED_BYE, "Z": Result.ZERO_POINT_BYE,
    " ": Result.NOT_PAIRED, "X": Result.UNKNOWN, "?": Result.UNKNOWN,
}
_HEADER_FIELDS = {
    "012": "name", "022": "city", "032": "federation", "042": "start_date", "052": "end_date",
    "062": "declared_players", "072": "declared_rated_players", "082": "declared_teams",
    "092": "type_text", "102": "chief_arbiter", "122": "time_control_text",
    "172": "national_rating_method", "182": "pairing_controller", "192": "type_code",
    "202": "tiebreaks_202", "212": "tiebreaks_212", "222": "time_control_code",
    "352": "board_colours",
}
MAX_ROUNDS_DEFAULT = 99
_HUGE_NUMBER = re.compile(r"\d{1001}")


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

    _PLAYER_COLUMNS = {"start_number": 5, "sex": 10, "title": 11, "name": 15, "rating": 49, "federation": 54,
                       "fide_id": 58, "birth_date": 70, "points": 81, "rank": 86}

    def __init__(self, doc: TrfDocument) -> None:
        self._players = doc.player_lines
        self._records = doc.record_lines

    def player(self, start_number: int, part: str) -> Where:
        return Where(line=self._players.get(start_number), column=self._PLAYER_COLUMNS.get(part))

    def entry(self, start_number: int, round_number: int, part: str) -> Where:
        return Where(line=self._players.get(start_number),
                     column=90 + 10 * (round_number - 1) + _ENTRY_OFFSETS[part])

    def record(self, attribute: str) -> Where:
        line, code = self._records.get(attribute, (None, None))
        return Where(line=line, field=code)


# ---------------------------------------------------------------- decoding


def decode_trf_bytes(data: bytes) -> tuple[str, str, list[Issue]]:
    """Bytes -> text. UTF-8 (BOM stripped), else CP1252, else Latin-1."""
    warnings: list[Issue] = []
    if not data.strip():
        raise TrfError("the file is empty", code="empty-file")
    if b"\x00" in data[:65536]:
        raise TrfError("this is a binary file, not a TRF text file", code="binary-file")
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
    warnings.append(Issue("encoding", f"the file is not UTF-8; decoded as {encoding}"))
    return text, encoding, warnings


_CONTROL_CHARS = re.compile(r"[\x01-\x08\x0b\x0e-\x1f]")


def _check_text(text: str) -> None:
    if "\x00" in text:
        raise TrfError("this is a binary file, not a TRF text file", code="binary-file")
    if len(_CONTROL_CHARS.findall(text, 0, 65536)) > 16:
        raise TrfError("this is a binary file, not a TRF text file", code="binary-file")


# ---------------------------------------------------------------- numbers


def _parse_points(raw: str, line_no: int, column: int, what: str) -> Fraction | None:
    s = raw.strip().replace(",", ".")
    if not s:
        return None
    if not re.fullmatch(r"[+-]?(\d+(\.\d*)?|\.\d+)", s):
        raise TrfError(f"{what} must be a number, found {raw.strip()!r}",
                       line=line_no, column=column, text=raw.strip())
    return Fraction(s)


def _parse_int(raw: str, line_no: int, column: int, what: str, *, allow_blank: bool = True) -> int | None:
    s = raw.strip()
    if not s:
        if allow_blank:
            return None
        raise TrfError(f"{what} is missing", line=line_no, column=column, text=raw)
    if not s.isdecimal():
        raise TrfError(f"{what} must be a whole number, found {s!r}", line=line_no, column=column, text=s)
    return int(s)


def _ids(tokens: list[str], line_no: int, what: str) -> list[int]:
    out = []
    for t in tokens:
        if not t.isdecimal():
            raise TrfError(f"{what}: {t!r} is not a start number", line=line_no, text=t)
        if int(t):
            out.append(int(t))
    return out


# ---------------------------------------------------------------- player record


_COLOURS = {"w": Colour.WHITE, "b": Colour.BLACK, "-": None, " ": None}


def _block_ok(line: str, start: int) -> bool:
    block = line[start:start + 10].ljust(10)
    opp, colour, result = block[2:6], block[7], block[9]
    return ((opp.strip() == "" or opp.strip().isdecimal()) and colour.lower() in _COLOURS
            and result.upper() in _RESULT_CODES and block[6] == " " and block[8] == " ")


def _aligned(line: str) -> bool:
    pts = line[80:84].strip().replace(",", ".")
    if pts and not re.fullmatch(r"\d*\.?\d*", pts):
        return False
    return all(_block_ok(line, s) for s in range(89, len(line.rstrip()), 10))


def _realigned(line: str) -> str | None:
    """A line whose name was padded by bytes rather than characters, shifted back (TRF digest §11)."""
    if _aligned(line):
        return None
    name = line[14:47]
    shift = sum(len(ch.encode("utf-8")) - 1 for ch in name)
    candidates = [line[:47] + " " * k + line[47:] for k in range(1, max(shift, 1) + 1)]
    candidates += [line[:47 - k] + line[47:] for k in range(1, 3) if line[47 - k:47].strip() == ""]
    for candidate in candidates:
        if _aligned(candidate):
            return candidate
    return None


_BLOCK_CACHE: dict[str, RoundEntry | None] = {}  # blocks that parse without a warning


def _parse_round_block(block: str, line_no: int, column: int, round_number: int,
                       warnings: list[Issue]) -> RoundEntry | None:
    """One 10-column round block; None if entirely blank."""
    cached = _BLOCK_CACHE.get(block, _MISSING)
    if cached is not _MISSING:
        return cached  # type: ignore[return-value]
    before = len(warnings)
    entry = _parse_round_block_text(block, line_no, column, round_number, warnings)
    if len(warnings) == before:
        if len(_BLOCK_CACHE) > 200_000:
            _BLOCK_CACHE.clear()
        _BLOCK_CACHE[block] = entry
    return entry


_MISSING = object()


def _parse_round_block_text(block: str, line_no: int, column: int, round_number: int,
                            warnings: list[Issue]) -> RoundEntry | None:
    block = block.ljust(10)
    if not block.strip():
        return None
    opp_raw, colour_raw, result_raw = block[2:6], block[7], block[9]
    if block[:2].strip() or block[6].strip() or block[8].strip():
        raise TrfError(f"round {round_number}: the round block is misaligned",
                       line=line_no, column=column, text=block)
    opp_s = opp_raw.strip()
    if opp_s and not opp_s.isdecimal():
        raise TrfError(f"round {round_number}: opponent must be a start number, found {opp_s!r}",
                       line=line_no, column=column + 2, text=opp_s)
    opponent = int(opp_s) if opp_s and int(opp_s) else None
    colour_key = colour_raw.lower()
    if colour_key not in _COLOURS:
        raise TrfError(f"round {round_number}: colour must be w, b or -, found {colour_raw!r}",
                       line=line_no, column=column + 7, text=colour_raw)
    colour = _COLOURS[colour_key]
    result = _RESULT_CODES.get(result_raw.upper())
    if result is None:
        raise TrfError(f"round {round_number}: {result_raw!r} is not a TRF result code",
                       line=line_no, column=column + 9, text=result_raw)
    entry, notes = normalise_entry(round_number, opponent, colour, result, result_raw)
    for note in notes:
        offset = _ENTRY_OFFSETS[note.part]
        warnings.append(Issue(note.code, note.message, line=line_no, column=column + offset,
                              text=result_raw if note.part == "result" else None))
    return entry


# Columns of an entry's parts, counted from the first column of its 10-column round block.
_ENTRY_OFFSETS = {"block": 0, "opponent": 2, "colour": 7, "result": 9}


def _parse_player(line: str, line_no: int, warnings: list[Issue], max_rounds: int) -> Player:
    line = line.rstrip("\r\n")
    own: list[Issue] = []
    try:
        player = _parse_player_columns(line, line_no, own, max_rounds)
    except TrfError:
        fixed = _realigned(line)
        if fixed is None:
            raise
        own = [Issue("misaligned", "player line is misaligned (maybe a bad encoding); columns after the name "
                     "were shifted to fit", line=line_no)]
        player = _parse_player_columns(fixed, line_no, own, max_rounds)
    warnings.extend(own)
    return player


def _parse_player_columns(line: str, line_no: int, warnings: list[Issue], max_rounds: int) -> Player:
    padded = line.ljust(89)
    start_number = _parse_int(padded[4:8], line_no, 5, "start number", allow_blank=False)
    assert start_number is not None
    if start_number == 0:
        raise TrfError("start number must be at least 1", line=line_no, column=5, text=padded[4:8])
    sex_raw = padded[9].strip().lower()
    title_field = padded[10:13].strip()
    sex = {"m": "m", "w": "w", "f": "w"}.get(sex_raw) if sex_raw else None
    if sex_raw and sex is None and sex_raw not in ("u", "-", "?"):
        warnings.append(Issue("sex", f"unknown sex {padded[9]!r} ignored", line=line_no, column=10))
    title, packed_sex = normalise_title(title_field)
    if sex is None and packed_sex is not None:  # e.g. "mFM": sex packed with the title
        sex = packed_sex
    name = padded[14:47].strip()
    rating_raw = padded[48:52]
    rating = _parse_int(rating_raw, line_no, 49, "rating")
    if rating == 0:
        rating = None
    elif rating is not None and rating > MAX_RATING:
        raise TrfError(f"rating {rating} is out of range (at most {MAX_RATING})", line=line_no, column=49,
                       text=rating_raw.strip(), code="rating-out-of-range")
    federation = padded[53:56].strip() or None
    fide_id = padded[57:68].strip() or None
    birth = padded[69:79].strip() or None
    points = _parse_points(padded[80:84], line_no, 81, "points")
    rank_raw = padded[85:89].strip()
    rank = int(rank_raw) if rank_raw.isdecimal() else None
    if rank_raw and not rank_raw.isdecimal():
        warnings.append(Issue("rank", f"rank {rank_raw!r} is not a number; ignored", line=line_no, column=86))
    rounds: list[RoundEntry | None] = []
    body = line.rstrip()
    n_blocks = max(0, (len(body) - 89 + 9) // 10)
    if n_blocks > max_rounds:
        raise TrfError(f"the line has {n_blocks} round columns; the limit is {max_rounds}",
                       line=line_no, column=90 + 10 * max_rounds, code="too-many-rounds")
    for k in range(n_blocks):
        col0 = 89 + 10 * k
        rounds.append(_parse_round_block(body[col0:col0 + 10], line_no, col0 + 1, k + 1, warnings))
    player = Player(start_number=start_number, name=name, sex=sex, title=title, rating=rating,
                    federation=federation, fide_id=fide_id, birth_date=birth, declared_points=points,
                    declared_rank=rank)
    player.rounds = rounds  # type: ignore[assignment]  # None entries resolved in _finish_rounds
    return player


# ---------------------------------------------------------------- other records


def _value(line: str) -> str:
    return line[4:].strip() if len(line) > 3 and line[3] == " " else line[3:].strip()


def _parse_162(value: str, line_no: int, scoring: ScoringSystem) -> ScoringSystem:
    found = re.findall(r"([WDLAPXZ])\s*([+-]?\d*\.?\d+)", value.upper())
    if not found and value.strip():
        raise TrfError("162 record: expected symbol/value pairs such as 'W 1.0'", line=line_no, text=value)
    vals = {sym: Fraction(v) for sym, v in found}
    kw: dict[str, Fraction] = {}
    if "W" in vals:
        kw.update(win=vals["W"], forfeit_win=vals["W"], full_point_bye=vals["W"])
        if "P" not in vals:
            kw["pairing_allocated_bye"] = vals["W"]
    if "D" in vals:
        kw.update(draw=vals["D"], half_point_bye=vals["D"])
        if "X" not in vals:
            kw["unknown"] = vals["D"]
    if "L" in vals:
        kw["loss"] = vals["L"]
    absent = vals.get("A", vals.get("Z"))
    if absent is not None:
        kw.update(forfeit_loss=absent, zero_point_bye=absent, absent=absent)
    if "P" in vals:
        kw["pairing_allocated_bye"] = vals["P"]
    if "X" in vals:
        kw["unknown"] = vals["X"]
    return _replace(scoring, **kw)


def _replace(scoring: ScoringSystem, **kw: Fraction) -> ScoringSystem:
    from dataclasses import replace
    return replace(scoring, **kw)


_XXS_FIELDS = {
    "WW": ("win",), "BW": ("win_black",), "WD": ("draw",), "BD": ("draw_black",),
    "WL": ("loss",), "BL": ("loss_black",), "ZPB": ("zero_point_bye", "absent"),
    "HPB": ("half_point_bye",), "FPB": ("full_point_bye",), "PAB": ("pairing_allocated_bye",),
    "FW": ("forfeit_win",), "FL": ("forfeit_loss",),
    "W": ("win", "win_black", "forfeit_win", "full_point_bye"),
    "D": ("draw", "draw_black", "half_point_bye"), "L": ("loss", "loss_black"),
}


def _parse_xxs(value: str, line_no: int, scoring: ScoringSystem) -> ScoringSystem:
    kw: dict[str, Fraction] = {}
    for token in value.split():
        key, _, val = token.partition("=")
        fields = _XXS_FIELDS.get(key.upper())
        if fields is None or not re.fullmatch(r"\d*\.?\d+", val):
            raise TrfError(f"XXS: cannot read {token!r}", line=line_no, text=token)
        for f in fields:
            kw[f] = Fraction(val)
    result = _replace(scoring, **kw)
    # A colour-specific value equal to the general one carries no information.
    for general, black in (("win", "win_black"), ("draw", "draw_black"), ("loss", "loss_black")):
        if getattr(result, black) == getattr(result, general):
            result = _replace(result, **{black: None})  # type: ignore[arg-type]
    return result


_BB_FIELDS = {
    "BBW": ("win", "forfeit_win", "full_point_bye"), "BBD": ("draw", "half_point_bye"),
    "BBL": ("loss",), "BBZ": ("zero_point_bye", "absent"), "BBF": ("forfeit_loss",),
    "BBU": ("pairing_allocated_bye",),
}


def _fixed(line: str, a: int, b: int) -> str:
    """Columns a..b (1-based, inclusive)."""
    return line[a - 1:b]


def _parse_250(line: str, line_no: int) -> VirtualPoints:
    padded = line.expandtabs().ljust(31)
    try:
        mp = _parse_points(_fixed(padded, 5, 8), line_no, 5, "250 match points")
        gp = _parse_points(_fixed(padded, 10, 13), line_no, 10, "250 game points")
        r1 = _parse_int(_fixed(padded, 15, 17), line_no, 15, "250 first round", allow_blank=False)
        r2 = _parse_int(_fixed(padded, 19, 21), line_no, 19, "250 last round", allow_blank=False)
        i1 = _parse_int(_fixed(padded, 23, 26), line_no, 23, "250 first id", allow_blank=False)
        i2 = _parse_int(padded[27:].split()[0] if padded[27:].split() else "", line_no, 28,
                        "250 last id", allow_blank=False)
    except TrfError:
        tokens = line[3:].split()
        if len(tokens) not in (5, 6) or not all(re.fullmatch(r"\d*\.?\d+", t) for t in tokens):
            raise
        mp = Fraction(tokens[0]) if len(tokens) == 6 else None
        gp = Fraction(tokens[-5])
        r1, r2, i1, i2 = (int(t) for t in tokens[-4:])
    assert r1 is not None and r2 is not None and i1 is not None and i2 is not None
    return VirtualPoints(game_points=gp if gp is not None else Fraction(0), first_round=r1,
                         last_round=r2, first_id=i1, last_id=i2, match_points=mp)


def _parse_320(line: str, line_no: int, max_rounds: int = MAX_ROUNDS_DEFAULT) -> TeamByes:
    padded = line.rstrip()
    mp = _parse_points(_fixed(padded.ljust(13), 5, 8), line_no, 5, "320 match points")
    gp = _parse_points(_fixed(padded.ljust(13), 10, 13), line_no, 10, "320 game points")
    by_round: dict[int, int] = {}
    r = 1
    col = 15
    while col <= len(padded):
        if r > max_rounds:
            raise TrfError(f"320: more than {max_rounds} rounds", line=line_no, column=col, code="too-many-rounds")
        raw = _fixed(padded, col, col + 2)
        team = _parse_int(raw, line_no, col, f"320 team of round {r}")
        if team:
            by_round[r] = team
        r += 1
        col += 4
    return TeamByes(match_points=mp, game_points=gp, team_by_round=by_round)


def _parse_299(line: str, line_no: int) -> AbnormalPoints:
    padded = line.rstrip().ljust(22)
    kind = padded[4].strip()
    mp = _parse_points(_fixed(padded, 8, 11), line_no, 8, "299 match points")
    gp = _parse_points(_fixed(padded, 14, 17), line_no, 14, "299 game points")
    rnd = _parse_int(_fixed(padded, 20, 22), line_no, 20, "299 round")
    ids = _ids(padded[22:].split(), line_no, "299")
    return AbnormalPoints(type=kind, match_points=mp, game_points=gp, round=rnd or None, ids=ids)


def _parse_310(line: str, line_no: int) -> Team:
    padded = line.rstrip().ljust(72)
    number = _parse_int(_fixed(padded, 5, 7), line_no, 5, "310 team number", allow_blank=False)
    assert number is not None
    name = _fixed(padded, 9, 40).strip()
    nickname = _fixed(padded, 42, 46).strip() or None
    if _aligned_310(padded):  # the TRF-2026 columns
        strength: str | None = _fixed(padded, 48, 53).strip() or None
        mp_text, gp_text, rank_text = _fixed(padded, 55, 60), _fixed(padded, 62, 67), _fixed(padded, 69, 71)
        members_raw = padded[72:].split()
    else:  # fields moved by a character or two: strength, match points, game points, rank, members
        tokens = padded[46:].split()
        if len(tokens) < 4:
            raise TrfError("310: expected strength, match points, game points and rank after the nickname",
                           line=line_no, column=48, text=padded[46:].strip())
        strength, mp_text, gp_text, rank_text = tokens[:4]
        members_raw = tokens[4:]
    mp = _parse_points(mp_text, line_no, 55, "310 match points")
    gp = _parse_points(gp_text, line_no, 62, "310 game points")
    rank_text = rank_text.strip()
    members = _ids(members_raw, line_no, "310 members")
    return Team(number=number, name=name, nickname=nickname, strength=strength,
                declared_match_points=mp, declared_game_points=gp,
                declared_rank=int(rank_text) if rank_text.isdecimal() else None, members=members)


def _aligned_310(padded: str) -> bool:
    return all(padded[c - 1] == " " for c in (54, 61, 68, 72, 73))


def _parse_013(line: str, line_no: int, number: int) -> Team:
    padded = line.rstrip().ljust(36)
    name = padded[4:36].strip()
    tail = padded[36:].split()
    if not all(t.isdecimal() for t in tail):
        # a long name spilling into the member columns: take the digits from the end
        head = [t for t in padded[4:].split()]
        k = len(head)
        while k > 0 and head[k - 1].isdecimal():
            k -= 1
        name, tail = " ".join(head[:k]), head[k:]
    members = _ids(tail, line_no, "013 members")
    return Team(number=number, name=name, members=members)


def _parse_national(line: str, line_no: int) -> NationalRecord:
    padded = line.rstrip().ljust(79)
    sn = _parse_int(padded[4:8], line_no, 5, "national record start number", allow_blank=False)
    assert sn is not None
    rating = _parse_int(padded[48:52], line_no, 49, "national rating")
    return NationalRecord(
        federation=padded[:3], start_number=sn, sex=padded[9].strip() or None,
        classification=padded[10:13].strip() or None, name=padded[14:47].strip() or None,
        rating=rating or None, origin=padded[53:56].strip() or None,
        national_id=padded[57:68].strip() or None, birth_date=padded[69:79].strip() or None)


# ---------------------------------------------------------------- main entry


_KNOWN_HEADER = re.compile(r"^\d{3}$")
_NATIONAL = re.compile(r"^[A-Z]{3}$")
_IGNORED_INFORMATIVE = {"801", "802"}


def read_trf(data: bytes | str, *, max_rounds: int = MAX_ROUNDS_DEFAULT,
             max_players: int | None = None) -> TrfDocument:
    """Parse a TRF file (bytes or text) into a `Tournament` plus warnings."""
    if isinstance(data, bytes):
        text, encoding, warnings = decode_trf_bytes(data)
    else:
        text, encoding, warnings = data.lstrip("\ufeff"), "utf-8", []
        if not text.strip():
            raise TrfError("the file is empty", code="empty-file")
    _check_text(text)
    lines = re.split(r"\r\n|\r|\n", text)
    t = Tournament()
    players: list[tuple[int, Player]] = []
    team_lines_013: list[tuple[int, str]] = []
    teams_310: list[Team] = []
    xxz_ids: list[int] = []
    xxa: dict[int, list[Fraction]] = {}
    scoring = ScoringSystem()
    scoring_source: str | None = None
    recognised = 0
    record_lines: dict[str, tuple[int, str]] = {}
    for line_no, raw in enumerate(lines, start=1):
        line = raw.rstrip("\r\n")
        if len(line.strip()) < 3 and not line.startswith("###"):
            continue
        code = line[:3]
        if code == "###":
            t.comments.append(line[3:])
            continue
        if _HUGE_NUMBER.search(line):  # int() refuses more than 4300 digits
            raise TrfError("the line has a number with more than 1000 digits", line=line_no,
                           code="number-too-long")
        if code == "001":
            if len(players) == (max_players or 10**9):
                raise TrfError(f"more than {max_players} players", line=line_no, code="too-many-players")
            players.append((line_no, _parse_player(line, line_no, warnings, max_rounds)))
            recognised += 1
            continue
        value = _value(line)
        recognised += 1
        if code in _HEADER_FIELDS:
            attr = _HEADER_FIELDS[code]
            if getattr(t, attr) is not None and getattr(t, attr) != "":
                warnings.append(Issue("repeated-record", f"record {code} repeated; the last one is used",
                                      line=line_no))
            setattr(t, attr, value if value else None)
            record_lines[attr] = (line_no, code)
            if code == "012":
                t.name = value
        elif code == "112":
            if value:
                t.deputy_arbiters.append(value)
        elif code == "132":
            padded = line.rstrip()
            t.round_dates = [padded[c:c + 8].strip() or None for c in range(91, len(padded), 10)]
        elif code in ("142", "XXR"):
            n = _parse_int(value.split()[0] if value.split() else "", line_no, 5, f"{code} number of rounds")
            if n is not None and n > max_rounds:
                raise TrfError(f"{code}: {n} rounds; the limit is {max_rounds}", line=line_no, column=5,
                               text=value, code="too-many-rounds")
            if t.total_rounds is not None and n != t.total_rounds:
                warnings.append(Issue("rounds-disagree", f"{code} says {n} rounds, an earlier record "
                                      f"said {t.total_rounds}; {n} is used", line=line_no))
            t.total_rounds = n
        elif code == "152":
            c = value.strip().upper()[:1]
            if c not in ("W", "B"):
                raise TrfError("152: initial colour must be W or B", line=line_no, column=5, text=value)
            t.initial_colour = Colour.WHITE if c == "W" else Colour.BLACK
        elif code == "XXC":
            for word in value.lower().split():
                if word == "white1":
                    t.initial_colour = Colour.WHITE
                elif word == "black1":
                    t.initial_colour = Colour.BLACK
                elif word == "rank":
                    t.pair_by_file_order = True
                else:
                    warnings.append(Issue("xxc", f"XXC: unknown word {word!r} ignored", line=line_no))
        elif code == "162":
            scoring = _parse_162(value, line_no, scoring)
            scoring_source = scoring_source or "162"
        elif code == "XXS":
            scoring = _parse_xxs(value, line_no, scoring)
            scoring_source = "XXS"
        elif code in _BB_FIELDS:
            pts = _parse_points(value.split()[0] if value.split() else "", line_no, 5, code)
            if pts is not None:
                scoring = _replace(scoring, **{f: pts for f in _BB_FIELDS[code]})
        elif code == "362":
            found = dict(re.findall(r"T([WDL])\s*([+-]?\d*\.?\d+)", value.upper()))
            ts = t.team_scoring
            t.team_scoring = TeamScoring(
                match_win=Fraction(found["W"]) if "W" in found else ts.match_win,
                match_draw=Fraction(found["D"]) if "D" in found else ts.match_draw,
                match_loss=Fraction(found["L"]) if "L" in found else ts.match_loss)
        elif code == "240":
            tokens = value.split()
            if len(tokens) < 2 or tokens[0].upper() not in ("H", "F", "Z") or not tokens[1].isdecimal():
                raise TrfError("240: expected 'H|F|Z round id...'", line=line_no, text=value)
            t.bye_requests.append(ByeRequest(ByeKind(tokens[0].upper()), int(tokens[1]),
                                             _ids(tokens[2:], line_no, "240")))
        elif code == "250":
            t.virtual_points.append(_parse_250(line, line_no))
        elif code == "XXA":
            tokens = value.split()
            if not tokens or not tokens[0].isdecimal():
                raise TrfError("XXA: expected a start number and points per round", line=line_no, text=value)
            vals = []
            for tok in tokens[1:]:
                p = _parse_points(tok, line_no, 10, "XXA virtual points")
                vals.append(p if p is not None else Fraction(0))
            xxa[int(tokens[0])] = vals
        elif code == "260":
            tokens = value.split()
            if len(tokens) < 2 or not tokens[0].isdecimal() or not tokens[1].isdecimal():
                raise TrfError("260: expected 'first-round last-round id...'", line=line_no, text=value)
            t.forbidden_pairs.append(ForbiddenPairs(_ids(tokens[2:], line_no, "260"),
                                                    int(tokens[0]), int(tokens[1])))
        elif code == "XXP":
            t.forbidden_pairs.append(ForbiddenPairs(_ids(value.split(), line_no, "XXP")))
        elif code == "XXZ":
            xxz_ids.extend(_ids(value.split(), line_no, "XXZ"))
        elif code == "299":
            t.abnormal_points.append(_parse_299(line, line_no))
        elif code == "310":
            teams_310.append(_parse_310(line, line_no))
        elif code == "013":
            team_lines_013.append((line_no, line))
        elif code == "300":
            tokens = value.split()
            if len(tokens) < 3 or not all(tok.isdecimal() for tok in tokens):
                raise TrfError("300: expected 'round team opponent-team board ids'", line=line_no, text=value)
            nums = [int(x) for x in tokens]
            t.lineups.append(Lineup(round=nums[0], team=nums[1], opponent_team=nums[2] or None,
                                    boards=[n or None for n in nums[3:]]))
        elif code == "320":
            t.team_byes = _parse_320(line, line_no, max_rounds)
        elif code == "330":
            tokens = value.split()
            norm = {"+-": "+-", "-+": "-+", "--": "--", "10": "+-", "01": "-+", "00": "--",
                    "WL": "+-", "LW": "-+", "LL": "--", "WZ": "+-", "ZW": "-+", "ZZ": "--"}
            if len(tokens) != 4 or tokens[0].upper() not in norm or not all(x.isdecimal() for x in tokens[1:]):
                raise TrfError("330: expected '+-|-+|-- round team team'", line=line_no, text=value)
            t.forfeited_matches.append(ForfeitedMatch(int(tokens[1]), int(tokens[2]), int(tokens[3]),
                                                      norm[tokens[0].upper()]))
        elif _NATIONAL.match(code) and line[4:8].strip().isdecimal() and code not in ("XXR", "XXC"):
            t.national_records.append(_parse_national(line, line_no))
        else:
            recognised -= 1
            t.other_records.append(line)
            if code not in _IGNORED_INFORMATIVE:
                warnings.append(Issue("unknown-record", f"line not understood and kept as is: {line[:40]!r}",
                                      line=line_no, text=line[:40]))
    if not players and recognised == 0:
        raise TrfError("no TRF records found: this does not look like a TRF file", code="not-trf")
    t.scoring = scoring
    _finish_players(t, players, warnings)
    for number, (line_no, line) in enumerate(team_lines_013, start=1):
        if teams_310:
            break
        t.teams.append(_parse_013(line, line_no, number))
    if teams_310:
        t.teams = teams_310
        if team_lines_013:
            warnings.append(Issue("013-and-310", "both 013 and 310 team records: 310 is used"))
    _finish_acceleration(t, xxa)
    if xxz_ids:
        t.bye_requests.append(ByeRequest(ByeKind.ZERO_POINT, t.rounds_played + 1, xxz_ids))
    player_lines = {p.start_number: ln for ln, p in players}
    return TrfDocument(t, warnings, encoding, player_lines, record_lines)


def _finish_players(t: Tournament, players: list[tuple[int, Player]], warnings: list[Issue]) -> None:
    seen: dict[int, int] = {}
    for line_no, p in players:
        if p.start_number in t.players:
            first = t.players[p.start_number]
            if first == p:
                warnings.append(Issue("duplicate-player", f"start number {p.start_number} is listed twice "
                                      f"(identical lines {seen[p.start_number]} and {line_no}); one is used",
                                      line=line_no))
                continue
            raise TrfError(f"start number {p.start_number} is used twice (lines {seen[p.start_number]} "
                           f"and {line_no}) with different data", line=line_no, column=5,
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
