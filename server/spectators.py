"""Spectators: a read-only link to a room, which shows only what everyone at the table sees.

Each room has a spectator code of its own (`Room.watch_code`, longer than a room code, so one is never taken for
the other). A spectator's page sends `watch` with it and is then sent the room and the public table after every
change: never a seat's face-down or peeked cards, never the card a seat drew from the stock, never the room's
own code (which would let a spectator take a free seat in the lobby). A spectator sends nothing that changes the
room; the players see how many are watching (`spectators` in the room view). At most
`Settings.spectators_per_room` watch one room.

Counted across processes: the room keeps how many spectators each server process holds (`Room.extras`,
`watchers`: process -> count), changed by a commit like any change of the room, so the cap holds across
processes (two processes admitting the last place at once: one commit wins, the other reads the room again and
refuses) and every process shows the players the same count. A process killed with spectators stops beating;
from then on its count is left out of the cap (`admit`), and the next tick of any process holding the room
drops it (`reconcile`), as the seats of a stopped process become away. Each process's tick also sets its own
count to the spectators it holds (a departure whose commit failed is counted right a second later). Kept in the
room's own data rather than in a Redis hash of its own with an expiry: the commit's compare-and-set makes the cap
exact, the bus already brings every process the new count with the room, and the heartbeat is the expiry.

The public table is made here from the engine's state by one rule: a card is shown when it lies face up (in a
layout, on the discard pile) or when the move that showed it showed it to everyone (the card in hand taken
from the discard pile, the cards of each move's public event). Every spectator frame is checked against the
engine's own hole in tests/server/test_server_spectators.py.
"""

from __future__ import annotations

from typing import Any

from sixcardgolf.cards import format_card
from sixcardgolf.door.seated import Move
from sixcardgolf.observation import observe

from .errors import RoomError
from .room import PLAYING, Room
from .views import Moment, room_view

SPECTATOR = -1
"""The seat a spectator views from: none."""
WATCHERS = "watchers"
"""The key of the spectators per process in `Room.extras`."""


def counted(room: Room) -> int:
    """The room's spectators, on every process (a stopped one's until a tick drops them: at most 16 s)."""
    watchers: dict[str, int] = room.extras.get(WATCHERS) or {}
    return sum(watchers.values())


def admit(room: Room, process: str, here: int, alive: set[str], most: int) -> None:
    """`process` holds `here` spectators of the room from now on (one more than it had), unless that passes
    `most` with those of the other processes alive (the stopped ones' dropped)."""
    kept: dict[str, int] = room.extras.get(WATCHERS) or {}
    watchers = {p: n for p, n in kept.items() if p in alive and p != process}
    if sum(watchers.values()) + here > most:
        raise RoomError("room.extra.watch_full", most=most)
    room.extras[WATCHERS] = {**watchers, process: here}


def reconcile(room: Room, process: str, here: int, alive: set[str] | None = None) -> bool:
    """The room's count brought up to date: `process`'s own is `here`, and (given `alive`) those of stopped
    processes dropped. Whether anything changed."""
    kept: dict[str, int] = room.extras.get(WATCHERS) or {}
    watchers = {p: n for p, n in kept.items() if (alive is None or p in alive) and p != process and n > 0}
    if here:
        watchers[process] = here
    if watchers == kept:
        return False
    if watchers:
        room.extras[WATCHERS] = watchers
    else:
        room.extras.pop(WATCHERS, None)
    return True


def public_observation(room: Room) -> dict[str, Any]:
    """The hole as everyone sees it: seat 0's observation with everything only seat 0 may know taken out."""
    assert room.played is not None
    hole = room.played.match.hole
    seen = observe(hole, 0).to_dict()
    layouts = []
    for seat, layout in enumerate(hole.layouts):
        up = hole.up[seat]
        layouts.append([
            {"card": format_card(card) if up >> position & 1 else None, "up": bool(up >> position & 1), "peeked": False}
            for position, card in enumerate(layout)
        ])  # fmt: skip
    held = seen["held"] if seen["held_from"] == "discard" else None
    return {**seen, "seat": None, "layouts": layouts, "held": held, "legal_actions": []}


def watch_room_view(room: Room, moment: Moment | None = None) -> dict[str, Any]:
    """The room around the table as a spectator sees it: the seats and their presence, without the room's code."""
    view = room_view(room, SPECTATOR, moment)
    view["code"] = None
    view["you"] = None
    view["watch"] = room.watch_code
    return view


def watch_table(room: Room, moves: list[Move]) -> dict[str, Any] | None:
    """The public table (None in the lobby): what a spectator's page draws."""
    if room.state != PLAYING or room.played is None:
        return None
    match = room.played.match
    hole = match.hole
    table: dict[str, Any] = {
        "viewer": None,
        "observation": public_observation(room),
        "rows": match.rules.rows,
        "cols": match.rules.cols,
        "hole": match.hole_number,
        "holes": match.rules.holes,
        "totals": match.totals(),
        "hole_over": hole.is_over(),
        "events": [move.event for move in moves],
        "step": room.step,
        "moves": len(match.log),
        "scores": None,
    }
    if hole.is_over():
        table["scores"] = [int(points) for points in match.records[-1].points] if match.records else None
    return table
