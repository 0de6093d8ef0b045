"""Public entry points: pair a round, append it to a tournament.

`pair_round(tournament, round_number=None, options=None) -> RoundPairing`
chooses the Swiss system (the request's `system`, else the tournament's: `systems.resolve`)
and the round (`handling.round_to_pair`), builds the pairing state of the round with the
rules every system shares (C.04.2 Art. 3 history rules, `handling.py`), lets the system
pair it, and orders the boards (C.04.2 3.6).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from app.engine.errors import InputError, Issue
from app.engine.messages import DEFAULT_LANGUAGE, Message, check_language, text
from app.engine.model import ByeKind, Colour, Player, Result, RoundEntry, Tournament
from app.engine.pairing import systems
from app.engine.pairing.acceleration import Acceleration, virtual_points
from app.engine.pairing.avoidance import clubs_in_force, player_clubs
from app.engine.pairing.handling import (
    DEFAULT_SEED,
    ByeType,
    board_key,
    bye_points,
    draw_colour,
    effective_ranks,
    forbidden_map,
    infer_initial_colour,
    initial_colour,
    pairing_order,
    parse_colour,
    round_to_pair,
    tournament_before_round,
)
from app.engine.pairing.handling import unavailable_players as _unavailable
from app.engine.pairing.state import History, PlayerState, RoundState, round_points
from app.engine.pairing.systems.base import Explanation, PreparedRound, SwissSystem

__all__ = [
    "DEFAULT_SEED", "Board", "Bye", "ByeType", "Explanation", "PairingOptions", "PreparedRound", "RoundPairing",
    "apply_pairing", "draw_colour", "infer_initial_colour", "initial_colour", "pair_round", "pairing_order",
    "parse_colour", "prepare_round", "tournament_before_round", "unavailable_players",
]


@dataclass
class PairingOptions:
    """Options of one pairing request (all optional)."""

    total_rounds: int | None = None
    initial_colour: Colour | str | None = None  # "W"/"B"; else from the file; else drawn by lot
    seed: int | None = None  # seed for drawing the initial colour (round 1 only)
    absent: Collection[int] = ()  # players not to pair this round (zero-point, no request)
    byes: Mapping[int, ByeKind | str] = field(default_factory=dict)  # requested byes: id -> H/F/Z
    withdrawn: Collection[int] = ()  # players who left the tournament
    forbidden_pairs: Sequence[Collection[int]] = ()  # groups that may not meet each other
    acceleration: Acceleration | str | None = None  # "auto" (default), "none", "baku", "simple", "explicit"
    # Added to each player's pairing score in every round (McMahon-style initial scores).
    pairing_score_adjustments: Mapping[int, Fraction] = field(default_factory=dict)
    # Generic hook: extra virtual points of (player, round); e.g. to pair on older scores.
    virtual_points_hook: Callable[[int, int], Fraction] | None = None
    # Pairing numbers other than the start numbers (e.g. drawn by lot, lots.py): start number -> number.
    pairing_numbers: Mapping[int, int] | None = None
    language: str = DEFAULT_LANGUAGE  # of the explanations: a language of app.engine.messages
    system: str | None = None  # a registered Swiss system id ("dutch", ...); None: the tournament's
    # Club avoidance (seed 002, the weakest principle): "club" or "federation"; None (FIDE): off.
    avoid_same: str | None = None
    avoid_same_rounds: int | None = None  # only in rounds 1..N; None: every round
    # Seed 002: no third colour in a row and no colour difference beyond 2 for anybody, topscorers in
    # the last round included (the C.04.3 1.8 topscorer exception removed); False (FIDE): the exception holds.
    strict_colours: bool = False
    # Lim (C.04.4.3 3.2.3, 3.8, 5.7): the organiser declared a Maxi-tournament, in which floaters and opponents are
    # chosen for colours only within 100 rating points; False: not one (other systems refuse True).
    maxi_tournament: bool = False


@dataclass
class Board:
    board: int
    white: int
    black: int
    explanation: Explanation


@dataclass
class Bye:
    id: int
    type: ByeType
    points: Fraction
    reason: str


@dataclass
class RoundPairing:
    round: int
    pairs: list[Board]
    byes: list[Bye]
    initial_colour: Colour
    initial_colour_source: str  # "option", "file", "history" or "drawn"
    seed: int | None  # the seed used when the initial colour was drawn by lot
    acceleration: str
    brackets: list[object]  # the system's bracket records
    summary: dict[str, object]  # the system's quality criteria not fully met, with counts
    notes: list[str] = field(default_factory=list)
    system: str = "dutch"  # id of the Swiss system that paired the round
    system_source: str = "option"  # where the system came from: option, json, 192, 092, default
    warnings: list[Issue] = field(default_factory=list)

    def as_pairs(self) -> list[tuple[int, int]]:
        return [(b.white, b.black) for b in self.pairs]

    @property
    def pab(self) -> int | None:
        for b in self.byes:
            if b.type == "PAB":
                return b.id
        return None


# ------------------------------------------------------------------ state building


def unavailable_players(t: Tournament, r: int, options: PairingOptions) -> dict[int, ByeType]:
    """Players not paired in round r and why (HPB/FPB/ZPB/absent)."""
    return _unavailable(t, r, absent=options.absent, withdrawn=options.withdrawn, byes=options.byes)


def prepare_round(t: Tournament, round_number: int | None = None, options: PairingOptions | None = None,
                  system: SwissSystem | None = None) -> PreparedRound:
    opts = options or PairingOptions()
    chosen = system or systems.get(opts.system or systems.DEFAULT)
    r = round_number if round_number is not None else t.rounds_played + 1
    if r < 1:
        raise InputError(Message.of("pairing.round.start"), field="round")
    total = opts.total_rounds if opts.total_rounds is not None else t.total_rounds
    if total is None:
        raise InputError(Message.of("error.pairing.total-needed"),
                         field="total_rounds")
    if r > total:
        raise InputError(Message.of("error.pairing.beyond-total", round=r, total=total), field="round")
    acc = opts.acceleration
    if isinstance(acc, str):
        acc = Acceleration(acc)
    vp_table, acc_name = virtual_points(t, total, acc)
    if opts.pairing_numbers and acc_name in ("baku", "simple"):
        raise InputError(Message.of("error.pairing.acceleration-lots"), field="pairing_numbers")
    order = pairing_order(t, opts.pairing_numbers)
    adjust = opts.pairing_score_adjustments
    hook = opts.virtual_points_hook

    def vp(sn: int, rnd: int) -> Fraction:
        v = vp_table.get((sn, rnd), Fraction(0)) + Fraction(adjust.get(sn, 0))
        if hook is not None:
            v += Fraction(hook(sn, rnd))
        return v

    history = History(t, r, vp)
    unavailable = unavailable_players(t, r, opts)
    initial, source, seed = initial_colour(opts.initial_colour, t, opts.seed,
                                           lambda: infer_initial_colour(t, r, order))
    scoring = t.scoring
    rank = effective_ranks(t, r, unavailable, order)
    last_round = r >= total
    threshold = Fraction(r - 1) * max(scoring.win, scoring.draw) / 2
    topscorers = last_round and not opts.strict_colours  # C.04.3 1.8; strict colours: nobody is exempt
    players: list[PlayerState] = []
    for sn in order:
        if sn in unavailable:
            continue
        players.append(_player_state(t.players[sn], rank[sn], history, topscorers, threshold, chosen))
    players.sort(key=lambda ps: (-ps.pairing_score, ps.rank))
    forbidden = forbidden_map(t, r, opts.forbidden_pairs)
    state = RoundState(round_number=r, total_rounds=total, players=players, by_id={p.id: p for p in players},
                       forbidden=forbidden, initial_colour=initial, last_round=last_round, scoring=scoring,
                       topscorer_threshold=threshold,
                       club_of=clubs_in_force(player_clubs(t), r, opts.avoid_same, opts.avoid_same_rounds),
                       maxi_tournament=opts.maxi_tournament)
    return PreparedRound(t, state, history, unavailable, source, seed, acc_name)


def _player_state(p: Player, rank: int, history: History, topscorers: bool, threshold: Fraction,
                  system: SwissSystem) -> PlayerState:
    r = history.round_number
    scoring = history.tournament.scoring
    entries = [p.entry(k) for k in range(1, r)]
    score = sum((round_points(scoring, e) for e in entries), Fraction(0))
    colours = [e.colour for e in entries if e.is_played_game and e.colour is not None]
    pref, strength, repeated, diff = system.colour_preference(colours)
    f1, why1 = history.float_in(p, r - 1)
    f2, why2 = history.float_in(p, r - 2)
    opponents = frozenset(e.opponent for e in entries if e.is_played_game and e.opponent is not None)
    pairing_score = score + history.virtual_points(p.start_number, r)
    return PlayerState(
        id=p.start_number, rank=rank, score=score, pairing_score=pairing_score, colours=colours,
        colour_difference=diff, preference=pref, strength=strength, repeated_colour=repeated,
        floats=(f1, f2), float_reasons=(why1, why2), opponents=opponents,
        bye_eligible=system.bye_eligible(scoring, entries), played_games=len(colours),
        topscorer=topscorers and pairing_score > threshold)


# ------------------------------------------------------------------ pairing


def pair_round(tournament: Tournament, round_number: int | None = None,
               options: PairingOptions | None = None) -> RoundPairing:
    """Pair one round with a FIDE Swiss system: `options.system`, else the tournament's
    (C.04.3 Dutch when it declares none, with a warning).

    Raises `InputError` for a bad request (a system that cannot be paired, a round that is
    already paired or out of sequence) and `UnpairableError` when no pairing satisfies the
    absolute criteria.
    """
    opts = options or PairingOptions()
    language = opts.language
    check_language(language)
    resolved = systems.resolve(tournament, opts.system)
    if resolved.system is None:
        raise InputError(Message.of("error.pairing.not-swiss", kind=resolved.kind, source=resolved.source, declared=resolved.declared,
                                    can_pair=systems.can_pair()), code="not-a-swiss-tournament", field="system")
    system = resolved.system
    if opts.avoid_same is not None and not system.club_avoidance:
        raise InputError(Message.of("error.pairing.no-club-avoidance", system=systems.SystemName(system.id), article=system.article),
                         code="unsupported-option", field="avoid_same")
    if opts.maxi_tournament and not system.maxi_tournament:
        raise InputError(Message.of("error.pairing.no-maxi-tournament", system=systems.SystemName(system.id),
                                    article=system.article), code="unsupported-option", field="maxi_tournament")
    choice = round_to_pair(tournament, round_number)
    t = tournament_before_round(tournament, choice.round) if choice.repairs else tournament
    prepared = prepare_round(t, choice.round, opts, system)
    state = prepared.state
    outcome = system.pair(prepared, language)
    # C.04.2 3.6: higher score of the higher-ranked player, higher sum, smaller TPN
    ordered = sorted(outcome.pairs, key=lambda sp: board_key(sp.higher, sp.lower))
    out_boards = [Board(number, sp.white.id, sp.black.id, sp.explanation)
                  for number, sp in enumerate(ordered, start=1)]
    byes: list[Bye] = []
    points = bye_points(t.scoring)
    if outcome.bye is not None:
        byes.append(Bye(outcome.bye.id, "PAB", points["PAB"], outcome.bye_reason))
    for sn in sorted(prepared.unavailable):
        kind = prepared.unavailable[sn]
        reason = text(language, "pairing.bye.requested" if kind != "absent" else "pairing.bye.absent")
        byes.append(Bye(sn, kind, points[kind], reason))
    return RoundPairing(round=state.round_number, pairs=out_boards, byes=byes,
                        initial_colour=state.initial_colour, initial_colour_source=prepared.initial_colour_source,
                        seed=prepared.seed, acceleration=prepared.acceleration,
                        brackets=outcome.brackets, summary=outcome.summary, notes=list(outcome.notes),
                        system=system.id, system_source=resolved.source,
                        warnings=[*resolved.warnings, *choice.warnings])


# ------------------------------------------------------------------ appending a round


def apply_pairing(tournament: Tournament, pairing: RoundPairing) -> Tournament:
    """A copy of the tournament with the pairing written as round `pairing.round`
    (games without results yet, requested byes and the PAB with their points)."""
    t = copy.deepcopy(tournament)
    r = pairing.round
    for p in t.players.values():
        while len(p.rounds) < r:
            p.rounds.append(RoundEntry(None, None, Result.NOT_PAIRED))
    for b in pairing.pairs:
        t.players[b.white].rounds[r - 1] = RoundEntry(b.black, Colour.WHITE, Result.NOT_PAIRED)
        t.players[b.black].rounds[r - 1] = RoundEntry(b.white, Colour.BLACK, Result.NOT_PAIRED)
    codes = {"PAB": Result.PAIRING_ALLOCATED_BYE, "HPB": Result.HALF_POINT_BYE,
             "FPB": Result.FULL_POINT_BYE, "ZPB": Result.ZERO_POINT_BYE, "absent": Result.NOT_PAIRED}
    for bye in pairing.byes:
        t.players[bye.id].rounds[r - 1] = RoundEntry(None, None, codes[bye.type])
    if t.initial_colour is None:
        t.initial_colour = pairing.initial_colour
    return t
