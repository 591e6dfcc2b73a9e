"""Play with friends in a real browser (issue 26): three Chromium contexts, each a person on their own device
(one Japanese, one a 390x844 touch phone), on a real room server.

One run covers the issue's contract: a room created by its link (#room=new), joined by its code and by its link,
a whole hole played, one page's websocket cut mid-turn and restored, one page reloaded, the server killed and
started again mid-hole, and the rematch. Throughout, each page draws no card face up that its seat was not sent
face up, and no frame to a seat carries a card that seat may not see.
"""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Browser, Page, WebSocketRoute, expect
from rooms_support import (
    drawn_but_not_sent,
    frame_count,
    hidden_leaks,
    last_table,
    match_data,
    my_turn,
    play_one_action,
    recorded_context,
    settled,
    table_after,
)

from server.processes import RoomServer
from support.browser import NO_SERVICE_WORKER

WAIT_MS = 30_000
ENGINE_MS = 90_000  # Pyodide's first start (and a review) on a busy two-core machine


class Cable:
    """One page's websocket through Playwright (route_web_socket): passed through to the server, or cut."""

    def __init__(self) -> None:
        self.cut_off = False
        self.live: list[Any] = []
        self.connections = 0

    def route(self, socket: WebSocketRoute) -> None:
        if self.cut_off:
            socket.close()
            return
        self.connections += 1
        server = socket.connect_to_server()
        self.live.append((socket, server))

    def cut(self) -> None:
        self.cut_off = True
        for socket, server in self.live:
            server.close()
            socket.close()
        self.live = []

    def restore(self) -> None:
        self.cut_off = False


def seat_marks(page: Page, seat: int) -> str:
    return page.locator(f".golf-seat:has([data-slot='{seat}-1']) .golf-seat__marks").inner_text()


