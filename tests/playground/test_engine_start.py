"""The engine's start in Chromium: begun from the page's <head>, and later visits restored from a snapshot.

- the engine's worker is requested while the page is still being parsed (overrides/main.html creates it in
  the <head>), once, and the page adopts it;
- the <head> announces every module the page loads and its static data (preload hints from
  playground/mkdocs_hook.py), and the data is fetched once, not twice;
- a first visit stores an interpreter snapshot once the engine is ready; the next visit in the same browser
  starts from it and plays;
- a damaged snapshot is dropped: that visit starts normally, plays, and stores a new one.
"""

from __future__ import annotations

import pytest
from playground_support import ENGINE_START_MS
from playwright.sync_api import BrowserContext, Page

ROOT = "#golf-match"
ENGINE = ".golf-engine"


def open_play(context: BrowserContext, origin: str, lang: str = "en") -> tuple[Page, list[str]]:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{origin}/{'ja/' if lang == 'ja' else ''}play/")
    return page, errors


def snapshot_state(page: Page, *states: str) -> str:
    page.wait_for_selector(f"{ENGINE}[data-snapshot]", state="attached", timeout=ENGINE_START_MS)
    state = page.get_attribute(ENGINE, "data-snapshot") or ""
    assert state in states, f"snapshot {state!r}, expected one of {states}"
    return state


def wait_phase(page: Page, phase: str) -> None:
    page.wait_for_function(
        f"document.querySelector('{ROOT}').dataset.phase === '{phase}'"
        f" && document.querySelector('{ROOT}').dataset.busy !== 'true'",
        timeout=ENGINE_START_MS,
    )


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
    snapshot_state(page, "stored", "none")  # and that worker started the engine
    assert errors == []


def test_a_second_visit_starts_from_the_snapshot_and_plays(context: BrowserContext, origin: str) -> None:
    first, errors = open_play(context, origin)
    snapshot_state(first, "stored")
    first.close()
    page, more = open_play(context, origin, "ja")
    snapshot_state(page, "restored")
    play_a_draw(page)
    assert errors + more == []


def test_a_damaged_snapshot_is_dropped_and_the_engine_starts_normally(context: BrowserContext, origin: str) -> None:
    first, errors = open_play(context, origin)
    snapshot_state(first, "stored")
    damaged = first.evaluate(
        """async () => {
          const cache = await caches.open("golf-interpreter-snapshot");
          const keys = await cache.keys();
          for (const key of keys) await cache.put(key, new Response(new Uint8Array(4096).fill(7)));
          return keys.length;
        }"""
    )
    assert damaged == 1
    first.close()
    page, more = open_play(context, origin)
    snapshot_state(page, "stored")  # not restored: started normally, and a good snapshot replaces the bad one
    play_a_draw(page)
    page.close()
    again, last = open_play(context, origin)
    snapshot_state(again, "restored")
    assert errors + more + last == []
