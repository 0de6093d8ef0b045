"""Knockout brackets: seeding layout, byes, round names, results with tie-breaks and Armageddon."""

from __future__ import annotations

import random

import pytest

from app.engine.errors import InputError
from app.engine.knockout import (
    Bracket,
    MatchResult,
    bracket_size,
    layout_pairs,
    match_id,
    round_name,
    seeded_knockout,
    seeding_layout,
)

# The seed document's 16-group table (H1..H8), read as seed pairs.
DOCUMENT_16 = [(1, 16), (8, 9), (5, 12), (4, 13), (3, 14), (11, 6), (7, 10), (2, 15)]


def test_layout_reproduces_the_document_pairs() -> None:
    assert [tuple(sorted(p)) for p in layout_pairs(16)] == [tuple(sorted(p)) for p in DOCUMENT_16]
    assert seeding_layout(2) == [1, 2]
    assert seeding_layout(4) == [1, 4, 3, 2]
    assert seeding_layout(8) == [1, 8, 5, 4, 3, 6, 7, 2]


@pytest.mark.parametrize("size", [2, 4, 8, 16, 32, 64, 128])
def test_top_seeds_are_spread_over_the_sections(size: int) -> None:
    layout = seeding_layout(size)
    assert sorted(layout) == list(range(1, size + 1))
    # Seeds 1..2^k lie in 2^k different sections of size/2^k positions: they cannot meet before that stage.
    sections = 1
    while sections <= size // 2:
        width = size // sections
        owner = {seed: pos // width for pos, seed in enumerate(layout)}
        assert len({owner[s] for s in range(1, sections + 1)}) == sections
        sections *= 2
    # Every first-round pair adds up to size + 1.
    assert all(a + b == size + 1 for a, b in layout_pairs(size))


def test_names_and_ids() -> None:
    assert [round_name(s) for s in (64, 32, 16, 8, 4, 2)] == [
        "1/32-final", "1/16-final", "1/8-final", "quarter-final", "semi-final", "final"]
    assert [match_id(s, 3) for s in (32, 16, 8, 4)] == ["R32-3", "H3", "Q3", "S3"]
    assert match_id(2, 1) == "F"
    assert [bracket_size(n) for n in (2, 3, 5, 8, 9, 31, 32, 33)] == [2, 4, 8, 8, 16, 32, 32, 64]


def _labels(bracket: Bracket) -> list[tuple[str, list[str]]]:
    return [(r["name"], [f'{m["id"]}:{m["home"]}-{m["away"]}' for m in r["matches"]])  # type: ignore[index]
            for r in bracket.to_dict()["rounds"]]  # type: ignore[attr-defined]


def test_sixteen_seeds() -> None:
    assert _labels(seeded_knockout(16)) == [
        ("1/8-final", ["H1:1-16", "H2:8-9", "H3:5-12", "H4:4-13", "H5:3-14", "H6:6-11", "H7:7-10", "H8:2-15"]),
        ("quarter-final", ["Q1:H1-H2", "Q2:H3-H4", "Q3:H5-H6", "Q4:H7-H8"]),
        ("semi-final", ["S1:Q1-Q2", "S2:Q3-Q4"]),
        ("final", ["F:S1-S2", "T:L:S1-L:S2"]),
    ]


def test_small_fields() -> None:
    assert _labels(seeded_knockout(2)) == [("final", ["F:1-2"])]
    assert _labels(seeded_knockout(3)) == [("semi-final", ["S2:2-3"]), ("final", ["F:1-S2"])]
    assert _labels(seeded_knockout(4)) == [("semi-final", ["S1:1-4", "S2:2-3"]), ("final", ["F:S1-S2", "T:L:S1-L:S2"])]
    assert _labels(seeded_knockout(5)) == [
        ("quarter-final", ["Q2:4-5"]), ("semi-final", ["S1:1-Q2", "S2:2-3"]), ("final", ["F:S1-S2", "T:L:S1-L:S2"])]
    assert _labels(seeded_knockout(6)) == [
        ("quarter-final", ["Q2:4-5", "Q3:3-6"]), ("semi-final", ["S1:1-Q2", "S2:2-Q3"]),
        ("final", ["F:S1-S2", "T:L:S1-L:S2"])]
    assert _labels(seeded_knockout(4, third_place=False))[-1] == ("final", ["F:S1-S2"])


def test_thirty_two_seeds_round_names() -> None:
    b = seeded_knockout(32)
    assert [r.name for r in b.rounds] == ["1/16-final", "1/8-final", "quarter-final", "semi-final", "final"]
    assert [m.id for m in b.rounds[0].matches][:3] == ["R32-1", "R32-2", "R32-3"]
    assert (b.match("R32-1").home, b.match("R32-1").away) == (1, 32)
    assert (b.match("H1").home_slot, b.match("H1").away_slot) == ("R32-1", "R32-2")


@pytest.mark.parametrize("n", range(5, 32))
def test_byes_go_to_the_top_seeds(n: int) -> None:
    b = seeded_knockout(n)
    size = bracket_size(n)
    byes = size - n
    first = b.rounds[0]
    in_first = sorted(p for m in first.matches for p in (m.home, m.away))  # type: ignore[type-var]
    assert in_first == list(range(byes + 1, n + 1))
    later = sorted(p for r in b.rounds[1:] for m in r.matches for p in (m.home, m.away)
                   if isinstance(p, int))
    assert later == list(range(1, byes + 1))
    assert sum(len(r.matches) for r in b.rounds) == n - 1 + 1  # n - 1 knockout games + third place
    assert b.rounds[-1].name == "final" and [m.id for m in b.rounds[-1].matches] == ["F", "T"]


def _play(bracket_fn, n: int, pick) -> Bracket:  # type: ignore[no-untyped-def]
    """Play the whole bracket round by round, `pick(home, away)` choosing the winner."""
    results: dict[str, object] = {}
    while True:
        b = bracket_fn(n, results)
        open_matches = [m for r in b.rounds for m in r.matches
                        if m.winner is None and m.home is not None and m.away is not None]
        if not open_matches:
            return b
        for m in open_matches:
            results[m.id] = {"winner": pick(m.home, m.away)}


@pytest.mark.parametrize("n", range(2, 33))
def test_favourites_reach_the_final_and_one_meets_two_only_there(n: int) -> None:
    b = _play(lambda k, res: seeded_knockout(k, results=res), n, min)
    final = b.match("F")
    assert (final.home, final.away) == (1, 2)
    assert b.champion == 1
    if n >= 4:
        assert {b.match("T").home, b.match("T").away} == {3, 4}
    for seed_set, stage in (({1, 2, 3, 4}, "semi-final"), (set(range(1, 9)), "quarter-final")):
        if n >= 2 * len(seed_set):
            played = next(r for r in b.rounds if r.name == stage)
            assert {p for m in played.matches for p in (m.home, m.away)} == seed_set


@pytest.mark.parametrize("seed", range(12))
def test_one_and_two_never_meet_before_the_final(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randrange(2, 40)
    b = _play(lambda k, res: seeded_knockout(k, results=res), n, lambda h, a: rng.choice([h, a]))
    assert b.champion is not None
    for r in b.rounds[:-1]:
        for m in r.matches:
            assert {m.home, m.away} != {1, 2}
    assert all(m.winner is not None for r in b.rounds for m in r.matches)


def test_ids_in_seeding_order() -> None:
    b = seeded_knockout(["a", "b", "c", "d", "e"])
    assert b.to_dict() == {"rounds": [
        {"name": "quarter-final", "matches": [{"id": "Q2", "home": "d", "away": "e"}]},
        {"name": "semi-final", "matches": [{"id": "S1", "home": "a", "away": "Q2"},
                                           {"id": "S2", "home": "b", "away": "c"}]},
        {"name": "final", "matches": [{"id": "F", "home": "S1", "away": "S2"},
                                      {"id": "T", "home": "L:S1", "away": "L:S2"}]},
    ]}


# ---- results -----------------------------------------------------------------------


def test_advancement_with_declared_winners() -> None:
    b = seeded_knockout(["a", "b", "c", "d"], results={"S1": {"winner": "d"}, "S2": {"winner": "b"}})
    assert b.to_dict()["rounds"][1] == {"name": "final", "matches": [
        {"id": "F", "home": "d", "away": "b"}, {"id": "T", "home": "a", "away": "c"}]}
    b = seeded_knockout(["a", "b", "c", "d"], results={"S1": {"winner": "d"}, "S2": {"winner": "b"},
                                                       "F": {"winner": "b"}, "T": {"winner": "c"}})
    assert b.champion == "b"
    assert b.match("F").to_dict() == {"id": "F", "home": "d", "away": "b", "winner": "b", "decided_by": "declared"}
    assert b.match("T").loser == "a"


def test_mini_match_decided_by_the_regular_games() -> None:
    b = seeded_knockout(2, results={"F": {"games": ["1/2-1/2", "0-1"]}})
    assert b.match("F").to_dict() == {"id": "F", "home": 1, "away": 2, "winner": 2, "decided_by": "games",
                                      "score": [0.5, 1.5]}


def test_mini_match_decided_by_tie_break_stages() -> None:
    result = {"games": ["1-0", "0-1"], "tiebreaks": [["1/2-1/2", "1/2-1/2"], ["1-0", "1/2-1/2"]]}
    m = seeded_knockout(2, results={"F": result}).match("F")
    assert (m.winner, m.decided_by) == (1, "tiebreaks")
    assert m.to_dict()["score"] == [1, 1] and m.to_dict()["tiebreak_score"] == [2.5, 1.5]
    # A flat list of tie-break games is one stage.
    m = seeded_knockout(2, results={"F": {"games": ["=", "="], "tiebreaks": ["0-1", "1/2-1/2"]}}).match("F")
    assert (m.winner, m.decided_by) == (2, "tiebreaks")


def test_mini_match_decided_by_armageddon() -> None:
    base = {"games": ["1/2-1/2", "1/2-1/2"], "tiebreaks": [["1-0", "0-1"]]}
    m = seeded_knockout(["x", "y"], results={"F": {**base, "armageddon": {"winner": "y"}}}).match("F")
    assert (m.winner, m.decided_by) == ("y", "armageddon")
    # A drawn Armageddon game is won by Black.
    drawn = {**base, "armageddon": {"white": "x", "black": "y", "result": "1/2-1/2"}}
    assert seeded_knockout(["x", "y"], results={"F": drawn}).champion == "y"
    won = {**base, "armageddon": {"white": "y", "black": "x", "result": "1-0"}}
    assert seeded_knockout(["x", "y"], results={"F": won}).champion == "y"
    assert seeded_knockout(["x", "y"], results={"F": {"games": ["="], "armageddon": "x"}}).champion == "x"


def test_games_with_named_colours() -> None:
    games = [{"white": "x", "black": "y", "result": "0-1"}, {"white": "y", "black": "x", "result": "0-1"}]
    m = seeded_knockout(["x", "y"], results={"F": {"games": games}}).match("F")
    assert m.score == (1, 1) and m.winner is None  # level, not decided yet
    assert m.to_dict() == {"id": "F", "home": "x", "away": "y", "score": [1, 1]}


def test_armageddon_through_a_whole_bracket() -> None:
    results = {
        "S1": {"games": ["1/2-1/2", "1/2-1/2"], "tiebreaks": [["1/2-1/2", "1/2-1/2"]],
               "armageddon": {"white": 1, "black": 4, "result": "1/2-1/2"}},
        "S2": {"games": ["1-0", "1/2-1/2"]},
        "F": {"winner": 4},
    }
    b = seeded_knockout(4, results=results)
    assert (b.match("F").home, b.match("F").away) == (4, 2)
    assert (b.match("T").home, b.match("T").away) == (1, 3)
    assert b.champion == 4 and b.match("S1").decided_by == "armageddon"


@pytest.mark.parametrize("results, message, field", [
    ({"Q7": {"winner": 1}}, "there is no match 'Q7'", "results.Q7"),
    ({"F": {"winner": 1}}, "players are not known yet", "results.F"),
    ({"S1": {"winner": 2}}, "does not play in this match", "results.S1.winner"),
    ({"S1": {"games": ["1-0"], "winner": 4}}, "contradicts the games", "results.S1.winner"),
    ({"S1": {"games": ["1-0"], "tiebreaks": [["1-0"]]}}, "regular games decided", "results.S1"),
    ({"S1": {"tiebreaks": [["1-0"], ["0-1"]]}}, "earlier stage decided", "results.S1.tiebreaks"),
    ({"S1": {"tiebreaks": [["1-0"]], "armageddon": {"winner": 1}}}, "tie-break games decided",
     "results.S1.armageddon"),
    ({"S1": {"armageddon": {"winner": 3}}}, "does not play", "results.S1.armageddon"),
    ({"S1": {"games": ["2-0"]}}, "unknown game result", "results.S1.games[0]"),
    ({"S1": {"games": [1]}}, "must be a text", "results.S1.games[0]"),
    ({"S1": {}}, "empty", "results.S1"),
    ({"S1": "1-0"}, "must be an object", "results.S1"),
    ({"S1": {"score": 1}}, "unknown field", "results.S1"),
    ({"S1": {"games": [{"white": 1, "black": 3, "result": "1-0"}]}}, "the match is 1 - 4", "results.S1.games"),
    ({"S1": {"games": [{"white": 1, "result": "1-0"}]}}, "both 'white' and 'black'", "results.S1.games[0]"),
    ({"S1": {"armageddon": {"result": "1-0"}}}, "needs 'white' and 'black'", "results.S1.armageddon"),
])
def test_bad_results(results: dict[str, object], message: str, field: str) -> None:
    with pytest.raises(InputError, match=message) as err:
        seeded_knockout(4, results=results)  # type: ignore[arg-type]
    assert err.value.issue.field == field


@pytest.mark.parametrize("players, message", [(0, "at least 2"), (1, "at least 2"), ([5], "at least 2"),
                                              (["a", "a"], "more than once"), (1025, "at most 1024")])
def test_bad_fields(players: object, message: str) -> None:
    with pytest.raises(InputError, match=message):
        seeded_knockout(players)  # type: ignore[arg-type]


def test_match_result_object_is_accepted() -> None:
    b = seeded_knockout(2, results={"F": MatchResult(winner=2)})
    assert b.champion == 2
