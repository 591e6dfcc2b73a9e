"""The Play page in Chromium: the built site, the engine in Pyodide, saves in localStorage.

Driven through the stable hooks documented in playground/README.md: #golf-match[data-phase][data-seat],
[data-pos="N"] buttons and [data-pile]. What the page shows is checked against what a player may see.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route

from support.browser import NO_SERVICE_WORKER
from support.door import result
from support.play_page import ROOT, finish_match, open_hole, open_play, phase, put_save, saved, start, wait_phase
from support.playground import ENGINE_START_MS, REPO, SAVE_KEY
from support.saves import page_save, played

AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"


def release(page: Page, held: list[Route]) -> None:
    """Let the held-back requests go on, once the engine's worker has made them."""
    for _ in range(200):
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the engine's worker never asked for its runtime"
    for route in held:
        route.continue_()


def test_form_and_keys_first_then_opening_choices_while_the_engine_loads(context: BrowserContext, origin: str) -> None:
    held: list[Route] = []  # the runtime's wasm, held back until the opening choices are made
    context.route("**/pyodide/pyodide.asm.wasm", lambda route: held.append(route))
    page, problems = open_play(context, origin, moves_at_once=False)  # the log says each move as it is shown
    page.wait_for_selector(".golf-setup")
    assert page.locator(".golf-keys kbd", has_text="D").count() == 1  # listed from the moment the page opens
    # A first game: two players, Basic, one hole (seed 000).
    assert page.input_value("#setup-players") == "2" and page.input_value("#setup-holes") == "1"
    assert page.input_value("#setup-preset") == "basic"
    page.click(".golf-setup button[type=submit]")
    page.wait_for_selector(f"{ROOT}[data-phase=opening] [data-pos='3']")
    page.keyboard.press("3")
    page.keyboard.press("4")  # both accepted at once, applied when the engine is ready
    assert page.get_attribute(".golf-engine", "data-state") == "loading"
    release(page, held)
    wait_phase(page, "draw")
    assert saved(page)["match"]["actions"][:2] == ["flip 3", "flip 4"]
    assert page.inner_text(".golf-log").startswith("Computer 2")  # the computer's opening, sent with the deal
    assert page.get_attribute(ROOT, "data-seat") == "0"
    # Game keys never reach the theme: P does not change page, S does not open the search.
    page.keyboard.press("p")
    wait_phase(page, "holding")
    assert urlsplit(page.url).path == "/play/"
    page.keyboard.press("Escape")  # lets go of the drawn card; Enter takes it back
    assert "Enter" in page.locator(".golf-prompt").inner_text()
    page.keyboard.press("Enter")
    page.focus("[data-pos='2']")  # a keyboard user on position 2 places the card there with Enter
    page.keyboard.press("Enter")
    wait_phase(page, "draw")
    assert page.evaluate("document.activeElement.dataset.pos") == "2"  # and the focus is still there
    page.keyboard.press("s")
    assert page.evaluate("document.activeElement.matches('input.md-search__input')") is False
    actions = saved(page)["match"]["actions"]
    assert actions[4:6] == ["take", "swap 2"] and len(actions) > 6  # the computer has played too
    # The one-line log shows each move in turn, the player's first, then the computer's.
    page.wait_for_function("document.querySelector('.golf-log').textContent.startsWith('Computer 2')")
    assert problems == []


