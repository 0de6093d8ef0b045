"""Combined formats: serpentine groups and the crossover tables of the seed document (2013-12-8)."""

from __future__ import annotations

import pytest

from app.engine.errors import InputError
from app.engine.groups import (
    Stage,
    crossover_rounds,
    document_table,
    group_knockout,
    knockout_for_stage,
    snake_groups,
)
from app.engine.knockout import Bracket, GroupPlace, Seed

# ---- the document's group table (分2个组 / 分4个组), five rows ----------------------

DOC_TWO_GROUPS = {"A": [1, 4, 5, 8, 9], "B": [2, 3, 6, 7, 10]}
DOC_FOUR_GROUPS = {"A": [1, 8, 9, 16, 17], "B": [2, 7, 10, 15, 18], "C": [3, 6, 11, 14, 19],
                   "D": [4, 5, 12, 13, 20]}


def _as_map(split) -> dict[str, list[object]]:  # type: ignore[no-untyped-def]
    return {g["name"]: g["players"] for g in split.to_dict()["groups"]}


def test_two_groups_as_in_the_document() -> None:
    assert _as_map(snake_groups(10, 2)) == DOC_TWO_GROUPS


def test_four_groups_as_in_the_document() -> None:
    assert _as_map(snake_groups(20, 4)) == DOC_FOUR_GROUPS


def test_eight_and_sixteen_groups_snake() -> None:
    eight = _as_map(snake_groups(24, 8))
    assert eight["A"] == [1, 16, 17] and eight["H"] == [8, 9, 24] and eight["D"] == [4, 13, 20]
    sixteen = _as_map(snake_groups(32, 16))
    assert list(sixteen) == list("ABCDEFGHIJKLMNOP")
    assert sixteen["A"] == [1, 32] and sixteen["P"] == [16, 17] and sixteen["K"] == [11, 22]


def test_ids_and_uneven_fields() -> None:
    ids = [f"p{k}" for k in range(1, 12)]
    got = snake_groups(ids, 4).to_dict()
    assert got == {"groups": [
        {"name": "A", "players": ["p1", "p8", "p9"]},
        {"name": "B", "players": ["p2", "p7", "p10"]},
        {"name": "C", "players": ["p3", "p6", "p11"]},
        {"name": "D", "players": ["p4", "p5"]},
    ]}


@pytest.mark.parametrize("players, groups, message, field", [
    (10, 3, "must be 2, 4, 8 or 16", "groups"),
    (10, True, "must be 2, 4, 8 or 16", "groups"),
    (7, 4, "at least 8 players", "players"),
    (1, 2, "at least 4 players", "players"),
    ([1, 2, 2, 3], 2, "more than once", "players[2]"),
])
def test_bad_group_splits(players: object, groups: object, message: str, field: str) -> None:
    with pytest.raises(InputError, match=message) as err:
        snake_groups(players, groups)  # type: ignore[arg-type]
    assert err.value.issue.field == field


# ---- the crossover tables ---------------------------------------------------------

DOC_KNOCKOUT_AFTER_16 = [
    ("quarter-final", ["Q1:{0}1-{0}2", "Q2:{0}3-{0}4", "Q3:{0}5-{0}6", "Q4:{0}7-{0}8"]),
    ("semi-final", ["S1:Q1-Q2", "S2:Q3-Q4"]),
    ("final", ["F:S1-S2", "T:L:S1-L:S2"]),
]


def _labels(bracket: Bracket) -> list[tuple[str, list[str]]]:
    return [(r.name, [f"{m.to_dict()['id']}:{m.to_dict()['home']}-{m.to_dict()['away']}" for m in r.matches])
            for r in bracket.rounds]


def _later(prefix: str) -> list[tuple[str, list[str]]]:
    return [(name, [m.format(prefix) for m in matches]) for name, matches in DOC_KNOCKOUT_AFTER_16]


def test_two_swiss_groups_sixteen_qualifiers() -> None:
    assert _labels(group_knockout("swiss-groups", 2, 16)) == [
        ("1/8-final", ["H1:A1-B8", "H2:A5-B4", "H3:A3-B6", "H4:A7-B2",
                       "H5:A2-B7", "H6:A6-B3", "H7:A4-B5", "H8:A8-B1"]),
    ] + _later("H")


