"""Problem types: every code the code base raises is in the catalogue (app/api/texts.py) with both languages;
GET /problems/{code} resolves every `type` URI, as JSON or HTML; 406 and conditional GETs."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from app.api.examples import REQUESTS
from app.api.texts import PROBLEMS, WARNINGS
from app.engine.messages import DEFAULT_LANGUAGE, messages
from app.engine.validation import ERROR_CODES, WARNING_CODES
from app.main import app
from tests.conftest import DATA, ROOT

client = TestClient(app)
SOURCES = {p: p.read_text(encoding="utf-8") for p in (ROOT / "app").rglob("*.py")}
PROBLEM_SITES = [re.compile(r'code="([a-z][a-z0-9-]+)"'), re.compile(r'(?:ProblemException|problem_answer|'
                                                                    r'problem_response)\(\s*\d{3},\s*"([a-z0-9-]+)"'),
                 re.compile(r'\berror\(\s*"([a-z0-9-]+)"')]  # app.engine.validation.error
WARNING_SITES = [re.compile(r'\b(?:[Ii]ssue|warning)\(\s*"([a-z0-9-]+)"'), re.compile(r'\{"code": "([a-z0-9-]+)"')]


def codes(patterns: list[re.Pattern[str]]) -> dict[str, str]:
    found: dict[str, str] = {}
    for path, text in SOURCES.items():
        if path.name == "examples.py":
            continue
        for pattern in patterns:
            for code in pattern.findall(text):
                found.setdefault(code, str(path.relative_to(ROOT)))
    return found


def test_every_problem_code_raised_is_in_the_catalogue() -> None:
    raised = codes(PROBLEM_SITES)
    assert len(raised) > 30
    missing = {code: where for code, where in raised.items() if code not in PROBLEMS and code not in WARNINGS}
    assert not missing, f"add these problem codes to app/api/texts.py PROBLEMS: {missing}"
    assert "invalid-input" in PROBLEMS and "trf-parse-error" in PROBLEMS  # the defaults of InputError, TrfError
    assert set(ERROR_CODES) <= set(PROBLEMS)


def test_every_warning_code_has_its_meaning() -> None:
    found = {**codes(WARNING_SITES), **dict.fromkeys(WARNING_CODES, "app/engine/validation.py")}
    # a warning made from the engine's catalogues is written in every language there (warning.<code>[.<case>])
    catalogued = {key.split(".")[1] for key in messages(DEFAULT_LANGUAGE) if key.startswith("warning.")}
    missing = {code: where for code, where in found.items() if code not in WARNINGS and code not in catalogued}
    assert not missing, f"add these warning codes to app/api/texts.py WARNINGS: {missing}"


@pytest.mark.parametrize("code", sorted(PROBLEMS))
def test_every_type_uri_resolves(code: str) -> None:
    r = client.get(f"/problems/{code}")
    assert r.status_code == 200 and r.headers["content-type"] == "application/json"
    body = r.json()
    assert body["code"] == code and body["type"] == f"/problems/{code}"
    assert body["title"] == PROBLEMS[code].title and body["description"] == PROBLEMS[code].about
    assert body["statuses"] == list(PROBLEMS[code].statuses)


def test_problem_page_in_html_for_a_browser() -> None:
    r = client.get("/problems/invalid-json", headers={"accept": "text/html,application/xhtml+xml,*/*;q=0.8"})
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert "default-src 'self'" in r.headers["content-security-policy"] and r.headers["vary"] == "Accept"
    assert "<code>invalid-json</code>" in r.text and "请求体（或上传的文件）不是有效的 JSON。" in r.text
    assert "getStandings" in r.text  # the operations that can answer with it
    listing = client.get("/problems", headers={"accept": "text/html"}).text
    assert all(f'href="/problems/{code}"' in listing for code in PROBLEMS)
    assert [p["code"] for p in client.get("/problems").json()["problems"]] == list(PROBLEMS)


def test_an_answered_problem_points_at_its_page() -> None:
    r = client.post("/v1/standings", content=b"012 x\n001 bad", headers={"content-type": "text/plain"})
    assert r.status_code in (400, 422)
    page = client.get(r.json()["type"])
    assert page.status_code == 200 and page.json()["code"] == r.json()["code"]
    assert "getStandings" in page.json()["operations"]


def test_unknown_problem_code_is_404() -> None:
    r = client.get("/problems/no-such-thing")
    assert r.status_code == 404 and r.json()["code"] == "not-found" and "no-such-thing" in r.json()["detail"]


@pytest.mark.parametrize("path", ["/v1/tiebreaks", "/v1/presets", "/v1/openings", "/problems",
                                  "/problems/timeout"])
def test_static_data_is_cacheable(path: str) -> None:
    first = client.get(path)
    etag = first.headers["etag"]
    assert first.status_code == 200 and re.fullmatch(r'W/"[0-9a-f]{32}"', etag)
    assert first.headers["cache-control"] == "public, max-age=3600"
    assert client.get(path).headers["etag"] == etag  # stable
    again = client.get(path, headers={"if-none-match": etag})
    assert again.status_code == 304 and again.content == b"" and again.headers["etag"] == etag
    assert client.get(path, headers={"if-none-match": f'"other", {etag.removeprefix("W/")}'}).status_code == 304
    assert client.get(path, headers={"if-none-match": '"stale"'}).status_code == 200


def test_406_for_an_accept_the_operation_cannot_produce() -> None:
    trf = (DATA / "example7.trf").read_text()
    for path, body in (("/v1/standings", {"trf": trf}), ("/v1/round-robin", REQUESTS["getRoundRobinTables"])):
        r = client.post(path, json=body, headers={"accept": "application/xml"})
        assert r.status_code == 406 and r.headers["content-type"] == "application/problem+json"
        assert r.json()["code"] == "not-acceptable" and r.json()["available"] == ["application/json"]
        assert client.post(path, json=body, headers={"accept": "application/xml, */*;q=0.1"}).status_code == 200
        assert client.post(path, json=body, headers={"accept": "application/*"}).status_code == 200
    assert client.get("/v1/tiebreaks", headers={"accept": "text/csv"}).status_code == 406
    pairing = REQUESTS["pairNextRound"]
    r = client.post("/v1/pairings", json=pairing, headers={"accept": "text/plain"})
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
    r = client.post("/v1/pairings", json=pairing, headers={"accept": "application/json;q=0, text/*"})
    assert r.status_code == 200 and r.text.startswith("012")


@pytest.mark.parametrize(("accept", "expected"), [
    ("", "application/json"), ("*/*", "application/json"), ("text/plain", "text/plain"),
    ("text/plain, application/json", "text/plain"), ("application/json, text/plain", "application/json"),
    ("text/*;q=0.9, application/json;q=0.8", "text/plain"), ("application/xml", None),
    ("text/plain;q=0, */*", "application/json"), ("application/json;q=0, */*", "text/plain"),
    ("text/html;level=1, text/plain;q=0.5", "text/plain"), ("garbage", "application/json"),
])
def test_negotiation(accept: str, expected: str | None) -> None:
    from app.api.negotiation import choose

    assert choose(accept, ("application/json", "text/plain")) == expected


DOC = app.openapi()
BY_ID = {op["operationId"]: (path, method, op) for path, ops in DOC["paths"].items() for method, op in ops.items()}
BAD_REQUESTS: list[tuple[str, dict[str, object]]] = [
    ("invalid-json", {"content": b"{oops", "headers": {"content-type": "application/json"}}),
    ("unsupported-media-type", {"content": b"<x/>", "headers": {"content-type": "application/xml"}}),
    ("invalid-text", {"json": {"players": "\u0007"}}),
    ("not-acceptable", {"json": {}, "headers": {"accept": "image/png"}}),
    ("invalid-request", {"json": {"no_such_option": 1}}),
]


@pytest.mark.parametrize("operation_id", sorted(REQUESTS))
@pytest.mark.parametrize(("code", "request_"), BAD_REQUESTS, ids=[c for c, _ in BAD_REQUESTS])
def test_answered_codes_are_the_documented_ones(operation_id: str, code: str, request_: dict[str, object]) -> None:
    path, method, op = BY_ID[operation_id]
    kwargs = dict(request_)
    if code in ("invalid-text", "invalid-request"):
        kwargs["json"] = {**REQUESTS[operation_id], **kwargs["json"]}  # type: ignore[dict-item]
    r = client.request(method.upper(), path, **kwargs)  # type: ignore[arg-type]
    answered = r.json()["code"]
    assert r.status_code >= 400 and answered in op["x-problem-codes"], (operation_id, answered, r.text[:200])
    assert str(r.status_code) in op["responses"]
