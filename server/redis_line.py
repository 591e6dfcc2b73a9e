"""One lean connection to Redis for the rooms' commits (redis_store.py), the command a move waits on.

redis-py's asyncio client takes a connection from its pool for each command, wraps it in retries, timeouts and
observability hooks and gives it back: a few hundred microseconds of Python per command on a loaded loop, more
than Redis spends on the commit itself. Here every commit of the process goes down one socket as soon as it is
made (commits of many rooms in flight at once are pipelined by the socket itself) and the replies, which Redis
sends in the order it got the requests, are matched to them in that order; hiredis (pinned in requirements.txt)
parses them in C. Without hiredis, or for a `rediss://` Redis, the store keeps to redis-py (`available`).

A reply that does not come within `timeout` seconds, or a broken connection, fails every command waiting on the
line (they may or may not have been kept: the hub reads the room again) and the next command connects anew.

`subscribe` opens the same kind of socket for the bus (bus.py's `LeanBus`): a subscribed connection's messages
handed on as hiredis parses them, as bytes, so that the bus can skip its own process's before decoding them.
"""

from __future__ import annotations

import asyncio
import collections
import socket
from collections.abc import Callable
from typing import Any, TypeVar

from redis.asyncio.connection import UnixDomainSocketConnection, parse_url
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import NoScriptError, ResponseError

try:
    import hiredis  # type: ignore[import-not-found, unused-ignore]
except ImportError:  # pragma: no cover - the store then keeps to redis-py
    hiredis = None  # type: ignore[assignment, unused-ignore]


P = TypeVar("P", bound=asyncio.Protocol)


def available(url: str) -> bool:
    """Whether a `RedisLine` can serve this Redis: hiredis installed, and a plain TCP or Unix socket."""
    if hiredis is None:
        return False
    kind = parse_url(url).get("connection_class")
    return kind is None or kind is UnixDomainSocketConnection


class _Reading(asyncio.Protocol):
    """A socket read by hiredis: each complete reply handed to `take`."""

    def __init__(self, **reader: Any) -> None:
        assert hiredis is not None
        self.reader = hiredis.Reader(**reader)
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        self.reader.feed(data)
        while (reply := self.reader.gets()) is not False:
            self.take(reply)
            if self.transport is None:  # given up on while reading: what follows is not for anyone
                return

    def take(self, reply: Any) -> None:
        raise NotImplementedError


class _Replies(_Reading):
    """The socket's reading side: each complete reply resolves the oldest command waiting."""

    def __init__(self) -> None:
        super().__init__(encoding="utf-8")
        self.waiting: collections.deque[asyncio.Future[Any]] = collections.deque()

    def take(self, reply: Any) -> None:
        if not self.waiting:  # a reply nobody asked for: the line is out of step, give it up
            self.lost("an unexpected reply")
            return
        future = self.waiting.popleft()
        if not future.done():  # one that timed out is left done; its reply is dropped in its turn
            future.set_result(reply)

    def connection_lost(self, exc: Exception | None) -> None:
        self.transport = None
        self.fail(RedisConnectionError(f"the line to Redis broke ({exc or 'closed'})"))

    def fail(self, error: Exception) -> None:
        while self.waiting:
            future = self.waiting.popleft()
            if not future.done():
                future.set_exception(error)

    def lost(self, why: str) -> None:
        if self.transport is not None:
            self.transport.abort()
            self.transport = None  # no command is written to it any more: the next one opens a new line
        self.fail(RedisConnectionError(f"the line to Redis was given up: {why}"))


