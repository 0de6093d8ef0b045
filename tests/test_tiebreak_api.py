"""Specifier parsing, catalogue and presets, options, order comparison, national variants,
and the real team files."""

from __future__ import annotations

import pytest

from app.engine.errors import InputError
from app.engine.tiebreaks import (
    PRESETS,
    StandingsOptions,
    catalogue,
    compare_orders,
    compute_standings,
    parse_specifier,
    parse_specifiers,
    preset,
)
from app.engine.tiebreaks.editions import Edition, edition_for
from app.formats.trf_reader import read_trf
from tests.conftest import DATA, shared_path
from tests.tiebreak_helpers import F, build, values

# --------------------------------------------------------------------------- parsing


def test_parse_mtb26_forms() -> None:
    s = parse_specifier("bh:mp/c1/p")
    assert (s.code, s.score, s.cut_low, s.cut_high, s.played, s.text) == ("BH", "MP", 1, 0, True, "bh:mp/c1/p")
    assert parse_specifier("BH-M1").cut_low == parse_specifier("BH-M1").cut_high == 1  # handbook spelling
    assert parse_specifier("BH#C2").cut_low == 2 and parse_specifier("SB!P").played
    assert parse_specifier("KS/L-2").limit_shift == -1 and parse_specifier("KS/L+1").limit_shift == F("0.5")
    assert parse_specifier("KS/L40").limit_percent == 40 and parse_specifier("KS/L-1.5").limit_shift == F("-1.5")
    assert parse_specifier("SSSC/F/K4").divisor == 4 and parse_specifier("SSSC/F/K4").fore
    assert parse_specifier("ARO/U1400").unrated == 1400
    assert parse_specifier("BH/V2024").edition is Edition.AUG_2024
    assert parse_specifier("ARO/C1/V2022").edition is Edition.PRE_2023
    assert parse_specifier("BH/V2026").edition is Edition.MAR_2026
    assert parse_specifier("TPN/R").reverse and parse_specifier("DE/S").swiss
    assert parse_specifier("GE").code == "REP" and parse_specifier("GE").text == "GE"
    assert parse_specifier("MPvGP").code == "MPVGP"
    e = parse_specifier("EMGSB/C1/P")
    assert (e.code, e.score, e.cut_low, e.played) == ("ESB", "MG", 1, True)
    assert parse_specifier("ESB:GM").score == "GM"


def test_parse_lists() -> None:
    assert [s.text for s in parse_specifiers("PTS, BH/C1,BH  SB;DE")] == ["PTS", "BH/C1", "BH", "SB", "DE"]
    assert [s.code for s in parse_specifiers(["MPTS EDET/P", "EMGSB/C1/P"])] == ["MPTS", "EDE" + "T", "ESB"]


@pytest.mark.parametrize(("text", "fragment"), [
    ("XYZ", "unknown tie-break code 'XYZ'"),
    ("BH/L40", "/L (limit) means nothing for BH"),
    ("WIN/C1", "/Cn (cut) means nothing for WIN"),
    ("KS/C1", "/Cn (cut) means nothing for KS"),
    ("DE/F", "/F (Fore Buchholz) means nothing for DE"),
    ("ARO/P", "/P (forfeits as played) means nothing for ARO"),
    ("BH/Q", "unknown modifier /Q"),
    ("BH:XP", "unknown score"),
    ("BH/V2019", "not a C.07 edition"),
    ("SSSC/K0", "divisor"),
    ("OTHER_MYTB", "self-defined"),
    ("EMGSB:MP", "already names its scores"),
    ("BH:MG", ":MM / :MG / :GM / :GG means nothing for BH"),
    ("BH/C1/M1", "/M1 repeats a modifier already given"),
    ("BH/P/P/P/P/P/P/P/P/P/P/P", "at most 10 modifiers"),
])
def test_parse_errors_name_the_specifier(text: str, fragment: str) -> None:
    with pytest.raises(InputError) as err:
        parse_specifier(text)
    assert fragment in err.value.message
    assert err.value.issue.field == text


