"""Dubov System (C.04.4.1, 2026): the Handbook's examples, hand-built cases per article, and properties of
every generated round (absolute criteria; fewest and highest upfloaters; S1 and T2 as 3.2.5-3.2.6 say)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.engine.errors import InputError, UnpairableError
from app.engine.model import Colour, Result, ScoringSystem, Tournament
from app.engine.pairing import PairingOptions, pair_round
from app.engine.pairing.api import prepare_round
from app.engine.pairing.checker import check_tournament
from app.engine.pairing.generator import generate_tournament
from app.engine.pairing.handling import tournament_before_round
from app.engine.pairing.state import Float, PlayerState, RoundState, Strength
from app.engine.pairing.systems import dubov
from app.formats.trf_writer import write_trf
from app.main import app

client = TestClient(app)
DUBOV = PairingOptions(system="dubov")
W, B = Colour.WHITE, Colour.BLACK


# ------------------------------------------------------------------ the Handbook's examples


def test_sets_are_ordered_by_the_smallest_differing_sequence_number() -> None:
    """4.1.3: with K = 2, {#1, #2} before {#1, #3}, {#1, #P} before {#2, #3}."""
    pool = [_ps(k, k - 1, Fraction(1)) for k in range(1, 6)]
    sets = next(dubov._profiles(pool, 2))
    order = [tuple(p.id for p in s) for s in sets]
    assert order == list(itertools.combinations(range(1, 6), 2))
    assert order.index((1, 2)) < order.index((1, 3)) and order.index((1, 5)) < order.index((2, 3))


def test_shifter_sequence_numbers_start_from_the_middle() -> None:
    """4.3.3: A, B, C, D, E, F, G get #1 D, #2 C, #3 E, #4 B, #5 F, #6 A, #7 G."""
    letters = "ABCDEFG"
    assert "".join(letters[i] for i in dubov.middle_out(range(7))) == "DCEBFAG"


def test_transpositions_in_their_order() -> None:
    """4.4.2: A, B, C give ABC, ACB, BAC, BCA, CAB, CBA; the first legal one is taken (3.2.6)."""
    s1 = [_ps(1, 0, Fraction(1)), _ps(2, 1, Fraction(1)), _ps(3, 2, Fraction(1))]
    a, b, c = _ps(4, 3, Fraction(1)), _ps(5, 4, Fraction(1)), _ps(6, 5, Fraction(1))
    # 1 has met A (4) and C (6): ABC, ACB, CAB, CBA are illegal; BAC (1-5, 2-4, 3-6) is the first legal one
    s1[0] = _ps(1, 0, Fraction(1), opponents={4, 6})
    rnd = _round([*s1, a, b, c])
    t2 = dubov._first_transposition(rnd, s1, [a, b, c])
    assert t2 is not None and [p.id for p in t2] == [5, 4, 6]
    # 2 has also met A: BAC is out, BCA (1-5, 2-6, 3-4) is next
    s1[1] = _ps(2, 1, Fraction(1), opponents={4})
    rnd = _round([*s1, a, b, c])
    t2 = dubov._first_transposition(rnd, s1, [a, b, c])
    assert t2 is not None and [p.id for p in t2] == [5, 6, 4]


# ------------------------------------------------------------------ Art. 1 definitions


def test_aro_rounds_half_up_and_is_zero_before_the_first_game() -> None:
    assert dubov.aro([]) == 0  # 1.7.3
    assert dubov.aro([2000, 2001]) == 2001  # 2000.5: the higher
    assert dubov.aro([1999, 2000]) == 2000
    assert dubov.aro([2000, 2001, 2001]) == 2001  # 2000.67
    assert dubov.aro([2000, 2000, 2001]) == 2000  # 2000.33


@pytest.mark.parametrize(("rounds", "maxt"), [(5, 3), (9, 3), (10, 4), (14, 4), (15, 5)])
def test_maximum_upfloater(rounds: int, maxt: int) -> None:
    assert dubov.max_upfloats(rounds) == maxt  # 1.8.2: 2 + [Rnds / 5]


def test_a_player_who_has_not_played_prefers_black_mildly() -> None:
    assert dubov.DubovSystem().colour_preference([]) == (B, Strength.MILD, None, 0)  # 1.6.4
    assert dubov.DubovSystem().colour_preference([W, W]) == (B, Strength.ABSOLUTE, W, 2)


def test_every_player_needs_a_rating() -> None:
    t = generate_tournament(8, 5, seed=1, system="dubov")
    before = tournament_before_round(t, 3)
    before.players[4].rating = None
    with pytest.raises(InputError) as err:
        pair_round(before, 3, DUBOV)
    assert err.value.issue.code == "rating-required" and "4" in str(err.value) and "1.1" in str(err.value)


# ------------------------------------------------------------------ round 1 and the PAB (3.1)


def test_round_one_pairs_the_first_half_against_the_second_and_gives_the_bye_to_the_largest_tpn() -> None:
    t = Tournament(name="r1", total_rounds=5, type_code="FIDE_DUBOV", initial_colour=W)
    from app.engine.model import Player

    for sn in range(1, 10):
        t.players[sn] = Player(start_number=sn, name=f"P{sn}", rating=2400 - 20 * sn)
    p = pair_round(t)
    assert p.system == "dubov" and p.pab == 9  # 3.1: everybody on 0 with no game: the largest TPN
    # G1 = 1-4 (first half by TPN, 3.2.3), S1 by ARO (all 0) then TPN, T2 = 5-8; 5.2.1 colours by parity
    assert p.as_pairs() == [(1, 5), (6, 2), (3, 7), (8, 4)]
    assert all(b.explanation.colour_rule == "5.2.1" for b in p.pairs)


def test_the_pab_goes_to_the_lowest_score_then_most_games_then_largest_tpn() -> None:
    t = generate_tournament(11, 7, seed=6, system="dubov", bye_rate=0.08)
    for r in range(2, 8):
        before = tournament_before_round(t, r)
        p = pair_round(before, r, DUBOV)
        state = prepare_round(before, r, DUBOV).state
        if p.pab is None:
            continue
        bye = state.by_id[p.pab]
        key = (bye.pairing_score, -bye.played_games, -bye.rank)
        rnd = dubov._Round(state, dubov.dubov_players(before, state, prepare_round(before, r, DUBOV).history))
        for q in state.players:
            if q.bye_eligible and (q.pairing_score, -q.played_games, -q.rank) < key:
                assert not rnd.completable([x for x in state.players if x is not q])


# ------------------------------------------------------------------ 3.2.4 shifts, 3.2.5 S1, 3.2.6 T2


def _ps(sn: int, rank: int, score: Fraction, pref: Colour | None = B, strength: Strength = Strength.MILD,
        opponents: set[int] | None = None, games: int = 1) -> PlayerState:
    colours = [] if games == 0 else [pref.opposite if pref else W] * games
    return PlayerState(id=sn, rank=rank, score=score, pairing_score=score, colours=colours, colour_difference=0,
                       preference=pref, strength=strength, repeated_colour=None, floats=(Float.NONE, Float.NONE),
                       float_reasons=("", ""), opponents=frozenset(opponents or ()), bye_eligible=True,
                       played_games=games)


def _round(players: list[PlayerState], aro: dict[int, int] | None = None, total: int = 9) -> dubov._Round:
    by_id = {p.id: p for p in players}
    for p in players:  # opponents both ways
        for o in p.opponents:
            if o in by_id and p.id not in by_id[o].opponents:
                q = by_id[o]
                by_id[o] = PlayerState(**{**q.__dict__, "opponents": q.opponents | {p.id}})
    players = [by_id[p.id] for p in players]
    state = RoundState(round_number=4, total_rounds=total, players=players, by_id={p.id: p for p in players},
                       forbidden={}, initial_colour=W, last_round=False, scoring=ScoringSystem.standard(),
                       topscorer_threshold=Fraction(0))
    info = {p.id: dubov.DubovPlayer(2000, (aro or {}).get(p.id, 0), 0, False) for p in players}
    return dubov._Round(state, info)


def test_equalising_shift_takes_the_middle_white_seeker_and_s1_is_sorted_by_aro() -> None:
    score = Fraction(2)
    players = [_ps(1, 0, score, W), _ps(2, 1, score, W), _ps(3, 2, score, W), _ps(4, 3, score, W),
               _ps(5, 4, score, B), _ps(6, 5, score, B)]
    rnd = _round(players, aro={1: 2100, 2: 1900, 3: 2000, 4: 1800, 5: 1950, 6: 1850})
    rec = dubov._pair_bracket(rnd, rnd.players, [])
    # G1 = {1, 2, 3, 4}, G2 = {5, 6}: one White seeker moves; by ARO 4, 2, 3, 1 and from the middle: 2 (4.3.3)
    assert rec.shifted == [2]
    assert rec.g1 == [4, 3, 1]  # S1: ascending ARO (3.2.5)
    assert rec.pairs == [(4, 2), (3, 5), (1, 6)] and rec.colour_misses == 1  # T2: first transposition (3.2.6)


def test_players_the_smaller_subgroup_must_pair_together_are_shifted_first() -> None:
    score = Fraction(2)
    far = {3, 4, 5, 6}
    players = [_ps(1, 0, score, W, opponents=far), _ps(2, 1, score, W, opponents=far), _ps(3, 2, score, B),
               _ps(4, 3, score, B), _ps(5, 4, score, B), _ps(6, 5, score, B)]
    rnd = _round(players, aro={1: 2000, 2: 1900, 3: 1800, 4: 1700, 5: 1600, 6: 1500})
    assert dubov._forced_internal_pairs(rnd, rnd.players, rnd.players[:2]) == 1  # 1 and 2 can only meet
    rec = dubov._pair_bracket(rnd, rnd.players, [])
    # 3.2.4.1: one of G1 = {1, 2} moves to G2 (by ARO 2 then 1: #1 is 2); 3.2.4.2: two of {2, 3, 4, 5, 6} move
    # back (by TPN, from the middle: 4, 3, ...): G1 = {1, 4, 3}, G2 = {2, 5, 6}
    assert sorted(rec.shifted) == [2, 3, 4]
    assert rec.g1 == [4, 3, 1] and rec.pairs == [(4, 5), (3, 6), (1, 2)]


# ------------------------------------------------------------------ properties of generated rounds


def _check_round(t: Tournament, r: int) -> None:
    before = tournament_before_round(t, r)
    prepared = prepare_round(before, r, DUBOV)
    state = prepared.state
    p = pair_round(before, r, DUBOV)
    rnd = dubov._Round(state, dubov.dubov_players(before, state, prepared.history))
    by_id = state.by_id
    seen: set[int] = set()
    for b in p.pairs:
        a, c = by_id[b.white], by_id[b.black]
        assert c.id not in a.opponents and c.id not in state.forbidden.get(a.id, ())  # [C1]
        assert not (a.absolute and c.absolute and a.preference is c.preference)  # [C3]
        seen |= {a.id, c.id}
    if p.pab is not None:
        assert by_id[p.pab].bye_eligible  # [C2]
        seen.add(p.pab)
    assert seen == set(by_id) and len(seen) == 2 * len(p.pairs) + (p.pab is not None)
    remaining = [q for q in state.players if q.id != p.pab]
    for rec in p.brackets:
        assert isinstance(rec, dubov.DubovBracket)
        residents = [by_id[x] for x in rec.residents]
        ups = [by_id[x] for x in rec.upfloaters]
        paired = {x for pr in rec.pairs for x in pr}
        assert paired == set(rec.residents) | set(rec.upfloaters)  # no downfloaters
        assert all(u.pairing_score < rec.score for u in ups) and all(q.pairing_score == rec.score for q in residents)
        pool = [q for q in remaining if q.pairing_score < rec.score]
        if len(pool) <= 12:  # [C5] fewest upfloaters, [C6] highest scores: no legal set does better

            def legal(s: tuple[PlayerState, ...], residents: list[PlayerState] = residents,
                      pool: list[PlayerState] = pool) -> bool:
                ids = {x.id for x in s}
                return rnd.completable(residents + list(s)) and rnd.completable([q for q in pool if q.id not in ids])

            best = sorted(u.pairing_score for u in ups)
            for k in range(len(residents) % 2, len(ups) + 1, 2):
                for s in itertools.combinations(pool, k):
                    if legal(s):
                        assert k == len(ups), f"round {r}: {k} upfloaters would do, not {len(ups)}"
                        assert sorted(x.pairing_score for x in s) <= best
        # 3.2.5 S1 by ARO then TPN; 3.2.6 T2 is the first legal transposition of G2 (TPN order)
        s1 = [by_id[x] for x in rec.g1]
        assert s1 == sorted(s1, key=lambda q: (rnd.info[q.id].aro, q.rank))
        g2 = sorted((by_id[x] for x in rec.g2), key=lambda q: q.rank)
        if len(g2) <= 6:
            first = next(perm for perm in itertools.permutations(g2)
                         if all(rnd.ok(x, y) for x, y in zip(s1, perm, strict=True)))
            assert [q.id for q in first] == rec.g2
        remaining = [q for q in remaining if q.id not in paired]


def test_properties_on_generated_tournaments() -> None:
    rounds = 0
    for n, total, seed in ((9, 7, 1), (14, 9, 2), (21, 9, 3), (30, 7, 4)):
        t = generate_tournament(n, total, seed=seed, system="dubov", forfeit_rate=0.05, bye_rate=0.05, draw_rate=0.3)
        for r in range(1, total + 1):
            _check_round(t, r)
            rounds += 1
    assert rounds == 32


@pytest.mark.slow
@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(4, 30), rounds=st.integers(2, 11), seed=st.integers(0, 10**6),
       draw=st.sampled_from([0.0, 0.3, 0.6]), forfeit=st.sampled_from([0.0, 0.05, 0.2]),
       bye=st.sampled_from([0.0, 0.05, 0.2]))
