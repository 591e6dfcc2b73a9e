"""Operating the room server: its metrics (Prometheus text format, `prometheus-client`) and one structured log
line per room event.

Each hub has a registry of its own (a test's hub never meets another's counts), served at `/metrics`:

| metric | kind | what |
|---|---|---|
| `golf_rooms` | gauge | rooms held by this process |
| `golf_connections` | gauge | websockets open now (seats and spectators) |
| `golf_spectators` | gauge | of which spectators |
| `golf_quick_waiting` | gauge | people of this process waiting for a quick match |
| `golf_moves_total` | counter | moves applied (a person's, a computer's, a timer's): `rate()` gives moves a second |
| `golf_move_seconds` | histogram | from a move's frame read to every seat told (the inline computers' replies included; a Hard reply follows on its own) |
| `golf_decision_seconds` | histogram | a Hard decision asked of the worker pool until its answer (server/thinking.py) |
| `golf_decision_fallbacks_total` | counter | decisions made inline at Normal instead, by `why` (`budget`, `broken`, `error`) |
| `golf_reconnects_total` | counter | a seat taken again with its token (a reload, a dropped connection) |
| `golf_errors_total` | counter | refusals sent, by `key` (`room.error.*`), failed clock ticks (`tick`) and computers' moves (`think`) |
| `golf_turns_expired_total` | counter | turns the turn timer played for a person |

The log line (logger `sixcardgolf.rooms.events`, level INFO; `python -m server` writes it to stderr with no
prefix) is one JSON object: `at` (the wall clock's seconds), `event`, `room` (the first 10
hex digits of the room code's SHA-256: enough to follow one room through a log, useless to join it), `seat`,
and the event's own numbers. Never a token, a name, a card or a room's code in clear.
"""

from __future__ import annotations

import hashlib
import json
import logging
import time
from collections.abc import Callable
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

events_log = logging.getLogger("sixcardgolf.rooms.events")

MOVE_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
DECISION_BUCKETS = (0.025, 0.05, 0.075, 0.1, 0.15, 0.25, 0.5, 1.0, 2.0, 5.0)


def room_tag(code: str) -> str:
    """A room as the log names it: a short hash of its code."""
    return hashlib.sha256(code.encode()).hexdigest()[:10]


class Ops:
    def __init__(self, rooms: Callable[[], int], spectators: Callable[[], int], waiting: Callable[[], int]) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        Gauge("golf_rooms", "Rooms held by this process", registry=r).set_function(rooms)
        Gauge("golf_spectators", "Spectators connected to this process", registry=r).set_function(spectators)
        Gauge("golf_quick_waiting", "People of this process waiting for a quick match", registry=r).set_function(
            waiting
        )
        self.connections = Gauge("golf_connections", "Websockets open on this process", registry=r)
        self.moves = Counter("golf_moves", "Moves applied", registry=r)
        self.move_seconds = Histogram("golf_move_seconds", "A move's frame read to every seat told", registry=r,
                                      buckets=MOVE_BUCKETS)  # fmt: skip
        self.reconnects = Counter("golf_reconnects", "Seats taken again with their token", registry=r)
        self.errors = Counter("golf_errors", "Refusals sent and failed ticks", ["key"], registry=r)
        self.expired = Counter("golf_turns_expired", "Turns the timer played for a person", registry=r)
        self.decision_seconds = Histogram("golf_decision_seconds", "A Hard decision asked of the pool until answered",
                                          registry=r, buckets=DECISION_BUCKETS)  # fmt: skip
        self.fallbacks = Counter("golf_decision_fallbacks", "Decisions made inline at Normal instead", ["why"],
                                 registry=r)  # fmt: skip

    def text(self) -> bytes:
        return generate_latest(self.registry)

    def event(self, kind: str, code: str | None, seat: int, **numbers: Any) -> None:
        """One log line for a room event; `numbers` are counts and steps, never words a person wrote."""
        if not events_log.isEnabledFor(logging.INFO):
            return
        line = {"at": round(time.time(), 3), "event": kind, "room": room_tag(code) if code else None, "seat": seat,
                **numbers}  # fmt: skip
        events_log.info(json.dumps(line, separators=(",", ":")))