def test_a_specifier_is_bounded_in_length() -> None:
    longest = "ESB:MG/C1/L+1.5/K10/P/F/R/U1400/V2026/S"  # every modifier once: within the bounds
    assert len(longest) <= 48 and len(longest.split("/")) - 1 <= 10
    with pytest.raises(InputError) as err:
        parse_specifier("BH" + "/C1" * 40000)
    assert err.value.issue.code == "specifier-too-long"
    assert err.value.issue.field == ("BH" + "/C1" * 40000)[:48] + "…"
    assert "has 120002" in err.value.message and len(err.value.message) < 200


def test_errors_for_the_wrong_kind_of_event() -> None:
    t = read_trf((DATA / "c07_worked_example.trf").read_bytes()).tournament
    for spec, fragment in (("EDE", "team tie-break"), ("BH:GP", ":GP chooses a team score"), ("MPTS", "PTS")):
        with pytest.raises(InputError) as err:
            compute_standings(t, ["PTS", spec] if spec != "MPTS" else [spec])
        assert fragment in err.value.message
    with pytest.raises(InputError):
        compute_standings(t, "PTS BH", StandingsOptions(language="fr"))
    with pytest.raises(InputError):
        compute_standings(t, "PTS BH", StandingsOptions(after_round=9))


# --------------------------------------------------------------------------- catalogue, presets


def test_catalogue_lists_every_code_with_both_languages() -> None:
    cat = {c["code"]: c for c in catalogue()}
    for code in ("DE", "WIN", "WON", "BPG", "BWG", "PS", "REP", "STD", "TPN", "BH", "FB", "AOB", "SB", "KS", "ARO",
                 "TPR", "PTP", "APRO", "APPO", "RTNG", "LOT", "MPTS", "GPTS", "MPVGP", "EDE", "EDET", "EDEB", "EDEBT",
                 "EDEBB", "ESB", "BC", "TBR", "BBE", "SSSC", "SOLK", "SOLKC", "PSI", "OPS", "RBH"):
        assert code in cat, code
        assert cat[code]["name_en"] and cat[code]["name_zh"] and cat[code]["definition_zh"]
    assert cat["DE"]["type"] == "A" and cat["DE"]["recursive"] and not cat["DE"]["higher_is_better"]
    assert cat["BC"]["higher_is_better"] is False and cat["BH"]["modifiers"] == [":", "C", "M", "P", "S", "V"]
    assert cat["REP"]["aliases"][:1] == ["GE"] and "已赛局数" in cat["REP"]["aliases"]


def test_presets_parse_and_name_their_source() -> None:
    for p in PRESETS:
        specs = parse_specifiers(p.specifiers)
        assert specs[0].is_primary and p.source() and p.name("zh")
    assert preset("cn-national-swiss").specifiers == "PTS DE BH BH/M1 WIN LOT"
    assert preset("cn-national-swiss").options == {"keep_at_least": 7}
    assert preset("cn-national-swiss").options_for(StandingsOptions(language="zh")).keep_at_least == 7
    assert preset("cn-team").specifiers == "MPTS GPTS DE BH"
    with pytest.raises(InputError):
        preset("nope")


def test_edition_from_the_start_date() -> None:
    assert edition_for("2026/06/01") == (Edition.MAR_2026, "042")
    assert edition_for("2026-02-28") == (Edition.AUG_2024, "042")
    assert edition_for("25.02.2011") == (Edition.PRE_2023, "042")
    assert edition_for(None) == (Edition.MAR_2026, "default")
    assert edition_for("garbage") == (Edition.MAR_2026, "default")


# --------------------------------------------------------------------------- options, comparison


@pytest.fixture(scope="module")
def example():  # type: ignore[no-untyped-def]
    return read_trf((DATA / "c07_worked_example.trf").read_bytes()).tournament


def test_after_round_standings(example) -> None:  # type: ignore[no-untyped-def]
    st = compute_standings(example, "PTS BH", StandingsOptions(after_round=2))
    assert st.rounds == 2
    by = {e.id: (e.points, e.tiebreaks[0].value) for e in st.entries}
    # after two rounds: 1 (1.5) met 5 (0.5) and 4 (1.5); half of the maximum is 1
    assert by[1] == (F("1.5"), F(2))
    assert any(w.code == "after-round" for w in st.warnings)


