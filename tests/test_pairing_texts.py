"""The pairing systems' texts come from the message catalogues (issue 17.1): boards, float histories,
byes, notes, the checker's reports and the errors of a round that cannot be paired, in the language
asked, with nothing of another language left in them."""

from __future__ import annotations

import ast
import re
from fractions import Fraction
from pathlib import Path

import pytest

from app.engine import messages
from app.engine.errors import InputError, UnpairableError
from app.engine.messages import CATALOGUES
from app.engine.model import Result, RoundEntry, Tournament
from app.engine.pairing.api import PairingOptions, RoundPairing, pair_round
from app.engine.pairing.checker import check_tournament
from app.engine.pairing.generator import generate_tournament
from app.engine.pairing.handling import round_to_pair
from tests.pairing_helpers import make_tournament, play

PAIRING = Path(__file__).resolve().parent.parent / "app" / "engine" / "pairing"
ENGLISH_WORD = re.compile(r"[A-Za-z]{4,}")
CJK = re.compile(r"[\u4e00-\u9fff]")


def _round_one() -> Tournament:
    """Nine players; round 1: 1-5 1-0, 6-2 0-1, 3-7 ½-½, 8-4 0-1, 9 the PAB."""
    t = make_tournament(9, 5)
    play(t, [(1, 5, "1"), (6, 2, "0"), (3, 7, "="), (8, 4, "0")])
    return t


def _texts(p: RoundPairing) -> list[str]:
    out: list[str] = []
    for b in p.pairs:
        e = b.explanation
        out += [e.text, e.colour_rule_text, *e.colour_preferences.values()]
        out += [h for history in e.float_history.values() for h in history]
    return out + [y.reason for y in p.byes] + p.notes


def test_a_round_paired_in_chinese() -> None:
    """Round 2 with 5 and 8 absent: seven players, so a PAB; 1, 2, 4 and 9 on 1 point, 3 and 7 (who met)
    on ½, 6 on 0. [C5] gives the PAB to 6 (the lowest score), so 3 and 7 need two downfloaters (2 and 4);
    9 downfloated in round 1 (the PAB counts as a downfloat, C.04.3 1.4.3)."""
    p = pair_round(_round_one(), 2, PairingOptions(absent=[8, 5], language="zh"))
    assert [(b.white, b.black) for b in p.pairs] == [(9, 1), (2, 3), (4, 7)]
    first, second, third = (b.explanation for b in p.pairs)
    assert first.text == "1号与9号在同分组（1分）相遇；颜色：双方都得到各自的颜色偏好（第 5.2.1 条）"
    assert first.float_history == {1: ["无", "无"], 9: ["降组：第1轮编排轮空", "无"]}
    assert first.colour_preferences == {1: "强黑", 9: "无偏好"}
    assert second.text == ("2号（1分）降组，在 0.5 分组与 3号（0.5分）相遇；颜色：双方都得到各自的颜色偏好"
                           "（第 5.2.1 条）")
    assert third.colour_rule_text == "排名较高的棋手得到其颜色偏好"
    assert [(y.id, y.type, y.reason) for y in p.byes] == [
        (6, "PAB", "最后一个分组后剩余未配对（配对分 0，已赛 1 局），符合编排轮空条件"),
        (5, "absent", "本轮缺席"), (8, "absent", "本轮缺席")]
    texts = _texts(p)
    assert all(CJK.search(x) for x in texts)
    assert [w for x in texts for w in ENGLISH_WORD.findall(x)] == []


def test_the_same_round_in_english_keeps_its_texts() -> None:
    p = pair_round(_round_one(), 2, PairingOptions(absent=[8, 5]))
    first = p.pairs[0].explanation
    assert first.text == "1 and 9 meet in their scoregroup (1); colours: both players get their colour preference " \
                         "(Art. 5.2.1)"
    assert first.float_history == {1: ["none", "none"], 9: ["down: pairing-allocated bye in round 1", "none"]}


def test_a_third_of_a_point_is_shown_as_a_fraction() -> None:
    """numbers.show, the one number display: 1/3 of an initial score is 1/3 (fmt printed 0.333333)."""
    t = make_tournament(4, 3)
    p = pair_round(t, 1, PairingOptions(pairing_score_adjustments={1: Fraction(1, 3)}))
    assert p.pairs[0].explanation.text.startswith("1 (1/3) floats down to meet")


def _recorded(pairs: list[tuple[int, int, str]]) -> Tournament:
    """The tournament of `_round_one` with round 2 recorded as `pairs`, 5 and 8 on zero-point byes, 6 on the PAB."""
    t = _round_one()
    play(t, pairs)
    for sn in (5, 8):
        t.players[sn].rounds[1] = RoundEntry(None, None, Result.ZERO_POINT_BYE)
    return t


