"""Accelerated pairings: virtual points per player and round (C.04.7 and custom methods).

The virtual points (VP) of a round are added to the real score to give the pairing
score of that round (scoregroups, floats, PAB, topscorers). They never change
standings. Sources of VP, in order of precedence:

* explicit records of the tournament (TRF-2026 `250`, JaVaFo `XXA`);
* the Baku method of C.04.7, chosen by the `192 ..._BAKU` code or by the option;
* the simple method "+1 to the top group for the first rounds" (option only).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from app.engine.errors import InputError
from app.engine.messages import Message
from app.engine.model import Tournament

METHODS = ("auto", "none", "explicit", "baku", "simple")


@dataclass(frozen=True)
class Acceleration:
    """Which acceleration to apply.

    method: "auto" (explicit records if any, else Baku when the 192 code ends in
    `_BAKU`, else none), "none", "explicit", "baku" or "simple".
    group_size: size of the accelerated top group for "simple" and "baku"
    (default 2 * ceil(N / 4), C.04.7). rounds: number of accelerated rounds for
    "simple" (default 2). points: VP for "simple" (default the points of a win).
    """

    method: str = "auto"
    group_size: int | None = None
    rounds: int | None = None
    points: Fraction | None = None

    def __post_init__(self) -> None:
        if self.method not in METHODS:
            raise InputError(Message.of("error.acceleration.unknown", found=self.method, methods=", ".join(METHODS)),
                             field="acceleration")


@dataclass(frozen=True)
class Participants:
    """Who is accelerated and in which points: the players (game points) or, for a team
    Swiss on match points, the teams (match points, C.04.7 2026: "VP are match points")."""

    ids: list[int]  # in pairing-number order
    win: Fraction
    draw: Fraction
    loss: Fraction
    teams: bool = False

    @classmethod
    def of(cls, t: Tournament, teams: bool = False) -> Participants:
        if teams:
            ts = t.team_scoring
            return cls(sorted(team.number for team in t.teams), ts.match_win, ts.match_draw, ts.match_loss, True)
        s = t.scoring
        return cls(sorted(t.players), s.win, s.draw, s.loss)


def _top_group(ids: list[int], size: int | None) -> list[int]:
    n = len(ids)
    k = size if size is not None else 2 * ((n + 3) // 4)
    return ids[:max(0, min(k, n))]


def baku_virtual_points(field: Participants, total_rounds: int, group_size: int | None = None
                        ) -> dict[tuple[int, int], Fraction]:
    """C.04.7 Baku method: group A = 2*ceil(N/4) first participants; the first ceil(R/2)
    rounds are accelerated, with a win's points in the first ceil(A/2) of them and
    a draw's points in the others."""
    if field.loss != 0 or field.draw * 2 != field.win:
        raise InputError(Message.of("error.acceleration.baku.teams" if field.teams else "error.acceleration.baku"),
                         field="acceleration")
    accelerated = (total_rounds + 1) // 2
    full = (accelerated + 1) // 2
    out: dict[tuple[int, int], Fraction] = {}
    for sn in _top_group(field.ids, group_size):
        for r in range(1, accelerated + 1):
            out[(sn, r)] = field.win if r <= full else field.draw
    return out


def simple_virtual_points(field: Participants, group_size: int | None = None, rounds: int | None = None,
                          points: Fraction | None = None) -> dict[tuple[int, int], Fraction]:
    """The customary "+1 to the top half for the first two rounds" (not in C.04.7)."""
    vp = points if points is not None else field.win
    n_rounds = rounds if rounds is not None else 2
    return {(sn, r): vp for sn in _top_group(field.ids, group_size) for r in range(1, n_rounds + 1)}


def explicit_virtual_points(t: Tournament, teams: bool = False) -> dict[tuple[int, int], Fraction]:
    """TRF 250 / XXA records. For teams the match-point column (cols 5-8) is used, else the
    game-point column (the TRF26 example puts team VP there, acceleration.md)."""
    out: dict[tuple[int, int], Fraction] = {}
    for rec in t.virtual_points:
        value = rec.match_points if teams and rec.match_points is not None else rec.game_points
        for sn in range(rec.first_id, rec.last_id + 1):
            for r in range(rec.first_round, rec.last_round + 1):
                out[(sn, r)] = out.get((sn, r), Fraction(0)) + value
    return out


def is_baku_code(t: Tournament) -> bool:
    return bool(t.type_code and t.type_code.strip().upper().endswith("_BAKU"))


def virtual_points(t: Tournament, total_rounds: int, acceleration: Acceleration | None, *, teams: bool = False
                   ) -> tuple[dict[tuple[int, int], Fraction], str]:
    """The VP table and the name of the method that produced it (keys: player start
    numbers, or team numbers with `teams`)."""
    acc = acceleration or Acceleration()
    method = acc.method
    if method == "auto":
        if t.virtual_points:
            method = "explicit"
        elif is_baku_code(t):
            method = "baku"
        else:
            method = "none"
    if method == "explicit":
        return explicit_virtual_points(t, teams), method
    if method == "baku":
        return baku_virtual_points(Participants.of(t, teams), total_rounds, acc.group_size), method
    if method == "simple":
        return simple_virtual_points(Participants.of(t, teams), acc.group_size, acc.rounds, acc.points), method
    return {}, "none"
