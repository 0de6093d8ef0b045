"""The calculator page in a real browser: Debian's Chromium, headless, driven by Playwright, against the service
started with uvicorn on a free port. Every rank, value, explanation, highlight, crosstable cell and board the
page shows is compared with the API's own answer to the same request.

Chromium must be installed (`apt-get install chromium`); without it these tests fail, they do not skip.
Screenshots of the main states go to artifacts/screenshots/ (printed at the end of the run).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from bench.load_test import service
from tests.browser import (
    CHROMIUM_ARGS,
    MISSING_CHROMIUM,
    MISSING_PLAYWRIGHT,
    SCREENSHOT_COUNT,
    SCREENSHOTS,
    chromium_path,
    shown,
)
from tests.conftest import SHARED, require_shared

pytestmark = pytest.mark.slow  # browser tests (Chromium)

try:
    from playwright.sync_api import Browser, Page, expect, sync_playwright
except ImportError:  # reported as a failure by the `browser` fixture
    sync_playwright = None

REAL = SHARED / "real"
HELD = REAL / "fide-c07-held-exercise-swiss_16p_5r.trf"  # finished Swiss, byes and forfeits, no 142 → no round 6
SHARLY = REAL / "sharly-trf2026-import-test_16p_5r.trf"
GROS = REAL / "gros-open-2010_javafo-sample2_52p_4of9r.trfx"  # 4 of 9 rounds played: round 5 can be paired

TIMEOUT_MS = 15_000


# --- the service, the browser, a page ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    require_shared()
    with service(1) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if sync_playwright is None:
        pytest.fail(MISSING_PLAYWRIGHT, pytrace=False)
    executable = chromium_path()
    if executable is None:
        pytest.fail(MISSING_CHROMIUM, pytrace=False)
    expect.set_options(timeout=TIMEOUT_MS)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for old in SCREENSHOTS.iterdir():
        if old.is_file():
            old.unlink()
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(executable), headless=True, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


class Api:
    """The API, asked directly: the expected answers."""

    def __init__(self, base_url: str) -> None:
        self.client = httpx.Client(base_url=base_url, timeout=30)

    def post(self, path: str, trf: Path, expect_status: int = 200, **fields: Any) -> dict[str, Any]:
        data = {k: v for k, v in fields.items() if v is not None}
        r = self.client.post(path, files={"file": (trf.name, trf.read_bytes())}, data=data)
        assert r.status_code == expect_status, r.text
        return r.json()

    def standings(self, trf: Path, order: list[str] | None = None, language: str = "en",
                  expect_status: int = 200) -> dict[str, Any]:
        return self.post("/v1/standings", trf, expect_status, language=language,
                         tiebreaks=None if order is None else ",".join(order))

    def catalogue(self) -> dict[str, dict[str, Any]]:
        return {entry["code"]: entry for entry in self.client.get("/v1/tiebreaks").json()["tiebreaks"]}


ROWS_JS = """id => [...document.querySelectorAll(`#${id} tbody tr`)].map(tr => ({
  id: Number(tr.dataset.id),
  rank: tr.cells[0].textContent,
  name: tr.querySelector("th").textContent,
  points: tr.querySelector(".points").textContent,
  values: [...tr.querySelectorAll("td[data-code]")].map(td => (td.querySelector(".tb-value") || td).textContent),
  explanations: [...tr.querySelectorAll("td[data-code]")].map(
    td => td.querySelector(".explanation")?.textContent ?? ""),
  changed: tr.classList.contains("changed"),
}))"""


BOARDS_JS = """() => [...document.querySelectorAll("#pairings-table tbody tr")].map(tr => [
  Number(tr.dataset.board), Number(tr.dataset.white), Number(tr.dataset.black),
  tr.querySelector(".explanation-text").textContent])"""


def expected_rows(body: dict[str, Any], changed: set[int] | None = None) -> list[dict[str, Any]]:
    return [{"id": e["id"], "rank": str(e["rank"]), "name": e["name"], "points": shown(e["points"]),
             "values": [shown(v["value"]) for v in e["tiebreaks"]],
             "explanations": [v["explanation"] or "" for v in e["tiebreaks"]],
             "changed": e["id"] in (changed or set())} for e in body["standings"]]


class Calculator:
    """One browser page on the calculator, with the steps the tests take."""

    def __init__(self, page: Page, base_url: str, api: Api, config: pytest.Config) -> None:
        self.page = page
        self.base_url = base_url
        self.api = api
        self.config = config

    def open(self, path: str = "/") -> Calculator:
        self.page.goto(self.base_url + path)
        expect(self.page.locator("body")).to_have_attribute("data-ready", "true")
        return self

    def upload(self, trf: Path) -> None:
        self.page.set_input_files("#file-input", str(trf))

    def drop(self, trf: Path) -> None:
        """Drop the file on the drop zone as a user dragging it from the desktop would."""
        transfer = self.page.evaluate_handle(
            """([name, bytes]) => { const t = new DataTransfer();
                 t.items.add(new File([new Uint8Array(bytes)], name, {type: "text/plain"})); return t; }""",
            [trf.name, list(trf.read_bytes())])
        for event in ("dragenter", "dragover", "drop"):
            self.page.dispatch_event("#dropzone", event, {"dataTransfer": transfer})

    def wait_order(self, order: list[str], table: str = "standings-table") -> None:
        expect(self.page.locator(f"#{table}")).to_have_attribute("data-order", ",".join(order))

    def rows(self, table: str = "standings-table") -> list[dict[str, Any]]:
        rows: list[dict[str, Any]] = self.page.evaluate(ROWS_JS, table)
        return rows

    def editor_order(self, editor: str = "order-a") -> list[str]:
        value = self.page.get_attribute(f"#{editor}-list", "data-order") or ""
        return value.split(",") if value else []

    def check_standings(self, trf: Path, order: list[str], language: str = "en") -> dict[str, Any]:
        """The table shows `order` with exactly the API's ranks, values and explanations."""
        body = self.api.standings(trf, order, language)
        assert body["tiebreaks"] == order
        self.wait_order(order)
        expect(self.page.locator("#standings-table")).to_have_attribute("data-language", language)
        assert self.rows() == expected_rows(body)
        assert self.editor_order() == order
        return body

    def drag(self, editor: str, source: int, target: int) -> None:
        """Drag item `source` of a tie-break list onto position `target` with the mouse."""
        items = self.page.locator(f"#{editor}-list li")
        handle = items.nth(source).locator(".handle").bounding_box()
        goal = items.nth(target).bounding_box()
        assert handle and goal
        x, y = handle["x"] + handle["width"] / 2, handle["y"] + handle["height"] / 2
        self.page.mouse.move(x, y)
        self.page.mouse.down()
        fraction = 0.25 if target < source else 0.75
        self.page.mouse.move(x, goal["y"] + goal["height"] * fraction, steps=10)
        self.page.mouse.up()

    def active(self) -> dict[str, Any]:
        """The focused element: its role in a tie-break list and the specifier of its item."""
        active: dict[str, Any] = self.page.evaluate("""() => { const e = document.activeElement;
            return {role: e.dataset.role || null, spec: e.closest("li")?.dataset.spec || null, id: e.id || null,
                    tag: e.tagName}; }""")
        return active

    def shot(self, name: str, full_page: bool = True) -> None:
        self.page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=full_page)
        self.config.stash[SCREENSHOT_COUNT] = self.config.stash.get(SCREENSHOT_COUNT, 0) + 1


