"""The rules every Swiss system shares: FIDE C.04.1 (Basic Rules) and C.04.2 (General Handling Rules).

Whatever the system (Dutch, Dubov, Burstein, Lim), the same rules decide

* which round is paired (the next one; a round already paired is reported, never
  paired again under another number; no gap in the rounds);
* who is not paired this round and why (C.04.2 3.2-3.3: withdrawn players, absences,
  requested half-, full- and zero-point byes) and what they score;
* the effective pairing numbers (C.04.2 Art. 2: players who have never been paired
  and are absent now do not count);
* the forbidden pairs (TRF 260 / XXP, treated like [C1]);
* the initial colour (drawn by lot before round 1, C.04.3 5.1 and the same article of
  the other systems): the request, else the file (152 / XXC), else the history, else
  drawn with a documented seed;
* the order of the boards (C.04.2 3.6).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from app.engine.errors import InputError, Issue
from app.engine.messages import Message, warning
from app.engine.model import ByeKind, Colour, Result, RoundEntry, ScoringSystem, Tournament
from app.engine.pairing.state import PlayerState, participated_in_pairing

DEFAULT_SEED = 20260201  # documented default for drawing the initial colour by lot

ByeType = str  # "PAB" | "HPB" | "FPB" | "ZPB" | "absent"


# ------------------------------------------------------------------ which round


@dataclass(frozen=True)
class RoundChoice:
    """The round to pair and whether the file's own pairing of it is replaced."""

    round: int
    repairs: bool  # the file already pairs this round (not played yet): it is paired again
    warnings: tuple[Issue, ...] = ()


def column_has_pairings(t: Tournament, r: int) -> bool:
    for p in t.players.values():
        if r <= len(p.rounds):
            e = p.rounds[r - 1]
            if e.opponent is not None or e.result is Result.PAIRING_ALLOCATED_BYE:
                return True
    return False


def games_without_result(t: Tournament, r: int) -> int:
    """Games of round r that are paired but have no result yet."""
    count = 0
    for p in t.players.values():
        if r <= len(p.rounds):
            e = p.rounds[r - 1]
            if e.opponent is not None and e.result is Result.NOT_PAIRED:
                count += 1
    return count // 2 + count % 2


def games_with_result(t: Tournament, r: int) -> int:
    count = 0
    for p in t.players.values():
        if r <= len(p.rounds):
            e = p.rounds[r - 1]
            if e.opponent is not None and e.result is not Result.NOT_PAIRED:
                count += 1
    return count // 2 + count % 2


def round_to_pair(t: Tournament, requested: int | None) -> RoundChoice:
    """Which round a pairing request pairs (C.04.2: rounds are paired one after the other).

    Without a request: the round after the last paired one; when that round is paired but
    some of its games have no result yet, it is reported (code `round-already-paired`), not
    paired again under the next number. A requested round may be the next one, or the last
    paired round when none of its games has a result (it is paired again from the rounds
    before it, and the answer says so); anything else is refused."""
    last = t.rounds_played
    if requested is not None and requested < 1:
        raise InputError(Message("pairing.round.start", {}), field="round")
    if requested is not None and requested > last + 1:
        raise InputError(Message("pairing.round.out-of-sequence", {"round": requested, "last": last, "next": last + 1}),
                         code="round-out-of-sequence", field="round")
    if requested is None or requested == last + 1:
        missing = games_without_result(t, last) if last >= 1 else 0
        if missing:
            raise InputError(Message("pairing.round.without-results", {"last": last, "missing": missing,
                                                                       "next": last + 1}),
                             code="round-already-paired", field="round")
        return RoundChoice(last + 1, False)
    if requested == last and games_with_result(t, last) == 0:
        note = warning("round-already-paired", "pairing.round.repaired", last=last, field="round")
        return RoundChoice(requested, True, (note,))
    why = Message("pairing.round.has-results", {}) if requested == last else Message("pairing.round.paired-up-to",
                                                                                       {"last": last})
    raise InputError(Message("pairing.round.already-paired", {"round": requested, "why": why}),
                     code="round-already-paired", field="round")