def test_unrated_policy(example) -> None:  # type: ignore[no-untyped-def]
    example.players[7].rating = None
    try:
        assert values(example, "PTS ARO RTNG")[3] == [None, None]  # undefined for everybody
        # player 3 met 7 (unrated), 2 (2000), 5 (1850), 1 (2100)
        assert values(example, "PTS ARO RTNG", unrated_rating=1400)[3] == [1838, 1950]
        assert values(example, "PTS ARO/U1000 RTNG/U1000")[3] == [1738, 1950]
        assert values(example, "PTS RTNG/U1000")[7] == [1000]
        st = compute_standings(example, "PTS ARO")
        assert "unrated" in st.entries[0].tiebreaks[0].explanation
    finally:
        example.players[7].rating = 1700


def test_compare_orders(example) -> None:  # type: ignore[no-untyped-def]
    cmp = compare_orders(example, ["PTS BH/C1 BH SB DE", "PTS TPN", "PTS BH/C1 BH SB DE"])
    assert len(cmp.standings) == 3
    # 1 and 4 share first place under the first list; TPN puts 4 second
    assert [(c.id, c.ranks) for c in cmp.changes] == [(4, [1, 2, 1])]


def test_round_robin_system_override_changes_unplayed_rules(example) -> None:  # type: ignore[no-untyped-def]
    swiss = values(example, "PTS BH")
    rr = values(example, "PTS BH", system="round-robin")
    # round robin (15.2): the free round is left out, the forfeit counts as a game against #6 (1.5)
    assert swiss[4] == [F(9)] and rr[4] == [F("6.5")]


def test_keep_at_least_option() -> None:
    # player 1 draws with 2..9; opponent k then wins k-2 games against outsiders: scores 0.5 .. 7.5
    rounds: list[list[tuple]] = [[(1, k, "=")] for k in range(2, 10)]  # type: ignore[type-arg]
    ratings = {k: 2000 for k in range(1, 10)}
    outsider = 100
    for j in range(1, 8):
        row = []
        for k in range(2, 10):
            if k - 2 >= j:
                outsider += 1
                ratings[outsider] = 1500
                row.append((k, outsider, "1"))
        rounds.append(row)
    t = build(ratings, rounds)
    assert values(t, "PTS SOLK SOLK/C1 SOLK/M1")[1] == [32, F("31.5"), 24]
    assert values(t, "PTS SOLK/M1", keep_at_least=7)[1] == [F("31.5")]  # 8 values: only one may go
    assert values(t, "PTS SOLK/M1", keep_at_least=8)[1] == [32]


def test_decided_by_and_shared_ranks(example) -> None:  # type: ignore[no-untyped-def]
    st = compute_standings(example, "PTS SB")
    assert [(e.id, e.rank, e.decided_by) for e in st.entries] == [
        (1, 1, None), (4, 1, None), (2, 3, "PTS"), (3, 4, "SB"), (5, 5, "SB"), (6, 6, "PTS"), (7, 7, "PTS")]


# --------------------------------------------------------------------------- national variants


def test_solkoff_family() -> None:
    # player 1 meets 2..5 (scores set by extra games); a forfeit and a bye add nothing to Solkoff
    t = build({k: 2000 for k in range(1, 8)},
              [[(1, 2, "1"), (6, 7, "1")], [(1, 3, "1")], [(1, 4, "0"), (2, 6, "1")], [(1, 5, "=")],
               [(1, 6, "+")], [(1, "H")]])
    v = values(t, "PTS SOLK SOLK/M1 SOLK/C1 BH")
    # Round 6 holds only a bye: it is the next round's bye list, so 5 rounds count. Opponents met over
    # the board: #2 (1), #3 (0), #4 (1), #5 (0.5). Solkoff takes them as they are; BH adjusts their
    # absences after their last game (16.3) and adds the forfeit win's dummy opponent (16.4.1).
    assert v[1] == [F("2.5"), F("1.5"), F("2.5"), F(2) + F("1.5") + 2 + 1 + F("1.5")]