@pytest.fixture
def open_calculator(browser: Browser, base_url: str, request: pytest.FixtureRequest) -> Iterator[
        Callable[..., Calculator]]:
    """Open the page in a fresh browser context; afterwards, no request may have left the service's origin
    and no script error may have happened."""
    api = Api(base_url)
    contexts = []
    external: list[str] = []
    errors: list[str] = []

    def guard(route: Any) -> None:
        if route.request.url.startswith(base_url):
            route.continue_()
        else:
            external.append(route.request.url)
            route.abort()

    def make(locale: str = "en-US", **options: Any) -> Calculator:
        context = browser.new_context(locale=options.pop("locale", locale), accept_downloads=True,
                                      **{"viewport": {"width": 1280, "height": 900}, **options})
        context.set_default_timeout(TIMEOUT_MS)
        context.route("**/*", guard)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        return Calculator(page, base_url, api, request.config).open()

    yield make
    for context in contexts:
        context.close()
    api.client.close()
    assert not external, f"the page made requests to other hosts: {external}"
    assert not errors, f"script errors in the page: {errors}"


@pytest.fixture
def calc(open_calculator: Callable[..., Calculator]) -> Calculator:
    return open_calculator()


# --- the tests ---------------------------------------------------------------------------------------------


def test_uploaded_file_shows_the_api_standings_and_explanations(calc: Calculator) -> None:
    calc.upload(HELD)
    body = calc.api.standings(HELD)  # no list: the service picks the default for the file
    calc.wait_order(body["tiebreaks"])
    assert calc.rows() == expected_rows(body)
    assert calc.page.locator("#standings-table thead th[data-code] .tb-code").all_text_contents() == body["tiebreaks"]
    assert calc.editor_order() == body["tiebreaks"]

    tooltip = calc.page.locator("#tooltip")
    first = calc.page.locator("#standings-table tbody tr").first.locator(".tb-value").first
    first.hover()
    expect(tooltip).to_be_visible()
    expect(tooltip).to_have_text(body["standings"][0]["tiebreaks"][0]["explanation"])
    description = first.evaluate("b => document.getElementById(b.getAttribute('aria-describedby')).textContent")
    assert description == body["standings"][0]["tiebreaks"][0]["explanation"]  # what a screen reader reads
    calc.shot("01-standings-explanation")

    third_row_second_value = calc.page.locator("#standings-table tbody tr").nth(2).locator(".tb-value").nth(1)
    third_row_second_value.focus()
    expect(tooltip).to_have_text(body["standings"][2]["tiebreaks"][1]["explanation"])
    calc.page.keyboard.press("Escape")
    expect(tooltip).to_be_hidden()
    expect(calc.page.locator("#status")).to_contain_text("Standings updated: 16 rows")


