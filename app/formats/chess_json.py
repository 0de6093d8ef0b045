"""Chess-JSON (JCH), the JSON format of the FIDE Technical Commission's tools, read and written.

The layout is the one the TEC reference converter (TieBreakServer, `trf2json`) makes from a TRF: an
`Event` with its `profiles` (one per person), `teams` and `tournaments`; a tournament has
`competitors` (`cid` = start number; in a team event the teams, with their players in `cplayers`),
a `gameList` (`white`, `black`, `wResult`, `bResult`, `played`, `rated`, `board`), a `matchList` for
team events and a `scoreSystem` (result letter -> points). docs/chess-json.md maps every field.

Writing follows the reference field by field: the same fields, the same ids given in the same order
(arbiters; each player's profile followed by the games first met on his line; teams; matches), the
same board numbers. One deliberate difference: points are JSON numbers with a decimal point (`3.5`,
`1.0`), where the reference quotes them as strings, which its own reader cannot read back (measured:
its tie-break checker stops with a type error on quoted points, and on whole numbers such as `1`, and
reads the same file with `1.0`). Hence our own number helper here rather than the JSON form's.

What the standard fields cannot express (a forfeit without an opponent, texts as written, records
the format has no place for) goes into the tournament's `other` object under `chess-tournament`, as
the JSON form's values (docs/json-format.md) that differ from what the standard fields give: reading
our own output back is lossless, and a file from another tool is read from its standard fields.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from app import __version__
from app.engine.errors import ErrorKind, InputError, Issue
from app.engine.model import (
    ByeKind,
    ByeRequest,
    Colour,
    ForbiddenPairs,
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
from app.engine.roundrobin import berger_table
from app.formats.json_form import to_fraction, tournament_from_dict, tournament_to_dict

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
_TITLES = {"G": "GM", "M": "IM", "F": "FM", "C": "CM", "WG": "WGM", "WM": "WIM", "WF": "WFM", "WC": "WCM"}
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


def _arbiter_text(profile: _Fields) -> str:
    """A 102/112 text from an arbiter's profile: title, first name, last name, FIDE id."""
    fide_id = (profile.text("fideId") or "").strip()
    words = [profile.text("fideOTitle"), profile.text("firstName"), profile.text("lastName"),
             fide_id if fide_id != "0" else ""]
    return " ".join(w.strip() for w in words if w and w.strip())


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