def test_iterated_solkoff_cut_breaks_after_dropping_the_lowest() -> None:
    # A (1) drew with X1 (final 1) and X2 (2); B (2) drew with Y1 (0.5) and Y2 (2.5): Solkoff 3 each.
    # Without the lowest opponent: A 2, B 2.5 -> B ahead.
    t = build({k: 2000 for k in range(1, 12)},
              [[(1, 3, "="), (2, 5, "=")], [(1, 4, "="), (2, 6, "=")], [(3, 7, "="), (4, 8, "1"), (6, 10, "1")],
               [(4, 9, "="), (6, 11, "1")]])
    st = compute_standings(t, "PTS SOLK SOLKC")
    a, b = st.by_id()[1], st.by_id()[2]
    assert a.points == b.points == 1 and a.tiebreaks[0].value == b.tiebreaks[0].value == 3
    assert (b.tiebreaks[1].value, a.tiebreaks[1].value) == (1, 2)
    assert b.rank + 1 == a.rank and a.decided_by == "SOLKC"


def test_progressive_iterated_and_opponents_progressive() -> None:
    t = build({1: 2000, 2: 2000, 3: 2000, 4: 2000},
              [[(1, 3, "1"), (2, 4, "0")], [(1, 4, "0"), (2, 3, "1")], [(1, 2, "=")]])
    st = compute_standings(t, "PTS PSI PS OPS RBH")
    one, two = st.by_id()[1], st.by_id()[2]
    assert one.points == two.points == F("1.5")
    assert one.tiebreaks[1].value == F("3.5") and two.tiebreaks[1].value == F("2.5")  # running 1,1,1.5 / 0,1,1.5
    assert (one.tiebreaks[0].value, two.tiebreaks[0].value) == (1, 2)  # PSI starts with the progressive score
    assert one.tiebreaks[2].value == 0 + 5 + F("2.5")  # PS of #3 (0,0,0), #4 (1,2,2), #2
    assert "#4 BH" in one.tiebreaks[3].explanation


# --------------------------------------------------------------------------- real team files


def _real(name: str):  # type: ignore[no-untyped-def]
    return read_trf(shared_path("real", name).read_bytes()).tournament


def test_armstrong_cup_team_round_robin() -> None:
    t = _real("lcu-armstrong-cup-2010-11_team-roundrobin_12teams_160p_11r.trf")
    st = compute_standings(t)
    assert st.team and st.system == "round-robin" and st.list_source == "preset:fide-team-round-robin"
    assert [(e.id, e.points) for e in st.entries[:3]] == [(7, 19), (6, 18), (10, 16)]
    assert len(st.entries) == 12 and st.rounds == 11
    short = [w.message for w in st.warnings if w.code == "team-short"]
    assert "round 9: team 3 has results on 7 of 8 boards against team 1; the other boards count as empty" in short


def test_crete_team_swiss_files() -> None:
    t = _real("crete-friendship-cup-2024_team-swiss_15teams_129p_7r_extracted.trf")
    st = compute_standings(t, "MPTS GPTS BH DE")
    assert st.team and len(st.entries) == 15 and st.entries[0].id == 3 and st.entries[0].points == 11
    t2 = _real("crete-interclub-championship-2025_team-swiss_8teams_163p_4r_extracted.trf")
    st2 = compute_standings(t2)
    assert [(e.id, e.points) for e in st2.entries[:2]] == [(3, 8), (6, 5)]


def test_grandmommys_cup_as_the_reference_engine() -> None:
    t = _real("fide-trf2026-example-grandmommys-cup_team_50teams_249p_14r.trf")
    st = compute_standings(t)  # 202: EDET/P, EMGSB/C1/P, BH:MP/C1/P, MPvGP
    assert st.list_source == "202" and st.edition == "2024-08"
    top = [(e.id, e.points, [tb.value for tb in e.tiebreaks]) for e in st.entries[:2]]
    assert top == [(16, 20, [0, 528, 225, F("33.5")]), (22, 20, [0, F("504.5"), 224, 32])]  # as TieBreakServer
    variant = _real("fide-trf2026-example-grandmommys-cup_sharly-trf26-variant_50teams_249p_14r.trf")
    vst = compute_standings(variant)
    assert {w.code for w in vst.warnings} == {"team-points"}  # its 299 records change two teams' points


