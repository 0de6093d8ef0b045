"""Small builders for pairing tests."""

from __future__ import annotations

from app.engine.model import Colour, Player, Result, RoundEntry, Tournament


def make_tournament(n: int, total_rounds: int, initial: Colour | None = Colour.WHITE) -> Tournament:
    t = Tournament(name="test", total_rounds=total_rounds, initial_colour=initial)
    for sn in range(1, n + 1):
        t.players[sn] = Player(start_number=sn, name=f"P{sn}", rating=2500 - 10 * sn)
    return t


def play(t: Tournament, games: list[tuple[int, int, str]]) -> None:
    """Append one round: (white, black, result for white: '1', '=', '0', '+', '-')."""
    r = max(len(p.rounds) for p in t.players.values()) + 1
    mirror = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}
    for w, b, res in games:
        t.players[w].rounds.append(RoundEntry(b, Colour.WHITE, Result(res)))
        t.players[b].rounds.append(RoundEntry(w, Colour.BLACK, Result(mirror[res])))
    for p in t.players.values():
        while len(p.rounds) < r:
            p.rounds.append(RoundEntry(None, None, Result.PAIRING_ALLOCATED_BYE))