class RedisLine:
    def __init__(self, url: str, timeout: float) -> None:
        self.options: dict[str, Any] = dict(parse_url(url))
        self.timeout = timeout
        self._replies: _Replies | None = None
        self._connecting = asyncio.Lock()

    async def _line(self) -> _Replies:
        replies = self._replies
        if replies is not None and replies.transport is not None:
            return replies
        async with self._connecting:
            if self._replies is None or self._replies.transport is None:
                self._replies = await asyncio.wait_for(self._connect(), self.timeout)
            return self._replies

    async def _connect(self) -> _Replies:
        replies = await open_socket(self.options, _Replies)
        for command in hello(self.options, select=True):
            await self._ask(replies, command)
        return replies

    async def _ask(self, replies: _Replies, command: tuple[Any, ...]) -> Any:
        assert hiredis is not None
        if replies.transport is None:
            raise RedisConnectionError("the line to Redis broke")
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        replies.waiting.append(future)
        replies.transport.write(hiredis.pack_command(command))
        try:
            async with asyncio.timeout(self.timeout):
                reply = await future
        except TimeoutError:
            replies.lost(f"no reply within {self.timeout:g} s")
            raise RedisConnectionError(f"Redis did not answer within {self.timeout:g} s") from None
        if isinstance(reply, hiredis.ReplyError):
            text = str(reply)
            raise NoScriptError(text) if text.startswith("NOSCRIPT") else ResponseError(text)
        return reply

    async def call(self, *command: Any) -> Any:
        return await self._ask(await self._line(), command)

    async def script(self, sha: str, source: str, keys: list[str], args: list[Any]) -> Any:
        """EVALSHA, or EVAL (which caches the script again) when Redis lost its scripts (a restart)."""
        try:
            return await self.call("EVALSHA", sha, len(keys), *keys, *args)
        except NoScriptError:
            return await self.call("EVAL", source, len(keys), *keys, *args)

    async def close(self) -> None:
        replies, self._replies = self._replies, None
        if replies is not None and replies.transport is not None:
            replies.transport.close()


def hello(options: dict[str, Any], select: bool) -> list[tuple[Any, ...]]:
    """The commands a new connection starts with: AUTH when the address names a password, SELECT its database."""
    commands: list[tuple[Any, ...]] = []
    if options.get("password"):
        commands.append(("AUTH", *([options["username"]] if options.get("username") else []), options["password"]))
    if select and int(options.get("db", 0)):
        commands.append(("SELECT", int(options["db"])))
    return commands


async def open_socket(options: dict[str, Any], protocol: Callable[[], P]) -> P:
    loop = asyncio.get_running_loop()
    if options.get("connection_class") is UnixDomainSocketConnection:
        transport, opened = await loop.create_unix_connection(protocol, str(options["path"]))
    else:
        host, port = str(options.get("host", "localhost")), int(options.get("port", 6379))
        transport, opened = await loop.create_connection(protocol, host, port)
        sock = transport.get_extra_info("socket")
        if sock is not None:  # a peer gone without a word (a cable, not a crash) is found out in the end
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
    return opened


class _Pushes(_Reading):
    """A subscribed socket's reading side: each message (channel, data) handed to `heard` as bytes; a refusal
    (a wrong password) or the end of the socket to `lost`."""

    def __init__(self, heard: Callable[[bytes, bytes], None], lost: Callable[[], None]) -> None:
        super().__init__()
        self.heard, self.lost = heard, lost

    def take(self, reply: Any) -> None:
        if isinstance(reply, list) and len(reply) == 3 and reply[0] == b"message":
            self.heard(reply[1], reply[2])
        elif isinstance(reply, hiredis.ReplyError) and self.transport is not None:
            self.transport.abort()  # connection_lost follows

    def connection_lost(self, exc: Exception | None) -> None:
        self.transport = None
        self.lost()


async def subscribe(url: str, timeout: float, heard: Callable[[bytes, bytes], None], lost: Callable[[], None],
                    channels: list[str]) -> asyncio.Transport:  # fmt: skip
    """A socket subscribed to `channels` (more with `send`); `lost` once it ends, for whatever reason."""
    options: dict[str, Any] = dict(parse_url(url))
    pushes = await asyncio.wait_for(open_socket(options, lambda: _Pushes(heard, lost)), timeout)
    assert pushes.transport is not None
    for command in hello(options, select=False):  # pub/sub knows no databases
        send(pushes.transport, *command)
    send(pushes.transport, "SUBSCRIBE", *channels)
    return pushes.transport


def send(transport: asyncio.Transport, *command: Any) -> None:
    assert hiredis is not None
    transport.write(hiredis.pack_command(command))
