"""What the server sends each seat: the Play page's view of the table for that seat, and the room around it.

The table is the door's own view (`sixcardgolf.door.match.seat_view`), the one the local Play page draws, made
for the seat that will read it, in its language, without the two fields only a match kept in one browser has
(`local_view`'s `seed`, which deals every hole, and `save`, the seed and the whole action log). Once a hole
is over, the seat gets the room's record of the finished holes instead (`Match.record_save`: the keys those
holes were dealt from, never the seed), from which its own browser runs the Review.

Every seat of a room is told after each change, so what is the same for all of them (the door's public parts of
the table, the room's seats) is made once per change (`Moment`) and only each seat's own parts once a seat.
"""

from __future__ import annotations

from typing import Any

from sixcardgolf.door.match import SharedView, seat_view
from sixcardgolf.door.saves import PLAYGROUND_FORMAT, PLAYGROUND_VERSION
from sixcardgolf.door.seated import Move

from .room import COMPUTER, OPEN, PERSON, PLAYING, Room


class Moment:
    """The parts of every seat's view of `room` as it stands now that are the same for every seat: made once when
    all of its seats are told of a change, and used for that change only."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.table = SharedView(room.played) if room.played is not None else None
        self._seats: list[dict[str, Any]] | None = None

    def seats(self) -> list[dict[str, Any]]:
        if self._seats is None:
            self._seats = _seats(self.room)
        return self._seats


def table_view(
    room: Room, seat: int, lang: str, moves: list[Move], moment: Moment | None = None
) -> dict[str, Any] | None:
    """The table as `seat` sees it (None in the lobby), `moves` shown as that seat saw each one."""
    if room.state != PLAYING or room.played is None:
        return None
    shared = moment.table if moment is not None and moment.room is room else None
    view = seat_view(room.played, {"lang": lang, "viewer": seat}, moves, shared)
    view["step"] = room.step
    view["moves"] = len(room.played.match.log)  # a returning page says how many it saw (join.seen)
    match = room.played.match
    view["record"] = record(room) if match.records else None
    return view


def record(room: Room) -> dict[str, Any]:
    """The finished holes as a Play page save (door/saves.py), which the page's own engine reviews like its own
    matches. The same for every seat until the next hole ends: made once per finished hole."""
    assert room.played is not None
    match = room.played.match
    key = (room.matches_played, len(match.records))  # a rematch counts one more match played
    if room.record_cache is None or room.record_cache[0] != key:
        made = {
            "format": PLAYGROUND_FORMAT,
            "version": PLAYGROUND_VERSION,
            "seats": room.played.seats,
            "match": match.record_save(),
            "undo": False,
        }
        room.record_cache = (key, made)
    return room.record_cache[1]


def room_view(room: Room, seat: int, moment: Moment | None = None) -> dict[str, Any]:
    """The room around the table, as `seat` sees it: who sits where and whether they are here."""
    return {
        "code": room.code,
        "state": room.state,
        "you": seat,
        "host": 0,
        "setup": room.setup,
        "grace": room.grace,
        "step": room.step,
        "seats": moment.seats() if moment is not None and moment.room is room else _seats(room),
        "agreed": sorted(room.agreed),
        "matches_won": room.matches_won,
        "matches_played": room.matches_played,
    }


def _seats(room: Room) -> list[dict[str, Any]]:
    """Who sits where and whether they are here: the same for every seat."""
    return [
        {
            "kind": s.kind,
            "name": s.name,
            "level": s.level if s.kind == COMPUTER or s.standing_in else None,
            "here": s.kind == PERSON and s.away_since is None,
            "away": s.kind == PERSON and s.away_since is not None,
            "standing_in": s.standing_in,
            "open": s.kind == OPEN,
        }
        for s in room.seats
    ]
