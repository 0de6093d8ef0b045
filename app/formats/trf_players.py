"""The player record (001) and its round blocks; national rating records share its columns."""

from __future__ import annotations

import re

from app.engine.errors import Issue, TrfError
from app.engine.messages import Message, warning
from app.engine.model import MAX_RATING, Colour, NationalRecord, Player, Result, RoundEntry
from app.engine.validation import normalise_entry, normalise_title
from app.formats.trf_fields import cut_text, parse_int, parse_points
from app.formats.trf_layout import NATIONAL, PLAYER, ROUND_OPPONENT, ROUND_PARTS, ROUND_WIDTH, ROUNDS_FIRST_COLUMN

RESULT_CODES: dict[str, Result] = {
    "1": Result.WIN, "=": Result.DRAW, "0": Result.LOSS,
    "W": Result.WIN_UNRATED, "D": Result.DRAW_UNRATED, "L": Result.LOSS_UNRATED,
    "+": Result.FORFEIT_WIN, "-": Result.FORFEIT_LOSS,
    "H": Result.HALF_POINT_BYE, "F": Result.FULL_POINT_BYE,
    "U": Result.PAIRING_ALLOCATED_BYE, "Z": Result.ZERO_POINT_BYE,
    " ": Result.NOT_PAIRED, "X": Result.UNKNOWN, "?": Result.UNKNOWN,
}
_COLOURS = {"w": Colour.WHITE, "b": Colour.BLACK, "-": None, " ": None}
_SEXES = {"m": "m", "w": "w", "f": "w"}
_FIRST = ROUNDS_FIRST_COLUMN - 1  # 0-based start of round 1's block
_COLOUR_AT, _RESULT_AT = ROUND_PARTS["colour"], ROUND_PARTS["result"]


# ---------------------------------------------------------------- alignment


def _block_ok(line: str, start: int) -> bool:
    block = line[start:start + ROUND_WIDTH].ljust(ROUND_WIDTH)
    opp, colour, result = block[ROUND_OPPONENT], block[_COLOUR_AT], block[_RESULT_AT]
    return ((opp.strip() == "" or opp.strip().isdecimal()) and colour.lower() in _COLOURS
            and result.upper() in RESULT_CODES and block[_COLOUR_AT - 1] == " " and block[_RESULT_AT - 1] == " ")


def _aligned(line: str) -> bool:
    pts = PLAYER["points"].cut(line).strip().replace(",", ".")
    if pts and not re.fullmatch(r"\d*\.?\d*", pts):
        return False
    return all(_block_ok(line, s) for s in range(_FIRST, len(line.rstrip()), ROUND_WIDTH))


def _realigned(line: str) -> str | None:
    """A line whose name was padded by bytes rather than characters, shifted back (TRF digest §11)."""
    if _aligned(line):
        return None
    end = PLAYER["name"].last
    name = PLAYER["name"].cut(line)
    shift = sum(len(ch.encode("utf-8")) - 1 for ch in name)
    candidates = [line[:end] + " " * k + line[end:] for k in range(1, max(shift, 1) + 1)]
    candidates += [line[:end - k] + line[end:] for k in range(1, 3) if line[end - k:end].strip() == ""]
    for candidate in candidates:
        if _aligned(candidate):
            return candidate
    return None


# ---------------------------------------------------------------- round blocks

_BLOCK_CACHE: dict[str, RoundEntry | None] = {}  # blocks that parse without a warning
_MISSING = object()


def _round_block(block: str, line_no: int, column: int, round_number: int,
                 warnings: list[Issue]) -> RoundEntry | None:
    """One 10-column round block; None if it says nothing."""
    cached = _BLOCK_CACHE.get(block, _MISSING)
    if cached is not _MISSING:
        return cached  # type: ignore[return-value]
    before = len(warnings)
    entry = _round_block_text(block, line_no, column, round_number, warnings)
    if len(warnings) == before:
        if len(_BLOCK_CACHE) > 200_000:
            _BLOCK_CACHE.clear()
        _BLOCK_CACHE[block] = entry
    return entry


def _round_block_text(block: str, line_no: int, column: int, round_number: int,
                      warnings: list[Issue]) -> RoundEntry | None:
    block = block.ljust(ROUND_WIDTH)
    if not block.strip():
        return None
    opp_raw, colour_raw, result_raw = block[ROUND_OPPONENT], block[_COLOUR_AT], block[_RESULT_AT]
    if block[:ROUND_OPPONENT.start].strip() or block[_COLOUR_AT - 1].strip() or block[_RESULT_AT - 1].strip():
        raise TrfError(Message.of("error.trf.round-misaligned", round=round_number),
                       line=line_no, column=column, text=block)
    opp_s = opp_raw.strip()
    if opp_s and not opp_s.isdecimal():
        raise TrfError(Message.of("error.trf.opponent", round=round_number, found=opp_s),
                       line=line_no, column=column + ROUND_PARTS["opponent"], text=opp_s)
    opponent = int(opp_s) if opp_s and int(opp_s) else None
    colour_key = colour_raw.lower()
    if colour_key not in _COLOURS:
        raise TrfError(Message.of("error.trf.colour", round=round_number, found=colour_raw),
                       line=line_no, column=column + _COLOUR_AT, text=colour_raw)
    result = RESULT_CODES.get(result_raw.upper())
    if result is None:
        raise TrfError(Message.of("error.trf.result-code", round=round_number, found=result_raw),
                       line=line_no, column=column + _RESULT_AT, text=result_raw)
    entry, notes = normalise_entry(round_number, opponent, _COLOURS[colour_key], result, result_raw)
    for note in notes:
        warnings.append(Issue(note.code, note.message.render(), line=line_no, column=column + ROUND_PARTS[note.part],
                              text=result_raw if note.part == "result" else None, localized=note.message))
    return entry


