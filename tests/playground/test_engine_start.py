"""The engine's start in Chromium: begun from the page's <head>, and restored from the build's snapshot.

- the engine's worker is requested while the page is still being parsed (overrides/main.html creates it in
  the <head>), once, and the page adopts it;
- the <head> announces every module the page loads and its static data (preload hints from
  playground/mkdocs_hook.py), and the data is fetched once, not twice;
- the worker fetches the runtime and starts Python (the wasm compiled, the snapshot unpacked) only once the page
  has loaded and its main thread is idle, not beside the page's own first tasks;
- every visit, the first included, restores the interpreter snapshot the build made in Node
  (tools/make-snapshot.mjs) and plays, in both languages;
- a snapshot that is missing, is not gzip, or is not this runtime's, is passed over: the engine starts normally
  and plays.
"""

from __future__ import annotations

import gzip

import pytest
from playwright.sync_api import BrowserContext, Page, Route

from support.browser import finish_loading, keep_loading, served
from support.play_page import open_play, wait_phase
from support.playground import ENGINE_START_MS, SITE

ENGINE = ".golf-engine"


def snapshot_state(page: Page, *states: str) -> str:
    page.wait_for_selector(f"{ENGINE}[data-snapshot]", state="attached", timeout=ENGINE_START_MS)
    state = page.get_attribute(ENGINE, "data-snapshot") or ""
    assert state in states, f"snapshot {state!r}, expected one of {states}"
    return state


def play_a_draw(page: Page) -> None:
    """A new two-player Basic hole: the two opening cards, then a draw from the stock the engine answers."""
    page.wait_for_selector(".golf-setup")
    page.click(".golf-setup button[type=submit]")
    page.keyboard.press("1")
    page.keyboard.press("5")
    wait_phase(page, "draw")
    assert page.locator(".golf-seat--mine [data-pos='1'] .golf-face").count() == 1  # turned up by the engine
    page.click("[data-pile=stock]")
    wait_phase(page, "holding")


@pytest.mark.parametrize("path", ["play/", "ja/play/", "calculator/", "ja/calculator/"])
def test_the_head_preloads_every_module_the_page_loads_and_its_data_once(
    context: BrowserContext, origin: str, path: str
) -> None:
    page = context.new_page()
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url))
    page.goto(f"{origin}/{path}")
    page.wait_for_selector(".golf-setup, .golf-calc-players", state="attached")
    page.wait_for_load_state("load")
    preloaded = page.eval_on_selector_all(
        "head link[rel=modulepreload], head link[rel=preload][as=fetch]", "links => links.map(link => link.href)"
    )
    modules = {url for url in fetched if "/playground/" in url and url.endswith(".js") and "worker.js" not in url}
    assert modules, "the page loaded no playground module"
    assert modules <= set(preloaded), f"loaded without a preload hint: {sorted(modules - set(preloaded))}"
    lang = "ja" if path.startswith("ja/") else "en"
    data = [url for url in fetched if url.endswith(f"/playground/data-{lang}.json")]
    assert data and data[0] in preloaded
    assert len(data) == 1, "the static data was fetched twice: the preload hint did not match the page's fetch"


def test_the_engine_worker_starts_from_the_head_before_the_page_is_parsed(context: BrowserContext, origin: str) -> None:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    # Note when each engine worker is created, in ms from navigation start.
    page.add_init_script(
        """window.__engineWorkers = [];
        const Original = window.Worker;
        window.Worker = function (url, options) {
          if (String(url).includes("playground/worker.js")) window.__engineWorkers.push(performance.now());
          return new Original(url, options);
        };"""
    )
    page.goto(f"{origin}/play/")
    page.wait_for_selector(".golf-setup")
    created = page.evaluate("window.__engineWorkers")
    parsed = page.evaluate('performance.getEntriesByType("navigation")[0].domInteractive')
    assert len(created) == 1, created  # one worker: the page adopted the one its <head> made
    assert created[0] < parsed, (created, parsed)
    snapshot_state(page, "restored")  # and that worker started the engine
    assert errors == []


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_engine_fetches_and_starts_the_runtime_once_the_page_has_loaded(context: BrowserContext, lang: str) -> None:
    requests: list[str] = []
    held = keep_loading(context)
    with served(SITE, requests) as origin:
        page = context.new_page()
        page.goto(f"{origin}/{'ja/' if lang == 'ja' else ''}play/", wait_until="domcontentloaded")
        page.wait_for_selector(".golf-setup")  # the page's own scripts have run and drawn the form
        page.wait_for_timeout(1500)
        assert held and page.evaluate("document.readyState") != "complete"
        assert "/playground/worker.js" in requests  # the worker exists (the <head> made it)
        assert not [path for path in requests if path.startswith("/pyodide/")], (
            "the runtime was fetched while the page loaded"
        )
        released_at = len(requests)
        finish_loading(held)
        snapshot_state(page, "restored")  # then the engine starts, from the build's snapshot
        fetched = [path for path in requests[released_at:] if path.startswith("/pyodide/")]
        assert {"/pyodide/pyodide.mjs", "/pyodide/pyodide.asm.wasm", "/pyodide/python_stdlib.zip"} <= set(fetched)
        assert len(fetched) == len(set(fetched)), f"a runtime file was fetched twice: {fetched}"


@pytest.mark.service_worker
def test_a_first_and_a_second_visit_restore_the_build_snapshot_and_play(context: BrowserContext, origin: str) -> None:
    first, errors = open_play(context, origin)
    snapshot_state(first, "restored")
    play_a_draw(first)
    first.close()
    page, more = open_play(context, origin, "ja")
    snapshot_state(page, "restored")
    wait_phase(page, "holding")  # the engine resumed the saved match: the card drawn is still in hand
    assert page.locator(".golf-seat--mine [data-pos='1'] .golf-face").count() == 1
    assert errors + more == []


# What the snapshot's URL answers instead: nothing, bytes that are not gzip, a gzip of what is not a snapshot.
DAMAGE = {
    "missing": {"status": 404, "body": b"not here"},
    "not gzip": {"status": 200, "body": bytes(range(256)) * 64},
    "not a snapshot": {"status": 200, "body": gzip.compress(b"\x07" * 65536)},
}


@pytest.mark.parametrize("damage", DAMAGE)
def test_an_unusable_snapshot_is_passed_over_and_the_engine_starts_normally(
    context: BrowserContext, origin: str, damage: str
) -> None:
    answered: list[str] = []

    def answer(route: Route) -> None:
        answered.append(route.request.url)
        route.fulfill(content_type="application/octet-stream", **DAMAGE[damage])

    context.route("**/pyodide/interpreter-*.snapshot", answer)
    page, errors = open_play(context, origin)
    snapshot_state(page, "none")
    play_a_draw(page)
    assert page.get_attribute(ENGINE, "data-state") != "failed"
    assert answered, "the worker never asked for the snapshot"
    assert errors == []
