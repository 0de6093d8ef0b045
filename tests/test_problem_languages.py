"""Problem details in the answer's language: every fault of bad input is a catalogue message (issues 14.5, 15.8,
17.1), so under `Accept-Language: zh` the detail, and every entry of `errors`, is a Chinese sentence; and no
reader or engine module raises an error with a text of its own."""

from __future__ import annotations

import ast
import pickle
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.engine.errors import InputError
from app.engine.messages import Message
from app.main import app
from tests.conftest import DATA

ROOT = Path(__file__).resolve().parent.parent
client = TestClient(app)
ZH = {"accept-language": "zh"}
CJK = re.compile("[\u4e00-\u9fff]")
EXAMPLE = (DATA / "example7.trf").read_text()
FIRST_PLAYER = EXAMPLE.splitlines()[13]
SECOND_PLAYER = EXAMPLE.splitlines()[14]


def _trf(old: str, new: str) -> dict[str, Any]:
    assert old in EXAMPLE
    return {"files": {"file": ("t.trf", EXAMPLE.replace(old, new, 1).encode())}}


def _player_line(rating: str) -> str:
    return FIRST_PLAYER[:48] + rating.rjust(4) + FIRST_PLAYER[52:]


JCH = {"status": {"code": 0}, "event": {"tournaments": [{"tournamentNo": 1, "competitors": [
    {"cid": 1, "present": True}, {"cid": 1, "present": True}]}], "profiles": []}}

# (name, method and path, request, expected detail in Chinese or None, expected English detail or None)
CASES: list[tuple[str, str, dict[str, Any], str | None, str | None]] = [
    ("trf bad rating", "/v1/standings", _trf(FIRST_PLAYER, _player_line("21x0")),
     "等级分必须是整数，实际为 '21x0'", "rating must be a whole number, found '21x0'"),
    ("trf bad number of rounds", "/v1/convert", _trf("142 4", "142 4x"),
     "142记录的轮数必须是整数，实际为 '4x'", "142 number of rounds must be a whole number, found '4x'"),
    ("trf duplicate start number", "/v1/standings", _trf(SECOND_PLAYER, SECOND_PLAYER[:4] + "   1" + SECOND_PLAYER[8:]),
     "序号 1 被使用了两次（第 14 行和第 15 行），且数据不同",
     "start number 1 is used twice (lines 14 and 15) with different data"),
    ("trf unknown result code", "/v1/standings", _trf(FIRST_PLAYER, FIRST_PLAYER[:98] + "Q" + FIRST_PLAYER[99:]),
     "第1轮：'Q' 不是 TRF 结果代码", "round 1: 'Q' is not a TRF result code"),
    ("json form bad field", "/v1/standings", {"json": {"tournament": {"players": [{"name": "A", "rating": "x"}]}}},
     "tournament.players[0].rating：应为有效的整数，无法把字符串解析为整数", None),
    ("json form duplicate start number", "/v1/standings", {"json": {"tournament": {"players": [
        {"name": "A", "start_number": 1}, {"name": "B", "start_number": 1}]}}},
     "tournament.players[1]：序号 1 被使用了两次", "tournament.players[1]: start number 1 is used twice"),
    ("chess-json bad field", "/v1/convert", {"json": {"tournament": JCH, "to": "json"}},
     None, None),
    ("bad tie-break specifier", "/v1/standings", {"json": {"trf": EXAMPLE, "tiebreaks": ["BH/Q"]}},
     "BH/Q：未知的修饰符 /Q", "BH/Q: unknown modifier /Q"),
    ("tie-break modifier that means nothing", "/v1/standings", {"json": {"trf": EXAMPLE, "tiebreaks": ["DE/C1"]}},
     None, None),
    ("bad knockout", "/v1/knockout", {"json": {"stage": "seeded", "players": 4, "results": {"Z9": {"winner": 1}}}},
     None, None),
    ("bad groups", "/v1/groups", {"json": {"players": 16, "groups": 3}}, "groups：应为 2, 4, 8 或 16",
     "groups: Input should be 2, 4, 8 or 16"),
    ("bad group standings", "/v1/knockout", {"json": {"stage": "swiss-groups", "groups": 2, "qualifiers": 4,
                                                       "standings": {"A": [1, 2], "C": [3, 4]}}},
     "未知小组 C：小组为 A, B", "unknown group(s) C: the groups are A, B"),
    ("bad openings", "/v1/openings/draw", {"json": {"per": "game", "count": 2}},
     "per：应为 'round' 或 'match'", "per: Input should be 'round' or 'match'"),
    ("too many openings", "/v1/openings/draw", {"json": {"count": 500}}, None, None),
]


def _english_words(text: str, problem: dict[str, Any]) -> list[str]:
    """Words of four or more Latin letters in `text` that are not data: the field paths and offending text the
    problem names, quoted input, option names (a_b, a.b, /v1/...) and codes in capitals."""
    for value in (problem.get("field"), problem.get("text")):
        if isinstance(value, str) and value:
            text = text.replace(value, " ")
    text = re.sub(r"'[^']*'|\"[^\"]*\"|`[^`]*`", " ", text)
    text = re.sub(r"\S*[_./=\[\]]\S*", " ", text)
    return [w for w in re.findall(r"[A-Za-z]{4,}", text) if not w.isupper()]


