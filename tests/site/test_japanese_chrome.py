"""The site's own words on Japanese pages (issue 16 §5): heading anchors with a Japanese title, a 404 page per
language in its language, and Japanese search that finds the glossary's terms and the option names, typed into
the search box of Debian's Chromium."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

import playwright.sync_api as playwright_sync
import pytest
from htmltree import find_all, parse, text
from sitebuild import LANGS, PAGES, SEARCH_READY, SEARCH_READY_MS, page_path

from sixcardgolf.option_text import option_label
from sixcardgolf.text.glossary import TERMS
from support.browser import NO_SERVICE_WORKER

ANCHOR_TITLE = {"en": "Permanent link", "ja": "この見出しへのリンク"}
NOT_FOUND = {"en": "Page not found", "ja": "ページが見つかりません"}
SEARCH_NAME = {"en": "Search", "ja": "検索"}


@pytest.mark.parametrize("lang", LANGS)
def test_heading_anchors_are_titled_in_the_pages_language(site: Path, lang: str) -> None:
    anchors = 0
    for page in PAGES:
        for link in find_all(parse(page_path(site, lang, page)), "a", **{"class": "headerlink"}):
            assert link.get("title") == ANCHOR_TITLE[lang], (lang, page, link.get("title"))
            anchors += 1
    assert anchors > 50, f"only {anchors} heading anchors found in {lang}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_search_dialog_is_named_in_the_pages_language(site: Path, lang: str) -> None:
    """The theme's search dialog has role="dialog" and no name; overrides/partials/search.html gives it one."""
    for page in PAGES:
        [dialog] = find_all(parse(page_path(site, lang, page)), "div", **{"class": "md-search"})
        assert dialog.get("role") == "dialog" and dialog.get("aria-label") == SEARCH_NAME[lang], (lang, page)


@pytest.mark.parametrize("lang", LANGS)
def test_each_language_has_its_own_404_page(site: Path, lang: str) -> None:
    path = site / ("404.html" if lang == "en" else "ja/404.html")
    root = parse(path)
    assert find_all(root, "html")[0].get("lang") == lang
    assert text(find_all(root, "h1")[0]).strip() == NOT_FOUND[lang]
    switcher = {link.get("hreflang"): link.get("href") for link in find_all(root, "a", **{"class": "md-select__link"})}
    assert switcher == {"en": "/", "ja": "/ja/"}


def test_the_japanese_404_page_reads_in_japanese_in_a_browser(browser: playwright_sync.Browser, origin: str) -> None:
    context = browser.new_context(**NO_SERVICE_WORKER)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(f"{origin}/ja/404.html", wait_until="load")
        assert page.locator("h1").inner_text() == NOT_FOUND["ja"]
        assert page.evaluate("document.documentElement.lang") == "ja"
        assert "Not found" not in page.locator("main").inner_text()
        assert not errors
    finally:
        context.close()


# Named by the issue, then every glossary term and the labels of the options a Custom panel shows.
QUERIES = ["早ノック", "ノック成功", "4枚ゴルフ"] + [names["ja"] for names in TERMS.values()]
QUERIES += [option_label(key, "ja") for key in ("early_knock", "knock_reward_zero", "flip_as_action", "tied_shame")]


def test_japanese_search_finds_terms_and_option_names(browser: playwright_sync.Browser, origin: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, **NO_SERVICE_WORKER)
    page = context.new_page()

    def search_for(text: str) -> None:
        # The theme reads the box on a key going up (or the worker getting ready), not on input: `fill` alone is
        # seen only by the first query, so a key (End, which moves nothing) follows every text put in.
        search.fill(text)
        search.press("End")

    try:
        page.goto(f"{origin}/ja/", wait_until="load")
        search = page.locator("input.md-search__input")
        results = page.locator(".md-search-result__item a")
        search.click()
        page.wait_for_function(SEARCH_READY, timeout=SEARCH_READY_MS)
        missing = []
        for query in dict.fromkeys(QUERIES):
            search_for("")
            results.first.wait_for(state="detached", timeout=8000)  # the previous query's results are gone
            search_for(query)
            try:
                results.first.wait_for(timeout=8000)
            except playwright_sync.TimeoutError:
                missing.append(f"{query}: {page.locator('.md-search-result__meta').inner_text()!r}")
                continue
            hrefs = [urlsplit(h).path for h in results.evaluate_all("links => links.map(a => a.href)")]
            if not any(h.startswith("/ja/") for h in hrefs):
                missing.append(f"{query}: only {hrefs[:3]}")
        assert not missing, "Japanese search found nothing for:\n" + "\n".join(missing)
    finally:
        context.close()


# The last three characters of every paragraph and list item that ends a sentence: on one line, or the paragraph
# ends on a line of 「す。」 alone. Answers the texts whose last three characters sit on two lines.
SPLIT_ENDINGS = """(selector) => [...document.querySelectorAll(selector)].flatMap(element => {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  let last = null;
  while (walker.nextNode()) if (walker.currentNode.textContent.trim()) last = walker.currentNode;
  const words = last ? last.textContent.replace(/\\s+$/, "") : "";
  if (words.length < 3 || !/[。、]$/.test(words)) return [];
  const range = document.createRange();
  range.setStart(last, words.length - 3);
  range.setEnd(last, words.length);
  const tops = new Set([...range.getClientRects()].map(rect => Math.round(rect.top)));
  return tops.size > 1 ? [words.slice(-16)] : [];
})"""


@pytest.mark.parametrize("width", [390, 1366])
def test_japanese_paragraphs_never_end_on_a_line_of_two_characters(
    browser: playwright_sync.Browser, origin: str, width: int
) -> None:
    """text-wrap: pretty on Japanese paragraphs (docs/stylesheets/golf.css): no last line of 「す。」 alone, on a
    phone and on a laptop. Without it the FAQ alone ends several paragraphs so at 390 px."""
    context = browser.new_context(viewport={"width": width, "height": 844}, **NO_SERVICE_WORKER)
    page = context.new_page()
    found: list[str] = []
    try:
        for path in PAGES:
            page.goto(f"{origin}/ja/{path}", wait_until="load")
            found += [
                f"{path}: …{ending}" for ending in page.evaluate(SPLIT_ENDINGS, "article p, article li, article dd")
            ]
    finally:
        context.close()
    assert not found, found
