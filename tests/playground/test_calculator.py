"""The scoring calculator in a real browser: the engine running in Pyodide in a Web Worker.

Serves the site that `make build` wrote to site/ on 127.0.0.1 and drives Debian's Chromium with
Playwright. The expected scores come from the seeds' worked example and from the engine on CPython,
so these tests also prove that the browser runs the same engine.
"""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from playground_support import ENGINE_START_MS
from playwright.sync_api import Browser, Page

from sixcardgolf import load_preset, parse_layout, score_table


class OpenCalculator:
    """One calculator page per language, kept open across tests (Pyodide starts once per page)."""

    def __init__(self, page: Page, requests: list[str], errors: list[str]) -> None:
        self.page, self.requests, self.errors = page, requests, errors


@pytest.fixture(scope="module")
def calculators(browser: Browser, origin: str) -> Iterator[dict[str, OpenCalculator]]:
    opened: dict[str, OpenCalculator] = {}
    for lang in ("en", "ja"):
        page = browser.new_page()
        requests: list[str] = []
        errors: list[str] = []
        page.on("request", lambda request, seen=requests: seen.append(request.url))
        page.on("pageerror", lambda error, seen=errors: seen.append(str(error)))
        page.goto(f"{origin}/{'ja/' if lang == 'ja' else ''}calculator/")
        page.wait_for_selector(".golf-calc-table", timeout=ENGINE_START_MS)
        opened[lang] = OpenCalculator(page, requests, errors)
    yield opened
    for calculator in opened.values():
        calculator.page.close()


def _player_total(page: Page, player: int) -> int:
    cell = page.locator(".golf-calc-table").nth(player - 1).locator("[data-total]")
    return int(cell.get_attribute("data-total") or "")


def test_worked_example_scores_four_and_nothing_comes_from_another_host(
    calculators: dict[str, OpenCalculator], origin: str
) -> None:
    calculator = calculators["en"]
    page = calculator.page
    page.select_option("#calc-preset", "basic")
    page.fill("#calc-layout-1", "8H KS 2D / 8C AS 5H")  # the seeds' worked example: 0 + 1 + 3
    page.fill("#calc-layout-2", "QH 7S 9D / QC 3S KH")
    page.click("button[type=submit]")
    page.wait_for_function("document.querySelector('[data-total]').dataset.total === '4'")
    assert _player_total(page, 1) == 4
    assert page.locator(".golf-cancelled").count() == 2  # the 8s of player 1, the queens of player 2
    home = urlsplit(origin).netloc
    for lang in ("en", "ja"):
        assert [url for url in calculators[lang].requests if urlsplit(url).netloc not in (home, "")] == []
    assert calculator.errors == []


@pytest.mark.parametrize(
    ("preset", "layouts", "went_out"),
    [
        ("jokers", ["JK JK 2D / 7C 2S QH", "KH KS 9D / 3C 3S 10H"], None),
        ("house-party", ["JH JS 5D / JC JD 5H", "9H 9S 3D / 2C AS 10H"], 2),
        ("nine-card", ["8H 5S 2D / 8C 3S 4H / 8D 6S 7H", "KH QS JD / 2C 3D 4C / 5C 6D 7C"], 1),
    ],
)
def test_browser_totals_equal_the_engine_on_cpython(
    calculators: dict[str, OpenCalculator], preset: str, layouts: list[str], went_out: int | None
) -> None:
    rules = load_preset(preset)
    expected = score_table(
        rules,
        [parse_layout(text, rules.rows, rules.cols) for text in layouts],
        (went_out or 0) - 1 if went_out else None,
    )
    page = calculators["en"].page
    page.select_option("#calc-preset", preset)
    page.wait_for_function(f"document.querySelector('#calc-layout-1').value.split('/').length === {rules.rows}")
    for index, text in enumerate(layouts, start=1):
        page.fill(f"#calc-layout-{index}", text)
    if went_out:
        page.select_option("#calc-went-out", str(went_out))
    page.click("button[type=submit]")
    want = [str(result.total) for result in expected]
    page.wait_for_function(
        "want => [...document.querySelectorAll('[data-total]')].map(c => c.dataset.total).join() === want.join()",
        arg=want,
    )
    adjustments = page.locator(".golf-adjustment").count()
    assert adjustments == sum(len(result.adjustments) for result in expected)
    assert calculators["en"].errors == []


@pytest.mark.parametrize(("lang", "expected"), [("en", "'KX' is not a card"), ("ja", "「KX」はカードとして読めません")])
def test_a_bad_card_gets_a_clear_error_in_the_page_language(
    calculators: dict[str, OpenCalculator], lang: str, expected: str
) -> None:
    page = calculators[lang].page
    page.select_option("#calc-preset", "basic")
    page.fill("#calc-layout-1", "8H KX 2D / 8C AS 5H")
    page.click("button[type=submit]")
    alert = page.locator(".golf-error[role=alert]")
    alert.filter(has_text=expected).wait_for()
    assert page.locator(".golf-calc-table").count() == 0  # no stale result beside the error
    assert calculators[lang].errors == []
