"""Random complete tournaments, paired round by round by this engine.

`generate_tournament(players, rounds, draw_rate, forfeit_rate, bye_rate, seed, system=...)`
draws ratings, pairs each round with `pair_round` and the chosen Swiss system (Dutch by
default; any registered system), and plays it: results follow
the Elo expectation of the two ratings, with `draw_rate` of decisive chances
turned into draws, `forfeit_rate` of games forfeited (a few of them by both
players) and `bye_rate` of players absent per round (half-point or zero-point
byes, requested before the pairing). Everything comes from one seeded
`random.Random`, so a seed gives the same tournament every time. With `played`
less than `rounds`, only the first `played` rounds are paired and played: the
tournament stops before its later rounds (the last round is then still to pair
under the last-round rules, as in the benchmark's 10,000-player field).
"""

from __future__ import annotations

import random

from app.engine.errors import InputError
from app.engine.messages import Message
from app.engine.model import ByeKind, ByeRequest, Colour, Player, Result, RoundEntry, ScoringSystem, Tournament
from app.engine.pairing import systems
from app.engine.pairing.api import PairingOptions, apply_pairing, pair_round


def _expected(white: int, black: int) -> float:
    return 1.0 / (1.0 + 10 ** ((black - white) / 400.0))


def generate_tournament(players: int, rounds: int, draw_rate: float = 0.3, forfeit_rate: float = 0.0,
                        bye_rate: float = 0.0, seed: int = 0, *, scoring: ScoringSystem | None = None,
                        lowest_rating: int = 1000, highest_rating: int = 2800,
                        initial_colour: Colour | None = None, half_point_byes: bool = True,
                        options: PairingOptions | None = None, system: str | None = None,
                        played: int | None = None) -> Tournament:
    """A finished random tournament of `rounds` rounds paired by `system` (or
    `options.system`; default the Dutch system), declared in its 192 and 092 records.
    With `played`, only the first `played` rounds are paired and played.

    Raises `UnpairableError` if some round cannot be paired (possible when
    `rounds` is close to `players`).
    """
    if players < 2 or rounds < 1:
        raise InputError(Message.of("error.generator.size"), field="players")
    for name, rate in (("draw_rate", draw_rate), ("forfeit_rate", forfeit_rate), ("bye_rate", bye_rate)):
        if not 0.0 <= rate <= 1.0:
            raise InputError(Message.of("error.generator.rate", name=name), field=name)
    if played is not None and not 0 <= played <= rounds:
        raise InputError(Message.of("error.generator.played"), field="played")
    base = options or PairingOptions()
    chosen = systems.get(system or base.system or systems.DEFAULT)
    rng = random.Random(seed)
    ratings = sorted((rng.randint(lowest_rating, highest_rating) for _ in range(players)), reverse=True)
    t = Tournament(name=f"Random tournament {seed}", total_rounds=rounds,
                   scoring=scoring or ScoringSystem.standard(), type_code=chosen.trf_code, type_text=chosen.trf_text)
    t.initial_colour = initial_colour or (Colour.WHITE if rng.random() < 0.5 else Colour.BLACK)
    for sn, rating in enumerate(ratings, start=1):
        t.players[sn] = Player(start_number=sn, name=f"Player {sn:04d}", rating=rating)
    for r in range(1, (rounds if played is None else played) + 1):
        # requested byes, known before the pairing (never a half-point bye in the last round)
        absent: dict[int, ByeKind] = {}
        if bye_rate > 0:
            for sn in t.players:
                if rng.random() < bye_rate:
                    half = half_point_byes and r < rounds and rng.random() < 0.5
                    absent[sn] = ByeKind.HALF_POINT if half else ByeKind.ZERO_POINT
        if len(t.players) - len(absent) < 2:
            absent = {}
        for kind in (ByeKind.HALF_POINT, ByeKind.ZERO_POINT):
            ids = sorted(sn for sn, k in absent.items() if k is kind)
            if ids:
                t.bye_requests.append(ByeRequest(kind, r, ids))
        opts = PairingOptions(total_rounds=rounds, acceleration=base.acceleration,
                              forbidden_pairs=base.forbidden_pairs,
                              pairing_score_adjustments=base.pairing_score_adjustments,
                              virtual_points_hook=base.virtual_points_hook, system=chosen.id,
                              avoid_same=base.avoid_same, avoid_same_rounds=base.avoid_same_rounds,
                              strict_colours=base.strict_colours, maxi_tournament=base.maxi_tournament)
        pairing = pair_round(t, r, opts)
        t = apply_pairing(t, pairing)
        t.bye_requests = [b for b in t.bye_requests if b.round != r]
        for board in pairing.pairs:
            w, b = board.white, board.black
            roll = rng.random()
            if roll < forfeit_rate:
                if rng.random() < 0.1:
                    res_w, res_b = Result.FORFEIT_LOSS, Result.FORFEIT_LOSS
                elif rng.random() < 0.5:
                    res_w, res_b = Result.FORFEIT_WIN, Result.FORFEIT_LOSS
                else:
                    res_w, res_b = Result.FORFEIT_LOSS, Result.FORFEIT_WIN
            else:
                e = _expected(t.players[w].rating or 0, t.players[b].rating or 0)
                x = rng.random()
                if rng.random() < draw_rate:
                    res_w, res_b = Result.DRAW, Result.DRAW
                elif x < e:
                    res_w, res_b = Result.WIN, Result.LOSS
                else:
                    res_w, res_b = Result.LOSS, Result.WIN
            t.players[w].rounds[r - 1] = RoundEntry(b, Colour.WHITE, res_w)
            t.players[b].rounds[r - 1] = RoundEntry(w, Colour.BLACK, res_b)
    for p in t.players.values():
        p.declared_points = t.points(p)
    return t

