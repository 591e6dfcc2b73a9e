"""Where rooms are kept between changes, behind one small interface, so that a server can stop at any moment.

A room is kept as its data (`Room.to_data`: rules, seats with their tokens' hashes, the secret seed, the action
log), written after every change and before anyone is told of it. `RoomStore` is what the hub needs; the
embedded default is `SQLiteStore` (the standard library's sqlite3, one file, WAL journal: a write is one small
transaction, and a killed process loses at most the change it was writing, never a half-written room).
`MemoryStore` keeps rooms for one process's life (tests, benchmarks).

Several processes share their rooms through a `SharedStore` (`redis_store.RedisStore`): each change is
committed against the room's revision (a compare-and-set: `Conflict` when another process committed first), and
every commit is told to every process that holds a client of that room (`watch`). There the hub keeps only the
rooms its own clients are in, as a cache of the shared copy.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, Protocol


class RoomStore(Protocol):
    def put(self, code: str, data: dict[str, Any], updated: float) -> None:
        """Keep `data` as room `code`'s whole state, replacing what was kept."""

    def get(self, code: str) -> dict[str, Any] | None:
        """Room `code`'s data, or None."""

    def all(self) -> list[dict[str, Any]]:
        """Every room kept."""

    def delete(self, code: str) -> None:
        """Forget room `code`."""

    def remove_idle(self, before: float) -> list[str]:
        """Forget every room not changed since `before`; the codes forgotten."""


class MemoryStore:
    """Rooms in this process's memory (copied in and out, as a real store would)."""

    def __init__(self) -> None:
        self._rooms: dict[str, tuple[str, float]] = {}

    def put(self, code: str, data: dict[str, Any], updated: float) -> None:
        self._rooms[code] = (json.dumps(data), updated)

    def get(self, code: str) -> dict[str, Any] | None:
        kept = self._rooms.get(code)
        return None if kept is None else json.loads(kept[0])

    def all(self) -> list[dict[str, Any]]:
        return [json.loads(text) for text, _ in self._rooms.values()]

    def delete(self, code: str) -> None:
        self._rooms.pop(code, None)

    def remove_idle(self, before: float) -> list[str]:
        idle = [code for code, (_, updated) in self._rooms.items() if updated < before]
        for code in idle:
            del self._rooms[code]
        return idle


class SQLiteStore:
    """Rooms in one SQLite file: a row per room (its data as JSON and when it last changed)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # One connection for the server's one event loop thread; the lock covers a test that reads from another.
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        self._db.execute("PRAGMA journal_mode=WAL")
        # NORMAL: a commit is durable against a killed process (the WAL is written before the commit returns);
        # only a power loss may lose the last commits, never corrupt the file.
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("CREATE TABLE IF NOT EXISTS rooms (code TEXT PRIMARY KEY, data TEXT NOT NULL, updated REAL)")
        self._db.execute("CREATE INDEX IF NOT EXISTS rooms_updated ON rooms (updated)")

    def put(self, code: str, data: dict[str, Any], updated: float) -> None:
        text = json.dumps(data, separators=(",", ":"))
        with self._lock:
            self._db.execute(
                "INSERT INTO rooms (code, data, updated) VALUES (?, ?, ?) "
                "ON CONFLICT(code) DO UPDATE SET data = excluded.data, updated = excluded.updated",
                (code, text, updated),
            )

    def get(self, code: str) -> dict[str, Any] | None:
        with self._lock:
            row = self._db.execute("SELECT data FROM rooms WHERE code = ?", (code,)).fetchone()
        return None if row is None else json.loads(row[0])

    def all(self) -> list[dict[str, Any]]:
        with self._lock:
            rows = self._db.execute("SELECT data FROM rooms").fetchall()
        return [json.loads(row[0]) for row in rows]

    def delete(self, code: str) -> None:
        with self._lock:
            self._db.execute("DELETE FROM rooms WHERE code = ?", (code,))

    def remove_idle(self, before: float) -> list[str]:
        with self._lock:
            rows = self._db.execute("DELETE FROM rooms WHERE updated < ? RETURNING code", (before,)).fetchall()
        return [row[0] for row in rows]

    def close(self) -> None:
        with self._lock:
            self._db.close()


class Conflict(Exception):
    """Another process committed a change to the room first: read it again, and try the change on that."""


Changed = Callable[[str, int, "str | None", str], Awaitable[None]]
"""A commit heard from the bus: (code, revision, the room's data as JSON or None when it was closed, the closing
key)."""


class SharedStore(Protocol):
    """Rooms shared by several server processes (see the module's docstring)."""

    process: str
    """This process's name in the presence of seats (`Seat.at`)."""

    async def start(self, changed: Changed, resync: Callable[[], Awaitable[None]]) -> None:
        """Connect and listen; `changed` hears every commit to a watched room, `resync` runs after the bus was
        lost and found again (commits may have been missed meanwhile)."""

    async def close(self) -> None: ...

    async def read(self, code: str) -> tuple[dict[str, Any], int] | None:
        """Room `code`'s data and revision, or None."""

    async def revision(self, code: str) -> int:
        """Room `code`'s revision now (0: no such room)."""

    async def commit(self, code: str, data: dict[str, Any], revision: int, updated: float) -> int:
        """Keep `data` if the room is still at `revision` (0: a new room, whose code must be free); the new
        revision, or `Conflict`."""

    async def remove(self, code: str, key: str) -> None:
        """Forget room `code`, telling every process holding it why (`key`, a `room.closed.*`)."""

    async def remove_idle(self, before: float) -> list[str]:
        """Forget every room not changed since `before` (each told as closed for idleness)."""

    async def count(self) -> int:
        """Rooms kept, in all."""

    async def watch(self, code: str) -> None: ...

    async def unwatch(self, code: str) -> None: ...

    async def beat(self, now: float) -> None:
        """This process is alive (its clients' seats are held)."""

    async def alive(self, now: float) -> set[str]:
        """The processes alive now."""
