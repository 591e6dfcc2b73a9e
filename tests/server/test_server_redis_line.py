"""The lean Redis sockets of the rooms (server/redis_line.py): commits pipelined on one line and matched to their
replies in order, a line that Redis stops answering given up and opened anew, scripts Redis forgot loaded again;
the bus skipping only its own process's news (and hearing what nobody's is, such as idle rooms removed)."""

from __future__ import annotations

import asyncio
from typing import Any

import redis.asyncio as aredis
from redis.exceptions import ConnectionError as RedisConnectionError
from rediskit import redis_url, until

from server.redis_line import RedisLine, available
from server.redis_store import RedisStore

__all__ = ["redis_url"]  # the module's Redis (a fixture)


def test_hiredis_is_installed_so_the_lean_line_serves_a_plain_redis() -> None:
    """hiredis is pinned in requirements.txt: without it the store keeps to redis-py, slower; a missing install is a
    failure here, not a skip of the line's tests."""
    assert available("redis://127.0.0.1:6379/0")
    assert available("unix:///tmp/redis.sock")


def test_replies_come_back_to_their_own_commands_in_order(redis_url: str) -> None:
    async def scenario() -> None:
        line = RedisLine(redis_url, timeout=5.0)
        try:
            # Two hundred commands in flight on one socket at once, each answered with its own value.
            answers = await asyncio.gather(*(line.call("ECHO", f"n{i}") for i in range(200)))
            assert answers == [f"n{i}" for i in range(200)]
            assert await line.call("SET", "line:x", "1") == "OK"
        finally:
            await line.close()

    asyncio.run(scenario())


def test_a_line_redis_stops_answering_fails_its_commands_then_opens_anew(redis_url: str) -> None:
    async def scenario() -> None:
        line = RedisLine(redis_url, timeout=0.3)
        other = aredis.Redis.from_url(redis_url)
        try:
            assert await line.call("PING") == "PONG"
            await other.execute_command("CLIENT", "PAUSE", "800", "ALL")  # every client's commands held back
            waiting = await asyncio.gather(line.call("PING"), line.call("PING"), return_exceptions=True)
            assert all(isinstance(w, RedisConnectionError) for w in waiting), waiting
            await asyncio.sleep(0.8)
            assert await line.call("ECHO", "back") == "back"  # a new socket, in step again
        finally:
            await other.execute_command("CLIENT", "UNPAUSE")
            await other.aclose()
            await line.close()

    asyncio.run(scenario())


def test_a_commit_after_redis_forgot_its_scripts_is_kept(redis_url: str) -> None:
    async def scenario() -> None:
        store = RedisStore(redis_url, prefix="forgot:", process="f0")
        other = aredis.Redis.from_url(redis_url)
        try:
            assert store._line is not None  # the lean line is what this test is about
            first = await store.commit("FORGOT", {"n": 1}, 0, 1.0)
            await other.script_flush()  # as a restarted Redis has no scripts
            assert await store.commit("FORGOT", {"n": 2}, first, 2.0) == first + 1
            assert await store.read("FORGOT") == ({"n": 2}, first + 1)
        finally:
            await other.aclose()
            await store.close()

    asyncio.run(scenario())


def test_the_bus_skips_its_own_commits_and_hears_the_others(redis_url: str) -> None:
    async def scenario() -> None:
        heard: dict[str, list[tuple[str, int, Any, str]]] = {"a": [], "b": []}
        stores = {name: RedisStore(redis_url, prefix="echo:", process=f"proc-{name}") for name in heard}

        async def resync() -> None:
            pass

        for name, store in stores.items():

            async def changed(code: str, revision: int, data: str | None, key: str, name: str = name) -> None:
                heard[name].append((code, revision, data, key))

            await store.start(changed, resync)
            await store.watch("ECHO22")
        try:
            await asyncio.sleep(0.1)  # the subscriptions made
            one = await stores["a"].commit("ECHO22", {"by": "a"}, 0, 1.0)
            two = await stores["b"].commit("ECHO22", {"by": "b"}, one, 1.0)
            await until(lambda: len(heard["a"]) == 1 and len(heard["b"]) == 1)
            assert heard["a"] == [("ECHO22", two, '{"by":"b"}', "")]
            assert heard["b"] == [("ECHO22", one, '{"by":"a"}', "")]
            # Idle rooms removed by one process are told as nobody's: the remover holds the room too.
            assert await stores["a"].remove_idle(10.0) == ["ECHO22"]
            await until(lambda: len(heard["a"]) == 2 and len(heard["b"]) == 2)
            assert heard["a"][1] == heard["b"][1] == ("ECHO22", two + 1, None, "room.closed.idle")
        finally:
            for store in stores.values():
                await store.close()

    asyncio.run(scenario())


def test_only_a_plain_socket_gets_the_lean_line() -> None:
    assert available("redis://127.0.0.1:6379/0") and available("unix:///run/redis.sock")
    assert not available("rediss://127.0.0.1:6380/0")  # TLS: redis-py's own connections
