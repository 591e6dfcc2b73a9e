"""What the server sends each seat: the Play page's view of the table for that seat, and the room around it.

The table is the door's own view (`sixcardgolf.door.match.seat_view`), the one the local Play page draws, made
for the seat that will read it, in its language, without the two fields only a match kept in one browser has
(`local_view`'s `seed`, which deals every hole, and `save`, the seed and the whole action log). Once a hole
is over, the seat gets the room's record of the finished holes instead (`Match.record_save`: the keys those
holes were dealt from, never the seed), from which its own browser runs the Review.
"""

from __future__ import annotations

from typing import Any

from sixcardgolf.door.match import seat_view
from sixcardgolf.door.saves import PLAYGROUND_FORMAT, PLAYGROUND_VERSION
from sixcardgolf.door.seated import Move

from .room import COMPUTER, OPEN, PERSON, PLAYING, Room


def table_view(room: Room, seat: int, lang: str, moves: list[Move]) -> dict[str, Any] | None:
    """The table as `seat` sees it (None in the lobby), `moves` shown as that seat saw each one."""
    if room.state != PLAYING or room.played is None:
        return None
    view = seat_view(room.played, {"lang": lang, "viewer": seat}, moves)
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


def room_view(room: Room, seat: int) -> dict[str, Any]:
    """The room around the table, as `seat` sees it: who sits where and whether they are here."""
    return {
        "code": room.code,
        "state": room.state,
        "you": seat,
        "host": 0,
        "setup": room.setup,
        "grace": room.grace,
        "step": room.step,
        "seats": [
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
        ],
        "agreed": sorted(room.agreed),
        "matches_won": room.matches_won,
        "matches_played": room.matches_played,
    }