def test_a_match_dealt_while_the_engine_loads_shows_every_seat_face_down(context: BrowserContext, origin: str) -> None:
    held: list[Route] = []  # the runtime's wasm, held back until the table has been looked at
    context.route("**/pyodide/pyodide.asm.wasm", lambda route: held.append(route))
    page, problems = open_play(context, origin)
    start(page, players=3)
    page.wait_for_selector(f"{ROOT}[data-phase=opening] .golf-seat--mine [data-pos='6']")
    assert page.get_attribute(".golf-engine", "data-state") == "loading"
    names = page.locator(".golf-opponents .golf-seat__name").all_inner_texts()
    assert len(names) == 2 and page.locator(".golf-opponents .golf-back").count() == 12
    page.keyboard.press("2")
    assert page.get_attribute(".golf-seat--mine [data-pos='2']", "aria-pressed") == "true"
    release(page, held)
    wait_phase(page, "opening", "draw")
    # The engine's deal has the same seats under the same names, and the choice made meanwhile.
    assert page.locator(".golf-opponents .golf-seat__name").all_inner_texts() == names
    page.keyboard.press("4")
    wait_phase(page, "draw")
    assert saved(page)["match"]["actions"][:2] == ["flip 2", "flip 4"]
    assert problems == []


def test_reload_resumes_where_the_player_was_in_the_other_language(context: BrowserContext, origin: str) -> None:
    page, problems = open_play(context, origin)
    start(page)
    open_hole(page)
    page.click("[data-pile=stock]")
    wait_phase(page, "holding")
    card = page.locator(".golf-held .golf-sr").inner_text().split(": ")[1]
    page.close()
    japanese, more = open_play(context, origin, "ja")
    wait_phase(japanese, "holding")  # no setup form, no paused screen
    label = japanese.locator(".golf-held .golf-sr").inner_text()
    assert label.startswith("引いたカード")
    assert label.endswith(f"：{card}")  # the same card, written rank then suit in both languages ("7♥")
    assert problems == [] and more == []


def type_at_once(page: Page, *keys: str) -> None:
    """Keys typed in one burst: all dispatched before the engine can answer the first."""
    page.evaluate(
        "keys => keys.forEach(key => dispatchEvent(new KeyboardEvent('keydown', {key, bubbles: true})))", list(keys)
    )


def test_keys_typed_while_the_engine_answers_count_on_ones_own_turn_only(context: BrowserContext, origin: str) -> None:
    page, problems = open_play(context, origin)
    start(page)
    wait_phase(page, "opening")
    page.wait_for_function(f"localStorage.getItem('{SAVE_KEY}') !== null")  # the engine has dealt
    # 5 arrives while the engine answers 1 (the person still to move: kept); D arrives while it answers 5, and
    # the computer moves in that answer, so the D is dropped: the person sees the computer's move first.
    type_at_once(page, "1", "5", "d")
    wait_phase(page, "draw")
    actions = saved(page)["match"]["actions"]
    assert actions[:2] == ["flip 1", "flip 5"] and "draw" not in actions
    assert page.get_attribute(ROOT, "data-seat") == "0"
    assert problems == []


def test_back_after_discarding_returns_to_the_same_card_and_undo_closes_at_the_next_draw(
    context: BrowserContext, origin: str
) -> None:
    page, problems = open_play(context, origin)
    start(page, preset="speed")  # discarding a stock card makes you turn one up (seed 000's option)
    open_hole(page)
    page.keyboard.press("d")
    wait_phase(page, "holding")
    card = page.locator(".golf-held .golf-sr").inner_text()
    page.keyboard.press("x")
    wait_phase(page, "flip")
    page.get_by_role("button", name="Back (B)").click()
    wait_phase(page, "holding")
    assert page.locator(".golf-held .golf-sr").inner_text() == card
    page.keyboard.press("1")
    wait_phase(page, "draw")
    page.keyboard.press("d")
    wait_phase(page, "holding")
    assert page.get_by_role("button", name="Undo (U)").is_disabled()
    assert problems == []