class _Writer:
    def __init__(self, t: Tournament) -> None:
        self.t = t
        self.ids = _Ids()
        self.profiles: list[dict[str, Any]] = []
        self.games: list[dict[str, Any]] = []
        self.game_at: dict[tuple[int, int], dict[str, Any]] = {}
        self.competitor: dict[int, dict[str, Any]] = {}
        self.num_rounds = t.total_rounds or 0
        self.current_round = 0

    def event(self) -> dict[str, Any]:
        t = self.t
        info: dict[str, Any] = {}
        for key, value in (("fullName", t.name or None), ("site", t.city), ("federation", t.federation),
                           ("startDate", t.start_date), ("endDate", t.end_date)):
            if value is not None:
                info[key] = _iso_date(value) if key.endswith("Date") else value
        event_info = dict(info)
        if t.chief_arbiter or t.deputy_arbiters:
            arbiters: dict[str, Any] = {"chiefArbiter": 0, "arbiters": []}
            if t.chief_arbiter:
                arbiters["chiefArbiter"] = self._arbiter(t.chief_arbiter)
            arbiters["arbiters"] = [self._arbiter(text) for text in t.deputy_arbiters]
            event_info["arbiters"] = arbiters
        if t.type_code:
            info["typeOfTournament"] = event_info["typeOfTournament"] = t.type_code.upper()
        rating_lists = [{"listName": "TRF"}]
        national = self._national()
        if national is not None:
            rating_lists.append({"listName": national[0]})
        for p in t.sorted_players():
            self._player(p, national)
        tournament = self._tournament(info)
        return {"name": "", "eventInfo": event_info, "ratingLists": rating_lists, "profiles": self.profiles,
                "teams": tournament.pop("_teams"), "tournaments": [tournament]}

    def _arbiter(self, text: str) -> int:
        profile = _arbiter_profile(text, self.ids.next())
        self.profiles.append(profile)
        return int(profile["id"])

    def _national(self) -> tuple[str, str, dict[int, int | None]] | None:
        """172: the national rating list (federation, method, rating by start number)."""
        method = self.t.national_rating_method
        if not method:
            return None
        federation, _, mode = method.partition(" ")
        ratings = {n.start_number: n.rating for n in self.t.national_records if n.federation == federation}
        return federation, mode.strip(), ratings

    def _player(self, p: Player, national: tuple[str, str, dict[int, int | None]] | None) -> None:
        names = p.name.split(",")
        profile: dict[str, Any] = {
            "id": self.ids.next(), "lastName": names[0].strip(), "firstName": names[1].strip() if len(names) > 1 else "",
            "sex": p.sex or " ", "birth": _birth(p.birth_date),
            "federation": p.federation or "", "fideId": _fide_id(p.fide_id), "fideName": p.name,
            "rating": [p.rating or 0], "fideTitle": p.title or ""}
        rating = p.rating
        if national is not None and p.start_number in national[2]:
            profile["rating"].append(national[2][p.start_number])
            rating = _national_rating(national[1], rating, national[2][p.start_number])
        self.profiles.append(profile)
        self.competitor[p.start_number] = {
            "cid": p.start_number, "profileId": profile["id"], "present": True,
            "gamePoints": p.declared_points if p.declared_points is not None else Fraction(0),
            "rank": p.declared_rank or 0, "rating": rating if rating else None}
        last_played = last_paired = 0
        for r, e in enumerate(p.rounds, start=1):
            if e.result is Result.NOT_PAIRED and e.opponent is None:
                continue
            letter, played, rated = self._letter(e)
            if e.opponent is None:
                white, black, side = p.start_number, 0, "wResult"
            elif e.colour is Colour.BLACK:
                white, black, side = e.opponent, p.start_number, "bResult"
            else:
                white, black, side = p.start_number, e.opponent, "wResult"
            game = self.game_at.get((r, white))
            if game is None:
                game = {"id": self.ids.next(), "round": r, "white": white, "black": black, "played": played,
                        "rated": rated}
                self.game_at[r, white] = game
                self.games.append(game)
            game.setdefault(side, letter)
            if played:
                last_played = r
                if black:
                    last_paired = r
        self.num_rounds = max(self.num_rounds, last_played)
        self.current_round = max(self.current_round, last_paired)

    def _letter(self, e: RoundEntry) -> tuple[str, bool, bool]:
        letter, played, rated = _LETTER[e.result]
        s = self.t.scoring
        if e.result is Result.FULL_POINT_BYE and s.full_point_bye != s.win:
            letter = "F"
        elif e.result is Result.HALF_POINT_BYE and s.half_point_bye != s.draw:
            letter = "H"
        return letter, played, rated

    def _tournament(self, info: dict[str, Any]) -> dict[str, Any]:
        t = self.t
        present_next = t.rounds_played + 1
        for request in t.bye_requests:  # XXZ: not present in the round to pair
            if request.kind is ByeKind.ZERO_POINT and request.round == present_next:
                for sn in request.ids:
                    if sn in self.competitor:
                        self.competitor[sn]["present"] = False
        scores: dict[str, dict[str, Any]] = {"game": _game_scores(t.scoring),
                                             "match": _match_scores(t) if t.teams else {}}
        code = (t.type_code or "").upper()
        for marker, primary, secondary in (("_MP_GP", "match", "game"), ("_GP_MP", "game", "match"),
                                           ("_MP", "match", None), ("_GP", "game", None)):
            if marker in code:  # 192: the primary (and secondary) score of a team event
                scores["primary"] = primary  # type: ignore[assignment]
                if secondary:
                    scores["secondary"] = secondary  # type: ignore[assignment]
                break
        competitors = [self.competitor[sn] for sn in sorted(self.competitor)]
        teams: list[dict[str, Any]] = []
        matches: list[dict[str, Any]] = []
        team_size = len(t.board_colours) if t.board_colours else 0
        if t.teams:
            section = _TeamSection(self, scores)
            competitors, teams, matches, team_size = section.competitors, section.teams, section.matches, section.size
        else:
            _number_boards(self.games, scores["game"], _is_round_robin(t.type_text or "Tournament",
                           len(competitors), self.num_rounds), len(competitors))
        out: dict[str, Any] = {
            "tournamentNo": 1, "tournamentType": t.type_text or "Tournament", "tournamentInfo": info,
            "ratingList": "TRF", "numRounds": self.num_rounds, "currentRound": self.current_round,
            "teamTournament": bool(t.teams), "rankOrder": _rank_order(t), "competitors": _numbers(competitors),
            "teamSize": team_size, "scoreSystem": _numbers(scores), "gameList": self.games,
            "matchList": matches,
            "timeControl": {"description": t.time_control_text or "", "encoded": t.time_control_code or ""},
        }
        if t.virtual_points:
            out["accelerated"] = {"name": "Acc", "values": [
                {"matchPoints": _decimal(v.match_points or Fraction(0)), "gamePoints": _decimal(v.game_points),
                 "firstRound": v.first_round, "lastRound": v.last_round, "firstCompetitor": v.first_id,
                 "lastCompetitor": v.last_id} for v in t.virtual_points]}
        if t.initial_colour is not None:
            out["topColor"] = t.initial_colour.value.upper()
        if t.round_dates:
            out["rounds"] = [{"roundNo": r, "startTime": _iso_date(d) if d else " " * 8}
                             for r, d in enumerate(t.round_dates, start=1)]
        if t.pairing_controller:
            out["pairingcontrollerid"] = t.pairing_controller
        if t.type_code:
            out.update(_type_fields(t.type_code))
        if t.board_colours:
            out["teamColor"] = t.board_colours[0].upper()
            out["teamSequence"] = t.board_colours.upper()
        if t.forbidden_pairs:
            out["prohibited"] = [{"firstRound": fp.first_round, "lastRound": fp.last_round,
                                  "competitors": list(fp.ids)} for fp in t.forbidden_pairs]
        out["_teams"] = teams
        return out


