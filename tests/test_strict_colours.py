"""Strict colours (seed 002: "绝不能出现一名棋手连续3轮执一种颜色", issue 13 item 9): an option, off by
default, that removes the C.04.3 topscorer exception from [C3] (so from the colour rules behind [C10]
and [C11]): nobody gets a third colour in a row or a colour difference beyond 2, not even a topscorer
in the last round."""

from __future__ import annotations

import pytest

from app.engine.errors import UnpairableError
from app.engine.model import Colour, Tournament
from app.engine.pairing import PairingOptions, pair_round
from app.engine.pairing.generator import generate_tournament
from tests.pairing_helpers import make_tournament, play


def _last_round() -> Tournament:
    """Hand-built, 6 players, 3 rounds. Round 1: 1-4 1-0, 2-5 1-0, 3-6 ½-½; round 2: 1-5 1-0,
    2-6 1-0, 4-3 0-1 (White first). Before round 3 (the last): 1 and 2 have 2 points and
    White twice (absolute Black preference), 3 has 1.5 (W, B), 6 has 0.5 (B, B: absolute White),
    4 has 0 (B, W), 5 has 0 (B, B: absolute White). The topscorers (more than 1 point) are 1, 2, 3."""
    t = make_tournament(6, 3)
    play(t, [(1, 4, "1"), (2, 5, "1"), (3, 6, "=")])
    play(t, [(1, 5, "1"), (2, 6, "1"), (4, 3, "0")])
    return t


def test_fide_gives_a_topscorer_a_third_white_the_option_does_not() -> None:
    t = _last_round()
    fide = pair_round(t, 3)
    # C.04.3: 1-2 in the top bracket (two topscorers may meet with the same absolute preference,
    # [C3] exempts them); by Art. 5.2.4 the higher-ranked 1 gets Black, so 2 gets a third White
    assert fide.as_pairs() == [(2, 1), (5, 3), (6, 4)]
    assert fide.summary["C11"] == 1 and fide.summary["C10"] == 1
    strict = pair_round(t, 3, PairingOptions(strict_colours=True))
    # 1 and 2 may not meet: both float down, 1 to 6 (who needs White), 2 to 3 (mild White); 5-4 below
    assert sorted(strict.as_pairs()) == [(3, 2), (5, 4), (6, 1)]
    assert "C10" not in strict.summary and "C11" not in strict.summary
    for b in strict.pairs:
        for sn, colour in ((b.white, Colour.WHITE), (b.black, Colour.BLACK)):
            colours = [e.colour for e in t.players[sn].rounds] + [colour]
            assert colours[-3:] != [colour] * 3
            assert abs(sum(1 if c is Colour.WHITE else -1 for c in colours)) <= 2


def test_off_by_default_and_unpairable_when_nothing_else_is_left() -> None:
    t = _last_round()
    assert pair_round(t, 3, PairingOptions(strict_colours=False)).as_pairs() == pair_round(t, 3).as_pairs()
    # 4 players, 1 and 2 with White twice, 3 and 4 with Black twice: only 1-2 and 3-4 are left
    four = make_tournament(4, 3)
    play(four, [(1, 3, "1"), (2, 4, "1")])
    play(four, [(1, 4, "1"), (2, 3, "1")])
    with pytest.raises(UnpairableError):
        pair_round(four, 3, PairingOptions(strict_colours=True))


def _colour_faults(t: Tournament) -> int:
    """Third colours in a row and colour differences beyond 2, over every player's played games."""
    faults = 0
    for p in t.players.values():
        colours = [e.colour for e in p.rounds if e.is_played_game and e.colour is not None]
        faults += sum(1 for k in range(len(colours) - 2) if colours[k] is colours[k + 1] is colours[k + 2])
        diff = 0
        for c in colours:
            diff += 1 if c is Colour.WHITE else -1
            faults += abs(diff) > 2
    return faults


@pytest.mark.parametrize("seed", [9, 21])
def test_generated_events_where_fide_breaks_the_limits_in_the_last_round(seed: int) -> None:
    """Two random 10-player, 7-round events (found by search) whose FIDE last round gives a topscorer
    a third colour in a row; paired with the option (the same rounds before, the exception only acts
    in the last round), nobody breaks the limits."""
    fide = generate_tournament(10, 7, 0.2, 0.0, 0.0, seed)
    assert _colour_faults(fide) > 0
    strict = generate_tournament(10, 7, 0.2, 0.0, 0.0, seed, options=PairingOptions(strict_colours=True))
    assert _colour_faults(strict) == 0
    for p in fide.players.values():  # rounds 1-6 are the same
        assert p.rounds[:6] == strict.players[p.start_number].rounds[:6]


def test_api_option() -> None:
    from fastapi.testclient import TestClient

    from app.formats.trf_writer import write_trf
    from app.main import app

    client = TestClient(app)
    trf = write_trf(_last_round())
    plain = client.post("/v1/pairings", files={"file": ("t.trf", trf)}).json()
    strict = client.post("/v1/pairings", files={"file": ("t.trf", trf)}, data={"strict_colours": "true"}).json()
    as_json = client.post("/v1/pairings", json={"trf": trf, "strict_colours": True}).json()
    assert [[b["white"], b["black"]] for b in plain["pairings"]][0] == [2, 1]
    assert sorted([b["white"], b["black"]] for b in strict["pairings"]) == [[3, 2], [5, 4], [6, 1]]
    assert strict["pairings"] == as_json["pairings"]
