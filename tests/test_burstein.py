"""Burstein System (C.04.4.2, 2026): articles by hand-built cases, and the engine against a literal
brute-force reading of the text on generated rounds."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.engine.errors import UnpairableError
from app.engine.model import Colour, Player, Result, RoundEntry, Tournament, VirtualPoints
from app.engine.pairing import PairingOptions, pair_round
from app.engine.pairing.api import prepare_round
from app.engine.pairing.checker import check_tournament
from app.engine.pairing.colours import allocate_colours_c0404
from app.engine.pairing.generator import generate_tournament
from app.engine.pairing.handling import tournament_before_round
from app.engine.pairing.state import Float, PlayerState, Strength
from app.engine.pairing.systems import burstein
from app.formats.trf_writer import write_trf
from app.main import app
from tests.support import burstein_reference

client = TestClient(app)
BURSTEIN = PairingOptions(system="burstein")


def _entry(opponent: int | None, colour: str | None, result: str) -> RoundEntry:
    c = {"w": Colour.WHITE, "b": Colour.BLACK, None: None}[colour]
    return RoundEntry(opponent, c, Result(result))


def _tournament(rows: dict[int, list[tuple[int | None, str | None, str]]], total: int, ratings: bool = True
                ) -> Tournament:
    t = Tournament(name="hand-built", total_rounds=total, type_code="FIDE_BURSTEIN", initial_colour=Colour.WHITE)
    for sn, entries in rows.items():
        t.players[sn] = Player(start_number=sn, name=f"P{sn}", rating=2000 - 10 * sn if ratings else None,
                               rounds=[_entry(*e) for e in entries])
    return t


# ------------------------------------------------------------------ 1.6 seeding rounds


@pytest.mark.parametrize(("rounds", "seeding"), [(3, 1), (5, 2), (7, 3), (8, 4), (9, 4), (13, 4)])
def test_the_number_of_seeding_rounds(rounds: int, seeding: int) -> None:
    assert burstein.seeding_rounds(rounds) == seeding  # 1.6.2: half the rounds, rounded down, at most 4


def test_seeding_rounds_are_paired_by_the_dutch_system() -> None:
    t = generate_tournament(14, 9, seed=5, system="burstein")
    for r in range(1, 5):
        before = tournament_before_round(t, r)
        mine = pair_round(before, r, BURSTEIN)
        dutch = pair_round(before, r, PairingOptions(system="dutch"))
        assert mine.as_pairs() == dutch.as_pairs() and mine.pab == dutch.pab
        assert "seeding round" in mine.notes[0]
    fifth = pair_round(tournament_before_round(t, 5), 5, BURSTEIN)
    assert not fifth.notes and "Index order" in fifth.pairs[0].explanation.text


# ------------------------------------------------------------------ 1.7 / 1.8 the Index


def test_index_buchholz_then_sonneborn_berger_with_unplayed_rounds_against_oneself() -> None:
    # round 1: 1-2 1-0, 3-4 draw; round 2: 1-3 draw, 2 has a half-point bye, 4 a zero-point bye
    t = _tournament({1: [(2, "w", "1"), (3, "b", "=")], 2: [(1, "b", "0"), (None, None, "H")],
                     3: [(4, "w", "="), (1, "w", "=")], 4: [(3, "b", "="), (None, None, "Z")]}, 6)
    ix = burstein.opposition_indices(t, 3)
    # scores: 1 = 1.5, 2 = 0.5, 3 = 1, 4 = 0.5; 4's trailing zero-point bye counts as a draw for 3 (1.7.2)
    assert ix[1] == burstein.Index(Fraction(1, 2) + 1, 1 * Fraction(1, 2) + Fraction(1, 2) * 1)
    # 2: lost to 1 (1.5), then the half-point bye is a game against himself (0.5 points, his score 0.5)
    assert ix[2] == burstein.Index(Fraction(3, 2) + Fraction(1, 2), Fraction(1, 2) * Fraction(1, 2))
    # 3: drew 4 (0.5 + 0.5 for the zero-point bye), drew 1 (1.5)
    assert ix[3] == burstein.Index(1 + Fraction(3, 2), Fraction(1, 2) * 1 + Fraction(1, 2) * Fraction(3, 2))
    # 4 himself: drew 3, then the zero-point bye against himself scores 0 (his real score 0.5)
    assert ix[4] == burstein.Index(1 + Fraction(1, 2), Fraction(1, 2) * 1)
    assert ix == {sn: burstein.Index(*v) for sn, v in burstein_reference.index(t, 3).items()}


def test_virtual_points_are_left_out_of_the_index() -> None:
    t = generate_tournament(12, 8, seed=2, system="burstein")
    before = tournament_before_round(t, 6)
    plain = burstein.opposition_indices(before, 6)
    before.virtual_points.append(VirtualPoints(Fraction(1), 1, 8, 1, 6))
    assert burstein.opposition_indices(before, 6) == plain
    accelerated = pair_round(before, 6, PairingOptions(system="burstein", acceleration="explicit"))
    assert accelerated.acceleration == "explicit"
    # the brackets follow the pairing score (score + virtual points, C.04.7 1.5)
    for b in accelerated.pairs:
        e = b.explanation
        assert e.bracket_score in (e.white_pairing_score, e.black_pairing_score)


def test_a_bracket_is_ranked_by_the_index_not_by_score() -> None:
    t = generate_tournament(20, 9, seed=11, system="burstein")
    r = 6
    before = tournament_before_round(t, r)
    p = pair_round(before, r, BURSTEIN)
    ix = burstein.opposition_indices(before, r)
    for rec in p.brackets:
        assert isinstance(rec, burstein.BursteinBracket)
        keys = [(-ix[sn].buchholz, -ix[sn].sonneborn_berger) for sn in rec.order]
        assert keys == sorted(keys)


# ------------------------------------------------------------------ Art. 4 order


def test_the_order_of_pairings_of_the_article_4_note() -> None:
    """Six players, two pairs: 1-6, 2-5, 3-0, 4-0 first, ..., 1-0, 2-0, 3-4, 5-6 last."""
    candidates = []
    for pairs in itertools.combinations(list(itertools.combinations(range(1, 7), 2)), 2):
        used = [x for pr in pairs for x in pr]
        if len(set(used)) == 4:
            candidates.append(pairs)
    assert len(candidates) == 45

    def opponents(pairs: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
        mate = {a: b for a, b in pairs} | {b: a for a, b in pairs}
        return tuple(mate.get(k, 0) for k in range(1, 7))

    ordered = sorted(candidates, key=opponents, reverse=True)

    def text(pairs: tuple[tuple[int, int], ...]) -> str:
        mate = {a: b for a, b in pairs} | {b: a for a, b in pairs}
        out, done = [], set()
        for k in range(1, 7):
            if k in done:
                continue
            out.append(f"{k}-{mate.get(k, 0)}")
            done |= {k, mate.get(k, 0)}
        return ", ".join(out)

    listed = ["1-6, 2-5, 3-0, 4-0", "1-6, 2-4, 3-0, 5-0", "1-6, 2-3, 4-0, 5-0", "1-6, 2-0, 3-5, 4-0",
              "1-6, 2-0, 3-4, 5-0", "1-6, 2-0, 3-0, 4-5", "1-5, 2-6, 3-0, 4-0", "1-5, 2-4, 3-0, 6-0",
              "1-5, 2-3, 4-0, 6-0"]
    assert [text(p) for p in ordered[:9]] == listed
    assert text(ordered[-1]) == "1-0, 2-0, 3-4, 5-6"
    # the engine's weights give the same order: the order value of each candidate, largest first
    values = [sum(burstein.order_value(a - 1, b - 1, 6) for a, b in p) for p in ordered]
    assert values == sorted(values, reverse=True) and len(set(values)) == 45


# ------------------------------------------------------------------ 3.1 the PAB and [C2]


def test_the_pab_goes_to_the_lowest_score_then_most_games_then_lowest_index() -> None:
    t = generate_tournament(15, 7, seed=4, system="burstein", bye_rate=0.05)
    for r in range(4, 8):
        before = tournament_before_round(t, r)
        p = pair_round(before, r, BURSTEIN)
        state = prepare_round(before, r, BURSTEIN).state
        if p.pab is None:
            continue
        bye = state.by_id[p.pab]
        assert bye.bye_eligible
        lower = [q for q in state.players if q.bye_eligible and (q.pairing_score, -q.played_games)
                 < (bye.pairing_score, -bye.played_games)]
        for q in lower:  # every better candidate would have left the others unpairable
            rest = [x for x in state.players if x is not q]
            rnd = burstein._Round(state, burstein.opposition_indices(before, r), list(state.players))
            assert not rnd.completable(rest)


# ------------------------------------------------------------------ Art. 5 colours


def _ps(sn: int, rank: int, colours: list[Colour], pref: Colour | None, strength: Strength) -> PlayerState:
    diff = sum(1 if c is Colour.WHITE else -1 for c in colours)
    return PlayerState(id=sn, rank=rank, score=Fraction(1), pairing_score=Fraction(1), colours=colours,
                       colour_difference=diff, preference=pref, strength=strength, repeated_colour=None,
                       floats=(Float.NONE, Float.NONE), float_reasons=("", ""), opponents=frozenset(),
                       bye_eligible=True, played_games=len(colours))


def test_colour_rules_in_their_order() -> None:
    W, B = Colour.WHITE, Colour.BLACK
    none = Strength.NONE
    # 5.2.1: neither has played: the higher-ranked player's odd TPN takes the initial colour
    assert allocate_colours_c0404(_ps(1, 0, [], None, none), _ps(2, 1, [], None, none), W) == (W, "5.2.1")
    assert allocate_colours_c0404(_ps(2, 1, [], None, none), _ps(3, 2, [], None, none), W) == (B, "5.2.1")
    # 5.2.2: both preferences, or the one preference when the other has not played
    assert allocate_colours_c0404(_ps(1, 0, [W], B, Strength.MILD), _ps(2, 1, [B], W, Strength.MILD), W) == \
        (B, "5.2.2")
    assert allocate_colours_c0404(_ps(1, 0, [], None, none), _ps(2, 1, [W], B, Strength.MILD), W) == (W, "5.2.2")
    # 5.2.3: the stronger preference
    assert allocate_colours_c0404(_ps(1, 0, [B], W, Strength.MILD), _ps(2, 1, [B, B, W], W, Strength.STRONG),
                                  W) == (B, "5.2.3")
    # 5.2.4: alternate from the latest round with different colours (here the second game)
    # (both prefer Black; in round 2 the higher-ranked had Black and the other White: now White)
    assert allocate_colours_c0404(_ps(1, 0, [W, B, B, W], B, Strength.MILD),
                                  _ps(2, 1, [B, W, B, W], B, Strength.MILD), W) == (W, "5.2.4")
    # 5.2.5: identical histories: the higher-ranked player's preference
    assert allocate_colours_c0404(_ps(1, 0, [B], W, Strength.MILD), _ps(2, 1, [B], W, Strength.MILD), W) == \
        (W, "5.2.5")


# ------------------------------------------------------------------ the whole procedure against the text


def _compare_with_reference(n: int, rounds: int, seed: int, draw: float, forfeit: float, bye: float) -> int:
    try:
        t = generate_tournament(n, rounds, draw_rate=draw, forfeit_rate=forfeit, bye_rate=bye, seed=seed,
                                system="burstein")
    except UnpairableError:
        return 0
    checked = 0
    for r in range(burstein.seeding_rounds(rounds) + 1, rounds + 1):
        before = tournament_before_round(t, r)
        state = prepare_round(before, r, PairingOptions(system="burstein")).state
        want_pairs, want_bye = burstein_reference.pair(state, burstein_reference.index(before, r))
        got = {frozenset(p) for p in
               ((e.white, e.black) for e in pair_round(before, r, BURSTEIN).pairs)}
        got_bye = pair_round(before, r, BURSTEIN).pab
        assert (got, got_bye) == (want_pairs, want_bye), f"n={n} rounds={rounds} seed={seed} round {r}"
        checked += 1
    return checked


@pytest.mark.parametrize("seed", range(6))
def test_engine_equals_the_literal_reading_on_small_rounds(seed: int) -> None:
    assert _compare_with_reference(9 + seed % 3, 7, seed, 0.3, 0.05, 0.05) > 0


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(4, 12), rounds=st.integers(3, 9), seed=st.integers(0, 10**6),
       draw=st.sampled_from([0.0, 0.3, 0.6]), forfeit=st.sampled_from([0.0, 0.1]), bye=st.sampled_from([0.0, 0.1]))
def test_engine_equals_the_literal_reading_many(n: int, rounds: int, seed: int, draw: float, forfeit: float,
                                                bye: float) -> None:
    _compare_with_reference(n, min(rounds, n - 1), seed, draw, forfeit, bye)


# ------------------------------------------------------------------ absolute criteria on many rounds


def _absolute_criteria_hold(t: Tournament) -> int:
    """[C1] no rematch, [C2] at most one PAB per player and none after a win without playing,
    [C3] no two players with the same absolute colour preference met, in every round."""
    rounds = 0
    for r in range(1, t.rounds_played + 1):
        state = prepare_round(tournament_before_round(t, r), r, BURSTEIN).state
        for sn, p in t.players.items():
            e = p.entry(r)
            if e.opponent is not None and e.result.is_played_game and e.colour is Colour.WHITE:
                a, b = state.by_id[sn], state.by_id[e.opponent]
                assert e.opponent not in a.opponents
                if r > burstein.seeding_rounds(t.total_rounds or 0):
                    assert not (a.absolute and b.absolute and a.preference is b.preference)
            if e.result is Result.PAIRING_ALLOCATED_BYE:
                assert state.by_id[sn].bye_eligible
        rounds += 1
    return rounds


def test_absolute_criteria_on_generated_tournaments() -> None:
    total = sum(_absolute_criteria_hold(generate_tournament(n, 7, seed=s, system="burstein", forfeit_rate=0.05,
                                                            bye_rate=0.05))
                for n, s in ((9, 1), (16, 2), (25, 3)))
    assert total == 21


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(4, 40), rounds=st.integers(2, 11), seed=st.integers(0, 10**6),
       forfeit=st.sampled_from([0.0, 0.05, 0.2]), bye=st.sampled_from([0.0, 0.05, 0.2]))
def test_absolute_criteria_on_thousands_of_rounds(n: int, rounds: int, seed: int, forfeit: float, bye: float) -> None:
    try:
        t = generate_tournament(n, min(rounds, n - 1), forfeit_rate=forfeit, bye_rate=bye, seed=seed,
                                system="burstein")
    except UnpairableError:
        return
    _absolute_criteria_hold(t)


# ------------------------------------------------------------------ checker, API, explanations


def test_the_checker_audits_a_burstein_file() -> None:
    t = generate_tournament(16, 8, seed=3, system="burstein")
    assert check_tournament(t) == []  # the file declares FIDE_BURSTEIN in 192
    # swap two opponents in round 6: the checker names the first criterion that differs
    r = 6
    boards = [(sn, p.entry(r).opponent) for sn, p in sorted(t.players.items())
              if p.entry(r).colour is Colour.WHITE]
    (a, b), (c, d) = boards[0], boards[1]
    for x, y, col in ((a, d, "w"), (d, a, "b"), (c, b, "w"), (b, c, "b")):
        old = t.players[x].rounds[r - 1]
        t.players[x].rounds[r - 1] = RoundEntry(y, Colour.WHITE if col == "w" else Colour.BLACK, old.result)
    found = check_tournament(t)
    assert found and found[0].round == r and found[0].criterion in ("C1", "C3", "C5", "C6", "C7", "C8", "4.3")
    assert found[0].message.startswith(f"[{found[0].criterion}]")


def test_the_api_pairs_a_burstein_round_with_explanations_in_both_languages() -> None:
    t = generate_tournament(12, 7, seed=8, system="burstein")
    before = tournament_before_round(t, 6)
    for p in before.players.values():
        p.declared_points = before.points(p)
    en = client.post("/v1/pairings", json={"trf": write_trf(before)}).json()
    assert en["system"] == "burstein" and en["round"] == 6 and en["warnings"] == []
    first = en["pairings"][0]["explanation"]
    assert "Index order" in first["text"] and first["colour_rule"].startswith("5.2.")
    assert set(first["details"][str(en["pairings"][0]["white"])]) == {"bsn", "buchholz", "sonneborn_berger"}
    zh = client.post("/v1/pairings", json={"trf": write_trf(before), "language": "zh"}).json()
    assert [(b["white"], b["black"]) for b in zh["pairings"]] == [(b["white"], b["black"]) for b in en["pairings"]]
    assert "布赫霍尔茨" in zh["pairings"][0]["explanation"]["text"]
    assert {(b.white, b.black) for b in pair_round(before, 6).pairs} == \
        {(b["white"], b["black"]) for b in en["pairings"]}


def test_the_random_endpoint_generates_burstein_tournaments() -> None:
    trf = client.post("/v1/tournaments/random", json={"players": 10, "rounds": 6, "seed": 2,
                                                      "system": "burstein"}).text
    assert "192 FIDE_BURSTEIN" in trf
    body = client.post("/v1/pairings/check", content=trf, headers={"content-type": "text/plain"}).json()
    assert body["system"] == "burstein" and body["discrepancies"] == []