class _TeamSection:
    """The team part of a team event, laid out as the reference does: the teams as competitors with
    their players in `cplayers`, and one match per pair of teams and round in `matchList` whose
    `games` are the board games in board order."""

    def __init__(self, writer: _Writer, scores: dict[str, dict[str, str | Fraction]]) -> None:
        self.w = writer
        t = writer.t
        self.scores = scores
        self.team_of: dict[int, int] = {}  # start number -> team number (the last team listing him)
        self.order: dict[int, int] = {}  # start number -> board in the roster
        self.teams: list[dict[str, Any]] = []
        self.competitors: list[dict[str, Any]] = []
        for team in t.teams:
            tid = writer.ids.next()
            self.teams.append({"id": tid, "teamName": team.name, "players": []})
            cplayers = []
            for board, sn in enumerate(team.members, start=1):
                if sn not in writer.competitor:
                    continue
                self.team_of[sn] = team.number
                self.order[sn] = board
                cplayers.append({**writer.competitor[sn], "order": board, "teamId": tid})
                self.teams[-1]["players"].append(writer.competitor[sn]["profileId"])
            self.competitors.append({
                "cid": team.number, "teamId": tid, "rank": team.declared_rank or 0, "present": True,
                "matchPoints": team.declared_match_points or Fraction(0),
                "gamePoints": team.declared_game_points or Fraction(0), "cplayers": cplayers})
        self.competitors.sort(key=lambda c: int(c["cid"]))
        self.game = {g["id"]: g for g in writer.games}
        self.size = len(t.board_colours) if t.board_colours else self._boards_played()
        self.matches = self._matches()
        if not self.size and writer.games and self.matches:
            self.size = round(len(writer.games) / len(self.matches))
        if any(tm.nickname or tm.strength or tm.declared_match_points is not None or tm.declared_rank is not None
               for tm in t.teams):  # 310 records: the matches get board numbers too
            _number_boards(self.matches, scores["match"], _is_round_robin(
                t.type_text or "Tournament", len(self.competitors), writer.num_rounds), len(self.competitors))

    def _boards_played(self) -> int:
        """The most games a team played over the board in one round."""
        count: dict[tuple[int, int], int] = {}
        for g in self.w.games:
            if g["played"] and g["white"] and g["black"]:
                for sn in (g["white"], g["black"]):
                    key = (g["round"], self.team_of.get(sn, 0))
                    count[key] = count.get(key, 0) + 1
        return max(count.values(), default=0)

    def _zero_bye(self, g: dict[str, Any]) -> bool:
        return not g["black"] and g.get("wResult") == "Z"

    def _matches(self) -> list[dict[str, Any]]:
        t = self.w.t
        ids = self.w.ids
        matches: dict[tuple[int, int, int], dict[str, Any]] = {}
        byes: dict[tuple[int, int, int], dict[str, Any]] = {}
        for g in sorted(self.w.games, key=lambda g: int(g["round"])):
            g["board"] = 0
            teams = sorted((self.team_of.get(g["white"], 0), self.team_of.get(g["black"], 0) if g["black"] else 0),
                           reverse=True)
            key = (g["round"], teams[0], teams[1])
            found = matches if teams[1] else byes
            if key not in found:
                found[key] = {"id": ids.next(), "round": g["round"], "games": []}
            found[key]["games"].append(g["id"])
        if not self.size:  # no 352 and no game played: the most games of a match
            self.size = max((len(m["games"]) for m in matches.values()), default=0)
        requested = [(request.round, team, {"H": "D", "F": "W", "Z": "Z"}[request.kind.value], False)
                     for request in t.bye_requests for team in request.ids]  # 240: team byes
        if t.team_byes is not None:  # 320: the team pairing-allocated byes
            requested += [(r, team, "P", True) for r, team in sorted(t.team_byes.team_by_round.items())]
        def group(where: dict[tuple[int, int, int], dict[str, Any]], key: tuple[int, int, int]) -> dict[str, Any]:
            if key not in where:
                where[key] = {"id": ids.next(), "round": key[0], "games": []}
            return where[key]

        for r, team, letter, played in requested:
            bye = group(byes, (r, team, 0))
            bye.update({"white": team, "black": 0, "played": played, "wResult": letter})
        for fm in t.forfeited_matches:  # 330
            key = (fm.round, max(fm.white_team, fm.black_team), min(fm.white_team, fm.black_team))
            match = group(matches, key)
            match.update({"white": fm.white_team, "black": fm.black_team, "played": False,
                          "wResult": "W" if fm.result == "+-" else "Z", "bResult": "W" if fm.result == "-+" else "Z"})
        for lineup in t.lineups:  # 300: a match exists even without games
            if lineup.opponent_team:
                key = (lineup.round, max(lineup.team, lineup.opponent_team), min(lineup.team, lineup.opponent_team))
                group(matches, key)
        for (r, high, low), match in matches.items():  # a team's unopposed boards join its match
            for team in (high, low):
                match["games"].extend(byes.pop((r, team, 0), {"games": []})["games"])
        matches.update(byes)
        for (_, high, _), match in matches.items():
            if "wResult" not in match and all(self._zero_bye(self.game[gid]) for gid in match["games"]):
                match.update({"white": high, "black": 0, "played": False, "wResult": "Z"})
        side: dict[tuple[int, int], list[int]] = {}  # (round, team) -> the team's games of its match
        for (r, high, low), match in matches.items():
            if match.get("black", -1) == 0:
                match["games"] = []
                continue
            for team in (high, low):
                if team:
                    side[r, team] = self._side_games(match, team)
        for lineup in t.lineups:  # 300: the boards of a line-up out of roster order
            if (lineup.round, lineup.team) in side:
                side[lineup.round, lineup.team] = self._lined_up(side[lineup.round, lineup.team], lineup.boards)
        for key, match in matches.items():
            self._boards(key, match, side)
        for match in matches.values():
            self._result(match)
        return list(matches.values())

    def _side_games(self, match: dict[str, Any], team: int) -> list[int]:
        """A team's games of the match: board games first, unopposed zero-point byes last; roster order."""
        def player(g: dict[str, Any]) -> int:
            sn = g["white"] if self.team_of.get(g["white"]) == team else g["black"]
            return self.order.get(sn, 0)

        own = [self.game[gid] for gid in match["games"]
               if team in (self.team_of.get(self.game[gid]["white"]), self.team_of.get(self.game[gid]["black"]))]
        return [g["id"] for g in sorted(own, key=lambda g: (self._zero_bye(g), player(g)))]

    def _lined_up(self, gids: list[int], boards: list[int | None]) -> list[int]:
        """The games put on the boards a 300 record gives; the others fill the empty boards in order."""
        games = [self.game[gid] for gid in gids]
        for board, sn in enumerate(boards[:self.size], start=1):
            for g in games:
                if sn and sn in (g["white"], g["black"]):
                    g["board"] = board
                    break
        placed: list[dict[str, Any] | None] = [None] * self.size
        rest = []
        for g in games:
            if 0 < g["board"] <= self.size:
                placed[g["board"] - 1] = g  # a second game for the same board replaces the first (as the reference)
            else:
                rest.append(g)
        filled = [g if g is not None else (rest.pop(0) if rest else None) for g in placed]
        return [g["id"] for g in filled if g is not None] + [g["id"] for g in rest]

    def _boards(self, key: tuple[int, int, int], match: dict[str, Any], side: dict[tuple[int, int], list[int]]) -> None:
        r, high, low = key
        if match.get("black", -1) == 0:
            return
        if not low:
            if "white" not in match:
                first = self.game[match["games"][0]]
                match.update({"white": self.team_of.get(first["white"], 0), "black": 0, "played": False})
            return
        size = self.size
        high_games, low_games = side[r, high][:size], side[r, low][:size]
        sequence = self.w.t.board_colours.upper() if self.w.t.board_colours else "WB"
        if "black" not in match:  # White is the team with White on the first board of a game between them
            match.update({"white": 0, "black": 0})
            for board, gid in enumerate(low_games):
                if gid in high_games:
                    g = self.game[gid]
                    white_side = "white" if sequence[board % len(sequence)] == "W" else "black"
                    black_side = "black" if white_side == "white" else "white"
                    match.update({"white": self.team_of.get(g[white_side], 0),
                                  "black": self.team_of.get(g[black_side], 0)})
                    break
        games: list[int] = []
        for board in range(size):
            low_gid = low_games.pop(0) if low_games else 0
            if low_gid and low_gid in high_games:
                games.append(low_gid)
                high_games.remove(low_gid)
                continue
            spare = [gid for gid in high_games if gid not in low_games]
            if not spare:
                if low_gid:
                    games.append(low_gid)
                continue
            high_gid = spare[0]
            high_games.remove(high_gid)
            if not low_gid:
                games.append(high_gid)
                continue
            # Two unopposed boards face each other: one game (the reference's reading).
            white_game, black_game = self.game[high_gid], self.game[low_gid]
            white_side = "white" if sequence[board % len(sequence)] == "W" else "black"
            if self.team_of.get(white_game["white"]) != match[white_side]:
                white_game, black_game = black_game, white_game
            white_game.update({"black": black_game["white"], "bResult": black_game["wResult"]})
            games.append(white_game["id"])
            self.w.games.remove(black_game)
        match["games"] = games
        for board, gid in enumerate(games, start=1):
            self.game[gid]["board"] = board

    def _result(self, match: dict[str, Any]) -> None:
        """Match result from the game points of the boards (TRF 162 scoring)."""
        games = [self.game[gid] for gid in match["games"]][:self.size]
        played = any(g["played"] for g in games)
        if games:
            match["played"] = played
        if not match.get("black"):
            if "wResult" not in match and games:
                match["wResult"] = games[0]["wResult"]
            return
        points = {"white": Fraction(0), "black": Fraction(0)}
        for g in games:
            side = "white" if self.team_of.get(g["white"]) == match["white"] else "black"
            other = "black" if side == "white" else "white"
            points[side] += _points_of(self.scores["game"], g.get("wResult", "Z"), True)
            points[other] += _points_of(self.scores["game"], g.get("bResult", "Z"), True)
        loss = "L" if played else "Z"
        if points["white"] > points["black"]:
            match.update({"wResult": "W", "bResult": loss})
        elif points["white"] < points["black"]:
            match.update({"wResult": loss, "bResult": "W"})
        elif points["white"] > 0 and points["black"] > 0:
            match.update({"wResult": "D", "bResult": "D"})
        else:
            match.update({"wResult": loss, "bResult": loss})


