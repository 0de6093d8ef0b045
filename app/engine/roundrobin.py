"""Round robin: Berger tables (C.05 Annex 1), double round robin, Varma tables (C.05 Annex 2).

Berger numbers 1..n are the pairing numbers of an all-play-all. With an odd `n`
a dummy number n + 1 completes the table; the player drawn against the dummy
rests that round (no game, no points; it is not a pairing-allocated bye) and the
dummy never appears in the output: the resting player is listed in `rest` and
the remaining boards are numbered 1, 2, ... in table order.

Board order and colours follow the rotation algorithm that reproduces the FIDE
tables (spec/roundrobin.md §2.1): round 1 is k – (N + 1 − k); each next round
puts N against the last number of the previous round (N is Black in odd rounds,
White in even rounds) and pairs the remaining numbers from the back.

Double round robin: the second cycle repeats the table with colours reversed.
By default the last two rounds of the first cycle are played in swapped order
(the C.05 Annex 1 recommendation, spec/roundrobin.md §3): otherwise players 1
and N/2 + 1 would have the same colour three times in a row across the cycle
boundary. `swap_last_two=False` plays the table unchanged. Round numbers in
the output are the rounds as played.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from app.engine.entrants import Entrant, seeded_field
from app.engine.errors import InputError
from app.engine.messages import Message, text
from app.engine.model import Tournament
from app.engine.system import PairingSystem, tournament_system

MAX_ROUND_ROBIN_PLAYERS = 100

BergerBoard = tuple[int, int]  # (white, black) Berger numbers, dummy included


# ---- result shapes ------------------------------------------------------------


@dataclass(frozen=True)
class Board:
    board: int
    white: Entrant
    black: Entrant

    def to_dict(self) -> dict[str, object]:
        return {"board": self.board, "white": self.white, "black": self.black}


@dataclass(frozen=True)
class RoundRobinRound:
    round: int
    pairings: tuple[Board, ...]
    rest: tuple[Entrant, ...] = ()

    def to_dict(self) -> dict[str, object]:
        return {"round": self.round, "pairings": [b.to_dict() for b in self.pairings],
                "rest": list(self.rest)}


@dataclass(frozen=True)
class RoundRobinSchedule:
    rounds: tuple[RoundRobinRound, ...]

    def to_dict(self) -> dict[str, object]:
        return {"rounds": [r.to_dict() for r in self.rounds]}


# ---- the Berger table ---------------------------------------------------------


def table_size(n: int) -> int:
    """N: the number of Berger numbers in the table (n, or n + 1 with the dummy)."""
    return n + 1 if n % 2 else n


def rounds_in_cycle(n: int) -> int:
    return table_size(n) - 1


@lru_cache(maxsize=128)
def berger_table(n: int) -> tuple[tuple[BergerBoard, ...], ...]:
    """The single-cycle Berger table for n players, dummy included, by the rotation algorithm."""
    size = table_size(n)
    half = size // 2
    rounds: list[tuple[BergerBoard, ...]] = [tuple((k, size + 1 - k) for k in range(1, half + 1))]
    for number in range(2, size):
        # spec/roundrobin.md §2.1: list the previous round without N, White before Black.
        rest = [p for board in rounds[-1] for p in board if p != size]
        last = rest.pop()
        boards: list[BergerBoard] = [(size, last) if number % 2 == 0 else (last, size)]
        while rest:
            black = rest.pop()
            white = rest.pop()
            boards.append((white, black))
        rounds.append(tuple(boards))
    return tuple(rounds)


def played_order(n: int, *, double: bool, swap_last_two: bool = True) -> list[tuple[int, bool]]:
    """(table round, colours reversed) for every round as played."""
    cycle = rounds_in_cycle(n)
    first = list(range(1, cycle + 1))
    if double and swap_last_two and cycle >= 2:
        # C.05 Annex 1: play the last round of the first cycle before the second-to-last.
        first[-2], first[-1] = first[-1], first[-2]
    order = [(r, False) for r in first]
    if double:
        order += [(r, True) for r in range(1, cycle + 1)]
    return order


def _numbered_round(n: int, played_round: int, table_round: int, reversed_colours: bool) -> RoundRobinRound:
    """A round in Berger numbers: the dummy's game becomes a rest."""
    size = table_size(n)
    boards: list[Board] = []
    rest: list[Entrant] = []
    for white, black in berger_table(n)[table_round - 1]:
        if reversed_colours:
            white, black = black, white
        if size != n and size in (white, black):
            rest.append(black if white == size else white)
            continue
        boards.append(Board(len(boards) + 1, white, black))
    return RoundRobinRound(played_round, tuple(boards), tuple(rest))