def test_properties_on_thousands_of_rounds(n: int, rounds: int, seed: int, draw: float, forfeit: float,
                                           bye: float) -> None:
    try:
        t = generate_tournament(n, min(rounds, n - 1), draw_rate=draw, forfeit_rate=forfeit, bye_rate=bye, seed=seed,
                                system="dubov")
    except UnpairableError:
        return
    for r in range(1, t.rounds_played + 1):
        _check_round(t, r)


# ------------------------------------------------------------------ upfloat history, checker, API


def test_upfloats_are_counted_from_the_history() -> None:
    t = generate_tournament(12, 7, seed=9, system="dubov")
    r = 6
    before = tournament_before_round(t, r)
    prepared = prepare_round(before, r, DUBOV)
    info = dubov.dubov_players(before, prepared.state, prepared.history)
    for sn, i in info.items():
        count = 0
        for k in range(1, r):
            e = before.players[sn].entry(k)
            if e.opponent is not None and before.points(e.opponent, k - 1) > before.points(sn, k - 1):
                count += 1
        assert i.upfloats == count
        e = before.players[sn].entry(r - 1)
        assert i.upfloated_last_round == (e.opponent is not None and
                                          before.points(e.opponent, r - 2) > before.points(sn, r - 2))


def test_checker_audits_a_dubov_file_and_names_the_first_criterion() -> None:
    t = generate_tournament(14, 7, seed=12, system="dubov")
    assert check_tournament(t) == []
    r = 5
    pab = next((sn for sn, p in t.players.items() if p.entry(r).result is Result.PAIRING_ALLOCATED_BYE), None)
    assert pab is None
    whites = [(sn, p.entry(r).opponent) for sn, p in sorted(t.players.items()) if p.entry(r).colour is W]
    (a, b), (c, d) = whites[0], whites[-1]
    for x, y, col in ((a, d, W), (d, a, B), (c, b, W), (b, c, B)):
        old = t.players[x].rounds[r - 1]
        t.players[x].rounds[r - 1] = type(old)(y, col, old.result)
    found = check_tournament(t)
    assert found and found[0].round == r and found[0].message.startswith("[")


def test_the_api_pairs_dubov_with_explanations_in_both_languages() -> None:
    t = generate_tournament(10, 6, seed=3, system="dubov")
    before = tournament_before_round(t, 4)
    for p in before.players.values():
        p.declared_points = before.points(p)
    en = client.post("/v1/pairings", json={"trf": write_trf(before)}).json()
    assert en["system"] == "dubov" and en["warnings"] == []
    assert "ARO" in en["pairings"][0]["explanation"]["text"]
    zh = client.post("/v1/pairings", json={"trf": write_trf(before), "language": "zh"}).json()
    assert "对手平均等级分" in zh["pairings"][0]["explanation"]["text"]
    assert [(b["white"], b["black"]) for b in zh["pairings"]] == [(b["white"], b["black"]) for b in en["pairings"]]
    trf = client.post("/v1/tournaments/random", json={"players": 9, "rounds": 5, "seed": 4, "system": "dubov"}).text
    assert "192 FIDE_DUBOV" in trf
    check = client.post("/v1/pairings/check", content=trf, headers={"content-type": "text/plain"}).json()
    assert check["system"] == "dubov" and check["discrepancies"] == []