def test_pass_and_play_hands_over_with_news_and_undo_only_before_the_handover(
    context: BrowserContext, origin: str
) -> None:
    page, problems = open_play(context, origin)
    start(page, mode="pass")
    open_hole(page)  # player 1's opening, then the device goes to player 2
    wait_phase(page, "handover")
    assert page.locator(".golf-face").count() == 0  # no card shows during a handover
    assert "Player 1 turned up position 5." in page.locator(".golf-news").inner_text()
    page.keyboard.press("Enter")
    open_hole(page, (2, 6))
    wait_phase(page, "handover")
    page.keyboard.press("Enter")
    wait_phase(page, "draw")
    page.keyboard.press("d")
    wait_phase(page, "holding")
    page.keyboard.press("x")
    wait_phase(page, "handover")
    assert page.get_by_role("button", name="Undo (U)").is_enabled()  # before player 2 takes over
    page.keyboard.press("Enter")
    wait_phase(page, "draw")
    assert page.locator(".golf-seat--mine h2").inner_text() == "Player 2"
    assert page.get_by_role("button", name="Undo (U)").is_disabled()  # never player 1's turn
    page.keyboard.press("d")
    wait_phase(page, "holding")
    page.keyboard.press("x")
    wait_phase(page, "handover")
    assert "Player 2 discarded" in page.locator(".golf-news").inner_text()  # news for player 1
    assert problems == []


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_match_end_states_the_reason_and_the_winner_and_offers_play_again(
    context: BrowserContext, origin: str, lang: str
) -> None:
    page, problems = open_play(context, origin, lang)
    start(page)
    finish_match(page)
    prompt = page.locator(".golf-prompt").inner_text()
    assert prompt.startswith("Hole over:" if lang == "en" else "ホール終了：")
    assert "wins the match" not in prompt or "You wins" not in prompt
    assert any(word in prompt for word in ("You win the match!", "wins the match!", "share the win", "勝ち"))
    if lang == "ja":
        assert "。 " not in prompt  # Japanese sentences follow each other without a space
    assert page.locator(".golf-scores .golf-wins td").count() == 2
    again = "Play again" if lang == "en" else "同じ設定でもう一度"
    page.get_by_role("button", name=again).click()
    wait_phase(page, "opening")
    assert problems == []


def deal_seen(page: Page) -> list[str]:
    """The cards a player sees after turning up positions 1 and 2: theirs and the discard's top."""
    open_hole(page, (1, 2))
    mine = page.locator(".golf-seat--mine [data-pos] .golf-sr").all_inner_texts()
    seen = [*mine[:2], page.locator("[data-pile=discard] .golf-sr").inner_text()]
    # The screen-reader names of two face-up cards and the discard's top, e.g. "Position 1: 7♠".
    assert all(re.fullmatch(r"(Position \d|Discard pile): (10|[2-9AJQK])[♠♥♦♣]", text) for text in seen), seen
    return seen


def test_a_shared_link_and_the_daily_deal_reproduce_the_deal_in_a_fresh_context(browser: Browser, origin: str) -> None:
    first = browser.new_context(**NO_SERVICE_WORKER)
    second = browser.new_context(**NO_SERVICE_WORKER)
    try:
        page, _ = open_play(first, origin)
        start(page)
        seen = deal_seen(page)
        page.get_by_role("button", name="Share this deal").click()
        link = page.locator(".golf-share input").input_value()
        other, problems = open_play(second, origin, fragment=link[link.index("#") :])
        assert deal_seen(other) == seen
        daily_one, _ = open_play(first, origin, fragment="#daily")
        daily_one.get_by_role("button", name="Start the new match").click()  # a match is in progress there
        daily_two, _ = open_play(second, origin, fragment="#daily")
        daily_two.get_by_role("button", name="Start the new match").click()
        assert deal_seen(daily_one) == deal_seen(daily_two)
        assert problems == []
    finally:
        first.close()
        second.close()