def test_three_people_create_join_play_drop_reload_survive_a_restart_and_rematch(
    browser: Browser, room_server: RoomServer
) -> None:
    origin = room_server.origin
    host = recorded_context(browser.new_context(viewport={"width": 1366, "height": 768}, **NO_SERVICE_WORKER))
    japanese = recorded_context(
        browser.new_context(viewport={"width": 1366, "height": 768}, locale="ja-JP", **NO_SERVICE_WORKER)
    )
    phone = recorded_context(
        browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, **NO_SERVICE_WORKER)
    )
    # The phone's websocket goes through a cable this test can cut.
    cable = Cable()
    phone.route_web_socket(re.compile(r"/rooms/ws"), cable.route)
    # Only the host's page loads the rules engine (for the Hint): three Pyodides at once would only slow the run.
    for context in (japanese, phone):
        context.route(re.compile(r"/pyodide/"), lambda route: route.abort())
    errors: list[str] = []
    try:
        a, b, c = host.new_page(), japanese.new_page(), phone.new_page()
        for page in (a, b, c):
            page.set_default_timeout(WAIT_MS)
            page.on("pageerror", lambda error: errors.append(str(error)))

        # The host creates a room by its link: three players, one hole; the other two seats wait for friends.
        a.goto(f"{origin}/play/#room=new")
        a.locator("[data-room-name]").fill("Ann <b>&amp;</b>")
        a.select_option("#setup-players", "3")
        a.select_option("#setup-holes", "1")
        assert a.locator("#setup-level-2").input_value() == "open"
        a.locator("[data-room-join]").click()
        code_node = a.locator("[data-room-code]")
        expect(code_node).to_have_text(re.compile(r"^[A-Z0-9]{6}$"))
        code = code_node.inner_text()
        assert match_data(a, "phase") == "lobby" and a.url.endswith(f"#room={code}")
        a.wait_for_function("() => { const img = document.querySelector('img[data-room-qr]');"
                            " return img && img.complete && img.naturalWidth > 0; }")  # fmt: skip
        link = a.locator("[data-room-link]").input_value()
        assert link == f"{origin}/play/#room={code}"
        assert "token" not in link and "token" not in a.locator("img[data-room-qr]").get_attribute("src")

        # A Japanese friend types the code on the room page; a friend on a phone opens the link.
        b.goto(f"{origin}/ja/play/#room=new")
        b.locator("[data-room-code-input]").fill(code.lower())
        b.locator("[data-room-go]").click()
        b.locator("[data-room-name]").fill("ボブ")
        b.locator("[data-room-join]").click()
        expect(b.locator("#golf-match")).to_have_attribute("data-phase", "lobby")
        c.goto(link)
        c.locator("[data-room-name]").fill("Cy")
        c.locator("[data-room-join]").tap()
        expect(c.locator("#golf-match")).to_have_attribute("data-phase", "lobby")
        expect(a.locator(".golf-lobby__seats")).to_contain_text("Cy")
        # A name is text, never markup: the host's name arrives as typed.
        expect(b.locator(".golf-lobby__seats li").first).to_contain_text("Ann <b>&amp;</b>")
        assert b.locator(".golf-lobby__seats b").count() == 0
        assert b.locator("[data-room-start]").count() == 0 and c.locator("[data-room-start]").count() == 0

        a.locator("[data-room-start]").click()
        pages = (a, b, c)
        for page, viewer in zip(pages, ("0", "1", "2"), strict=True):
            expect(page.locator("#golf-match")).to_have_attribute("data-phase", re.compile("opening|draw"))
            assert match_data(page, "viewer") == viewer and match_data(page, "connection") == "open"
        expect(b.locator(".golf-toolbar .golf-turn")).to_have_text(re.compile("手番"))

        def quiet(mover: Page) -> None:
            """Every page has taken the mover's last move in: the mover's answer is back (it carries the new
            table), and the others show the same seat to move, their moves shown to the end."""
            settled(mover)
            seat = match_data(mover, "seat")
            for page in pages:
                expect(page.locator("#golf-match")).to_have_attribute("data-seat", seat)
                settled(page)

        def to_move() -> Page:
            return next(page for page in pages if my_turn(page))

        hinted: list[str] = []

        def play(until: Any) -> None:
            quiet(a)
            while not until():
                mover = to_move()
                if mover is a and not hinted and match_data(a, "phase") == "draw":
                    # The Hint, worked out in the host's own browser from the observation its seat was sent.
                    a.locator("[data-focus='play.action.hint']").click()
                    expect(a.locator(".golf-prompt")).to_contain_text("Hint:", timeout=ENGINE_MS)
                    hinted.append(a.locator(".golf-prompt").inner_text())
                play_one_action(mover, tap=mover is c)
                quiet(mover)

        # The opening, and the turns until it is the phone's turn to draw.
        play(lambda: my_turn(c) and match_data(c, "phase") == "draw" and match_data(a, "phase") == "draw")

        # Mid-turn, the phone's connection drops: it has drawn and holds the card. The others see it reconnecting.
        play_one_action(c, tap=True)
        expect(c.locator("#golf-match")).to_have_attribute("data-phase", "holding")
        settled(c)
        held = c.locator(".golf-held").get_attribute("aria-label")
        cable.cut()
        expect(c.locator("#golf-match")).to_have_attribute("data-connection", "reconnecting")
        expect(a.locator(".golf-seat__away")).to_have_text("reconnecting…")
        expect(b.locator(".golf-seat__away")).to_be_visible()
        cable.restore()
        expect(c.locator("#golf-match")).to_have_attribute("data-connection", "open", timeout=WAIT_MS)
        expect(a.locator(".golf-seat__away")).to_have_count(0)
        assert match_data(c, "phase") == "holding" and c.locator(".golf-held").get_attribute("aria-label") == held
        play_one_action(c, tap=True)
        quiet(c)

        # The Japanese page is reloaded mid-hole: it is back in its seat, at the same table.
        before = last_table(b)["observation"]
        b.reload()
        expect(b.locator("#golf-match")).to_have_attribute("data-connection", "open")
        expect(b.locator("#golf-match")).to_have_attribute("data-viewer", "1")
        assert table_after(b, 0)["observation"] == before

        # The server is killed mid-hole and started again: every page comes back to the table it had.
        mover = to_move()
        seen = {page: last_table(page)["observation"] for page in pages}
        room_server.kill()
        for page in pages:
            expect(page.locator("#golf-match")).to_have_attribute("data-connection", "reconnecting")
        sent = {page: frame_count(page) for page in pages}
        room_server.start()
        for page in pages:
            expect(page.locator("#golf-match")).to_have_attribute("data-connection", "open", timeout=WAIT_MS)
            assert table_after(page, sent[page])["observation"] == seen[page]
        assert my_turn(mover)

        # The rest of the hole (the match's only one).
        play(lambda: match_data(a, "phase") == "match-over")
        for page in pages:
            expect(page.locator("#golf-match")).to_have_attribute("data-phase", "match-over")
            expect(page.locator(".golf-scores .golf-wins")).to_be_visible()
            assert not hidden_leaks(page), hidden_leaks(page)
            assert not drawn_but_not_sent(page), drawn_but_not_sent(page)

        assert hinted, "the host never had a turn to ask for a hint"
        # The Review of the hole, from the record the server sent after it, run in the host's own engine.
        a.locator("[data-focus=review-hole]").click()
        expect(a.locator(".golf-review__summary")).not_to_be_empty(timeout=ENGINE_MS)

        # The rematch: each person agrees; the others see who is ready; then the new match is dealt.
        a.locator("[data-focus=rematch]").click()
        expect(b.locator(".golf-room-waiting")).to_contain_text("Ann")
        b.locator("[data-focus=rematch]").click()
        c.locator("[data-focus=rematch]").tap()
        for page in pages:
            expect(page.locator("#golf-match")).to_have_attribute("data-phase", "opening")
            expect(page.locator(".golf-room-record")).to_be_visible()
        assert errors == []
        for page in pages:
            assert not hidden_leaks(page), hidden_leaks(page)
            assert not drawn_but_not_sent(page), drawn_but_not_sent(page)
    except BaseException:
        import os

        if os.environ.get("ROOMS_SHOTS"):
            for name, context in (("a", host), ("b", japanese), ("c", phone)):
                for i, page in enumerate(context.pages):
                    page.screenshot(path=f"{os.environ['ROOMS_SHOTS']}/{name}{i}.png", full_page=True)
                    print(name, page.evaluate("() => ({...document.getElementById('golf-match').dataset})"))
        raise
    finally:
        for context in (host, japanese, phone):
            context.close()
