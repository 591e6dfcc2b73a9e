"""Every page in a real browser (Debian's Chromium through Playwright), served from 127.0.0.1.

Checks: no serious or critical accessibility violation found by axe-core in either colour scheme, no request
to another origin, no script error, a working language switcher and search that finds Japanese words.
"""

from __future__ import annotations

import contextlib
from urllib.parse import urlsplit

import playwright.sync_api as playwright_sync
import pytest
from sitebuild import LANGS, PAGES, REPO, SEARCH_READY, SEARCH_READY_MS

from support.browser import NO_SERVICE_WORKER
from support.matrix import pairwise

AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"


@pytest.fixture(scope="module", autouse=True)
def _axe_is_installed() -> None:
    assert AXE.exists(), f"{AXE} is missing: run `npm ci`"


def _open(browser, origin: str, path: str, scheme: str = "light"):
    """A fresh page at `path` that records every request and script error."""
    context = browser.new_context(color_scheme=scheme, viewport={"width": 1280, "height": 900}, **NO_SERVICE_WORKER)
    page = context.new_page()
    requests: list[str] = []
    errors: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{origin}/{path}", wait_until="load")
    return context, page, requests, errors


def _foreign(requests: list[str], origin: str) -> list[str]:
    home = urlsplit(origin)
    return [
        url
        for url in requests
        if urlsplit(url).scheme not in ("data", "blob") and urlsplit(url)[:2] != (home.scheme, home.netloc)
    ]


# axe in both schemes on every kind of page; the game pages share one template, so three of them stand for all
# (test_every_page_loads_cleanly below opens every page). The dark scheme is the same page with other colours (the
# theme's slate palette sets colour variables only), so in it axe runs its rules about colour; every rule runs in
# the light scheme.
SAMPLE_GAMES = ("games/", "games/four-card/", "games/nine-card/", "games/house-party/")
AXE_PAGES = (*(p for p in PAGES if not p.startswith("games/")), *SAMPLE_GAMES)
AXE_OPTIONS = {
    "light": {"resultTypes": ["violations"]},
    "dark": {
        "resultTypes": ["violations"],
        "runOnly": {"type": "rule", "values": ["color-contrast", "link-in-text-block"]},
    },
}


# Each page in both languages and both schemes by default (two of its four runs, every pair of values held:
# support.matrix); all four in `make test-slow`.
@pytest.mark.parametrize(("page_url", "lang", "scheme"), pairwise(AXE_PAGES, LANGS, ["light", "dark"]))
def test_page_is_accessible_and_self_contained(browser, origin: str, page_url: str, lang: str, scheme: str) -> None:
    path = page_url if lang == "en" else f"ja/{page_url}"
    context, page, requests, errors = _open(browser, origin, path, scheme)
    try:
        assert page.evaluate("document.documentElement.lang") == lang
        expected_scheme = "slate" if scheme == "dark" else "default"
        assert page.evaluate("document.body.getAttribute('data-md-color-scheme')") == expected_scheme
        page.add_script_tag(path=str(AXE))
        results = page.evaluate("async (options) => await axe.run(document, options)", AXE_OPTIONS[scheme])
        bad = [
            f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
            for v in results["violations"]
            if v["impact"] in ("serious", "critical")
        ]
        assert not bad, f"{path} [{scheme}]:\n" + "\n".join(bad)
        assert not _foreign(requests, origin), f"{path} asked another host for {_foreign(requests, origin)}"
        assert not errors, f"{path}: script errors {errors}"
    finally:
        context.close()