@pytest.mark.parametrize(("scheme", "width", "height"), [("light", 1366, 768), ("dark", 390, 844)])
def test_mid_game_the_table_fits_one_screen_and_axe_finds_nothing(
    browser: Browser, origin: str, scheme: str, width: int, height: int
) -> None:
    mobile = width < 500
    context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme,
                                  has_touch=mobile, is_mobile=mobile, **NO_SERVICE_WORKER)  # fmt: skip
    try:
        page, problems = open_play(context, origin, "ja" if mobile else "en")
        start(page, players=4)
        open_hole(page)
        page.click("[data-pile=stock]")
        wait_phase(page, "holding")
        page.evaluate("window.scrollTo(0, 0)")
        bottoms = page.evaluate(
            "['.golf-opponents', '.golf-felt', '.golf-prompt', '.golf-actions']"
            ".map(s => document.querySelector(s).getBoundingClientRect().bottom)"
        )
        assert max(bottoms) <= height, f"below the fold: {bottoms}"
        assert page.evaluate("document.documentElement.scrollWidth") <= width  # no horizontal scroll
        hidden = page.evaluate(
            "[...document.querySelectorAll('.golf-toolbar > *')]"
            ".filter(e => e.getBoundingClientRect().right > innerWidth || e.getBoundingClientRect().bottom > innerHeight)"
            ".map(e => e.textContent)"
        )
        assert hidden == [], f"toolbar controls off screen: {hidden}"
        for target in page.locator(".golf-seat--mine [data-pos], [data-pile], .golf-actions button").all():
            box = target.bounding_box()
            assert box and box["width"] >= 44 and box["height"] >= 44
        page.add_script_tag(path=str(AXE))
        results = page.evaluate("async () => await axe.run('#golf-match', {resultTypes: ['violations']})")
        assert [f"{v['id']}: {[n['target'] for n in v['nodes']][:3]}" for v in results["violations"]] == []
        assert problems == []
    finally:
        context.close()


@pytest.mark.parametrize(("lang", "expected"), [("en", "could not be restored"), ("ja", "復元できませんでした")])
def test_a_damaged_save_is_reported_and_left_untouched(
    context: BrowserContext, origin: str, lang: str, expected: str
) -> None:
    damaged = '{"format": "sixcardgolf-playground", "version": 1, "seats": ["human"], "match": {"actions": ['
    page, problems = open_play(context, origin, lang)
    put_save(page, damaged)
    page.wait_for_selector(".golf-error:not([hidden])", timeout=ENGINE_START_MS)
    assert expected in page.locator(".golf-error").inner_text()
    assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") == damaged
    assert page.locator(".golf-setup").count() == 1  # a new match can still be started
    assert problems == []


def test_four_card_peek_is_chosen_then_confirmed_and_goes_back_face_down(context: BrowserContext, origin: str) -> None:
    """Seed 003: choose two face-down cards, confirm, look; they go back face down until the scoring."""
    page, problems = open_play(context, origin, moves_at_once=False)  # the log says each move as it is shown
    page.wait_for_selector(".golf-engine[data-state=ready]", state="attached", timeout=ENGINE_START_MS)
    start(page, preset="four-card")
    wait_phase(page, "opening")
    page.keyboard.press("1")
    page.keyboard.press("4")
    assert page.locator(".golf-slot--chosen").count() == 2
    assert page.locator(".golf-seat--mine .golf-face").count() == 0  # nothing seen before the confirm
    page.get_by_role("button", name="Confirm (Enter)").click()
    wait_phase(page, "draw")
    assert page.locator(".golf-seat--mine .golf-face").count() == 2  # the two peeked cards, for a moment
    page.wait_for_function("document.querySelector('.golf-log').textContent.startsWith('Computer 2')")
    assert "peeked at position" in page.inner_text(".golf-log")  # the computer's peek turns nothing up
    assert page.locator(".golf-opponents .golf-face").count() == 0
    page.wait_for_function("document.querySelectorAll('.golf-seat--mine .golf-face').length === 0", timeout=10_000)
    assert page.locator(".golf-seat--mine [data-pos='1'] .golf-sr").inner_text().endswith("face down")
    page.get_by_role("button", name="New match").click()
    assert not page.is_checked("#setup-peek-aid")  # the aid that keeps them shown is off by default
    assert problems == []


