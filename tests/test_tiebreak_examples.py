"""Worked examples: spec/tiebreaks.md §9 (round robin, direct encounter), §10 (Swiss with
unplayed rounds, editions 2026-03 and 2024-08), §11 (team), and the examples of the seed
documents (Alekhine Memorial case study, national cut / median / progressive examples)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from app.engine.tiebreaks import StandingsOptions, compute_standings
from app.engine.tiebreaks.ratings import performance_rating
from app.engine.tiebreaks.unplayed import cut
from app.formats.trf_reader import read_trf
from tests.conftest import DATA
from tests.tiebreak_helpers import F, build, ranks, teams, values

# --------------------------------------------------------------------------- §10


@pytest.fixture(scope="module")
def example10():  # type: ignore[no-untyped-def]
    return read_trf((DATA / "c07_worked_example.trf").read_bytes()).tournament


_TABLE10 = "PTS BH BH/C1 BH/M1 SB SB/C1 PS PS/C1 FB AOB WIN WON BPG BWG REP ARO TPR PTP APRO APPO STD"
# spec/tiebreaks.md §10, edition 2026-03 (AOB rounded to 2 decimals; STD equals PTS here)
_EXPECTED10 = {
    1: "3.0 9.0 7.0 4.0 6.5 5.5 8.0 7.0 8.5 8.75 2 2 2 0 4 1925 2118 2121 1955 1954 3",
    2: "2.0 10.0 8.0 5.0 4.5 3.5 5.5 5.0 10.0 8.0 1 1 2 1 4 1938 1938 1938 2031 2037 2",
    3: "2.0 8.0 7.0 4.0 3.5 2.5 5.5 4.5 8.0 8.5 1 1 1 0 4 1913 1913 1912 1760 1744 2",
    4: "3.0 9.0 7.0 4.0 6.5 5.5 8.0 7.0 9.0 9.5 2 0 1 0 4 2050 2050 2047 2028 2030 3",
    5: "2.0 8.0 6.0 3.0 3.0 2.0 3.5 3.5 8.0 8.0 1 1 2 1 3 1917 1917 1918 1699 1678 2",
    6: "1.5 6.0 4.5 2.5 2.0 1.0 5.0 4.5 6.5 8.5 1 1 1 0 2 1850 2043 2069 1503 1469 1.5",
    7: "1.0 7.0 6.0 4.0 1.0 0.0 2.0 2.0 7.0 7.33 1 0 2 0 4 1867 1067 1000 1958 1966 1",
}


def test_section10_full_table_2026(example10) -> None:  # type: ignore[no-untyped-def]
    st = compute_standings(example10, _TABLE10)
    assert st.edition == "2026-03" and st.edition_source == "042"
    for e in st.entries:
        expected = [F(x) for x in _EXPECTED10[e.id].split()]
        assert [e.points, *(tb.value for tb in e.tiebreaks)] == expected, e.id


def test_section10_edition_2024_changes_player_4(example10) -> None:  # type: ignore[no-untyped-def]
    v = values(example10, "PTS BH SB BH/C1", edition="2024-08")
    assert v[4] == [F(11), F("8.5"), F(9)]
    assert values(example10, "PTS BH/V2024 SB/V2024")[4] == [F(11), F("8.5")]  # same through /V


def test_section10_cut_exception_and_forfeits_as_played(example10) -> None:  # type: ignore[no-untyped-def]
    v = values(example10, "PTS BH BH/C1 BH/C2 BH/P")
    assert v[5] == [F(8), F(6), F(5), F(8)]  # 16.5.1: the VUR contribution 2.0 is cut, not 1.0
    assert v[6] == [F(6), F("4.5"), F("3"), F("7.5")]  # /P: the forfeit counts as played against #4


def test_section10_explanations_show_dummy_and_caps(example10) -> None:  # type: ignore[no-untyped-def]
    st = compute_standings(example10, "PTS BH BH/C1")
    four, five = st.by_id()[4], st.by_id()[5]
    text = four.tiebreaks[0].explanation
    assert "R1 pairing-allocated bye: dummy opponent 2 (own score 3, capped at 2 = half the maximum score, 16.4.2)" \
        in text
    assert "R3 forfeit win: dummy opponent 2 (own score 3, capped at 2 = the adjusted score of the scheduled " \
        "opponent #6, 16.4.1)" in text
    assert "R3 vs #6" not in text
    assert "voluntarily unplayed round, cut first, 16.5" in five.tiebreaks[1].explanation
    zh = compute_standings(example10, "PTS BH", StandingsOptions(language="zh")).by_id()[4].tiebreaks[0].explanation
    assert "虚拟对手 2" in zh and "16.4.2" in zh


def test_section10_ranking_shares_first_place(example10) -> None:  # type: ignore[no-untyped-def]
    st = compute_standings(example10)  # the file's 212 list: PTS, BH/C1, BH, SB, DE
    assert st.list_source == "212"
    assert [(e.id, e.rank) for e in st.entries[:2]] == [(1, 1), (4, 1)]
    assert st.entries[0].decided_by is None
    st24 = compute_standings(example10, options=StandingsOptions(edition="2024-08"))
    assert [(e.id, e.rank, e.decided_by) for e in st24.entries[:2]] == [(4, 1, None), (1, 2, "BH/C1")]


def test_section10_lots_and_tpn_break_the_remaining_tie(example10) -> None:  # type: ignore[no-untyped-def]
    st = compute_standings(example10, "PTS BH/C1 BH SB DE TPN")
    assert [(e.id, e.rank, e.decided_by) for e in st.entries[:2]] == [(1, 1, None), (4, 2, "TPN")]
    a = compute_standings(example10, None, StandingsOptions(ties="lots", lots_seed=7))
    b = compute_standings(example10, None, StandingsOptions(ties="lots", lots_seed=7))
    assert [e.id for e in a.entries] == [e.id for e in b.entries]
    assert a.lots_seed == 7 and sorted(e.rank for e in a.entries) == list(range(1, 8))
    assert {a.entries[0].id, a.entries[1].id} == {1, 4} and a.entries[1].decided_by == "lots"
    drawn = compute_standings(example10, None, StandingsOptions(ties="lots"))
    assert drawn.lots_seed is not None  # a fresh seed is drawn and returned
    again = compute_standings(example10, None, StandingsOptions(ties="lots", lots_seed=drawn.lots_seed))
    assert [e.id for e in again.entries] == [e.id for e in drawn.entries]


# --------------------------------------------------------------------------- §9


def _rr6():  # type: ignore[no-untyped-def]
    # spec §9.1, row scored against column
    table = {(1, 2): "=", (1, 3): "1", (1, 4): "0", (1, 5): "1", (1, 6): "1", (2, 3): "=", (2, 4): "1",
             (2, 5): "=", (2, 6): "1", (3, 4): "=", (3, 5): "1", (3, 6): "=", (4, 5): "0", (4, 6): "1",
             (5, 6): "="}
    from app.engine.system import PairingSystem  # noqa: F401
    rounds = [[(1, 6), (2, 5), (3, 4)], [(6, 4), (5, 3), (1, 2)], [(2, 6), (3, 1), (4, 5)],
              [(6, 5), (1, 4), (2, 3)], [(3, 6), (4, 2), (5, 1)]]
    pairings = []
    for rnd in rounds:
        row = []
        for w, b in rnd:
            res = table.get((w, b)) or {"1": "0", "0": "1", "=": "="}[table[(b, w)]]
            row.append((w, b, res))
        pairings.append(row)
    return build({k: 2000 for k in range(1, 7)}, pairings, system="round-robin")


def test_section9_round_robin_values() -> None:
    v = values(_rr6(), "PTS SB WIN KS KS/L-1 DE")
    assert [v[k][0] for k in range(1, 7)] == [F("7.25"), F("7.5"), F("5.5"), F("5.75"), F("4.75"), F("2.25")]
    assert [v[k][1] for k in range(1, 5)] == [3, 2, 1, 2]
    assert [v[k][2] for k in range(1, 5)] == [F("1.5"), F(2), F(1), F("1.5")]
    assert v[1][3] == F("2.5") and v[2][3] == F("2.5")
    assert all(v[k][4] == 0 for k in v)  # 1-2 and 3-4 drew: DE separates nobody


def test_section9_order_of_the_list_matters() -> None:
    t = _rr6()
    assert ranks(t, "PTS DE WIN SB KS") == {1: 1, 2: 2, 4: 3, 3: 4, 5: 5, 6: 6}
    assert ranks(t, "PTS SB DE WIN KS") == {2: 1, 1: 2, 4: 3, 3: 4, 5: 5, 6: 6}


def _de_group(results: dict[tuple[str, str], str]):  # type: ignore[no-untyped-def]
    """Players A.. with the given results among them, made equal on points by extra games
    against outsiders (one new outsider per game)."""
    names = sorted({x for pair in results for x in pair})
    ids = {n: k for k, n in enumerate(names, start=1)}
    score = dict.fromkeys(names, Fraction(0))
    for (a, b), res in results.items():
        score[a] += {"1": 1, "=": F("0.5"), "0": 0}[res]
        score[b] += {"1": 0, "=": F("0.5"), "0": 1}[res]
    rounds = [[(ids[a], ids[b], res)] for (a, b), res in results.items()]
    ratings = {k: 2000 for k in ids.values()}
    outsider = len(ids)
    top = max(score.values())
    for name in names:
        deficit = top - score[name]
        while deficit > 0:
            outsider += 1
            ratings[outsider] = 1500
            rounds.append([(ids[name], outsider, "1" if deficit >= 1 else "=")])
            deficit -= 1 if deficit >= 1 else F("0.5")
    t = build(ratings, rounds, names={v: k for k, v in ids.items()})
    return t, ids


def test_section9_direct_encounter_all_met() -> None:
    t, ids = _de_group({("P", "Q"): "1", ("P", "R"): "=", ("Q", "R"): "="})  # P 1.5, R 1, Q 0.5: not tied
    st = compute_standings(t, "DE")
    assert [e.name for e in st.entries[:3]] == ["P", "R", "Q"]
    assert [e.tiebreaks[0].value for e in st.entries[:3]] == [1, 2, 3]


def test_section9_direct_encounter_subgroup_reapplied() -> None:
    # A beat B and C, lost to D; B beat C; B-D drawn; C beat D. Mini-table A 2, B 1.5, D 1.5, C 1.
    t, ids = _de_group({("A", "B"): "1", ("A", "C"): "1", ("D", "A"): "1", ("B", "C"): "1", ("B", "D"): "=",
                        ("C", "D"): "1"})
    st = compute_standings(t, "DE")
    assert [(e.name, e.rank) for e in st.entries[:4]] == [("A", 1), ("B", 2), ("D", 2), ("C", 4)]
    assert "not separated" in st.by_id()[ids["B"]].tiebreaks[0].explanation


def test_section9_direct_encounter_partial() -> None:
    t, ids = _de_group({("P", "Q"): "1", ("P", "R"): "1"})  # Q and R never met
    st = compute_standings(t, "DE")
    assert [(e.name, e.rank) for e in st.entries[:3]] == [("P", 1), ("Q", 2), ("R", 2)]
    t, ids = _de_group({("P", "Q"): "1", ("Q", "R"): "1"})  # P-R not played: nobody certain
    assert {e.rank for e in compute_standings(t, "DE").entries[:3]} == {1}


def test_section9_repeated_meetings_average() -> None:
    # A scored 1 and ½ against B: A's addend 0.75, B's 0.25 (6.1.2); both end on 1.5 points
    t = build({1: 2000, 2: 2000, 3: 1500, 4: 1500}, [[(1, 2, "1")], [(2, 1, "=")], [(2, 3, "1"), (1, 4, "0")]],
              system="double-round-robin")
    st = compute_standings(t, "DE")
    assert [(e.id, e.rank) for e in st.entries[:2]] == [(1, 1), (2, 2)]
    assert "#1 0.75, #2 0.25" in st.entries[0].tiebreaks[0].explanation


# --------------------------------------------------------------------------- §11


def test_section11_team_example() -> None:
    # X (team 1) beat T1 2.5-1.5, drew T2 2-2, lost to T3 1.5-2.5; board points of X per round:
    # board 1: 1, ½, 0; board 2: ½, ½, 1; board 3: 1, ½, ½; board 4: 0, ½, 0.
    x = [["1", "=", "1", "0"], ["=", "=", "=", "="], ["0", "1", "=", "0"]]
    others = {(3, 4): "1111", (2, 4): "1111", (2, 3): "1111"}  # T1 beats T3 and T2, T2 beats T3 (4-0)
    ratings = {k: 2000 for k in range(1, 17)}
    rosters = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]
    schedule = [[(1, 2), (3, 4)], [(1, 3), (2, 4)], [(1, 4), (2, 3)]]
    rounds = []
    for r, pairs in enumerate(schedule):
        row = []
        for a, b in pairs:
            results = x[r] if a == 1 else list(others[(a, b)].replace("1", "1"))
            for board in range(4):
                pa, pb = rosters[a - 1][board], rosters[b - 1][board]
                row.append((pa, pb, results[board]) if board % 2 == 0 else (pb, pa, {"1": "0", "0": "1", "=": "="}[
                    results[board]]))
        rounds.append(row)
    t = teams(build(ratings, rounds, system="swiss"), rosters)
    st = compute_standings(t, "MPTS GPTS BH:MP ESB:MM ESB:MG BC TBR BBE SSSC")
    x_entry = st.by_id()[1]
    mp = {e.id: e.points for e in st.entries}
    assert mp == {1: 3, 2: 4, 3: 3, 4: 2}
    v = [tb.value for tb in x_entry.tiebreaks]
    assert v[0] == 6  # GP
    assert v[1] == 4 + 3 + 2  # BH:MP
    assert v[2] == 4 * 2 + 3 * 1 + 2 * 0  # EMMSB
    assert v[3] == F(4 * 2.5 + 3 * 2 + 2 * 1.5)  # EMGSB
    assert v[4] == F("13.5")  # BC = 1·1.5 + 2·2.0 + 3·2.0 + 4·0.5
    assert v[7] == 6 + 9  # SSSC, K = floor(3·2 / 4) = 1
    assert "board 1 1.5" in x_entry.tiebreaks[5].explanation  # TBR starts with 1.5
    assert "k=1: 5.5" in x_entry.tiebreaks[6].explanation  # BBE starts with 1.5 + 2 + 2


# --------------------------------------------------------------------------- seed 000


_ALEKHINE = ["Fischer", "Kasparov", "Tal", "Petrosian", "Spassky", "Karpov", "Botvinnik", "Lasker"]


def _alekhine():  # type: ignore[no-untyped-def]
    n = {name: k for k, name in enumerate(_ALEKHINE, start=1)}
    ratings = dict(zip(range(1, 9), [2200, 2180, 2150, 2120, 2080, 2050, 1990, 1960], strict=True))
    rounds = [
        [("Fischer", "Spassky", "1"), ("Kasparov", "Karpov", "1"), ("Tal", "Botvinnik", "1"), ("Petrosian", "Lasker", "1")],
        [("Fischer", "Tal", "="), ("Kasparov", "Petrosian", "1"), ("Spassky", "Botvinnik", "="), ("Karpov", "Lasker", "1")],
        [("Fischer", "Kasparov", "="), ("Tal", "Karpov", "1"), ("Petrosian", "Spassky", "1"), ("Botvinnik", "Lasker", "1")],
        [("Fischer", "Petrosian", "1"), ("Kasparov", "Tal", "="), ("Spassky", "Lasker", "1"), ("Karpov", "Botvinnik", "1")],
        [("Fischer", "Karpov", "1"), ("Kasparov", "Spassky", "="), ("Tal", "Lasker", "="), ("Petrosian", "Botvinnik", "1")],
    ]
    pairings = [[(n[a], n[b], res) for a, b, res in rnd] for rnd in rounds]
    return build(ratings, pairings, names={v: k for k, v in n.items()}), n


def test_seed000_alekhine_memorial() -> None:
    t, n = _alekhine()
    v = values(t, "PTS BH BH/C1 SB ARO DE WIN")
    kasparov, tal = v[n["Kasparov"]], v[n["Tal"]]
    assert kasparov == [F("14.5"), F("12.5"), F("9.75"), 2120, 0, 2]
    assert tal == [F("11.5"), F("11.0"), F("7.5"), 2076, 0, 2]
    st = compute_standings(t, "PTS DE WIN RTNG")  # DE and wins equal: the rating fallback decides
    second, third = st.entries[1], st.entries[2]
    assert (second.name, second.rank, second.decided_by) == ("Kasparov", 2, "PTS")
    assert (third.name, third.rank, third.decided_by) == ("Tal", 3, "RTNG")
    assert "0.5" in st.by_id()[n["Tal"]].tiebreaks[0].explanation
    fide = compute_standings(t, options=StandingsOptions())  # default Swiss preset: BH/C1 first
    assert fide.list_source == "preset:fide-swiss"
    assert [e.name for e in fide.entries[:3]] == ["Fischer", "Kasparov", "Tal"]
    assert fide.entries[2].decided_by == "BH/C1"


# --------------------------------------------------------------------------- seeds 001, 003: numbers


def _bh(scores: list[float], low: int = 0, high: int = 0, keep: int | None = None) -> Fraction:
    vals = [int(s * 2) for s in scores]
    return Fraction(cut(vals, vals, [False] * len(vals), low, high, keep).total, 2)


def test_seed001_buchholz_cut_and_median() -> None:
    assert _bh([1, 2.5, 4, 3, 5, 2, 3]) == F("20.5")
    nine = [1, 2.5, 4, 3, 5, 2, 3, 4, 6]
    assert _bh(nine, 1) == F("29.5")  # 扣除对手分1型
    assert _bh(nine, 1, 1) == F("23.5")  # 中间对手分1型
    # at least 7 rounds kept: 9 rounds allow both cuts, 8 rounds only the low one, 7 rounds none
    assert _bh(nine, 1, 1, keep=7) == F("23.5")
    assert _bh(nine[:8], 1, 1, keep=7) == _bh(nine[:8], 1)
    assert _bh(nine[:7], 1, keep=7) == _bh(nine[:7])


def test_seed003_buchholz_family_numbers() -> None:
    seven = [5, 4.5, 4, 3.5, 3, 2, 1]
    assert _bh(seven, 1) == 22 and _bh(seven, 2) == 20 and _bh(seven, 1, 1) == 17
    assert _bh([6, 5, 4.5, 4, 3.5, 3, 2, 1.5, 1], 2, 2) == 17
    assert _bh([5, 4.5, 4, 4, 3.5, 3, 2]) == 26 and _bh([4, 4, 3.5, 3.5, 3, 3, 2.5]) == F("23.5")


def test_seed003_sonneborn_berger_cuts() -> None:
    # contributions with the opponents' scores: beat 4, beat 3, drew 3.5, drew 2.5, lost to 4.5
    contrib = [16, 12, 7, 5, 0]  # quarters: 4, 3, 1.75, 1.25, 0
    order = [8, 6, 7, 5, 9]
    assert Fraction(cut(contrib, order, [False] * 5, 0, 0).total, 4) == 10
    # SB-C1 drops the contribution of the lowest-scored opponent (2.5 -> 1.25)
    assert Fraction(cut(contrib, order, [False] * 5, 1, 0).total, 4) == F("8.75")
    # a VUR worth more than the least contribution is cut first (16.5.1)
    with_bye = contrib + [2]
    result = cut(with_bye, order + [4], [False] * 5 + [True], 1, 0)
    assert Fraction(result.total, 4) == 10 and result.cut_vur == (5,)
    assert Fraction(cut([16, 14, 12, 6, 4, 2, 0], [8, 7, 6, 3, 2, 1, 0], [False] * 7, 2, 0).total, 4) == 13


def test_seed003_progressive_scores() -> None:
    # A: 1, 1, ½, 0, 1 (running 1, 2, 2.5, 2.5, 3.5); B: 0, ½, 1, 1, 1 (running 0, .5, 1.5, 2.5, 3.5)
    a = ["1", "1", "=", "0", "1"]
    b = ["0", "=", "1", "1", "1"]
    t = build({1: 2000, 2: 2000, 3: 2000, 4: 2000}, [[(1, 3, a[r]), (2, 4, b[r])] for r in range(5)])
    v = values(t, "PTS PS PS/C1 PS/C2 PS/M1 PSI")
    assert v[1][:4] == [F("11.5"), F("10.5"), F("8.5"), F("7")]  # PS, C1 (drop 1), C2, M1 (2 + 2.5 + 2.5)
    assert v[2][:4] == [F(8), F(8), F("7.5"), F("4.5")]
    # seed 001: W W L D W L W -> 1, 2, 2, 2.5, 3.5, 3.5, 4.5 = 19
    seq = ["1", "1", "0", "=", "1", "0", "1"]
    t7 = build({1: 2000, 2: 2000}, [[(1, 2, s)] for s in seq])
    assert values(t7, "PTS PS")[1] == [F(19)]


def test_seed003_rating_examples() -> None:
    opp = [2100, 1950, 2050, 1900, 2000, 1850]
    ratings = {1: 2000} | {k: r for k, r in enumerate(opp, start=2)}
    t = build(ratings, [[(1, k, "1")] for k in range(2, 8)])
    v = values(t, "PTS ARO ARO/C1")
    assert v[1] == [1975, 2000]
    five = [2100, 1950, 1800, 1400, 1200]
    t5 = build({1: 2000} | {k: r for k, r in enumerate(five, start=2)}, [[(1, k, "1")] for k in range(2, 7)])
    assert values(t5, "PTS ARO ARO/C2")[1] == [1690, 1950]
    med = [2300, 1900, 1800, 1750, 1200]
    tm = build({1: 2000} | {k: r for k, r in enumerate(med, start=2)}, [[(1, k, "1")] for k in range(2, 7)])
    assert values(tm, "PTS ARO/M1")[1] == [1817]
    nine = [2350, 2200, 2000, 1950, 1900, 1850, 1800, 1500, 1300]
    t9 = build({1: 2000} | {k: r for k, r in enumerate(nine, start=2)}, [[(1, k, "1")] for k in range(2, 11)])
    assert values(t9, "PTS ARO/M2")[1] == [1900]
    assert performance_rating([1800] * 5, 8) == 2040  # 4/5 = 80% -> +240


def test_seed003_rounds_elected_to_play() -> None:
    # 7 rounds: a half-point bye in round 2 and withdrawn before round 7
    rounds = [[(1, 2, "1")], [(1, "H"), (2, 3, "=")], [(1, 3, "0")], [(1, 2, "=")], [(1, 3, "1")], [(1, 2, "1")],
              [(2, 3, "1")]]
    t = build({1: 2000, 2: 2000, 3: 2000}, rounds)
    assert values(t, "PTS REP GE")[1] == [5, 5]


def test_seed003_koya_ten_player_limit() -> None:
    # Koya limit of a 10-player round robin: 50% of 9 = 4.5
    from tests.tiebreak_helpers import build as _build
    ids = list(range(1, 11))
    schedule = []
    for r in range(9):
        rot = ids[:1] + ids[1:][r:] + ids[1:][:r]
        schedule.append([(rot[i], rot[9 - i], "=") for i in range(5)])
    t = _build({k: 2000 for k in ids}, schedule, system="round-robin")
    st = compute_standings(t, "PTS KS")
    assert "limit 4.5" in st.entries[0].tiebreaks[0].explanation
    assert all(e.tiebreaks[0].value == F("4.5") for e in st.entries)  # everyone on 4.5 qualifies


def test_section10_pre_2023_virtual_opponent(example10) -> None:  # type: ignore[no-untyped-def]
    # spec §5.7: Svon = S(before round n) + (1 - points of round n) + 0.5 x (rounds after n);
    # for everybody else the unplayed rounds of a player count as draws.
    st = compute_standings(example10, "PTS BH BH/C1", StandingsOptions(edition="pre-2023"))
    four, one = st.by_id()[4], st.by_id()[1]
    # 4: R1 PAB -> 0 + 0 + 1.5 = 1.5; R2 vs 1 (3); R3 forfeit win -> 1.5 + 0 + 0.5 = 2; R4 vs 2 (2)
    assert four.tiebreaks[0].value == F("8.5")
    assert "R1 pairing-allocated bye: virtual opponent 1.5 (pre-2023 rules)" in four.tiebreaks[0].explanation
    # 1 met 4, whose PAB and forfeit win count as draws: 4 is seen with 2 instead of 3
    assert one.tiebreaks[0].value == 8
    assert four.tiebreaks[1].value == 7  # no "unplayed round cut first" rule before 2023: the lowest (1.5) goes
    assert values(example10, "PTS BH/V2022")[4] == [F("8.5")]


def test_shared_cut_totals_match_the_general_cut() -> None:
    """Terms.after_cut (one sort shared by every cut variant) agrees with the step-by-step cut."""
    import random

    from app.engine.tiebreaks.unplayed import Terms
    rng = random.Random(5)
    for _ in range(2000):
        n = rng.randint(0, 9)
        order = [rng.randint(0, 12) for _ in range(n)]
        vur = [rng.random() < 0.3 for _ in range(n)]
        sb = rng.random() < 0.5
        values = [o * rng.randint(0, 2) for o in order] if sb else order
        terms = Terms(values, order, vur)
        for low, high in ((1, 0), (2, 0), (1, 1), (2, 2), (3, 0)):
            keep = rng.choice([None, 7])
            assert terms.after_cut(low, high, keep) == cut(values, order, vur, low, high, keep).total


def test_direct_encounter_in_a_big_group_explains_each_member_on_its_own_line() -> None:
    # 13 players in a cycle, A beat B, B beat C, ..., M beat A: all on 1 point, each met 2 of the other 12,
    # so each could still reach 1 + 10 = 11 (6.3) and nobody is separated.
    names = [chr(ord("A") + k) for k in range(13)]
    t, ids = _de_group({(a, b): "1" for a, b in zip(names, names[1:] + names[:1], strict=True)})
    st = compute_standings(t, "DE")
    assert all(e.rank == 1 for e in st.entries[:13])
    text = st.by_id()[ids["A"]].tiebreaks[0].explanation
    assert text == ("DE among the 13 tied here: #1 scored 1 (at most 11) against them; not everyone met: "
                    "only certain places are given (6.3) → not separated")
    # the group's table is not repeated in each of the 13 explanations
    assert all(len(e.tiebreaks[0].explanation) < 200 for e in st.entries)


def test_perfect_performance_search_agrees_with_a_plain_bisection() -> None:
    """PTP starts its search from the TPR (speed); the answer is the plain bisection's over the whole
    range of B.02 (random opponents, scores and spreads up to 9000 points, seeded)."""
    import random

    from app.engine.tiebreaks.ratings import _expected_total, perfect_performance

    def plain(ratings: list[int], score_halves: int) -> int:
        if score_halves == 0:
            return min(ratings) - 800
        lo, hi = min(ratings) - 801, max(ratings) + 800
        while hi - lo > 1:
            mid = (lo + hi) // 2
            lo, hi = (lo, mid) if _expected_total(mid, ratings) >= score_halves * 50 else (mid, hi)
        return hi
    rng = random.Random(2026)
    for _ in range(20000):
        n = rng.randint(1, 15)
        spread = rng.choice([0, 50, 300, 1000, 3000, 9000, 30000])
        ratings = [rng.randint(0, 3000) + rng.randint(0, spread) for _ in range(n)]
        score_halves = rng.randint(0, 2 * n)
        assert perfect_performance(ratings, score_halves) == plain(ratings, score_halves), (ratings, score_halves)