# ------------------------------------------------------------------ availability (C.04.2 3.2-3.3)


def unavailable_players(t: Tournament, r: int, *, absent: Collection[int] = (), withdrawn: Collection[int] = (),
                        byes: Mapping[int, ByeKind | str] | None = None) -> dict[int, ByeType]:
    """Players not paired in round r and why (HPB/FPB/ZPB/absent)."""
    out: dict[int, ByeType] = {}
    paired_column = column_has_pairings(t, r)
    kinds = {ByeKind.HALF_POINT: "HPB", ByeKind.FULL_POINT: "FPB", ByeKind.ZERO_POINT: "ZPB"}
    for sn, p in t.players.items():
        if p.withdrawn_after_round is not None and r > p.withdrawn_after_round:
            out[sn] = "absent"
            continue
        if r <= len(p.rounds):
            e = p.rounds[r - 1]
            if e.opponent is None and e.result is not Result.PAIRING_ALLOCATED_BYE:
                if e.result is Result.HALF_POINT_BYE:
                    out[sn] = "HPB"
                elif e.result is Result.FULL_POINT_BYE:
                    out[sn] = "FPB"
                elif e.result is Result.ZERO_POINT_BYE:
                    out[sn] = "ZPB"
                elif e.result is Result.NOT_PAIRED and paired_column:
                    out[sn] = "absent"
    for req in t.bye_requests:
        if req.round == r:
            for sn in req.ids:
                out[sn] = kinds[req.kind]
    for sn in withdrawn:
        out[sn] = "absent"
    for sn in absent:
        out[sn] = "absent"
    for sn, kind in (byes or {}).items():
        k = kind if isinstance(kind, ByeKind) else ByeKind(str(kind).strip().upper()[:1])
        out[sn] = kinds[k]
    unknown = [sn for sn in out if sn not in t.players]
    if unknown:
        raise InputError(Message("pairing.unknown-players", {"players": unknown}), field="byes")
    return out


def bye_points(scoring: ScoringSystem) -> dict[ByeType, Fraction]:
    return {"PAB": scoring.pairing_allocated_bye, "HPB": scoring.half_point_bye, "FPB": scoring.full_point_bye,
            "ZPB": scoring.zero_point_bye, "absent": scoring.absent}


def tournament_before_round(t: Tournament, r: int) -> Tournament:
    """The tournament as it stood when round r was paired: rounds 1..r-1, plus the
    absences and requested byes recorded in round r (entries without an opponent)."""
    out = copy.copy(t)
    out.players = {}
    paired_column = column_has_pairings(t, r)
    for sn, p in t.players.items():
        q = copy.copy(p)
        q.rounds = list(p.rounds[:r - 1])
        e = p.entry(r)
        if r <= len(p.rounds) and e.opponent is None and e.result is not Result.PAIRING_ALLOCATED_BYE:
            if e.result is not Result.NOT_PAIRED or paired_column:
                q.rounds.append(e if e.result is not Result.NOT_PAIRED else RoundEntry(None, None, Result.ZERO_POINT_BYE))
        out.players[sn] = q
    return out


def pairing_order(t: Tournament, numbers: Mapping[int, int] | None) -> list[int]:
    """The start numbers in pairing-number order (the start numbers themselves by default; else the
    pairing numbers given, e.g. drawn by lot, `lots.py`)."""
    if not numbers:
        return sorted(t.players)
    return sorted(t.players, key=lambda sn: (numbers.get(sn, len(numbers) + sn), sn))


