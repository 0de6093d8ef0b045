"""Lim System (C.04.4.3): the articles whose text was read, hand-built cases, and the absolute rules of the
system checked on every generated round (no rematch, the colour limits of 2.1 outside the last round, one PAB
to an eligible player of the lowest scoregroup, the median group paired last)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.engine.errors import InputError, UnpairableError
from app.engine.model import Colour, Player, Result, RoundEntry, Tournament
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


def test_the_bye_of_round_one_goes_to_the_lowest_rated_player_7_1() -> None:
    """7.1 (the 2003 text's brief example; the summaries): with an odd number the PAB of round one goes to the
    lowest-rated player, who need not be the lowest-ranked; an unrated player counts as the lowest rated."""
    t = Tournament(name="r1", total_rounds=5, type_text="Lim System", initial_colour=W)
    for sn in range(1, 8):
        t.players[sn] = Player(start_number=sn, name=f"P{sn}", rating=2400 - 20 * sn)
    t.players[4].rating = 1500
    got = pair_round(t, 1, LIM)
    assert got.pab == 4
    assert sorted(tuple(sorted(p)) for p in got.as_pairs()) == [(1, 5), (2, 6), (3, 7)]  # 2.4 without No. 4
    t.players[6].rating = None
    assert pair_round(t, 1, LIM).pab == 6


def test_round_one_of_forty_players_as_the_text_gives_it() -> None:
    """Round one (2026 Art. 7; "Brief examples of pairing" of the FIDE Swiss Rules, handbook 2003): 40 players,
    colours by lot for #1: 1 v 21, 22 v 2, 3 v 23, 24 v 4, ... 40 v 20, or with the other colour drawn
    21 v 1, 2 v 22, 23 v 3, 4 v 24, ... 20 v 40 (White first)."""
    for drawn in (W, B):
        t = Tournament(name="r1", total_rounds=7, type_text="Lim System", initial_colour=drawn)
        for sn in range(1, 41):
            t.players[sn] = Player(start_number=sn, name=f"P{sn}", rating=2600 - 10 * sn)
        # the odd-numbered players of the upper half get #1's colour, the even-numbered ones the other
        expected = [(k, k + 20) if (k % 2 == 1) == (drawn is W) else (k + 20, k) for k in range(1, 21)]
        assert pair_round(t).as_pairs() == expected
    assert expected[:4] == [(21, 1), (2, 22), (23, 3), (4, 24)] and expected[-1] == (20, 40)


def test_the_exchanges_of_4_2_and_4_3() -> None:
    """4.2 (the worked example of the text): six players proposed 1 v 4, 2 v 5, 3 v 6; #1 tries 4, then 5, 6, 3
    and 2. Once #1 has an opponent the players left are proposed afresh the same way (summaries of 4.2-4.3):
    after 1 v 5, #2 tries 4, 6, 3."""
    assert lim.exchange_order([1, 2, 3, 4, 5, 6]) == [4, 5, 6, 3, 2]
    assert lim.exchange_order([2, 3, 4, 6]) == [4, 6, 3]
    assert lim.exchange_order([7, 8]) == [8]

    def round_one(*forbidden: tuple[int, int]) -> list[tuple[int, int]]:
        t = Tournament(name="4.2", total_rounds=5, type_text="Lim System", initial_colour=W)
        for sn in range(1, 7):
            t.players[sn] = Player(start_number=sn, name=f"P{sn}", rating=2400 - 20 * sn)
        got = pair_round(t, 1, PairingOptions(system="lim", forbidden_pairs=[set(f) for f in forbidden]))
        return sorted(tuple(sorted(p)) for p in got.as_pairs())  # type: ignore[misc]

    assert round_one() == [(1, 4), (2, 5), (3, 6)]  # 2.4
    assert round_one((1, 4)) == [(1, 5), (2, 4), (3, 6)]  # not 1 v 3: the bottom half first
    assert round_one((1, 4), (1, 5)) == [(1, 6), (2, 4), (3, 5)]
    assert round_one((1, 4), (1, 5), (1, 6)) == [(1, 3), (2, 5), (4, 6)]
    assert round_one((1, 4), (1, 5), (1, 6), (1, 3)) == [(1, 2), (3, 5), (4, 6)]
    # 4.4: an opponent is available only if the others can still all be paired: 6 may meet only 1 and 5, so
    # 1 v 5 would leave him nobody, and #1 takes 6
    assert round_one((1, 4), (6, 2), (6, 3), (6, 4)) == [(1, 6), (2, 4), (3, 5)]
    # 4.3 (its columns as MarkDechamps/fide-swiss-pairing-engine transcribes them): #1 has met 4 and 5 and takes
    # 6; #2 tries 4, 5, 3; when none of them is possible 1 v 6 is given up for 1 v 3 (2 v 6), then 1 v 2
    near = ((1, 4), (1, 5))
    assert round_one(*near) == [(1, 6), (2, 4), (3, 5)]
    assert round_one(*near, (2, 4)) == [(1, 6), (2, 5), (3, 4)]
    assert round_one(*near, (2, 4), (2, 5)) == [(1, 6), (2, 3), (4, 5)]
    assert round_one(*near, (2, 4), (2, 5), (2, 3)) == [(1, 3), (2, 6), (4, 5)]
    assert round_one(*near, (2, 4), (2, 5), (2, 3), (2, 6)) == [(1, 2), (3, 5), (4, 6)]


def _entry(opponent: int | None, colour: Colour | None, result: str) -> RoundEntry:
    return RoundEntry(opponent, colour, Result(result))


def _hand_built(games: list[list[tuple[int, int, str]]], players: int, total: int) -> Tournament:
    """Rounds of (white, black, result for White) games."""
    t = Tournament(name="hand-built", total_rounds=total, type_text="Lim System", initial_colour=W)
    for sn in range(1, players + 1):
        t.players[sn] = Player(start_number=sn, name=f"P{sn}", rating=2400 - 10 * sn)
    other = {"1": "0", "0": "1", "=": "="}
    for games_of_round in games:
        for white, black, res in games_of_round:
            t.players[white].rounds.append(_entry(black, W, res))
            t.players[black].rounds.append(_entry(white, B, other[res]))
    return t


def test_round_two_pairs_the_winners_then_the_losers_then_the_median_group() -> None:
    """Round two (2026 Art. 8, the 2003 text's brief example): the 1-point group first, then the 0-point group,
    the 0.5 median group last; an odd group sends one player on to make its number even (2.3.4): the 1-point
    group down to the median group, the 0-point group up to it (2.2)."""
    t = _hand_built([[(1, 4, "1"), (5, 2, "0"), (3, 6, "1")]], 6, 5)
    got = pair_round(t, 2, LIM)
    groups = [g for g in got.brackets if isinstance(g, lim.LimGroup)]
    assert [(g.score, g.direction, g.median) for g in groups] == [
        (Fraction(1), "down", False), (Fraction(0), "up", False), (Fraction(1, 2), "down", True)]
    # reading of 3.2.4: the lowest-ranked floats down, the highest-ranked floats up
    assert groups[0].floaters == [3] and groups[1].floaters == [4]
    assert groups[2].arrived == {3: ("2.3.4", Fraction(1)), 4: ("2.3.4", Fraction(0))}
    assert sorted(tuple(sorted(p)) for p in got.as_pairs()) == [(1, 2), (3, 4), (5, 6)]
    board = next(b for b in got.pairs if {b.white, b.black} == {3, 4})
    assert board.explanation.details is not None
    assert {k: v["float_rule"] for k, v in board.explanation.details.items()} == {3: "2.3.4", 4: "2.3.4"}
    assert "3 left the 1 scoregroup: one player had to leave to make the number of its players even (Art. 2.3.4)" \
        in board.explanation.text


def test_players_who_have_met_everybody_in_their_group_float_2_3_1() -> None:
    """2.3.1: the 1.5 group is 1 and 2, who drew in round 1; the 0.5 group is 4 and 6, who drew in round 2: all
    four go to the median (1-point) group, the first pair down, the second up (2.2)."""
    t = _hand_built([[(1, 2, "="), (3, 4, "1"), (5, 6, "1")], [(1, 3, "1"), (2, 5, "1"), (4, 6, "=")]], 6, 5)
    got = pair_round(t, 3, LIM)
    groups = [g for g in got.brackets if isinstance(g, lim.LimGroup)]
    assert [(g.score, g.floaters) for g in groups[:2]] == [(Fraction(3, 2), [1, 2]), (Fraction(1, 2), [4, 6])]
    assert groups[2].median and groups[2].arrived == {
        1: ("2.3.1", Fraction(3, 2)), 2: ("2.3.1", Fraction(3, 2)), 4: ("2.3.1", Fraction(1, 2)),
        6: ("2.3.1", Fraction(1, 2))}
    zh = pair_round(t, 3, PairingOptions(system="lim", language="zh"))
    assert any("1号离开1.5分组：他已与该组其余棋手都下过（第2.3.1条）" in b.explanation.text for b in zh.pairs)


def test_a_floater_of_this_round_does_not_float_on_when_a_resident_can_3_9() -> None:
    """3.9 (types a-d, from the summaries of the text): No. 3 alone on 2 points floats into the 1.5 group
    {1, 2} (2.3.4); three players, one must go on to the median group. Floating 3 on (type b: he has a compatible
    opponent in the median group) is avoided before floating a resident (type d), so 2, the lowest-ranked
    resident, floats (3.2.4); by rank alone 3 would float on."""
    t = _hand_built([[(3, 5, "1"), (1, 6, "="), (2, 7, "="), (8, 4, "0"), (9, 10, "=")],
                     [(4, 3, "0"), (7, 1, "0"), (6, 2, "0"), (5, 9, "="), (8, 10, "=")]], 10, 5)
    got = pair_round(t, 3, LIM)
    groups = [g for g in got.brackets if isinstance(g, lim.LimGroup)]
    assert [(g.score, g.incoming, g.floaters) for g in groups[:2]] == [
        (Fraction(2), [], [3]), (Fraction(3, 2), [3], [2])]
    assert groups[1].pairs == [(3, 1)]  # the incoming floater is paired first (3.6), with No. 1 (3.8)
    assert groups[-1].median and groups[-1].arrived == {2: ("2.3.4", Fraction(3, 2))}


def test_the_floater_is_due_the_colour_more_players_are_due_3_2_2() -> None:
    """3.2.2 (from the summaries of the text): after round one, 1 and 2 (who had Black) are due White and 3 (who
    had White) is due Black; the 1-point group must send one player down. 3 is the lowest-ranked (3.2.4), but he
    is due the colour fewer players are due, so 2 floats and 1 v 3 gives both their colours. In the 0-point group
    4 and 5 are due Black, 6 White: 4, the highest-ranked of the majority, floats up."""
    t = _hand_built([[(4, 1, "0"), (5, 2, "0"), (3, 6, "1")]], 6, 5)
    got = pair_round(t, 2, LIM)
    groups = [g for g in got.brackets if isinstance(g, lim.LimGroup)]
    assert [(g.score, g.floaters) for g in groups] == [(Fraction(1), [2]), (Fraction(0), [4]), (Fraction(1, 2), [])]
    assert sorted(got.as_pairs()) == [(1, 3), (2, 4), (6, 5)]


def test_a_blocked_median_group_cracks_a_pairing_of_its_neighbours_2_6() -> None:
    """2.6 (from the summaries of the text): after two rounds 1 and 2 have 2 points, 3 and 4 (who met in round
    one) 1 point, 5 and 6 none. The 2-point group pairs 1 v 2 and the 0-point group 5 v 6, and the median group
    {3, 4} cannot be paired. As many floaters came into it from above as from below (none), so the last pairing
    made on the higher side is cracked (2.6.2): 1 and 2 join the median group, which pairs 1 v 4 and 2 v 3."""
    t = _hand_built([[(1, 5, "1"), (6, 2, "0"), (3, 4, "1")], [(3, 1, "0"), (2, 5, "1"), (4, 6, "1")]], 6, 5)
    got = pair_round(t, 3, LIM)
    groups = [g for g in got.brackets if isinstance(g, lim.LimGroup)]
    assert [(g.score, g.direction, g.pairs, g.floaters) for g in groups] == [
        (Fraction(2), "down", [], [1, 2]), (Fraction(0), "up", [(6, 5)], []), (Fraction(1), "down", [(1, 4), (2, 3)], [])]
    median = groups[-1]
    assert median.median and median.cracked == 1
    assert median.arrived == {1: ("2.6", Fraction(2)), 2: ("2.6", Fraction(2))}
    assert sorted(tuple(sorted(p)) for p in got.as_pairs()) == [(1, 4), (2, 3), (5, 6)]
    assert any("1 pairing(s) of its neighbouring groups were undone (cracked)" in note for note in got.notes)
    board = next(b for b in got.pairs if 1 in (b.white, b.black))
    assert "1 left the 2 scoregroup: the median scoregroup could not be paired otherwise" in board.explanation.text
    assert board.explanation.details is not None and board.explanation.details[1]["float_rule"] == "2.6"


def test_cracking_takes_the_lower_side_when_more_floaters_came_from_above_2_6_1() -> None:
    """2.6.1: the rounds of the test above, with 1 v 2 and 1 v 4 forbidden. Both 2-point players float down
    (2.3.1), 6 v 5 is paired below, and in the median group 1 has nobody. Two floaters came in from above and none
    from below, so the last pairing of the lower side is cracked: 1 v 6, 2 v 3, 4 v 5."""
    t = _hand_built([[(1, 5, "1"), (6, 2, "0"), (3, 4, "1")], [(3, 1, "0"), (2, 5, "1"), (4, 6, "1")]], 6, 5)
    got = pair_round(t, 3, PairingOptions(system="lim", forbidden_pairs=[{1, 2}, {1, 4}]))
    groups = [g for g in got.brackets if isinstance(g, lim.LimGroup)]
    assert [(g.pairs, g.floaters) for g in groups[:2]] == [([], [1, 2]), ([], [6, 5])]
    assert groups[-1].cracked == 1 and groups[-1].arrived == {
        1: ("2.3.1", Fraction(2)), 2: ("2.3.1", Fraction(2)), 5: ("2.6", Fraction(0)), 6: ("2.6", Fraction(0))}
    assert sorted(tuple(sorted(p)) for p in got.as_pairs()) == [(1, 6), (2, 3), (4, 5)]


def test_a_player_who_floated_in_the_previous_round_does_not_float_again_3_10() -> None:
    """3.10 (from the summaries): in round three the 0.5 group {2, 4, 5}, paired upward, sends one player up to
    the median group. By 3.2.4 the highest-ranked, 2, would float, and by 3.2.2 2 or 4 (both due Black against
    5's White); but 2 and 4 both floated up in round two (each met a player with more points), so 5 floats."""
    t = _hand_built([[(1, 4, "1"), (5, 2, "="), (3, 6, "=")], [(2, 1, "0"), (4, 3, "="), (6, 5, "1")]], 6, 5)
    got = pair_round(t, 3, LIM)
    groups = [g for g in got.brackets if isinstance(g, lim.LimGroup)]
    assert [(g.score, g.direction, g.floaters) for g in groups] == [
        (Fraction(2), "down", [1]), (Fraction(3, 2), "down", []), (Fraction(1, 2), "up", [5]),
        (Fraction(1), "down", [])]
    assert sorted(tuple(sorted(p)) for p in got.as_pairs()) == [(1, 6), (2, 4), (3, 5)]


def test_the_colours_of_art_5() -> None:
    """Art. 5 (5.1 and 5.3 from the 1999 text, 12.1 and 12.3; the rest from the summaries): the only colour the
    limits allow (5.1), the alternating colour after the same colour twice (5.3); both due colours (5.2); equal
    dues: the player due his colour by equalisation (5.6); then the latest round in which their colours differed
    (5.4); identical histories: at or above the median the higher-ranked player, below it the lower-ranked one
    gets his due colour; nobody has played: 7.2."""
    hi, lo = _ps([W, W, B, W]), _ps([B, W, B, W])
    hi.id, lo.id, lo.rank = 1, 2, 1
    assert lim.colours(hi, lo, hi, True, W, False) == (B, "5.1")  # hi: +2, a White would be three more
    assert lim.colours(hi, lo, hi, True, W, True)[1] != "5.1"  # Art. 6: no colour limits in the last round
    twice = _ps([B, W, W])  # the same colour in the previous two rounds: the alternating colour (5.3, 1999 12.3)
    twice.id = 1
    assert lim.colours(twice, lo, twice, True, W, False) == (B, "5.3")
    assert lim.colours(lo, twice, twice, True, W, False) == (W, "5.3")
    a, b = _ps([W, B, W]), _ps([B, W, B])
    a.id, b.id, b.rank = 1, 2, 1
    assert lim.colours(a, b, a, True, W, False) == (B, "5.2")  # a due Black, b due White
    c, d = _ps([W, B, W]), _ps([B, W])  # both due Black: c by equalisation, d by alternation
    c.id, d.id, d.rank = 1, 2, 1
    assert lim.colours(c, d, c, True, W, False) == (B, "5.6")
    assert lim.colours(d, c, c, True, W, False) == (W, "5.6")
    e, f = _ps([B, W, B, W]), _ps([W, B, B, W])  # both due Black by alternation; round 2 differed
    e.id, f.id, f.rank = 1, 2, 1
    assert lim.colours(e, f, e, True, W, False) == (B, "5.4")  # e had White there, f Black: they swap
    g, h = _ps([W, B]), _ps([W, B])  # identical histories
    g.id, h.id, h.rank = 1, 2, 1
    assert lim.colours(g, h, g, True, W, False) == (W, "5.4a")  # at or above the median: the higher-ranked
    assert lim.colours(g, h, g, False, W, False) == (B, "5.4b")  # below it: the lower-ranked
    x, y = _ps([]), _ps([])
    x.id, y.id, y.rank = 1, 2, 1
    assert lim.colours(x, y, x, True, W, False) == (W, "7.2")  # rank 0 (No. 1) takes the colour drawn
    assert lim.colours(x, y, x, True, B, False) == (B, "7.2")


def test_a_group_keeps_as_many_pairings_as_it_can_have_4_4() -> None:
    """4.4 (the fixture of MarkDechamps/fide-swiss-pairing-engine for 4.4.2): 1-6 win round one; in round two 1
    and 2 may meet nobody of the 1-point group but 6 (forbidden pairs standing for games played). 1 v 6 stays, 2
    floats, and so does the lowest numbered player left, 5, to make the number even; 3 v 4."""
    t = _hand_built([[(1, 7, "1"), (8, 2, "0"), (3, 9, "1"), (10, 4, "0"), (5, 11, "1"), (12, 6, "0")]], 12, 5)
    forbidden = [{1, 2}, {1, 3}, {1, 4}, {1, 5}, {2, 3}, {2, 4}, {2, 5}]
    got = pair_round(t, 2, PairingOptions(system="lim", forbidden_pairs=forbidden))
    top = next(g for g in got.brackets if isinstance(g, lim.LimGroup) and g.score == 1)
    assert sorted(tuple(sorted(p)) for p in top.pairs) == [(1, 6), (3, 4)] and sorted(top.floaters) == [2, 5]
    median = next(g for g in got.brackets if isinstance(g, lim.LimGroup) and g.median)
    assert {x: median.arrived[x] for x in (2, 5)} == {2: ("4.4", Fraction(1)), 5: ("2.3.4", Fraction(1))}
    board = next(b for b in got.pairs if 2 in (b.white, b.black))
    assert "2 left the 1 scoregroup: his compatible opponents there were paired with others" in board.explanation.text


def _rated(t: Tournament, ratings: dict[int, int]) -> Tournament:
    for sn, rating in ratings.items():
        t.players[sn].rating = rating
    return t


MAXI = PairingOptions(system="lim", maxi_tournament=True)


def test_a_maxi_tournament_limits_the_exchanges_for_colour_to_100_points_3_8_5_7() -> None:
    """3.8, 5.7 (from the summaries of the text): after three draws in round one everybody is in the 0.5 median
    group; 1 is due Black and tries 4 (met), 5 (due Black), 6 (due White), 3 and 2 (due White). Without the
    Maxi-tournament rule 1 takes 6, the first who gives both their colours; in a Maxi-tournament 6 is rated 160
    points below 5, the first available, and 2 130 points above him, so 1 takes 5. Then 2 (due White) tries 4
    (leaves 3 v 6, who met), 6 (due White too) and 3 (due Black, but 280 points from 6): 2 v 6."""
    games = [[(1, 4, "="), (5, 2, "="), (3, 6, "=")]]
    ratings = {1: 2400, 2: 2390, 3: 2380, 4: 2370, 5: 2260, 6: 2100}
    plain = pair_round(_rated(_hand_built(games, 6, 5), ratings), 2, LIM)
    assert sorted(tuple(sorted(p)) for p in plain.as_pairs()) == [(1, 6), (2, 3), (4, 5)]
    maxi = pair_round(_rated(_hand_built(games, 6, 5), ratings), 2, MAXI)
    assert sorted(tuple(sorted(p)) for p in maxi.as_pairs()) == [(1, 5), (2, 6), (3, 4)]
    assert any("Maxi-tournament" in note and "100 rating points" in note for note in maxi.notes)
    assert not any("100 rating points" in note for note in plain.notes)


def test_a_maxi_tournament_floats_for_colour_only_within_100_points_3_2_3() -> None:
    """3.2.3 (from the summaries): the case of 3.2.2 above, where 2 floats instead of 3 to balance the colours;
    in a Maxi-tournament 2 is rated 190 points above 3, the player 3.2.4 would float, so 3 floats."""
    games = [[(4, 1, "0"), (5, 2, "0"), (3, 6, "1")]]
    ratings = {1: 2400, 2: 2390, 3: 2200, 4: 2190, 5: 2180, 6: 2170}
    groups = [g for g in pair_round(_rated(_hand_built(games, 6, 5), ratings), 2, LIM).brackets
              if isinstance(g, lim.LimGroup)]
    assert groups[0].floaters == [2]
    groups = [g for g in pair_round(_rated(_hand_built(games, 6, 5), ratings), 2, MAXI).brackets
              if isinstance(g, lim.LimGroup)]
    assert groups[0].floaters == [3] and groups[1].floaters == [4]  # 4: within 100 points of himself


def test_only_the_lim_system_has_maxi_tournament_rules() -> None:
    t = generate_tournament(8, 5, seed=2, system="lim", played=2)
    with pytest.raises(InputError) as err:
        pair_round(t, 3, PairingOptions(system="dutch", maxi_tournament=True))
    assert (err.value.issue.code, err.value.issue.field) == ("unsupported-option", "maxi_tournament")
    body = {"trf": write_trf(t), "system": "burstein", "maxi_tournament": True}
    answer = client.post("/v1/pairings", json=body)
    assert answer.status_code == 422 and answer.headers["content-type"].startswith("application/problem+json")
    assert "only the Lim system" in answer.json()["detail"]
    body["system"] = "lim"
    answer = client.post("/v1/pairings", json=body)
    assert answer.status_code == 200, answer.text
    assert any("100 rating points" in note for note in answer.json()["notes"])


def _scored(id: int, rank: int, score: str) -> PlayerState:
    p = _ps([])
    p.id, p.rank, p.pairing_score = id, rank, Fraction(score)
    return p


def test_the_order_in_which_floaters_are_paired_3_6_3_7() -> None:
    """3.6-3.7 (from the summaries): into a group paired downward, the downfloaters the highest score first, then
    the highest numbered (No. 1 side); into one paired upward, the upfloaters the lowest score first, then the
    lowest numbered; in the median group the downfloaters first, then its upfloaters in the mirror order."""
    x, y, z = _scored(7, 6, "3"), _scored(2, 1, "5/2"), _scored(5, 4, "3")
    assert [p.id for p in lim.floater_order([y, z, x], Fraction(2), "down")] == [5, 7, 2]
    u, v, w = _scored(9, 8, "0"), _scored(4, 3, "1/2"), _scored(8, 7, "0")
    assert [p.id for p in lim.floater_order([v, u, w], Fraction(1), "up")] == [9, 8, 4]
    assert [p.id for p in lim.floater_order([v, x, u, y], Fraction(3, 2), "down")] == [7, 2, 9, 4]


def _player(id: int, colours: list[Colour], opponents: set[int]) -> PlayerState:
    p = _ps(colours)
    p.id, p.opponents = id, frozenset(opponents)
    return p


def test_the_reasons_of_2_3_for_a_floater() -> None:
    """2.3.1 played all of the group; 2.3.2 two more of one colour and nobody to give the other; 2.3.3 the same
    colour twice and nobody to give the other; 2.3.4 one too many; 2.3.2 before 2.3.3 when both hold."""
    def compatible(a: PlayerState, b: PlayerState) -> bool:
        return b.id not in a.opponents and any(lim.can_take(a, c) and lim.can_take(b, c.opposite) for c in (W, B))

    x = _player(1, [W, B, W, B], {2, 3})
    assert lim.float_reason(x, [x, _player(2, [B], {1}), _player(3, [W], {1})], compatible) == "2.3.1"
    y = _player(1, [W, W, B, W], set())  # +2, the last two colours differ: only Black allowed
    z = _player(2, [B, W, B, W, W], set())  # +1 after two Whites: only Black allowed
    assert lim.float_reason(y, [y, z], compatible) == "2.3.2"
    assert lim.float_reason(z, [y, z], compatible) == "2.3.3"
    ww = _player(3, [W, W], set())  # +2 and two Whites in a row: 2.3.2 is listed first
    assert lim.float_reason(ww, [ww, z], compatible) == "2.3.2"
    a, b, c = _player(4, [W], set()), _player(5, [B], set()), _player(6, [B], set())
    assert lim.float_reason(c, [a, b, c], compatible) == "2.3.4"
    assert lim.float_reason(c, [c], compatible) == "2.3.4"  # alone in his group


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
        left = {(f, g.score): set(g.residents) | set(g.incoming) for g in groups for f in g.floaters}
        rnd = lim._Round(state)
        for g in groups:  # 2.3: every floater who arrived in a group says why he left his own, and it holds
            assert set(g.arrived) <= set(g.incoming)
            for pid, (rule, came_from) in g.arrived.items():
                p, others = state.by_id[pid], [state.by_id[q] for q in left[pid, came_from] - {pid}]
                assert rule in lim.FLOAT_REASONS
                if rule == "2.3.1":
                    assert all(q.id in p.opponents or q.id in state.forbidden.get(pid, ()) for q in others)
                elif rule in ("2.3.4", "4.4") and others:
                    assert any(rnd.ok(p, q) for q in others)
                elif rule in ("2.3.2", "2.3.3"):
                    assert not any(rnd.ok(p, q) for q in others)
                elif rule == "2.6":  # cracked: he had been paired in his group, and the median group needed him
                    assert g.median and g.cracked > 0
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
