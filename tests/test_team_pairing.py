"""Team pairings: team round robin by the Berger tables, team Swiss (FIDE C.04.6)."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from app.engine.errors import InputError, UnpairableError
from app.engine.model import Colour, ForbiddenPairs
from app.engine.pairing.team_berger import pair_team_round_robin
from app.engine.pairing.team_round import board_pattern, team_colour
from app.engine.pairing.team_swiss import TeamSwissOptions, colour_preference, pair_team_swiss
from app.engine.roundrobin import berger_round
from app.engine.teams import TeamRoundKind, derive_team_matches
from tests.team_helpers import play_round, played_team_swiss, team_event

W, B = Colour.WHITE, Colour.BLACK


# ---------------------------------------------------------------- team round robin


@pytest.mark.parametrize("n", range(4, 13))
def test_team_round_robin_is_the_berger_table_with_board_colours(n: int) -> None:
    t = team_event(n, boards=4, board_colours=None)
    rounds = n - 1 if n % 2 == 0 else n
    for r in range(1, rounds + 1):
        p = pair_team_round_robin(t, r, boards=4)
        table = berger_round(n, r)
        assert [(m.home_team, m.away_team) for m in p.matches] == [(b.white, b.black) for b in table.pairings]
        assert [b.team for b in p.byes] == list(table.rest) and all(b.type == "rest" for b in p.byes)
        for m in p.matches:  # the home team has W B W B on boards 1..4, players in board order
            home, away = t.teams[m.home_team - 1], t.teams[m.away_team - 1]
            assert [(b.white, b.black) for b in m.boards] == [
                (home.members[0], away.members[0]), (away.members[1], home.members[1]),
                (home.members[2], away.members[2]), (away.members[3], home.members[3])]
        assert p.board_colours == "WBWB" and p.lineups == "default-board-order"


def test_team_round_robin_352_pattern_and_berger_mapping() -> None:
    t = team_event(4, boards=4, board_colours=None)
    t.board_colours = "BWWB"
    p = pair_team_round_robin(t, 1, berger_numbers={1: 4, 2: 3, 3: 2, 4: 1})
    # Berger round 1 of 4: 1-4, 2-3 -> teams 4-1 and 3-2; the home team has Black on board 1
    assert [(m.home_team, m.away_team) for m in p.matches] == [(4, 1), (3, 2)]
    assert [(b.white_team, b.black_team) for b in p.matches[0].boards] == [(1, 4), (4, 1), (4, 1), (1, 4)]
    assert p.as_pairs() == [(1, 4), (2, 3)]  # White on board 1 first


def test_team_round_robin_unknown_lineups_and_bad_round() -> None:
    t = team_event(5, boards=4, board_colours=None)
    t.teams[2].members = []
    p = pair_team_round_robin(t, 1, boards=4)
    assert p.lineups == "partial" and any("line-ups unknown for teams 3" in n for n in p.notes)
    with_three = next(m for m in p.matches if 3 in (m.home_team, m.away_team))
    assert all((b.white if b.white_team == 3 else b.black) is None for b in with_three.boards)
    assert [b.team for b in p.byes] == [1]  # round 1 of the table for 6: 1-6, and 6 is the dummy
    with pytest.raises(InputError, match="round 6 does not exist: a round robin of 5 teams"):
        pair_team_round_robin(t, 6)


# ---------------------------------------------------------------- team Swiss: hand-checked rounds


def _play(t, r: int, games: dict[tuple[int, int], str]) -> None:  # type: ignore[no-untyped-def]
    """Record round r: (first team, second team) -> board results of the first team, e.g. "1=0="."""
    from app.engine.model import Result, RoundEntry
    codes = {"1": (Result.WIN, Result.LOSS), "0": (Result.LOSS, Result.WIN), "=": (Result.DRAW, Result.DRAW)}
    pattern = board_pattern(t, len(next(iter(games.values()))))
    for (a, b), results in games.items():
        ta, tb = t.teams[a - 1], t.teams[b - 1]
        for k, res in enumerate(results):
            pa, pb = ta.members[k], tb.members[k]
            ra, rb = codes[res]
            ca = pattern[k]
            t.players[pa].rounds.append(RoundEntry(pb, ca, ra))
            t.players[pb].rounds.append(RoundEntry(pa, ca.opposite, rb))
    for p in t.players.values():
        if len(p.rounds) < r:
            p.rounds.append(RoundEntry(None, None, Result.NOT_PAIRED))


def test_round_one_identifier_order_and_tpn_parity() -> None:
    t = team_event(6, boards=4)
    p = pair_team_swiss(t, 1)
    # 3.6: the first identifier is tops 1,2,3 with bottoms 4,5,6; 4.3.1: odd TPN gets the initial colour (W)
    assert p.as_pairs() == [(1, 4), (5, 2), (3, 6)]
    assert [(m.home_team, m.away_team) for m in p.matches] == [(1, 4), (5, 2), (3, 6)]
    assert p.byes == [] and p.initial_colour is W and p.initial_colour_source == "file"
    assert "rule 4.3.1" in p.matches[0].explanation


def test_round_one_pab_goes_to_the_largest_tpn_with_a_draws_value() -> None:
    t = team_event(5, boards=4)
    p = pair_team_swiss(t, 1)
    assert p.as_pairs() == [(1, 3), (4, 2)]
    assert [(b.team, b.type, b.match_points, b.game_points) for b in p.byes] == [(5, "PAB", 1, 2)]
    t.team_byes.match_points, t.team_byes.game_points = Fraction(2), Fraction(4)  # type: ignore[union-attr]
    assert [(b.match_points, b.game_points) for b in pair_team_swiss(t, 1).byes] == [(2, 4)]  # TRF 320


def test_round_two_scoregroups_and_colour_difference() -> None:
    t = team_event(4, boards=4)
    _play(t, 1, {(1, 3): "1=1=", (4, 2): "0=0="})  # 1 beats 3, 2 beats 4: 1 and 2 on 2 MP
    p = pair_team_swiss(t, 2)
    # top scoregroup {1, 2}, then {3, 4}; 4.3.5: the lower colour difference gets White
    assert p.as_pairs() == [(2, 1), (3, 4)]
    assert all("4.3.5" in m.explanation for m in p.matches)


def test_no_rematch_next_identifier_is_taken() -> None:
    t = team_event(4, boards=4)
    _play(t, 1, {(1, 3): "====", (4, 2): "===="})  # every match drawn: one scoregroup of four
    p = pair_team_swiss(t, 2)
    assert sorted(tuple(sorted(x)) for x in p.as_pairs()) == [(1, 4), (2, 3)]  # 1-3 was a rematch


def test_odd_top_scoregroup_takes_one_upfloater() -> None:
    t = team_event(6, boards=4)
    _play(t, 1, {(1, 4): "1111", (5, 2): "0000", (3, 6): "1111"})
    p = pair_team_swiss(t, 2)
    # {1, 2, 3} on 2 MP needs one upfloater ([C4]); all candidates score 0 ([C5]); 3.5.4: team 4 first,
    # 1-4 already met, so the bracket {1, 2, 3, 4} is paired 1-3, 2-4 (identifier 1 2 3 4)
    pairs = sorted(tuple(sorted(x)) for x in p.as_pairs())
    assert pairs == [(1, 3), (2, 4), (5, 6)]
    assert "upfloaters 4 (0)" in next(m for m in p.matches if 4 in (m.home_team, m.away_team)).explanation


def test_forbidden_pairs_and_absent_teams() -> None:
    t = team_event(6, boards=4)
    t.forbidden_pairs.append(ForbiddenPairs([1, 4]))
    p = pair_team_swiss(t, 1, TeamSwissOptions(absent=[6]))
    assert sorted(tuple(sorted(x)) for x in p.as_pairs()) == [(1, 3), (2, 4)]
    assert {(b.team, b.type) for b in p.byes} == {(5, "PAB"), (6, "absent")}


def test_requested_bye_and_unpairable_round() -> None:
    t = team_event(4, boards=4)
    p = pair_team_swiss(t, 1, TeamSwissOptions(byes={4: "H"}))
    assert [(b.team, b.type, b.match_points, b.game_points) for b in p.byes] == [(3, "PAB", 1, 2), (4, "HPB", 1, 2)]
    t.forbidden_pairs.append(ForbiddenPairs([1, 2, 3, 4]))
    with pytest.raises(UnpairableError):
        pair_team_swiss(t, 1)


def test_baku_acceleration_on_match_points() -> None:
    t = team_event(8, boards=4, rounds=7)
    t.type_code = "FIDE_TEAM_BAKU"
    p = pair_team_swiss(t, 1)
    # group A = 2 * ceil(8 / 4) = 4 teams with 2 MP: brackets {1..4} and {5..8}
    assert sorted(tuple(sorted(x)) for x in p.as_pairs()) == [(1, 3), (2, 4), (5, 7), (6, 8)]
    assert p.acceleration == "baku"


def test_colour_preferences_type_a_and_b() -> None:
    from app.engine.pairing.team_round import TeamHistory

    def h(colours: str) -> TeamHistory:
        cs = tuple(W if c == "w" else B for c in colours)
        return TeamHistory(1, 1, Fraction(0), Fraction(0), Fraction(0), cs, frozenset(), len(cs), True, False)

    assert colour_preference(h("bb"), "A", False).colour is W  # 1.7.1: Black in the last two matches
    assert colour_preference(h("wb"), "A", False).colour is None
    assert colour_preference(h("wwb"), "A", False).colour is None  # CD +1 without WW last: none (Type A)
    assert colour_preference(h("wwb"), "B", False) == colour_preference(h("w"), "B", False)  # mild Black
    assert colour_preference(h("wb"), "B", False).colour is W and not colour_preference(h("wb"), "B", False).strong
    assert colour_preference(h("wb"), "B", True).colour is None  # CD 0 in the last round (1.7.2)
    assert colour_preference(h("bbw"), "A", False).colour is None
    assert colour_preference(h("bbbw"), "A", False).colour is W  # CD -2


# ---------------------------------------------------------------- team Swiss: properties


def _pairable(teams: list[int], met: set[frozenset[int]]) -> bool:
    if not teams:
        return True
    first, rest = teams[0], teams[1:]
    return any(frozenset((first, x)) not in met and _pairable([y for y in rest if y != x], met) for x in rest)


def _min_upfloaters(group: list[int], lower: list[int], met: set[frozenset[int]]) -> int:
    for k in range(len(group) % 2, len(lower) + 1, 2):
        for ups in itertools.combinations(lower, k):
            if _pairable(group + list(ups), met) and _pairable([x for x in lower if x not in ups], met):
                return k
    raise AssertionError("unpairable")


@pytest.mark.parametrize("n_teams,rounds", [(6, 3), (7, 5), (8, 5), (9, 5), (10, 6), (12, 6), (15, 7)])
def test_team_swiss_properties_on_generated_events(n_teams: int, rounds: int) -> None:
    for seed in range(4):
        t, pairings = played_team_swiss(n_teams, rounds, seed, colour_preferences="AB"[seed % 2])
        ev = derive_team_matches(t)
        pattern = board_pattern(t, ev.boards)
        met: set[frozenset[int]] = set()
        pabs: set[int] = set()
        for p in pairings:
            r = p.round
            pairs = p.as_pairs()
            seen = [team for pair in pairs for team in pair]
            # every team paired once, or the PAB (exactly when the number of teams is odd)
            assert sorted(seen + ([p.pab] if p.pab else [])) == list(range(1, n_teams + 1))
            assert (p.pab is not None) == (n_teams % 2 == 1)
            assert p.pab not in pabs  # [C2]
            pabs.add(p.pab or 0)
            assert not any(frozenset(x) in met for x in pairs)  # [C1]
            # [C4] bracket by bracket: the fewest upfloaters joining each top scoregroup
            score = {team: ev.match_points(team, r - 1) for team in range(1, n_teams + 1)}
            partner = {a: b for a, b in pairs} | {b: a for a, b in pairs}
            remaining = sorted(partner)
            while remaining:
                top = max(score[x] for x in remaining)
                group = [x for x in remaining if score[x] == top]
                bracket = set(group)
                frontier = list(group)
                while frontier:  # the bracket: the group, its partners, their partners...
                    x = frontier.pop()
                    if partner[x] not in bracket:
                        bracket.add(partner[x])
                        frontier.append(partner[x])
                lower = [x for x in remaining if score[x] != top]
                assert len(bracket) - len(group) == _min_upfloaters(group, lower, met), (seed, r, group)
                remaining = [x for x in remaining if x not in bracket]
            # colours: a preference is granted unless both teams of the match have the same one (4.3.2-4.3.3)
            for a, b in pairs:
                ra, rb = ev.schedule[a][r - 1], ev.schedule[b][r - 1]
                assert ra.kind is TeamRoundKind.MATCH and team_colour(ra, pattern) is W
                assert team_colour(rb, pattern) is B
            met |= {frozenset(x) for x in pairs}


def test_round_two_board_one_colours_alternate_between_opposite_teams() -> None:
    for seed in range(6):
        t, pairings = played_team_swiss(10, 2, seed)
        first = {a: W for a, _ in pairings[0].as_pairs()} | {b: B for _, b in pairings[0].as_pairs()}
        for white, black in pairings[1].as_pairs():
            if first[white] is not first[black]:
                assert (first[white], first[black]) == (B, W)  # both alternate (4.3.5 / 4.3.3)
            else:
                assert first[white] is B or first[black] is W  # exactly one of them alternates


def test_granted_preferences_in_generated_events() -> None:
    from app.engine.pairing.team_round import team_histories

    for seed in range(3):
        t = team_event(9, rounds=6)
        rng = random.Random(seed)
        for r in range(1, 7):
            p = pair_team_swiss(t, r)
            ev = derive_team_matches(t, rounds=r - 1)
            hist = team_histories(ev, board_pattern(t, 4), {k: k for k in range(1, 10)}, False,
                                  lambda _a, _b: Fraction(0), r)
            for white, black in p.as_pairs():
                pw = colour_preference(hist[white], "A", r == 6).colour
                pb = colour_preference(hist[black], "A", r == 6).colour
                if pw is not pb:  # 4.3.2 / 4.3.3: different preferences are all granted
                    assert pw in (None, W) and pb in (None, B), (seed, r, white, black)
            play_round(t, p, rng)


def test_game_points_as_primary_score() -> None:
    t = team_event(6, boards=4)
    _play(t, 1, {(1, 4): "11==", (5, 2): "0000", (3, 6): "1111"})
    on_mp = pair_team_swiss(t, 2)
    assert sorted(tuple(sorted(x)) for x in on_mp.as_pairs()) == [(1, 3), (2, 4), (5, 6)]
    # on game points 2 and 3 (4 GP) lead; 1 (3 GP) needs an upfloater: 4 (1 GP) is a rematch, so 5 (0)
    on_gp = pair_team_swiss(t, 2, TeamSwissOptions(primary_score="game-points"))
    assert sorted(tuple(sorted(x)) for x in on_gp.as_pairs()) == [(1, 5), (2, 3), (4, 6)]
    with pytest.raises(InputError, match="team 9 does not exist"):
        pair_team_swiss(t, 2, TeamSwissOptions(byes={9: "H"}))
