"""Colour preferences (C.04.3 1.7, C.04.2 3.4) and colour allocation (Art. 5)."""

from __future__ import annotations

from fractions import Fraction

from app.engine.model import Colour
from app.engine.pairing.colours import allocate_colours
from app.engine.pairing.state import Float, PlayerState, Strength, colour_preference

W, B = Colour.WHITE, Colour.BLACK


def test_preference_examples_of_the_digest() -> None:
    # W B - W -> compressed - W B W: CD +1, strong preference for Black
    assert colour_preference([W, B, W])[:2] == (B, Strength.STRONG)
    # W - W -> - W W: CD +2, last two White: absolute Black
    pref, strength, repeated, diff = colour_preference([W, W])
    assert (pref, strength, repeated, diff) == (B, Strength.ABSOLUTE, W, 2)


def test_preference_kinds() -> None:
    assert colour_preference([]) == (None, Strength.NONE, None, 0)
    assert colour_preference([W, B])[:2] == (W, Strength.MILD)
    assert colour_preference([B, B, W, W])[:2] == (B, Strength.ABSOLUTE)  # same colour twice in a row
    assert colour_preference([B, B, B, W, W])[:2] == (B, Strength.ABSOLUTE)  # last two White beats CD -1
    assert colour_preference([W, W, W, B, B])[:2] == (W, Strength.ABSOLUTE)
    assert colour_preference([B, W, B])[:2] == (W, Strength.STRONG)


def _player(pid: int, rank: int, colours: list[Colour], score: str = "1") -> PlayerState:
    pref, strength, repeated, diff = colour_preference(colours)
    return PlayerState(id=pid, rank=rank, score=Fraction(score), pairing_score=Fraction(score), colours=colours,
                       colour_difference=diff, preference=pref, strength=strength, repeated_colour=repeated,
                       floats=(Float.NONE, Float.NONE), float_reasons=("", ""), opponents=frozenset(),
                       bye_eligible=True, played_games=len(colours))


def test_rule_5_2_1_both_preferences() -> None:
    assert allocate_colours(_player(1, 0, [W]), _player(2, 1, [B]), W) == (B, "5.2.1")


def test_rule_5_2_2_stronger_preference() -> None:
    strong = _player(2, 1, [B, W, B])  # strong White
    mild = _player(1, 0, [W, B])  # mild White
    assert allocate_colours(mild, strong, W) == (B, "5.2.2")
    absolute = _player(3, 2, [B, B])
    assert allocate_colours(strong, absolute, W) == (B, "5.2.2")


def test_rule_5_2_3_alternate_from_last_difference() -> None:
    a = _player(1, 0, [W, B, W, B])  # mild White; last colours B
    b = _player(2, 1, [B, W, W, B])  # mild White; differ from a in round 3 (a W, b W?) -> round 2
    colour, rule = allocate_colours(a, b, W)
    assert rule == "5.2.3"
    # latest round where they differ: a had B in round 2, b had W -> a takes White now
    assert colour is W


def test_rule_5_2_4_higher_ranked_gets_preference() -> None:
    a = _player(1, 0, [W, B])
    b = _player(2, 1, [W, B])
    assert allocate_colours(a, b, B) == (W, "5.2.4")


def test_rule_5_2_5_parity() -> None:
    assert allocate_colours(_player(1, 0, []), _player(5, 4, []), W) == (W, "5.2.5")
    assert allocate_colours(_player(2, 1, []), _player(6, 5, []), W) == (B, "5.2.5")
    assert allocate_colours(_player(2, 1, []), _player(6, 5, []), B) == (W, "5.2.5")