def _relabel(rnd: RoundRobinRound, ids: Sequence[Entrant]) -> RoundRobinRound:
    def who(number: Entrant) -> Entrant:
        assert isinstance(number, int)
        return ids[number - 1]

    return RoundRobinRound(rnd.round, tuple(Board(b.board, who(b.white), who(b.black)) for b in rnd.pairings),
                           tuple(who(p) for p in rnd.rest))


def round_robin_schedule(players: int | Sequence[Entrant], *, double: bool = False,
                         swap_last_two: bool = True) -> RoundRobinSchedule:
    """Every round of a (double) round robin.

    `players`: a count (ids are Berger numbers 1..n) or ids in seeding order
    (the i-th id gets Berger number i).
    """
    ids = seeded_field(players, minimum=2, maximum=MAX_ROUND_ROBIN_PLAYERS)
    n = len(ids)
    rounds = tuple(_relabel(_numbered_round(n, i, r, rev), ids)
                   for i, (r, rev) in enumerate(played_order(n, double=double, swap_last_two=swap_last_two),
                                                start=1))
    return RoundRobinSchedule(rounds)


def berger_round(players: int | Sequence[Entrant], round_number: int, *, double: bool = False,
                 swap_last_two: bool = True) -> RoundRobinRound:
    """Round `round_number` (as played, 1-based) of the (double) round robin."""
    ids = seeded_field(players, minimum=2, maximum=MAX_ROUND_ROBIN_PLAYERS)
    n = len(ids)
    order = played_order(n, double=double, swap_last_two=swap_last_two)
    if isinstance(round_number, bool) or not isinstance(round_number, int) \
            or not 1 <= round_number <= len(order):
        raise InputError(Message.of("error.roundrobin.no-round.double" if double else "error.roundrobin.no-round", round=round_number,
                                    participants=Message.of("what.count.players", count=n), last=len(order)), field="round")
    table_round, reversed_colours = order[round_number - 1]
    return _relabel(_numbered_round(n, round_number, table_round, reversed_colours), ids)


def berger_seeding(numbers: Sequence[int], berger_numbers: Mapping[int, int] | None, noun: str) -> list[Entrant]:
    """Participants (start or team numbers) in Berger-number order.

    Without `berger_numbers` the numbers themselves must be 1..n; otherwise the
    mapping (number -> Berger number) must give every participant one of 1..n.
    """
    ids = sorted(numbers)
    n = len(ids)
    if n < 2:
        raise InputError(Message.of("error.roundrobin.too-few.players" if noun == "players" else "error.roundrobin.too-few.teams", count=n), field=noun)
    if berger_numbers is None:
        if ids != list(range(1, n + 1)):
            raise InputError(Message.of("error.roundrobin.not-berger.players" if noun == "players" else "error.roundrobin.not-berger.teams"), field="berger_numbers")
        return list(ids)
    mapping = dict(berger_numbers)
    unknown = sorted(set(mapping) - set(ids))
    missing = sorted(set(ids) - set(mapping))
    if unknown:
        raise InputError(Message.of("error.roundrobin.berger-unknown.players" if noun == "players" else "error.roundrobin.berger-unknown.teams", unknown=unknown), field="berger_numbers")
    if missing:
        raise InputError(Message.of("error.roundrobin.berger-missing.players" if noun == "players" else "error.roundrobin.berger-missing.teams", missing=missing), field="berger_numbers")
    if sorted(mapping.values()) != list(range(1, n + 1)):
        raise InputError(Message.of("error.roundrobin.berger-range", count=n), field="berger_numbers")
    by_number = {number: sn for sn, number in mapping.items()}
    return [by_number[k] for k in range(1, n + 1)]