def test_sharly_team_file_in_progress_warns() -> None:
    st = compute_standings(_real("sharly-trf2026-team-test_in-progress_5teams_26p_3r.trf"))
    codes = {w.code for w in st.warnings}
    assert st.team and st.rounds == 2 and "team-lineup" in codes and "team-board" in codes


def test_lone_team_record_is_ignored() -> None:
    st = compute_standings(_real("gros-open-2010_py4swiss-variant_shuffled_52p_4of9r.trf"))
    assert not st.team and len(st.entries) == 52
    assert [w.code for w in st.warnings] == ["team-records-ignored", "unrated-players"]  # RTNG of the preset


def test_list_sources(example) -> None:  # type: ignore[no-untyped-def]
    assert compute_standings(example, []).list_source == "212"  # an empty request: the file's own list
    assert compute_standings(example, "PTS SB").list_source == "request"
    example.tiebreaks_212, saved = None, example.tiebreaks_212
    try:
        example.tiebreaks_202 = "BH, SB"
        st = compute_standings(example)
        assert (st.list_source, st.primary, st.tiebreaks) == ("202", "PTS", ["BH", "SB"])
        example.tiebreaks_202 = None
        assert compute_standings(example).list_source == "preset:fide-swiss"
    finally:
        example.tiebreaks_212, example.tiebreaks_202 = saved, None


# --------------------------------------------------------------------------- specifiers as the reference writes them


@pytest.mark.parametrize(("written", "canonical"), [
    ("bh:mp/c1/p", "BH:MP/C1/P"), ("BH-M1", "BH/M1"), ("BH#C2", "BH/C2"), ("SB!P", "SB/P"),
    ("EMGSB/P/C1", "ESB:MG/C1/P"), ("esb:gm", "ESB:GM"), ("MPvGP", "MPVGP"), ("sssc/f/k4", "SSSC/K4/F"),
    ("KS/L-2", "KS/L-2"), ("ks/l40", "KS/L40"), ("ARO/V1", "ARO/V2024"), ("bh/v0", "BH/V2022"), ("TPR/V2024", "TPR/V2024"),
    ("MB", "BH/M1"), ("mb/p", "BH/M1/P"), ("AROC", "ARO/C1"), ("AROC/U1400", "ARO/C1/U1400"), ("W", "WIN"),
    ("Koya", "KS"), ("Solkoff/M1", "SOLK/M1"), ("sonneborn-berger/c1", "SB/C1"), ("GE", "REP"),
])
def test_canonical_form(written: str, canonical: str) -> None:
    assert parse_specifier(written).canonical == canonical
    assert parse_specifier(canonical).canonical == canonical  # a fixed point


def test_answers_echo_the_canonical_form() -> None:
    t = read_trf((DATA / "example7.trf").read_bytes()).tournament
    st = compute_standings(t, "pts bh-c1 bh sb mb")
    assert st.tiebreaks == ["BH/C1", "BH", "SB", "BH/M1"]
    assert [tb.code for tb in st.entries[0].tiebreaks] == st.tiebreaks
    assert {e.decided_by for e in st.entries} <= {None, "PTS", "BH/C1", "BH", "SB", "BH/M1"}
    assert st.entries[0].tiebreaks[0].explanation.startswith("BH/C1 = ")


def test_edition_modifier_on_every_code() -> None:
    """/V is accepted on every code, as TieBreakServer does (the published C.07 exercises write TPR/V2024);
    where the editions do not differ for the code, a warning says that it changes nothing."""
    t = read_trf((DATA / "example7.trf").read_bytes()).tournament
    st = compute_standings(t, "PTS WIN/V2024 TPN/V2022 BH/V2024 TPR/V2024 ARO/C1/V2022 DE/V2026")
    ignored = [w for w in st.warnings if w.code == "edition-ignored"]
    assert [w.field for w in ignored] == ["WIN/V2024", "TPN/V2022", "DE/V2026"]
    assert ignored[0].message == "WIN/V2024: the C.07 editions do not differ for this tie-break; /V changes nothing"
    assert values(t, "PTS WIN/V2024")[1] == values(t, "PTS WIN")[1]
    # BH in the 2024 edition: no cap on the dummy opponent (player 4's 11 of the spec table, 2026 gives 9)
    assert values(t, "PTS BH/V2024 BH")[4] == [11, 9]


