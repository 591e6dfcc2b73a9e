"""The room server's settings: each one an environment variable (and a flag of `python -m server`).

| variable | default | what it is |
|---|---|---|
| `PORT` | 8000 | the port, on `GOLF_HOST` |
| `GOLF_HOST` | 127.0.0.1 | the address listened on (behind a TLS proxy: keep it on loopback) |
| `GOLF_SITE` | `site` | the built site served beside the rooms (empty: rooms only) |
| `GOLF_DB` | `var/rooms.sqlite3` | the SQLite file the rooms are kept in (`:memory:`: none, lost at exit) |
| `STORE` | (SQLite, `GOLF_DB`) | `redis://host:port/db`: the rooms in that Redis, shared with every process started with it (server/redis_store.py) |
| `GOLF_SEND_QUEUE` | 64 | frames waiting for one client before it is dropped as not reading (server/outbox.py) |
| `GOLF_ORIGINS` | the server's own | other origins whose pages may open a room's websocket, comma-separated |
| `GOLF_GRACE` | 180 | seconds a dropped person's seat is held before a computer plays it |
| `GOLF_MAX_ROOMS` | 5000 | rooms on the server at once |
| `GOLF_ROOMS_PER_ADDRESS` | 20 | rooms one address may have open at once |
| `GOLF_IDLE_HOURS` | 24 | a room not changed for this long is removed |
| `GOLF_MESSAGE_RATE` | 10 | messages a second one connection may send (with bursts of `GOLF_MESSAGE_BURST`, 30) |
| `GOLF_SPECTATORS` | 20 | spectators one room may have at once (on all the processes sharing it) |
| `GOLF_QUICK_WAIT` | 20 | seconds a quick match waits for people before computers fill its empty seats |
| `GOLF_QUEUE` | (this process) | `redis://host:port/db`: the quick-match line shared by every process of a site |
| `GOLF_THINKERS` | cores - 1, at least 1 | worker processes that think the computers' Hard decisions (server/thinking.py); 0: on the event loop |
| `GOLF_THINK_BUDGET` | 2 | seconds a Hard decision may take before a Normal one made at once replaces it |

(A `Settings()` made in code, as the tests make theirs, has `think_workers` 0: every decision inline.)
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

from .thinking import default_workers


@dataclass(frozen=True)
class Settings:
    host: str = "127.0.0.1"
    port: int = 8000
    site: str = "site"
    db: str = "var/rooms.sqlite3"
    store: str = ""  # empty: the SQLite file `db`; a redis:// URL: rooms shared by every process using it
    send_queue: int = 64
    origins: tuple[str, ...] = ()
    grace_seconds: float = 180.0
    max_rooms: int = 5000
    rooms_per_address: int = 20
    idle_seconds: float = 24 * 3600.0
    message_rate: float = 10.0
    message_burst: float = 30.0
    connections_per_room: int = 8
    tick_seconds: float = 1.0
    spectators_per_room: int = 20
    quick_wait_seconds: float = 20.0
    queue_url: str = ""  # "" the quick-match line in this process; redis://… shared through Redis
    think_workers: int = 0  # worker processes for Hard decisions (server/thinking.py); 0: inline
    think_budget: float = 2.0  # seconds a decision of the pool may take before the Normal fallback
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> Settings:
        env = dict(os.environ) if env is None else env

        def number(name: str, default: float) -> float:
            raw = env.get(name)
            if raw is None or raw == "":
                return default
            try:
                return float(raw)
            except ValueError:
                raise SystemExit(f"{name}={raw!r} is not a number") from None

        store = env.get("STORE", "").strip()
        if store and not store.startswith(("redis://", "rediss://", "unix://")):
            raise SystemExit(f"STORE={store!r} is not a store: expected redis://host:port/db (or nothing: SQLite)")
        origins = tuple(o.strip().rstrip("/") for o in env.get("GOLF_ORIGINS", "").split(",") if o.strip())
        return cls(
            host=env.get("GOLF_HOST", "127.0.0.1"),
            port=int(number("PORT", 8000)),
            site=env.get("GOLF_SITE", "site"),
            db=env.get("GOLF_DB", "var/rooms.sqlite3"),
            store=store,
            send_queue=max(1, int(number("GOLF_SEND_QUEUE", 64))),
            origins=origins,
            grace_seconds=number("GOLF_GRACE", 180),
            max_rooms=int(number("GOLF_MAX_ROOMS", 5000)),
            rooms_per_address=int(number("GOLF_ROOMS_PER_ADDRESS", 20)),
            idle_seconds=number("GOLF_IDLE_HOURS", 24) * 3600,
            message_rate=number("GOLF_MESSAGE_RATE", 10),
            message_burst=number("GOLF_MESSAGE_BURST", 30),
            tick_seconds=min(1.0, max(0.05, number("GOLF_GRACE", 180) / 10)),
            spectators_per_room=int(number("GOLF_SPECTATORS", 20)),
            quick_wait_seconds=number("GOLF_QUICK_WAIT", 20),
            queue_url=env.get("GOLF_QUEUE", ""),
            think_workers=max(0, int(number("GOLF_THINKERS", default_workers()))),
            think_budget=max(0.01, number("GOLF_THINK_BUDGET", 2.0)),
        )

    def public_limits(self) -> dict[str, Any]:
        """The limits a client is told in `welcome`, so a page can say them before it meets them."""
        from .protocol import MAX_MESSAGE_CHARS

        return {
            "message_chars": MAX_MESSAGE_CHARS,
            "message_rate": self.message_rate,
            "grace": self.grace_seconds,
            "spectators": self.spectators_per_room,
            "quick_wait": self.quick_wait_seconds,
        }
