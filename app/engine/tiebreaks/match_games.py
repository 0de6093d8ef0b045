"""Game points of an individual event whose rounds are matches of several games (seed 002, 3局2胜).

The primary score of such an event is the round points (PTS: each round scored as won, drawn or lost
by app/engine/match_rounds.py); `GPTS` ("局分", game points) is then the sum of the points of every
game of every match, by the tournament's scoring system. A round without games (a bye, a forfeited
round, a round played as a single game) counts as one game: its own points. In an event without match
rounds GPTS therefore equals PTS. In a team event GPTS keeps its C.07 11.1 meaning (own_results.py).
"""

from __future__ import annotations

from fractions import Fraction

from app.engine.messages import text as message
from app.engine.model import NOT_PAIRED
from app.engine.tiebreaks.context import Column, Context, Resolved
from app.engine.tiebreaks.explain import join_sum, round_label, units
from app.engine.tiebreaks.field import GP


def individual_game_points(ctx: Context, rs: Resolved) -> Column:
    f = ctx.field
    t = ctx.tournament
    unit, scoring = f.unit, t.scoring
    # Per participant and round: the games' points in units (None: a round without games, its own points).
    per_round: list[list[tuple[int, list[int] | None]]] = []
    keys: list[int | Fraction | None] = []
    for e in f.entrants:
        p = t.players[e.id]
        rounds: list[tuple[int, list[int] | None]] = []
        for r in range(f.rounds):
            entry = p.rounds[r] if r < len(p.rounds) else NOT_PAIRED
            if entry.games:
                games = [int(scoring.points(g.result, g.colour) * unit) for g in entry.games]
                rounds.append((sum(games), games))
            else:
                rounds.append((e.points[GP][r], None))
        per_round.append(rounds)
        keys.append(sum(v for v, _ in rounds))

    def explain(i: int, lang: str) -> str:
        parts = []
        for r, (value, games) in enumerate(per_round[i], start=1):
            if games is None:
                parts.append(f"{round_label(lang, r)} {units(f, value)}")
            else:
                parts.append(f"{round_label(lang, r)} {units(f, value)} (" + " + ".join(units(f, g) for g in games)
                             + ")")
        text = f"GPTS = {units(f, keys[i] or 0)}: {join_sum(lang, parts)}"
        if any(games is not None for _, games in per_round[i]):
            text += message(lang, "explain.GPTS.match-games")
        return text
    return Column(keys, unit, explain)