def effective_ranks(t: Tournament, r: int, unavailable: Collection[int], order: Sequence[int] | None = None
                    ) -> dict[int, int]:
    """0-based effective pairing numbers: players never paired who are absent now do not count
    (C.04.2 2.4-2.5, late entries are paired only when they arrive)."""
    rank: dict[int, int] = {}
    for sn in order if order is not None else sorted(t.players):
        p = t.players[sn]
        ever = any(participated_in_pairing(p.entry(k)) for k in range(1, r))
        if sn not in unavailable or ever:
            rank[sn] = len(rank)
    return rank


def forbidden_map(t: Tournament, r: int, extra: Sequence[Collection[int]] = ()) -> dict[int, set[int]]:
    """Players who may not meet in round r (TRF 260 with its round range, XXP, the request)."""
    forbidden: dict[int, set[int]] = {}
    groups: list[Collection[int]] = [fp.ids for fp in t.forbidden_pairs
                                     if (fp.first_round is None or fp.first_round <= r)
                                     and (fp.last_round is None or r <= fp.last_round)]
    groups.extend(extra)
    for g in groups:
        for a in g:
            for b in g:
                if a != b:
                    forbidden.setdefault(a, set()).add(b)
    return forbidden


# ------------------------------------------------------------------ initial colour


def parse_colour(value: Colour | str | None) -> Colour | None:
    """A colour given as W / B (or white / black, or a `Colour`); None stays None."""
    if value is None or isinstance(value, Colour):
        return value
    v = value.strip().upper()[:1]
    if v == "W":
        return Colour.WHITE
    if v == "B":
        return Colour.BLACK
    raise InputError(Message("pairing.initial-colour", {"value": value}), field="initial_colour")


def infer_initial_colour(t: Tournament, before_round: int, order: Sequence[int] | None = None) -> Colour | None:
    """Initial colour read from the history: the colour of the first player (in
    pairing-number order, counting only players already paired) in the first
    round where colours were given, flipped if his count is even."""
    first = None
    for r in range(1, before_round):
        if any(p.entry(r).colour is not None for p in t.players.values()):
            first = r
            break
    if first is None:
        return None
    count = 0
    for sn in order if order is not None else sorted(t.players):
        p = t.players[sn]
        if not any(participated_in_pairing(p.entry(k)) for k in range(1, first + 1)):
            continue
        c = p.entry(first).colour
        if c is not None:
            return c.opposite if count % 2 else c
        count += 1
    return None


def draw_colour(seed: int) -> Colour:
    return Colour.WHITE if random.Random(seed).random() < 0.5 else Colour.BLACK


def initial_colour(option: Colour | str | None, t: Tournament, seed: int | None,
                   from_history: Callable[[], Colour | None] | None = None) -> tuple[Colour, str, int | None]:
    """The initial colour, its source and the seed it was drawn with: the option, else the
    file (152 / XXC), else the history (when `from_history` is given), else drawn by lot."""
    chosen = parse_colour(option)
    if chosen is not None:
        return chosen, "option", None
    if t.initial_colour is not None:
        return t.initial_colour, "file", None
    inferred = from_history() if from_history is not None else None
    if inferred is not None:
        return inferred, "history", None
    drawn_with = seed if seed is not None else DEFAULT_SEED
    return draw_colour(drawn_with), "drawn", drawn_with


# ------------------------------------------------------------------ board order (C.04.2 3.6)


def higher_of(a: PlayerState, b: PlayerState) -> tuple[PlayerState, PlayerState]:
    """The pair ordered as C.04.2 ranks players: higher (pairing) score, then smaller TPN."""
    return (a, b) if (-a.pairing_score, a.rank) <= (-b.pairing_score, b.rank) else (b, a)


def board_key(higher: PlayerState, lower: PlayerState) -> tuple[Fraction, Fraction, int]:
    """C.04.2 3.6: the higher score of the higher-ranked player, then the higher sum of the
    scores, then the smaller TPN of the higher-ranked player (pairing scores with acceleration)."""
    return -higher.pairing_score, -lower.pairing_score, higher.rank
