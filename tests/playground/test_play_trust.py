"""The Play page keeps its promises (issue 24, from the outside reviews of 2026-12-01): Undo never shows a card,
two tabs never overwrite each other's moves, a browser that refuses storage still plays, a damaged save keeps what
can be kept, and the small things newcomers stumbled on.

Each test drives the built site in Chromium through the hooks of playground/README.md and checks what the page
shows against the engine's own observation for the seat (a replay of the page's save in Python).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from sixcardgolf import Match, load_preset, parse_action
from sixcardgolf.ai import make_policy
from sixcardgolf.cards import format_card
from sixcardgolf.seeds import decision_seed
from support.browser import NO_SERVICE_WORKER
from support.offline import poll, rebuild
from support.play_page import (
    ROOT,
    card_name,
    finish_match,
    open_hole,
    open_play,
    resume,
    saved,
    start,
    wait_phase,
)
from support.playground import ENGINE_START_MS
from support.saves import page_save

DAMAGED_KEY = "sixcardgolf.playground.save.damaged"


def shown(card: str | None) -> str:
    """A card as the page names it to a screen reader: "7S" -> "7♠", None -> "face down"."""
    return "face down" if card is None else card_name(card)


def engine_view(page: Page) -> Match:
    """The page's save, replayed by the engine in Python: the truth the page's table must agree with."""
    return Match.from_save(saved(page)["match"])


def table_seen(page: Page) -> list[list[str]]:
    """Every seat's positions as the page names them to a screen reader, seat by seat: what follows "Position N: "
    (the person's positions are buttons with hidden text, the others' images with a label)."""
    names = page.evaluate(
        """() => [...document.querySelectorAll('[data-slot]')].map((slot) => [slot.dataset.slot,
              (slot.querySelector('.golf-sr') || {}).textContent || slot.getAttribute('aria-label')])"""
    )
    seats: dict[int, list[str]] = {}
    for slot, name in names:
        seats.setdefault(int(slot.split("-")[0]), []).append(name.split(": ", 1)[1].replace(" (peeked)", ""))
    return [seats[seat] for seat in sorted(seats)]


def observation_seen(match: Match, seat: int) -> list[list[str]]:
    layouts = match.observation(seat).to_dict()["layouts"]
    return [[shown(slot["card"]) for slot in layout] for layout in layouts]


def holding_save(seed: int) -> tuple[Match, str]:
    """A one-hole basic match against Normal, the person's opening made (positions 1 and 2) and a card drawn."""
    match = Match(load_preset("basic").with_options({"holes": 1}), 2, seed)
    levels = ["human", "normal"]
    for _ in range(40):
        seat = match.current_player()
        if seat == 0 and match.hole.phase.name == "DRAW":
            match.apply_action(parse_action("draw"))
            return match, page_save(match, levels)
        if seat == 0:
            match.apply_action(parse_action("flip 1" if not match.hole.up[0] & 1 else "flip 2"))
        else:
            policy = make_policy("normal", decision_seed(match.seed, len(match.log), seat))
            match.apply_action(policy.choose(match.observation(seat)))
    raise AssertionError("the person never came to draw")


def test_undo_after_a_swap_into_a_face_down_card_deals_what_it_showed_again(
    context: BrowserContext, origin: str
) -> None:
    """The reliability review's #1 in the page: swap into a face-down position, Undo. Today's page put the card
    back where it was, known; now the page says the cards were dealt again, shows exactly the engine's
    observation, and the cards the swap and the computer's reply showed are no longer where they were."""
    match, save = holding_save(seed=777)
    held = shown(format_card(match.hole.held))
    page, problems = resume(context, origin, save)
    wait_phase(page, "holding")
    before = table_seen(page)
    page.keyboard.press("3")
    page.wait_for_function(f"document.querySelector('{ROOT}').dataset.busy === 'false'", timeout=ENGINE_START_MS)
    swapped_out = engine_view(page).hole.discard  # every card the swap and the reply put on the pile
    assert page.get_by_role("button", name="Undo (U)").get_attribute("title")  # it says what it will do
    page.keyboard.press("u")
    wait_phase(page, "holding")
    assert "shuffled back" in page.locator(".golf-notice").inner_text()
    assert saved(page)["match"]["actions"][-1] == "redeal"
    assert page.locator(".golf-held .golf-sr").inner_text().endswith(held)  # the same card in hand
    assert table_seen(page) == before == observation_seen(engine_view(page), 0)  # nothing more is shown
    hole = engine_view(page).hole
    assert len(hole.discard) < len(swapped_out)  # the pile is back as it was before the swap
    assert problems == []