def test_remembered_peeked_cards_stay_shown_to_their_owner_only(context: BrowserContext, origin: str) -> None:
    """The optional aid of seed 003, at one device: each person keeps seeing their own peeked cards, marked,
    and never the other's."""
    page, problems = open_play(context, origin)
    page.wait_for_selector(".golf-setup")
    page.select_option("#setup-preset", "basic")
    assert page.is_hidden("#setup-peek-aid")  # offered only for a game with a peek
    page.select_option("#setup-preset", "four-card")
    page.check("#setup-peek-aid")
    start(page, mode="pass", preset="four-card")
    for seat, chosen in ((0, ("1", "4")), (1, ("2", "3"))):
        wait_phase(page, "opening")
        assert page.locator(".golf-seat--mine h2").inner_text() == f"Player {seat + 1}"
        assert page.locator(".golf-opponents .golf-face").count() == 0  # the other's peeked cards: never
        for key in chosen:
            page.keyboard.press(key)
        page.keyboard.press("Enter")
        wait_phase(page, "handover")
        assert page.locator(".golf-face").count() == 0
        page.keyboard.press("Enter")
    wait_phase(page, "draw")
    page.wait_for_timeout(3500)  # longer than the peeked cards show without the aid
    assert page.locator(".golf-seat--mine h2").inner_text() == "Player 1"
    peeked = page.locator(".golf-seat--mine .golf-slot--peeked")
    assert [peeked.nth(i).get_attribute("data-pos") for i in range(peeked.count())] == ["1", "4"]
    assert page.locator(".golf-seat--mine .golf-slot--peeked .golf-slot__peek").count() == 2  # the eye mark
    assert "(peeked)" in page.locator(".golf-seat--mine [data-pos='4'] .golf-sr").inner_text()
    labels = page.locator(".golf-opponents [data-slot]").evaluate_all("cells => cells.map(c => c.ariaLabel)")
    assert all(label.endswith("face down") for label in labels)  # player 2's peeked cards are not on the page
    assert page.locator(".golf-opponents .golf-face").count() == 0
    page.get_by_role("button", name="New match").click()
    assert page.is_checked("#setup-peek-aid")  # remembered like the other choices
    assert problems == []


def test_a_game_pages_play_link_opens_the_form_with_that_game(context: BrowserContext, origin: str) -> None:
    page, problems = open_play(context, origin, "ja", fragment="#preset=nine-card")
    page.wait_for_selector(".golf-setup")
    assert page.input_value("#setup-preset") == "nine-card"
    assert problems == []


def finished_save(levels: list[str], wanted: tuple[int, ...], seeds: range) -> str:
    """The save of a one-hole match the engine's levels played to its end, won by the seats `wanted`."""
    for seed in seeds:
        match = played(levels, seed)
        if match.outcome().winners == wanted:
            return page_save(match, ["human", *levels[1:]])
    raise AssertionError(f"no seed in {seeds} gives winners {wanted}")


def test_the_record_against_the_computer_counts_a_lost_match_as_lost(context: BrowserContext, origin: str) -> None:
    page, problems = open_play(context, origin)
    page.wait_for_selector(".golf-setup")
    for save, record in (
        (
            finished_save(["easy", "hard"], (1,), range(1, 100)),
            "1 match, 0 won alone, 0 shared.",
        ),  # the computer won
        (
            finished_save(["hard", "easy"], (0,), range(100, 200)),
            "2 matches, 1 won alone, 0 shared.",
        ),  # the person won
    ):
        put_save(page, save)
        wait_phase(page, "match-over")
        assert page.locator(".golf-record").inner_text() == f"Your record against the computer: {record}"
    assert problems == []