def test_dropped_file_reordered_by_dragging_added_and_removed_matches_the_api(calc: Calculator) -> None:
    calc.drop(SHARLY)
    start = calc.api.standings(SHARLY)
    calc.wait_order(start["tiebreaks"])
    order = list(start["tiebreaks"])
    assert order[:3] == ["BH/C1", "BH", "WIN"]

    calc.drag("order-a", 2, 0)  # WIN first
    order.insert(0, order.pop(2))
    body = calc.check_standings(SHARLY, order)
    assert [(e["id"], e["rank"]) for e in body["standings"]] != [(e["id"], e["rank"]) for e in start["standings"]]

    calc.drag("order-a", 0, 3)  # and back down, below DE
    order.insert(3, order.pop(0))
    calc.check_standings(SHARLY, order)

    calc.page.click('#order-a-list li[data-spec="DE"] [data-role="remove"]')
    order.remove("DE")
    calc.check_standings(SHARLY, order)

    calc.page.select_option("#order-a-code", "SB")
    calc.page.fill("#order-a-modifiers", "c1")
    calc.page.click("#order-a-add")
    order.append("SB/C1")
    calc.check_standings(SHARLY, order)
    calc.shot("02-reordered-by-dragging")

    refused = calc.api.standings(SHARLY, [*order, "BH/X9"], expect_status=422)
    calc.page.select_option("#order-a-code", "BH")
    calc.page.fill("#order-a-modifiers", "/X9")
    calc.page.click("#order-a-add")
    expect(calc.page.locator("#order-a-message")).to_have_text(refused["detail"])
    expect(calc.page.locator("#order-a-list")).to_have_attribute("data-order", ",".join(order))  # put back
    calc.check_standings(SHARLY, order)


