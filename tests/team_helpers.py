"""A small team tournament generator: teams of players, every round paired by the team
Swiss engine (or given), board results drawn from the ratings with a seeded generator."""

from __future__ import annotations

import random

from app.engine.model import Colour, Player, Result, RoundEntry, Team, TeamByes, Tournament
from app.engine.pairing.team_round import TeamPairing
from app.engine.pairing.team_swiss import TeamSwissOptions, pair_team_swiss


def team_event(n_teams: int, boards: int = 4, reserves: int = 1, rounds: int = 7,
               board_colours: str | None = "WBWB") -> Tournament:
    """n teams of boards + reserves players, stronger teams first; no round played yet."""
    t = Tournament(name="generated team event", start_date="2026/06/01", total_rounds=rounds,
                   initial_colour=Colour.WHITE, board_colours=board_colours[:boards] if board_colours else None,
                   type_code="FIDE_TEAM_TYPEA_MP_GP", team_byes=TeamByes())
    size = boards + reserves
    for k in range(1, n_teams + 1):
        members = list(range((k - 1) * size + 1, k * size + 1))
        for board, sn in enumerate(members):
            t.players[sn] = Player(sn, f"T{k}B{board + 1}", rating=2400 - 40 * k - 15 * board)
        t.teams.append(Team(k, f"Team {k}", members=members))
    return t


def _result(rng: random.Random, white: int | None, black: int | None, draw_rate: float) -> tuple[Result, Result]:
    expected = 1 / (1 + 10 ** (((black or 0) - (white or 0)) / 400))
    x = rng.random()
    if x < draw_rate:
        return Result.DRAW, Result.DRAW
    return (Result.WIN, Result.LOSS) if x < draw_rate + (1 - draw_rate) * expected else (Result.LOSS, Result.WIN)


def play_round(t: Tournament, pairing: TeamPairing, rng: random.Random, draw_rate: float = 0.3) -> None:
    """Record the games of `pairing` with random results (reserves and teams without a match sit out)."""
    r = pairing.round
    for m in pairing.matches:
        for b in m.boards:
            assert b.white is not None and b.black is not None
            w, bl = t.players[b.white], t.players[b.black]
            rw, rb = _result(rng, w.rating, bl.rating, draw_rate)
            w.rounds.append(RoundEntry(b.black, Colour.WHITE, rw))
            bl.rounds.append(RoundEntry(b.white, Colour.BLACK, rb))
    if pairing.pab is not None:
        assert t.team_byes is not None
        t.team_byes.team_by_round[r] = pairing.pab
    for p in t.players.values():
        if len(p.rounds) < r:
            p.rounds.append(RoundEntry(None, None, Result.NOT_PAIRED))


def played_team_swiss(n_teams: int, rounds: int, seed: int, *, boards: int = 4, draw_rate: float = 0.3,
                      colour_preferences: str | None = None) -> tuple[Tournament, list[TeamPairing]]:
    """A team Swiss of `rounds` rounds paired by the engine, and the pairing of every round."""
    t = team_event(n_teams, boards=boards, rounds=rounds)
    rng = random.Random(seed)
    pairings = []
    for r in range(1, rounds + 1):
        p = pair_team_swiss(t, r, TeamSwissOptions(colour_preferences=colour_preferences))
        play_round(t, p, rng, draw_rate)
        pairings.append(p)
    return t, pairings

