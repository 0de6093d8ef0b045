"""Lim System (C.04.4.3): the articles whose text was read, hand-built cases, and the absolute rules of the
system checked on every generated round (no rematch, the colour limits of 2.1 outside the last round, one PAB
to an eligible player of the lowest scoregroup, the median group paired last)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.engine.errors import UnpairableError
from app.engine.model import Colour, Player, Result, Tournament
from app.engine.pairing import PairingOptions, pair_round, systems
from app.engine.pairing.api import prepare_round
from app.engine.pairing.checker import check_tournament
from app.engine.pairing.generator import generate_tournament
from app.engine.pairing.handling import tournament_before_round
from app.engine.pairing.state import Float, PlayerState, Strength
from app.engine.pairing.systems import lim
from app.formats.trf_writer import write_trf
from app.main import app

client = TestClient(app)
LIM = PairingOptions(system="lim")
W, B = Colour.WHITE, Colour.BLACK


def _ps(colours: list[Colour]) -> PlayerState:
    diff = sum(1 if c is W else -1 for c in colours)
    return PlayerState(id=1, rank=0, score=Fraction(0), pairing_score=Fraction(0), colours=colours,
                       colour_difference=diff, preference=None, strength=Strength.NONE, repeated_colour=None,
                       floats=(Float.NONE, Float.NONE), float_reasons=("", ""), opponents=frozenset(),
                       bye_eligible=True, played_games=len(colours))


def test_colour_limits_of_compatibility() -> None:
    """2.1: not the same colour three times in a row, not three more of one colour than the other."""
    assert not lim.can_take(_ps([B, W, W]), W)  # a third White in a row
    assert lim.can_take(_ps([W, W, B]), W)
    assert not lim.can_take(_ps([W, B, W, W, B, W]), W)  # 4 Whites and 2 Blacks: a fifth White is 3 more
    assert lim.can_take(_ps([W, B, W, B, W]), B)
    assert lim.due_colour(_ps([W, B, W])) is B  # equalisation first
    assert lim.due_colour(_ps([W, B])) is W  # then alternation
    assert lim.due_colour(_ps([])) is None


def test_the_median_scoregroup_and_the_order_of_the_groups() -> None:
    """2.2: from the top down to just above the median, from the bottom up to just below it, the median last."""
    scores = [Fraction(x, 2) for x in (6, 5, 4, 3, 2, 1, 0)]
    median = Fraction(3, 2)  # after three rounds
    assert lim.group_order(scores, median) == [
        (Fraction(3), "down"), (Fraction(5, 2), "down"), (Fraction(2), "down"),
        (Fraction(0), "up"), (Fraction(1, 2), "up"), (Fraction(1), "up"), (median, "down")]
    t = generate_tournament(12, 7, seed=3, system="lim")
    state = prepare_round(tournament_before_round(t, 5), 5, LIM).state
    assert lim.median_score(state) == 2  # four rounds played


def test_round_one_top_half_against_bottom_half_and_the_bye_to_the_lowest_ranked() -> None:
    t = Tournament(name="r1", total_rounds=5, type_text="Lim System", initial_colour=W)
    for sn in range(1, 10):
        t.players[sn] = Player(start_number=sn, name=f"P{sn}", rating=2400 - 20 * sn)
    p = pair_round(t)
    assert p.system == "lim" and p.system_source == "092" and p.pab == 9  # 1.1
    assert p.as_pairs() == [(1, 5), (6, 2), (3, 7), (8, 4)]  # 2.4 proposed pairings; 7.2 colours
    assert all(b.explanation.colour_rule == "7.2" for b in p.pairs)


def test_lim_is_declared_by_the_092_text_under_a_custom_192_code() -> None:
    t = generate_tournament(8, 5, seed=2, system="lim")
    assert (t.type_code, t.type_text) == ("CUSTOM_SWISS", "Swiss System (FIDE Lim, C.04.4.3)")
    resolved = systems.resolve(t)
    assert resolved.system is not None and resolved.system.id == "lim" and resolved.source == "092"


def _check(t: Tournament) -> int:
    rounds = 0
    total = t.total_rounds or t.rounds_played
    for r in range(1, t.rounds_played + 1):
        before = tournament_before_round(t, r)
        state = prepare_round(before, r, LIM).state
        got = pair_round(before, r, LIM)
        seen: set[int] = set()
        for b in got.pairs:
            w, k = state.by_id[b.white], state.by_id[b.black]
            assert k.id not in w.opponents  # no rematch
            if r < total:  # 2.1 colour limits; Art. 6 relaxes them in the last round only
                assert lim.can_take(w, W) and lim.can_take(k, B), f"round {r}: {b.white}-{b.black}"
            seen |= {w.id, k.id}
        if got.pab is not None:
            bye = state.by_id[got.pab]
            assert bye.bye_eligible
            seen.add(bye.id)
        assert seen == set(state.by_id)
        groups = [g for g in got.brackets if isinstance(g, lim.LimGroup)]
        median = lim.median_score(state)
        ordinary = [g for g in groups if not g.median]
        assert all(g.median for g in groups[len(ordinary):]) and len(groups) - len(ordinary) <= 1  # 2.2: last
        downs = [g.score for g in ordinary if g.direction == "down"]
        ups = [g.score for g in ordinary if g.direction == "up"]
        assert [g.direction for g in ordinary] == ["down"] * len(downs) + ["up"] * len(ups)
        assert downs == sorted(downs, reverse=True) and all(s > median for s in downs)
        assert ups == sorted(ups) and all(s < median for s in ups)
        rounds += 1
    return rounds


def test_rules_hold_on_generated_tournaments() -> None:
    total = 0
    for n, rounds, seed in ((9, 7, 1), (14, 9, 2), (20, 9, 3), (31, 7, 4)):
        t = generate_tournament(n, rounds, seed=seed, system="lim", forfeit_rate=0.05, bye_rate=0.05, draw_rate=0.3)
        total += _check(t)
    assert total == 32


@pytest.mark.slow
@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(4, 30), rounds=st.integers(2, 11), seed=st.integers(0, 10**6),
       draw=st.sampled_from([0.0, 0.3, 0.6]), forfeit=st.sampled_from([0.0, 0.05, 0.2]),
       bye=st.sampled_from([0.0, 0.05, 0.2]))
def test_rules_hold_on_thousands_of_rounds(n: int, rounds: int, seed: int, draw: float, forfeit: float,
                                           bye: float) -> None:
    try:
        t = generate_tournament(n, min(rounds, n - 1), draw_rate=draw, forfeit_rate=forfeit, bye_rate=bye, seed=seed,
                                system="lim")
    except UnpairableError:
        return
    _check(t)


def test_the_pab_goes_to_the_lowest_ranked_eligible_player_of_the_lowest_group() -> None:
    t = generate_tournament(11, 7, seed=5, system="lim", bye_rate=0.05)
    for r in range(2, 8):
        before = tournament_before_round(t, r)
        got = pair_round(before, r, LIM)
        if got.pab is None:
            continue
        state = prepare_round(before, r, LIM).state
        bye = state.by_id[got.pab]
        rnd = lim._Round(state)
        for q in state.players:
            if q.bye_eligible and (q.pairing_score, -q.rank) < (bye.pairing_score, -bye.rank):
                assert not rnd.completable([x for x in state.players if x is not q])
        assert t.players[got.pab].entry(r).result is Result.PAIRING_ALLOCATED_BYE


def test_checker_api_and_explanations() -> None:
    t = generate_tournament(12, 6, seed=7, system="lim")
    assert check_tournament(t) == []
    before = tournament_before_round(t, 4)
    for p in before.players.values():
        p.declared_points = before.points(p)
    en = client.post("/v1/pairings", json={"trf": write_trf(before)}).json()
    assert en["system"] == "lim" and "scoregroup" in en["pairings"][0]["explanation"]["text"]
    zh = client.post("/v1/pairings", json={"trf": write_trf(before), "language": "zh"}).json()
    assert "分组" in zh["pairings"][0]["explanation"]["text"]
    assert [(b["white"], b["black"]) for b in zh["pairings"]] == [(b["white"], b["black"]) for b in en["pairings"]]
    trf = client.post("/v1/tournaments/random", json={"players": 9, "rounds": 5, "seed": 4, "system": "lim"}).text
    check = client.post("/v1/pairings/check", content=trf, headers={"content-type": "text/plain"}).json()
    assert check["system"] == "lim" and check["discrepancies"] == []