def test_keyboard_alone_reorders_the_list(calc: Calculator) -> None:
    calc.upload(HELD)
    order = calc.api.standings(HELD)["tiebreaks"]
    calc.wait_order(order)
    keyboard = calc.page.keyboard
    calc.page.locator("body").focus()
    for _ in range(40):  # from the top of the page to the first drag handle with Tab only
        keyboard.press("Tab")
        if calc.active()["role"] == "handle":
            break
    assert calc.active() == {"role": "handle", "spec": order[0], "id": None, "tag": "BUTTON"}

    keyboard.press("ArrowDown")  # the handle takes arrow keys
    order = [order[1], order[0], *order[2:]]
    calc.check_standings(HELD, order)
    assert calc.active()["role"] == "handle" and calc.active()["spec"] == order[1]  # focus moved with it

    keyboard.press("Tab")  # its "move up" button
    assert calc.active()["role"] == "up"
    keyboard.press("Enter")
    order = [order[1], order[0], *order[2:]]
    calc.check_standings(HELD, order)
    assert calc.active() == {"role": "down", "spec": order[0], "id": None, "tag": "BUTTON"}  # "up" is disabled now

    keyboard.press("Space")
    keyboard.press("Space")
    order = [order[1], order[2], order[0], *order[3:]]
    calc.check_standings(HELD, order)
    assert calc.active()["spec"] == order[2]

    keyboard.press("Tab")  # "remove"
    assert calc.active()["role"] == "remove"
    removed = order.pop(2)
    keyboard.press("Enter")
    calc.check_standings(HELD, order)
    assert calc.active() == {"role": "remove", "spec": order[2], "id": None, "tag": "BUTTON"}
    expect(calc.page.locator("#status")).to_have_text(  # one announcement: what happened, then the result
        f"{removed} removed. Standings updated: 16 rows, tie-breaks {', '.join(order)}.")
    calc.shot("03-keyboard-reordered")

    calc.page.focus("#tab-standings")  # the tabs take arrow keys too
    keyboard.press("ArrowRight")
    expect(calc.page.locator("#tab-compare")).to_have_attribute("aria-selected", "true")
    expect(calc.page.locator("#panel-compare")).to_be_visible()


def test_chinese_interface_with_chinese_names_and_explanations(calc: Calculator) -> None:
    calc.upload(HELD)
    order = calc.api.standings(HELD)["tiebreaks"]
    calc.wait_order(order)
    expect(calc.page.locator("h1")).to_have_text("Tie-break calculator")

    calc.page.select_option("#language", "zh")
    expect(calc.page.locator("h1")).to_have_text("破同分计算器")
    assert calc.page.get_attribute("html", "lang") == "zh-CN"
    assert calc.page.title() == "破同分计算器"
    tabs = calc.page.locator('[role="tab"]').all_text_contents()
    assert tabs == ["排名", "比较两种顺序", "成绩交叉表", "下一轮"]
    expect(calc.page.locator("label[for=file-input]")).to_have_text("TRF 文件")
    expect(calc.page.locator("#order-a-list-label")).to_have_text("破同分，按使用顺序排列")
    body = calc.check_standings(HELD, order, language="zh")  # explanations in Chinese, from the API
    assert any("第" in v["explanation"] for e in body["standings"] for v in e["tiebreaks"])
    catalogue = calc.api.catalogue()
    names = [catalogue[code.split("/")[0]]["name_zh"] for code in order]
    assert calc.page.locator("#standings-table thead th[data-code] .tb-name").all_text_contents() == names
    assert calc.page.locator("#order-a-list .tb-name").all_text_contents() == names
    assert calc.page.locator("#standings-table thead th").first.text_content() == "名次"
    assert f"{order[0]} — " not in calc.page.locator("#order-a-code").inner_text()  # options: code — Chinese name
    assert "AOB — 对手平均布赫霍尔兹" in calc.page.locator("#order-a-code").inner_text()
    calc.page.locator("#standings-table .tb-value").first.hover()
    expect(calc.page.locator("#tooltip")).to_have_text(body["standings"][0]["tiebreaks"][0]["explanation"])
    calc.shot("04-chinese")

    calc.page.select_option("#language", "en")
    expect(calc.page.locator("h1")).to_have_text("Tie-break calculator")
    calc.check_standings(HELD, order, language="en")


