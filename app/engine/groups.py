"""Combined formats: a group stage (Swiss groups or round-robin groups), then a knockout.

Reference: the seed document "2013-12-8" (四、组合赛制), here "the document".

Groups. The seeded field is dealt into 2, 4, 8 or 16 groups by the serpentine
(snake) rule of the document's table: seeds go left to right over the groups in
the first row, right to left in the second, and so on (2 groups: A 1, 4, 5, 8,
9, ...; B 2, 3, 6, 7, 10, ...; 4 groups: A 1, 8, 9, 16, 17; B 2, 7, 10, 15, 18;
C 3, 6, 11, 14, 19; D 4, 5, 12, 13, 20).

Crossover. The qualifiers (a power of two, shared equally by the groups) play a
knockout. The document's four tables are used exactly as printed:

* 2 Swiss groups, 16 qualifiers: H1 A1-B8, H2 A5-B4, H3 A3-B6, H4 A7-B2,
  H5 A2-B7, H6 A6-B3, H7 A4-B5, H8 A8-B1;
* 4 Swiss groups, 16 qualifiers: H1 A1-D4, H2 A3-D2, H3 A2-D3, H4 A4-D1,
  H5 B4-C1, H6 B2-C3, H7 B3-C2, H8 B1-C4;
* 16 round-robin groups (group winners only): H1 1-16, H2 8-9, H3 5-12,
  H4 4-13, H5 3-14, H6 11-6, H7 7-10, H8 2-15 — a number k is the winner of
  group number k (groups A..P are numbers 1..16; by the snake rule group k is
  the group of seed k);
* 8 round-robin groups, 16 qualifiers (the document names these M1..M8):
  M1 A1-H2, M2 H1-A2, M3 E1-D2, M4 D1-E2, M5 C1-F2, M6 F1-C2, M7 G1-B2, M8 B1-G2;

then Q1 = winners of the 1st and 2nd 1/8-finals, Q2 3rd-4th, Q3 5th-6th,
Q4 7th-8th, S1 = Q1-Q2, S2 = Q3-Q4, the final between the winners and the
third-place match between the losers.

Other sizes are derived by the principle all four tables follow: the qualifier
in place p of the g-th group (0-based) gets the overall seed (p - 1) * k + g + 1
(all group winners first, in group order, then all runners-up, ...), and the
overall seeds are placed in the standard knockout layout (`seeding_layout`:
seed 1 meets the last seed, group winners meet lower-placed qualifiers of
another group, seeds 1 and 2 are in different halves). Home side: in Swiss
groups the player of the earlier group letter (as in both Swiss tables), in
round-robin groups the better overall seed (as in the 8-group table). The
derivation reproduces the pairs of all four tables (and their home sides, but
for H6 of the 16-group table, printed 11-6). Note that the document's tables
favour the seeding over keeping group mates apart: in the 4-group table A1 and
A3 can meet in the quarter-finals, in the 8-group table A1 and A2 can; the
derived tables behave the same way (e.g. 4 groups x 2: A1 and A2 are in the
same half). With only the group winners qualifying (one per group) the slots
are group numbers, as in the document's 16-group table.

Advice. The document sets up 2 or 4 Swiss groups ("按选取进入决赛的人数设立2或4个积分编排组"), and
after round-robin groups "the number of groups should equal the number of qualifiers or half of
it" ("预赛分组数量应该为最终应等于进入决赛选手数量或一半"). Other formats are built all the same
(by the derived rule) and answered with a warning (`format_warnings`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from app.engine.entrants import Entrant, seeded_field
from app.engine.errors import InputError, Issue
from app.engine.knockout import (
    MAX_KNOCKOUT_PLAYERS,
    Bracket,
    GroupPlace,
    Results,
    RoundSpec,
    Seat,
    Seed,
    Slot,
    build_rounds,
    layout_pairs,
    resolve,
    seeded_knockout,
)
from app.engine.messages import Message, warning

GROUP_COUNTS = (2, 4, 8, 16)
GROUP_LETTERS = "ABCDEFGHIJKLMNOP"
MAX_GROUP_PLAYERS = 4096


class Stage(StrEnum):
    SWISS_GROUPS = "swiss-groups"
    ROUND_ROBIN_GROUPS = "round-robin-groups"
    SEEDED = "seeded"


# ---- the group split --------------------------------------------------------------


@dataclass(frozen=True)
class Group:
    name: str
    players: tuple[Entrant, ...]

    def to_dict(self) -> dict[str, object]:
        return {"name": self.name, "players": list(self.players)}


@dataclass(frozen=True)
class GroupSplit:
    groups: tuple[Group, ...]

    def to_dict(self) -> dict[str, object]:
        return {"groups": [g.to_dict() for g in self.groups]}


def _check_group_count(groups: object) -> int:
    if isinstance(groups, bool) or not isinstance(groups, int) or groups not in GROUP_COUNTS:
        raise InputError(Message.of("error.groups.count", found=groups), field="groups")
    return groups


def snake_groups(players: int | Sequence[Entrant], groups: int) -> GroupSplit:
    """Deal a seeded field into groups by the serpentine rule (the document's 分组 table)."""
    k = _check_group_count(groups)
    ids = seeded_field(players, minimum=2 * k, maximum=MAX_GROUP_PLAYERS)
    members: list[list[Entrant]] = [[] for _ in range(k)]
    for i, pid in enumerate(ids):
        row, col = divmod(i, k)
        members[col if row % 2 == 0 else k - 1 - col].append(pid)
    return GroupSplit(tuple(Group(GROUP_LETTERS[g], tuple(m)) for g, m in enumerate(members)))


# ---- crossover tables -------------------------------------------------------------

# The document's tables, verbatim: (match id, home, away).
_DOCUMENT_TABLES: dict[tuple[Stage, int, int], tuple[tuple[str, str, str], ...]] = {
    (Stage.SWISS_GROUPS, 2, 16): (
        ("H1", "A1", "B8"), ("H2", "A5", "B4"), ("H3", "A3", "B6"), ("H4", "A7", "B2"),
        ("H5", "A2", "B7"), ("H6", "A6", "B3"), ("H7", "A4", "B5"), ("H8", "A8", "B1"),
    ),
    (Stage.SWISS_GROUPS, 4, 16): (
        ("H1", "A1", "D4"), ("H2", "A3", "D2"), ("H3", "A2", "D3"), ("H4", "A4", "D1"),
        ("H5", "B4", "C1"), ("H6", "B2", "C3"), ("H7", "B3", "C2"), ("H8", "B1", "C4"),
    ),
    (Stage.ROUND_ROBIN_GROUPS, 16, 16): (
        ("H1", "1", "16"), ("H2", "8", "9"), ("H3", "5", "12"), ("H4", "4", "13"),
        ("H5", "3", "14"), ("H6", "11", "6"), ("H7", "7", "10"), ("H8", "2", "15"),
    ),
    (Stage.ROUND_ROBIN_GROUPS, 8, 16): (
        ("M1", "A1", "H2"), ("M2", "H1", "A2"), ("M3", "E1", "D2"), ("M4", "D1", "E2"),
        ("M5", "C1", "F2"), ("M6", "F1", "C2"), ("M7", "G1", "B2"), ("M8", "B1", "G2"),
    ),
}


def document_table(stage: Stage, groups: int, qualifiers: int) -> tuple[tuple[str, str, str], ...] | None:
    """The seed document's first knockout round for this format, if it prints one."""
    return _DOCUMENT_TABLES.get((stage, groups, qualifiers))


def _parse_slot(label: str) -> Slot:
    if label.isdigit():
        return Seed(int(label))
    return GroupPlace(label[0], int(label[1:]))


def _group_slot(seed: int, groups: int, per_group: int) -> Slot:
    """The qualifier holding overall seed `seed`: place (seed-1)//k + 1 of group (seed-1)%k."""
    place, g = divmod(seed - 1, groups)
    if per_group == 1:
        return Seed(g + 1)  # winners only: the document numbers the groups
    return GroupPlace(GROUP_LETTERS[g], place + 1)


def _parse_stage(stage: object) -> Stage:
    try:
        return Stage(str(stage))
    except ValueError:
        raise InputError(Message.of("error.groups.stage", found=stage),
                         field="stage") from None


def _check_format(stage: object, groups: object, qualifiers: object) -> tuple[Stage, int, int]:
    st = _parse_stage(stage)
    if isinstance(qualifiers, bool) or not isinstance(qualifiers, int) or qualifiers < 2:
        raise InputError(Message.of("error.groups.qualifiers-type", found=qualifiers),
                         field="qualifiers")
    if qualifiers > MAX_KNOCKOUT_PLAYERS:
        raise InputError(Message.of("error.groups.qualifiers-at-most", maximum=MAX_KNOCKOUT_PLAYERS, count=qualifiers),
                         field="qualifiers")
    if st is Stage.SEEDED:
        return st, 0, qualifiers
    k = _check_group_count(groups)
    if qualifiers % k:
        raise InputError(Message.of("error.groups.qualifiers-share", groups=k, qualifiers=qualifiers),
                         field="qualifiers")
    if qualifiers & (qualifiers - 1):
        raise InputError(Message.of("error.groups.qualifiers-power", qualifiers=qualifiers),
                         field="qualifiers")
    return st, k, qualifiers


def crossover_rounds(stage: Stage | str, groups: int, qualifiers: int, *,
                     third_place: bool = True) -> tuple[RoundSpec, ...]:
    """The knockout after a group stage: the document's table if it has one, else the derived one."""
    st, k, q = _check_format(stage, groups, qualifiers)
    if st is Stage.SEEDED:
        raise InputError(Message.of("error.groups.seeded-crossover"), field="stage")
    table = document_table(st, k, q)
    if table is not None:
        first = [(_parse_slot(home), _parse_slot(away)) for _, home, away in table]
        return build_rounds(first, third_place=third_place, first_round_ids=[mid for mid, _, _ in table])
    per_group = q // k
    matches: list[tuple[Slot, Slot] | Slot | None] = []
    for a, b in layout_pairs(q):
        if st is Stage.SWISS_GROUPS:
            # Both Swiss tables: the earlier group letter plays at home.
            home, away = (a, b) if (a - 1) % k < (b - 1) % k else (b, a)
        else:
            # The 8-group round-robin table: the better overall seed plays at home.
            home, away = min(a, b), max(a, b)
        matches.append((_group_slot(home, k, per_group), _group_slot(away, k, per_group)))
    return build_rounds(matches, third_place=third_place)


def _standings_seat(standings: Mapping[str, Sequence[Entrant]] | None, groups: int, per_group: int) -> Seat:
    """Resolve group slots from the ranked ids of every group; None when no standings are given."""
    if standings is None:
        return lambda slot: None  # unresolved: the slots are shown
    if not isinstance(standings, Mapping):
        raise InputError(Message.of("error.groups.standings-type"), field="standings")
    names = GROUP_LETTERS[:groups]
    unknown = sorted(str(g) for g in standings if g not in names)
    if unknown:
        raise InputError(Message.of("error.groups.unknown", unknown=", ".join(unknown), groups=", ".join(names)),
                         field="standings")
    ranked: dict[str, list[Entrant]] = {}
    seen: dict[Entrant, str] = {}
    for name in names:
        if name not in standings:
            raise InputError(Message.of("error.groups.no-standings", group=name), field=f"standings.{name}")
        ids = seeded_field(standings[name], minimum=per_group, maximum=MAX_GROUP_PLAYERS, field=f"standings.{name}")
        for pid in ids:
            if pid in seen:
                raise InputError(Message.of("error.groups.ranked-twice", player=pid, first=seen[pid], second=name),
                                 field=f"standings.{name}")
            seen[pid] = name
        ranked[name] = ids

    def seat(slot: Seed | GroupPlace) -> Entrant | None:
        if isinstance(slot, Seed):
            return ranked[GROUP_LETTERS[slot.number - 1]][0]
        return ranked[slot.group][slot.place - 1]

    return seat


def format_warnings(stage: Stage, groups: int, qualifiers: int) -> list[Issue]:
    """Where a group stage and its knockout depart from the document's advice (see the module docstring)."""
    if stage is Stage.SWISS_GROUPS and groups not in (2, 4):
        return [warning("swiss-group-count", "warning.swiss-group-count", field="groups", groups=groups)]
    if stage is Stage.ROUND_ROBIN_GROUPS and groups not in (qualifiers, qualifiers // 2):
        return [warning("round-robin-group-count", "warning.round-robin-group-count", field="groups", groups=groups,
                        qualifiers=qualifiers, half=qualifiers // 2)]
    return []


def group_knockout(stage: Stage | str, groups: int, qualifiers: int, *,
                   standings: Mapping[str, Sequence[Entrant]] | None = None,
                   results: Results | None = None,
                   third_place: bool = True) -> Bracket:
    """The knockout after the group stage; slots resolved from the group standings and the results.

    `standings`: group letter -> ids ranked 1st, 2nd, ... (at least as many as qualify per group).
    """
    st, k, q = _check_format(stage, groups, qualifiers)
    rounds = crossover_rounds(st, k, q, third_place=third_place)
    bracket = resolve(rounds, _standings_seat(standings, k, q // k), results)
    return replace(bracket, warnings=tuple(format_warnings(st, k, q)))


def knockout_for_stage(stage: Stage | str, *, groups: int | None = None, qualifiers: int | None = None,
                       players: int | Sequence[Entrant] | None = None,
                       standings: Mapping[str, Sequence[Entrant]] | None = None,
                       results: Results | None = None,
                       third_place: bool = True) -> Bracket:
    """`POST /v1/knockout`: a seeded knockout (players or a number of qualifiers) or the knockout after groups."""
    st = _parse_stage(stage)
    if st is Stage.SEEDED:
        if players is None and qualifiers is None:
            raise InputError(Message.of("error.groups.seeded-needs-players"), field="players")
        if players is not None and qualifiers is not None and not isinstance(players, int) \
                and len(players) != qualifiers:
            raise InputError(Message.of("error.groups.players-vs-qualifiers", count=len(players), qualifiers=qualifiers),
                             field="qualifiers")
        return seeded_knockout(players if players is not None else qualifiers,  # type: ignore[arg-type]
                               results=results, third_place=third_place)
    if groups is None:
        raise InputError(Message.of("error.groups.groups-required"), field="groups")
    if qualifiers is None:
        raise InputError(Message.of("error.groups.qualifiers-required"), field="qualifiers")
    return group_knockout(st, groups, qualifiers, standings=standings, results=results, third_place=third_place)