def _type_fields(code: str) -> dict[str, Any]:
    """192 (ETT26 code): the tournament's format and pairing system in the reference's words."""
    code = code.upper()
    formats = (("ROUNDROBIN", "roundrobin"), ("KNOCKOUT", "knockout"), ("SCHILLER", "schiller"),
               ("SCHEVENINGEN", "scheveningen"))
    kind = next((name for word, name in formats if word in code), "swiss")
    if code.startswith("CUSTOM_"):
        system = ["custom"]
    elif kind == "roundrobin":
        system = ["berger"] + (["fide"] if code.startswith("FIDE_") and "_TEAM_" not in code else []) \
            + (["double"] if "DOUBLE" in code and "_TEAM_" not in code else [])
    elif kind in ("schiller", "scheveningen"):
        system = [kind]
    elif "TEAM" in code:
        system = ["team_typea" if "TYPEA" in code else "team_typeb" if "TYPEB" in code else "team"]
    else:
        words = ("DOUBLESWISS", "DUTCH", "DUBOV", "BURSTEIN")
        system = [next((w.lower() for w in words if w in code), "dutch")]
    return {"format": kind, "pairingSystem": system}


def _rank_order(t: Tournament) -> list[str]:
    """212 as written (it includes PTS), else PTS and 202, split at commas and blanks like the reference."""
    if t.tiebreaks_212:
        return t.tiebreaks_212.replace(",", " ").split(" ")
    if t.tiebreaks_202:
        return ("PTS " + t.tiebreaks_202).replace(",", " ").split(" ")
    return ["PTS"]


