"""Match rounds: a Swiss round between two participants played as several games (seed 002, 3局2胜).

Seed 002 (模拟比赛过程（军棋）) plays each round as a best of 3: two wins, or a win and two draws, win
the round; two losses, or a loss and two draws, lose it; three draws, or a win, a loss and a draw, draw
it; a match decided after two games needs no third. The round, not the game, is scored ("这个积分是每一轮
的积分，而不是每一盘的"): standings and pairings use the round result, the games' points are a tie-break
(`GPTS`, app/engine/tiebreaks/match_games.py).

The tournament's `match_rule` says how the games give the round result:

* `majority` (the default): more game points win the round, equal game points draw it, whatever the
  number of games;
* `best_of_3`: the seed's rule. On three finished games it gives the same result as `majority` (two wins
  are more game points than the third game can level; W+D+D is 2-1, W+L+D 1½-1½), so it differs only in
  when a match is over: after two wins (or two losses) it is decided, in two games or three; any other
  match with fewer than three finished games is unfinished; a fourth game is refused.

A match is unfinished when a game of it is not played yet (its result `*`), or, under `best_of_3`, when
it is not decided yet: its round is then paired without a result (as a game paired but not played,
`Result.NOT_PAIRED` with the opponent), and the loader warns. A game whose result is unknown (`X`) makes
the round result unknown unless the match is decided without it.

Forfeits inside a match count as games won and lost. A round whose games are all forfeits is a forfeit
round (C.07 16.2: unplayed, for the tie-breaks and the colour history); a round with at least one game
played over the board is a played round (won, drawn or lost). A double forfeit is not a game of a match
(each side would lose it, and one side's list could not say so): record the round itself as a double
forfeit. A round whose played games were all of less than one move (TRF W, D, L) has the unrated result.

The colour of a match round, for the colour history of the pairing, is the first game's colour.

Why not the team machinery (a match as a team match of one-player teams whose boards are games): teams
are made of distinct players on distinct boards (TRF 310/300), so each game would need an invented player,
which the TRF and every answer would then show; the team tie-breaks and the team Swiss would also replace
the individual ones (BH, the Dutch engine). The round result is all the individual engines need, so the
games stay on the round entry (`RoundEntry.games`) and only this module and `GPTS` read them.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from app.engine.errors import InputError, Issue
from app.engine.messages import Message, warning
from app.engine.model import UNRATED, Colour, MatchGame, Result, RoundEntry, Tournament


class MatchRule(StrEnum):
    MAJORITY = "majority"
    BEST_OF_3 = "best_of_3"


MATCH_RULES: dict[str, str] = {
    MatchRule.MAJORITY: "more game points win the round, equal game points draw it (any number of games)",
    MatchRule.BEST_OF_3: "seed 002, best of three: two wins, or a win and two draws, win the round; three draws, or a win, "
                         "a loss and a draw, draw it; at most three games, a match decided after two needs no third",
}

# The results a game of a match may have (from one player's side).
GAME_RESULTS_IN_MATCH = frozenset({
    Result.WIN, Result.DRAW, Result.LOSS, Result.WIN_UNRATED, Result.DRAW_UNRATED, Result.LOSS_UNRATED,
    Result.FORFEIT_WIN, Result.FORFEIT_LOSS, Result.UNKNOWN, Result.NOT_PAIRED})
_WINS = frozenset({Result.WIN, Result.WIN_UNRATED, Result.FORFEIT_WIN})
_LOSSES = frozenset({Result.LOSS, Result.LOSS_UNRATED, Result.FORFEIT_LOSS})
_RATED = frozenset({Result.WIN, Result.DRAW, Result.LOSS})


@dataclass(frozen=True)
class MatchOutcome:
    """The round result of a match, from the player's side, and its colour (the first game's)."""

    result: Result  # NOT_PAIRED: the match is not finished
    colour: Colour | None
    unfinished: Message | None = None  # why the match is not over yet
    after_decision: int = 0  # games played after a best-of-3 match was decided (counted in the game points)


def match_rule(text: str | None, field: str = "match_rule") -> MatchRule:
    """The rule named `text` (None: the default, majority); an InputError naming `field` otherwise."""
    if text is None:
        return MatchRule.MAJORITY
    try:
        return MatchRule(text)
    except ValueError:
        raise InputError(Message.of("error.match.unknown-rule", field=field, rule=text, rules=", ".join(MatchRule)),
                         field=field, code="unknown-match-rule") from None


def round_result(games: Sequence[MatchGame], rule: MatchRule, where: str = "games") -> MatchOutcome:
    """The round result of `games` (the player's side) under `rule`; an InputError naming `where` for a
    match that cannot be one (no games, a bye among them, a fourth game of a best of 3, forfeits only
    and even)."""
    if not games:
        raise InputError(Message.of("error.match.no-games", field=where), field=where, code="invalid-match")
    for k, g in enumerate(games):
        if g.result not in GAME_RESULTS_IN_MATCH:
            raise InputError(Message.of("error.match.not-a-game", field=f"{where}[{k}]", result=g.result.name.lower()),
                             field=f"{where}[{k}]", code="invalid-match")
    if rule is MatchRule.BEST_OF_3 and len(games) > 3:
        raise InputError(Message.of("error.match.best-of-3", field=where, count=len(games)), field=where,
                         code="invalid-match")
    colour = next((g.colour for g in games if g.colour is not None), None)
    finished: list[Result] = [g.result for g in games if g.result is not Result.NOT_PAIRED]
    pending = len(games) - len(finished)
    wins = sum(r in _WINS for r in finished)
    losses = sum(r in _LOSSES for r in finished)
    after = 0
    if rule is MatchRule.BEST_OF_3:
        decided_at = _decided_after(games)
        if decided_at is not None:
            after = sum(g.result is not Result.NOT_PAIRED for g in games[decided_at:])
            return MatchOutcome(_result(finished, wins, losses), colour, None, after)
        if len(finished) < 3:
            return MatchOutcome(Result.NOT_PAIRED, colour, Message.of("what.match.undecided", played=len(finished)))
    if pending:
        return MatchOutcome(Result.NOT_PAIRED, colour, Message.of("what.match.pending", pending=pending))
    if Result.UNKNOWN in finished:
        return MatchOutcome(Result.UNKNOWN, colour)
    if all(r.is_forfeit for r in finished) and wins == losses:
        raise InputError(Message.of("error.match.forfeits-only", field=where), field=where, code="invalid-match")
    return MatchOutcome(_result(finished, wins, losses), colour)


def _decided_after(games: Sequence[MatchGame]) -> int | None:
    """The number of games after which a best of 3 is decided (two wins or two losses), None if never."""
    wins = losses = 0
    for k, g in enumerate(games, start=1):
        wins += g.result in _WINS
        losses += g.result in _LOSSES
        if wins == 2 or losses == 2:
            return k
    return None


def _result(finished: list[Result], wins: int, losses: int) -> Result:
    """Won, drawn or lost on game points (a win against a loss), as a forfeit when no game was played."""
    if all(r.is_forfeit for r in finished):
        return Result.FORFEIT_WIN if wins > losses else Result.FORFEIT_LOSS
    result = Result.WIN if wins > losses else Result.LOSS if wins < losses else Result.DRAW
    played = [r for r in finished if r.is_played_game and r is not Result.UNKNOWN]
    if played and not any(r in _RATED for r in played):
        return UNRATED[result]
    return result


def mirrored_games(games: Sequence[MatchGame]) -> tuple[MatchGame, ...]:
    """The opponent's side of the same games."""
    return tuple(MatchGame(None if g.colour is None else g.colour.opposite, g.result.mirrored()) for g in games)


def has_match_rounds(t: Tournament) -> bool:
    return any(e.games for p in t.players.values() for e in p.rounds)


def match_rounds(t: Tournament) -> list[int]:
    """The rounds (1-based) in which some participant played a match of games."""
    return sorted({r for p in t.players.values() for r, e in enumerate(p.rounds, start=1) if e.games})


def trf_note(t: Tournament) -> str | None:
    """What a TRF of `t` cannot hold: the games of its match rounds (a TRF has one result per round)."""
    rounds = match_rounds(t)
    if not rounds:
        return None
    return (f"round(s) {', '.join(map(str, rounds))} played as matches of several games (match rule "
            f"{match_rule(t.match_rule).value}): a TRF holds one result per round, so this file holds the round "
            "results; the games are kept in the JSON form only")


def apply_match_rule(t: Tournament, rule_name: str) -> tuple[Tournament, list[Issue]]:
    """A copy of `t` (the original is not changed) under the match rule `rule_name` (a request's option):
    every match round's result derived again from its games; the warnings of unfinished matches."""
    rule = match_rule(rule_name)
    out = copy.copy(t)
    out.match_rule = rule.value
    issues: list[Issue] = []
    players = {}
    for sn, p in t.players.items():
        if any(e.games for e in p.rounds):
            q = copy.copy(p)
            q.rounds = list(p.rounds)
            for r, e in enumerate(p.rounds, start=1):
                if e.games:
                    try:
                        outcome = round_result(e.games, rule, "games")
                    except InputError as exc:
                        raise InputError(Message.of("error.match.rule-player-round", rule=rule.value, player=sn, round=r,
                                                    problem=exc.issue.localized or exc.message),
                                         field="match_rule", code=exc.issue.code) from None
                    q.rounds[r - 1] = RoundEntry(e.opponent, outcome.colour, outcome.result, e.games)
                    if outcome.unfinished and sn < (e.opponent or 0):
                        issues.append(warning("match-unfinished", "warning.match-unfinished.player", field="match_rule",
                                              player=sn, round=r, unfinished=outcome.unfinished))
            p = q
        players[sn] = p
    out.players = players
    return out, issues
