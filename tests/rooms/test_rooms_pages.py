"""The rooms' screens in both languages and schemes, at 1366x768 and at 390x844 with touch: the lobby and the
table pass axe and scroll no page sideways, a room is created and played with the keyboard alone, a host without
a room server says what play with friends needs, and the check of hidden cards catches a card drawn unsent."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from rooms_support import RECORDER, drawn_but_not_sent, match_data, my_turn, new_room_server, play_one_action, settled

from server.processes import RoomServer
from support.browser import NO_SERVICE_WORKER, served
from support.playground import REPO, SITE

AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"
WAIT_MS = 30_000


def violations(page: Page) -> list[str]:
    page.add_script_tag(path=str(AXE))
    results = page.evaluate("async () => await axe.run('#golf-match', {resultTypes: ['violations']})")
    return [
        f"{v['id']}: {[(n['target'], n.get('failureSummary')) for n in v['nodes']][:3]}" for v in results["violations"]
    ]


def sideways(page: Page) -> bool:
    return bool(page.evaluate("() => document.documentElement.scrollWidth > window.innerWidth + 1"))


def press_tab_to(page: Page, selector: str, most: int = 60) -> None:
    """Tab from where the focus is until `selector` has it (the keyboard alone reaches it)."""
    for _ in range(most):
        if page.evaluate("(s) => document.activeElement && document.activeElement.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


@pytest.mark.parametrize(("lang", "scheme"), [("en", "dark"), ("ja", "light")])
def test_lobby_and_table_pass_axe_at_both_sizes_and_a_room_plays_by_keyboard(
    browser: Browser, room_server: RoomServer, lang: str, scheme: str
) -> None:
    prefix = "ja/" if lang == "ja" else ""
    desk = browser.new_context(viewport={"width": 1366, "height": 768}, color_scheme=scheme, **NO_SERVICE_WORKER)
    phone = browser.new_context(
        viewport={"width": 390, "height": 844}, color_scheme=scheme, has_touch=True, is_mobile=True, **NO_SERVICE_WORKER
    )
    for context in (desk, phone):
        context.route(re.compile(r"/pyodide/"), lambda route: route.abort())  # no engine needed here
    try:
        host, friend = desk.new_page(), phone.new_page()
        for page in (host, friend):
            page.set_default_timeout(WAIT_MS)
        # The host, with the keyboard alone: Tab to the name and type it, to the players and choose two, to
        # the create button and press Enter.
        host.goto(f"{room_server.origin}/{prefix}play/#room=new")
        host.locator("[data-room-name]").wait_for()
        press_tab_to(host, "[data-room-name]")
        host.keyboard.type("Kei")
        press_tab_to(host, "#setup-players")
        host.keyboard.press("2")
        press_tab_to(host, "[data-room-create]")
        host.keyboard.press("Enter")
        code = host.locator("[data-room-code]")
        expect(code).to_have_text(re.compile(r"^[A-Z0-9]{6}$"))
        friend.goto(f"{room_server.origin}/{prefix}play/#room={code.inner_text()}")
        friend.locator("[data-room-name]").fill("Mio")
        friend.locator("[data-room-join]").tap()
        expect(host.locator(".golf-lobby__seats")).to_contain_text("Mio")
        # A name changes while the room waits, and the others' lobby says it (set as text, never as markup).
        friend.locator("[data-room-rename]").fill("Mio <b>2</b>")
        friend.locator("[data-room-rename-save]").tap()
        expect(host.locator(".golf-lobby__seats")).to_contain_text("Mio <b>2</b>")
        assert host.locator(".golf-lobby__seats b").count() == 0
        for page in (host, friend):
            assert match_data(page, "phase") == "lobby"
            assert violations(page) == [], (page.viewport_size, violations(page))
            assert not sideways(page)
        friend.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")  # the phone read the lobby to its foot
        press_tab_to(host, "[data-room-start]")
        host.keyboard.press("Enter")
        expect(host.locator("#golf-match")).to_have_attribute("data-phase", "opening")
        # The table starts at its top, in view (the tall lobby left a phone scrolled past the table it brought).
        for page in (host, friend):
            top = page.evaluate("() => document.getElementById('golf-match').getBoundingClientRect().top")
            assert 0 <= top < page.viewport_size["height"] / 3, top
        # The opening by keys: two places of the host's own; every page agrees on whose turn it is.
        seat = match_data(host, "seat")
        if seat == match_data(host, "viewer"):
            host.keyboard.press("1")
            host.keyboard.press("2")
        else:
            friend.locator(".golf-seat--mine [data-pos][aria-disabled=false]").first.tap()
        expect(friend.locator("#golf-match")).not_to_have_attribute("data-seat", seat)
        for page in (host, friend):
            expect(page.locator(".golf-turn")).to_be_visible()
            expect(page.locator("#golf-match")).to_have_attribute("data-busy", "false")
            assert violations(page) == [], (page.viewport_size, violations(page))
            assert not sideways(page)
    finally:
        desk.close()
        phone.close()


def test_a_host_without_a_room_server_says_what_play_with_friends_needs(browser: Browser) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, **NO_SERVICE_WORKER
    )
    try:
        with served(SITE) as origin:
            page = context.new_page()
            page.goto(f"{origin}/play/")
            expect(page.locator("[data-room-open]")).to_be_visible()
            page.locator("[data-room-open]").tap()
            missing = page.locator(".golf-rooms-missing")
            expect(missing).to_contain_text("needs the room server")
            expect(missing.locator("code")).to_have_text("make serve")
            assert page.locator("[data-room-name]").count() == 0
            page.goto(f"{origin}/ja/play/#room=K7PQ2M")
            expect(page.locator(".golf-rooms-missing")).to_contain_text("ルームサーバー")
            # Everything else works as today: back on the Play page, the new-match form.
            page.locator(".golf-rooms-missing a").tap()
            expect(page.locator(".golf-setup button[type=submit]")).to_be_visible()
            assert "#room" not in page.url
    finally:
        context.close()


def test_the_hidden_card_check_catches_a_card_drawn_that_no_frame_sent(browser: Browser) -> None:
    """The check of test_rooms_play itself: a face in another seat's place, sent by no frame, is reported."""
    context = browser.new_context(**NO_SERVICE_WORKER)
    try:
        page = context.new_page()
        page.set_content('<div id="golf-match"><div class="golf-stage"><span data-slot="1-4"></span></div></div>')
        page.evaluate(RECORDER)
        page.evaluate("""() => document.querySelector("[data-slot='1-4']").innerHTML =
            '<span class="golf-face"><span class="golf-face__rank">K</span><span class="golf-face__suit">♠</span></span>'""")
        page.wait_for_function("() => Object.keys(window.__shown).length > 0")
        assert drawn_but_not_sent(page) == ["1-4 KS"]
    finally:
        context.close()