def _standard(t: Tournament) -> dict[str, Any]:
    return {"filetype": FILETYPE, "version": VERSION, "origin": ORIGIN, "published": "",
            "status": {"code": 0, "error": []}, "event": _Writer(t).event()}


def write_chess_json(t: Tournament) -> dict[str, Any]:
    """The tournament as a Chess-JSON event (a JSON-ready dict)."""
    doc = _standard(t)
    extension = _extension(t, doc)
    if extension:
        tournament = doc["event"]["tournaments"][0]
        tournament["other"] = {EXTENSION: extension}
    return doc


def _extension(t: Tournament, doc: dict[str, Any]) -> dict[str, Any]:
    """The JSON form's values of `t` that reading the standard fields of `doc` does not give back."""
    own = tournament_to_dict(t)
    listed = _listed_players(doc)
    extra = [p for p in own["players"] if p["start_number"] not in listed]
    back = tournament_to_dict(_read_standard(doc, extra_players=[p["start_number"] for p in extra]).tournament)
    top = {k: v for k, v in own.items() if k != "players" and back.get(k) != v}
    theirs = {p["start_number"]: p for p in back["players"]}
    players = []
    for p in own["players"]:
        other = theirs.get(p["start_number"], {})
        diff = {k: v for k, v in p.items() if other.get(k) != v}
        if diff:
            players.append({"start_number": p["start_number"], **diff})
    out: dict[str, Any] = {}
    if top:
        out["tournament"] = top
    if players:
        out["players"] = players
    return out


def _listed_players(doc: dict[str, Any]) -> set[int]:
    tournament = doc["event"]["tournaments"][0]
    listed: set[int] = set()
    for c in tournament["competitors"]:
        if "cplayers" in c:
            listed.update(p["cid"] for p in c["cplayers"])
        else:
            listed.add(c["cid"])
    return listed


# ---------------------------------------------------------------- reading


class _Fields:
    """Typed access to a JSON object with its path, for errors that name the field."""

    def __init__(self, value: Any, path: str) -> None:
        if not isinstance(value, dict):
            raise InputError(f"{path} must be an object", field=path, code="invalid-field")
        self.d = value
        self.path = path

    def has(self, key: str) -> bool:
        return self.d.get(key) is not None

    def obj(self, key: str, *, required: bool = False) -> _Fields:
        if not self.has(key):
            if required:
                raise InputError(f"{self.path}.{key} is required", field=f"{self.path}.{key}", code="missing-field")
            return _Fields({}, f"{self.path}.{key}")
        return _Fields(self.d[key], f"{self.path}.{key}")

    def objs(self, key: str) -> list[_Fields]:
        return [_Fields(v, f"{self.path}.{key}[{i}]") for i, v in enumerate(self.items(key))]

    def items(self, key: str) -> list[Any]:
        value = self.d.get(key)
        if value is None:
            return []
        if not isinstance(value, list):
            raise InputError(f"{self.path}.{key} must be a list", field=f"{self.path}.{key}", code="invalid-field")
        return value

    def whole(self, key: str, default: int | None = None, *, minimum: int = 0, maximum: int = 9999) -> int:
        value = self.d.get(key)
        if value is None:
            if default is None:
                raise InputError(f"{self.path}.{key} is required", field=f"{self.path}.{key}", code="missing-field")
            return default
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if isinstance(value, str) and value.strip().isdecimal():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int) or not minimum <= value <= maximum:
            raise InputError(f"{self.path}.{key} must be a whole number from {minimum} to {maximum}",
                             field=f"{self.path}.{key}", code="invalid-field")
        return value

    def text(self, key: str) -> str | None:
        value = self.d.get(key)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            raise InputError(f"{self.path}.{key} must be a string", field=f"{self.path}.{key}", code="invalid-field")
        return str(value)

    def flag(self, key: str, default: bool) -> bool:
        value = self.d.get(key)
        if value is None:
            return default
        if not isinstance(value, bool):
            raise InputError(f"{self.path}.{key} must be true or false", field=f"{self.path}.{key}",
                             code="invalid-field")
        return value

    def points(self, key: str) -> Fraction | None:
        value = self.d.get(key)
        if value is None:
            return None
        return to_fraction(value, f"{self.path}.{key}")


def _scores(f: _Fields) -> dict[str, str | Fraction]:
    out: dict[str, str | Fraction] = {}
    for key, value in f.d.items():
        if isinstance(value, str) and not re.fullmatch(r"\s*[+-]?\d*\.?\d+\s*", value):
            out[str(key)] = value.strip()
        else:
            out[str(key)] = to_fraction(value, f"{f.path}.{key}")
    return out


def _scoring(game: dict[str, str | Fraction]) -> ScoringSystem:
    default = _game_scores(ScoringSystem())
    scores = {**default, **game}

    def value(letter: str) -> Fraction:
        return _points_of(scores, letter, True)

    return ScoringSystem(win=value("W"), draw=value("D"), loss=value("L"), forfeit_win=value("W"),
                         forfeit_loss=value("Z"), pairing_allocated_bye=value("P"), full_point_bye=value("F"),
                         half_point_bye=value("H"), zero_point_bye=value("Z"), absent=value("U"),
                         unknown=value("A"))