def test_unrated_players_make_rating_tiebreaks_undefined_and_say_so() -> None:
    t = build({1: 2000, 2: None, 3: 1800, 4: None}, [[(1, 2, "1"), (3, 4, "=")], [(1, 3, "="), (2, 4, "1")]])
    st = compute_standings(t, "PTS ARO TPR BH RTNG")
    [w] = [w for w in st.warnings if w.code == "unrated-players"]
    assert w.field == "unrated_rating"
    assert w.message == ("ARO, TPR, RTNG: undefined for every participant, because 2 player(s) have no rating "
                         "(start numbers 2, 4); give them one with the option unrated_rating (for example "
                         "unrated_rating=1000) or the modifier /U (for example ARO/U1000)")
    assert "2, 4号" in w.as_dict("zh")["message"]  # type: ignore[operator]
    given = compute_standings(t, "PTS ARO TPR BH RTNG", StandingsOptions(unrated_rating=1000))
    assert not [w for w in given.warnings if w.code == "unrated-players"]
    assert compute_standings(t, "PTS ARO/U1000").entries[0].tiebreaks[0].value is not None


def test_many_unrated_players_are_counted_not_all_listed() -> None:
    n = 14
    t = build({k: None for k in range(1, n + 1)}, [[(k, k + 1, "1") for k in range(1, n, 2)]])
    [w] = [w for w in compute_standings(t, "PTS ARO").warnings if w.code == "unrated-players"]
    assert "(start numbers 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 4 more)" in w.message


def test_a_criterion_undefined_for_everyone_is_reported() -> None:
    t = build({1: 2000, 2: 2000}, [[(1, "H"), (2, "H")]])  # nobody played a game over the board
    st = compute_standings(t, "PTS AOB ARO")
    [w] = [w for w in st.warnings if w.code == "tiebreak-undefined"]
    assert w.message == "AOB, ARO: undefined for every participant, so it separates nobody"


@pytest.mark.parametrize(("start", "message"), [
    ("next spring", 'the start date "next spring" (042) is not a date the service reads: the current C.07 '
                    "edition, 2026-03, is used; give the edition, or write the date as YYYY/MM/DD"),
    (None, "no start date (042): the current C.07 edition, 2026-03, is used; give the edition or the start date"),
])
def test_the_default_edition_is_reported(start: str | None, message: str) -> None:
    t = build({1: 2000, 2: 2000}, [[(1, 2, "1")]], start_date=start)  # type: ignore[arg-type]
    st = compute_standings(t, "PTS BH")
    [w] = [w for w in st.warnings if w.code == "edition-default"]
    assert (st.edition, st.edition_source, w.message, w.field) == ("2026-03", "default", message, "042")
    if start:
        assert w.text == start
    chosen = compute_standings(t, "PTS BH", StandingsOptions(edition="2024-08"))
    assert not [w for w in chosen.warnings if w.code == "edition-default"]


def test_every_standings_warning_has_a_stable_code() -> None:
    from app.engine.messages import CATALOGUES
    codes = {k.split(".")[1] for k in CATALOGUES["en"] if k.startswith("warning.")}
    assert {"unrated-players", "tiebreak-undefined", "edition-default", "edition-ignored", "system-default",
            "after-round", "team-records-ignored", "no-result"} <= codes


def test_catalogue_lists_the_seed_abbreviations() -> None:
    cat = {c["code"]: c for c in catalogue()}
    assert "Koya" in cat["KS"]["aliases"] and "W" in cat["WIN"]["aliases"] and "GE" in cat["REP"]["aliases"]
    assert {"specifier": "BH/M1", "aliases": ["MB"]} in [
        {"specifier": f["specifier"], "aliases": [a for a in f["aliases"] if a.isascii()]} for f in cat["BH"]["forms"]]
    assert "AROC" in next(f for f in cat["ARO"]["forms"] if f["specifier"] == "ARO/C1")["aliases"]
