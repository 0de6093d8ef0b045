"""Tie-breaks from the participant's own results (C.07 Art. 7, type B), the scores
themselves (PTS, MPTS, GPTS, MPvGP 13.1), the pairing number (TPN 7.8) and the drawing
of lots.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import accumulate

from app.engine.messages import messages
from app.engine.tiebreaks import registry as reg
from app.engine.tiebreaks.context import Column, Context, Resolved
from app.engine.tiebreaks.explain import UnitTexts, join_sum, round_label, score_name, units
from app.engine.tiebreaks.field import GP, MP, Entrant, Kind
from app.engine.tiebreaks.match_games import individual_game_points
from app.engine.tiebreaks.registry import Scope, define
from app.engine.tiebreaks.unplayed import clip_cuts

Keys = list[int | Fraction | None]


def _count(ctx: Context, what: str, per_round: Callable[[Entrant], Sequence[int]],
           count: Callable[[Entrant], int] | None = None) -> Column:
    """A count over the rounds; `per_round(e)` gives what each round adds (bools count as 0/1), `count(e)`
    the same total faster where a list method counts it; `what` names the count in the catalogue
    (`explain.count.<what>`)."""
    f = ctx.field
    keys: Keys = [count(e) for e in f.entrants] if count else [sum(per_round(e)) for e in f.entrants]

    def explain(i: int, lang: str) -> str:
        words = messages(lang)
        rounds = [str(r + 1) for r, x in enumerate(per_round(f.entrants[i])) if x]
        where = ", ".join(rounds) if rounds else words["explain.none"]
        return words["explain.count"].format(what=words[f"explain.count.{what}"], count=keys[i], rounds=where)

    numbers = [str(r) for r in range(f.rounds + 1)]

    def explain_many(indices: list[int], lang: str) -> list[str]:
        words = messages(lang)
        # the template called with every value by name: a partial with keywords costs 1.5 us more a call
        template, counted = words["explain.count"].format, words[f"explain.count.{what}"]
        none, entrants = words["explain.none"], f.entrants
        out = []
        for i in indices:
            rounds = [numbers[r] for r, x in enumerate(per_round(entrants[i]), start=1) if x]
            out.append(template(what=counted, count=keys[i], rounds=", ".join(rounds) if rounds else none))
        return out
    return Column(keys, 1, explain, explain_many)


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
        return messages(lang)["explain.mcmahon"].format(total=total, initial=x, rest=rest)
    return Column(keys, points.scale, explain)


def _best_rounds_total(ctx: Context, score: int, best: int) -> Column:
    """Conrad-style score (seed 002): only the `best` highest-scoring rounds count."""
    f = ctx.field

    def kept(i: int) -> list[int]:
        return sorted(f.entrants[i].points[score], reverse=True)[:best]

    def explain(i: int, lang: str) -> str:
        values = kept(i)
        return messages(lang)["explain.best-rounds"].format(best=best, terms=join_sum(lang, [units(f, p) for p in values]))
    return Column([sum(kept(i)) for i in range(len(f.entrants))], f.unit, explain)


def other_score(ctx: Context, rs: Resolved) -> Column:
    """MPvGP (13.1): the score that is not the primary one."""
    return _total(ctx, GP if ctx.primary == MP else MP)


def _total(ctx: Context, score: int) -> Column:
    f = ctx.field

    def explain(i: int, lang: str) -> str:
        e = f.entrants[i]
        parts = [units(f, p) for p in e.points[score]]
        name = score_name(score, lang) if f.is_team else messages(lang)["explain.points"]
        return f"{name} = {join_sum(lang, parts)}"
    return Column([e.totals[score] for e in f.entrants], f.unit, explain)


def wins(ctx: Context, rs: Resolved) -> Column:
    """WIN (7.1): rounds scored as a win, played or not. Teams on game points: boards won."""
    f = ctx.field
    if f.is_team and rs.score == GP:
        return _count(ctx, "boards-won", lambda e: e.board_wins)
    win, score = f.win[rs.score], rs.score
    return _count(ctx, "rounds-won", lambda e: [p == win for p in e.points[score]], lambda e: e.points[score].count(win))


def games_won(ctx: Context, rs: Resolved) -> Column:
    """WON (7.2): games won over the board."""
    f = ctx.field
    if f.is_team and rs.score == GP:
        return _count(ctx, "boards-won-otb", lambda e: e.board_wins_otb)
    return _count(ctx, "games-won", lambda e: e.won_otb, lambda e: e.won_otb.count(True))


def black_games(ctx: Context, rs: Resolved) -> Column:
    """BPG (7.3): games played over the board with Black."""
    return _count(ctx, "black-games", lambda e: [c == "b" for c in e.colours], lambda e: e.colours.count("b"))


def black_wins(ctx: Context, rs: Resolved) -> Column:
    """BWG (7.4): games won over the board with Black."""
    return _count(ctx, "black-wins", lambda e: [c == "b" and w for c, w in zip(e.colours, e.won_otb, strict=True)])


_ELECTED = frozenset({Kind.GAME, Kind.PAIRING_ALLOCATED_BYE, Kind.FULL_POINT_BYE, Kind.FORFEIT_WIN})
_NOT_ELECTED = tuple(k for k in Kind if k not in _ELECTED)


def rounds_elected(ctx: Context, rs: Resolved) -> Column:
    """REP (7.6): rounds minus requested byes and forfeit losses (and rounds after a withdrawal)."""
    return _count(ctx, "rounds-elected", lambda e: [k in _ELECTED for k in e.kinds],
                  lambda e: len(e.kinds) - sum(map(e.kinds.count, _NOT_ELECTED)))


def progressive(ctx: Context, rs: Resolved) -> Column:
    """PS (7.5): sum of the running scores after each round. /Cn leaves out the first n rounds;
    /Mn (seed 003) also the last n running scores."""
    f = ctx.field
    spec = rs.spec
    low, high = clip_cuts(f.rounds, spec.cut_low, spec.cut_high, ctx.options.keep_at_least)
    stop = f.rounds - high
    running_all = ctx.cached(("running", rs.score), lambda: [list(accumulate(e.points[rs.score])) for e in f.entrants])
    keys: Keys = [sum(running[low:stop]) for running in running_all]
    left_out = ", ".join(str(r + 1) for r in [*range(low), *range(stop, f.rounds)])

    def explain(i: int, lang: str) -> str:
        return explain_many([i], lang)[0]

    def explain_many(indices: list[int], lang: str) -> list[str]:
        # the running scores in words, shared by PS, PS/C1, PS/M1 ...
        shown = UnitTexts(f.unit)
        words = ctx.cached(("running-words", rs.score, lang), lambda: [
            [f"{label} {shown[value]}" for label, value in zip(_round_labels(ctx, lang), running, strict=True)]
            for running in running_all])
        tail = messages(lang)["explain.progressive.left-out"].format(rounds=left_out) if low or high else ""
        nothing = messages(lang)["explain.nothing"]
        out = []
        for i in indices:
            parts = words[i][low:stop]
            out.append(f"PS = {units(f, keys[i] or 0)}: {' + '.join(parts) if parts else nothing}{tail}")
        return out
    return Column(keys, f.unit, explain, explain_many)


def _round_labels(ctx: Context, lang: str) -> list[str]:
    """The label of every round, first round first."""
    return ctx.cached(("round-labels", lang), lambda: [round_label(lang, r + 1) for r in range(ctx.field.rounds)])


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
    return Column(keys, 1, lambda i, lang: messages(lang)["explain.pairing-number"].format(number=keys[i]))


def drawing_of_lots(ctx: Context, rs: Resolved) -> Column:
    """Drawing of lots (4.2): a reproducible random order from the seed; lowest lot first."""
    f = ctx.field
    order = list(range(len(f.entrants)))
    random.Random(ctx.lots_seed).shuffle(order)
    lot = [0] * len(order)
    for position, i in enumerate(order, start=1):
        lot[i] = position
    keys: Keys = list(lot)
    seed = ctx.lots_seed
    return Column(keys, 1, lambda i, lang: messages(lang)["explain.lot"].format(lot=lot[i], seed=seed))


_SCORE_ONLY = frozenset({reg.SCORE})


define("PTS", "B", "C.07 4.1", compute=points)
define("MPTS", "B", "C.07 11.1", compute=points, scope=Scope.TEAM)
define("GPTS", "B", "C.07 11.1; seed 002 (match rounds)", compute=game_points)
define("MPVGP", "B", "C.07 13.1", compute=other_score, scope=Scope.TEAM)
define("WIN", "B", "C.07 7.1", compute=wins, modifiers=_SCORE_ONLY)
define("WON", "B", "C.07 7.2", compute=games_won, modifiers=_SCORE_ONLY)
define("BPG", "B", "C.07 7.3", compute=black_games, scope=Scope.INDIVIDUAL)
define("BWG", "B", "C.07 7.4", compute=black_wins, scope=Scope.INDIVIDUAL)
define("PS", "B", "C.07 7.5", compute=progressive, modifiers=frozenset({reg.CUT, reg.MEDIAN, reg.SCORE}))
define("REP", "B", "C.07 7.6", compute=rounds_elected, scope=Scope.INDIVIDUAL, aliases=("GE",))
define("STD", "B", "C.07 7.7", compute=standard_points, modifiers=_SCORE_ONLY)
define("TPN", "B", "C.07 7.8", compute=pairing_number, modifiers=frozenset({reg.REVERSE}), higher_is_better=False)
define("LOT", "B", "C.07 4.2", compute=drawing_of_lots, higher_is_better=False)
