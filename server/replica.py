"""A room kept in step with the shared store: another process committed a change, and this one, which holds some
of the room's clients, brings its copy up to date and tells its own clients what happened.

The usual change is a few more actions at the end of the same match's log: they are applied to the match this
process already has (the engine replays deterministically from the seed, so every process reaches the same
table), each as the public event every seat saw, for the clients' views. Anything else (an undo, a new match,
the first deal) rebuilds the room from its data.
"""

from __future__ import annotations

from typing import Any

from sixcardgolf import actions as A
from sixcardgolf.door.seated import Move
from sixcardgolf.observation import public_event

from .moves import moves_since
from .room import LOBBY, PLAYING, Room


def catch_up(room: Room, data: dict[str, Any]) -> tuple[Room, list[Move]]:
    """The room as `data` has it, and the moves made since `room` as every seat saw them."""
    played = room.played
    log: list[str] = data["log"]
    extends = (
        played is not None
        and data["state"] == PLAYING
        and data["seed"] == room.seed
        and len(log) >= len(room.log)
        and log[: len(room.log)] == room.log
    )
    if not extends:
        return rebuilt(room, data, 0 if data["seed"] != room.seed or played is None else None)
    assert played is not None
    match = played.match
    moves = []
    for text in log[len(room.log) :]:
        action = A.parse_action(text)
        mover = match.current_player() if action != A.NEXT_HOLE else -1
        event = None if action == A.NEXT_HOLE or A.is_redeal(action) else public_event(match.hole, action)
        match.apply_logged(action)
        played.movers.append(mover)
        if event is not None:
            moves.append(Move(event, match.hole.clone(), len(match.log)))
    # Everything else of the room from its data (no replay: a lobby's data has no match to rebuild).
    fresh = Room.from_data({**data, "state": LOBBY})
    fresh.state, fresh.played, fresh.record_cache = data["state"], played, room.record_cache
    played.seats = fresh.engine_seats()
    return fresh, moves


def rebuilt(room: Room | None, data: dict[str, Any], seen: int | None) -> tuple[Room, list[Move]]:
    """The room rebuilt from `data` (its whole log replayed); with `seen`, the moves of the current hole after
    the first `seen` actions."""
    fresh = Room.from_data(data)
    moves = moves_since(fresh.played, seen) if seen is not None and fresh.played is not None else []
    return fresh, moves
