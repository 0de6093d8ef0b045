"""The Chinese terms of the seed documents (issue 13 items 7-8): each is found by a catalogue search
and, where it is one word, accepted as a specifier; seed 003's Sonneborn-Berger cut by contribution
as a national variant beside C.07's."""

from __future__ import annotations

from fractions import Fraction

import pytest
from fastapi.testclient import TestClient

from app.engine.model import Colour, Player, Result, RoundEntry, Tournament
from app.engine.tiebreaks import catalogue, compute_standings, parse_specifier
from app.main import app
from tests.conftest import shared_path

SEEDS = {path.name[:3]: path.read_text() for path in shared_path("seeds").glob("*.txt")}

# (term as the seed writes it, the seed, the tie-break or form it names)
TERMS = [
    ("大分", "001", "PTS"), ("总积分", "002", "PTS"), ("场分", "001", "MPTS"), ("局分", "001", "GPTS"),
    ("小分", "002", "BH"), ("对手分", "001", "BH"), ("布赫霍尔兹", "003", "BH"), ("布赫霍尔兹总分", "000", "BH"),
    ("布赫兹破同分法", "002", "BH"), ("队伍布赫霍尔兹分", "000", "BH"),
    ("扣除对手分1型", "001", "BH/C1"), ("小布赫霍尔兹", "003", "BH/C1"), ("布赫霍尔兹 Cut-1", "000", "BH/C1"),
    ("布赫霍尔兹Cut-2", "003", "BH/C2"),
    ("中间对手分", "001", "BH/M1"), ("中间对手分1型", "001", "BH/M1"), ("中间布赫霍尔兹", "003", "BH/M1"),
    ("中间布赫霍尔兹 (MB)", "000", "BH/M1"), ("中间布赫霍尔兹-2", "003", "BH/M2"),
    ("直胜", "001", "DE"), ("直接对局", "003", "DE"), ("直接对局（含弃权）", "003", "DE/P"),
    ("胜局数", "001", "WIN"), ("胜局数 (W)", "000", "WIN"), ("胜局数（WIN）", "003", "WIN"), ("总胜局", "004", "WIN"),
    ("实战胜局（WON）", "003", "WON"), ("执黑胜局（BWG）", "003", "BWG"),
    ("后手局数", "001", "BPG"), ("执黑局数", "003", "BPG"), ("执黑对局数", "000", "BPG"),
    ("累进分", "001", "PS"), ("累计分", "002", "PS"), ("渐进得分", "003", "PS"), ("累进得分 (Cumulative)", "000", "PS"),
    ("累进分Cut-1", "003", "PS/C1"), ("渐进Cut-2", "003", "PS/C2"), ("渐进中位数", "003", "PS/M1"),
    ("渐进中位数-2", "003", "PS/M2"), ("扣除累进分", "004", "PSI"),
    ("选择参赛轮次（REP）", "003", "REP"), ("已赛局数", "003", "REP"),
    ("索伯分", "001", "SB"), ("索伯-伯格", "003", "SB"), ("索尼伯恩-伯格 (SB)", "000", "SB"),
    ("索伯-伯格Cut-1", "003", "SB/C1"), ("索伯-伯格Cut-2", "003", "SB/C2"),
    ("科亚系统", "003", "KS"), ("科亚系统 (Koya)", "000", "KS"),
    ("对手平均等级分", "000", "ARO"), ("ARO Cut-1（AROC）", "003", "ARO/C1"), ("ARO Cut-2", "003", "ARO/C2"),
    ("ARO中位数", "003", "ARO/M1"), ("ARO中位数-2", "003", "ARO/M2"),
    ("锦标赛等级分表现水平（TPR）", "003", "TPR"), ("比赛Elo表现分", "000", "TPR"),
    ("精确数学表现（PTP）", "003", "PTP"), ("精确数学表现", "003", "PTP"),
    ("对手平均表现分", "000", "APRO"), ("初始Elo等级分", "000", "RTNG"), ("赛前FIDE等级分", "000", "RTNG"),
    ("等级分破同分", "004", "RTNG"), ("抽签", "001", "LOT"),
    ("索尔科夫", "000", "SOLK"), ("Solkoff法", "004", "SOLK"), ("Solkoff中间值法", "004", "SOLK/M1"),
    ("Solkoff截断法", "004", "SOLKC"), ("递归布赫霍尔兹", "000", "RBH"), ("二级布赫霍尔兹", "000", "RBH"),
    ("对手累进得分", "000", "OPS"),
]


