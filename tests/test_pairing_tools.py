"""Checker, generator and the absolute properties of generated tournaments."""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.engine.errors import InputError
from app.engine.model import Colour, Result, RoundEntry
from app.engine.pairing.api import prepare_round, tournament_before_round
from app.engine.pairing.checker import check_tournament
from app.engine.pairing.generator import generate_tournament
from app.formats.trf_reader import read_trf
from tests.conftest import examples
from tests.support.replay import DUTCH


def test_checker_accepts_a_corpus_file() -> None:
    t = read_trf((DUTCH / "dutch-p-0001-n016-r10.trf").read_bytes()).tournament
    assert check_tournament(t) == []


def test_checker_accepts_an_accelerated_file() -> None:
    from tests.support.replay import BAKU

    t = read_trf((BAKU / "baku-p-90004-n032-r10.trf").read_bytes()).tournament
    assert t.virtual_points  # explicit 250 records drive the pairing scores
    assert check_tournament(t) == []


def test_checker_reports_swapped_pairs() -> None:
    t = read_trf((DUTCH / "dutch-p-0003-n011-r09.trf").read_bytes()).tournament
    r = t.recorded_rounds  # the last round: later rounds are not affected
    whites = [sn for sn, p in t.players.items() if p.entry(r).colour is Colour.WHITE and p.entry(r).result.is_played_game]
    a, c = whites[0], whites[1]
    b, d = t.players[a].entry(r).opponent, t.players[c].entry(r).opponent
    assert b is not None and d is not None
    ps = t.players
    ea, ec = ps[a].rounds[r - 1], ps[c].rounds[r - 1]
    eb, ed = ps[b].rounds[r - 1], ps[d].rounds[r - 1]
    ps[a].rounds[r - 1] = RoundEntry(d, ea.colour, ea.result)
    ps[d].rounds[r - 1] = RoundEntry(a, ed.colour, ed.result)
    ps[c].rounds[r - 1] = RoundEntry(b, ec.colour, ec.result)
    ps[b].rounds[r - 1] = RoundEntry(c, eb.colour, eb.result)
    found = check_tournament(t)
    assert [x.round for x in found] == [r]
    assert found[0].criterion.startswith("C") or found[0].criterion == "Art.4"
    assert (a, d) in found[0].file_pairs
    assert found[0].message.startswith("[")


def test_generator_is_deterministic_and_complete() -> None:
    g1 = generate_tournament(24, 6, draw_rate=0.3, forfeit_rate=0.05, bye_rate=0.05, seed=11)
    g2 = generate_tournament(24, 6, draw_rate=0.3, forfeit_rate=0.05, bye_rate=0.05, seed=11)
    g3 = generate_tournament(24, 6, draw_rate=0.3, forfeit_rate=0.05, bye_rate=0.05, seed=12)
    assert [p.rounds for p in g1.players.values()] == [p.rounds for p in g2.players.values()]
    assert [p.rounds for p in g1.players.values()] != [p.rounds for p in g3.players.values()]
    assert g1.rounds_played == 6
    for p in g1.players.values():
        assert len(p.rounds) == 6
        for e in p.rounds:
            assert e.result is not Result.NOT_PAIRED
    assert check_tournament(g1) == []


def test_generator_stops_before_the_later_rounds() -> None:
    full = generate_tournament(24, 6, draw_rate=0.3, forfeit_rate=0.05, bye_rate=0.05, seed=11)
    part = generate_tournament(24, 6, draw_rate=0.3, forfeit_rate=0.05, bye_rate=0.05, seed=11, played=4)
    assert part.total_rounds == 6 and part.rounds_played == 4
    assert [p.rounds for p in part.players.values()] == [p.rounds[:4] for p in full.players.values()]
    with pytest.raises(InputError):
        generate_tournament(24, 6, played=7)


def _assert_round_properties(t, r: int) -> None:  # type: ignore[no-untyped-def]
    seen: set[int] = set()
    pabs = 0
    for sn, p in t.players.items():
        e = p.entry(r)
        if e.result is Result.PAIRING_ALLOCATED_BYE:
            pabs += 1
            # no second PAB, and no PAB after a win's points without playing (C.04.1 art. 4)
            earlier = [p.entry(k) for k in range(1, r)]
            assert all(x.result not in (Result.PAIRING_ALLOCATED_BYE, Result.FORFEIT_WIN) for x in earlier)
        if e.opponent is not None:
            assert t.players[e.opponent].entry(r).opponent == sn
            # no rematch of a game played over the board
            for k in range(1, r):
                x = p.entry(k)
                if x.opponent == e.opponent:
                    assert not x.result.is_played_game
            seen.add(sn)
    assert pabs <= 1
    present = [sn for sn, p in t.players.items() if p.entry(r).opponent is not None
               or p.entry(r).result is Result.PAIRING_ALLOCATED_BYE]
    assert len(present) == len(seen) + pabs
    # colour limits (C.04.1 6-7) hold except, in the final round, for topscorers and their opponents
    exempt: set[int] = set()
    if r == t.total_rounds:
        state = prepare_round(tournament_before_round(t, r), r).state
        for p in state.players:
            if p.topscorer:
                exempt.add(p.id)
                opponent = t.players[p.id].entry(r).opponent
                if opponent is not None:
                    exempt.add(opponent)
    for sn, p in t.players.items():
        if sn in exempt:
            continue
        colours = [x.colour for x in p.rounds[:r] if x.is_played_game]
        whites = sum(1 for c in colours if c is Colour.WHITE)
        assert abs(2 * whites - len(colours)) <= 2
        for i in range(2, len(colours)):
            assert not (colours[i] == colours[i - 1] == colours[i - 2])


@settings(max_examples=examples(15), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(min_value=5, max_value=30), rounds=st.integers(min_value=2, max_value=7),
       draw=st.sampled_from([0.0, 0.3, 0.6]), forfeit=st.sampled_from([0.0, 0.1]),
       bye=st.sampled_from([0.0, 0.1]), seed=st.integers(min_value=0, max_value=10**6))
def test_generated_tournaments_respect_absolute_criteria(n, rounds, draw, forfeit, bye, seed) -> None:  # type: ignore[no-untyped-def]
    from app.engine.errors import UnpairableError

    rounds = min(rounds, n - 2)
    try:
        t = generate_tournament(n, rounds, draw, forfeit, bye, seed)
    except UnpairableError:
        return
    for r in range(1, rounds + 1):
        _assert_round_properties(copy.deepcopy(t), r)
