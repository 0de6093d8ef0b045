"""TRF writer: the model as a TRF-2026 file (plus JaVaFo lines where TRF-2026 has no record).

`read_trf(write_trf(t))` gives back a tournament equal to `t`.
"""

from __future__ import annotations

from fractions import Fraction

from app.engine.model import Colour, ScoringSystem, TeamScoring, Tournament

_HEADERS: list[tuple[str, str]] = [
    ("012", "name"), ("022", "city"), ("032", "federation"), ("042", "start_date"),
    ("052", "end_date"), ("062", "declared_players"), ("072", "declared_rated_players"),
    ("082", "declared_teams"), ("092", "type_text"), ("102", "chief_arbiter"),
]


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


def _player_line(t: Tournament, sn: int) -> str:
    p = t.players[sn]
    title = (p.title or "")[:3]
    line = (
        f"001 {sn:4d} {(p.sex or ' ')[:1]}{title:>3} {p.name[:33]:<33} "
        f"{(str(p.rating) if p.rating else ''):>4} {(p.federation or '')[:3]:<3} "
        f"{(p.fide_id or '')[:11]:>11} {(p.birth_date or '')[:10]:<10} "
        f"{format_points(p.declared_points)} {(str(p.declared_rank) if p.declared_rank is not None else ''):>4}"
    )
    for e in p.rounds:
        opp = f"{e.opponent:4d}" if e.opponent is not None else ("0000" if e.result.value != " " else "    ")
        colour = e.colour.value if e.colour else ("-" if e.result.value != " " else " ")
        line += f"  {opp} {colour} {e.result.value}"
    return line.rstrip()


def write_trf(t: Tournament, *, javafo_extensions: bool = False) -> str:
    """Serialise to TRF-2026 text (LF line endings)."""
    out: list[str] = []
    for code, attr in _HEADERS:
        value = getattr(t, attr)
        if value is not None and (value != "" or code == "012"):
            out.append(f"{code} {value}".rstrip() if value else code)
    for deputy in t.deputy_arbiters:
        out.append(f"112 {deputy}")
    if t.time_control_text is not None:
        out.append(f"122 {t.time_control_text}")
    if t.round_dates:
        line = "132" + " " * 86
        for d in t.round_dates:
            line += f"  {(d or ''):<8}"
        out.append(line.rstrip())
    if t.total_rounds is not None:
        out.append(f"142 {t.total_rounds}")
    if t.initial_colour is not None:
        out.append(f"152 {'W' if t.initial_colour is Colour.WHITE else 'B'}")
    s162 = _scoring_162(t.scoring)
    if s162:
        out.append(s162)
    if _scoring_needs_xxs(t.scoring):
        out.append(_xxs(t.scoring))
    for code, attr in (("172", "national_rating_method"), ("182", "pairing_controller"),
                       ("192", "type_code"), ("202", "tiebreaks_202"), ("212", "tiebreaks_212"),
                       ("222", "time_control_code"), ("352", "board_colours")):
        value = getattr(t, attr)
        if value:
            out.append(f"{code} {value}")
    ts = t.team_scoring
    if ts != TeamScoring():  # 362 only when it departs from 2/1/0
        out.append(f"362 TW{format_points(ts.match_win)}   TD{format_points(ts.match_draw)}   "
                   f"TL{format_points(ts.match_loss)}")
    if t.pair_by_file_order:
        out.append("XXC rank")
    if javafo_extensions:
        if t.total_rounds is not None:
            out.append(f"XXR {t.total_rounds}")
        if t.initial_colour is not None:
            out.append(f"XXC {'white1' if t.initial_colour is Colour.WHITE else 'black1'}")
    for c in t.comments:
        out.append(f"###{c}")
    for sn in t.players:
        out.append(_player_line(t, sn))
    for n in t.national_records:
        out.append((f"{n.federation:<3} {n.start_number:4d} {(n.sex or ' ')[:1]}{(n.classification or ''):>3} "
                    f"{(n.name or ''):<33} {(str(n.rating) if n.rating else ''):>4} {(n.origin or ''):<3} "
                    f"{(n.national_id or ''):>11} {(n.birth_date or '')}").rstrip())
    for team in t.teams:
        line = (f"310 {team.number:3d} {team.name[:32]:<32} {(team.nickname or '')[:5]:<5} "
                f"{(team.strength or '')[:6]:>6} {format_points(team.declared_match_points, 6)} "
                f"{format_points(team.declared_game_points, 6)} "
                f"{(str(team.declared_rank) if team.declared_rank else ''):>3} ")
        for m in team.members:
            line += f" {m:4d}"
        out.append(line.rstrip())
    for lu in t.lineups:
        line = f"300 {lu.round:3d} {lu.team:3d} {(lu.opponent_team or 0):3d}"
        for b in lu.boards:
            line += f" {(b or 0):4d}"
        out.append(line)
    if t.team_byes is not None:
        tb = t.team_byes
        line = f"320 {format_points(tb.match_points)} {format_points(tb.game_points)}"
        last = max(tb.team_by_round, default=0)
        for r in range(1, last + 1):
            team_no = tb.team_by_round.get(r)
            line += f" {team_no:3d}" if team_no else "    "
        out.append(line.rstrip())
    for fm in t.forfeited_matches:
        out.append(f"330 {fm.result} {fm.round:3d} {fm.white_team:3d} {fm.black_team:3d}")
    for br in t.bye_requests:
        out.append(f"240 {br.kind.value} {br.round:3d}" + "".join(f" {i:4d}" for i in br.ids))
    for vp in t.virtual_points:
        out.append(f"250 {format_points(vp.match_points)} {format_points(vp.game_points)} "
                   f"{vp.first_round:3d} {vp.last_round:3d} {vp.first_id:4d} {vp.last_id:4d}")
    for fp in t.forbidden_pairs:
        if fp.first_round is None or fp.last_round is None:
            out.append("XXP " + " ".join(str(i) for i in fp.ids))
        else:
            out.append(f"260 {fp.first_round:3d} {fp.last_round:3d}" + "".join(f" {i:4d}" for i in fp.ids))
    for ap in t.abnormal_points:
        out.append(f"299 {ap.type or ' '}  {format_points(ap.match_points)}  {format_points(ap.game_points)}  "
                   f"{(ap.round or 0):3d}" + "".join(f" {i:4d}" for i in ap.ids))
    out.extend(t.other_records)
    return "\n".join(out) + "\n"