def test_keys_only_the_focus_never_falls_to_the_body_and_the_themes_shortcuts_stay_quiet(
    context: BrowserContext, origin: str
) -> None:
    held: list[Route] = []  # the runtime's wasm, held back so the choices below are made while the engine starts
    context.route("**/pyodide/pyodide.asm.wasm", lambda route: held.append(route))
    page, problems = open_play(context, origin)
    page.wait_for_selector(".golf-setup")
    # A choice made while the engine starts survives the redraw when it is ready (the form was drawn anew).
    assert page.get_attribute(".golf-engine", "data-state") == "loading"
    form_top = page.evaluate("document.querySelector('.golf-setup').getBoundingClientRect().top")
    page.select_option("#setup-level-2", "hard")
    page.select_option("#setup-holes", "3")
    page.focus("#setup-level-2")
    page.wait_for_function("document.querySelector('.golf-engine').dataset.state === 'loading'")
    release(page, held)
    page.wait_for_selector(".golf-engine[data-state=ready]", state="attached", timeout=ENGINE_START_MS)
    assert page.input_value("#setup-level-2") == "hard" and page.input_value("#setup-holes") == "3"
    # The engine's progress left without moving the page (it floats at the bottom of the window).
    assert page.evaluate("document.querySelector('.golf-setup').getBoundingClientRect().top") == form_top
    assert page.evaluate("document.activeElement.id") == "setup-level-2"
    page.focus(".golf-setup button[type=submit]")
    page.keyboard.press("Enter")  # Start goes away: the focus goes to the first position that can be turned up
    wait_phase(page, "opening")
    on_position = "document.activeElement.matches('.golf-seat--mine [data-pos]:focus-visible')"
    assert page.evaluate(on_position) and page.evaluate("document.activeElement.dataset.pos") == "1"
    page.keyboard.press("Enter")  # turns position 1 up; the focus stays where it was
    page.wait_for_selector(
        ".golf-seat--mine [data-pos='1'].golf-slot--chosen, .golf-seat--mine [data-pos='1'] .golf-face"
    )
    assert page.evaluate(on_position) and page.evaluate("document.activeElement.dataset.pos") == "1"
    focused = "document.activeElement && document.activeElement !== document.body"
    for key in ("5", "n", ",", ".", "f", "/"):  # the theme's page and search keys do nothing here
        page.keyboard.press(key)
        assert page.evaluate(focused), f"the focus fell to the body after {key}"
    assert urlsplit(page.url).path == "/play/"
    assert page.evaluate("document.activeElement.matches('input.md-search__input')") is False
    for _ in range(200):  # the first hole, keys only
        wait_phase(page, "draw", "holding", "flip", "hole-over")
        page.wait_for_function(f"!document.querySelector('{ROOT}').dataset.replay")
        assert page.evaluate(focused), f"the focus fell to the body in {phase(page)}"
        if phase(page) == "hole-over":
            break
        if phase(page) == "draw":
            page.keyboard.press("d")
        else:
            page.keyboard.press(
                page.locator(".golf-seat--mine .golf-slot--target").first.get_attribute("data-pos") or ""
            )
    assert phase(page) == "hole-over" and saved(page)["seats"] == ["human", "hard"]
    page.focus("[data-pos='1']")  # Enter on a position that cannot be chosen now is the game's: the next hole
    page.keyboard.press("Enter")
    wait_phase(page, "opening")
    assert page.locator(".golf-toolbar__hole").inner_text() == "Hole 2 of 3"
    assert page.evaluate(focused)
    assert problems == []


