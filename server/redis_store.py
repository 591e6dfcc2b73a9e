"""Rooms in Redis, shared by every server process of a site (`STORE=redis://host:port/db`).

Keys (under a prefix, `golf:` unless told otherwise):

| key | type | what |
|---|---|---|
| `golf:room:<code>` | hash | `rev`: the room's revision (one more per commit); `data`: the room as `Room.to_data` (rules, seats with their tokens' hashes and presence, the secret seed, the action log) |
| `golf:rooms` | sorted set | every room's code, scored by when it last changed (idle rooms are removed from its low end) |
| `golf:processes` | sorted set | every server process, scored by its last heartbeat (a seat held by a process that stopped beating is away) |

Every change is one Lua script (`COMMIT`), run atomically by Redis: it checks the room is still at the revision
the process read, writes the new data, bumps the revision and publishes the new room on the room's channel
(bus.py), with the name of the process that committed it (which skips its own message: it told its clients
already). One round trip a change: the commit is the only command a move sends, on a lean socket of its own
(redis_line.py). Two processes can never both commit on the same revision: the second gets `Conflict`, reads the
room again and tries its change on that. A client's change is acknowledged only after its commit returned.

The seed and the tokens' hashes are in the room's data here and in the messages between processes on Redis'
own channels; they are never in a frame to a client or a log line.
"""

from __future__ import annotations

import os
import secrets
import socket
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import urlsplit

import orjson
import redis.asyncio as redis

from .bus import NOBODY, LeanBus, RedisBus, channel
from .redis_line import RedisLine, available
from .store import Changed, Conflict

PREFIX = "golf:"
POOL = 32
"""Connections to Redis a process uses at most for its commands (the bus has one more of its own)."""
TIMEOUT = 10.0
ALIVE_SECONDS = 15.0
"""A process that has not beaten for this long is taken as stopped (its clients' seats become away). Generous:
a loaded machine may stall a process for seconds, and marking a present person away is worse than late."""

COMMIT = """
local rev = tonumber(redis.call('HGET', KEYS[1], 'rev') or '0')
if rev ~= tonumber(ARGV[1]) then return {0, rev} end
rev = rev + 1
redis.call('HSET', KEYS[1], 'rev', rev, 'data', ARGV[2])
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[4])
redis.call('PUBLISH', KEYS[1], rev .. ' ' .. ARGV[5] .. ' ' .. ARGV[2])
return {1, rev}
"""

REMOVE = """
local rev = redis.call('HGET', KEYS[1], 'rev')
if not rev then return 0 end
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('PUBLISH', KEYS[1], (tonumber(rev) + 1) .. ' ' .. ARGV[3] .. ' !' .. ARGV[2])
return 1
"""

REMOVE_IDLE = """
local codes = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', '(' .. ARGV[1], 'LIMIT', 0, 100)
for _, code in ipairs(codes) do
  local key = ARGV[2] .. 'room:' .. code
  local rev = redis.call('HGET', key, 'rev')
  redis.call('DEL', key)
  redis.call('ZREM', KEYS[1], code)
  if rev then redis.call('PUBLISH', key, (tonumber(rev) + 1) .. ' ' .. ARGV[4] .. ' !' .. ARGV[3]) end
end
return codes
"""


def is_redis_url(store: str) -> bool:
    return urlsplit(store).scheme in ("redis", "rediss", "unix")


class RedisStore:
    """`SharedStore` on one Redis (store.py): the data commands here, the listening in `RedisBus`."""

    def __init__(self, url: str, prefix: str = PREFIX, process: str | None = None) -> None:
        self.url = url
        self.prefix = prefix
        self.process = process or f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"
        # A bounded pool: under a burst (a thousand pages reconnecting at once) commands wait their turn for one of
        # POOL connections instead of opening thousands; a command waits at most TIMEOUT seconds for Redis, and its
        # client is then told to try again (room.error.busy).
        pool = redis.BlockingConnectionPool.from_url(
            url, max_connections=POOL, timeout=TIMEOUT, decode_responses=True, socket_timeout=TIMEOUT,
            socket_connect_timeout=TIMEOUT, health_check_interval=10,
        )  # fmt: skip
        self.client: redis.Redis = redis.Redis(connection_pool=pool)
        lean = available(url)  # hiredis: the commits and the bus on lean sockets of their own (redis_line.py)
        self.bus = (
            LeanBus(url, self.client, prefix, self.process, TIMEOUT)
            if lean
            else RedisBus(self.client, prefix, self.process)
        )
        self._commit = self.client.register_script(COMMIT)
        self._line = RedisLine(url, TIMEOUT) if lean else None  # the one command a move waits on
        self._remove = self.client.register_script(REMOVE)
        self._remove_idle = self.client.register_script(REMOVE_IDLE)
        self.rooms_key = f"{prefix}rooms"
        self.processes_key = f"{prefix}processes"

    def room_key(self, code: str) -> str:
        return channel(self.prefix, code)  # the room's hash and its channel share a name (Redis keeps them apart)

    async def start(self, changed: Changed, resync: Callable[[], Awaitable[None]]) -> None:
        await self.client.ping()
        await self.bus.start(changed, resync)

    async def close(self) -> None:
        await self.bus.close()
        if self._line is not None:
            await self._line.close()
        await self.client.aclose()

    async def read(self, code: str) -> tuple[dict[str, Any], int] | None:
        kept = await self.client.hmget(self.room_key(code), ["rev", "data"])
        if kept[0] is None or kept[1] is None:
            return None
        return orjson.loads(kept[1]), int(kept[0])

    async def revision(self, code: str) -> int:
        return int(await self.client.hget(self.room_key(code), "rev") or 0)

    async def commit(self, code: str, data: dict[str, Any], revision: int, updated: float) -> int:
        text = orjson.dumps(data)  # compact JSON, UTF-8 (a tenth of the standard encoder's time)
        keys = [self.room_key(code), self.rooms_key]
        args: list[bytes | int | float | str] = [revision, text, updated, code, self.process]
        if self._line is not None:
            done, now = await self._line.script(self._commit.sha, COMMIT, keys, args)
        else:
            done, now = await self._commit(keys=keys, args=args)
        if not done:
            raise Conflict(f"room {code} is at revision {now}, not {revision}")
        return int(now)

    async def remove(self, code: str, key: str) -> None:
        await self._remove(keys=[self.room_key(code), self.rooms_key], args=[code, key, self.process])

    async def remove_idle(self, before: float) -> list[str]:
        # Told as from nobody: the process that removed them holds some of them too, and must hear it.
        codes = await self._remove_idle(keys=[self.rooms_key],
                                        args=[before, self.prefix, "room.closed.idle", NOBODY])  # fmt: skip
        return [str(code) for code in codes]

    async def count(self) -> int:
        return int(await self.client.zcard(self.rooms_key))

    async def watch(self, code: str) -> None:
        await self.bus.watch(code)

    async def unwatch(self, code: str) -> None:
        await self.bus.unwatch(code)

    async def beat(self, now: float) -> None:
        async with self.client.pipeline(transaction=False) as pipe:  # one round trip for both
            pipe.zadd(self.processes_key, {self.process: now})
            pipe.zremrangebyscore(self.processes_key, "-inf", now - 100 * ALIVE_SECONDS)
            await pipe.execute()

    async def alive(self, now: float) -> set[str]:
        found = await self.client.zrangebyscore(self.processes_key, now - ALIVE_SECONDS, "+inf")
        return {str(name) for name in found} | {self.process}
