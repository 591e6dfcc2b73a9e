"""What the table's extras need between server processes beyond the room itself: finding a room by its
spectator code, and the preset reactions (told to every process, limited per person across them).

The room's own commits already carry the turn timer's deadline and the spectators' count (`Room.extras`): those
need nothing here. What does:

- **A spectator code** names a room only through this process's copies; a spectator reaching a process that
  holds no copy of the room finds it through Redis (`golf:watch:<spectator code>` -> the room's code). The key is
  written when the room is made and again by the processes holding the room every quarter of the idle limit
  (one pipelined write for the rooms due, on the tick), and it expires after 1.25 idle limits: a room removed
  leaves a key that lapses by itself, and a key left pointing at a code since reused opens nothing (the hub
  checks the room's own spectator code).
- **A reaction** is told to the other processes on one channel of the whole site (`golf:reactions`): each
  process tells its own clients of the rooms it holds and ignores the rest. Reactions are few (one per person
  every 3 s at most) and small, so one channel is cheaper than a subscription per room. The per-person limit
  holds across processes by a key with an expiry (`golf:react:<room>:<seat>`, set only if absent, for 3 s), set
  and published by one Lua script: one round trip a reaction. A reaction is never kept: a process whose line
  was down meanwhile misses it, as a page that was away does.

With one process (no Redis) `LocalTableLine` does nothing: its copies are every room.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
from collections.abc import Awaitable, Callable, Iterable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import redis.asyncio as redis

    from .room import Room
    from .store import SharedStore

log = logging.getLogger("sixcardgolf.rooms")

Heard = Callable[[str, int, str], Awaitable[None]]
"""A reaction made on another process: (room code, seat, reaction)."""
RETRY_SECONDS = 0.5
LAPSE = 1.25
"""A spectator code's name lasts this many idle limits: past the last naming by a process that held the room,
longer than the room can stay unchanged before it is removed (it was named at most a quarter limit earlier)."""

REACT = """
if redis.call('SET', KEYS[1], '1', 'PX', ARGV[1], 'NX') then
  redis.call('PUBLISH', KEYS[2], ARGV[2])
  return 1
end
return 0
"""


class TableLine(Protocol):
    async def start(self, heard: Heard) -> None: ...

    async def close(self) -> None: ...

    async def name(self, rooms: Iterable[Room], now: float, seconds: float) -> None:
        """The spectator codes of `rooms` findable by every process for `seconds` (those named lately skipped)."""

    async def find(self, watch: str) -> str | None:
        """The code of the room whose spectator code is `watch`, as the processes named it (None: unknown)."""

    async def react(self, code: str, seat: int, reaction: str, every: float) -> bool:
        """A reaction told to every process, unless this person reacted in the last `every` seconds."""


class LocalTableLine:
    """One process: nothing to tell anyone."""

    async def start(self, heard: Heard) -> None:
        return None

    async def close(self) -> None:
        return None

    async def name(self, rooms: Iterable[Room], now: float, seconds: float) -> None:
        return None

    async def find(self, watch: str) -> str | None:
        return None

    async def react(self, code: str, seat: int, reaction: str, every: float) -> bool:
        return True


class RedisTableLine:
    def __init__(self, client: redis.Redis, prefix: str, process: str) -> None:
        self.client, self.prefix, self.process = client, prefix, process
        self.channel = f"{prefix}reactions"
        self._react = client.register_script(REACT)
        self._named: dict[str, float] = {}  # room code -> when this process last named its spectator code
        self._task: asyncio.Task[None] | None = None
        self._pubsub: Any = None

    async def start(self, heard: Heard) -> None:
        await self._subscribe()
        self._task = asyncio.create_task(self._listen(heard))

    async def _subscribe(self) -> None:
        self._pubsub = self.client.pubsub(ignore_subscribe_messages=True)
        await self._pubsub.subscribe(self.channel)

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await self._task
        if self._pubsub is not None:
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await self._pubsub.aclose()

    async def _listen(self, heard: Heard) -> None:
        while True:
            try:
                message = await self._pubsub.get_message(timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception:  # Redis lost: subscribe again once it is back (reactions meanwhile are missed)
                with contextlib.suppress(Exception):
                    await self._pubsub.aclose()
                await asyncio.sleep(RETRY_SECONDS)
                with contextlib.suppress(Exception):
                    await self._subscribe()
                continue
            if message is None or message.get("type") != "message":
                continue
            try:
                told = json.loads(message["data"])
                if told["from"] != self.process:
                    await heard(str(told["room"]), int(told["seat"]), str(told["reaction"]))
            except Exception:  # one bad message must not stop the line
                log.exception("a reaction from another process could not be told")

    def _watch_key(self, watch: str) -> str:
        return f"{self.prefix}watch:{watch}"

    async def name(self, rooms: Iterable[Room], now: float, seconds: float) -> None:
        due = [room for room in rooms if now - self._named.get(room.code, -math.inf) >= seconds / 4]
        if not due:
            return
        async with self.client.pipeline(transaction=False) as pipe:
            for room in due:
                pipe.set(self._watch_key(room.watch_code), room.code, ex=max(1, int(seconds * LAPSE)))
            await pipe.execute()
        for room in due:
            self._named[room.code] = now
        for code in [c for c, when in self._named.items() if now - when >= seconds]:
            del self._named[code]  # rooms this process no longer holds (or not since long): named afresh if held

    async def find(self, watch: str) -> str | None:
        code = await self.client.get(self._watch_key(watch))
        return None if code is None else str(code)

    async def react(self, code: str, seat: int, reaction: str, every: float) -> bool:
        told = json.dumps({"from": self.process, "room": code, "seat": seat, "reaction": reaction})
        keys = [f"{self.prefix}react:{code}:{seat}", self.channel]
        return bool(await self._react(keys=keys, args=[max(1, int(every * 1000)), told]))


def line_for(shared: SharedStore | None) -> TableLine:
    """The line of a hub's store: Redis' for a Redis store, else none."""
    if shared is None:
        return LocalTableLine()
    from .redis_store import RedisStore

    if isinstance(shared, RedisStore):
        return RedisTableLine(shared.client, shared.prefix, shared.process)
    return LocalTableLine()
