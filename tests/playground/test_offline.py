"""The service worker and the engine's loading, in Chromium: offline after one visit, updates, failures.

- a text page precaches the site but fetches no Pyodide byte, and registers the service worker only once it has
  loaded (its install, a few hundred files, does not compete with the page's own start);
- after one visit to the Play page, a reload with the network off starts the engine from the cache and plays;
- a rebuild (new content, new manifest) replaces the old cache;
- a wasm that does not compile or a missing runtime file is reported in the page's language with a Retry that
  works once the file is back.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

from sixcardgolf import load_preset, score_table
from sixcardgolf.deck_check import read_layouts
from support.browser import finish_loading, keep_loading, served
from support.offline import CACHED_FILES, poll, rebuild, wait_for_cached
from support.playground import ENGINE_START_MS, SITE

pytestmark = pytest.mark.service_worker  # every test here but the last tests the site's service worker


def test_a_text_page_precaches_the_site_and_fetches_no_pyodide_byte(context: BrowserContext, origin: str) -> None:
    fetched: list[str] = []
    context.on("request", lambda request: fetched.append(request.url))
    page = context.new_page()
    page.goto(f"{origin}/rules/")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")  # installed: the site is precached
    wait_for_cached(page, "/ja/play/index.html")  # the whole site, both languages, not just this page
    cached = page.evaluate(CACHED_FILES)
    assert any(path.endswith("/playground/data-ja.json") for path in cached)
    assert not [url for url in fetched if "/pyodide/" in url]
    assert not [path for path in cached if "/pyodide/" in path]


@pytest.mark.parametrize("path", ["rules/", "ja/scoring/"])
def test_a_text_page_registers_the_service_worker_once_it_has_loaded(context: BrowserContext, path: str) -> None:
    requests: list[str] = []
    held = keep_loading(context)
    with served(SITE, requests) as origin:
        page = context.new_page()
        page.goto(f"{origin}/{path}", wait_until="domcontentloaded")
        page.wait_for_timeout(1500)  # the page's scripts have long run
        assert held and page.evaluate("document.readyState") != "complete"
        assert "/sw.js" not in requests
        assert page.evaluate("navigator.serviceWorker.getRegistration().then(found => found === undefined)")
        finish_loading(held)
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")  # registered once loaded, and installed
        assert "/sw.js" in requests


def test_play_works_offline_after_one_visit_that_fetched_the_runtime_once(context: BrowserContext) -> None:
    requests: list[str] = []
    with served(SITE, requests) as origin:
        page = context.new_page()
        page.goto(f"{origin}/play/")
        page.wait_for_selector(".golf-engine[data-state=ready]", state="attached", timeout=ENGINE_START_MS)
        wait_for_cached(page, "/pyodide/pyodide.asm.wasm")
        wait_for_cached(page, "/pyodide/sixcardgolf-")
        # copied, then deleted (after the whole site's precache: slow on a loaded machine)
        poll(page, "caches.has('golf-runtime-handover').then(has => !has)", timeout_s=2 * ENGINE_START_MS / 1000)
        # The service worker kept what the engine's worker fetched: the server sent each runtime file once.
        runtime = sorted(path for path in requests if path.startswith("/pyodide/"))
        assert runtime == sorted(set(runtime)), f"fetched twice: {runtime}"
        assert {"/pyodide/pyodide.asm.wasm", "/pyodide/python_stdlib.zip"} <= set(runtime)
        play_offline(context, page, origin)


def play_offline(context: BrowserContext, page: Page, origin: str) -> None:
    context.set_offline(True)
    page.reload()
    page.wait_for_selector(".golf-engine[data-state=ready]", state="attached", timeout=ENGINE_START_MS)
    page.click(".golf-setup button[type=submit]")
    page.wait_for_selector("#golf-match[data-phase=opening]", timeout=ENGINE_START_MS)
    page.keyboard.press("1")
    page.wait_for_function("document.querySelectorAll('.golf-seat--mine .golf-face').length >= 1", timeout=30_000)
    page.goto(f"{origin}/ja/faq/")
    assert "よくある質問" in page.title()


def test_the_calculator_scores_offline_after_one_visit(context: BrowserContext, origin: str) -> None:
    page = context.new_page()
    hole = "#preset=basic&players=2&p1=8H%20KS%202D%20/%208C%20AS%205H&p2=QH%207S%209D%20/%20QC%203S%20KH"
    page.goto(f"{origin}/calculator/{hole}")  # a hole to score: a fresh visit starts empty
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")  # installed
    page.wait_for_selector(".golf-calc-results[data-state=current] [data-total]", timeout=ENGINE_START_MS)
    wait_for_cached(page, "/pyodide/pyodide.asm.wasm")
    wait_for_cached(page, "/pyodide/sixcardgolf-")
    context.set_offline(True)
    page.reload()
    layout = "KD 7C 5D / KS 7H 2S"
    other = page.input_value("#calc-layout-2")
    rules = load_preset("basic")
    table = read_layouts(rules, [layout, other])
    expected = score_table(rules, [list(cards) for cards in table.layouts])[0].total  # the engine on CPython
    page.fill("#calc-layout-1", layout)
    first_total = page.locator(".golf-calc-results[data-state=current] [data-total]").first
    expect(first_total).to_have_attribute("data-total", str(expected), timeout=ENGINE_START_MS)


def test_a_new_build_replaces_the_old_cache(context: BrowserContext, site_copy: tuple[Path, str]) -> None:
    site, origin = site_copy
    page = context.new_page()
    page.goto(f"{origin}/glossary/")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    old_caches = page.evaluate("caches.keys()")
    rebuild(site)
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    # The new build's worker takes over and the old cache is gone.
    poll(page, f"caches.keys().then(keys => keys.length === 1 && keys[0] !== {old_caches[0]!r})")
    poll(
        page, "navigator.serviceWorker.controller !== null && navigator.serviceWorker.controller.state === 'activated'"
    )
    context.set_offline(True)
    page.goto(f"{origin}/faq/")
    assert "(rebuilt)" in page.locator("h1").first.inner_text()


@pytest.mark.parametrize(
    ("lang", "file", "fault", "expected"),
    [
        ("en", "pyodide.asm.wasm", "garbage", "could not compile"),
        ("ja", "python_stdlib.zip", "missing", "「python_stdlib.zip」を読み込めませんでした"),
    ],
)
def test_a_failed_start_says_why_and_retry_recovers(
    browser: Browser, origin: str, lang: str, file: str, fault: str, expected: str
) -> None:
    context = browser.new_context(service_workers="block")  # requests go through the routes below
    try:
        page = context.new_page()

        def broken(route: Route) -> None:
            if fault == "garbage":
                route.fulfill(status=200, body=b"\0asm not really", headers={"Content-Type": "application/wasm"})
            else:
                route.fulfill(status=404, body=b"not here")

        context.route(f"**/pyodide/{file}", broken)
        page.goto(f"{origin}/{'ja/' if lang == 'ja' else ''}play/")
        failed = page.locator(".golf-engine[data-state=failed]")
        failed.wait_for(timeout=ENGINE_START_MS)
        assert expected in failed.inner_text()
        assert failed.get_attribute("role") == "alert"
        context.unroute(f"**/pyodide/{file}")
        failed.locator("button").click()
        page.wait_for_selector(".golf-engine[data-state=ready]", state="attached", timeout=ENGINE_START_MS)
        assert page.locator(".golf-engine").is_hidden()
    finally:
        context.close()
