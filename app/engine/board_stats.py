"""Board-level statistics of a team event: each player's score and performance per board.

Board prizes are awarded per board (the board a player sat on in each match, from the
default board order or the `300` line-ups, see `derive_team_matches`). Only games played
over the board count: a forfeit, an empty board or a bye is no game (C.07 15.1). Points are
game results (1, ½, 0), whatever the event's game-point scoring. The performance is the
tie-break engine's TPR (C.07 10.2): the average rating of the opponents (ARO) plus dp of the
percentage score (B.02 8.1.1); opponents without a rating count with `unrated_rating` if
given, else they are left out of the performance (not out of the score).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from app.engine.model import Tournament
from app.engine.teams import TeamEvent, derive_team_matches
from app.engine.tiebreaks.ratings import performance_rating


@dataclass(frozen=True)
class BoardPlayer:
    id: int  # start number
    name: str
    team: int
    games: int  # games played over the board on this board
    points: Fraction
    percentage: Fraction | None  # 100 * points / games; None without games
    performance: int | None  # TPR over the rated opponents; None if none
    rated_games: int  # games that enter the performance


@dataclass(frozen=True)
class BoardStatistics:
    board: int
    players: list[BoardPlayer]  # best percentage first, then more games, then better performance


def board_statistics(t: Tournament, event: TeamEvent | None = None, *, after_round: int | None = None,
                     unrated_rating: int | None = None) -> list[BoardStatistics]:
    """Per board 1..n, every player who played a game on it (a player on several boards
    appears on each of them)."""
    ev = event if event is not None else derive_team_matches(t, rounds=after_round)
    tally: dict[tuple[int, int], tuple[int, list[Fraction], list[int], list[int]]] = {}
    for team, rounds in ev.schedule.items():
        for rnd in rounds[:after_round]:
            for b in rnd.boards:
                if not b.played or b.player is None or b.opponent is None:
                    continue
                score = b.result.game_score
                if score is None:  # unreachable for played games
                    continue
                _, points, ratings, rated_halves = tally.setdefault((b.board, b.player), (team, [], [], []))
                points.append(score)
                opponent = t.players.get(b.opponent)
                rating = opponent.rating if opponent is not None and opponent.rating is not None else unrated_rating
                if rating is not None:
                    ratings.append(rating)
                    rated_halves.append(int(score * 2))
    boards: dict[int, list[BoardPlayer]] = {}
    for (board, sn), (team, points, ratings, rated_halves) in tally.items():
        total = sum(points, Fraction(0))
        player = t.players.get(sn)
        boards.setdefault(board, []).append(BoardPlayer(
            sn, player.name if player is not None else "", team, len(points), total,
            total * 100 / len(points), performance_rating(ratings, sum(rated_halves)), len(ratings)))
    return [BoardStatistics(board, sorted(players, key=_prize_order)) for board, players in sorted(boards.items())]


def _prize_order(p: BoardPlayer) -> tuple[Fraction, int, int, int]:
    return (-(p.percentage or Fraction(0)), -p.games, -(p.performance if p.performance is not None else -10**6), p.id)