def test_no_undo_in_the_daily_deal_and_the_key_says_why(context: BrowserContext, origin: str) -> None:
    page, problems = open_play(context, origin, fragment="#daily")
    open_hole(page, (1, 2))
    page.keyboard.press("d")
    wait_phase(page, "holding")
    page.keyboard.press("4")
    wait_phase(page, "draw", "holding")
    assert page.get_by_role("button", name="Undo (U)").count() == 0
    page.keyboard.press("u")
    assert "Undo is off in the daily deal" in page.locator(".golf-notice").inner_text()
    assert saved(page).get("undo") is False  # a reload keeps it off
    assert problems == []


def test_pass_and_play_undo_on_the_handover_screen_first_hands_the_device_back(
    context: BrowserContext, origin: str
) -> None:
    """The reliability review's #4: Undo on the handover screen showed the previous player's table (peeked cards
    included) to whoever held the device. Now it asks for the device back first, and the next player's news
    never tells of the move taken back."""
    page, problems = open_play(context, origin)
    page.wait_for_selector(".golf-setup")
    page.select_option("#setup-preset", "four-card")
    page.check("#setup-peek-aid")  # the aid that showed the peeked cards on the handover screen
    start(page, preset="four-card", mode="pass")
    for _ in range(2):  # each person peeks at positions 1 and 2, looks, and hands over
        wait_phase(page, "opening")
        page.keyboard.press("1")
        page.keyboard.press("2")
        page.keyboard.press("Enter")  # confirm the peek
        page.get_by_role("button", name="Done (Enter)").click()
        wait_phase(page, "handover")
        page.keyboard.press("Enter")
    wait_phase(page, "draw")
    page.keyboard.press("d")
    wait_phase(page, "holding")
    page.keyboard.press("3")
    wait_phase(page, "handover")
    news = page.locator(".golf-news").inner_text()
    assert "Player 1 put" in news
    page.get_by_role("button", name="Undo (U)").click()
    # The device goes back first: no table, no card, only the question for player 1.
    assert page.locator(".golf-handover h2").inner_text() == "Pass the device back to Player 1"
    assert page.locator(f"{ROOT} .golf-face, {ROOT} .golf-seat").count() == 0  # (a card may still be in flight)
    page.get_by_role("button", name="I am Player 1 (Enter)").click()
    wait_phase(page, "holding")
    assert page.locator(".golf-seat--mine h2").inner_text() == "Player 1"
    page.keyboard.press("x")
    wait_phase(page, "handover")
    news = page.locator(".golf-news").inner_text()
    assert "Player 1 discarded" in news and "Player 1 put" not in news  # the undone move is not in the news
    assert problems == []


def test_an_older_tab_never_overwrites_the_newer_tabs_moves(context: BrowserContext, origin: str) -> None:
    """The reliability review's #3: tab B, still showing 8 actions, made a move and wrote 9 over tab A's 16."""
    match, save = holding_save(seed=31)
    first, problems = resume(context, origin, save)
    wait_phase(first, "holding")
    second, more_problems = open_play(context, origin)
    wait_phase(second, "holding")
    for key in ("1", "d"):  # tab A plays on
        first.keyboard.press(key)
        wait_phase(first, "holding", "draw")
    newer = saved(first)["match"]["actions"]
    assert len(newer) > len(match.log)
    second.keyboard.press("2")  # tab B, behind, moves
    second.wait_for_selector(".golf-confirm", timeout=ENGINE_START_MS)
    assert "went on in another tab" in second.locator(".golf-confirm").inner_text()
    assert saved(second)["match"]["actions"] == newer  # nothing of tab A's was overwritten
    second.get_by_role("button", name="Continue with the latest moves").click()
    wait_phase(second, "holding", "draw")
    assert table_seen(second) == table_seen(first)
    assert problems == more_problems == []


def blocked_profile(tmp_path: Path) -> Path:
    """A Chromium profile with "Block all cookies" (site data) set, as the review did it."""
    default = tmp_path / "profile" / "Default"
    default.mkdir(parents=True)
    settings = {"profile": {"default_content_setting_values": {"cookies": 2}}}
    (default / "Preferences").write_text(json.dumps(settings), encoding="utf-8")
    return tmp_path / "profile"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_with_site_data_blocked_the_page_plays_without_saving_and_says_so(
    browser: Browser, origin: str, tmp_path: Path, lang: str
) -> None:
    from support.browser import CHROMIUM, CHROMIUM_ARGS

    # A real profile with the setting, as a person would have it (the same Chromium, its own user data folder).
    context = browser.browser_type.launch_persistent_context(
        str(blocked_profile(tmp_path)), executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
    )
    try:
        page, problems = open_play(context, origin, lang)
        assert page.evaluate("window.golfStorageBlocked === true")  # the browser did refuse: the page noticed
        start(page)
        open_hole(page)
        expected = "without saving" if lang == "en" else "保存せずに遊びます"
        assert expected in page.locator(".golf-notice").inner_text()
        page.keyboard.press("d")
        wait_phase(page, "holding")
        assert page.locator(".golf-error").is_hidden()
        assert problems == []
    finally:
        context.close()