def test_four_swiss_groups_sixteen_qualifiers() -> None:
    assert _labels(group_knockout("swiss-groups", 4, 16)) == [
        ("1/8-final", ["H1:A1-D4", "H2:A3-D2", "H3:A2-D3", "H4:A4-D1",
                       "H5:B4-C1", "H6:B2-C3", "H7:B3-C2", "H8:B1-C4"]),
    ] + _later("H")


def test_sixteen_round_robin_groups() -> None:
    assert _labels(group_knockout("round-robin-groups", 16, 16)) == [
        ("1/8-final", ["H1:1-16", "H2:8-9", "H3:5-12", "H4:4-13", "H5:3-14", "H6:11-6", "H7:7-10", "H8:2-15"]),
    ] + _later("H")


def test_eight_round_robin_groups() -> None:
    assert _labels(group_knockout("round-robin-groups", 8, 16)) == [
        ("1/8-final", ["M1:A1-H2", "M2:H1-A2", "M3:E1-D2", "M4:D1-E2",
                       "M5:C1-F2", "M6:F1-C2", "M7:G1-B2", "M8:B1-G2"]),
    ] + _later("M")


def test_contract_shape() -> None:
    d = group_knockout("swiss-groups", 2, 16).to_dict()
    assert d["rounds"][0]["name"] == "1/8-final"  # type: ignore[index]
    assert d["rounds"][0]["matches"][0] == {"id": "H1", "home": "A1", "away": "B8"}  # type: ignore[index]
    assert d["rounds"][-1] == {"name": "final", "matches": [  # type: ignore[index]
        {"id": "F", "home": "S1", "away": "S2"}, {"id": "T", "home": "L:S1", "away": "L:S2"}]}


@pytest.mark.parametrize("stage, groups", [(Stage.SWISS_GROUPS, 2), (Stage.SWISS_GROUPS, 4),
                                           (Stage.ROUND_ROBIN_GROUPS, 8), (Stage.ROUND_ROBIN_GROUPS, 16)])
