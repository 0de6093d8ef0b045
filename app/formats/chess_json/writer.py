"""Chess-JSON written field by field as the FIDE TEC reference converter writes it (see the package)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from app.engine.model import (
    ByeKind,
    Colour,
    Player,
    Result,
    RoundEntry,
    Tournament,
)
from app.formats.chess_json.common import (
    _LETTER,
    EXTENSION,
    FILETYPE,
    ORIGIN,
    VERSION,
    _arbiter_profile,
    _birth,
    _decimal,
    _fide_id,
    _game_scores,
    _Ids,
    _is_round_robin,
    _iso_date,
    _match_scores,
    _national_rating,
    _number_boards,
    _numbers,
    _points_of,
)
from app.formats.chess_json.reader import _read_standard
from app.formats.json_form import tournament_to_dict


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
