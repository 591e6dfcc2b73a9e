"""What the rooms' browser tests share: a room server in its own process, and reading a room's table as the page
draws it and as the frames the page was sent carry it.

The server is `python -m server` on a free 127.0.0.1 port, serving the worktree's built site beside the rooms,
its rooms in a SQLite file of the test's own folder (so a server killed and started again finds them).

Each page records every frame its websocket receives (an init script wraps `WebSocket`) and every card face the
live table draws in a seat's place (a MutationObserver on the stage): `shown_cards` against `revealed_cards`
says whether the page ever drew a card its seat was not sent face up.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page

from server.processes import RoomServer
from support.playground import SITE

GRACE_SECONDS = 30  # longer than any cut of these tests: nobody is played by a computer meanwhile


def new_room_server(db: Path, grace: float = GRACE_SECONDS) -> RoomServer:
    """The room server and the site on one origin, which a test can kill and start again on the same port and file."""
    assert (SITE / "playground" / "room-session.js").exists(), "site/ has no room client: run `make build` first"
    return RoomServer({"GOLF_SITE": str(SITE), "GOLF_DB": str(db), "GOLF_GRACE": str(grace)})


# Recorded in every page: the frames its websockets receive, and the card faces drawn in the live table's places.
RECORDER = """(() => {
  window.__frames = [];
  window.__shown = {};
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => window.__frames.push(event.data));
    }
  };
  const SUITS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"};
  const look = () => {
    for (const slot of document.querySelectorAll("#golf-match .golf-stage [data-slot]")) {
      const face = slot.querySelector(".golf-face");
      if (!face) continue;
      const rank = face.querySelector(".golf-face__rank").textContent;
      const suit = face.querySelector(".golf-face__suit").textContent;
      const card = rank === "JK" ? "JK" : rank + (SUITS[suit] || suit);
      (window.__shown[slot.dataset.slot] ||= {})[card] = true;
    }
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})();"""


def recorded_context(context: BrowserContext) -> BrowserContext:
    context.add_init_script(RECORDER)
    return context


def frames(page: Page) -> list[dict[str, Any]]:
    return [json.loads(text) for text in page.evaluate("() => window.__frames")]


def tables(page: Page) -> list[dict[str, Any]]:
    """Every table the page was sent, and every table of a move in them (as the seat saw it just after)."""
    found = []
    for frame in frames(page):
        table = frame.get("table") if frame.get("type") == "state" else None
        if table:
            found.append(table["observation"])
            found.extend(event["table"] for event in table["events"])
    return found


def hidden_leaks(page: Page) -> list[str]:
    """Cards a frame to this page carried that its seat may not see: another seat's face-down card, or its own
    face-down card it has not peeked at; and the fields a room never sends (the seed, the save)."""
    leaks = []
    for frame in frames(page):
        table = frame.get("table") if frame.get("type") == "state" else None
        if not table:
            continue
        leaks += [f"field {name}" for name in ("seed", "save") if name in table]
        for observation in [table["observation"], *(event["table"] for event in table["events"])]:
            me = observation["seat"]
            for seat, layout in enumerate(observation["layouts"]):
                for position, slot in enumerate(layout, start=1):
                    if slot["card"] and not slot["up"] and not (seat == me and slot["peeked"]):
                        leaks.append(f"{seat}-{position} {slot['card']} face down")
    return leaks


def revealed_cards(page: Page) -> dict[str, set[str]]:
    """Per place ("seat-position"), the cards the frames ever told this page are there."""
    revealed: dict[str, set[str]] = {}
    for observation in tables(page):
        for seat, layout in enumerate(observation["layouts"]):
            for position, slot in enumerate(layout, start=1):
                if slot["card"]:
                    revealed.setdefault(f"{seat}-{position}", set()).add(slot["card"])
    return revealed


def shown_cards(page: Page) -> dict[str, set[str]]:
    shown: dict[str, dict[str, bool]] = page.evaluate("() => window.__shown")
    return {place: set(cards) for place, cards in shown.items()}


def drawn_but_not_sent(page: Page) -> list[str]:
    """Card faces the page drew in a place that no frame sent it for that place: must be none."""
    revealed = revealed_cards(page)
    return [f"{place} {card}" for place, cards in shown_cards(page).items() for card in cards
            if card not in revealed.get(place, set())]  # fmt: skip


def match_data(page: Page, name: str) -> str:
    return page.get_attribute("#golf-match", f"data-{name}") or ""


def last_table(page: Page) -> dict[str, Any]:
    for frame in reversed(frames(page)):
        if frame.get("type") == "state" and frame.get("table"):
            return frame["table"]  # type: ignore[no-any-return]
    raise AssertionError("no table was sent to this page")


def frame_count(page: Page) -> int:
    return int(page.evaluate("() => window.__frames.length"))


def table_after(page: Page, since: int) -> dict[str, Any]:
    """The first table the page was sent after its first `since` frames (waiting for it)."""
    page.wait_for_function(
        "(since) => window.__frames.slice(since).some((text) => { const f = JSON.parse(text);"
        " return f.type === 'state' && f.table; })",
        arg=since,
    )
    for frame in frames(page)[since:]:
        if frame.get("type") == "state" and frame.get("table"):
            return frame["table"]  # type: ignore[no-any-return]
    raise AssertionError("unreachable")


def settled(page: Page) -> None:
    """The page has taken its last view in: not busy, no moves being shown."""
    page.wait_for_function("() => { const m = document.getElementById('golf-match');"
                           " return m.dataset.busy !== 'true' && !('replay' in m.dataset); }")  # fmt: skip


def my_turn(page: Page) -> bool:
    return match_data(page, "seat") != "" and match_data(page, "seat") == match_data(page, "viewer")


def play_one_action(page: Page, tap: bool = False) -> str:
    """The viewing seat's next action, as a person would make it (a click, or a tap on a touch screen): the
    first legal face-down place in the opening and a flip, the stock at a turn's start, a swap into the first
    legal place while holding (each turn turns a card up, so a hole ends soon). Returns the phase acted in."""
    settled(page)
    phase = match_data(page, "phase")
    mine = page.locator(".golf-seat--mine [data-pos][aria-disabled=false]")
    face_down = page.locator(".golf-seat--mine [data-pos][aria-disabled=false]:has(.golf-back)")
    if phase == "draw":
        target = page.locator("[data-pile=stock][aria-disabled=false]")
    elif face_down.count():
        target = face_down.first
    else:
        target = mine.first
    if tap:
        target.tap()
    else:
        target.click()
    return phase
