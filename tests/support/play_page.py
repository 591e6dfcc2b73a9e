"""The Play page's hooks for browser tests (playground/README.md): open the page, wait for a phase of
#golf-match[data-phase], start a match from the form, read its save, and a card's name as the page writes it."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import BrowserContext, Page

from support.playground import ENGINE_START_MS, SAVE_KEY

ROOT = "#golf-match"
SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


# The page's own "Show the computers' moves at once" choice, made for the tab before its scripts run unless the
# browser already holds a choice: the computers' replies then end their showing at once instead of 420 ms a move,
# which was most of the Play page tests' time. tests/playground/test_play_motion.py opens its pages without it
# and checks the showing one move at a time, and the choice itself.
MOVES_AT_ONCE = """try {
  if (localStorage.getItem("sixcardgolf.playground.showing") === null)
    localStorage.setItem("sixcardgolf.playground.showing", "at-once");
} catch (refused) {}"""


def open_play(
    context: BrowserContext, origin: str, lang: str = "en", fragment: str = "", moves_at_once: bool = True
) -> tuple[Page, list[str]]:
    """The Play page in a new tab of `context`; the list fills with its script errors and every request to
    another host (the page must need nothing but its own site). With `moves_at_once` (MOVES_AT_ONCE) the
    computers' replies are not shown move by move."""
    page = context.new_page()
    if moves_at_once:
        page.add_init_script(MOVES_AT_ONCE)
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(f"script error: {error}"))
    home = urlsplit(origin).netloc
    page.on("request", lambda r: urlsplit(r.url).netloc not in (home, "") and problems.append(f"foreign: {r.url}"))
    page.goto(f"{origin}/{'ja/' if lang == 'ja' else ''}play/{fragment}")
    return page, problems


def phase(page: Page) -> str:
    return page.get_attribute(ROOT, "data-phase") or ""


def wait_phase(page: Page, *phases: str, timeout: int = ENGINE_START_MS, landed: bool = False) -> None:
    """The page shows one of `phases` and the engine has answered; with `landed`, also every move is shown and
    every card has arrived (no replay of the computers' moves, no card in flight)."""
    condition = (
        f"{json.dumps(list(phases))}.includes(document.querySelector('{ROOT}').dataset.phase)"
        f" && document.querySelector('{ROOT}').dataset.busy !== 'true'"
    )
    if landed:
        condition += (
            f" && !document.querySelector('{ROOT}').dataset.replay && !document.querySelector('.golf-travel__card')"
        )
    # Every 100 ms rather than every animation frame: measured, 5% less processor for the Play page's tests (a
    # frame-by-frame check keeps the page drawing frames while it waits), at most 100 ms later to notice.
    page.wait_for_function(condition, timeout=timeout, polling=100)


def saved(page: Page) -> dict[str, Any]:
    """The page's save, as it keeps it in localStorage."""
    return json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))  # type: ignore[no-any-return]


def start(page: Page, *, players: int = 2, preset: str = "basic", mode: str = "computer", holes: int = 1) -> None:
    """Fill in the setup form and start the match."""
    page.wait_for_selector(".golf-setup")
    page.check(f"#mode-{mode}")
    page.select_option("#setup-players", str(players))
    page.select_option("#setup-preset", preset)
    page.select_option("#setup-holes", str(holes))
    page.click(".golf-setup button[type=submit]")


def open_hole(page: Page, positions: tuple[int, ...] = (1, 5)) -> None:
    """Turn up the opening cards by their keys, then wait for the first draw (or the handover screen)."""
    wait_phase(page, "opening", "handover")
    for position in positions:
        page.keyboard.press(str(position))
    wait_phase(page, "draw", "handover")


def card_name(card: str, lang: str = "en") -> str:
    """dom.js's cardName: rank then suit symbol ("7♠") in both languages; the joker spelt out."""
    if card == "JK":
        return "ジョーカー" if lang == "ja" else "joker"
    return f"{card[:-1]}{SUITS[card[-1]]}"


def settled(page: Page, *phases: str) -> None:
    """wait_phase with every move shown and every card landed."""
    wait_phase(page, *phases, landed=True)


def finish_match(page: Page) -> None:
    """Play to the end of the match: the first legal place every time."""
    for _ in range(400):
        wait_phase(page, "opening", "draw", "holding", "flip", "hole-over", "match-over")
        now = phase(page)
        if now == "match-over":
            return
        if now == "hole-over":
            page.keyboard.press("Enter")
        elif now == "draw":
            page.click("[data-pile=stock]")
        else:
            page.locator(".golf-slot--target").first.click()
    raise AssertionError("the match did not end")


def put_save(page: Page, save: str) -> None:
    """Keep `save` where the Play page keeps its save, then reload: the page resumes from it."""
    page.evaluate("([key, save]) => localStorage.setItem(key, save)", [SAVE_KEY, save])
    page.reload()


def resume(context: BrowserContext, origin: str, save: str, lang: str = "en") -> tuple[Page, list[str]]:
    """The Play page opened (open_play) and resumed from `save`."""
    page, problems = open_play(context, origin, lang)
    put_save(page, save)
    return page, problems
