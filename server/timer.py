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

The timer's state is part of the room (`Room.extras`: `turn`, the running turn's key, seat and start; `missed`,
the turns run out in a row per seat), kept and shared with it: the hub marks the turn just before every commit
(`mark`, in `Hub._keep`), so the start is the committing process's clock and every process holding the room, and
a process that takes it on later, shows the same deadline. A process holding a room that was killed loses
nothing: any other process holding it fires the timer at the same deadline.

Exactly one expiry across processes, by the revision's compare-and-set rather than an owner's lock: every
process holding the room may find the turn run out on its tick and make the computer's turn on its copy, but
only one commit on that revision wins; the others get `Conflict`, read the room again (the winner's turn now
running, its clock just started) and find nothing ran out. Why not a Redis lock with an expiry: a lock held by a
killed process would delay the firing by the lock's lifetime (and need tuning against the tick and a loaded
machine's stalls), and it costs a Redis command per room and tick; the compare-and-set costs nothing more than
the commit every change already makes, and needs no owner to be handed over. Its cost: when two processes tick
within the same few milliseconds both compute the computer's turn (a Normal decision) and one is thrown away.
Processes on several machines should keep their clocks in step (NTP): a clock ahead fires that much early.

What a seat is told (`view`): the room's setting, and for the turn running now its seat and the seconds left
when the frame was made; the page counts down from there on its own clock, so no page's clock has to agree with
the server's. On one process with SQLite a restarted server starts every running turn anew (`restart`): its
people were all away meanwhile.
"""

from __future__ import annotations

from typing import Any

from sixcardgolf.door.seated import Move

from .protocol import TURN_CHOICES
from .room import PERSON, PLAYING, Room

__all__ = ["AWAY_AFTER", "TURN_CHOICES", "TurnTimers"]
AWAY_AFTER = 2
"""Turns run out in a row after which the person is marked away and a computer plays for them."""
READY = -1
"""The clock's seat at a hole's end, while the table waits for its people's "ready"."""
TURN, MISSED = "turn", "missed"
"""The keys of the timer's state in `Room.extras`."""


class TurnTimers:
    """The turn timer's rules over the state each room keeps (no state of its own: every process agrees)."""

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
        """Before any change of `room` is kept: a new turn starts its clock now; the same turn keeps it."""
        seat = self.waiting_on(room)
        if seat is None:
            room.extras.pop(TURN, None)
            return
        assert room.played is not None
        match = room.played.match
        key = [room.matches_played, len(match.records), -1 if seat == READY else match.hole.turns, seat]
        turn = room.extras.get(TURN)
        if turn is None or turn["key"] != key:
            room.extras[TURN] = {"key": key, "seat": seat, "since": now}

    def restart(self, room: Room, now: float) -> None:
        """A room read back by a restarted process (one process, its own store): the running turn starts anew."""
        room.extras.pop(TURN, None)
        self.mark(room, now)

    def acted(self, room: Room, seat: int) -> None:
        """The person moved themselves: their run of missed turns is over."""
        missed = room.extras.get(MISSED)
        if missed and str(seat) in missed:
            rest = {k: n for k, n in missed.items() if k != str(seat)}
            if rest:
                room.extras[MISSED] = rest
            else:
                del room.extras[MISSED]

    def deadline(self, room: Room) -> float | None:
        """When the running turn runs out, on the server's clock (None: no turn running)."""
        turn = room.extras.get(TURN)
        if turn is None or not room.turn_seconds:
            return None
        return float(turn["since"]) + room.turn_seconds

    def left(self, room: Room, now: float) -> float | None:
        deadline = self.deadline(room)
        return None if deadline is None else max(0.0, deadline - now)

    def view(self, room: Room, now: float) -> dict[str, Any]:
        """The room view's part: {"timer": seconds or 0, "turn": {"seat", "seconds", "left"} or None}."""
        left = self.left(room, now)
        turn = room.extras.get(TURN)
        shown = None if turn is None or left is None else {"seat": turn["seat"], "seconds": room.turn_seconds,
                                                           "left": round(left, 1)}  # fmt: skip
        return {"timer": room.turn_seconds, "turn": shown}

    def expire(self, room: Room, now: float) -> list[Move] | None:
        """If `room`'s turn has run out: the computer's moves for that seat (None: nothing ran out)."""
        self.mark(room, now)  # a room kept before the timer's state was kept starts its turn's clock here
        turn = room.extras.get(TURN)
        deadline = self.deadline(room)
        if turn is None or deadline is None or deadline > now or self.waiting_on(room) != turn["seat"]:
            return None
        seat = int(turn["seat"])
        if seat == READY:
            moves = room.agree_for_everyone(now)
            self.mark(room, now)
            return moves
        missed = dict(room.extras.get(MISSED) or {})
        missed[str(seat)] = missed.get(str(seat), 0) + 1
        room.extras[MISSED] = missed
        moves = room.play_turn_for(seat, now)
        if missed[str(seat)] >= AWAY_AFTER:
            moves += room.mark_away(seat, now)
        self.mark(room, now)
        return moves

    @staticmethod
    def missed(room: Room, seat: int) -> int:
        """Turns run out on `seat` in a row."""
        return int((room.extras.get(MISSED) or {}).get(str(seat), 0))
