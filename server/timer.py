"""The turn timer: a room setting (off, 30, 60 or 120 seconds a turn) chosen when the room is created.

The server owns the clock (the hub's injectable clock: tests move it instead of sleeping). A turn starts when a
person becomes the seat to move and lasts until another seat is; a draw and the swap after it are one turn. The
clock runs only while a person is to move (a computer never waits, and a hole that is over waits for the
people's "ready", not for a timer).

When a turn runs out, a computer at the stand-in's level (Normal) plays the rest of that turn for the person.
At a hole's end the same clock runs for "ready" (seat `READY`: nobody's turn): when it runs out, everyone here
counts as ready and the next hole, or the rematch, starts.
When the same person's turn runs out `AWAY_AFTER` times in a row, the seat is marked away: a computer plays it
(as after the grace period) until the person sends `back`. A move of the person's own clears the count.

What a seat is told (`view`): the room's setting, and for the turn running now its seat and the seconds left
when the frame was made; the page counts down from there on its own clock, so no clock has to agree with the
server's. The timer's state is the process's own and is not kept: a restarted server starts every turn anew.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sixcardgolf.door.seated import Move

from .protocol import TURN_CHOICES
from .room import PERSON, PLAYING, Room

__all__ = ["AWAY_AFTER", "TURN_CHOICES", "TurnTimers"]
AWAY_AFTER = 2
"""Turns run out in a row after which the person is marked away and a computer plays for them."""
READY = -1
"""The clock's seat at a hole's end, while the table waits for its people's "ready"."""


@dataclass
class Turn:
    key: tuple[int, int, int, int]  # (matches played, hole, turns completed, seat): a new key is a new turn
    seat: int
    since: float


class TurnTimers:
    """The running turn of every room with a timer, and how many turns in a row each person has let run out."""

    def __init__(self) -> None:
        self.turns: dict[str, Turn] = {}
        self.missed: dict[tuple[str, int], int] = {}

    @staticmethod
    def waiting_on(room: Room) -> int | None:
        """The person the table waits for now (None: no timer, no match or a computer's turn; `READY`: a hole's
        end, where the table waits for people to be ready)."""
        played = room.played
        if not room.turn_seconds or room.state != PLAYING or played is None:
            return None
        if played.match.hole.is_over():
            return READY if room.present() and not set(room.present()) <= room.agreed else None
        seat = played.match.current_player()
        entry = room.seats[seat]
        return seat if entry.kind == PERSON and not entry.standing_in else None

    def mark(self, room: Room, now: float) -> None:
        """After any change of `room`: a new turn starts its clock; the same turn keeps it."""
        seat = self.waiting_on(room)
        if seat is None:
            self.turns.pop(room.code, None)
            return
        assert room.played is not None
        match = room.played.match
        key = (room.matches_played, len(match.records), -1 if seat == READY else match.hole.turns, seat)
        turn = self.turns.get(room.code)
        if turn is None or turn.key != key:
            self.turns[room.code] = Turn(key, seat, now)

    def acted(self, room: Room, seat: int) -> None:
        """The person moved themselves: their run of missed turns is over."""
        self.missed.pop((room.code, seat), None)

    def left(self, room: Room, now: float) -> float | None:
        turn = self.turns.get(room.code)
        if turn is None:
            return None
        return max(0.0, turn.since + room.turn_seconds - now)

    def view(self, room: Room, now: float) -> dict[str, Any]:
        """The room view's part: {"timer": seconds or 0, "turn": {"seat", "seconds", "left"} or None}."""
        turn = self.turns.get(room.code)
        left = self.left(room, now)
        shown = None if turn is None or left is None else {"seat": turn.seat, "seconds": room.turn_seconds,
                                                           "left": round(left, 1)}  # fmt: skip
        return {"timer": room.turn_seconds, "turn": shown}

    def expire(self, room: Room, now: float) -> list[Move] | None:
        """If `room`'s turn has run out: the computer's moves for that seat (None: nothing ran out)."""
        self.mark(room, now)  # a room loaded from the store starts its turn's clock here
        turn = self.turns.get(room.code)
        if turn is None or turn.since + room.turn_seconds > now or self.waiting_on(room) != turn.seat:
            return None
        seat = turn.seat
        if seat == READY:
            moves = room.agree_for_everyone(now)
            self.mark(room, now)
            return moves
        missed = self.missed.get((room.code, seat), 0) + 1
        self.missed[(room.code, seat)] = missed
        moves = room.play_turn_for(seat, now)
        if missed >= AWAY_AFTER:
            moves += room.mark_away(seat, now)
        self.mark(room, now)
        return moves

    def forget(self, code: str) -> None:
        self.turns.pop(code, None)
        for key in [k for k in self.missed if k[0] == code]:
            del self.missed[key]
