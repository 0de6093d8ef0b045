"""Chess-JSON: what the reader and the writer share (constants, results, dates, numbers, boards)."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from app import __version__
from app.engine.errors import Issue
from app.engine.model import (
    Result,
    ScoringSystem,
    Tournament,
)
from app.engine.roundrobin import berger_table

FILETYPE = "Event"
VERSION = "1.0"
ORIGIN = f"chess-tournament-service {__version__}"
EXTENSION = "chess-tournament"  # key of our values in tournament["other"]

# ---------------------------------------------------------------- results

# Result -> (letter, played, rated) in the gameList; letters are keys of the scoreSystem.
_LETTER: dict[Result, tuple[str, bool, bool]] = {
    Result.WIN: ("W", True, True), Result.DRAW: ("D", True, True), Result.LOSS: ("L", True, True),
    Result.WIN_UNRATED: ("W", True, False), Result.DRAW_UNRATED: ("D", True, False),
    Result.LOSS_UNRATED: ("L", True, False), Result.UNKNOWN: ("A", True, False),
    Result.FORFEIT_WIN: ("W", False, False), Result.FORFEIT_LOSS: ("Z", False, False),
    Result.FULL_POINT_BYE: ("W", False, False), Result.HALF_POINT_BYE: ("D", False, False),
    Result.ZERO_POINT_BYE: ("Z", False, False), Result.NOT_PAIRED: ("Z", False, False),
    # The reference counts the pairing-allocated bye as played (TRF `U`), though unrated.
    Result.PAIRING_ALLOCATED_BYE: ("P", True, False),
}
_REVERSE = {"W": "L", "L": "W", "D": "D", "Z": "W", "A": "A", "P": "Z", "U": "U"}
_ALIAS = {"F": "W", "H": "D", "U": "Z"}  # letters that stand for another one's meaning
_LETTERS = frozenset("WDLZPAFHU")
_NATIONAL_METHODS = ("FIDE", "NRO", "FIDON", "NIDOF", "HBFN", "LBFN", "OTHER")


@dataclass
class ChessJsonDocument:
    tournament: Tournament
    warnings: list[Issue] = field(default_factory=list)


def is_chess_json(data: Any) -> bool:
    """A parsed JSON value that is a Chess-JSON event (and not the JSON form)."""
    return isinstance(data, dict) and isinstance(data.get("event"), dict) \
        and (data.get("filetype") == FILETYPE or "tournaments" in data["event"])


# ---------------------------------------------------------------- dates

_YMD = re.compile(r"(\d{4})([/.-])(\d{1,2})\2(\d{1,2})")
_DMY = re.compile(r"(\d{1,2})\.(\d{1,2})\.(\d{4})")
_YY_MM_DD = re.compile(r"(\d\d)/(\d\d)/(\d\d)")


def _iso_date(text: str) -> str:
    """A TRF date as YYYY-MM-DD where its form is unambiguous (YYYY/MM/DD, DD.MM.YYYY, YY/MM/DD)."""
    s = text.strip()
    if m := _YMD.fullmatch(s):
        return f"{m[1]}-{m[3]}-{m[4]}"
    if m := _DMY.fullmatch(s):
        return f"{m[3]}-{m[2]}-{m[1]}"
    if m := _YY_MM_DD.fullmatch(s):
        return f"20{m[1]}-{m[2]}-{m[3]}"
    return text


def _birth(text: str | None) -> str:
    """TRF cols 70-79 as the reference gives them: ISO when a full date, else the 10 columns as written."""
    iso = _iso_date(text or "")
    return iso if iso != (text or "") else iso.ljust(10)


def _trf_date(text: str, *, short: bool = False) -> str:
    """An ISO date back in TRF-2026 form (YYYY/MM/DD; YY/MM/DD for the 132 round dates)."""
    s = text.strip()
    m = re.fullmatch(r"(\d{4})-(\d{1,2})-(\d{1,2})", s)
    if m is None:
        return s
    if short and m[1].startswith("20"):
        return f"{m[1][2:]}/{m[2]}/{m[3]}"
    return f"{m[1]}/{m[2]}/{m[3]}"


# ---------------------------------------------------------------- writing


class _Ids:
    """One counter for every id of the event (profiles, games, teams, matches), as the reference."""

    def __init__(self) -> None:
        self.last = 0

    def next(self) -> int:
        self.last += 1
        return self.last


def _arbiter_profile(text: str, pid: int) -> dict[str, Any]:
    """102/112 free text as a profile: a number above 100000 is the FIDE id, IA or FA in front the
    title, the last word the last name (the reference's reading of the record)."""
    numbers = [int(n) for n in re.findall(r"\d+", text)]
    fide_id = max(numbers, default=0)
    fide_id = fide_id if fide_id > 100000 else 0
    if fide_id:
        text = text.replace(str(fide_id), "")
    parts = text.rstrip().split(" ")
    title = parts[0] if parts[0] in ("IA", "FA") else ""
    first = " ".join(parts[1 if title else 0:-1])
    last = parts[-1]
    return {"id": pid, "fideId": fide_id, "firstName": first, "lastName": last, "sex": "u", "federation": "",
            "fideName": f"{last}, {first}", "fideOTitle": title}




def _fide_id(text: str | None) -> int | str:
    if not text:
        return 0
    return int(text) if text.isdecimal() else text


def _national_rating(method: str, fide: int | None, national: int | None) -> int | None:
    """TRF-2026 172: the rating used for the starting rank."""
    if method == "NRO":
        return national
    if method == "FIDON":
        return fide if fide is not None else national
    if method == "NIDOF":
        return national if national is not None else fide
    if method in ("HBFN", "LBFN"):
        known = [r for r in (fide, national) if r is not None]
        return (max if method == "HBFN" else min)(known) if known else None
    if method == "OTHER":
        return 0
    return fide


def _alias(value: Fraction, letters: dict[str, Fraction]) -> str | Fraction:
    """A bye's value written as the letter of W/D/L/Z worth the same (the last of them), else the number."""
    same = [k for k in ("W", "D", "L", "Z") if letters[k] == value]
    return same[-1] if same else value


def _game_scores(s: ScoringSystem) -> dict[str, str | Fraction]:
    base = {"W": s.win, "D": s.draw, "L": s.loss, "Z": s.zero_point_bye}
    return {"W": s.win, "D": s.draw, "L": s.loss, "F": _alias(s.full_point_bye, base),
            "H": _alias(s.half_point_bye, base), "Z": s.zero_point_bye,
            "P": _alias(s.pairing_allocated_bye, base), "A": _alias(s.unknown, base),
            "U": _alias(s.absent, base)}


def _match_scores(t: Tournament) -> dict[str, str | Fraction]:
    ts = t.team_scoring
    scores: dict[str, str | Fraction] = {
        "W": ts.match_win, "D": ts.match_draw, "L": ts.match_loss, "F": "W", "H": "D", "Z": Fraction(0),
        "P": "D", "A": "D", "U": "Z", "FG": "W*", "HG": "D*", "ZG": "Z*", "PG": "P*"}
    if t.team_byes is not None:  # 320: the team bye's match and game points
        scores["P"] = t.team_byes.match_points if t.team_byes.match_points is not None else Fraction(0)
        scores["PG"] = t.team_byes.game_points if t.team_byes.game_points is not None else Fraction(0)
    return scores


def _decimal(x: Fraction) -> float:
    """Points as a JSON number with a decimal point (1.0, not 1): the reference reads numbers as Python
    decimals only when they have one, and its score arithmetic fails on whole numbers (measured)."""
    return float(x)


def _numbers(value: Any) -> Any:
    if isinstance(value, Fraction):
        return _decimal(value)
    if isinstance(value, dict):
        return {k: _numbers(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_numbers(v) for v in value]
    return value


def _points_of(scores: dict[str, str | Fraction], letter: str, played: bool) -> Fraction:
    """The points a result letter is worth, following the letters that stand for another."""
    if letter == "L" and not played:
        letter = "Z"
    value: str | Fraction = letter
    for _ in range(len(scores) + 1):
        if not isinstance(value, str):
            return value
        if value not in scores:
            return Fraction(0)
        value = scores[value]
    return Fraction(0)


def _is_round_robin(type_text: str, competitors: int, rounds: int) -> bool:
    """The reference's test: the 092 text first (SWISS, RR, ROBIN, BERGER), then the counts."""
    tt = type_text.upper()
    if "SWISS" in tt:
        return False
    if "RR" in tt or "ROBIN" in tt or "BERGER" in tt:
        return True
    return competitors in (rounds, rounds + 1) or competitors * 2 in (rounds, rounds + 1)


def _number_boards(games: list[dict[str, Any]], scores: dict[str, str | Fraction], round_robin: bool,
                   competitors: int) -> None:
    """Board numbers: the Berger table's in a round robin, else by score before the round (games before
    byes, then the higher score of White, of Black, then the lower start number)."""
    by_round: dict[int, list[dict[str, Any]]] = {}
    for g in games:
        by_round.setdefault(g["round"], []).append(g)
    # Points in whole units of a common denominator: exact, and quick to add and compare.
    worth = {(letter, played): _points_of(scores, letter, played) for letter in _LETTERS for played in (True, False)}
    unit = math.lcm(*(v.denominator for v in worth.values()))
    units = {k: int(v * unit) for k, v in worth.items()}
    points: dict[int, int] = {}
    for games_of_round in by_round.values():  # in the order rounds first appear, as the reference
        if not (round_robin and _berger_boards(games_of_round, competitors)):
            _swiss_boards(games_of_round, points)
        for g in games_of_round:
            for side, result in (("white", "wResult"), ("black", "bResult")):
                if result in g:
                    sn = g[side]
                    points[sn] = points.get(sn, 0) + units.get((g[result], g["played"]), 0)


def _berger_boards(games: list[dict[str, Any]], competitors: int) -> bool:
    """Boards from the Berger table when every game found in it is of one table round (reversed colours
    are the second cycle); False when the round does not follow the table."""
    table = berger_table(max(competitors, 2))
    size = len(table) + 1
    where: dict[tuple[int, int], tuple[int, int]] = {}
    for rnd, boards in enumerate(table, start=1):
        for board, (w, b) in enumerate(boards, start=1):
            where[w, b] = (rnd, board)
            where[b, w] = (rnd + size - 1, board)
    table_round = 0
    found: list[tuple[dict[str, Any], int]] = []
    for g in games:
        spot = where.get((g["white"] or size, g["black"] or size))
        if spot is None:
            found.append((g, 0))
            continue
        rnd = spot[0] if spot[0] < size else spot[0] - size + 1
        if table_round and table_round != rnd:
            return False
        table_round = rnd
        found.append((g, spot[1]))
    for g, board in found:
        g["board"] = board
    return True


def _swiss_boards(games: list[dict[str, Any]], points: dict[int, int]) -> None:
    def key(g: dict[str, Any]) -> tuple[int, int, int, int]:
        w, b = g["white"], g["black"]
        return (-2 if b else -1, -points.get(w, 0), -points.get(b, 0) if b else 0, min(w, b) if b else w)

    for board, g in enumerate(sorted(games, key=key), start=1):
        g["board"] = board
