"""TRF writer: the model as a TRF-2026 file (plus JaVaFo lines where TRF-2026 has no record).

The records are written in the order of `_RECORDS`, each where `trf_layout` puts it (the reader cuts the
same columns). `read_trf(write_trf(t))` gives back a tournament equal to `t`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from fractions import Fraction

from app.engine.match_rounds import trf_note
from app.engine.model import ByeKind, ByeRequest, Colour, NationalRecord, ScoringSystem, Team, TeamScoring, Tournament
from app.formats.trf_layout import (
    LIST_RECORDS,
    NATIONAL,
    PLAYER,
    ROUND_DATE_WIDTH,
    ROUNDS_FIRST_COLUMN,
    TEAM,
    TEXT_RECORDS,
    compose,
    round_block,
)


def format_points(x: Fraction | None, width: int = 4) -> str:
    """'11.5' style; two decimals only when needed; blank for None."""
    if x is None:
        return " " * width
    if (x * 10).denominator == 1:
        s = f"{float(x):.1f}"
    elif (x * 100).denominator == 1:
        s = f"{float(x):.2f}"
    else:
        s = f"{float(x):.3f}"
    if len(s) > width and x.denominator == 1:
        s = str(x.numerator)
    return s.rjust(width)


def _scoring_162(s: ScoringSystem) -> str | None:
    default = ScoringSystem()
    if s == default:
        return None
    parts = [("W", s.win), ("D", s.draw), ("L", s.loss), ("A", s.zero_point_bye),
             ("P", s.pairing_allocated_bye), ("X", s.unknown)]
    return "162 " + "".join(f" {sym}{format_points(v)}    " for sym, v in parts).rstrip()


def _scoring_needs_xxs(s: ScoringSystem) -> bool:
    """Values that 162 cannot express (it ties forfeits and byes to W/D/A)."""
    return (s.forfeit_win != s.win or s.full_point_bye != s.win or s.half_point_bye != s.draw
            or s.forfeit_loss != s.zero_point_bye or s.absent != s.zero_point_bye
            or s.win_black is not None or s.draw_black is not None or s.loss_black is not None)


def _xxs(s: ScoringSystem) -> str:
    vals = [("WW", s.win), ("BW", s.win_black if s.win_black is not None else s.win),
            ("WD", s.draw), ("BD", s.draw_black if s.draw_black is not None else s.draw),
            ("WL", s.loss), ("BL", s.loss_black if s.loss_black is not None else s.loss),
            ("ZPB", s.zero_point_bye), ("HPB", s.half_point_bye), ("FPB", s.full_point_bye),
            ("PAB", s.pairing_allocated_bye), ("FW", s.forfeit_win), ("FL", s.forfeit_loss)]
    return "XXS " + " ".join(f"{k}={format_points(v).strip()}" for k, v in vals)



def _cut(value: str | None, width: int) -> str:
    return (value or "")[:width]


def _player_line(t: Tournament, sn: int) -> str:
    p = t.players[sn]
    line = compose("001", PLAYER, {
        "start_number": str(sn), "sex": _cut(p.sex, 1), "title": _cut(p.title, PLAYER["title"].width),
        "name": _cut(p.name, PLAYER["name"].width), "rating": str(p.rating) if p.rating else "",
        "federation": _cut(p.federation, PLAYER["federation"].width),
        "fide_id": _cut(p.fide_id, PLAYER["fide_id"].width), "birth_date": _cut(p.birth_date, PLAYER["birth_date"].width),
        "points": format_points(p.declared_points), "rank": "" if p.declared_rank is None else str(p.declared_rank)})
    return (line + "".join(round_block(e.opponent, e.colour, e.result) for e in p.rounds)).rstrip()


def _national_line(n: NationalRecord) -> str:
    texts = ("sex", "classification", "name", "origin", "national_id", "birth_date")
    values = {name: _cut(getattr(n, name), NATIONAL[name].width) for name in texts}
    values.update(start_number=str(n.start_number), rating=str(n.rating) if n.rating else "")
    return compose(n.federation, NATIONAL, values).rstrip()


def _team_line(team: Team) -> str:
    line = compose("310", TEAM, {
        "number": str(team.number), "name": _cut(team.name, TEAM["name"].width),
        "nickname": _cut(team.nickname, TEAM["nickname"].width),
        "strength": _cut(team.strength, TEAM["strength"].width),
        "match_points": format_points(team.declared_match_points, TEAM["match_points"].width),
        "game_points": format_points(team.declared_game_points, TEAM["game_points"].width),
        "rank": str(team.declared_rank) if team.declared_rank else ""})
    return (line + " " + "".join(f" {m:4d}" for m in team.members)).rstrip()


# ---------------------------------------------------------------- the records, in the order they are written

Lines = Iterator[str]


def _text_record(code: str) -> Callable[[Tournament, bool], Lines]:
    attribute = TEXT_RECORDS[code]

    def write(t: Tournament, javafo: bool) -> Lines:
        value = getattr(t, attribute)
        if value:
            yield f"{code} {value}"
        elif code == "012":
            yield code  # the tournament's name record, even without a name
    return write


def _list_record(code: str) -> Callable[[Tournament, bool], Lines]:
    def write(t: Tournament, javafo: bool) -> Lines:
        for value in getattr(t, LIST_RECORDS[code]):
            yield f"{code} {value}"
    return write


def _round_dates(t: Tournament, javafo: bool) -> Lines:
    if t.round_dates:
        yield ("132" + " " * (ROUNDS_FIRST_COLUMN - 4)
               + "".join(f"  {(d or ''):<{ROUND_DATE_WIDTH}}" for d in t.round_dates)).rstrip()


def _rounds(t: Tournament, javafo: bool) -> Lines:
    if t.total_rounds is not None:
        yield f"142 {t.total_rounds}"


def _initial_colour(t: Tournament, javafo: bool) -> Lines:
    if t.initial_colour is not None:
        yield f"152 {'W' if t.initial_colour is Colour.WHITE else 'B'}"


def _scoring(t: Tournament, javafo: bool) -> Lines:
    s162 = _scoring_162(t.scoring)
    if s162:
        yield s162
    if _scoring_needs_xxs(t.scoring):
        yield _xxs(t.scoring)


def _team_scoring(t: Tournament, javafo: bool) -> Lines:
    ts = t.team_scoring
    if ts != TeamScoring():  # 362 only when it departs from 2/1/0
        yield (f"362 TW{format_points(ts.match_win)}   TD{format_points(ts.match_draw)}   "
               f"TL{format_points(ts.match_loss)}")


def _javafo(t: Tournament, javafo: bool) -> Lines:
    if t.pair_by_file_order:
        yield "XXC rank"
    if javafo:
        if t.total_rounds is not None:
            yield f"XXR {t.total_rounds}"
        if t.initial_colour is not None:
            yield f"XXC {'white1' if t.initial_colour is Colour.WHITE else 'black1'}"


def _people(t: Tournament, javafo: bool) -> Lines:
    note = trf_note(t)  # the games of match rounds: not in a TRF (match_rounds.py)
    if note is not None:
        yield f"### {note}"
    yield from (f"###{c}" for c in t.comments)
    yield from (_player_line(t, sn) for sn in t.players)
    yield from (_national_line(n) for n in t.national_records)
    yield from (_team_line(team) for team in t.teams)


def _team_records(t: Tournament, javafo: bool) -> Lines:
    for lu in t.lineups:
        yield f"300 {lu.round:3d} {lu.team:3d} {(lu.opponent_team or 0):3d}" + "".join(f" {(b or 0):4d}"
                                                                                    for b in lu.boards)
    if t.team_byes is not None:
        tb = t.team_byes
        line = f"320 {format_points(tb.match_points)} {format_points(tb.game_points)}"
        for r in range(1, max(tb.team_by_round, default=0) + 1):
            team_no = tb.team_by_round.get(r)
            line += f" {team_no:3d}" if team_no else "    "
        yield line.rstrip()
    for fm in t.forfeited_matches:
        yield f"330 {fm.result} {fm.round:3d} {fm.white_team:3d} {fm.black_team:3d}"


def _withdrawals(t: Tournament) -> list[ByeRequest]:
    """A withdrawal (JSON `withdrawn_after_round`) has no TRF field: it is written as zero-point byes
    (TRF-2026 240 Z) for each round still to pair, up to the last round (or the next one when the number
    of rounds is unknown), so that the file pairs the same way when read back."""
    last = t.total_rounds if t.total_rounds is not None else t.rounds_played + 1
    by_round: dict[int, list[int]] = {}
    for sn, p in t.players.items():
        if p.withdrawn_after_round is None:
            continue
        for r in range(max(p.withdrawn_after_round, t.rounds_played) + 1, last + 1):
            if not any(sn in br.ids and br.round == r for br in t.bye_requests):
                by_round.setdefault(r, []).append(sn)
    return [ByeRequest(ByeKind.ZERO_POINT, r, ids) for r, ids in sorted(by_round.items())]


def _pairing_records(t: Tournament, javafo: bool) -> Lines:
    for br in [*t.bye_requests, *_withdrawals(t)]:
        yield f"240 {br.kind.value} {br.round:3d}" + "".join(f" {i:4d}" for i in br.ids)
    for vp in t.virtual_points:
        yield (f"250 {format_points(vp.match_points)} {format_points(vp.game_points)} "
               f"{vp.first_round:3d} {vp.last_round:3d} {vp.first_id:4d} {vp.last_id:4d}")
    for fp in t.forbidden_pairs:
        if fp.first_round is None or fp.last_round is None:
            yield "XXP " + " ".join(str(i) for i in fp.ids)
        else:
            yield f"260 {fp.first_round:3d} {fp.last_round:3d}" + "".join(f" {i:4d}" for i in fp.ids)
    for ap in t.abnormal_points:
        yield (f"299 {ap.type or ' '}  {format_points(ap.match_points)}  {format_points(ap.game_points)}  "
               f"{(ap.round or 0):3d}" + "".join(f" {i:4d}" for i in ap.ids))
    yield from t.other_records


_RECORDS: list[Callable[[Tournament, bool], Lines]] = [
    *(_text_record(c) for c in sorted(TEXT_RECORDS) if c < "112"), _list_record("112"), _text_record("122"),
    _round_dates, _rounds, _initial_colour, _scoring, *(_text_record(c) for c in sorted(TEXT_RECORDS) if c > "122"),
    _team_scoring, _javafo, _people, _team_records, _pairing_records,
]


def write_trf(t: Tournament, *, javafo_extensions: bool = False) -> str:
    """Serialise to TRF-2026 text (LF line endings)."""
    return "".join(line + "\n" for write in _RECORDS for line in write(t, javafo_extensions))