def test_pass_and_play_shows_each_person_their_peeked_cards_before_the_handover(
    context: BrowserContext, origin: str
) -> None:
    """Seed 003 at one device: whoever peeks sees the two cards for a few seconds before the handover screen
    hides the table (Enter or Done ends that early); the next person never sees them."""
    page, problems = open_play(context, origin)
    page.wait_for_selector(".golf-setup")
    page.select_option("#setup-preset", "four-card")
    page.uncheck("#setup-peek-aid")
    start(page, mode="pass", preset="four-card")
    mine = ".golf-seat--mine .golf-face"
    for seat, chosen in ((0, ("1", "4")), (1, ("2", "3"))):
        wait_phase(page, "opening")
        for key in chosen:
            page.keyboard.press(key)
        page.keyboard.press("Enter")
        page.wait_for_function(f"document.querySelectorAll('{mine}').length === 2")  # before any handover
        assert phase(page) == "opening" and page.locator(".golf-handover").count() == 0
        assert page.locator(".golf-seat--mine h2").inner_text() == f"Player {seat + 1}"
        shown = page.locator(".golf-seat--mine .golf-slot:has(.golf-face)").evaluate_all(
            "cells => cells.map(c => c.dataset.pos)"
        )
        assert shown == list(chosen)
        assert f"then the device passes to Player {2 - seat}" in page.inner_text(".golf-prompt")
        assert page.locator(".golf-opponents .golf-face").count() == 0
        if seat == 0:
            page.keyboard.press("Enter")  # done: the handover at once
        wait_phase(page, "handover")  # the second person's cards go by themselves after a few seconds
        assert page.locator(".golf-face").count() == 0
        page.keyboard.press("Enter")
    wait_phase(page, "draw")
    assert page.locator(".golf-seat--mine h2").inner_text() == "Player 1"
    assert page.locator(mine).count() == 0  # face down again until the scoring
    assert problems == []


# Where each cancelled column's "0" mark is drawn (the slot's ::after) and where the card's rank is.
CANCEL_MARKS = """() => [...document.querySelectorAll('.golf-slot--cancelled')].map((slot) => {
  const mark = getComputedStyle(slot, '::after');
  const px = (value) => parseFloat(value);
  const box = slot.getBoundingClientRect();
  const border = px(getComputedStyle(slot).borderTopWidth);
  const width = px(mark.width) + px(mark.paddingLeft) + px(mark.paddingRight);
  const height = px(mark.height) + px(mark.paddingTop) + px(mark.paddingBottom);
  const right = box.right - border - px(mark.right);
  const top = box.top + border + px(mark.top);
  const rank = slot.querySelector('.golf-face__rank').getBoundingClientRect();
  return { mine: Boolean(slot.closest('.golf-seat--mine')), mark: [right - width, top, right, top + height],
           rank: [rank.left, rank.top, rank.right, rank.bottom], content: mark.content };
})"""


@pytest.mark.parametrize(("lang", "width", "height"), [("en", 1366, 768), ("ja", 390, 844)])
def test_the_mark_of_a_cancelled_column_leaves_the_cards_rank_readable(
    browser: Browser, origin: str, lang: str, width: int, height: int
) -> None:
    levels = ["normal", "normal", "normal"]
    for seed in range(1, 30):  # a hole where every seat's layout has a cancelled column
        match = played(levels, seed)
        loaded = result("match_load", save=page_save(match, ["human", *levels[1:]]))
        if all(score["cancelled"] for score in loaded["scores"]):
            break
    else:
        raise AssertionError("no seed below 30 cancels a column in every layout")
    context = browser.new_context(viewport={"width": width, "height": height}, **NO_SERVICE_WORKER)
    try:
        page, problems = open_play(context, origin, lang)
        put_save(page, page_save(match, ["human", *levels[1:]]))
        wait_phase(page, "match-over")
        marks = page.evaluate(CANCEL_MARKS)
        assert {mark["mine"] for mark in marks} == {True, False}  # the person's cards and the opponents'
        for mark in marks:
            left, top, right, bottom = mark["mark"]
            r_left, r_top, r_right, r_bottom = mark["rank"]
            assert mark["content"] == '"0"'
            assert right <= r_left or left >= r_right or bottom <= r_top or top >= r_bottom, mark  # no overlap
        assert problems == []
    finally:
        context.close()