def test_language_follows_the_browser(open_calculator: Callable[..., Calculator]) -> None:
    chinese = open_calculator(locale="zh-CN")
    expect(chinese.page.locator("h1")).to_have_text("破同分计算器")
    assert chinese.page.input_value("#language") == "zh"
    english = open_calculator(locale="en-GB")
    expect(english.page.locator("h1")).to_have_text("Tie-break calculator")


def test_comparison_highlights_exactly_the_participants_the_api_lists(calc: Calculator) -> None:
    calc.upload(HELD)
    calc.wait_order(calc.api.standings(HELD)["tiebreaks"])
    calc.page.click("#tab-compare")

    def check() -> set[int]:
        expect(calc.page.locator("#compare-b")).to_be_visible()
        orders = [(calc.page.get_attribute(f"#compare-{side}", "data-order") or "").split(",") for side in "ab"]
        answer = calc.api.post("/v1/standings/compare", HELD, orders=[",".join(o) for o in orders], language="en")
        changed = {c["id"] for c in answer["changes"]}
        assert calc.rows("compare-a") == expected_rows(answer["orders"][0], changed)
        assert calc.rows("compare-b") == expected_rows(answer["orders"][1], changed)
        for change in answer["changes"]:
            cell = calc.page.locator(f'#compare-a tr[data-id="{change["id"]}"] td.change')
            expect(cell).to_have_text(f"▲ {change['ranks'][0]} → {change['ranks'][1]}"
                                      if change["ranks"][0] < change["ranks"][1]
                                      else f"▼ {change['ranks'][0]} → {change['ranks'][1]}")
        return changed

    expect(calc.page.locator("#compare-b")).to_be_visible()
    changed = check()  # order B starts as order A reversed
    assert changed
    expect(calc.page.locator("#compare-summary")).to_have_text(
        f"{len(changed)} participants change rank between the two orders.")
    calc.shot("05-compare")

    calc.page.select_option("#order-b-preset", "fide-round-robin")
    expect(calc.page.locator("#compare-b")).to_have_attribute("data-order", "DE,SB,KS,WIN")
    check()

    calc.page.click("#copy-a-to-b")
    expect(calc.page.locator("#compare-summary")).to_have_text("No participant changes rank between the two orders.")
    assert check() == set()
    expect(calc.page.locator("#compare-a tr.changed")).to_have_count(0)


