"""The calculator and its score keeper when the browser will not keep anything, and with two tabs on one keeper.

reliability-review.md #2: with site data blocked (Chromium's "Block all cookies") merely reading localStorage
throws, and the page showed only that raw error; with storage full every write throws. #3: two tabs on one
keeper, and the older tab silently overwrote the newer one's holes. Real headless Chromium throughout: the
blocked case uses a real profile whose Preferences block cookies, not an emulation.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from sixcardgolf import load_preset, score_table
from sixcardgolf.deck_check import read_layouts
from support.browser import CHROMIUM, CHROMIUM_ARGS

ENGINE_MS = 120_000  # a first Pyodide start on a busy two-core machine
KEEPER_KEY = "sixcardgolf.calculator.keeper"
LAYOUTS = ["8H KS 2D / 8C AS 5H", "QH 7S 9D / QC 3S KH"]
HOLE = f"#preset=basic&players=2&p1={quote(LAYOUTS[0])}&p2={quote(LAYOUTS[1])}"
# What the page must never show: the browser's own words for its refusal.
RAW = ("SecurityError", "QuotaExceeded", "localStorage", "Access is denied", "exceeded the quota")
NOTICE = {"en": "the scores stay until you leave the page", "ja": "このページを離れるまで"}


def engine_totals(layouts: list[str]) -> list[int]:
    rules = load_preset("basic")
    table = read_layouts(rules, layouts)
    return [score.total for score in score_table(rules, [list(c) for c in table.layouts])]


def page_errors(page: Page) -> list[str]:
    """Uncaught errors of the page's own scripts (the theme's palette script also trips over blocked storage,
    and that is not the calculator's)."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(f"{error}\n{error.stack}"))
    return errors


def ours(errors: list[str]) -> list[str]:
    return [error for error in errors if "/playground/" in error]


def url(origin: str, lang: str, fragment: str = "") -> str:
    return f"{origin}/{'ja/' if lang == 'ja' else ''}calculator/{fragment}"


def wait_totals(page: Page, count: int) -> list[int]:
    page.wait_for_function(
        "n => { const r = document.querySelector('.golf-calc-results');"
        " return r.dataset.state === 'current' && r.querySelectorAll('[data-total]').length === n; }",
        arg=count,
        timeout=ENGINE_MS,
    )
    cells = page.locator(".golf-calc-results [data-total]")
    return [int(cells.nth(i).get_attribute("data-total") or "") for i in range(count)]


def keeper_rows(page: Page) -> list[list[int]]:
    rows = page.locator(".golf-keeper tbody tr")
    return [
        [int(cell.get_attribute("data-points") or "") for cell in rows.nth(i).locator("td").all()]
        for i in range(rows.count())
    ]


def type_hole(page: Page, scores: list[int]) -> None:
    for n, score in enumerate(scores, start=1):
        page.fill(f"#golf-keeper-score-{n}", str(score))
    page.click(".golf-keeper__entry button[type=submit]")


def add_from_calculator_and_by_hand(page: Page, lang: str) -> None:
    """The calculator scores and the keeper adds a hole both ways, and the page says, in its language, that
    nothing is kept; nothing the browser said is on the page."""
    totals = wait_totals(page, 2)
    assert totals == engine_totals(LAYOUTS)
    notice = page.locator(".golf-keeper__storage")
    assert notice.is_visible()
    assert NOTICE[lang] in notice.inner_text()
    page.click(".golf-calc-actions .md-button--primary")  # Add this hole to the score keeper
    page.locator(".golf-keeper tbody tr").first.wait_for()
    type_hole(page, [3, -2])
    page.locator(".golf-keeper tbody tr").nth(1).wait_for()
    assert keeper_rows(page) == [totals, [3, -2]]
    text = page.inner_text("body")
    assert [raw for raw in RAW if raw in text] == []


# -- site data blocked, in a real profile ------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def blocked_profile(browser: Browser) -> Iterator[BrowserContext]:
    """Chromium with "Block all cookies" set in its profile's Preferences, as the settings page writes it (a
    second Chromium, on a profile folder of its own, started by the same Playwright driver)."""
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "Default").mkdir()
        preferences = {"profile": {"default_content_setting_values": {"cookies": 2}}}
        (Path(folder) / "Default" / "Preferences").write_text(json.dumps(preferences))
        context = browser.browser_type.launch_persistent_context(
            folder, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True, viewport={"width": 1366, "height": 768}
        )
        try:
            yield context
        finally:
            context.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_with_site_data_blocked_the_calculator_scores_and_the_keeper_keeps_the_visit(
    blocked_profile: BrowserContext, origin: str, lang: str
) -> None:
    page = blocked_profile.new_page()
    errors = page_errors(page)
    page.goto(url(origin, lang, HOLE))
    # The profile really blocks site data: reading localStorage throws, unless a script in the page's head has
    # already put a storage that forgets in its place, and said so.
    refusal = page.evaluate(
        "() => { try { window.localStorage; return window.golfStorageBlocked ? 'replaced' : null } catch (e) { return e.name } }"
    )
    assert refusal in ("SecurityError", "replaced")
    add_from_calculator_and_by_hand(page, lang)
    assert ours(errors) == []
    page.close()