def test_language_switcher_keeps_the_page(browser, origin: str) -> None:
    """The switcher opens the same page in the other language: its URL, <html lang>, its title and heading."""
    context, page, _, _ = _open(browser, origin, "variants/")
    try:
        english = (page.title(), page.locator("article h1").first.inner_text())
        page.locator(".md-select__link[hreflang='ja']").first.evaluate("link => link.click()")
        page.wait_for_url(f"{origin}/ja/variants/")
        assert page.evaluate("document.documentElement.lang") == "ja"
        japanese = (page.title(), page.locator("article h1").first.inner_text())
        assert all(not words.isascii() for words in japanese), japanese  # Japanese words, not the English page
        page.locator(".md-select__link[hreflang='en']").first.evaluate("link => link.click()")
        page.wait_for_url(f"{origin}/variants/")
        assert page.evaluate("document.documentElement.lang") == "en"
        assert (page.title(), page.locator("article h1").first.inner_text()) == english
        assert all(words.replace("¶", "").isascii() for words in english), english
    finally:
        context.close()


# Searched from other pages than the Japanese home page, and a word that is not a glossary term: every glossary
# term is searched from /ja/ by test_japanese_chrome.py::test_japanese_search_finds_terms_and_option_names.
@pytest.mark.parametrize(
    ("start", "query", "expect_prefix"),
    [
        ("ja/rules/", "ジョーカー", "/ja/"),
        ("ja/faq/", "捨て札", "/ja/"),
        ("ja/", "めくる", "/ja/"),
        ("rules/", "discard", "/"),
    ],
)
def test_search_finds_words_in_each_language(browser, origin: str, start: str, query: str, expect_prefix: str) -> None:
    context, page, requests, _ = _open(browser, origin, start)
    try:
        search = page.locator("input.md-search__input")
        results = page.locator(".md-search-result__item a")
        search.click()
        page.wait_for_function(SEARCH_READY, timeout=SEARCH_READY_MS)
        search.fill(query)
        search.press("End")  # the theme reads the box on a key going up, not on input
        with contextlib.suppress(playwright_sync.TimeoutError):  # the assertions below name what the search showed
            results.first.wait_for(timeout=8000)
        meta = page.locator(".md-search-result__meta").inner_text()
        hrefs = [urlsplit(h).path for h in results.evaluate_all("links => links.map(a => a.href)")]
        assert hrefs, f"no result for {query!r} ({meta!r})"
        matching = [
            h for h in hrefs if h.startswith(expect_prefix) and (expect_prefix != "/" or not h.startswith("/ja/"))
        ]
        assert matching, f"{query!r} found only {hrefs}"
        assert not _foreign(requests, origin)
    finally:
        context.close()


def test_every_page_loads_cleanly_with_valid_language_alternates(browser, origin: str) -> None:
    """Every page in both languages: no console error, no failed request (the theme once asked for a sitemap.xml
    beside every page), and any hreflang link in the head is an absolute URL in a known language. One context with
    the service worker on, as a visitor has it: once it has installed, it answers the pages that follow."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, **NO_SERVICE_WORKER
    )
    problems: list[str] = []
    try:
        page = context.new_page()
        current = {"path": ""}
        page.on(
            "console",
            lambda message: (
                problems.append(f"{current['path']}: console {message.type}: {message.text}")
                if message.type == "error"
                else None
            ),
        )
        page.on("pageerror", lambda error: problems.append(f"{current['path']}: script error {error}"))
        page.on(
            "response",
            lambda response: (
                problems.append(f"{current['path']}: {response.status} for {response.url}")
                if response.status >= 400
                else None
            ),
        )
        for lang in LANGS:
            for page_url in PAGES:
                current["path"] = page_url if lang == "en" else f"ja/{page_url}"
                page.goto(f"{origin}/{current['path']}", wait_until="load")
                page.wait_for_timeout(150)  # the theme's scripts run after load
                alternates = page.evaluate(
                    "[...document.head.querySelectorAll('link[hreflang]')]"
                    ".map(l => [l.getAttribute('href'), l.getAttribute('hreflang')])"
                )
                for href, hreflang in alternates:
                    if not (urlsplit(href).scheme in ("http", "https") and hreflang in (*LANGS, "x-default")):
                        problems.append(f"{current['path']}: invalid hreflang link {hreflang}={href}")
    finally:
        context.close()
    assert not problems, "\n".join(problems)