@pytest.mark.parametrize(("term", "seed", "named"), TERMS, ids=[t[0] for t in TERMS])
def test_every_chinese_term_of_the_seeds_is_found(term: str, seed: str, named: str) -> None:
    assert term.replace(" ", "") in SEEDS[seed].replace(" ", ""), "the term is the seed's own"
    found = catalogue(term)
    assert found, term
    assert found[0]["matched"] == named


@pytest.mark.parametrize(("term", "seed", "named"), [t for t in TERMS if " " not in t[0]],
                         ids=[t[0] for t in TERMS if " " not in t[0]])
def test_one_word_terms_are_specifiers(term: str, seed: str, named: str) -> None:
    """A term without spaces is accepted as a specifier; those with the code in brackets ("胜局数（WIN）")
    are headings, found by the search only."""
    if "（" in term and "（含" not in term:
        return
    assert parse_specifier(term).canonical == named


def test_forms_have_chinese_names() -> None:
    forms = {f["specifier"]: f for e in catalogue() for f in e["forms"]}
    assert forms["BH/C1"]["names"]["zh"] == "扣除对手分1型" and "小布赫霍尔兹" in forms["BH/C1"]["aliases"]
    assert forms["BH/M1"]["names"]["zh"] == "中间对手分1型" and "中间布赫霍尔兹" in forms["BH/M1"]["aliases"]
    assert forms["PS/M1"]["names"]["zh"] == "渐进中位数"
    for spec in ("BH/C1", "BH/C2", "BH/M1", "BH/M2", "SB/C1", "SB/C2", "PS/C1", "PS/C2", "PS/M1", "PS/M2",
                 "ARO/C1", "ARO/C2", "ARO/M1", "ARO/M2", "FB/C1", "FB/M1", "SOLK/M1", "DE/P"):
        assert forms[spec]["names"]["en"] and forms[spec]["names"]["zh"], spec
    cat = {e["code"]: e for e in catalogue()}
    assert "小分" in cat["BH"]["aliases"] and "精确数学表现" in cat["PTP"]["aliases"]
    assert "科亚系统" in cat["KS"]["aliases"]


def test_catalogue_search_through_the_api() -> None:
    client = TestClient(app)
    r = client.get("/v1/tiebreaks", params={"q": "扣除对手分1型"})
    assert r.status_code == 200
    [bh] = r.json()["tiebreaks"]
    assert (bh["code"], bh["matched"]) == ("BH", "BH/C1")
    assert client.get("/v1/tiebreaks", params={"q": "no such thing"}).json() == {"tiebreaks": []}
    assert len(client.get("/v1/tiebreaks").json()["tiebreaks"]) == len(catalogue())
    assert client.get("/v1/tiebreaks", params={"q": "x" * 101}).status_code == 422


# --------------------------------------------------------------------------- seed 003's SB cut


