"""Search finds pages in the language of the page it is typed on (browser-trial A-09): each language has its own
index (docs/hooks/golf_search.py), so English results for "knock" hold no Japanese page and Japanese results for
「ノック」 no English one. Typed key by key into Debian's Chromium once the theme says the index is loaded.

The index is built only once a person reaches for the search (pointer, key or tap), not while the page starts
nor on every page view (overrides/main.html, docs/assets/javascripts/workers/golf-search.js)."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import urlsplit

import playwright.sync_api as playwright_sync
import pytest
from sitebuild import SEARCH_READY as READY

from sixcardgolf.text.glossary import TERMS
from support.browser import NO_SERVICE_WORKER


def _results(browser: playwright_sync.Browser, origin: str, start: str, query: str) -> list[str]:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, **NO_SERVICE_WORKER)
    try:
        page = context.new_page()
        page.goto(f"{origin}/{start}", wait_until="load")
        page.locator("input.md-search__input").click()
        page.wait_for_function(READY)  # the theme shows its placeholder once the search worker has its index
        search = page.locator("input.md-search__input")
        search.press_sequentially(query)
        # Kana are inserted as text, with no key event, and the theme reads the query on a key's release: one key
        # that changes nothing sends it.
        search.press("End")
        page.locator(".md-search-result__item a").first.wait_for()
        return [
            urlsplit(h).path for h in page.locator(".md-search-result__item a").evaluate_all("l => l.map(a => a.href)")
        ]
    finally:
        context.close()


@pytest.mark.parametrize(
    ("start", "query", "japanese"),
    [("", "knock", False), ("rules/", "joker", False), ("ja/", "ノック", True), ("ja/rules/", "ジョーカー", True)],
)
def test_search_returns_pages_of_the_pages_language_only(
    browser: playwright_sync.Browser, origin: str, start: str, query: str, japanese: bool
) -> None:
    found = _results(browser, origin, start, query)
    assert found, f"no result for {query!r}"
    wrong = [path for path in found if path.startswith("/ja/") != japanese]
    assert not wrong, f"{query!r} from /{start} found pages in the other language: {wrong}"


def test_the_glossary_hit_keeps_its_cells_apart(site: Path) -> None:
    """The index keeps only a table's text: each cell must end in a space, or a glossary hit reads as one run-on
    word ("MeaningSix Card Golfシックスカードゴルフ...")."""
    for lang, index in (("en", site / "search"), ("ja", site / "ja" / "search")):
        docs = json.loads((index / "search_index.json").read_text(encoding="utf-8"))["docs"]
        glossary = next(doc["text"] for doc in docs if doc["location"] == "glossary/")
        first, second = ("ja", "en") if lang == "ja" else ("en", "ja")
        for names in TERMS.values():
            assert f"{names[first]} {names[second]} " in glossary, f"{lang}: {names[first]!r} runs into its neighbours"


@pytest.mark.parametrize("how", ["pointer", "key", "tap"])
def test_the_index_is_built_only_once_a_person_reaches_for_the_search(
    browser: playwright_sync.Browser, origin: str, how: str
) -> None:
    """Not by the page's load (the theme asks for the index as it starts): by the pointer over the search field, the
    theme's key for it (s), or a tap on the search button of a phone."""
    phone = how == "tap"
    size = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 900}
    context = browser.new_context(viewport=size, has_touch=phone, is_mobile=phone, **NO_SERVICE_WORKER)
    try:
        page = context.new_page()
        page.goto(f"{origin}/ja/rules/", wait_until="load")
        # Past every timer the build ever had (the page's idle callback at 3 s, the worker's own 5 s): still unbuilt.
        page.wait_for_timeout(5500 if how == "pointer" else 1000)
        assert not page.evaluate(READY), "the index was built with no one reaching for the search"
        if how == "pointer":
            page.locator("input.md-search__input").hover()
        elif how == "key":
            page.keyboard.press("s")
        else:
            page.locator("label[for=__search]").first.tap()
        page.wait_for_function(READY)
    finally:
        context.close()