def test_the_checker_reports_a_wrong_round_in_chinese() -> None:
    # 1-2 and 9-3: 9, who downfloated in round 1 (PAB), floats down again ([C14]); the engine floats 2 and 4
    t = _recorded([(1, 2, "="), (9, 3, "1"), (4, 7, "0")])
    (zh,) = check_tournament(t, PairingOptions(language="zh"))
    assert (zh.round, zh.criterion, zh.file_value, zh.engine_value) == (2, "C14", 0, 1)
    assert zh.message == "[C14] 1 分组的上一轮曾降组的降组棋手：文件 0（越大越好），引擎 1"
    (en,) = check_tournament(t)
    assert en.message == ("[C14] downfloaters with a downfloat in the previous round in the 1 bracket: file 0 "
                          "(larger is better), engine 1")
    # a player on a bye paired in the file; the same pairs with other colours
    (absent,) = check_tournament(_recorded([(9, 1, "="), (2, 3, "1"), (4, 7, "0"), (6, 5, "1")]),
                                 PairingOptions(language="zh"))
    assert (absent.criterion, absent.message) == ("C1", "[C1] 文件配对了 6-5，但其中一人本轮不应配对")
    (colours,) = check_tournament(_recorded([(1, 9, "="), (2, 3, "1"), (4, 7, "0")]), PairingOptions(language="zh"))
    assert (colours.criterion, colours.message) == ("Art.5", "对子相同，颜色不同：[第 5 条] 颜色分配")
    for d in (zh, absent, colours):
        assert ENGLISH_WORD.findall(d.message) == []


def test_a_round_nobody_can_pair_is_reported_in_every_language() -> None:
    t = make_tournament(2, 3)
    play(t, [(1, 2, "1")])
    with pytest.raises(UnpairableError) as caught:
        pair_round(t, 2)
    localized = caught.value.issue.localized
    assert localized is not None
    assert caught.value.message == localized.render("en") and "(C.04.3 1.9)" in caught.value.message
    zh = localized.render("zh")
    assert zh == ("2 名待配对棋手的任何配对都不满足绝对标准（[C1] 不重复对局、不配禁止的对子，[C2] 编排轮空资格，[C3] "
                  "绝对颜色偏好）；1, 2号没有可配的对手。由总裁判长决定（C.04.3 1.9）。")
    (d,) = check_tournament(_recorded_twice(t), PairingOptions(language="zh"))
    assert d.criterion == "error" and d.message == f"引擎无法编排第 2 轮：{zh}"


def _recorded_twice(t: Tournament) -> Tournament:
    """The two players of `t` meet again in round 2 (a file no pairing system produces)."""
    play(t, [(2, 1, "1")])
    return t


def test_the_round_to_pair_speaks_the_language_asked() -> None:
    t = _round_one()
    for sn, p in t.players.items():  # round 2 paired, no result yet
        p.rounds.append(RoundEntry(None, None, Result.NOT_PAIRED) if sn in (5, 8, 6) else RoundEntry(
            {1: 9, 9: 1, 2: 3, 3: 2, 4: 7, 7: 4}[sn], None, Result.NOT_PAIRED))
    choice = round_to_pair(t, 2)
    assert choice.repairs and choice.warnings[0].as_dict("zh")["message"] == (
        "文件中第 2 轮已编排（尚无结果）：本次根据此前各轮重新编排该轮，并取代文件中的编排")
    with pytest.raises(InputError) as caught:
        round_to_pair(t, 4)
    assert caught.value.issue.localized is not None
    assert caught.value.issue.localized.render("zh") == "无法编排第 4 轮：文件已编排到第 2 轮，下一轮应为第 3 轮"
    assert caught.value.message == ("round 4 cannot be paired: the file pairs rounds up to 2, so the next round to "
                                    "pair is round 3")


@pytest.mark.parametrize("system", ["dutch", "dubov", "burstein", "lim"])
def test_a_new_language_is_a_new_catalogue(monkeypatch: pytest.MonkeyPatch, system: str) -> None:
    """Every pairing text comes from the catalogue of the language asked: a catalogue added under a new
    code is used for all of them (boards, float histories, byes, notes, checker), with no engine change."""
    marked = {k: "«" + v + "»" for k, v in CATALOGUES["en"].items()}
    monkeypatch.setitem(messages.CATALOGUES, "xx", marked)
    t = generate_tournament(9, 4, draw_rate=0.3, bye_rate=0.1, seed=3, played=3)
    p = pair_round(t, 4, PairingOptions(system=system, language="xx"))
    texts = _texts(p)
    assert p.pairs and p.byes and texts
    assert all(x.startswith("«") and x.endswith("»") for x in texts), texts
    english = pair_round(t, 4, PairingOptions(system=system))
    assert [x.replace("«", "").replace("»", "") for x in texts] == _texts(english)
    # the checker: round 3 recorded with the pairs of another round
    found = check_tournament(_shuffled(t), PairingOptions(system=system, language="xx"))
    assert found and all(d.message.startswith("«") for d in found)


def _shuffled(t: Tournament) -> Tournament:
    """`t` with the entries of rounds 2 and 3 swapped (a file its system did not pair)."""
    for p in t.players.values():
        p.rounds[1], p.rounds[2] = p.rounds[2], p.rounds[1]
    return t


def test_no_pairing_module_takes_a_zh_flag() -> None:
    """The language is `lang`, a catalogue's code (issue 17.1): no `zh` parameter, name or `if zh` branch."""
    offenders = []
    for path in PAIRING.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.arg) and node.arg == "zh":
                offenders.append(f"{path.name}:{node.lineno}: parameter zh")
            elif isinstance(node, ast.Name) and node.id == "zh":
                offenders.append(f"{path.name}:{node.lineno}: name zh")
            elif isinstance(node, ast.Compare) and any(isinstance(c, ast.Constant) and c.value == "zh"
                                                       for c in node.comparators):
                offenders.append(f"{path.name}:{node.lineno}: compares with 'zh'")
    assert offenders == []
