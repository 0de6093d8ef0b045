"""Worked examples of spec/dutch.md §11 and spec/acceleration.md §2.5 / §3.2."""

from __future__ import annotations

from fractions import Fraction

import pytest

from app.engine.errors import ErrorKind, InputError, UnpairableError
from app.engine.model import ByeKind, ByeRequest, Colour
from app.engine.pairing import Acceleration, PairingOptions, apply_pairing, pair_round
from tests.pairing_helpers import make_tournament, play


def test_round_one_eight_players() -> None:
    t = make_tournament(8, 5)
    p = pair_round(t)
    assert p.as_pairs() == [(1, 5), (6, 2), (3, 7), (8, 4)]
    assert [b.explanation.colour_rule for b in p.pairs] == ["5.2.5"] * 4
    assert p.byes == []


def test_round_two_all_higher_ranked_won() -> None:
    t = make_tournament(8, 5)
    play(t, [(1, 5, "1"), (6, 2, "0"), (3, 7, "1"), (8, 4, "0")])
    p = pair_round(t)
    assert p.as_pairs() == [(4, 1), (2, 3), (5, 8), (7, 6)]
    assert [b.explanation.colour_rule for b in p.pairs] == ["5.2.1"] * 4
    assert p.round == 2
    assert p.summary == {}  # every criterion met: no floater, every colour preference granted


def test_odd_field_gives_pab_to_lowest() -> None:
    t = make_tournament(7, 5)
    p = pair_round(t)
    assert p.as_pairs() == [(1, 4), (5, 2), (3, 6)]
    assert p.pab == 7
    assert p.byes[0].points == Fraction(1)
    assert p.summary == {"C5": {"pab_pairing_score": Fraction(0)}, "C9": {"pab_unplayed_games": 0}}


def test_baku_worked_example() -> None:
    t = make_tournament(10, 9)
    t.type_code = "FIDE_DUTCH_2026_BAKU"
    p = pair_round(t)
    assert p.acceleration == "baku"
    assert p.as_pairs() == [(1, 4), (5, 2), (3, 6), (7, 9), (10, 8)]


def test_baku_as_option_and_explicit_records_agree() -> None:
    from app.engine.model import VirtualPoints

    t = make_tournament(10, 9)
    by_option = pair_round(t, options=PairingOptions(acceleration="baku")).as_pairs()
    t.virtual_points = [VirtualPoints(Fraction(1), 1, 3, 1, 6), VirtualPoints(Fraction(1, 2), 4, 5, 1, 6)]
    assert pair_round(t).as_pairs() == by_option == [(1, 4), (5, 2), (3, 6), (7, 9), (10, 8)]


def test_simple_acceleration_example() -> None:
    t = make_tournament(16, 7)
    p = pair_round(t, options=PairingOptions(acceleration=Acceleration("simple")))
    assert p.as_pairs() == [(1, 5), (6, 2), (3, 7), (8, 4), (9, 13), (14, 10), (11, 15), (16, 12)]


def test_requested_byes_are_honoured_and_parity_skips_absent_newcomers() -> None:
    t = make_tournament(9, 5)
    t.bye_requests.append(ByeRequest(ByeKind.HALF_POINT, 1, [1]))
    p = pair_round(t)
    # player 2 counts as pairing number 1 for the colour parity (C.04.3 5.2.5)
    assert p.as_pairs() == [(2, 6), (7, 3), (4, 8), (9, 5)]
    assert [(b.id, b.type, b.points) for b in p.byes] == [(1, "HPB", Fraction(1, 2))]


def test_missing_total_rounds_is_an_input_error() -> None:
    t = make_tournament(4, 3)
    t.total_rounds = None
    with pytest.raises(InputError) as info:
        pair_round(t)
    assert info.value.issue.field == "total_rounds"


def test_initial_colour_drawn_by_lot_is_reported() -> None:
    t = make_tournament(4, 3, initial=None)
    p = pair_round(t)
    assert p.initial_colour_source == "drawn"
    assert p.seed == 20260201
    again = pair_round(t, options=PairingOptions(seed=p.seed))
    assert again.initial_colour == p.initial_colour
    other = Colour.BLACK if p.initial_colour is Colour.WHITE else Colour.WHITE
    forced = pair_round(t, options=PairingOptions(initial_colour=other))
    assert forced.as_pairs()[0] == tuple(reversed(p.as_pairs()[0]))


def test_everybody_met_everybody_is_unpairable() -> None:
    t = make_tournament(4, 5)
    play(t, [(1, 3, "1"), (4, 2, "0")])
    play(t, [(2, 1, "="), (3, 4, "=")])
    play(t, [(1, 4, "1"), (3, 2, "0")])
    with pytest.raises(UnpairableError) as info:
        pair_round(t)
    assert info.value.kind is ErrorKind.INVALID
    assert "absolute criteria" in str(info.value)


def test_apply_pairing_appends_the_round() -> None:
    t = make_tournament(5, 3)
    p = pair_round(t)
    t2 = apply_pairing(t, p)
    assert t2.rounds_played == 1 and t.rounds_played == 0
    assert t2.players[5].entry(1).result.value == "U"
    assert t2.players[1].entry(1).opponent == 3
    assert t2.initial_colour is Colour.WHITE


def test_pairing_score_adjustments_hook() -> None:
    t = make_tournament(8, 5)
    # McMahon-like: players 5..8 start one point up, so they form the top group
    adj = {sn: Fraction(1) for sn in range(5, 9)}
    p = pair_round(t, options=PairingOptions(pairing_score_adjustments=adj))
    assert {frozenset(x) for x in p.as_pairs()} == {frozenset(x) for x in [(5, 7), (6, 8), (1, 3), (2, 4)]}


def test_forbidden_pairs_are_absolute() -> None:
    from app.engine.model import ForbiddenPairs

    t = make_tournament(8, 5)
    t.forbidden_pairs.append(ForbiddenPairs([1, 5]))  # XXP: all rounds
    # 1 may not meet 5: the next transposition of S2 pairs 1-6 and 2-5
    assert pair_round(t).as_pairs() == [(1, 6), (5, 2), (3, 7), (8, 4)]
    t.forbidden_pairs = [ForbiddenPairs([1, 5], 2, 3)]  # 260 for rounds 2-3 only
    assert pair_round(t).as_pairs() == [(1, 5), (6, 2), (3, 7), (8, 4)]
    assert pair_round(t, options=PairingOptions(forbidden_pairs=[[1, 5]])).as_pairs()[0] == (1, 6)


def test_topscorers_are_above_half_the_maximum_in_the_final_round_only() -> None:
    from app.engine.pairing.api import prepare_round

    t = make_tournament(4, 3)
    play(t, [(1, 3, "1"), (4, 2, "0")])
    play(t, [(2, 1, "="), (3, 4, "1")])
    state = prepare_round(t).state  # round 3 of 3: maximum so far 2, topscorers above 1
    assert {p.id: (p.score, p.topscorer) for p in state.players} == {
        1: (Fraction(3, 2), True), 2: (Fraction(3, 2), True), 3: (Fraction(1), False), 4: (Fraction(0), False)}
    t.total_rounds = 4
    assert not any(p.topscorer for p in prepare_round(t).state.players)