# ---------------------------------------------------------------- the player line


def parse_player(line: str, line_no: int, warnings: list[Issue], max_rounds: int) -> Player:
    """A 001 line; a line misaligned by a bad encoding is shifted back into its columns, with a warning."""
    own: list[Issue] = []
    try:
        player = _player_columns(line, line_no, own, max_rounds)
    except TrfError:
        fixed = _realigned(line)
        if fixed is None:
            raise
        own = [warning("misaligned", "warning.misaligned", line=line_no)]
        player = _player_columns(fixed, line_no, own, max_rounds)
    warnings.extend(own)
    return player


def _player_columns(line: str, line_no: int, warnings: list[Issue], max_rounds: int) -> Player:
    padded = line.ljust(_FIRST)
    col = PLAYER
    start_number = parse_int(col["start_number"].cut(padded), line_no, 5, Message.of("what.start-number"),
                             allow_blank=False)
    assert start_number is not None
    if start_number == 0:
        raise TrfError(Message.of("error.trf.start-number-zero"),
                       line=line_no, column=5, text=col["start_number"].cut(padded))
    sex_raw = col["sex"].cut(padded).strip().lower()
    sex = _SEXES.get(sex_raw) if sex_raw else None
    if sex_raw and sex is None and sex_raw not in ("u", "-", "?"):
        warnings.append(warning("sex", "warning.sex", line=line_no, column=10, found=col["sex"].cut(padded)))
    title, packed_sex = normalise_title(col["title"].cut(padded))
    if sex is None and packed_sex is not None:  # e.g. "mFM": sex packed with the title
        sex = packed_sex
    rating_raw = col["rating"].cut(padded)
    rating = parse_int(rating_raw, line_no, col["rating"].first, Message.of("what.rating"))
    if rating == 0:
        rating = None
    elif rating is not None and rating > MAX_RATING:
        raise TrfError(Message.of("error.trf.rating-range", rating=rating, maximum=MAX_RATING), line=line_no,
                       column=col["rating"].first, text=rating_raw.strip(), code="rating-out-of-range")
    rank_raw = col["rank"].cut(padded).strip()
    if rank_raw and not rank_raw.isdecimal():
        warnings.append(warning("rank", "warning.rank", line=line_no, column=col["rank"].first, found=rank_raw))
    player = Player(
        start_number=start_number, name=cut_text(padded, col["name"], line_no, Message.of("what.name"), warnings),
        sex=sex, title=title, rating=rating,
        federation=cut_text(padded, col["federation"], line_no, Message.of("what.federation"), warnings) or None,
        fide_id=cut_text(padded, col["fide_id"], line_no, Message.of("what.fide-id"), warnings) or None,
        birth_date=cut_text(padded, col["birth_date"], line_no, Message.of("what.birth-date"), warnings) or None,
        declared_points=parse_points(col["points"].cut(padded), line_no, col["points"].first, Message.of("what.points")),
        declared_rank=int(rank_raw) if rank_raw.isdecimal() else None)
    body = line.rstrip()
    n_blocks = max(0, (len(body) - _FIRST + ROUND_WIDTH - 1) // ROUND_WIDTH)
    if n_blocks > max_rounds:
        raise TrfError(Message.of("error.trf.too-many-round-columns", blocks=n_blocks, limit=max_rounds),
                       line=line_no, column=ROUNDS_FIRST_COLUMN + ROUND_WIDTH * max_rounds, code="too-many-rounds")
    rounds: list[RoundEntry | None] = []
    for k in range(n_blocks):
        start = _FIRST + ROUND_WIDTH * k
        rounds.append(_round_block(body[start:start + ROUND_WIDTH], line_no, start + 1, k + 1, warnings))
    player.rounds = rounds  # type: ignore[assignment]  # None entries resolved when all lines are read
    return player


_NATIONAL_TEXTS = {"sex": "what.national.sex", "classification": "what.national.classification",
                   "name": "what.national.name", "origin": "what.national.origin",
                   "national_id": "what.national.national-id", "birth_date": "what.national.birth-date"}


def parse_national(line: str, line_no: int, warnings: list[Issue]) -> NationalRecord:
    """A national rating record: a federation code in columns 1-3, then the 001 columns."""
    padded = line.rstrip().ljust(NATIONAL["birth_date"].last)
    col = NATIONAL
    sn = parse_int(col["start_number"].cut(padded), line_no, 5, Message.of("what.national.start-number"),
                   allow_blank=False)
    assert sn is not None
    rating = parse_int(col["rating"].cut(padded), line_no, col["rating"].first, Message.of("what.national.rating"))

    def text(name: str) -> str | None:
        return cut_text(padded, col[name], line_no, Message.of(_NATIONAL_TEXTS[name]), warnings) or None

    return NationalRecord(
        federation=padded[:3], start_number=sn, sex=text("sex"), classification=text("classification"),
        name=text("name"), rating=rating or None, origin=text("origin"), national_id=text("national_id"),
        birth_date=text("birth_date"))