def _own_result(letter: str, played: bool, rated: bool, with_opponent: bool, where: str,
                warnings: list[Issue]) -> Result:
    """A result letter of the gameList as the model's result of that player."""
    if letter not in _LETTERS:
        raise InputError(f"{where}: unknown result {letter!r} (W, D, L, Z, P, A, F, H or U)", field=where,
                         code="invalid-field")
    if not with_opponent:
        if letter == "P":
            return Result.PAIRING_ALLOCATED_BYE
        if letter == "U":
            return Result.NOT_PAIRED
        base = _ALIAS.get(letter, letter)
        if base == "W":
            return Result.FULL_POINT_BYE
        if base in ("D", "A"):
            return Result.HALF_POINT_BYE
        return Result.ZERO_POINT_BYE
    base = _ALIAS.get(letter, letter)
    if played:
        if base == "A":
            return Result.UNKNOWN
        if base == "P":
            warnings.append(Issue("jch-result", f"{where}: a pairing-allocated bye with an opponent; read as a win",
                                  field=where))
            base = "W"
        if rated:
            return {"W": Result.WIN, "D": Result.DRAW}.get(base, Result.LOSS)
        return {"W": Result.WIN_UNRATED, "D": Result.DRAW_UNRATED}.get(base, Result.LOSS_UNRATED)
    if base in ("W", "P"):
        return Result.FORFEIT_WIN
    if base in ("D", "A"):
        warnings.append(Issue("jch-result", f"{where}: an unplayed draw has no TRF result; read as a half-point "
                              "bye without opponent", field=where))
        return Result.HALF_POINT_BYE
    return Result.FORFEIT_LOSS


def _pick_tournament(event: _Fields, number_wanted: int | None, warnings: list[Issue]) -> _Fields:
    tournaments = event.objs("tournaments")
    if not tournaments:
        raise InputError("event.tournaments is empty: no tournament to read", field="event.tournaments",
                         code="missing-field")
    if number_wanted is None:
        if len(tournaments) > 1:
            warnings.append(Issue("jch-tournaments", f"the event has {len(tournaments)} tournaments; the first is "
                                  "read", field="event.tournaments"))
        return tournaments[0]
    for tf in tournaments:
        if tf.whole("tournamentNo", 0) == number_wanted:
            return tf
    raise InputError(f"event.tournaments has no tournamentNo {number_wanted}", field="event.tournaments",
                     code="invalid-field")