def test_the_derivation_reproduces_the_document(stage: Stage, groups: int, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The overall-seed principle used for other sizes gives the document's tables back."""
    table = document_table(stage, groups, 16)
    assert table is not None
    monkeypatch.setattr("app.engine.groups.document_table", lambda *a: None)
    derived = crossover_rounds(stage, groups, 16)[0].matches
    got = [(m.home.label, m.away.label) for m in derived]
    expected = [(home, away) for _, home, away in table]
    if (stage, groups) == (Stage.ROUND_ROBIN_GROUPS, 16):
        # H6 is printed "11-6"; the better-seed-at-home rule gives 6-11. Same pair.
        assert got[5] == ("6", "11") and expected[5] == ("11", "6")
        got[5] = expected[5]
    assert got == expected


def test_derived_two_groups_four_qualifiers_each() -> None:
    assert _labels(group_knockout("swiss-groups", 2, 8)) == [
        ("quarter-final", ["Q1:A1-B4", "Q2:A3-B2", "Q3:A2-B3", "Q4:A4-B1"]),
        ("semi-final", ["S1:Q1-Q2", "S2:Q3-Q4"]),
        ("final", ["F:S1-S2", "T:L:S1-L:S2"]),
    ]
    assert _labels(group_knockout("round-robin-groups", 2, 8))[0] == (
        "quarter-final", ["Q1:A1-B4", "Q2:B2-A3", "Q3:A2-B3", "Q4:B1-A4"])


def test_derived_four_groups_two_qualifiers_each() -> None:
    assert _labels(group_knockout("round-robin-groups", 4, 8))[0] == (
        "quarter-final", ["Q1:A1-D2", "Q2:D1-A2", "Q3:C1-B2", "Q4:B1-C2"])
    assert _labels(group_knockout("swiss-groups", 4, 8))[0] == (
        "quarter-final", ["Q1:A1-D2", "Q2:A2-D1", "Q3:B2-C1", "Q4:B1-C2"])


def test_derived_winners_only_brackets_use_group_numbers() -> None:
    assert _labels(group_knockout("round-robin-groups", 8, 8))[0] == (
        "quarter-final", ["Q1:1-8", "Q2:4-5", "Q3:3-6", "Q4:2-7"])
    assert _labels(group_knockout("round-robin-groups", 2, 2)) == [("final", ["F:1-2"])]
    assert _labels(group_knockout("swiss-groups", 2, 4)) == [
        ("semi-final", ["S1:A1-B2", "S2:A2-B1"]), ("final", ["F:S1-S2", "T:L:S1-L:S2"])]


@pytest.mark.parametrize("stage", ["swiss-groups", "round-robin-groups"])
@pytest.mark.parametrize("groups, qualifiers", [(2, 4), (2, 8), (2, 16), (2, 32), (4, 4), (4, 8), (4, 16), (4, 32),
                                                (8, 8), (8, 16), (8, 32), (16, 16), (16, 32), (16, 64)])
def test_every_crossover_is_a_consistent_bracket(stage: str, groups: int, qualifiers: int) -> None:
    rounds = crossover_rounds(stage, groups, qualifiers)
    first = rounds[0].matches
    assert len(first) == qualifiers // 2
    slots = [s for m in first for s in (m.home, m.away)]
    per_group = qualifiers // groups
    if per_group == 1:
        assert sorted(s.number for s in slots if isinstance(s, Seed)) == list(range(1, groups + 1))
    else:
        places = sorted((s.group, s.place) for s in slots if isinstance(s, GroupPlace))
        assert places == sorted((g, p) for g in "ABCDEFGHIJKLMNOP"[:groups] for p in range(1, per_group + 1))
        for m in first:
            assert isinstance(m.home, GroupPlace) and isinstance(m.away, GroupPlace)
            assert m.home.group != m.away.group, "no first-round match inside a group"
        # Each group winner meets a qualifier of a lower place.
        for m in first:
            if 1 in (m.home.place, m.away.place):
                assert {m.home.place, m.away.place} != {1}
    names = [r.name for r in rounds]
    assert names[-1] == "final" and [m.id for m in rounds[-1].matches] == ["F", "T"]


@pytest.mark.parametrize("kwargs, message, field", [
    ({"stage": "swiss-groups", "groups": 4, "qualifiers": 6}, "cannot share 6 qualifiers", "qualifiers"),
    ({"stage": "swiss-groups", "groups": 4, "qualifiers": 12}, "power of two", "qualifiers"),
    ({"stage": "swiss-groups", "groups": 3, "qualifiers": 12}, "must be 2, 4, 8 or 16", "groups"),
    ({"stage": "swiss-groups", "groups": 4, "qualifiers": 1}, "at least 2", "qualifiers"),
    ({"stage": "knockout", "groups": 4, "qualifiers": 8}, "unknown stage", "stage"),
    ({"stage": "round-robin-groups", "qualifiers": 8}, "number of groups is required", "groups"),
    ({"stage": "round-robin-groups", "groups": 4}, "qualifiers is required", "qualifiers"),
    ({"stage": "seeded"}, "needs the players", "players"),
    ({"stage": "seeded", "players": [1, 2, 3], "qualifiers": 4}, "3 players are listed", "qualifiers"),
])
def test_bad_knockout_requests(kwargs: dict[str, object], message: str, field: str) -> None:
    with pytest.raises(InputError, match=message) as err:
        knockout_for_stage(**kwargs)  # type: ignore[arg-type]
    assert err.value.issue.field == field


# ---- resolving the slots from the group standings ----------------------------------


def _standings(groups: int, per_group: int) -> dict[str, list[str]]:
    return {g: [f"{g}{p}" .lower() for p in range(1, per_group + 1)] for g in "ABCDEFGHIJKLMNOP"[:groups]}


def test_standings_fill_the_slots() -> None:
    b = group_knockout("swiss-groups", 2, 16, standings=_standings(2, 8))
    assert b.match("H1").to_dict() == {"id": "H1", "home": "a1", "away": "b8"}
    assert b.match("Q1").to_dict() == {"id": "Q1", "home": "H1", "away": "H2"}


def test_sixteen_groups_numbers_are_group_winners() -> None:
    standings = {g: [f"{g}-winner", f"{g}-second"] for g in "ABCDEFGHIJKLMNOP"}
    b = group_knockout("round-robin-groups", 16, 16, standings=standings)
    assert (b.match("H6").home, b.match("H6").away) == ("K-winner", "F-winner")  # 11-6


def test_full_combined_event() -> None:
    field = [f"p{k:02d}" for k in range(1, 33)]
    split = snake_groups(field, 4)
    # Pretend every group finished in seeding order.
    standings = {g.name: list(g.players) for g in split.groups}
    results: dict[str, object] = {}
    for _ in range(5):
        b = group_knockout("swiss-groups", 4, 16, standings=standings, results=results)
        for r in b.rounds:
            for m in r.matches:
                if m.winner is None and m.home is not None and m.away is not None:
                    results[m.id] = {"winner": min(m.home, m.away)}  # type: ignore[type-var]
    b = group_knockout("swiss-groups", 4, 16, standings=standings, results=results)
    assert b.match("H1").to_dict()["home"] == "p01" and b.match("H1").to_dict()["away"] == "p13"  # A1 - D4
    assert b.champion == "p01"
    final = b.match("F")
    assert (final.home, final.away) == ("p01", "p02")  # A1 and B1 only meet in the final
    assert (b.match("T").home, b.match("T").away) == ("p04", "p03")  # D1 and C1


def test_knockout_for_stage_dispatch() -> None:
    seeded = knockout_for_stage("seeded", qualifiers=8).to_dict()
    assert seeded["rounds"][0]["matches"][0] == {"id": "Q1", "home": 1, "away": 8}  # type: ignore[index]
    listed = knockout_for_stage("seeded", players=["x", "y"], results={"F": {"winner": "y"}})
    assert listed.champion == "y"
    groups = knockout_for_stage("round-robin-groups", groups=8, qualifiers=16)
    assert groups.rounds[0].matches[0].id == "M1"


@pytest.mark.parametrize("standings, message, field", [
    ({"A": ["a1", "a2"]}, "no standings for group B", "standings.B"),
    ({"A": ["a1", "a2"], "B": ["b1"]}, "at least 2 players", "standings.B"),
    ({"A": ["a1", "a2"], "B": ["b1", "a1"]}, "ranked in groups A and B", "standings.B"),
    ({"A": ["a1", "a2"], "B": ["b1", "b2"], "Z": ["z"]}, "unknown group", "standings"),
    (["a1", "b1"], "map each group", "standings"),
])
def test_bad_standings(standings: object, message: str, field: str) -> None:
    with pytest.raises(InputError, match=message) as err:
        group_knockout("swiss-groups", 2, 4, standings=standings)  # type: ignore[arg-type]
    assert err.value.issue.field == field


@pytest.mark.parametrize("stage, groups, qualifiers, code", [
    ("round-robin-groups", 16, 16, None), ("round-robin-groups", 8, 16, None),  # the document's two tables
    ("round-robin-groups", 4, 8, None), ("round-robin-groups", 2, 4, None), ("round-robin-groups", 4, 4, None),
    ("round-robin-groups", 4, 16, "round-robin-group-count"), ("round-robin-groups", 2, 8, "round-robin-group-count"),
    ("round-robin-groups", 2, 16, "round-robin-group-count"),
    ("swiss-groups", 2, 16, None), ("swiss-groups", 4, 16, None),
    ("swiss-groups", 8, 16, "swiss-group-count"), ("swiss-groups", 16, 32, "swiss-group-count"),
])
def test_group_counts_of_the_seed_document(stage: str, groups: int, qualifiers: int, code: str | None) -> None:
    """Seed 004: 2 or 4 Swiss groups; round-robin groups as many as the qualifiers or half of them."""
    bracket = knockout_for_stage(stage, groups=groups, qualifiers=qualifiers)
    assert [w.code for w in bracket.warnings] == ([code] if code else [])
    assert bool(bracket.to_dict().get("warnings")) == bool(code)
    assert bracket.rounds  # the bracket is built all the same


def test_group_count_warning_in_the_api() -> None:
    from fastapi.testclient import TestClient

    from app.main import app
    client = TestClient(app)
    body = client.post("/v1/knockout", json={"stage": "round-robin-groups", "groups": 4, "qualifiers": 16}).json()
    [warning] = body["warnings"]
    assert warning["code"] == "round-robin-group-count" and warning["field"] == "groups"
    assert "16 or 8 for 16 qualifiers" in warning["message"]
    fine = client.post("/v1/knockout", json={"stage": "round-robin-groups", "groups": 8, "qualifiers": 16}).json()
    assert fine["warnings"] == []
