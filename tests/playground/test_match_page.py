"""The playable match in a real browser: engine in Pyodide, saves in localStorage, undo, pass-and-play.

Serves the site `make build` wrote to site/ (or GOLF_SITE_DIR) and drives Debian's Chromium with
Playwright. What the page shows is checked against what a player may see (RULES.md §4-§5).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from playground_support import ENGINE_START_MS, SAVE_KEY
from playwright.sync_api import Browser, BrowserContext, Page


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    """A fresh profile per test: an empty localStorage."""
    made = browser.new_context(viewport={"width": 1200, "height": 1000})
    yield made
    made.close()


def open_play(context: BrowserContext, origin: str, lang: str = "en") -> tuple[Page, list[str]]:
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(f"script error: {error}"))
    home = urlsplit(origin).netloc
    page.on("request", lambda r: urlsplit(r.url).netloc not in (home, "") and problems.append(f"foreign: {r.url}"))
    page.goto(f"{origin}/{'ja/' if lang == 'ja' else ''}play/")
    page.wait_for_selector(".golf-setup, .golf-error", timeout=ENGINE_START_MS)
    return page, problems


def start_match(page: Page, *, pass_and_play: bool = False, players: int = 2, preset: str = "basic") -> None:
    if pass_and_play:
        page.check("#mode-pass")
    page.select_option("#setup-players", str(players))
    page.select_option("#setup-preset", preset)
    page.click(".golf-setup button[type=submit]")
    page.wait_for_selector(".golf-table, .golf-handover", timeout=ENGINE_START_MS)


def saved(page: Page) -> dict:
    return json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))


def held_card(page: Page) -> str:
    return page.locator(".golf-held .golf-face").inner_text()


def reveal_opening(page: Page) -> None:
    """Turn up positions 1 and 5 with the keyboard, as the opening reveal asks."""
    for key in ("1", "5"):
        before = len(saved(page)["match"]["actions"])
        page.keyboard.press(key)
        page.wait_for_function(
            f"JSON.parse(localStorage.getItem('{SAVE_KEY}')).match.actions.length > {before}", timeout=30_000
        )


def start_and_draw(page: Page) -> str:
    """A new match against the computer, the opening reveal, and a card drawn from the stock (returned)."""
    start_match(page)
    reveal_opening(page)
    page.keyboard.press("d")
    page.wait_for_selector(".golf-held")
    return held_card(page)


def test_keys_are_listed_before_a_match_and_play_reaches_the_computer(context: BrowserContext, origin: str) -> None:
    page, problems = open_play(context, origin)
    assert page.locator(".golf-keys kbd", has_text="D").count() == 1  # listed from the moment the page opens
    start_match(page)
    reveal_opening(page)
    page.keyboard.press("d")
    page.wait_for_selector(".golf-held--selected")
    assert page.locator(".golf-slot--target").count() == 6  # every position is a legal target
    page.keyboard.press("Escape")  # cancels the choice; the card stays drawn
    page.wait_for_selector(".golf-held:not(.golf-held--selected)")
    assert page.locator(".golf-slot--target").count() == 0
    page.click(".golf-held")  # tapping the drawn card selects it again
    page.keyboard.press("2")
    page.wait_for_function("document.querySelector('.golf-status').textContent.includes('Computer 2')", timeout=30_000)
    actions = saved(page)["match"]["actions"]
    assert actions[4:6] == ["draw", "swap 2"]  # after 2 + 2 opening reveals
    assert len(actions) > 6  # the computer has played its turn too
    assert problems == []


def test_reload_resumes_with_the_same_drawn_card_and_languages_share_the_save(
    context: BrowserContext, origin: str
) -> None:
    page, problems = open_play(context, origin)
    card = start_and_draw(page)
    page.close()
    japanese, more_problems = open_play(context, origin, "ja")
    japanese.click(".golf-paused button")  # Settings open first; Continue resumes
    japanese.wait_for_selector(".golf-held")
    assert held_card(japanese) == card
    assert "引いたカード" in japanese.locator(".golf-held").inner_text()
    assert problems == [] and more_problems == []


def test_undo_brings_back_the_same_drawn_card_and_the_next_draw_closes_the_window(
    context: BrowserContext, origin: str
) -> None:
    page, problems = open_play(context, origin)
    card = start_and_draw(page)
    page.keyboard.press("x")  # discard the stock card; the computer then plays
    page.wait_for_selector(".golf-held", state="detached")
    page.wait_for_function("!document.querySelector('.golf-actions button:nth-child(1)').disabled", timeout=30_000)
    page.keyboard.press("u")
    page.wait_for_selector(".golf-held")
    assert held_card(page) == card  # the same card, not a new draw
    page.keyboard.press("x")
    page.wait_for_selector(".golf-held", state="detached")
    page.wait_for_timeout(500)
    page.keyboard.press("d")  # a new draw closes the undo window
    page.wait_for_selector(".golf-held")
    undo = page.get_by_role("button", name="Undo (U)")
    assert undo.is_disabled()
    assert problems == []


def test_pass_and_play_hides_the_table_until_the_handover_is_confirmed(context: BrowserContext, origin: str) -> None:
    page, problems = open_play(context, origin)
    start_match(page, pass_and_play=True)
    page.wait_for_selector(".golf-handover")
    assert page.locator(".golf-table").count() == 0
    page.keyboard.press("Enter")
    page.wait_for_selector(".golf-table")
    reveal_opening(page)  # player 1's opening: then player 2 must take the device
    page.wait_for_selector(".golf-handover")
    assert "Player 2" in page.locator(".golf-handover h2").inner_text()
    assert page.locator(".golf-face").count() == 0  # no card of anyone shows during the handover
    page.keyboard.press("Enter")
    page.wait_for_selector(".golf-table")
    assert page.locator(".golf-seat--mine .golf-plate").inner_text().startswith("Player 2")
    assert problems == []


@pytest.mark.parametrize(("lang", "expected"), [("en", "could not be restored"), ("ja", "復元できませんでした")])
def test_a_damaged_save_is_reported_and_left_untouched(
    context: BrowserContext, origin: str, lang: str, expected: str
) -> None:
    damaged = '{"format": "sixcardgolf-playground", "version": 1, "seats": ["human"], "match": {"actions": ['
    page, problems = open_play(context, origin, lang)
    page.evaluate(f"localStorage.setItem('{SAVE_KEY}', {json.dumps(damaged)})")
    page.reload()
    page.wait_for_selector(".golf-error", timeout=ENGINE_START_MS)
    assert expected in page.locator(".golf-error").inner_text()
    assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") == damaged
    assert page.locator(".golf-setup").count() == 1  # a new match can still be started
    assert problems == []
