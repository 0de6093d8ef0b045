"""/docs (Swagger UI) and /redoc (ReDoc) in a real browser with every other host blocked: both render every
operation of the OpenAPI document from the service's own assets, with no request elsewhere, no script error
and no Content-Security-Policy violation. Chromium must be installed (see tests/browser.py); these tests fail
without it, they do not skip."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from bench.load_test import service
from tests.browser import (
    SCREENSHOTS,
    launched_chromium,
)

pytestmark = pytest.mark.slow  # browser tests (Chromium)

with contextlib.suppress(ImportError):  # missing: reported as a failure by tests.browser.launched_chromium
    from playwright.sync_api import Browser, Page, expect

TIMEOUT_MS = 30_000
# ReDoc's bundle always shows its vendor's logo from the vendor's CDN (not configurable); the page's CSP refuses
# it before any request is made, and the browser reports that. The one report allowed.
REDOC_LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg"


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    with service(1) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with launched_chromium(TIMEOUT_MS) as launched:
        yield launched


@pytest.fixture(scope="module")
def operations(base_url: str) -> list[tuple[str, str, str]]:
    doc = httpx.get(base_url + "/openapi.json").json()
    return [(method.upper(), path, op["operationId"]) for path, ops in doc["paths"].items() for method, op in ops.items()]


class Offline:
    """A browser page that may reach the service only; what it tried elsewhere, its errors, CSP reports."""

    def __init__(self, browser: Browser, base_url: str) -> None:
        self.base_url = base_url
        self.external: list[str] = []
        self.errors: list[str] = []
        self.context = browser.new_context(viewport={"width": 1280, "height": 900})
        self.context.set_default_timeout(TIMEOUT_MS)
        self.context.route("**/*", self._guard)
        self.page: Page = self.context.new_page()
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("console", self._console)

    def _guard(self, route: Any) -> None:
        url = route.request.url
        if url.startswith(self.base_url) or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            self.external.append(url)
            route.abort()

    def _console(self, message: Any) -> None:
        if message.type == "error" or "Content Security Policy" in message.text:
            self.errors.append(message.text)

    def check(self, allowed_csp_reports: tuple[str, ...] = ()) -> None:
        self.context.close()
        self.errors = [e for e in self.errors if not ("Content Security Policy" in e and
                                                      any(url in e for url in allowed_csp_reports))]
        assert not self.external, f"requests to other hosts: {self.external}"
        assert not self.errors, f"script errors or CSP violations: {self.errors}"


def test_swagger_ui_renders_every_operation_offline(browser: Browser, base_url: str,
                                                    operations: list[tuple[str, str, str]]) -> None:
    offline = Offline(browser, base_url)
    response = offline.page.goto(base_url + "/docs")
    assert response is not None and response.status == 200
    csp = response.headers["content-security-policy"]
    assert "script-src 'self';" in csp and "http" not in csp
    page = offline.page
    expect(page.locator(".opblock")).to_have_count(len(operations))
    shown = page.locator(".opblock .opblock-summary-path").all_inner_texts()
    assert sorted(p.replace("\u200b", "") for p in shown) == sorted(path for _, path, _ in operations)
    page.locator("#operations-standings-getStandings .opblock-summary").click()
    expect(page.locator("#operations-standings-getStandings .opblock-body")).to_contain_text("x-problem-codes")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "docs-swagger-ui.png"))
    offline.check()


def test_redoc_renders_every_operation_offline(browser: Browser, base_url: str,
                                               operations: list[tuple[str, str, str]]) -> None:
    offline = Offline(browser, base_url)
    response = offline.page.goto(base_url + "/redoc")
    assert response is not None and response.status == 200
    page = offline.page
    for _, _, operation_id in operations:
        expect(page.locator(f'[data-section-id="operation/{operation_id}"]')).to_have_count(1)
    expect(page.locator("h1").first).to_contain_text("Chess tournament calculation service")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "docs-redoc.png"))
    offline.check(allowed_csp_reports=(REDOC_LOGO,))


def test_docs_assets_are_served_by_the_service(base_url: str) -> None:
    for path in ("/docs/assets/swagger-ui-bundle.js", "/docs/assets/swagger-ui.css",
                 "/docs/assets/redoc.standalone.js", "/static/docs/swagger-init.js"):
        r = httpx.get(base_url + path)
        assert r.status_code == 200 and len(r.content) > 100, path
    page = httpx.get(base_url + "/docs").text
    assert "cdn" not in page.lower() and "https://" not in page
