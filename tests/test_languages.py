"""Answers in English or Chinese: the language option or Accept-Language, problem titles and details the API
layer writes, warnings keyed by code, Content-Language and Vary."""

from __future__ import annotations

import re
import string

import pytest
from fastapi.testclient import TestClient

from app.api.language import from_accept_language, negotiate, say, warning_dict
from app.api.texts import DETAILS, LANGUAGES, PROBLEMS, WARNINGS
from app.engine.errors import Issue
from app.main import app
from tests.conftest import DATA

client = TestClient(app)
EXAMPLE = (DATA / "example7.trf").read_bytes()
CJK = re.compile("[\u4e00-\u9fff]")


@pytest.mark.parametrize(("header", "expected"), [
    ("zh-CN,zh;q=0.9,en;q=0.8", "zh"), ("en-GB,en;q=0.9,zh;q=0.8", "en"), ("fr, zh;q=0.5, en;q=0.4", "zh"),
    ("en;q=0.2, zh-Hans;q=0.7", "zh"), ("zh;q=0, en", "en"), ("fr, de", None), ("", None), ("zh;q=abc, en", "en"),
])
def test_accept_language_by_q_value(header: str, expected: str | None) -> None:
    assert from_accept_language(header) == expected


def test_explicit_option_wins_over_the_header() -> None:
    assert negotiate("zh", "en") == "en" and negotiate("en", "zh") == "zh" and negotiate("fr") == "en"


def test_every_text_in_every_language_with_the_same_placeholders() -> None:
    fields = string.Formatter()
    for key, texts in DETAILS.items():
        assert set(texts) == set(LANGUAGES), key
        names = {lang: {f[1] for f in fields.parse(t) if f[1]} for lang, t in texts.items()}
        assert names["zh"] == names["en"], key
    for code, problem in PROBLEMS.items():
        assert set(problem.title) == set(problem.about) == set(LANGUAGES), code
        assert CJK.search(problem.title["zh"]) and CJK.search(problem.about["zh"]), code
    for code, texts in WARNINGS.items():
        assert set(texts) == set(LANGUAGES) and CJK.search(texts["zh"]), code


def test_text_renders_nested_values() -> None:
    text = say("invalid-text", where="name", what=say("invalid-text.control", number="0007"))
    assert text.render("en") == "name holds the control character U+0007: only printable text is accepted"
    assert text.render("zh") == "name 含有控制字符 U+0007：只接受可打印文本"
    assert str(text) == text.render("en")


def test_warning_in_chinese_keeps_the_engine_message() -> None:
    issue = Issue("encoding", "the file is not UTF-8; decoded as latin-1")
    assert warning_dict(issue, "en") == {"code": "encoding", "message": "the file is not UTF-8; decoded as latin-1"}
    assert warning_dict(issue, "zh")["message"] == "文件不是 UTF-8 编码：the file is not UTF-8; decoded as latin-1"
    already = {"code": "encoding", "message": "已经是中文"}
    assert warning_dict(already, "zh") == already


def test_engine_problem_in_chinese_by_header_and_by_option() -> None:
    r = client.post("/v1/standings", content=b"{bad", headers={"content-type": "application/json",
                                                                "accept-language": "zh-CN,zh;q=0.9"})
    assert r.status_code == 400 and r.headers["content-language"] == "zh"
    assert "Accept-Language" in r.headers["vary"]
    p = r.json()
    # the reader's message, from the engine's catalogues
    assert p["title"] == "JSON 无效" and p["detail"].startswith("请求体不是有效的 JSON：")
    r = client.post("/v1/standings", content=b'{"trf": ' + b"[" * 100 + b"]" * 100 + b"}", headers={
        "content-type": "application/json", "accept-language": "zh"})
    assert r.status_code == 422 and r.json()["title"] == "JSON 嵌套过深"
    assert r.json()["detail"] in ("请求体的嵌套超过 64 层", "请求体的嵌套过深")
    r = client.post("/v1/standings", json={"trf": EXAMPLE.decode(), "language": "zh", "tiebreaks": ["BH"] * 70})
    assert r.status_code == 422 and r.headers["content-language"] == "zh"
    assert r.json()["detail"] == "共 70 个破同分规则；上限为 64" and r.json()["title"] == "破同分规则过多"
    r = client.post("/v1/standings", json={"trf": EXAMPLE.decode(), "tiebreaks": ["BH"] * 70})
    assert r.headers["content-language"] == "en" and r.json()["detail"] == "70 tie-breaks; the limit is 64"


def test_front_problem_in_chinese() -> None:
    r = client.get("/v1/nothing", headers={"accept-language": "zh"})
    assert r.status_code == 404 and r.headers["content-language"] == "zh"
    assert r.json()["title"] == "未找到"
    r = client.get("/v1/nothing?language=zh")
    assert r.json()["title"] == "未找到"


def test_warnings_in_chinese() -> None:
    latin1 = EXAMPLE.decode().replace("Avery", "Avéry").encode("latin-1")
    en = client.post("/v1/convert", files={"file": ("x.trf", latin1)}).json()["warnings"]
    zh = client.post("/v1/convert", files={"file": ("x.trf", latin1)}, headers={"accept-language": "zh"}).json()
    assert [w["code"] for w in en] == [w["code"] for w in zh["warnings"]] and en
    # the reader's warnings come from the catalogues: in Chinese the whole sentence is Chinese
    assert zh["warnings"][0] == {**en[0], "message": "文件不是 UTF-8 编码；已按 cp1252 解码"}
    for e, z in zip(en, zh["warnings"], strict=True):
        assert z["message"] != e["message"] and re.search("[\u4e00-\u9fff]", z["message"]), z


def test_explanations_follow_the_language_and_say_so() -> None:
    r = client.post("/v1/standings", json={"trf": EXAMPLE.decode(), "tiebreaks": ["BH"]},
                    headers={"accept-language": "zh"})
    assert r.status_code == 200 and r.headers["content-language"] == "zh"
    assert CJK.search(r.json()["standings"][0]["tiebreaks"][0]["explanation"])
    r = client.post("/v1/standings", json={"trf": EXAMPLE.decode(), "tiebreaks": ["BH"], "language": "en"},
                    headers={"accept-language": "zh"})
    assert r.headers["content-language"] == "en" and not CJK.search(r.text)