def test_with_storage_full_start_still_starts_and_the_page_says_so(context: BrowserContext, origin: str) -> None:
    context.add_init_script(
        "Storage.prototype.setItem = function () { throw new DOMException('full', 'QuotaExceededError'); };"
    )
    page, problems = open_play(context, origin)
    start(page)
    open_hole(page)
    assert "storage is full" in page.locator(".golf-notice").inner_text()
    assert problems == []


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_save_whose_last_move_is_bad_keeps_the_good_moves_and_a_copy(
    context: BrowserContext, origin: str, lang: str
) -> None:
    """The reliability review's #5: with only the 12th action bad, 11 good actions were lost at the next Start."""
    match, _ = holding_save(seed=5)
    data = json.loads(page_save(match, ["human", "normal"]))
    good = len(data["match"]["actions"])
    data["match"]["actions"].append("flip 9")  # not a move of a 2x3 layout
    damaged = json.dumps(data)
    page, problems = resume(context, origin, damaged, lang)
    wait_phase(page, "holding")
    expected = f"first {good} of {good + 1} moves" if lang == "en" else f"{good + 1}手のうち最初の{good}手"
    assert expected in page.locator(".golf-notice").inner_text()
    assert saved(page)["match"]["actions"] == data["match"]["actions"][:good]
    assert page.evaluate(f"localStorage.getItem('{DAMAGED_KEY}')") == damaged
    download = page.locator(".golf-notice a[download]")
    assert download.count() == 1
    page.get_by_role("button", name="New match" if lang == "en" else "新しいマッチ").click()
    page.click(".golf-setup button[type=submit]")
    page.get_by_role("button", name="Start the new match" if lang == "en" else "新しいマッチを始める").click()
    wait_phase(page, "opening")
    assert page.evaluate(f"localStorage.getItem('{DAMAGED_KEY}')") == damaged  # never discarded unsaid
    assert problems == []


def test_keep_playing_after_a_preset_link_resumes_the_saved_match(context: BrowserContext, origin: str) -> None:
    """The seed audit's N1: "Keep playing" after a link left two card backs on the table for good."""
    _, save = holding_save(seed=12)
    page, problems = resume(context, origin, save)
    wait_phase(page, "holding")
    link = "#deal=" + _deal_fragment()
    page.goto(page.url.split("#")[0] + link)
    page.reload()
    page.get_by_role("button", name="Keep playing").click()
    wait_phase(page, "holding")
    assert page.locator(".golf-seat--mine [data-pos]").count() == 6
    assert table_seen(page) == observation_seen(engine_view(page), 0)
    assert problems == []


def _deal_fragment() -> str:
    import base64

    deal = {"preset": "basic", "options": {"holes": 1}, "seats": ["human", "normal"], "seed": 3}
    return base64.urlsafe_b64encode(json.dumps(deal).encode()).decode().rstrip("=")


def test_a_bad_custom_value_keeps_the_form_and_the_choice(context: BrowserContext, origin: str) -> None:
    """The Japanese review's S2-7: after the (good) error the setup form was gone, two card backs left."""
    page, problems = open_play(context, origin)
    page.wait_for_selector(".golf-engine[data-state=ready]", state="attached", timeout=ENGINE_START_MS)
    page.wait_for_selector(".golf-setup")
    page.click(".golf-custom summary")
    page.fill("#opt-turn_limit", "0")
    page.click(".golf-setup button[type=submit]")
    page.wait_for_selector(".golf-error:not([hidden])", timeout=ENGINE_START_MS)
    assert "0" in page.locator(".golf-error").inner_text()  # the engine's reason names the value
    page.wait_for_selector(".golf-setup")
    assert page.input_value("#opt-turn_limit") == "0"  # the person's choice is still there to correct
    assert page.locator(".golf-frame").count() == 0
    assert problems == []


