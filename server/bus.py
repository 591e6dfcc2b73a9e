"""The rooms' message bus on Redis pub/sub: a channel per room, to which every commit is published (by the commit's
own Lua script, so a change is told if and only if it was kept), and which a process listens to while one of its
clients is in that room.

A message is `"<revision> <the room's data as JSON>"`, or `"<revision> !<room.closed.* key>"` when the room was
closed. Pub/sub delivers each message once, in order, to whoever is subscribed at the time: a process whose line
to Redis broke may have missed some, so after it reconnects (and subscribes again) it reads every room it holds
afresh (`resync`). Missing a message never loses a change, only delays its telling: the change is in the
room's key, and the next commit of that room brings the whole room again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import redis.asyncio as redis
from redis.exceptions import RedisError

from .store import Changed

log = logging.getLogger("sixcardgolf.rooms")

RETRY_SECONDS = 0.2


def channel(prefix: str, code: str) -> str:
    return f"{prefix}room:{code}"


def encode_change(revision: int, text: str) -> str:
    return f"{revision} {text}"


def decode(message: str) -> tuple[int, str | None, str]:
    """(revision, the room's data as JSON or None, closing key or ""). The data is left unparsed: the process that
    committed it (and any process already past it) never needs it."""
    head, _, body = message.partition(" ")
    if body.startswith("!"):
        return int(head), None, body[1:]
    return int(head), body, ""


class RedisBus:
    def __init__(self, client: redis.Redis, prefix: str) -> None:
        self.client = client
        self.prefix = prefix
        self.watched: set[str] = set()
        self._pubsub: Any = None
        self._task: asyncio.Task[None] | None = None
        self._changed: Changed | None = None
        self._resync: Callable[[], Awaitable[None]] | None = None

    async def start(self, changed: Changed, resync: Callable[[], Awaitable[None]]) -> None:
        self._changed, self._resync = changed, resync
        await self._connect()
        self._task = asyncio.create_task(self._listen())

    async def _connect(self) -> None:
        self._pubsub = self.client.pubsub(ignore_subscribe_messages=True)
        # A channel nobody publishes to: a pub/sub connection must subscribe to something before it can be read.
        await self._pubsub.subscribe(f"{self.prefix}bus", *(channel(self.prefix, c) for c in self.watched))

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with _quiet():
                await self._task
        if self._pubsub is not None:
            with _quiet():
                await self._pubsub.aclose()

    async def watch(self, code: str) -> None:
        self.watched.add(code)
        # The line down: the listener subscribes to every watched room when it is back.
        with contextlib.suppress(RedisError, OSError):
            await self._pubsub.subscribe(channel(self.prefix, code))

    async def unwatch(self, code: str) -> None:
        self.watched.discard(code)
        with contextlib.suppress(RedisError, OSError):
            await self._pubsub.unsubscribe(channel(self.prefix, code))

    async def _listen(self) -> None:
        assert self._changed is not None and self._resync is not None
        cut = len(channel(self.prefix, ""))
        while True:
            try:
                message = await self._pubsub.get_message(timeout=1.0)
            except (RedisError, OSError) as error:
                log.warning("the rooms' bus lost Redis (%s): reconnecting", type(error).__name__)
                await self._reconnect()
                continue
            if message is None or message.get("type") != "message":
                continue
            code = str(message["channel"])[cut:]
            try:
                revision, data, key = decode(str(message["data"]))
                await self._changed(code, revision, data, key)
            except Exception:  # one room's bad message must not stop every room's telling
                log.exception("a room's change could not be applied")

    async def _reconnect(self) -> None:
        assert self._resync is not None
        with _quiet():
            await self._pubsub.aclose()
        while True:
            await asyncio.sleep(RETRY_SECONDS)
            try:
                await self._connect()
                await self._resync()
                return
            except (RedisError, OSError):
                continue


def _quiet() -> contextlib.suppress:
    """Closing what may already be broken (or a task just cancelled): nothing to report."""
    return contextlib.suppress(Exception, asyncio.CancelledError)
