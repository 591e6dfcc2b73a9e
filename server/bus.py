"""The rooms' message bus on Redis pub/sub: a channel per room, to which every commit is published (by the commit's
own Lua script, so a change is told if and only if it was kept), and which a process listens to while one of its
clients is in that room.

A message is `"<revision> <process> <the room's data as JSON>"`, or `"<revision> <process> !<room.closed.* key>"`
when the room was closed; `<process>` is the name of the process that committed it (`-`: nobody's, as when idle
rooms are removed). A process skips its own messages before anything else (no parsing, no waiting on the
room): it told its own clients when its commit returned. Processes of a version before this format (which had
no `<process>`) cannot share a Redis with these: restart them all together across it.

Pub/sub delivers each message once, in order, to whoever is subscribed at the time: a process whose line to
Redis broke may have missed some, so after it reconnects (and subscribes again) it reads every room it holds
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

from . import redis_line
from .store import Changed

log = logging.getLogger("sixcardgolf.rooms")

RETRY_SECONDS = 0.2


def channel(prefix: str, code: str) -> str:
    return f"{prefix}room:{code}"


NOBODY = "-"
"""The committing process of a message every process must hear (its own included)."""


def encode_change(revision: int, process: str, text: str) -> str:
    return f"{revision} {process} {text}"


def decode(message: str) -> tuple[int, str | None, str]:
    """(revision, the room's data as JSON or None, closing key or ""). The data is left unparsed: any process
    already past it never needs it."""
    head, _, rest = message.partition(" ")
    body = rest.partition(" ")[2]
    if body.startswith("!"):
        return int(head), None, body[1:]
    return int(head), body, ""


class RedisBus:
    def __init__(self, client: redis.Redis, prefix: str, process: str) -> None:
        self.client = client
        self.prefix = prefix
        self.process = process
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
        own = f"{self.process} "
        while True:
            try:
                message = await self._pubsub.get_message(timeout=1.0)
            except (RedisError, OSError) as error:
                log.warning("the rooms' bus lost Redis (%s): reconnecting", type(error).__name__)
                await self._reconnect()
                continue
            if message is None or message.get("type") != "message":
                continue
            text = str(message["data"])
            # Its own commit: told to its clients already (and, while that room's change was being made, waiting
            # for the room here would hold up every other room's news).
            if text.startswith(own, text.find(" ") + 1):
                continue
            code = str(message["channel"])[cut:]
            try:
                revision, data, key = decode(text)
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


class LeanBus(RedisBus):
    """The same bus on a socket of its own (redis_line.subscribe) instead of redis-py's pub/sub: each message parsed
    in C as it arrives, and this process's own skipped before it is even decoded (on one process, every message
    is its own). The messages are applied in order by the listener, as `RedisBus` does."""

    def __init__(self, url: str, client: redis.Redis, prefix: str, process: str, timeout: float) -> None:
        super().__init__(client, prefix, process)
        self.url, self.timeout = url, timeout
        self._own = f"{process} ".encode()
        self._transport: asyncio.Transport | None = None
        self._news: asyncio.Queue[tuple[bytes, bytes] | None] | None = None
        self._generation = 0

    async def start(self, changed: Changed, resync: Callable[[], Awaitable[None]]) -> None:
        self._news = asyncio.Queue()
        await super().start(changed, resync)

    async def _connect(self) -> None:
        self._generation += 1
        generation = self._generation
        channels = [f"{self.prefix}bus", *(channel(self.prefix, c) for c in self.watched)]
        self._transport = await redis_line.subscribe(
            self.url, self.timeout, self._heard, lambda: self._lost(generation), channels
        )

    def _heard(self, name: bytes, data: bytes) -> None:
        if data.startswith(self._own, data.find(b" ") + 1):
            return  # its own commit: told to its clients already
        assert self._news is not None
        self._news.put_nowait((name, data))

    def _lost(self, generation: int) -> None:
        if generation == self._generation and self._news is not None:  # a socket given up earlier says nothing
            self._transport = None
            self._news.put_nowait(None)

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with _quiet():
                await self._task
        self._generation += 1
        if self._transport is not None:
            self._transport.close()

    async def watch(self, code: str) -> None:
        self.watched.add(code)
        if self._transport is not None:  # the line down: the listener subscribes to every watched room when back
            redis_line.send(self._transport, "SUBSCRIBE", channel(self.prefix, code))

    async def unwatch(self, code: str) -> None:
        self.watched.discard(code)
        if self._transport is not None:
            redis_line.send(self._transport, "UNSUBSCRIBE", channel(self.prefix, code))

    async def _listen(self) -> None:
        assert self._changed is not None and self._news is not None
        cut = len(channel(self.prefix, "").encode())
        while True:
            news = await self._news.get()
            if news is None:
                log.warning("the rooms' bus lost Redis: reconnecting")
                await self._reconnect()
                continue
            name, data = news
            try:
                revision, text, key = decode(data.decode())
                await self._changed(name[cut:].decode(), revision, text, key)
            except Exception:  # one room's bad message must not stop every room's telling
                log.exception("a room's change could not be applied")

    async def _reconnect(self) -> None:
        assert self._resync is not None
        while True:
            self._generation += 1
            if self._transport is not None:
                self._transport.abort()
                self._transport = None
            await asyncio.sleep(RETRY_SECONDS)
            try:
                await self._connect()
                await self._resync()
                return
            except (RedisError, OSError, TimeoutError):
                continue


def _quiet() -> contextlib.suppress:
    """Closing what may already be broken (or a task just cancelled): nothing to report."""
    return contextlib.suppress(Exception, asyncio.CancelledError)
