"""Chess-JSON read into the model: the standard fields, then our own values in `other` (see the package)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from app.engine.errors import ErrorKind, InputError, Issue
from app.engine.messages import Message, warning
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
from app.engine.validation import normalise_title
from app.formats.chess_json.common import (
    _ALIAS,
    _LETTERS,
    _REVERSE,
    EXTENSION,
    ChessJsonDocument,
    _game_scores,
    _match_scores,
    _points_of,
    _trf_date,
)
from app.formats.json_form import to_fraction, tournament_from_dict, tournament_to_dict


def _arbiter_text(profile: _Fields) -> str:
    """A 102/112 text from an arbiter's profile: title, first name, last name, FIDE id."""
    fide_id = (profile.text("fideId") or "").strip()
    words = [profile.text("fideOTitle"), profile.text("firstName"), profile.text("lastName"),
             fide_id if fide_id != "0" else ""]
    return " ".join(w.strip() for w in words if w and w.strip())


class _Fields:
    """Typed access to a JSON object with its path, for errors that name the field."""

    def __init__(self, value: Any, path: str) -> None:
        if not isinstance(value, dict):
            raise InputError(Message.of("error.field.object", field=path), field=path, code="invalid-field")
        self.d = value
        self.path = path

    def has(self, key: str) -> bool:
        return self.d.get(key) is not None

    def obj(self, key: str, *, required: bool = False) -> _Fields:
        if not self.has(key):
            if required:
                raise InputError(Message.of("error.field.required", field=f"{self.path}.{key}"),
                                 field=f"{self.path}.{key}",
                                 code="missing-field")
            return _Fields({}, f"{self.path}.{key}")
        return _Fields(self.d[key], f"{self.path}.{key}")

    def objs(self, key: str) -> list[_Fields]:
        return [_Fields(v, f"{self.path}.{key}[{i}]") for i, v in enumerate(self.items(key))]

    def items(self, key: str) -> list[Any]:
        value = self.d.get(key)
        if value is None:
            return []
        if not isinstance(value, list):
            raise InputError(Message.of("error.field.list", field=f"{self.path}.{key}"),
                             field=f"{self.path}.{key}", code="invalid-field")
        return value

    def whole(self, key: str, default: int | None = None, *, minimum: int = 0, maximum: int = 9999) -> int:
        value = self.d.get(key)
        if value is None:
            if default is None:
                raise InputError(Message.of("error.field.required", field=f"{self.path}.{key}"),
                                 field=f"{self.path}.{key}",
                                 code="missing-field")
            return default
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if isinstance(value, str) and value.strip().isdecimal():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int) or not minimum <= value <= maximum:
            raise InputError(Message.of("error.field.whole-range", field=f"{self.path}.{key}", minimum=minimum,
                                        maximum=maximum),
                             field=f"{self.path}.{key}", code="invalid-field")
        return value

    def text(self, key: str) -> str | None:
        value = self.d.get(key)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            raise InputError(Message.of("error.field.string", field=f"{self.path}.{key}"),
                             field=f"{self.path}.{key}", code="invalid-field")
        return str(value)

    def flag(self, key: str, default: bool) -> bool:
        value = self.d.get(key)
        if value is None:
            return default
        if not isinstance(value, bool):
            raise InputError(Message.of("error.field.boolean", field=f"{self.path}.{key}"), field=f"{self.path}.{key}",
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
        raise InputError(Message.of("error.jch.result", field=where, letter=letter), field=where,
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
            warnings.append(warning("jch-result", "warning.jch-result.bye-with-opponent", field=where, where=where))
            base = "W"
        if rated:
            return {"W": Result.WIN, "D": Result.DRAW}.get(base, Result.LOSS)
        return {"W": Result.WIN_UNRATED, "D": Result.DRAW_UNRATED}.get(base, Result.LOSS_UNRATED)
    if base in ("W", "P"):
        return Result.FORFEIT_WIN
    if base in ("D", "A"):
        warnings.append(warning("jch-result", "warning.jch-result.unplayed-draw", field=where, where=where))
        return Result.HALF_POINT_BYE
    return Result.FORFEIT_LOSS


def _pick_tournament(event: _Fields, number_wanted: int | None, warnings: list[Issue]) -> _Fields:
    tournaments = event.objs("tournaments")
    if not tournaments:
        raise InputError(Message.of("error.jch.no-tournament"), field="event.tournaments",
                         code="missing-field")
    if number_wanted is None:
        if len(tournaments) > 1:
            warnings.append(warning("jch-tournaments", "warning.jch-tournaments", field="event.tournaments",
                                    count=len(tournaments)))
        return tournaments[0]
    for tf in tournaments:
        if tf.whole("tournamentNo", 0) == number_wanted:
            return tf
    raise InputError(Message.of("error.jch.tournament-number", number=number_wanted), field="event.tournaments",
                     code="invalid-field")


def _read_standard(doc: Any, *, max_players: int | None = None, max_rounds: int | None = None,
                   extra_players: Iterable[int] = (), tournament_number: int | None = None) -> ChessJsonDocument:
    """The model from the standard Chess-JSON fields (no extension)."""
    top = _Fields(doc, "body")
    warnings: list[Issue] = []
    status = top.obj("status")
    if status.whole("code", 0, maximum=10**6) >= 400:
        raise InputError(Message.of("error.jch.status", status=status.d.get("code"),
                                    errors="; ".join(map(str, status.items("error")))[:200]), field="status.code",
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
            raise InputError(Message.of("error.jch.profile", field=where, id=pid), field=where, code="invalid-field")
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
        raise InputError(Message.of("error.players-exceed", count=len(player_fields), limit=max_players),
                         code="too-many-players",
                         field=f"{tf.path}.competitors", kind=ErrorKind.TOO_LARGE)
    for cf, _team in player_fields:
        sn = cf.whole("cid", minimum=1)
        if sn in t.players:
            if team_tournament:
                continue  # a player listed in two teams: the first one counts
            raise InputError(Message.of("error.duplicate-start-number", field=f"{cf.path}.cid", start_number=sn),
                             field=f"{cf.path}.cid",
                             code="duplicate-start-number")
        pid = cf.d.get("profileId")
        profile = profiles.get(pid) if isinstance(pid, int) and not isinstance(pid, bool) else None
        if pid is not None and profile is None:
            raise InputError(Message.of("error.jch.profile", field=f"{cf.path}.profileId", id=pid),
                             field=f"{cf.path}.profileId",
                             code="invalid-field")
        t.players[sn] = _player(sn, cf, profile)
        if not cf.flag("present", True):
            absent.append(sn)
    for sn in extra_players:  # players of our extension that the standard fields have no place for
        t.players.setdefault(sn, Player(start_number=sn))
    if max_players is not None and len(t.players) > max_players:
        raise InputError(Message.of("error.players-exceed", count=len(t.players), limit=max_players),
                         code="too-many-players",
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
        raise InputError(Message.of("error.jch.rating", field=f"{pf.path}.rating", rating=rating),
                         field=f"{pf.path}.rating", code="invalid-field")
    fide_id = pf.text("fideId")
    birth = (pf.text("birth") or "").strip()
    return Player(
        start_number=sn, name=name.strip(), sex={"m": "m", "w": "w", "f": "w"}.get(sex),
        title=normalise_title(title)[0], rating=rating or None,
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
            raise InputError(Message.of("error.self-pairing", field=gf.path, player=white), field=f"{gf.path}.black",
                             code="self-pairing")
        sides = ((white, black, Colour.WHITE, w_letter, b_letter, "white"),
                 (black, white, Colour.BLACK, b_letter, w_letter, "black"))
        for sn, opp, colour, own, theirs, side in sides:
            if not sn:
                continue
            if sn not in t.players:
                raise InputError(Message.of("error.jch.not-competitor", field=f"{gf.path}.{side}", start_number=sn),
                                 field=f"{gf.path}.{side}",
                                 code="unknown-opponent")
            if opp and opp not in t.players:
                other = "black" if side == "white" else "white"
                raise InputError(Message.of("error.jch.not-competitor", field=f"{gf.path}.{other}", start_number=opp),
                                 field=f"{gf.path}.{other}",
                                 code="unknown-opponent")
            given = own is not None
            letter = own if own is not None else _REVERSE.get(theirs or "", "")
            if not letter:
                raise InputError(Message.of("error.jch.no-result", field=gf.path), field=f"{gf.path}.wResult",
                                 code="missing-field")
            where = f"{gf.path}.{'wResult' if colour is Colour.WHITE else 'bResult'}"
            result = _own_result(letter.strip().upper(), played, rated, bool(opp), where, warnings)
            entry = RoundEntry(opp or None, colour if opp else None, result)
            known = entries.get((sn, r))
            if known is not None and (known[0] or not given):
                if given and known[0]:
                    warnings.append(warning("jch-duplicate-game", "warning.jch-duplicate-game", field=gf.path,
                                            where=gf.path, player=sn, round=r, first=known[2]))
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