def _tournament(results: list[tuple[str, Fraction]]) -> Tournament:
    """Player 1 meets one opponent per round, with `results` (1's result, the opponent's final score;
    "H": a half-point bye instead); each opponent plays its other rounds against players it meets once,
    with the results that give it the final score asked."""
    rounds = len(results)
    t = Tournament(name="seed 003", start_date="2026/06/01", system="swiss")
    t.players[1] = Player(1, "A", rating=2000)
    mirror = {"1": Result.LOSS, "=": Result.DRAW, "0": Result.WIN}
    code = {"1": Result.WIN, "=": Result.DRAW, "0": Result.LOSS}
    points = {"1": Fraction(1), "=": Fraction(1, 2), "0": Fraction(0)}
    filler = 100
    for r, (result, final) in enumerate(results, start=1):
        if result == "H":
            t.players[1].rounds.append(RoundEntry(None, None, Result.HALF_POINT_BYE))
            continue
        opponent = 1 + r
        t.players[opponent] = Player(opponent, f"O{r}", rating=2000)
        t.players[1].rounds.append(RoundEntry(opponent, Colour.WHITE, code[result]))
        entries: list[RoundEntry | None] = [None] * rounds
        entries[r - 1] = RoundEntry(1, Colour.BLACK, mirror[result])
        rest = final - (1 - points[result])  # what the opponent scores in its other rounds
        for k in range(rounds):
            if entries[k] is not None:
                continue
            mine = "1" if rest >= 1 else "=" if rest == Fraction(1, 2) else "0"
            rest -= points[mine]
            filler += 1
            t.players[filler] = Player(filler, f"F{filler}", rating=2000)
            entries[k] = RoundEntry(filler, Colour.WHITE, code[mine])
            t.players[filler].rounds = [RoundEntry(None, None, Result.ZERO_POINT_BYE)] * rounds
            t.players[filler].rounds = [*t.players[filler].rounds[:k], RoundEntry(opponent, Colour.BLACK, mirror[mine]),
                                        *t.players[filler].rounds[k + 1:]]
        assert rest == 0, "the final score cannot be reached"
        t.players[opponent].rounds = entries  # type: ignore[assignment]
    return t


def _sb(t: Tournament, specs: str) -> list[Fraction | None]:
    return [tb.value for tb in compute_standings(t, specs).by_id()[1].tiebreaks]


def test_seed_003_sb_cut_1() -> None:
    """Seed 003: beat 4 -> 4, beat 3 -> 3, draw 3.5 -> 1.75, draw 2.5 -> 1.25, lost to 4.5 -> 0:
    SB = 10; "剔除0 → SB Cut-1 = 10". C.07 cuts the lowest-scored opponent (2.5): 8.75."""
    t = _tournament([("1", Fraction(4)), ("1", Fraction(3)), ("=", Fraction(7, 2)), ("=", Fraction(5, 2)),
                     ("0", Fraction(9, 2))])
    assert _sb(t, "PTS SB SBC/C1 SB/C1 SBC") == [10, 10, Fraction(35, 4), 10]
    explanation = compute_standings(t, "PTS SBC/C1").by_id()[1].tiebreaks[0].explanation
    assert explanation.startswith("SBC/C1 = 10 (lowest contributions cut, seed 003): ")
    assert explanation.endswith("; cut: R5 0 (least significant)")


def test_seed_003_sb_cut_2() -> None:
    """Seed 003: contributions 4, 3.5, 3, 1.5, 1, 0.5, 0 over 7 rounds; "SB Cut-2 = 13" (0.5 and 0 cut).
    Here they come from beat 4, beat 3.5, draw 6, draw 3, beat 1, draw 1, lost to 5: C.07 cuts the two
    opponents on 1 point (1 and 0.5): 12."""
    t = _tournament([("1", Fraction(4)), ("1", Fraction(7, 2)), ("=", Fraction(6)), ("=", Fraction(3)),
                     ("1", Fraction(1)), ("=", Fraction(1)), ("0", Fraction(5))])
    assert _sb(t, "PTS SB SBC/C2 SB/C2") == [Fraction(27, 2), 13, 12]


def test_seed_003_vur_is_cut_first() -> None:
    """Seed 003: "但如果0来自实际对局的负局，而棋手有一个贡献0.5的半分轮空，则会剔除半分轮空（VUR规则）": a
    voluntarily unplayed round is cut before a lower contribution of a game (C.07 16.5.1). Player 1: beat 3
    -> 3, draw 2.5 -> 1.25, lost to 3.5 and to 4 -> 0 and 0, a half-point bye in round 5: a dummy opponent
    on the own score, 2, times ½ -> 1."""
    t = _tournament([("1", Fraction(3)), ("=", Fraction(5, 2)), ("0", Fraction(7, 2)), ("0", Fraction(4)),
                     ("H", Fraction(0))])
    sbc, cut = compute_standings(t, "PTS SBC SBC/C1").by_id()[1].tiebreaks
    assert (sbc.value, cut.value) == (Fraction(21, 4), Fraction(17, 4))
    assert cut.explanation.endswith("; cut: R5 1 (voluntarily unplayed round, cut first, 16.5)")