def _read_standard(doc: Any, *, max_players: int | None = None, max_rounds: int | None = None,
                   extra_players: Iterable[int] = (), tournament_number: int | None = None) -> ChessJsonDocument:
    """The model from the standard Chess-JSON fields (no extension)."""
    top = _Fields(doc, "body")
    warnings: list[Issue] = []
    status = top.obj("status")
    if status.whole("code", 0, maximum=10**6) >= 400:
        raise InputError(f"the Chess-JSON file reports an error: status {status.d.get('code')} "
                         f"{'; '.join(map(str, status.items('error')))[:200]}", field="status.code",
                         code="jch-error-status")
    event = top.obj("event", required=True)
    tf = _pick_tournament(event, tournament_number, warnings)
    profiles: dict[int, _Fields] = {}
    for pf in event.objs("profiles"):
        profiles[pf.whole("id", maximum=10**9)] = pf
    t = Tournament()
    info = tf.obj("tournamentInfo") if tf.obj("tournamentInfo").d else event.obj("eventInfo")
    event_info = event.obj("eventInfo")
    t.name = (info.text("fullName") or event_info.text("fullName") or "").strip()
    for attr, key in (("city", "site"), ("federation", "federation"), ("start_date", "startDate"),
                      ("end_date", "endDate")):
        value = info.text(key) or event_info.text(key)
        if value is not None and value.strip():
            setattr(t, attr, _trf_date(value) if key.endswith("Date") else value.strip())
    code = info.text("typeOfTournament") or event_info.text("typeOfTournament")
    t.type_code = code.strip() if code and code.strip() else None
    arbiters = tf.obj("tournamentInfo").obj("arbiters") if tf.obj("tournamentInfo").has("arbiters") \
        else event_info.obj("arbiters")

    def arbiter(pid: Any, where: str) -> str | None:
        if not pid:
            return None
        if isinstance(pid, bool) or not isinstance(pid, int) or pid not in profiles:
            raise InputError(f"{where}: no profile with id {pid!r}", field=where, code="invalid-field")
        return _arbiter_text(profiles[pid]) or None

    t.chief_arbiter = arbiter(arbiters.d.get("chiefArbiter"), f"{arbiters.path}.chiefArbiter")
    t.deputy_arbiters = [text for i, pid in enumerate(arbiters.items("arbiters"))
                         if (text := arbiter(pid, f"{arbiters.path}.arbiters[{i}]"))]
    type_text = tf.text("tournamentType")
    t.type_text = type_text if type_text and type_text != "Tournament" else None
    rounds_limit = max_rounds or 999
    t.total_rounds = tf.whole("numRounds", 0, maximum=rounds_limit) or None
    tc = tf.obj("timeControl")
    t.time_control_text = tc.text("description") or None
    t.time_control_code = tc.text("encoded") or None
    dates = {rf.whole("roundNo", minimum=1, maximum=rounds_limit): rf.text("startTime") for rf in tf.objs("rounds")}
    if dates:
        t.round_dates = [(_trf_date(d, short=True) or None) if d is not None else None
                         for d in (dates.get(r) for r in range(1, max(dates) + 1))]
    top_colour = (tf.text("topColor") or "").strip().upper()[:1]
    if top_colour in ("W", "B"):
        t.initial_colour = Colour.WHITE if top_colour == "W" else Colour.BLACK
    rank_order = [str(x) for x in tf.items("rankOrder") if str(x)]
    if rank_order and rank_order != ["PTS"]:
        t.tiebreaks_212 = ",".join(rank_order)
    t.pairing_controller = tf.text("pairingcontrollerid") or None
    sequence = tf.text("teamSequence")
    t.board_colours = sequence.strip() if sequence and sequence.strip() else None
    score_system = tf.obj("scoreSystem")
    t.scoring = _scoring(_scores(score_system.obj("game")))
    match = _scores(score_system.obj("match"))
    for vf in tf.obj("accelerated").objs("values"):
        t.virtual_points.append(VirtualPoints(
            game_points=vf.points("gamePoints") or Fraction(0), first_round=vf.whole("firstRound", minimum=1),
            last_round=vf.whole("lastRound", minimum=1), first_id=vf.whole("firstCompetitor", minimum=1),
            last_id=vf.whole("lastCompetitor", minimum=1), match_points=vf.points("matchPoints")))
    for pf in tf.objs("prohibited"):
        t.forbidden_pairs.append(ForbiddenPairs(
            [int(x) for x in pf.items("competitors") if isinstance(x, int) and x > 0],
            pf.whole("firstRound", 0) or None, pf.whole("lastRound", 0) or None))
    national = [str(rl.get("listName")) for rl in event.items("ratingLists")
                if isinstance(rl, dict) and rl.get("listName") not in (None, "TRF", "Rating")]
    team_tournament = tf.flag("teamTournament", False) or any("cplayers" in c.d for c in tf.objs("competitors"))
    absent: list[int] = []
    player_fields: list[tuple[_Fields, int | None]] = []
    if team_tournament:
        for cf in tf.objs("competitors"):
            members = sorted(cf.objs("cplayers"), key=lambda m: m.whole("order", 0, maximum=10**6))
            team_name = _team_name(event, cf.d.get("teamId"))
            team = Team(number=cf.whole("cid", minimum=1), name=team_name,
                        declared_match_points=cf.points("matchPoints"), declared_game_points=cf.points("gamePoints"),
                        declared_rank=cf.whole("rank", 0) or None,
                        members=[m.whole("cid", minimum=1) for m in members])
            t.teams.append(team)
            player_fields.extend((m, team.number) for m in members)
        if all(not (tm.declared_match_points or tm.declared_game_points or tm.declared_rank) for tm in t.teams):
            for tm in t.teams:  # 013 rosters declare no team standings
                tm.declared_match_points = tm.declared_game_points = None
        ts = TeamScoring()
        t.team_scoring = TeamScoring(*(_points_of({**_match_scores(Tournament()), **match}, k, True)
                                       if k in match else getattr(ts, name)
                                       for k, name in (("W", "match_win"), ("D", "match_draw"), ("L", "match_loss"))))
    else:
        player_fields = [(cf, None) for cf in tf.objs("competitors")]
    if max_players is not None and len(player_fields) > max_players:
        raise InputError(f"{len(player_fields)} players exceed the limit of {max_players}", code="too-many-players",
                         field=f"{tf.path}.competitors", kind=ErrorKind.TOO_LARGE)
    for cf, _team in player_fields:
        sn = cf.whole("cid", minimum=1)
        if sn in t.players:
            if team_tournament:
                continue  # a player listed in two teams: the first one counts
            raise InputError(f"{cf.path}.cid: start number {sn} is used twice", field=f"{cf.path}.cid",
                             code="duplicate-start-number")
        pid = cf.d.get("profileId")
        profile = profiles.get(pid) if isinstance(pid, int) and not isinstance(pid, bool) else None
        if pid is not None and profile is None:
            raise InputError(f"{cf.path}.profileId: no profile with id {pid!r}", field=f"{cf.path}.profileId",
                             code="invalid-field")
        t.players[sn] = _player(sn, cf, profile)
        if not cf.flag("present", True):
            absent.append(sn)
    for sn in extra_players:  # players of our extension that the standard fields have no place for
        t.players.setdefault(sn, Player(start_number=sn))
    if max_players is not None and len(t.players) > max_players:
        raise InputError(f"{len(t.players)} players exceed the limit of {max_players}", code="too-many-players",
                         field=f"{tf.path}.competitors", kind=ErrorKind.TOO_LARGE)
    t.players = dict(sorted(t.players.items()))
    if national and t.players:
        t.national_rating_method = national[0]
    _read_games(t, tf, rounds_limit, warnings)
    team_byes: list[tuple[int, int]] = []
    for m in tf.objs("matchList"):  # a team's round without an opposing team: PAB (320) or requested bye (240)
        letter = (m.text("wResult") or "").strip().upper()
        if m.d.get("black") or not m.d.get("white") or letter not in ("P", "D", "H", "W", "F"):
            continue
        r, number = m.whole("round", minimum=1, maximum=rounds_limit), m.whole("white", minimum=1)
        if letter == "P":
            team_byes.append((r, number))
        else:
            kind = ByeKind.HALF_POINT if letter in ("D", "H") else ByeKind.FULL_POINT
            same = [b for b in t.bye_requests if b.kind is kind and b.round == r]
            if same:
                same[0].ids.append(number)
            else:
                t.bye_requests.append(ByeRequest(kind, r, [number]))
    if team_byes:
        t.team_byes = TeamByes(match_points=_points_of(match, "P", True) if "P" in match else None,
                               game_points=_points_of(match, "PG", True) if "PG" in match else None,
                               team_by_round=dict(team_byes))
    if absent:
        t.bye_requests.append(ByeRequest(ByeKind.ZERO_POINT, t.rounds_played + 1, absent))
    return ChessJsonDocument(t, warnings)