def pair_tournament_round(t: Tournament, round_number: int, *,
                          berger_numbers: Mapping[int, int] | None = None,
                          double: bool | None = None, swap_last_two: bool = True) -> RoundRobinRound:
    """Pairings of round `round_number` of a tournament played as a Berger round robin.

    Ids are start numbers. The Berger number of a player is its start number
    unless `berger_numbers` (start number -> Berger number) is given; the
    numbers must be exactly 1..n. `double` defaults to the tournament's system
    (double round robin or not).
    """
    ids = berger_seeding(sorted(t.players), berger_numbers, "players")
    if double is None:
        double = tournament_system(t)[0] is PairingSystem.DOUBLE_ROUND_ROBIN
    return berger_round(ids, round_number, double=double, swap_last_two=swap_last_two)



def berger_texts(lang: str) -> tuple[str, str]:
    """The note of a round paired from the Berger tables and the reason of a player who rests in it, in
    `lang` (a language of app.engine.messages)."""
    return text(lang, "pairing.berger.tables"), text(lang, "pairing.berger.rest")


# ---- Varma tables (C.05 Annex 2) -------------------------------------------------

# C.05 Annex 2 point 5, as printed in the FIDE Handbook ("9/10 players: A: (3, 4, 8); ...").
# Verified against the handbook text for 9/10 up to 19/20 players. The 21/22 and 23/24
# rows could not be read in full from a primary source and are deliberately absent.
VARMA_TABLES: dict[int, dict[str, tuple[int, ...]]] = {
    10: {"A": (3, 4, 8), "B": (5, 7, 9), "C": (1, 6), "D": (2, 10)},
    12: {"A": (4, 5, 9, 10), "B": (1, 2, 7), "C": (6, 8, 12), "D": (3, 11)},
    14: {"A": (4, 5, 6, 11, 12), "B": (1, 2, 8, 9), "C": (7, 10, 13), "D": (3, 14)},
    16: {"A": (5, 6, 7, 12, 13, 14), "B": (1, 2, 3, 9, 10), "C": (8, 11, 15), "D": (4, 16)},
    18: {"A": (5, 6, 7, 8, 14, 15, 16), "B": (1, 2, 3, 10, 11, 12), "C": (9, 13, 17), "D": (4, 18)},
    20: {"A": (6, 7, 8, 9, 15, 16, 17, 18), "B": (1, 2, 3, 11, 12, 13, 14), "C": (5, 10, 19), "D": (4, 20)},
    # 21-24: groups A and B of 21/22 as printed in the handbook; C, D and the 23/24 row from a
    # secondary transcription, accepted because they keep group mates apart in the last three rounds
    # (checked by tests/test_roundrobin.py).
    22: {"A": (6, 7, 8, 9, 10, 17, 18, 19, 20), "B": (1, 2, 3, 4, 12, 13, 14, 15), "C": (11, 16, 21),
         "D": (5, 22)},
    24: {"A": (6, 7, 8, 9, 10, 11, 19, 20, 21, 22), "B": (1, 2, 3, 4, 13, 14, 15, 16, 17), "C": (12, 18, 23),
         "D": (5, 24)},
}
VARMA_MIN_PLAYERS = 9
VARMA_MAX_PLAYERS = 24


def varma_groups(n: int) -> dict[str, list[int]]:
    """The sets of numbers A-D for n players; with odd n the dummy number n + 1 is left out."""
    if isinstance(n, bool) or not isinstance(n, int) or not VARMA_MIN_PLAYERS <= n <= VARMA_MAX_PLAYERS:
        raise InputError(Message.of("error.roundrobin.varma", minimum=VARMA_MIN_PLAYERS, maximum=VARMA_MAX_PLAYERS, found=n), field="players")
    size = table_size(n)
    return {name: [k for k in numbers if k <= n] for name, numbers in VARMA_TABLES[size].items()}


@dataclass(frozen=True)
class VarmaEntrant:
    id: Entrant
    federation: str | None = None  # FIDE code (or club): players sharing it form a contingent
    name: str = ""


@dataclass(frozen=True)
class VarmaAssignment:
    id: Entrant
    federation: str | None
    name: str
    group: str
    berger_number: int

    def to_dict(self) -> dict[str, object]:
        return {"id": self.id, "federation": self.federation, "name": self.name, "group": self.group,
                "berger_number": self.berger_number}