def test_crosstable_shows_every_round_of_the_converted_tournament(calc: Calculator) -> None:
    calc.upload(HELD)
    calc.wait_order(calc.api.standings(HELD)["tiebreaks"])
    calc.page.click("#tab-crosstable")
    expect(calc.page.locator("#crosstable")).to_be_visible()
    tournament = calc.api.post("/v1/convert", HELD, to="json")["tournament"]
    shown_rows = calc.page.evaluate("""() => [...document.querySelectorAll("#crosstable tbody tr")].map(tr => ({
        id: Number(tr.dataset.id), name: tr.querySelector("th").textContent,
        rounds: [...tr.querySelectorAll("td.round")].map(td => [td.dataset.opponent, td.dataset.colour,
                                                                 td.dataset.result, td.title])}))""")
    players = sorted(tournament["players"], key=lambda p: p["start_number"])
    assert [(r["id"], r["name"]) for r in shown_rows] == [(p["start_number"], p["name"]) for p in players]
    for row, player in zip(shown_rows, players, strict=True):
        assert [cell[:3] for cell in row["rounds"]] == [
            [str(g["opponent"] or ""), g["colour"] or "", g["result"]] for g in player["rounds"]]
    # the 4th player (David) had a half-point bye in round 2 and beat #13 with white in round 3
    assert shown_rows[3]["rounds"][1][3] == "Round 2: half-point bye"
    assert shown_rows[3]["rounds"][2][3] == "Round 3: win with white against 13 Opal"
    expect(calc.page.locator("#crosstable thead th.round")).to_have_count(5)
    calc.shot("06-crosstable")


def test_pair_next_round_shows_the_api_boards_and_its_refusal(calc: Calculator) -> None:
    calc.upload(GROS)
    calc.wait_order(calc.api.standings(GROS)["tiebreaks"])
    calc.page.click("#tab-pairings")
    calc.page.click("#pair-next")
    expect(calc.page.locator("#pairings-table")).to_be_visible()
    answer = calc.api.post("/v1/pairings", GROS)
    boards = calc.page.evaluate(BOARDS_JS)
    assert answer["round"] == 5 and len(answer["pairings"]) > 20
    assert boards == [[b["board"], b["white"], b["black"], b["explanation"]["text"]] for b in answer["pairings"]]
    byes = calc.page.evaluate("""() => [...document.querySelectorAll("#byes-table tbody tr")].map(
        tr => [Number(tr.dataset.id), tr.dataset.type])""")
    assert byes == [[b["id"], b["type"]] for b in answer["byes"]]
    expect(calc.page.locator("#pairings-caption")).to_have_text("Proposed pairings for round 5")
    expect(calc.page.locator("#status")).to_have_text(f"Round 5 proposed: {len(boards)} boards.")
    calc.shot("07-pairings")

    calc.upload(HELD)  # finished, and no 142 record: nothing to pair
    calc.wait_order(calc.api.standings(HELD)["tiebreaks"])
    expect(calc.page.locator("#pairings-table")).to_have_count(0)
    refusal = calc.api.post("/v1/pairings", HELD, expect_status=422)
    calc.page.click("#pair-next")
    problem = calc.page.locator("#pairings-problem")
    expect(problem).to_be_visible()
    expect(problem.locator(".problem-detail")).to_have_text(refusal["detail"])
    expect(problem.locator(".problem-where")).to_have_text(f" (field {refusal['field']})")
    expect(calc.page.locator("#panel-pairings")).to_have_attribute("aria-busy", "false")  # every request ended
    calc.shot("08-pairing-refused")

    calc.page.fill("#total-rounds", "7")  # two more rounds: now round 6 can be paired
    calc.page.click("#pair-next")
    expect(calc.page.locator("#pairings-caption")).to_have_text("Proposed pairings for round 6")
    expect(problem).to_be_hidden()
    extended = calc.api.post("/v1/pairings", HELD, total_rounds="7")
    assert calc.page.evaluate(BOARDS_JS) == [[b["board"], b["white"], b["black"], b["explanation"]["text"]]
                                             for b in extended["pairings"]]