def test_the_end_of_a_hole_says_who_ended_it_and_shows_the_result(context: BrowserContext, origin: str) -> None:
    page, problems = open_play(context, origin)
    start(page)
    for _ in range(300):
        wait_phase(page, "opening", "draw", "holding", "flip", "hole-over", "match-over")
        now = page.get_attribute(ROOT, "data-phase")
        if now in ("hole-over", "match-over"):
            break
        if now == "draw":
            page.click("[data-pile=stock]")
        else:
            page.locator(".golf-slot--target").first.click()
    page.wait_for_function(f"!document.querySelector('{ROOT}').dataset.replay")
    prompt = page.locator(".golf-prompt").inner_text()
    assert "A player" not in prompt and re.search(r"(You|Computer 2 \(Normal\)) (went out|knocked)", prompt), prompt
    box = page.locator(".golf-result").bounding_box()
    assert box is not None and box["y"] < page.viewport_size["height"]  # in view, not below the fold
    page.keyboard.press("Enter")  # at the match's end, Enter plays again
    wait_phase(page, "opening")
    assert problems == []


def test_on_a_touch_phone_no_key_hints_are_shown(browser: Browser, origin: str) -> None:
    phone = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, **NO_SERVICE_WORKER
    )
    try:
        page, problems = open_play(phone, origin)
        start(page)
        open_hole(page)
        page.tap("[data-pile=stock]")
        wait_phase(page, "holding")
        texts = page.locator(f"{ROOT} .golf-actions button, {ROOT} .golf-prompt").all_inner_texts()
        assert texts and not [text for text in texts if re.search(r"\((?:[A-Z]|\d[–-]\d)\)", text)], texts
        assert page.locator(".golf-keys").is_hidden()
        assert problems == []
    finally:
        phone.close()


def test_the_share_note_is_in_view_and_the_daily_result_is_whole(context: BrowserContext, origin: str) -> None:
    page, problems = open_play(context, origin)
    start(page)
    open_hole(page)
    page.get_by_role("button", name="Share this deal").click()
    note = page.locator(".golf-notice")
    assert "Link copied" in note.inner_text()
    box = note.bounding_box()
    assert box is not None and 0 <= box["y"] < page.viewport_size["height"]
    assert problems == []


def test_the_daily_result_line_shows_every_word(context: BrowserContext, origin: str) -> None:
    page, problems = open_play(context, origin, fragment="#daily")
    finish_match(page)
    page.wait_for_function(f"!document.querySelector('{ROOT}').dataset.replay")
    line = page.locator(".golf-daily__line")
    assert re.search(r" points · Hard \S+$", line.inner_text()), line.inner_text()
    assert line.evaluate("e => e.scrollWidth <= e.clientWidth + 1")  # nothing cut off
    assert problems == []


CONTROLLED = "navigator.serviceWorker.ready.then(() => navigator.serviceWorker.controller !== null)"


@pytest.mark.service_worker
def test_after_a_new_build_a_text_page_says_a_new_version_is_ready(context: BrowserContext, site_copy) -> None:  # type: ignore[no-untyped-def]
    """The reliability review's #8: returning visitors saw the old site for two more reloads, with no notice."""
    site, served_origin = site_copy
    page = context.new_page()
    page.goto(f"{served_origin}/ja/glossary/")
    poll(page, CONTROLLED)
    page.reload()  # a returning visitor: served by this build's worker
    assert page.locator(".golf-update").count() == 0  # the first install said nothing
    rebuild(site)
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    page.wait_for_selector(".golf-update", timeout=60_000)
    assert "新しい版" in page.locator(".golf-update").inner_text()
    page.get_by_role("button", name="ページを再読み込み").click()
    page.goto(f"{served_origin}/faq/")
    assert "(rebuilt)" in page.locator("h1").first.inner_text()  # one load later: the new version


@pytest.mark.service_worker
def test_after_a_new_build_the_play_page_waits_for_the_end_of_the_hole(context: BrowserContext, site_copy) -> None:  # type: ignore[no-untyped-def]
    site, served_origin = site_copy
    match = Match(load_preset("basic").with_options({"holes": 1, "turn_limit": 2, "initial_reveals": 0}), 2, 3)
    match.apply_action(parse_action("draw"))
    page, problems = resume(context, served_origin, page_save(match, ["human", "normal"]))
    wait_phase(page, "holding")
    poll(page, CONTROLLED)
    page.reload()  # a returning visitor in the middle of a hole
    wait_phase(page, "holding")
    rebuild(site)
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    poll(page, "caches.keys().then(keys => keys.length === 1)")  # the new build's worker has taken over
    # The page heard of it (the notice's module is loaded), and holds the notice back: never in the middle of a hole.
    page.wait_for_function("performance.getEntriesByType('resource').some((e) => e.name.includes('site-update.js'))")
    page.wait_for_timeout(300)
    assert page.locator(".golf-update").count() == 0
    page.keyboard.press("1")  # the last turn of the hole (turn limit 2): the computer's follows
    wait_phase(page, "match-over")
    page.wait_for_selector(".golf-update", timeout=10_000)
    assert problems == []
