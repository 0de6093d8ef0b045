"""The TRF records other than the player lines: one handler per record code (`HANDLERS`).

A handler reads one line into the `Reading` under way; the reader (`trf_reader.read_trf`) dispatches
on the code in columns 1-3 and finishes the tournament when every line is read.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from fractions import Fraction

from app.engine.errors import Issue, TrfError
from app.engine.messages import Message, warning
from app.engine.model import (
    AbnormalPoints,
    ByeKind,
    ByeRequest,
    Colour,
    ForbiddenPairs,
    ForfeitedMatch,
    Lineup,
    Player,
    ScoringSystem,
    Team,
    TeamByes,
    TeamScoring,
    Tournament,
    VirtualPoints,
)
from app.formats.trf_fields import cut_text, parse_ids, parse_int, parse_points, parse_text, record_value
from app.formats.trf_layout import (
    LIST_RECORDS,
    ROUND_DATE_WIDTH,
    ROUNDS_FIRST_COLUMN,
    TEAM,
    TEAM_013_NAME,
    TEAM_MEMBERS_FROM,
    TEXT_LIMITS,
    TEXT_RECORDS,
)

MAX_ROUNDS_DEFAULT = 99


@dataclass
class Reading:
    """A TRF file being read: what the lines said so far."""

    max_rounds: int = MAX_ROUNDS_DEFAULT
    t: Tournament = field(default_factory=Tournament)
    warnings: list[Issue] = field(default_factory=list)
    players: list[tuple[int, Player]] = field(default_factory=list)  # (line, player) in file order
    team_lines_013: list[tuple[int, str]] = field(default_factory=list)
    teams_310: list[Team] = field(default_factory=list)
    xxz_ids: list[int] = field(default_factory=list)
    xxa: dict[int, list[Fraction]] = field(default_factory=dict)
    record_lines: dict[str, tuple[int, str]] = field(default_factory=dict)  # attribute -> (line, code)


Handler = Callable[[Reading, str, str, int], None]  # (reading, code, line, line number)


# ---------------------------------------------------------------- tournament data


def _text_record(st: Reading, code: str, line: str, line_no: int) -> None:
    attr = TEXT_RECORDS[code]
    value = parse_text(record_value(line), line_no, 5, Message.of("what.record.text", record=code), TEXT_LIMITS["header"],
                       st.warnings)
    if getattr(st.t, attr):
        st.warnings.append(warning("repeated-record", "warning.repeated-record", line=line_no, record=code))
    setattr(st.t, attr, value if value else ("" if code == "012" else None))
    st.record_lines[attr] = (line_no, code)


def _list_record(st: Reading, code: str, line: str, line_no: int) -> None:
    value = parse_text(record_value(line), line_no, 5, Message.of("what.record.text", record=code), TEXT_LIMITS["header"],
                       st.warnings)
    if value:
        getattr(st.t, LIST_RECORDS[code]).append(value)


def _round_dates(st: Reading, code: str, line: str, line_no: int) -> None:
    padded = line.rstrip()
    first = ROUNDS_FIRST_COLUMN + 1  # the opponent's columns of each round block
    st.t.round_dates = [parse_text(padded[c:c + ROUND_DATE_WIDTH], line_no, c + 1, Message.of("what.round-date"),
                                   ROUND_DATE_WIDTH, st.warnings) or None
                        for c in range(first, len(padded), 10)]


def _rounds(st: Reading, code: str, line: str, line_no: int) -> None:
    value = record_value(line)
    n = parse_int(value.split()[0] if value.split() else "", line_no, 5, Message.of("what.record.rounds", record=code))
    if n is not None and n > st.max_rounds:
        raise TrfError(Message.of("error.trf.too-many-rounds", record=code, rounds=n, limit=st.max_rounds),
                       line=line_no, column=5, text=value,
                       code="too-many-rounds")
    if st.t.total_rounds is not None and n != st.t.total_rounds:
        st.warnings.append(warning("rounds-disagree", "warning.rounds-disagree", line=line_no, record=code, rounds=n,
                                   earlier=st.t.total_rounds))
    st.t.total_rounds = n


def _initial_colour(st: Reading, code: str, line: str, line_no: int) -> None:
    value = record_value(line)
    c = value.strip().upper()[:1]
    if c not in ("W", "B"):
        raise TrfError(Message.of("error.trf.152"), line=line_no, column=5, text=value)
    st.t.initial_colour = Colour.WHITE if c == "W" else Colour.BLACK


def _xxc(st: Reading, code: str, line: str, line_no: int) -> None:
    for word in record_value(line).lower().split():
        if word == "white1":
            st.t.initial_colour = Colour.WHITE
        elif word == "black1":
            st.t.initial_colour = Colour.BLACK
        elif word == "rank":
            st.t.pair_by_file_order = True
        else:
            st.warnings.append(warning("xxc", "warning.xxc", line=line_no, word=word))


# ---------------------------------------------------------------- scoring: 162, XXS, BB?, 362


def _scoring_162(st: Reading, code: str, line: str, line_no: int) -> None:
    value = record_value(line)
    found = re.findall(r"([WDLAPXZ])\s*([+-]?\d*\.?\d+)", value.upper())
    if not found and value.strip():
        raise TrfError(Message.of("error.trf.162"), line=line_no, text=value)
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
    st.t.scoring = replace(st.t.scoring, **kw)


_XXS_FIELDS = {
    "WW": ("win",), "BW": ("win_black",), "WD": ("draw",), "BD": ("draw_black",),
    "WL": ("loss",), "BL": ("loss_black",), "ZPB": ("zero_point_bye", "absent"),
    "HPB": ("half_point_bye",), "FPB": ("full_point_bye",), "PAB": ("pairing_allocated_bye",),
    "FW": ("forfeit_win",), "FL": ("forfeit_loss",),
    "W": ("win", "win_black", "forfeit_win", "full_point_bye"),
    "D": ("draw", "draw_black", "half_point_bye"), "L": ("loss", "loss_black"),
}


def _scoring_xxs(st: Reading, code: str, line: str, line_no: int) -> None:
    kw: dict[str, Fraction] = {}
    for token in record_value(line).split():
        key, _, val = token.partition("=")
        names = _XXS_FIELDS.get(key.upper())
        if names is None or not re.fullmatch(r"[+-]?\d*\.?\d+", val):
            raise TrfError(Message.of("error.trf.xxs", token=token), line=line_no, text=token)
        for name in names:
            kw[name] = Fraction(val)
    result: ScoringSystem = replace(st.t.scoring, **kw)
    # A colour-specific value equal to the general one carries no information.
    for general, black in (("win", "win_black"), ("draw", "draw_black"), ("loss", "loss_black")):
        if getattr(result, black) == getattr(result, general):
            result = replace(result, **{black: None})  # type: ignore[arg-type]
    st.t.scoring = result


_BB_FIELDS = {
    "BBW": ("win", "forfeit_win", "full_point_bye"), "BBD": ("draw", "half_point_bye"),
    "BBL": ("loss",), "BBZ": ("zero_point_bye", "absent"), "BBF": ("forfeit_loss",),
    "BBU": ("pairing_allocated_bye",),
}


def _scoring_bb(st: Reading, code: str, line: str, line_no: int) -> None:
    value = record_value(line)
    pts = parse_points(value.split()[0] if value.split() else "", line_no, 5, code)
    if pts is not None:
        st.t.scoring = replace(st.t.scoring, **{name: pts for name in _BB_FIELDS[code]})


def _team_scoring(st: Reading, code: str, line: str, line_no: int) -> None:
    found = dict(re.findall(r"T([WDL])\s*([+-]?\d*\.?\d+)", record_value(line).upper()))
    ts = st.t.team_scoring
    st.t.team_scoring = TeamScoring(
        match_win=Fraction(found["W"]) if "W" in found else ts.match_win,
        match_draw=Fraction(found["D"]) if "D" in found else ts.match_draw,
        match_loss=Fraction(found["L"]) if "L" in found else ts.match_loss)


# ---------------------------------------------------------------- byes, acceleration, forbidden pairs


def _bye_request(st: Reading, code: str, line: str, line_no: int) -> None:
    value = record_value(line)
    tokens = value.split()
    if len(tokens) < 2 or tokens[0].upper() not in ("H", "F", "Z") or not tokens[1].isdecimal():
        raise TrfError(Message.of("error.trf.240"), line=line_no, text=value)
    st.t.bye_requests.append(ByeRequest(ByeKind(tokens[0].upper()), int(tokens[1]),
                                        parse_ids(tokens[2:], line_no, "240")))


def _fixed(line: str, a: int, b: int) -> str:
    """Columns a..b (1-based, inclusive)."""
    return line[a - 1:b]


def _virtual_points(st: Reading, code: str, line: str, line_no: int) -> None:
    padded = line.expandtabs().ljust(31)
    try:
        mp = parse_points(_fixed(padded, 5, 8), line_no, 5, Message.of("what.record.match-points", record="250"))
        gp = parse_points(_fixed(padded, 10, 13), line_no, 10, Message.of("what.record.game-points", record="250"))
        r1 = parse_int(_fixed(padded, 15, 17), line_no, 15, Message.of("what.record.first-round", record="250"), allow_blank=False)
        r2 = parse_int(_fixed(padded, 19, 21), line_no, 19, Message.of("what.record.last-round", record="250"), allow_blank=False)
        i1 = parse_int(_fixed(padded, 23, 26), line_no, 23, Message.of("what.record.first-id", record="250"), allow_blank=False)
        i2 = parse_int(padded[27:].split()[0] if padded[27:].split() else "", line_no, 28,
                       Message.of("what.record.last-id", record="250"), allow_blank=False)
    except TrfError:
        tokens = line[3:].split()
        if len(tokens) not in (5, 6) or not all(re.fullmatch(r"\d*\.?\d+", t) for t in tokens):
            raise
        mp = Fraction(tokens[0]) if len(tokens) == 6 else None
        gp = Fraction(tokens[-5])
        r1, r2, i1, i2 = (int(t) for t in tokens[-4:])
    assert r1 is not None and r2 is not None and i1 is not None and i2 is not None
    st.t.virtual_points.append(VirtualPoints(game_points=gp if gp is not None else Fraction(0), first_round=r1,
                                             last_round=r2, first_id=i1, last_id=i2, match_points=mp))


def _xxa(st: Reading, code: str, line: str, line_no: int) -> None:
    tokens = record_value(line).split()
    if not tokens or not tokens[0].isdecimal():
        raise TrfError(Message.of("error.trf.xxa"), line=line_no, text=record_value(line))
    vals = []
    for tok in tokens[1:]:
        p = parse_points(tok, line_no, 10, Message.of("what.record.virtual-points", record="XXA"))
        vals.append(p if p is not None else Fraction(0))
    st.xxa[int(tokens[0])] = vals


def _forbidden_260(st: Reading, code: str, line: str, line_no: int) -> None:
    value = record_value(line)
    tokens = value.split()
    if len(tokens) < 2 or not tokens[0].isdecimal() or not tokens[1].isdecimal():
        raise TrfError(Message.of("error.trf.260"), line=line_no, text=value)
    st.t.forbidden_pairs.append(ForbiddenPairs(parse_ids(tokens[2:], line_no, "260"), int(tokens[0]),
                                               int(tokens[1])))


def _forbidden_xxp(st: Reading, code: str, line: str, line_no: int) -> None:
    st.t.forbidden_pairs.append(ForbiddenPairs(parse_ids(record_value(line).split(), line_no, "XXP")))


def _absent_xxz(st: Reading, code: str, line: str, line_no: int) -> None:
    st.xxz_ids.extend(parse_ids(record_value(line).split(), line_no, "XXZ"))


def _abnormal_points(st: Reading, code: str, line: str, line_no: int) -> None:
    padded = line.rstrip().ljust(22)
    mp = parse_points(_fixed(padded, 8, 11), line_no, 8, Message.of("what.record.match-points", record="299"))
    gp = parse_points(_fixed(padded, 14, 17), line_no, 14, Message.of("what.record.game-points", record="299"))
    rnd = parse_int(_fixed(padded, 20, 22), line_no, 20, Message.of("what.record.round", record="299"))
    ids = parse_ids(padded[22:].split(), line_no, "299")
    st.t.abnormal_points.append(AbnormalPoints(type=padded[4].strip(), match_points=mp, game_points=gp,
                                               round=rnd or None, ids=ids))


# ---------------------------------------------------------------- teams: 310, 013, 300, 320, 330


def _team_310(st: Reading, code: str, line: str, line_no: int) -> None:
    padded = line.rstrip().ljust(TEAM_MEMBERS_FROM - 1)
    number = parse_int(TEAM["number"].cut(padded), line_no, 5, Message.of("what.record.team-number", record="310"), allow_blank=False)
    assert number is not None
    name = cut_text(padded, TEAM["name"], line_no, Message.of("what.team.name"), st.warnings)
    nickname = cut_text(padded, TEAM["nickname"], line_no, Message.of("what.team.nickname"), st.warnings) or None
    if all(padded[c - 1] == " " for c in (54, 61, 68, 72, 73)):  # the TRF-2026 columns
        strength: str | None = cut_text(padded, TEAM["strength"], line_no, Message.of("what.team.strength"), st.warnings) or None
        mp_text, gp_text, rank_text = (TEAM[k].cut(padded) for k in ("match_points", "game_points", "rank"))
        members_raw = padded[TEAM_MEMBERS_FROM - 1:].split()
    else:  # fields moved by a character or two: strength, match points, game points, rank, members
        tokens = padded[TEAM["nickname"].last:].split()
        if len(tokens) < 4:
            raise TrfError(Message.of("error.trf.310"),
                           line=line_no, column=TEAM["strength"].first, text=padded[46:].strip())
        strength = parse_text(tokens[0], line_no, TEAM["strength"].first, Message.of("what.team.strength"),
                              TEAM["strength"].width, st.warnings)
        mp_text, gp_text, rank_text = tokens[1:4]
        members_raw = tokens[4:]
    rank_text = rank_text.strip()
    st.teams_310.append(Team(
        number=number, name=name, nickname=nickname, strength=strength,
        declared_match_points=parse_points(mp_text, line_no, TEAM["match_points"].first, Message.of("what.record.match-points", record="310")),
        declared_game_points=parse_points(gp_text, line_no, TEAM["game_points"].first, Message.of("what.record.game-points", record="310")),
        declared_rank=int(rank_text) if rank_text.isdecimal() else None,
        members=parse_ids(members_raw, line_no, Message.of("what.record.members", record="310"))))


def _team_013(st: Reading, code: str, line: str, line_no: int) -> None:
    st.team_lines_013.append((line_no, line))


def parse_013(line: str, line_no: int, number: int, warnings: list[Issue]) -> Team:
    padded = line.rstrip().ljust(TEAM_013_NAME.last)
    name = TEAM_013_NAME.cut(padded)
    tail = padded[TEAM_013_NAME.last:].split()
    if not all(t.isdecimal() for t in tail):
        # a long name spilling into the member columns: take the digits from the end
        head = padded[4:].split()
        k = len(head)
        while k > 0 and head[k - 1].isdecimal():
            k -= 1
        name, tail = " ".join(head[:k]), head[k:]
    return Team(number=number, name=parse_text(name, line_no, 5, Message.of("what.team.name"), TEXT_LIMITS["team_name"], warnings),
                members=parse_ids(tail, line_no, Message.of("what.record.members", record="013")))


def _lineup(st: Reading, code: str, line: str, line_no: int) -> None:
    value = record_value(line)
    tokens = value.split()
    if len(tokens) < 3 or not all(tok.isdecimal() for tok in tokens):
        raise TrfError(Message.of("error.trf.300"), line=line_no, text=value)
    nums = [int(x) for x in tokens]
    st.t.lineups.append(Lineup(round=nums[0], team=nums[1], opponent_team=nums[2] or None,
                               boards=[n or None for n in nums[3:]]))


def _team_byes(st: Reading, code: str, line: str, line_no: int) -> None:
    padded = line.rstrip()
    mp = parse_points(_fixed(padded.ljust(13), 5, 8), line_no, 5, Message.of("what.record.match-points", record="320"))
    gp = parse_points(_fixed(padded.ljust(13), 10, 13), line_no, 10, Message.of("what.record.game-points", record="320"))
    by_round: dict[int, int] = {}
    r = 1
    col = 15
    while col <= len(padded):
        if r > st.max_rounds:
            raise TrfError(Message.of("error.trf.320", limit=st.max_rounds), line=line_no, column=col,
                           code="too-many-rounds")
        team = parse_int(_fixed(padded, col, col + 2), line_no, col, Message.of("what.record.team-of-round", record="320", round=r))
        if team:
            by_round[r] = team
        r += 1
        col += 4
    st.t.team_byes = TeamByes(match_points=mp, game_points=gp, team_by_round=by_round)


_FORFEITED = {"+-": "+-", "-+": "-+", "--": "--", "10": "+-", "01": "-+", "00": "--",
              "WL": "+-", "LW": "-+", "LL": "--", "WZ": "+-", "ZW": "-+", "ZZ": "--"}


def _forfeited_match(st: Reading, code: str, line: str, line_no: int) -> None:
    value = record_value(line)
    tokens = value.split()
    if len(tokens) != 4 or tokens[0].upper() not in _FORFEITED or not all(x.isdecimal() for x in tokens[1:]):
        raise TrfError(Message.of("error.trf.330"), line=line_no, text=value)
    st.t.forfeited_matches.append(ForfeitedMatch(int(tokens[1]), int(tokens[2]), int(tokens[3]),
                                                 _FORFEITED[tokens[0].upper()]))


HANDLERS: dict[str, Handler] = {
    **dict.fromkeys(TEXT_RECORDS, _text_record), **dict.fromkeys(LIST_RECORDS, _list_record),
    "132": _round_dates, "142": _rounds, "XXR": _rounds, "152": _initial_colour, "XXC": _xxc,
    "162": _scoring_162, "XXS": _scoring_xxs, **dict.fromkeys(_BB_FIELDS, _scoring_bb), "362": _team_scoring,
    "240": _bye_request, "250": _virtual_points, "XXA": _xxa, "260": _forbidden_260, "XXP": _forbidden_xxp,
    "XXZ": _absent_xxz, "299": _abnormal_points,
    "310": _team_310, "013": _team_013, "300": _lineup, "320": _team_byes, "330": _forfeited_match,
}