def test_csv_export_holds_the_api_values(calc: Calculator) -> None:
    calc.upload(SHARLY)
    order = calc.api.standings(SHARLY)["tiebreaks"]
    calc.wait_order(order)
    calc.page.click('#order-a-list li[data-spec="BH/C1"] [data-role="remove"]')
    order.remove("BH/C1")
    body = calc.check_standings(SHARLY, order)
    with calc.page.expect_download() as info:
        calc.page.click("#export-csv")
    download = info.value
    assert download.suggested_filename == "sharly-trf2026-import-test_16p_5r-standings.csv"
    raw = Path(download.path()).read_bytes()
    assert raw.startswith("\ufeff".encode())  # so that spreadsheets take it as UTF-8
    table = list(csv.reader(io.StringIO(raw.decode("utf-8-sig"), newline="")))
    assert table[0] == ["Rank", "No.", "Name", "Points", *order, "Decided by"]
    assert table[1:] == [[str(e["rank"]), str(e["id"]), e["name"], shown(e["points"]),
                          *("" if v["value"] is None else shown(v["value"]) for v in e["tiebreaks"]),
                          e["decided_by"] or ""] for e in body["standings"]]


def test_print_stylesheet_keeps_the_standings_only(calc: Calculator) -> None:
    calc.upload(HELD)
    calc.wait_order(calc.api.standings(HELD)["tiebreaks"])
    calc.page.click("#tab-crosstable")
    expect(calc.page.locator("#crosstable")).to_be_visible()
    calc.page.emulate_media(media="print")
    expect(calc.page.locator("#standings-table")).to_be_visible()  # even with another tab open
    for hidden in ("#editor-a", ".tabs", "#file-input", "#trf-text", "#panel-crosstable", "#export-csv", "#language"):
        expect(calc.page.locator(hidden)).to_be_hidden()
    expect(calc.page.locator("#standings-output .print-only")).to_be_visible()
    calc.shot("09-print")
    calc.page.pdf(path=str(SCREENSHOTS / "09-print.pdf"))
    calc.page.emulate_media(media="screen")
    expect(calc.page.locator("#editor-a")).to_be_visible()


def test_phone_layout_scrolls_the_tables_not_the_page(open_calculator: Callable[..., Calculator]) -> None:
    calc = open_calculator(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    calc.upload(GROS)
    body = calc.api.standings(GROS)
    calc.wait_order(body["tiebreaks"])
    page_width = "() => [document.documentElement.scrollWidth, window.innerWidth]"
    scroll_width, inner_width = calc.page.evaluate(page_width)
    assert scroll_width <= inner_width
    region = calc.page.locator("#standings-output .table-scroll")
    assert region.evaluate("e => e.scrollWidth > e.clientWidth")  # the table scrolls sideways in its region
    value = calc.page.locator("#standings-table tbody tr").first.locator(".tb-value").first
    value.tap()
    expect(calc.page.locator("#tooltip")).to_have_text(body["standings"][0]["tiebreaks"][0]["explanation"])
    box = calc.page.locator("#tooltip").bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= inner_width
    calc.shot("10-phone-standings", full_page=False)
    calc.page.click("#tab-crosstable")
    expect(calc.page.locator("#crosstable")).to_be_visible()
    scroll_width, inner_width = calc.page.evaluate(page_width)
    assert scroll_width <= inner_width
    calc.shot("11-phone-crosstable", full_page=False)


def test_pasted_text_and_its_errors(calc: Calculator, tmp_path: Path) -> None:
    garbage = tmp_path / "garbage.trf"
    garbage.write_text("001 garbage\n", encoding="utf-8")
    refused = calc.api.post("/v1/standings", garbage, expect_status=422)
    calc.page.fill("#trf-text", "001 garbage\n")
    problem = calc.page.locator("#input-problem")
    expect(problem).to_be_visible()
    expect(problem.locator(".problem-detail")).to_have_text(refused["detail"])
    expect(problem.locator(".problem-where")).to_have_text(f" (line {refused['line']}, column {refused['column']})")
    calc.shot("12-paste-error")

    calc.page.fill("#trf-text", HELD.read_text(encoding="utf-8"))
    body = calc.api.standings(HELD)
    calc.wait_order(body["tiebreaks"])
    expect(problem).to_be_hidden()
    assert calc.rows() == expected_rows(body)
    expect(calc.page.locator("#source-info")).to_have_text("Pasted text")