def _team_name(event: _Fields, team_id: Any) -> str:
    for tf in event.objs("teams"):
        if tf.d.get("id") == team_id:
            return (tf.text("teamName") or "").strip()
    return ""


def _player(sn: int, cf: _Fields, profile: _Fields | None) -> Player:
    pf = profile or _Fields({}, f"{cf.path}.profile")
    name = pf.text("fideName")
    if name is None:
        last, first = (pf.text("lastName") or "").strip(), (pf.text("firstName") or "").strip()
        name = f"{last}, {first}" if last and first else last or first
    sex = (pf.text("sex") or "").strip().lower()
    title = (pf.text("fideTitle") or "").strip()
    ratings = pf.items("rating")
    listed = ratings[0] if ratings else None
    rating = int(listed) if isinstance(listed, (int, float)) and not isinstance(listed, bool) \
        and float(listed).is_integer() else None
    if rating is None and pf.d.get("rating") is None:
        rating = cf.whole("rating", 0)
    if rating is not None and not 0 <= rating <= 4000:
        raise InputError(f"{pf.path}.rating: {rating} is out of range", field=f"{pf.path}.rating", code="invalid-field")
    fide_id = pf.text("fideId")
    birth = (pf.text("birth") or "").strip()
    return Player(
        start_number=sn, name=name.strip(), sex={"m": "m", "w": "w", "f": "w"}.get(sex),
        title=_TITLES.get(title.upper(), title.upper()) or None, rating=rating or None,
        federation=(pf.text("federation") or "").strip() or None,
        fide_id=fide_id.strip() if fide_id and fide_id.strip() not in ("", "0") else None,
        birth_date=_trf_date(birth) if birth else None, declared_points=cf.points("gamePoints"),
        declared_rank=cf.whole("rank", 0) or None)


def _read_games(t: Tournament, tf: _Fields, rounds_limit: int, warnings: list[Issue]) -> None:
    # Per player and round: (own result given?, entry); a player's own letter wins over his opponent's.
    entries: dict[tuple[int, int], tuple[bool, RoundEntry, str]] = {}
    last_round = 0
    for gf in tf.objs("gameList"):
        r = gf.whole("round", minimum=1, maximum=rounds_limit)
        white = gf.whole("white", 0, maximum=10**6)
        black = gf.whole("black", 0, maximum=10**6)
        played = gf.flag("played", False)
        rated = gf.flag("rated", played)
        w_letter, b_letter = gf.text("wResult"), gf.text("bResult")
        if white and white == black:
            raise InputError(f"{gf.path}: player {white} cannot meet himself", field=f"{gf.path}.black",
                             code="self-pairing")
        sides = ((white, black, Colour.WHITE, w_letter, b_letter, "white"),
                 (black, white, Colour.BLACK, b_letter, w_letter, "black"))
        for sn, opp, colour, own, theirs, side in sides:
            if not sn:
                continue
            if sn not in t.players:
                raise InputError(f"{gf.path}.{side}: {sn} is not a competitor", field=f"{gf.path}.{side}",
                                 code="unknown-opponent")
            if opp and opp not in t.players:
                other = "black" if side == "white" else "white"
                raise InputError(f"{gf.path}.{other}: {opp} is not a competitor", field=f"{gf.path}.{other}",
                                 code="unknown-opponent")
            given = own is not None
            letter = own if own is not None else _REVERSE.get(theirs or "", "")
            if not letter:
                raise InputError(f"{gf.path}: neither wResult nor bResult", field=f"{gf.path}.wResult",
                                 code="missing-field")
            where = f"{gf.path}.{'wResult' if colour is Colour.WHITE else 'bResult'}"
            result = _own_result(letter.strip().upper(), played, rated, bool(opp), where, warnings)
            entry = RoundEntry(opp or None, colour if opp else None, result)
            known = entries.get((sn, r))
            if known is not None and (known[0] or not given):
                if given and known[0]:
                    warnings.append(Issue("jch-duplicate-game", f"{gf.path}: player {sn} has two games in round {r}; "
                                          f"the first ({known[2]}) is kept", field=gf.path))
                continue
            entries[sn, r] = (given, entry, gf.path)
            last_round = max(last_round, r)
    for p in t.players.values():
        p.rounds = [entries[p.start_number, r][1] if (p.start_number, r) in entries
                    else RoundEntry(None, None, Result.NOT_PAIRED) for r in range(1, last_round + 1)]


def read_chess_json(data: Any, *, max_players: int | None = None, max_rounds: int | None = None,
                    tournament_number: int | None = None) -> ChessJsonDocument:
    """A Chess-JSON event (parsed JSON) as the model; raises InputError naming the field at fault."""
    top = _Fields(data, "body")
    event = top.obj("event", required=True)
    extension = _pick_tournament(event, tournament_number, []).obj("other").obj(EXTENSION)
    own_players = extension.objs("players")
    numbers = [pf.whole("start_number", minimum=1) for pf in own_players]
    doc = _read_standard(data, max_players=max_players, max_rounds=max_rounds, tournament_number=tournament_number,
                         extra_players=numbers)
    if not extension.d:
        return doc
    form = tournament_to_dict(doc.tournament)
    form.update({k: v for k, v in extension.obj("tournament").d.items() if k != "players"})
    by_number = {p["start_number"]: p for p in form["players"]}
    for sn, pf in zip(numbers, own_players, strict=True):
        by_number[sn].update(pf.d)
    return ChessJsonDocument(tournament_from_dict(form, max_players=max_players, max_rounds=max_rounds), doc.warnings)
