"""Issue 27 at the table, in Chromium against a real room server: the room form offers the server's turn timers,
the seat to move shows its countdown, a reaction appears beside the seat at the table and on the spectator's
page (its rate limit is the hub's test: a loaded browser keeps no time), and the spectator's page (the link
from the share panel) draws no card that is face down. Quick match from the page is a slow test (real waits)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from rooms_support import RECORDER, frames

from server.processes import RoomServer
from server.protocol import TURN_CHOICES
from server.reactions import REACTIONS
from support.browser import NO_SERVICE_WORKER
from support.playground import SITE

WAIT_MS = 30_000


def test_countdown_reactions_and_a_spectator_who_sees_no_hidden_card(browser: Browser, room_server: RoomServer) -> None:
    context = browser.new_context(viewport={"width": 1366, "height": 900}, **NO_SERVICE_WORKER)
    context.route(re.compile(r"/pyodide/"), lambda route: route.abort())  # the room's server plays: no engine
    context.add_init_script(RECORDER)
    try:
        host, watcher = context.new_page(), context.new_page()
        for page in (host, watcher):
            page.set_default_timeout(WAIT_MS)
        host.goto(f"{room_server.origin}/play/#room=new")
        host.locator("[data-room-name]").fill("Kei")
        timer = host.locator("[data-room-timer]")
        assert [int(v) for v in timer.locator("option").evaluate_all("(os) => os.map((o) => o.value)")] == list(
            TURN_CHOICES
        )
        assert timer.input_value() == "0"  # off by default among friends
        timer.select_option("30")
        host.locator("#setup-players").select_option("2")
        host.locator("#setup-level-2").select_option("easy")
        host.locator("[data-room-create]").click()
        watch_link = host.locator("[data-room-watch-link]").input_value()
        code = host.locator("[data-room-code]").inner_text()
        assert re.search(r"#watch=[A-Z0-9]{8}$", watch_link) and code not in watch_link

        watcher.goto(watch_link)
        expect(watcher.locator(".golf-watch")).to_be_visible()
        expect(host.locator("[data-room-spectators]")).to_have_attribute("data-room-spectators", "1")
        host.locator("[data-room-start]").click()

        # The countdown of the seat to move, counting down on the page from the server's 30 s.
        countdown = host.locator("[data-room-timer-left]")
        expect(countdown).to_have_text(re.compile(r"^0:(30|2\d) left$"))
        first = int(countdown.get_attribute("data-left") or "0")
        host.wait_for_function(
            "(first) => Number(document.querySelector('[data-room-timer-left]').dataset.left) < first", arg=first
        )
        assert countdown.get_attribute("role") == "timer"
        expect(watcher.locator("[data-room-timer-left]")).to_have_text(re.compile(r"^0:[0-3]\d left$"))  # theirs too

        # A reaction from the list, beside the host's seat on both pages.
        buttons = host.locator("[data-reaction]")
        assert buttons.evaluate_all("(bs) => bs.map((b) => b.dataset.reaction)") == list(REACTIONS)
        host.locator("[data-reaction=nice]").click()
        expect(host.locator(".golf-seat[data-seat='0'] .golf-reaction")).to_have_text("👍 Nice move")
        expect(watcher.locator(".golf-seat[data-seat='0'] .golf-reaction")).to_have_text("👍 Nice move")

        # The spectator's page: the seats drawn, no face where the frames say the card lies face down, and no
        # frame it was sent carries a face-down card or the room's own code.
        expect(watcher.locator(".golf-watch .golf-seat")).to_have_count(2)
        sent = frames(watcher)
        assert all(code not in json.dumps(frame) for frame in sent)
        last = next(f for f in reversed(sent) if f["type"] == "state" and f["table"])
        for frame in sent:
            if frame["type"] == "state" and frame["table"]:
                for layout in frame["table"]["observation"]["layouts"]:
                    assert all(slot["card"] is None for slot in layout if not slot["up"])
        drawn = watcher.evaluate("""() => [...document.querySelectorAll('.golf-watch .golf-seat')].map((seat) =>
            [...seat.querySelectorAll('[data-slot]')].map((slot) => Boolean(slot.querySelector('.golf-face'))))""")
        up = [[slot["up"] for slot in layout] for layout in last["table"]["observation"]["layouts"]]
        assert drawn == up
    finally:
        context.close()


@pytest.mark.slow
def test_quick_match_seats_two_strangers_together_and_fills_a_lone_persons_table(
    browser: Browser, tmp_path: Path
) -> None:
    """Quick match from the page: two people in separate browsers wanting a table of two are seated together;
    a person alone sees the countdown and then plays with a computer. (Slow: the wait is real time.)"""
    server = RoomServer({"GOLF_SITE": str(SITE), "GOLF_DB": str(tmp_path / "rooms.sqlite3"), "GOLF_QUICK_WAIT": "4"})
    server.start()
    contexts = [browser.new_context(viewport={"width": 1200, "height": 900}, **NO_SERVICE_WORKER) for _ in range(3)]
    try:
        pages = []
        for context in contexts:
            context.route(re.compile(r"/pyodide/"), lambda route: route.abort())
            page = context.new_page()
            page.set_default_timeout(WAIT_MS)
            pages.append(page)
        ann, bo, cy = pages

        def look(page: Page, name: str, players: str) -> None:
            page.goto(f"{server.origin}/play/#room=quick")
            page.locator("[data-quick-name]").fill(name)
            page.locator("[data-quick-players]").select_option(players)
            page.locator("[data-quick-go]").click()

        look(cy, "Cy", "3")
        expect(cy.locator("[data-quick-left]")).to_have_attribute("data-quick-left", re.compile(r"^[1-4]$"))
        look(ann, "Ann", "2")
        look(bo, "Bo", "2")
        for page in (ann, bo):
            expect(page.locator("#golf-match")).to_have_attribute("data-viewer", re.compile(r"^[01]$"))
            expect(page.locator(".golf-seat")).to_have_count(2)
        assert {ann.get_attribute("#golf-match", "data-viewer"), bo.get_attribute("#golf-match", "data-viewer")} == {
            "0",
            "1",
        }
        expect(ann.locator(".golf-board")).to_contain_text("Bo")
        expect(bo.locator(".golf-board")).to_contain_text("Ann")
        assert re.search(r"#room=[A-Z0-9]{6}$", ann.url)
        # Cy waited alone: after the countdown, a table of three with two computers.
        expect(cy.locator(".golf-seat")).to_have_count(3)
        expect(cy.locator("[data-room-timer-left]")).to_be_visible()
    finally:
        for context in contexts:
            context.close()
        server.stop()