@dataclass(frozen=True)
class VarmaDraw:
    groups: dict[str, list[int]]
    draw: tuple[VarmaAssignment, ...]  # in drawing order

    @property
    def berger_numbers(self) -> dict[Entrant, int]:
        return {a.id: a.berger_number for a in self.draw}

    @property
    def players(self) -> list[Entrant]:
        """Ids in Berger-number order: the seeding list for `round_robin_schedule`."""
        return [a.id for a in sorted(self.draw, key=lambda a: a.berger_number)]

    def to_dict(self) -> dict[str, object]:
        return {"groups": {k: list(v) for k, v in self.groups.items()},
                "draw": [a.to_dict() for a in self.draw], "players": self.players}


def _as_varma_entrant(item: VarmaEntrant | Mapping[str, object], index: int) -> VarmaEntrant:
    if isinstance(item, VarmaEntrant):
        return item
    if not isinstance(item, Mapping) or "id" not in item:
        raise InputError(Message.of("error.roundrobin.varma-id"), field=f"players[{index}]")
    pid = item["id"]
    if isinstance(pid, bool) or not isinstance(pid, int | str):
        raise InputError(Message.of("error.participant-id.player", found=pid), field=f"players[{index}].id")
    federation = item.get("federation")
    if federation is not None and not isinstance(federation, str):
        raise InputError(Message.of("error.roundrobin.federation"), field=f"players[{index}].federation")
    name = item.get("name", "")
    code = federation.strip() if federation else ""
    return VarmaEntrant(pid, code or None, str(name) if name is not None else "")


def varma_draw(entrants: Sequence[VarmaEntrant | Mapping[str, object]],
               seed: int | str | None = 0) -> VarmaDraw:
    """Restricted drawing of Berger numbers by the Varma table (C.05 Annex 2).

    Drawing order (Annex 2 point 2): the federation with the most players first,
    ties by federation code, within a federation alphabetically by name. Each
    contingent picks by lot one set of numbers (A-D) that still has enough numbers
    for all of it, and its players draw their numbers from that set (point 3); the
    numbers left in a set stay available to later contingents. Players without a
    federation draw alone. If no set can hold a contingent (a federation larger
    than every remaining set), the contingent fills the largest remaining set and
    continues in the next largest: an extension, the Annex does not cover it.
    The lots are drawn with `random.Random(seed)`, so the draw is reproducible.
    """
    players = [_as_varma_entrant(e, i) for i, e in enumerate(entrants)]
    seeded_field([p.id for p in players], minimum=0, maximum=len(players))  # ids: scalars, no repeats
    groups = varma_groups(len(players))
    rng = random.Random(seed)
    remaining = {name: list(numbers) for name, numbers in groups.items()}

    contingents: dict[str, list[VarmaEntrant]] = {}
    loners: list[VarmaEntrant] = []
    for p in players:
        if p.federation:
            contingents.setdefault(p.federation, []).append(p)
        else:
            loners.append(p)
    order: list[list[VarmaEntrant]] = [
        sorted(members, key=lambda p: (p.name.casefold(), p.name, str(p.id)))
        for _, members in sorted(contingents.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    ]
    order += [[p] for p in sorted(loners, key=lambda p: (p.name.casefold(), p.name, str(p.id)))]

    draw: list[VarmaAssignment] = []
    for members in order:
        waiting = list(members)
        while waiting:
            fitting = [name for name in sorted(remaining) if len(remaining[name]) >= len(waiting)]
            if fitting:
                chosen = rng.choice(fitting)
            else:
                largest = max(len(v) for v in remaining.values())
                chosen = rng.choice([name for name in sorted(remaining) if len(remaining[name]) == largest])
            envelope = remaining[chosen]
            while waiting and envelope:
                player = waiting.pop(0)
                number = envelope.pop(rng.randrange(len(envelope)))
                draw.append(VarmaAssignment(player.id, player.federation, player.name, chosen, number))
    return VarmaDraw(groups, tuple(draw))


def varma_draw_for_tournament(t: Tournament, seed: int | str | None = 0) -> VarmaDraw:
    """The Varma draw of a tournament's players (ids = start numbers, federation and name from the players).

    `draw.berger_numbers` is the mapping `pair_tournament_round` takes.
    """
    return varma_draw([VarmaEntrant(p.start_number, p.federation or None, p.name) for p in t.sorted_players()],
                      seed)