@pytest.mark.parametrize(("name", "path", "request_kw", "chinese", "english"), CASES, ids=[c[0] for c in CASES])
def test_bad_input_problems_are_chinese_under_zh(name: str, path: str, request_kw: dict[str, Any],
                                                 chinese: str | None, english: str | None) -> None:
    zh = client.post(path, headers=ZH, **request_kw)
    en = client.post(path, **request_kw)
    assert 400 <= zh.status_code < 500 and zh.status_code == en.status_code, (zh.status_code, zh.text)
    problem, problem_en = zh.json(), en.json()
    assert zh.headers["content-language"] == "zh"
    assert problem["code"] == problem_en["code"] and problem.get("field") == problem_en.get("field")
    if chinese is not None:
        assert problem["detail"] == chinese
    if english is not None:
        assert problem_en["detail"] == english
    for entry in [problem, *problem.get("errors", [])]:
        detail = entry.get("detail", entry.get("message"))
        assert CJK.search(detail), (name, detail)
        assert _english_words(detail, {**problem, **entry}) == [], (name, detail)
    assert problem["detail"] != problem_en["detail"]


def test_a_bad_date_is_a_warning_in_the_language() -> None:
    """A date the reader does not know is kept as written, with a warning (not a problem): in Chinese too."""
    kw = _trf("042 2026/04/01", "042 soon")
    zh = client.post("/v1/convert", headers=ZH, **kw).json()["warnings"]
    en = client.post("/v1/convert", **kw).json()["warnings"]
    assert [w for w in en if w["code"] == "date"] == [{
        "code": "date", "message": "start date 'soon' is not in a date form the reader knows (TRF-2026: YYYY/MM/DD); "
                                   "kept as written", "line": 4, "text": "soon", "field": "042"}]
    assert [w["message"] for w in zh if w["code"] == "date"] == [
        "开始日期 'soon' 不是读取器认识的日期格式（TRF-2026：YYYY/MM/DD）；原样保留"]


def test_every_fault_of_a_schema_failure_is_in_the_language() -> None:
    body = {"tournament": {"players": [{"name": "A", "rating": 99999}], "bogus": 1}}
    problem = client.post("/v1/standings", json=body, headers=ZH).json()
    assert [e["message"] for e in problem["errors"]] == [
        "tournament.players[0].rating：应小于或等于 4000", "tournament.bogus：不允许有多余的字段"]
    english = client.post("/v1/standings", json=body).json()
    assert [e["message"] for e in english["errors"]] == [
        "tournament.players[0].rating: Input should be less than or equal to 4000",
        "tournament.bogus: Extra inputs are not permitted"]


def test_an_error_keeps_its_message_across_processes() -> None:
    """The engine processes raise and encode problems; an error that crosses a process boundary (pickled) keeps
    its catalogue message and renders in any language."""
    exc = InputError(Message.of("error.trf.whole-number", what=Message.of("what.rating"), found="x"), field="f")
    copy = pickle.loads(pickle.dumps(exc))
    assert copy.message == "rating must be a whole number, found 'x'" == str(copy)
    assert copy.issue.localized is not None and copy.issue.localized.render("zh") == "等级分必须是整数，实际为 'x'"
    assert copy.issue.field == "f"


_ERRORS = {"InputError", "TrfError", "UnpairableError"}


def _texts_of_errors(path: Path) -> list[str]:
    """`InputError(...)`/`TrfError(...)`/`UnpairableError(...)` calls whose message is a text written in place
    (a string, an f-string or a concatenation) and that give no `localized` catalogue message."""
    found: list[str] = []
    source = path.read_text()
    if "Error(" not in source:  # parse only the modules that raise (the scan stays well under a second)
        return found
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
        if name in _ERRORS and isinstance(node.args[0], ast.JoinedStr | ast.Constant | ast.BinOp) \
                and "localized" not in {k.arg for k in node.keywords}:
            found.append(f"{path.name}:{node.lineno}")
    return found


def test_readers_and_engine_raise_catalogue_messages_only() -> None:
    paths = [p for folder in ("app/engine", "app/formats", "app/api") for p in sorted((ROOT / folder).rglob("*.py"))]
    assert len(paths) > 60
    assert [hit for p in paths for hit in _texts_of_errors(p)] == []


def test_the_source_scan_finds_a_text_written_in_place(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text('raise InputError(f"bad {x}", field="x")\nraise TrfError("bad")\n'
                      'raise InputError(Message.of("error.at", field="x", problem="p"))\n'
                      'raise InputError("ok", localized=m)\nraise UnpairableError("a" + b)\n')
    assert _texts_of_errors(sample) == ["sample.py:1", "sample.py:2", "sample.py:5"]


def test_the_front_answers_an_option_fault_in_the_language() -> None:
    """A fault FastAPI finds itself (a query option) is rendered like the engine processes' ones."""
    zh = client.get("/v1/tiebreaks?q=" + "x" * 150, headers=ZH).json()
    assert zh["detail"] == "query.q：字符串最多应有 100 个字符"
    assert zh["errors"] == [{"code": "invalid-request", "message": "字符串最多应有 100 个字符", "field": "query.q"}]
    en = client.get("/v1/tiebreaks?q=" + "x" * 150).json()
    assert en["detail"] == "query.q: String should have at most 100 characters"
