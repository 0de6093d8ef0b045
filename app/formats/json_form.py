"""The versioned JSON form of the tournament model (lossless both ways).

`tournament_to_dict` / `tournament_from_dict` work on plain JSON-ready dicts;
the pydantic schemas in `app.api.schemas` document and validate the same shape.
Numbers are JSON numbers; internally they are exact fractions.
"""

from __future__ import annotations

from dataclasses import fields
from fractions import Fraction
from typing import Any

from app.engine.errors import InputError
from app.engine.model import (
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
from app.engine.scoring_presets import scoring_preset

FORMAT_VERSION = 1

RESULT_NAMES: dict[Result, str] = {
    Result.WIN: "win", Result.DRAW: "draw", Result.LOSS: "loss",
    Result.WIN_UNRATED: "win_unrated", Result.DRAW_UNRATED: "draw_unrated",
    Result.LOSS_UNRATED: "loss_unrated", Result.FORFEIT_WIN: "forfeit_win",
    Result.FORFEIT_LOSS: "forfeit_loss", Result.HALF_POINT_BYE: "half_point_bye",
    Result.FULL_POINT_BYE: "full_point_bye", Result.PAIRING_ALLOCATED_BYE: "pairing_allocated_bye",
    Result.ZERO_POINT_BYE: "zero_point_bye", Result.NOT_PAIRED: "not_paired", Result.UNKNOWN: "unknown",
}
_RESULT_BY_NAME: dict[str, Result] = {v: k for k, v in RESULT_NAMES.items()}
_RESULT_BY_NAME.update({r.value: r for r in Result})
_RESULT_BY_NAME[""] = Result.NOT_PAIRED
_RESULT_BY_NAME["?"] = Result.UNKNOWN
for _r in Result:
    _RESULT_BY_NAME.setdefault(_r.value.lower(), _r)

_TOURNAMENT_SCALARS = (
    "name", "city", "federation", "start_date", "end_date", "declared_players",
    "declared_rated_players", "declared_teams", "type_text", "type_code", "system",
    "chief_arbiter", "time_control_text", "time_control_code", "total_rounds",
    "national_rating_method", "pairing_controller", "tiebreaks_202", "tiebreaks_212",
    "board_colours", "pair_by_file_order",
)


def number(x: Fraction | None) -> int | float | None:
    """A fraction as a JSON number (int when whole)."""
    if x is None:
        return None
    if x.denominator == 1:
        return int(x)
    return float(x)


def jsonable(value: Any) -> Any:
    """Nested dicts/lists/tuples with fractions as JSON-ready values (fractions become numbers)."""
    if isinstance(value, Fraction):
        return number(value)
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [jsonable(v) for v in value]
    return value


def to_fraction(v: Any, path: str) -> Fraction:
    if isinstance(v, bool) or not isinstance(v, (int, float, str, Fraction)):
        raise InputError(f"{path} must be a number", field=path, code="invalid-field")
    try:
        f = Fraction(v) if isinstance(v, (int, Fraction)) else Fraction(repr(v) if isinstance(v, float) else v)
    except (ValueError, ZeroDivisionError):
        raise InputError(f"{path} must be a number, found {v!r}", field=path, code="invalid-field") from None
    if abs(f) > 10**9:
        raise InputError(f"{path} is out of range", field=path, code="invalid-field")
    return f


def _opt_fraction(v: Any, path: str) -> Fraction | None:
    return None if v is None else to_fraction(v, path)


# ---------------------------------------------------------------- model -> dict


def _scoring_to_dict(s: ScoringSystem) -> dict[str, Any]:
    return {f.name: number(getattr(s, f.name)) for f in fields(s)}


def tournament_to_dict(t: Tournament) -> dict[str, Any]:
    d: dict[str, Any] = {"format": "chess-tournament", "version": FORMAT_VERSION}
    for name in _TOURNAMENT_SCALARS:
        d[name] = getattr(t, name)
    d["deputy_arbiters"] = list(t.deputy_arbiters)
    d["round_dates"] = list(t.round_dates)
    d["initial_colour"] = None if t.initial_colour is None else (
        "white" if t.initial_colour is Colour.WHITE else "black")
    d["scoring"] = _scoring_to_dict(t.scoring)
    d["scoring_preset"] = t.scoring_preset
    d["late_bye_rounds"] = t.late_bye_rounds
    d["team_scoring"] = {f.name: number(getattr(t.team_scoring, f.name)) for f in fields(t.team_scoring)}
    d["players"] = [
        {
            "start_number": p.start_number, "name": p.name, "sex": p.sex, "title": p.title,
            "rating": p.rating, "federation": p.federation, "fide_id": p.fide_id,
            "birth_date": p.birth_date, "declared_points": number(p.declared_points),
            "declared_rank": p.declared_rank, "withdrawn_after_round": p.withdrawn_after_round,
            "rounds": [
                {"opponent": e.opponent, "colour": e.colour.value if e.colour else None,
                 "result": RESULT_NAMES[e.result]}
                for e in p.rounds
            ],
        }
        for p in t.players.values()
    ]
    d["national_records"] = [dict(n.__dict__) for n in t.national_records]
    d["teams"] = [
        {"number": tm.number, "name": tm.name, "nickname": tm.nickname, "strength": tm.strength,
         "declared_match_points": number(tm.declared_match_points),
         "declared_game_points": number(tm.declared_game_points),
         "declared_rank": tm.declared_rank, "members": list(tm.members)}
        for tm in t.teams
    ]
    d["lineups"] = [{"round": lu.round, "team": lu.team, "opponent_team": lu.opponent_team,
                     "boards": list(lu.boards)} for lu in t.lineups]
    d["team_byes"] = None if t.team_byes is None else {
        "match_points": number(t.team_byes.match_points), "game_points": number(t.team_byes.game_points),
        "team_by_round": {str(r): team for r, team in sorted(t.team_byes.team_by_round.items())}}
    d["forfeited_matches"] = [dict(fm.__dict__) for fm in t.forfeited_matches]
    d["bye_requests"] = [{"kind": br.kind.value, "round": br.round, "ids": list(br.ids)}
                         for br in t.bye_requests]
    d["virtual_points"] = [
        {"game_points": number(vp.game_points), "match_points": number(vp.match_points),
         "first_round": vp.first_round, "last_round": vp.last_round, "first_id": vp.first_id,
         "last_id": vp.last_id} for vp in t.virtual_points]
    d["forbidden_pairs"] = [{"ids": list(fp.ids), "first_round": fp.first_round,
                             "last_round": fp.last_round} for fp in t.forbidden_pairs]
    d["abnormal_points"] = [
        {"type": ap.type, "match_points": number(ap.match_points), "game_points": number(ap.game_points),
         "round": ap.round, "ids": list(ap.ids)} for ap in t.abnormal_points]
    d["comments"] = list(t.comments)
    d["other_records"] = list(t.other_records)
    return d


# ---------------------------------------------------------------- dict -> model


def _req(d: dict[str, Any], key: str, path: str) -> Any:
    if key not in d or d[key] is None:
        raise InputError(f"{path}.{key} is required", field=f"{path}.{key}", code="missing-field")
    return d[key]


MAX_NUMBER = 9999  # start numbers, team numbers, round numbers: 4 TRF columns at most


def _int(v: Any, path: str, *, minimum: int | None = None, maximum: int | None = MAX_NUMBER) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        if isinstance(v, float) and v.is_integer():
            v = int(v)
        else:
            raise InputError(f"{path} must be a whole number", field=path, code="invalid-field")
    if minimum is not None and v < minimum:
        raise InputError(f"{path} must be at least {minimum}", field=path, code="invalid-field")
    if maximum is not None and v > maximum:
        raise InputError(f"{path} must be at most {maximum}", field=path, code="invalid-field")
    return int(v)


def _opt_int(v: Any, path: str, *, minimum: int | None = None, maximum: int | None = MAX_NUMBER) -> int | None:
    return None if v is None else _int(v, path, minimum=minimum, maximum=maximum)


def _opt_str(v: Any, path: str) -> str | None:
    if v is None:
        return None
    if not isinstance(v, str):
        raise InputError(f"{path} must be a string", field=path, code="invalid-field")
    return v


def _list(v: Any, path: str) -> list[Any]:
    if v is None:
        return []
    if not isinstance(v, list):
        raise InputError(f"{path} must be a list", field=path, code="invalid-field")
    return v


def _dict(v: Any, path: str) -> dict[str, Any]:
    if not isinstance(v, dict):
        raise InputError(f"{path} must be an object", field=path, code="invalid-field")
    return v


def _entry_from_dict(e: Any, path: str) -> RoundEntry:
    if isinstance(e, str):
        # compact form "12w1", "0000-U", "U", "H"
        return _entry_from_compact(e, path)
    e = _dict(e, path)
    result_raw = e.get("result", "not_paired")
    if not isinstance(result_raw, str) or result_raw.strip().lower() not in _RESULT_BY_NAME \
            and result_raw.strip().upper() not in _RESULT_BY_NAME:
        raise InputError(f"{path}.result: unknown result {result_raw!r}", field=f"{path}.result",
                         code="invalid-field")
    key = result_raw.strip()
    result = _RESULT_BY_NAME.get(key.lower()) or _RESULT_BY_NAME[key.upper()]
    if key in ("W", "D", "L"):  # TRF codes: games of less than one move
        result = _RESULT_BY_NAME[key]
    opponent = _opt_int(e.get("opponent"), f"{path}.opponent", minimum=0) or None
    colour_raw = e.get("colour")
    colour: Colour | None = None
    if colour_raw not in (None, "", "-"):
        c = str(colour_raw).lower()
        if c in ("w", "white"):
            colour = Colour.WHITE
        elif c in ("b", "black"):
            colour = Colour.BLACK
        else:
            raise InputError(f"{path}.colour must be 'w' or 'b'", field=f"{path}.colour", code="invalid-field")
    if opponent is None and colour is not None:
        raise InputError(f"{path}: a colour needs an opponent", field=f"{path}.colour", code="invalid-field")
    return RoundEntry(opponent, colour, result)


def _entry_from_compact(s: str, path: str) -> RoundEntry:
    import re
    m = re.fullmatch(r"\s*(\d+)?\s*([wWbB-])?\s*(\S)?\s*", s)
    if not m:
        raise InputError(f"{path}: cannot read round entry {s!r}", field=path, code="invalid-field")
    opp = int(m.group(1)) if m.group(1) and int(m.group(1)) else None
    return _entry_from_dict({"opponent": opp, "colour": m.group(2), "result": m.group(3) or ""}, path)


def _player_from_dict(d: Any, path: str) -> Player:
    d = _dict(d, path)
    sn = _int(_req(d, "start_number", path), f"{path}.start_number", minimum=1)
    rating = _opt_int(d.get("rating"), f"{path}.rating", minimum=0)
    return Player(
        start_number=sn, name=_opt_str(d.get("name"), f"{path}.name") or "",
        sex=_opt_str(d.get("sex"), f"{path}.sex"), title=_opt_str(d.get("title"), f"{path}.title"),
        rating=rating or None, federation=_opt_str(d.get("federation"), f"{path}.federation"),
        fide_id=None if d.get("fide_id") is None else str(d.get("fide_id")),
        birth_date=_opt_str(d.get("birth_date"), f"{path}.birth_date"),
        declared_points=_opt_fraction(d.get("declared_points"), f"{path}.declared_points"),
        declared_rank=_opt_int(d.get("declared_rank"), f"{path}.declared_rank"),
        withdrawn_after_round=_opt_int(d.get("withdrawn_after_round"), f"{path}.withdrawn_after_round"),
        rounds=[_entry_from_dict(e, f"{path}.rounds[{i}]") for i, e in enumerate(_list(d.get("rounds"),
                                                                                          f"{path}.rounds"))],
    )


def _scoring_from_dict(d: Any, path: str, default: Any) -> Any:
    if d is None:
        return default
    d = _dict(d, path)
    kw = {}
    for f in fields(default):
        if d.get(f.name) is not None:
            kw[f.name] = _opt_fraction(d[f.name], f"{path}.{f.name}")
    unknown = set(d) - {f.name for f in fields(default)}
    if unknown:
        raise InputError(f"{path}: unknown field(s) {', '.join(sorted(unknown))}", field=path,
                         code="invalid-field")
    # A scoring given by win/draw/loss only implies the byes and forfeits that follow from them.
    if isinstance(default, ScoringSystem) and set(kw) <= {"win", "draw", "loss"} and kw:
        win, draw, loss = (kw.get(k) for k in ("win", "draw", "loss"))
        return ScoringSystem.from_win_draw_loss(win if win is not None else default.win,
                                                draw if draw is not None else default.draw,
                                                loss if loss is not None else default.loss)
    from dataclasses import replace
    return replace(default, **kw)


def tournament_from_dict(d: Any, *, max_players: int | None = None, max_rounds: int | None = None) -> Tournament:
    """Build a Tournament from its JSON form; raises InputError naming the field at fault."""
    d = _dict(d, "tournament")
    version = d.get("version", FORMAT_VERSION)
    if version != FORMAT_VERSION:
        raise InputError(f"tournament.version {version!r} is not supported (expected {FORMAT_VERSION})",
                         field="tournament.version", code="unsupported-version")
    t = Tournament()
    for name in _TOURNAMENT_SCALARS:
        if name in d and d[name] is not None:
            v = d[name]
            if name == "total_rounds":
                v = _int(v, "tournament.total_rounds", minimum=1)
                if max_rounds is not None and v > max_rounds:
                    raise InputError(f"tournament.total_rounds: {v} rounds exceed the limit of {max_rounds}",
                                     field="tournament.total_rounds", code="too-many-rounds")
            elif name == "pair_by_file_order":
                v = bool(v)
            else:
                v = _opt_str(v, f"tournament.{name}")
            setattr(t, name, v)
    t.name = t.name or ""
    t.deputy_arbiters = [str(x) for x in _list(d.get("deputy_arbiters"), "tournament.deputy_arbiters")]
    t.round_dates = [None if x is None else str(x) for x in _list(d.get("round_dates"), "tournament.round_dates")]
    colour = d.get("initial_colour")
    if colour is not None:
        c = str(colour).lower()
        if c not in ("white", "black", "w", "b"):
            raise InputError("tournament.initial_colour must be 'white' or 'black'",
                             field="tournament.initial_colour", code="invalid-field")
        t.initial_colour = Colour.WHITE if c in ("white", "w") else Colour.BLACK
    base = ScoringSystem()
    if d.get("scoring_preset") is not None:  # the game's scoring by name; `scoring` may still change values
        preset = scoring_preset(_opt_str(d["scoring_preset"], "tournament.scoring_preset") or "",
                                field="tournament.scoring_preset")
        t.scoring_preset, base = preset.id, preset.scoring
    t.scoring = _scoring_from_dict(d.get("scoring"), "tournament.scoring", base)
    t.late_bye_rounds = _opt_int(d.get("late_bye_rounds"), "tournament.late_bye_rounds", minimum=1)
    t.team_scoring = _scoring_from_dict(d.get("team_scoring"), "tournament.team_scoring", TeamScoring())
    raw_players = _list(d.get("players"), "tournament.players")
    if max_players is not None and len(raw_players) > max_players:
        raise InputError(f"tournament.players: {len(raw_players)} players exceed the limit of {max_players}",
                         field="tournament.players", code="too-many-players", status=413)
    for i, pd in enumerate(raw_players):
        p = _player_from_dict(pd, f"tournament.players[{i}]")
        if max_rounds is not None and len(p.rounds) > max_rounds:
            raise InputError(f"tournament.players[{i}].rounds: more than {max_rounds} rounds",
                             field=f"tournament.players[{i}].rounds", code="too-many-rounds")
        if p.start_number in t.players:
            raise InputError(f"tournament.players[{i}]: start number {p.start_number} is used twice",
                             field=f"tournament.players[{i}].start_number", code="duplicate-start-number")
        t.players[p.start_number] = p
    t.players = dict(sorted(t.players.items()))
    width = t.recorded_rounds
    for p in t.players.values():
        p.rounds += [RoundEntry(None, None, Result.NOT_PAIRED)] * (width - len(p.rounds))
        for r, e in enumerate(p.rounds, start=1):
            if e.opponent is not None and e.opponent not in t.players:
                raise InputError(f"player {p.start_number}, round {r}: opponent {e.opponent} does not exist",
                                 field=f"tournament.players[start_number={p.start_number}].rounds[{r - 1}]",
                                 code="unknown-opponent")
    t.national_records = [
        NationalRecord(**{k: v for k, v in _dict(n, f"tournament.national_records[{i}]").items()
                          if k in NationalRecord.__dataclass_fields__})
        for i, n in enumerate(_list(d.get("national_records"), "tournament.national_records"))]
    for i, tm in enumerate(_list(d.get("teams"), "tournament.teams")):
        path = f"tournament.teams[{i}]"
        tm = _dict(tm, path)
        t.teams.append(Team(
            number=_int(_req(tm, "number", path), f"{path}.number", minimum=1),
            name=_opt_str(tm.get("name"), f"{path}.name") or "", nickname=_opt_str(tm.get("nickname"), path),
            strength=None if tm.get("strength") is None else str(tm["strength"]),
            declared_match_points=_opt_fraction(tm.get("declared_match_points"), f"{path}.declared_match_points"),
            declared_game_points=_opt_fraction(tm.get("declared_game_points"), f"{path}.declared_game_points"),
            declared_rank=_opt_int(tm.get("declared_rank"), f"{path}.declared_rank"),
            members=[_int(m, f"{path}.members[{j}]", minimum=1)
                     for j, m in enumerate(_list(tm.get("members"), f"{path}.members"))]))
    for i, lu in enumerate(_list(d.get("lineups"), "tournament.lineups")):
        path = f"tournament.lineups[{i}]"
        lu = _dict(lu, path)
        t.lineups.append(Lineup(_int(_req(lu, "round", path), f"{path}.round", minimum=1),
                                _int(_req(lu, "team", path), f"{path}.team", minimum=1),
                                _opt_int(lu.get("opponent_team"), f"{path}.opponent_team"),
                                [_opt_int(b, f"{path}.boards[{j}]") or None
                                 for j, b in enumerate(_list(lu.get("boards"), f"{path}.boards"))]))
    tb = d.get("team_byes")
    if tb is not None:
        tb = _dict(tb, "tournament.team_byes")
        t.team_byes = TeamByes(
            match_points=_opt_fraction(tb.get("match_points"), "tournament.team_byes.match_points"),
            game_points=_opt_fraction(tb.get("game_points"), "tournament.team_byes.game_points"),
            team_by_round={_int(int(r) if str(r).isdecimal() else r, "tournament.team_byes.team_by_round"):
                           _int(v, f"tournament.team_byes.team_by_round.{r}")
                           for r, v in _dict(tb.get("team_by_round") or {}, "tournament.team_byes").items()})
    for i, fm in enumerate(_list(d.get("forfeited_matches"), "tournament.forfeited_matches")):
        path = f"tournament.forfeited_matches[{i}]"
        fm = _dict(fm, path)
        res = fm.get("result")
        if res not in ("+-", "-+", "--"):
            raise InputError(f"{path}.result must be '+-', '-+' or '--'", field=f"{path}.result",
                             code="invalid-field")
        t.forfeited_matches.append(ForfeitedMatch(_int(_req(fm, "round", path), f"{path}.round", minimum=1),
                                                  _int(_req(fm, "white_team", path), f"{path}.white_team"),
                                                  _int(_req(fm, "black_team", path), f"{path}.black_team"), res))
    for i, br in enumerate(_list(d.get("bye_requests"), "tournament.bye_requests")):
        path = f"tournament.bye_requests[{i}]"
        br = _dict(br, path)
        kind = br.get("kind")
        if kind not in ("H", "F", "Z"):
            raise InputError(f"{path}.kind must be 'H', 'F' or 'Z'", field=f"{path}.kind", code="invalid-field")
        t.bye_requests.append(ByeRequest(ByeKind(kind), _int(_req(br, "round", path), f"{path}.round", minimum=1),
                                         [_int(x, f"{path}.ids[{j}]", minimum=1)
                                          for j, x in enumerate(_list(br.get("ids"), f"{path}.ids"))]))
    for i, vp in enumerate(_list(d.get("virtual_points"), "tournament.virtual_points")):
        path = f"tournament.virtual_points[{i}]"
        vp = _dict(vp, path)
        t.virtual_points.append(VirtualPoints(
            game_points=to_fraction(_req(vp, "game_points", path), f"{path}.game_points"),
            first_round=_int(_req(vp, "first_round", path), f"{path}.first_round", minimum=1),
            last_round=_int(_req(vp, "last_round", path), f"{path}.last_round", minimum=1),
            first_id=_int(_req(vp, "first_id", path), f"{path}.first_id", minimum=1),
            last_id=_int(_req(vp, "last_id", path), f"{path}.last_id", minimum=1),
            match_points=_opt_fraction(vp.get("match_points"), f"{path}.match_points")))
    for i, fp in enumerate(_list(d.get("forbidden_pairs"), "tournament.forbidden_pairs")):
        path = f"tournament.forbidden_pairs[{i}]"
        fp = _dict(fp, path)
        t.forbidden_pairs.append(ForbiddenPairs(
            [_int(x, f"{path}.ids[{j}]", minimum=1) for j, x in enumerate(_list(fp.get("ids"), f"{path}.ids"))],
            _opt_int(fp.get("first_round"), f"{path}.first_round"),
            _opt_int(fp.get("last_round"), f"{path}.last_round")))
    for i, ap in enumerate(_list(d.get("abnormal_points"), "tournament.abnormal_points")):
        path = f"tournament.abnormal_points[{i}]"
        ap = _dict(ap, path)
        t.abnormal_points.append(AbnormalPoints(
            type=str(ap.get("type") or ""), match_points=_opt_fraction(ap.get("match_points"), path),
            game_points=_opt_fraction(ap.get("game_points"), path),
            round=_opt_int(ap.get("round"), f"{path}.round"),
            ids=[_int(x, f"{path}.ids[{j}]") for j, x in enumerate(_list(ap.get("ids"), f"{path}.ids"))]))
    t.comments = [str(c) for c in _list(d.get("comments"), "tournament.comments")]
    t.other_records = [str(c) for c in _list(d.get("other_records"), "tournament.other_records")]
    return t