# -- storage full ------------------------------------------------------------------------------------------------------
FULL = """
const realSetItem = Storage.prototype.setItem;
window.__setItemAnyway = (key, value) => realSetItem.call(localStorage, key, value);
Storage.prototype.setItem = function () {
  throw new DOMException("Setting the value exceeded the quota.", "QuotaExceededError");
};
"""


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_with_storage_full_the_saved_scores_still_show_and_new_holes_are_kept_for_the_visit(
    context: BrowserContext, origin: str, lang: str
) -> None:
    page = context.new_page()
    errors = page_errors(page)
    page.add_init_script(FULL)
    page.goto(url(origin, lang, HOLE))
    page.evaluate(f"localStorage.removeItem('{KEEPER_KEY}')")
    page.reload()
    notice = page.locator(".golf-keeper__storage")
    notice.wait_for()  # said at once, before anything typed is lost
    add_from_calculator_and_by_hand(page, lang)
    # What was saved before the storage filled up can still be read, and is shown.
    saved = {"format": 1, "rules": {"preset": "basic", "title": "Basic", "holes": 9, "ties": "shared"},
             "names": ["Ann", "Bo"], "holes": [[1, 2]]}  # fmt: skip
    page.evaluate("([key, value]) => window.__setItemAnyway(key, value)", [KEEPER_KEY, json.dumps(saved)])
    page.reload()
    page.locator(".golf-keeper tbody tr").first.wait_for()
    assert keeper_rows(page) == [[1, 2]]
    assert notice.is_visible() and NOTICE[lang] in notice.inner_text()
    assert ours(errors) == []
    page.close()


# -- two tabs on one keeper --------------------------------------------------------------------------------------------
def two_tabs(context: BrowserContext, origin: str, *, b_hears_storage_events: bool) -> tuple[Page, Page]:
    """Tab B opened first, then tab A, on an empty keeper. Without storage events B learns of A's writes only
    when it next writes: the case of an event still on its way."""
    b = context.new_page()
    if not b_hears_storage_events:
        b.add_init_script("window.addEventListener('storage', (event) => event.stopImmediatePropagation(), true);")
    b.goto(url(origin, "en", "#preset=basic&players=2"))
    b.evaluate("localStorage.clear()")
    b.reload()
    b.wait_for_selector("#golf-keeper-score-1")
    a = context.new_page()
    a.goto(url(origin, "en", "#preset=basic&players=2"))
    a.wait_for_selector("#golf-keeper-score-1")
    return a, b


def test_a_tab_shows_the_holes_another_tab_adds_and_keeps_what_it_was_typing(
    context: BrowserContext, origin: str
) -> None:
    a, b = two_tabs(context, origin, b_hears_storage_events=True)
    b.fill("#golf-keeper-score-1", "7")  # B has begun typing a hole
    for hole in ([1, 2], [3, 4], [5, 6]):
        type_hole(a, hole)
    b.wait_for_function("document.querySelectorAll('.golf-keeper tbody tr').length === 3")
    assert keeper_rows(b) == [[1, 2], [3, 4], [5, 6]]
    assert "another tab or window" in b.inner_text(".golf-keeper__message")
    assert b.input_value("#golf-keeper-score-1") == "7"
    b.fill("#golf-keeper-score-2", "-1")
    b.click(".golf-keeper__entry button[type=submit]")
    a.wait_for_function("document.querySelectorAll('.golf-keeper tbody tr').length === 4")
    a.reload()
    a.locator(".golf-keeper tbody tr").nth(3).wait_for()
    assert keeper_rows(a) == [[1, 2], [3, 4], [5, 6], [7, -1]]  # nothing lost (the review: 2 of 4 remained)
    a.close()
    b.close()


def test_an_older_tab_never_overwrites_a_newer_keeper_it_has_not_heard_of(context: BrowserContext, origin: str) -> None:
    a, b = two_tabs(context, origin, b_hears_storage_events=False)
    type_hole(b, [9, 9])
    a.wait_for_function("document.querySelectorAll('.golf-keeper tbody tr').length === 1")
    for hole in ([1, 2], [3, 4], [5, 6]):
        type_hole(a, hole)
    assert keeper_rows(b) == [[9, 9]]  # B has not heard: it still shows its one hole
    b.click("text=Remove the last hole")  # the last hole B sees is not the last one any more: nothing removed
    message = b.locator(".golf-keeper__message")
    assert "another tab or window" in message.inner_text() and "Nothing was removed" in message.inner_text()
    assert keeper_rows(b) == [[9, 9], [1, 2], [3, 4], [5, 6]]
    type_hole(b, [0, 8])  # B's hole goes after A's, and B says so
    assert keeper_rows(b) == [[9, 9], [1, 2], [3, 4], [5, 6], [0, 8]]
    a.wait_for_function("document.querySelectorAll('.golf-keeper tbody tr').length === 5")  # A heard B's write
    type_hole(a, [2, 2])
    a.reload()
    a.locator(".golf-keeper tbody tr").nth(5).wait_for()
    assert keeper_rows(a) == [[9, 9], [1, 2], [3, 4], [5, 6], [0, 8], [2, 2]]
    a.close()
    b.close()
