"""The calculator page as files: served at / and /calculator with the right types, nothing from other hosts."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from fastapi.testclient import TestClient

from app.api.routes.web import STATIC_DIR
from app.main import app

client = TestClient(app)
ASSETS = sorted(p for p in STATIC_DIR.rglob("*") if p.is_file())
EXTERNAL = re.compile(r"""(?:https?:)?//[a-z0-9.-]+|@import\s+url|url\(\s*['"]?(?:https?:|//)""", re.IGNORECASE)


class _References(HTMLParser):
    """Every src/href of a document."""

    def __init__(self) -> None:
        super().__init__()
        self.refs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.refs += [value for name, value in attrs if name in ("src", "href") and value]


def test_root_and_calculator_serve_the_page() -> None:
    for path in ("/", "/calculator"):
        r = client.get(path)
        assert r.status_code == 200
        assert r.headers["content-type"] == "text/html; charset=utf-8"
        assert "<title>Tie-break calculator</title>" in r.text
        csp = r.headers["content-security-policy"]
        assert "default-src 'self'" in csp and "connect-src 'self'" in csp and "script-src 'self'" in csp
    assert client.get("/").text == client.get("/calculator").text


def test_static_assets_have_their_content_types() -> None:
    expected = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8",
                ".svg": "image/svg+xml", ".html": "text/html; charset=utf-8"}
    assert {p.suffix for p in ASSETS} <= set(expected)
    for asset in ASSETS:
        r = client.get("/static/" + asset.relative_to(STATIC_DIR).as_posix())
        assert r.status_code == 200, asset
        assert r.headers["content-type"] == expected[asset.suffix], asset
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.content == asset.read_bytes()


def test_every_reference_of_the_page_is_local_and_exists() -> None:
    page = client.get("/").text
    parser = _References()
    parser.feed(page)
    assert parser.refs, "the page references its assets"
    for ref in parser.refs:
        assert ref.startswith(("/", "#")) and not ref.startswith("//"), ref
        if ref.startswith("/static/"):
            assert client.get(ref).status_code == 200, ref
    imports = {m for p in ASSETS if p.suffix == ".js"
               for m in re.findall(r"""^import .* from "(.+)";$""", p.read_text(encoding="utf-8"), re.M)}
    assert imports and all(m.startswith("./") and (STATIC_DIR / "js" / m).is_file() for m in imports)


def test_no_asset_mentions_another_host() -> None:
    for asset in ASSETS:
        text = asset.read_text(encoding="utf-8")
        if asset.suffix == ".svg":
            text = text.replace('xmlns="http://www.w3.org/2000/svg"', "")
        assert not EXTERNAL.search(text), f"{asset.name}: {EXTERNAL.search(text)}"


def test_missing_assets_are_problems_and_the_page_is_not_in_the_api_document() -> None:
    r = client.get("/static/nothing-here.js")
    assert r.status_code == 404 and r.headers["content-type"] == "application/problem+json"
    paths = app.openapi()["paths"]
    assert "/" not in paths and "/calculator" not in paths and not any(p.startswith("/static") for p in paths)
    assert client.get("/health").json() == {"status": "ok"} and client.get("/docs").status_code == 200


def _strings(language: str) -> dict[str, str]:
    """The interface strings of one language, read from app/static/js/i18n.js."""
    source = (STATIC_DIR / "js" / "i18n.js").read_text(encoding="utf-8")
    block = source.split(f"\n  {language}: {{\n", 1)[1].split("\n  },", 1)[0]
    return dict(re.findall(r'^ {4}"([^"]+)": "((?:[^"\\]|\\.)*)",$', block, re.M))


def test_every_interface_string_is_in_both_languages_with_the_same_placeholders() -> None:
    english, chinese = _strings("en"), _strings("zh")
    assert len(english) > 200
    assert english.keys() == chinese.keys()
    for key, text in english.items():
        assert sorted(re.findall(r"\{(\w+)\}", text)) == sorted(re.findall(r"\{(\w+)\}", chinese[key])), key
        assert chinese[key] != text or key in {"mod.label", "compare.change", "crit.other"} or not re.search(
            "[a-z]{3}", text), f"{key}: not translated"


def test_every_string_the_page_asks_for_exists() -> None:
    english = _strings("en")
    keys = set(re.findall(r'data-i18n(?:-placeholder)?="([^"]+)"', (STATIC_DIR / "index.html").read_text("utf-8")))
    for script in (STATIC_DIR / "js").glob("*.js"):
        text = script.read_text(encoding="utf-8")
        # every quoted "family.name" that is a key of the table (t("..."), ternaries, lists of keys)
        keys |= {k for k in re.findall(r'"([a-z]+\.[A-Za-z0-9.-]+)"', text) if k.split(".")[0] in
                 {"col", "rules", "standings", "compare", "pairings", "notice", "editor", "mod", "crit", "cross",
                  "meta", "status", "problem", "input", "tab", "warnings", "edition", "system", "result", "bye"}}
        keys |= {m for m in re.findall(r'\bt\(\s*"([^"]+)"', text)}
    assert keys and not keys - english.keys(), sorted(keys - english.keys())
    # families used with a computed suffix: every value the service may send has its words
    for family, values in {"system": ["swiss", "round-robin", "double-round-robin"],
                           "bye": ["PAB", "HPB", "FPB", "ZPB", "absent", "rest"],
                           "crit": [f"C{n}" for n in range(5, 22)]}.items():
        assert {f"{family}.{value}" for value in values} <= english.keys(), family
