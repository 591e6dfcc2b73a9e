"""A bounded queue of frames between the hub and one websocket, so that a client that stops reading stalls nobody.

The hub's `send` only puts a frame in the queue (it never waits on the socket); a task of the connection's own
writes them out, waiting on the socket as long as it must. A client whose queue fills (it has stopped reading,
or reads far slower than its room moves) is dropped: its reading ends, the hub holds its seat for the grace
period as for any lost connection, and the page reconnects and is sent the table as it stands.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable

SEND_QUEUE = 64
"""Frames waiting for one client at most (a room sends one per change: far more than a reading page lags)."""


class Overflow(ConnectionError):
    """The client's queue is full: it is dropped."""


class Outbox:
    def __init__(self, send: Callable[[str], Awaitable[None]], close: Callable[[int], Awaitable[None]],
                 limit: int = SEND_QUEUE, on_overflow: Callable[[], object] | None = None) -> None:  # fmt: skip
        self._send, self._close = send, close
        self.limit = limit
        self.on_overflow = on_overflow
        self.overflowed = False
        self._queue: asyncio.Queue[str | int] = asyncio.Queue()
        self._writer = asyncio.create_task(self._write())

    async def send(self, text: str) -> None:
        if self.overflowed or self._writer.done():
            raise ConnectionError("this client's connection is gone")
        if self._queue.qsize() >= self.limit:
            self.overflowed = True
            self._writer.cancel()
            if self.on_overflow is not None:
                self.on_overflow()
            raise Overflow(f"more than {self.limit} frames waiting for this client")
        self._queue.put_nowait(text)

    async def close(self, code: int) -> None:
        """Close the socket after the frames already queued (a `closed` frame says why)."""
        if not self.overflowed and not self._writer.done():
            self._queue.put_nowait(code)

    def waiting(self) -> int:
        return self._queue.qsize()

    async def stop(self) -> None:
        self._writer.cancel()
        with contextlib.suppress(Exception, asyncio.CancelledError):
            await self._writer

    async def _write(self) -> None:
        while True:
            item = await self._queue.get()
            try:
                if isinstance(item, int):
                    await self._close(item)
                    return
                await self._send(item)
            except Exception:  # the socket went away: its reading ends and the hub hears `dropped`
                return