def test_a_person_away_past_the_grace_is_played_by_a_computer_until_they_come_back(
    browser: Browser, tmp_path: Path
) -> None:
    """The others see "reconnecting…", then that a computer plays the seat, and the table goes on; the person
    who comes back (the same browser, a new tab) takes the seat back."""
    server = new_room_server(tmp_path / "rooms.sqlite3", grace=2)
    server.start()
    desk = browser.new_context(viewport={"width": 1366, "height": 768}, **NO_SERVICE_WORKER)
    away = browser.new_context(viewport={"width": 1366, "height": 768}, **NO_SERVICE_WORKER)
    for context in (desk, away):
        context.route(re.compile(r"/pyodide/"), lambda route: route.abort())
    try:
        host, friend = desk.new_page(), away.new_page()
        host.goto(f"{server.origin}/play/#room=new")
        host.select_option("#setup-holes", "1")
        host.locator("[data-room-join]").click()
        link = host.locator("[data-room-link]").input_value()
        friend.goto(link)
        friend.locator("[data-room-name]").fill("Mio")
        friend.locator("[data-room-join]").click()
        expect(host.locator(".golf-lobby__seats")).to_contain_text("Mio")
        host.locator("[data-room-start]").click()
        expect(friend.locator("#golf-match")).to_have_attribute("data-phase", "opening")
        friend.close()
        mark = host.locator(".golf-seat__away")
        expect(mark).to_have_text("reconnecting…")
        expect(mark).to_contain_text("a computer", timeout=WAIT_MS)
        # The table goes on: the host plays, the computer answers for the seat that is away.
        for _ in range(4):
            expect(host.locator("#golf-match")).to_have_attribute(
                "data-seat", match_data(host, "viewer"), timeout=WAIT_MS
            )
            settled(host)
            assert my_turn(host)
            play_one_action(host)
        back = away.new_page()
        back.goto(link)
        expect(back.locator("#golf-match")).to_have_attribute("data-viewer", "1")
        expect(back.locator("#golf-match")).to_have_attribute("data-connection", "open")
        expect(host.locator(".golf-seat__away")).to_have_count(0)
    finally:
        desk.close()
        away.close()
        server.stop()
