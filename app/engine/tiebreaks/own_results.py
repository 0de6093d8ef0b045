"""Tie-breaks from the participant's own results (C.07 Art. 7, type B), the scores
themselves (PTS, MPTS, GPTS, MPvGP 13.1), the pairing number (TPN 7.8) and the drawing
of lots.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from fractions import Fraction

from app.engine.tiebreaks import registry as reg
from app.engine.tiebreaks.context import Column, Context, Resolved
from app.engine.tiebreaks.explain import join_sum, round_label, score_name, tr, units
from app.engine.tiebreaks.field import GP, MP, Entrant, Kind
from app.engine.tiebreaks.match_games import individual_game_points
from app.engine.tiebreaks.registry import Scope, define
from app.engine.tiebreaks.unplayed import clip_cuts

Keys = list[int | Fraction | None]


def _count(ctx: Context, name_en: str, name_zh: str, per_round: Callable[[Entrant], Sequence[int]]) -> Column:
    """A count over the rounds; `per_round(e)` gives what each round adds (bools count as 0/1)."""
    f = ctx.field
    keys: Keys = [sum(per_round(e)) for e in f.entrants]

    def explain(i: int, lang: str) -> str:
        rounds = [str(r + 1) for r, x in enumerate(per_round(f.entrants[i])) if x]
        where = ", ".join(rounds) if rounds else tr(lang, "none", "无")
        return tr(lang, f"{name_en}: {keys[i]} (round(s) {where})", f"{name_zh}：{keys[i]}（第 {where} 轮）")
    return Column(keys, 1, explain)


def points(ctx: Context, rs: Resolved) -> Column:
    score = {"MPTS": MP, "GPTS": GP}.get(rs.code, ctx.primary)
    best = ctx.options.best_rounds
    if best is not None and score == ctx.primary:
        column = _best_rounds_total(ctx, score, best)
    else:
        column = _total(ctx, score)
    if ctx.initial_scores and score == ctx.primary:
        return _mcmahon_score(ctx, column)
    return column


def game_points(ctx: Context, rs: Resolved) -> Column:
    """GPTS: a team's game points (C.07 11.1), a player's points of the games of his match rounds."""
    return points(ctx, rs) if ctx.field.is_team else individual_game_points(ctx, rs)


def _mcmahon_score(ctx: Context, points: Column) -> Column:
    """McMahon (seed 002): the primary score is the initial score plus the points."""
    f = ctx.field
    initial = [ctx.initial_scores.get(e.id, Fraction(0)) for e in f.entrants]
    keys: Keys = [None if k is None else k + x * f.unit for k, x in zip(points.keys, initial, strict=True)]
    base = points.explain

    def explain(i: int, lang: str) -> str:
        rest = base(i, lang) if base is not None else ""
        total, x = units(f, keys[i] or 0), units(f, initial[i] * f.unit)
        return tr(lang, f"McMahon score {total} = initial score {x} + ({rest})",
                  f"麦克马洪分 {total} = 初始积分 {x} + （{rest}）")
    return Column(keys, points.scale, explain)


def _best_rounds_total(ctx: Context, score: int, best: int) -> Column:
    """Conrad-style score (seed 002): only the `best` highest-scoring rounds count."""
    f = ctx.field

    def kept(i: int) -> list[int]:
        return sorted(f.entrants[i].points[score], reverse=True)[:best]

    def explain(i: int, lang: str) -> str:
        values = kept(i)
        return tr(lang, f"best {best} rounds: ", f"最好的{best}轮：") + join_sum(lang, [units(f, p) for p in values])
    return Column([sum(kept(i)) for i in range(len(f.entrants))], f.unit, explain)


def other_score(ctx: Context, rs: Resolved) -> Column:
    """MPvGP (13.1): the score that is not the primary one."""
    return _total(ctx, GP if ctx.primary == MP else MP)


def _total(ctx: Context, score: int) -> Column:
    f = ctx.field

    def explain(i: int, lang: str) -> str:
        e = f.entrants[i]
        parts = [units(f, p) for p in e.points[score]]
        return f"{score_name(score, lang) if f.is_team else tr(lang, 'points', '积分')} = {join_sum(lang, parts)}"
    return Column([e.totals[score] for e in f.entrants], f.unit, explain)


def wins(ctx: Context, rs: Resolved) -> Column:
    """WIN (7.1): rounds scored as a win, played or not. Teams on game points: boards won."""
    f = ctx.field
    if f.is_team and rs.score == GP:
        return _count(ctx, "boards won (forfeits and byes included)", "胜盘数（含弃权胜、轮空）",
                      lambda e: e.board_wins)
    win = f.win[rs.score]
    return _count(ctx, "rounds won (played or not)", "胜局数（含不战而胜）",
                  lambda e: [p == win for p in e.points[rs.score]])


def games_won(ctx: Context, rs: Resolved) -> Column:
    """WON (7.2): games won over the board."""
    f = ctx.field
    if f.is_team and rs.score == GP:
        return _count(ctx, "boards won over the board", "实战胜盘数", lambda e: e.board_wins_otb)
    return _count(ctx, "games won over the board", "实战胜局数", lambda e: e.won_otb)


def black_games(ctx: Context, rs: Resolved) -> Column:
    """BPG (7.3): games played over the board with Black."""
    return _count(ctx, "games played with Black", "执黑局数", lambda e: [c == "b" for c in e.colours])


def black_wins(ctx: Context, rs: Resolved) -> Column:
    """BWG (7.4): games won over the board with Black."""
    return _count(ctx, "games won with Black", "执黑胜局数",
                  lambda e: [c == "b" and w for c, w in zip(e.colours, e.won_otb, strict=True)])


_ELECTED = frozenset({Kind.GAME, Kind.PAIRING_ALLOCATED_BYE, Kind.FULL_POINT_BYE, Kind.FORFEIT_WIN})


def rounds_elected(ctx: Context, rs: Resolved) -> Column:
    """REP (7.6): rounds minus requested byes and forfeit losses (and rounds after a withdrawal)."""
    return _count(ctx, "rounds elected to play", "选择参赛轮次", lambda e: [k in _ELECTED for k in e.kinds])


def progressive(ctx: Context, rs: Resolved) -> Column:
    """PS (7.5): sum of the running scores after each round. /Cn leaves out the first n rounds;
    /Mn (seed 003) also the last n running scores."""
    f = ctx.field
    spec = rs.spec
    low, high = clip_cuts(f.rounds, spec.cut_low, spec.cut_high, ctx.options.keep_at_least)
    running_all: list[list[int]] = []
    keys: Keys = []
    for e in f.entrants:
        running, total = [], 0
        for p in e.points[rs.score]:
            total += p
            running.append(total)
        running_all.append(running)
        keys.append(sum(running[low:f.rounds - high]))

    def explain(i: int, lang: str) -> str:
        running = running_all[i]
        parts = [f"{round_label(lang, r + 1)} {units(f, running[r])}" for r in range(low, f.rounds - high)]
        text = f"PS = {units(f, keys[i] or 0)}: {join_sum(lang, parts)}"
        if low or high:
            left_out = [str(r + 1) for r in list(range(low)) + list(range(f.rounds - high, f.rounds))]
            text += tr(lang, f" (running scores after round(s) {', '.join(left_out)} left out)",
                       f"（去掉第 {', '.join(left_out)} 轮后的累进分）")
        return text
    return Column(keys, f.unit, explain)


def standard_points(ctx: Context, rs: Resolved) -> Column:
    """STD (7.7): 1 / ½ / 0 per round for more / as many / fewer points than a draw gives.
    A double forfeit counts 0 (both sides lost), as the reference engine does."""
    f = ctx.field
    draw = f.draw[rs.score]
    per_board = f.is_team and rs.score == GP
    game_draw = f.draw[GP] // max(f.boards, 1)

    def round_value(e: Entrant, r: int) -> int:  # in half points
        if per_board:
            return sum(2 if p > game_draw else 1 if p == game_draw else 0 for p in e.board_points[r])
        p = e.points[rs.score][r]
        return 2 if p > draw else 1 if p == draw else 0
    keys: Keys = [sum(round_value(e, r) for r in range(f.rounds)) for e in f.entrants]

    def explain(i: int, lang: str) -> str:
        e = f.entrants[i]
        parts = [f"{round_label(lang, r + 1)} {round_value(e, r) / 2:g}" for r in range(f.rounds)]
        return f"STD = {(keys[i] or 0) / 2:g}: {join_sum(lang, parts)}"
    return Column(keys, 2, explain)


def pairing_number(ctx: Context, rs: Resolved) -> Column:
    """TPN (7.8): the pairing number, lowest first (/R: highest first)."""
    f = ctx.field
    keys: Keys = [e.id for e in f.entrants]
    return Column(keys, 1, lambda i, lang: tr(lang, f"pairing number {keys[i]}", f"编排号 {keys[i]}"))


def drawing_of_lots(ctx: Context, rs: Resolved) -> Column:
    """Drawing of lots (4.2): a reproducible random order from the seed; lowest lot first."""
    f = ctx.field
    order = list(range(len(f.entrants)))
    random.Random(ctx.lots_seed).shuffle(order)
    lot = [0] * len(order)
    for position, i in enumerate(order, start=1):
        lot[i] = position
    keys: Keys = list(lot)
    return Column(keys, 1, lambda i, lang: tr(lang, f"lot {lot[i]} (seed {ctx.lots_seed})",
                                              f"抽签号 {lot[i]}（种子 {ctx.lots_seed}）"))


_SCORE_ONLY = frozenset({reg.SCORE})


define("PTS", "Points", "积分（大分）", "B", "C.07 4.1", "The score (the primary score in team events).",
       "总积分（团体赛为主要积分）。", compute=points)
define("MPTS", "Match points", "场分", "B", "C.07 11.1", "Match points of a team.", "团体的场分。", compute=points,
       scope=Scope.TEAM)
define("GPTS", "Game points", "局分", "B", "C.07 11.1; seed 002 (match rounds)",
       "Game points of a team (sum of the board points); of a player whose rounds are matches of several games "
       "(seed 002, best of 3), the sum of the points of every game (a round without games counts its own points).",
       "团体的局分（各台得分之和）；每轮为多局比赛（如三局两胜）时，个人的局分为各局得分之和（无分局记录的轮次计该轮得分）。",
       compute=game_points)
define("MPVGP", "Match points or game points", "另一种积分（场分/局分）", "B", "C.07 13.1",
       "The score that is not the primary one: game points when ranking by match points, and vice versa.",
       "非主要积分：以场分排名时为局分，反之为场分。", compute=other_score, scope=Scope.TEAM)
define("WIN", "Number of wins", "胜局数", "B", "C.07 7.1",
       "Rounds in which the participant obtained a win's points, with or without playing.",
       "获得一胜分数的轮次数（含弃权胜、轮空）。", compute=wins, modifiers=_SCORE_ONLY)
define("WON", "Number of games won", "实战胜局数", "B", "C.07 7.2", "Games won over the board.",
       "在棋盘上实际获胜的对局数。", compute=games_won, modifiers=_SCORE_ONLY)
define("BPG", "Games played with Black", "执黑局数（后手局数）", "B", "C.07 7.3",
       "Games played over the board with the black pieces.", "实际执黑对局的盘数。", compute=black_games,
       scope=Scope.INDIVIDUAL)
define("BWG", "Games won with Black", "执黑胜局数", "B", "C.07 7.4", "Games won over the board with Black.",
       "执黑实际获胜的盘数。", compute=black_wins, scope=Scope.INDIVIDUAL)
define("PS", "Progressive scores", "累进分", "B", "C.07 7.5",
       "Sum of the running scores after each round (/Cn: the first n running scores left out).",
       "每轮结束后累计得分之和（/Cn：去掉前n轮的累计分）。", compute=progressive,
       modifiers=frozenset({reg.CUT, reg.MEDIAN, reg.SCORE}))
define("REP", "Rounds one elected to play", "选择参赛轮次", "B", "C.07 7.6",
       "Number of rounds minus requested byes, forfeit losses and rounds after a withdrawal.",
       "总轮次减去申请轮空、弃权负及退赛后的轮次。", compute=rounds_elected, scope=Scope.INDIVIDUAL, aliases=("GE",))
define("STD", "Standard points", "标准分", "B", "C.07 7.7",
       "1 for each round with more points than a draw, ½ for exactly a draw's points, 0 otherwise.",
       "每轮得分高于和棋记1分，等于和棋记½分，否则记0分。", compute=standard_points, modifiers=_SCORE_ONLY)
define("TPN", "Tournament pairing number", "编排号", "B", "C.07 7.8",
       "The final pairing number, lowest first (/R: highest first).", "最终编排号，小者在前（/R：大者在前）。",
       compute=pairing_number, modifiers=frozenset({reg.REVERSE}), higher_is_better=False)
define("LOT", "Drawing of lots", "抽签", "B", "C.07 4.2",
       "A reproducible drawing of lots from a seed; the lowest lot first.", "以种子进行可复现的抽签，签号小者在前。",
       compute=drawing_of_lots, higher_is_better=False)
