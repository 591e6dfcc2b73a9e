"""Hubs sharing rooms through a real Redis (a private redis-server, server/processes.py), in this process: each
hub is one "server process" with its own Redis connections and its own name, as separate processes would be.
Everything runs on one event loop (a test is one `asyncio.run`), so the people here are asynchronous."""

from __future__ import annotations

import asyncio
import contextlib
import io
import itertools
import json
import random
import time
from collections.abc import AsyncIterator, Callable, Coroutine, Iterator
from typing import Any

import pytest
from roomkit import Clock, Connection

from server.hub import Hub
from server.processes import RedisServer
from server.redis_store import RedisStore
from server.settings import Settings

_prefixes = itertools.count()


@pytest.fixture(scope="module")
def redis_url() -> Iterator[str]:
    """A private redis-server for the test module (no disk: nothing kept between modules)."""
    with RedisServer() as redis:
        yield redis.url


def settings(**changes: Any) -> Settings:
    return Settings(**{"db": ":memory:", "site": "", "message_rate": 1e6, "message_burst": 1e6, **changes})


@contextlib.asynccontextmanager
async def shared_hubs(url: str, count: int = 2, clock: Clock | None = None, **changes: Any) -> AsyncIterator[list[Hub]]:
    """`count` hubs on the Redis at `url`, under a key prefix of their own (tests do not meet each other), on
    `clock` when given (else the real one)."""
    prefix = f"test{next(_prefixes)}-{random.randrange(10**9)}:"
    kwargs: dict[str, Any] = {} if clock is None else {"clock": clock}
    hubs = [
        Hub(settings(**changes), None, shared=RedisStore(url, prefix=prefix, process=f"p{i}"), **kwargs)
        for i in range(count)
    ]
    for hub in hubs:
        await hub.start()
    try:
        yield hubs
    finally:
        for hub in hubs:
            await hub.close()


class Person(Connection):
    """One connection to `hub`: `await say(...)` sends a frame and gives back what this person was sent meanwhile
    (frames another hub's commits bring arrive on their own: `await until(...)`)."""

    async def say(self, **frame: Any) -> list[dict[str, Any]]:
        start = len(self.frames)
        await self.hub.receive(self.client, json.dumps(frame))
        return self._noted(self.frames[start:])

    async def hello(self, lang: str = "en") -> None:
        [welcome] = await self.say(type="hello", v=1, lang=lang)
        assert welcome["type"] == "welcome", welcome


async def until(condition: Callable[[], bool], seconds: float = 5.0) -> None:
    """Wait for another hub's news to arrive (the bus is asynchronous): `condition` true, or fail."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("waited in vain for the other process's news")
        await asyncio.sleep(0.01)


def run_within(scenario: Coroutine[Any, Any, None], seconds: float = 90.0) -> None:
    """asyncio.run(scenario), failing after `seconds` with every task's stack instead of waiting for ever: one of
    these fault tests once hung a whole run at -n 3 and could not be caught again."""

    async def bounded() -> None:
        task = asyncio.ensure_future(scenario)
        done, _ = await asyncio.wait({task}, timeout=seconds)
        if task in done:
            return task.result()
        stacks = io.StringIO()
        for other in asyncio.all_tasks():
            if other is not asyncio.current_task():
                other.print_stack(file=stacks)
        task.cancel()
        raise AssertionError(f"the scenario did not end within {seconds:g} s; its tasks:\n{stacks.getvalue()}")

    asyncio.run(bounded())


def to_move(crowd: list[Person]) -> Person | None:
    """The person whose turn the latest tables say it is (None: a computer's or nobody's)."""
    for person in crowd:
        table = person.last_state()["table"]
        if table is not None and table["prompt"] is not None:
            return person
    return None


async def same_step(crowd: list[Person]) -> None:
    """Every person has been told the same latest step (the other hub's news has arrived)."""

    def agreed() -> bool:
        steps = {p.last_state()["room"]["step"] for p in crowd}
        return len(steps) == 1

    await until(agreed)
