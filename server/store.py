"""Where rooms are kept between changes, behind one small interface, so that a server can stop at any moment.

A room is kept as its data (`Room.to_data`: rules, seats with their tokens' hashes, the secret seed, the action
log), written after every change and before anyone is told of it. `RoomStore` is what the hub needs; the
embedded default is `SQLiteStore` (the standard library's sqlite3, one file, WAL journal: a write is one small
transaction, and a killed process loses at most the change it was writing, never a half-written room).
`MemoryStore` keeps rooms for one process's life (tests, benchmarks). A store for several processes (Redis,
the next issue) is one more class with these four methods.
"""

from __future__ import annotations

import json
import sqlite3
import threading
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
