"""Faults survived with rooms in Redis, nothing acknowledged lost: one of two real server processes killed (SIGKILL)
mid-hole while its client goes on through the other; Redis killed and restarted with its append-only file (the
rooms come back) and without it (the rooms are gone, and their clients told so); a client that stops reading
is dropped without stalling its room."""

from __future__ import annotations

import asyncio
import json
import random
import socket
import time
from pathlib import Path
from typing import Any

import pytest
from rediskit import Person, redis_url, run_within, same_step, shared_hubs, to_move, until
from test_server_redis import play_hole, seated
from websockets.asyncio.client import ClientConnection, connect

from server.hub import Hub
from server.outbox import Outbox
from server.processes import RedisServer, RoomServer, start_all
from server.redis_store import RedisStore
from server.room import Room

__all__ = ["redis_url"]  # the module's Redis (a fixture)


class Page:
    """A room's page over a real websocket, given several servers' addresses: when its connection breaks it
    tries the next one and takes its seat back with its token and `seen`, as playground/room-session.js does."""

    def __init__(self, urls: list[str], first: int) -> None:
        self.urls, self.at = urls, first
        self.ws: ClientConnection | None = None
        self.token: str | None = None
        self.code: str | None = None
        self.seat = -1
        self.table: dict[str, Any] | None = None
        self.acked: list[tuple[int, str]] = []  # (index in the log, action) of each move the server acknowledged

    async def open(self) -> None:
        self.ws = await connect(self.urls[self.at], max_size=2**22, ping_interval=None)
        await self.ws.send(json.dumps({"type": "hello", "v": 1, "lang": "en"}))
        assert json.loads(await self.ws.recv())["type"] == "welcome"

    async def ask(self, **frame: Any) -> dict[str, Any]:
        """Send a frame; the first answer that is not another seat's news about someone else."""
        assert self.ws is not None
        await self.ws.send(json.dumps(frame))
        while True:
            answer = json.loads(await self.ws.recv())
            if answer["type"] == "state":
                self.table = answer["table"]
            if answer["type"] in ("joined", "error") or frame["type"] in ("act", "start"):
                return answer  # type: ignore[no-any-return]

    async def latest(self, seconds: float = 0.3) -> dict[str, Any] | None:
        """Read what has arrived (other seats' moves): the latest table."""
        assert self.ws is not None
        try:
            while True:
                frame = json.loads(await asyncio.wait_for(self.ws.recv(), seconds))
                if frame["type"] == "state":
                    self.table = frame["table"]
        except TimeoutError:
            return self.table

    async def back(self) -> dict[str, Any]:
        """The connection broke: the next server, the seat taken back with the token."""
        self.at = (self.at + 1) % len(self.urls)
        await self.open()
        seen = self.table["moves"] if self.table else 0
        joined = await self.ask(type="join", code=self.code, token=self.token, seen=seen)
        return joined


@pytest.mark.slow  # two real server processes: about 15 s; the default run has the in-process test below
def test_a_server_process_killed_mid_hole_its_client_goes_on_through_the_other(tmp_path: Path) -> None:
    with RedisServer() as redis:
        settings = {"STORE": redis.url, "GOLF_SITE": "", "GOLF_GRACE": "600"}
        servers = [RoomServer(settings, log=tmp_path / f"server{i}.log") for i in range(2)]
        start_all(servers)  # type: ignore[arg-type]
        try:
            run_within(killed_mid_hole(servers, redis.url))
        finally:
            for server in servers:
                server.kill()


async def killed_mid_hole(servers: list[RoomServer], url: str) -> None:
    urls = [server.ws_url for server in servers]
    host, guest = Page(urls, 0), Page(urls, 1)
    await host.open()
    await guest.open()
    joined = await host.ask(type="create", setup={"preset": "basic", "players": 3, "holes": 1},
                            seats=["person", "open", "normal"])  # fmt: skip
    host.code, host.token, host.seat = joined["code"], joined["token"], 0
    joined = await guest.ask(type="join", code=host.code)
    guest.code, guest.token, guest.seat = joined["code"], joined["token"], joined["seat"]
    await asyncio.sleep(0.2)
    await host.ask(type="start")
    rng = random.Random(4)
    pages = [host, guest]

    async def move(rounds: int) -> None:
        for _ in range(rounds):
            tables = [await page.latest(0.05) for page in pages]
            mover = next((p for p, t in zip(pages, tables, strict=True) if t and t["prompt"]), None)
            if mover is None or mover.table is None or mover.table["hole_over"]:
                return
            table = mover.table
            action = rng.choice(table["observation"]["legal_actions"])
            answer = await mover.ask(type="act", action=action, step=table["step"])
            if answer["type"] == "state" and answer["table"]["moves"] > table["moves"]:  # acknowledged
                mover.acked.append((table["moves"], action))

    await move(6)
    assert host.acked, "the host made no move before the kill"
    servers[0].kill()  # SIGKILL, mid-hole: the host's server
    joined = await host.back()
    assert joined["type"] == "joined" and joined["seat"] == 0 and host.at == 1
    table = await host.latest()
    assert table is not None and table["moves"] >= host.acked[-1][0] + 1  # nothing acknowledged lost
    await move(400)  # the room goes on, both pages on the surviving process, to the hole's end
    assert host.table is not None and host.table["hole_over"]
    store = RedisStore(url)
    try:
        kept = await store.read(host.code or "")
    finally:
        await store.close()
    assert kept is not None
    log = kept[0]["log"]
    for index, action in host.acked + guest.acked:
        assert log[index] == action, (index, action)
    for page in pages:
        assert page.ws is not None
        await page.ws.close()


def test_a_process_that_stops_mid_hole_its_person_goes_on_through_the_other(redis_url: str) -> None:
    """In one process: hub 0 stops dead (no leaving told, no more beats), as a killed process does; its person
    takes the seat back through hub 1 with the token and `seen`, and the room goes on from its last move."""

    async def scenario() -> None:
        async with shared_hubs(redis_url, count=3) as hubs:
            host, guest = await seated(hubs[:2], players=3, holes=1, computers=1)
            rng = random.Random(6)
            for _ in range(4):
                await same_step([host, guest])
                mover = to_move([host, guest])
                if mover is None:
                    break
                table = mover.table()
                frames = await mover.say(type="act", action=rng.choice(table["observation"]["legal_actions"]),
                                         step=table["step"])  # fmt: skip
                assert not Person.errors(frames)
            await same_step([host, guest])
            last = host.table()
            assert hubs[0].shared is not None
            await hubs[0].shared.close()  # dead: nothing more from it, not even its clients' leaving
            back = Person(hubs[2], address="192.0.2.1")
            await back.hello()
            frames = await back.say(type="join", code=host.code, token=host.token, seen=last["moves"])
            assert not Person.errors(frames) and back.seat == 0
            assert back.table()["moves"] == last["moves"] and back.table()["step"] == last["step"]
            await until(lambda: guest.last_state()["room"]["seats"][0]["here"])
            made = await play_hole([back, guest], rng)
            assert back.table()["hole_over"] and made >= 1
            hubs[0].shared = None  # closed already

    run_within(scenario())


def test_redis_restarted_with_its_append_only_file_has_every_room_back() -> None:
    with RedisServer(appendonly=True, fsync="always") as redis:

        async def scenario() -> None:
            async with shared_hubs(redis.url) as hubs:
                host, guest = await seated(hubs, players=2, holes=3, computers=0)
                await play_hole([host, guest], random.Random(2))
                step = host.table()["step"]
                await host.say(type="ready", step=step)
                await guest.say(type="ready", step=step)
                await same_step([host, guest])
                before = host.table()
                redis.kill()  # SIGKILL: no shutdown of any kind
                redis.start()
                # Both processes find Redis again by themselves; the room is as the last commit left it.
                await wait_for_store(hubs[0])
                mover = await next_mover([host, guest])
                table = mover.table()
                assert table["moves"] == before["moves"] and table["hole"] == 2
                frames = await mover.say(type="act", action=table["observation"]["legal_actions"][0],
                                         step=table["step"])  # fmt: skip
                assert not Person.errors(frames), frames
                await same_step([host, guest])
                assert host.table()["moves"] == before["moves"] + 1

        run_within(scenario())


def test_redis_restarted_without_its_append_only_file_loses_the_rooms_and_says_so() -> None:
    with RedisServer(appendonly=False) as redis:

        async def scenario() -> None:
            async with shared_hubs(redis.url) as hubs:
                host, guest = await seated(hubs, players=2, holes=1, computers=0)
                redis.kill()
                redis.start()
                await until(lambda: any(f["type"] == "closed" for f in host.frames), 15)
                await until(lambda: any(f["type"] == "closed" for f in guest.frames), 15)
                closed = next(f for f in host.frames if f["type"] == "closed")
                assert closed["key"] == "room.closed.lost" and "lost" in closed["reason"]
                assert Person.errors(await host.say(type="rename", name="x")) == ["room.error.not_joined"]

        run_within(scenario())


async def wait_for_store(hub: Hub) -> None:
    assert hub.shared is not None
    for _ in range(100):
        try:
            await hub.shared.count()
            return
        except Exception:
            await asyncio.sleep(0.1)


async def next_mover(crowd: list[Person]) -> Person:
    await same_step(crowd)
    mover = to_move(crowd)
    assert mover is not None
    return mover


def test_a_client_that_stops_reading_is_dropped_and_stalls_nobody(redis_url: str) -> None:
    async def lobby() -> None:
        async with shared_hubs(redis_url) as hubs:
            host = Person(hubs[0])
            await host.hello()
            await host.say(type="create", setup={"preset": "basic", "players": 3, "holes": 1},
                           seats=["person", "open", "open"])  # fmt: skip
            stuck = Person(hubs[1], address="192.0.2.50")
            await stuck.hello()
            await stuck.say(type="join", code=host.code, name="Slow")
            never: asyncio.Event = asyncio.Event()

            async def blocked_send(text: str) -> None:
                await never.wait()

            outbox = Outbox(blocked_send, stuck._close, limit=8)
            outbox.on_overflow = lambda: asyncio.get_running_loop().create_task(hubs[1].dropped(stuck.client))
            stuck.client.send = outbox.send
            # The host renames forty times: each change goes to the stuck page too, and none waits for it.
            for n in range(40):
                frames = await asyncio.wait_for(host.say(type="rename", name=f"Ann{n}"), 2)
                assert not Person.errors(frames)
            assert outbox.overflowed and outbox.waiting() <= 8
            await until(lambda: host.last_state()["room"]["seats"][1]["away"])  # dropped: the seat held, away
            # It may come back: its token gives it its seat again.
            again = Person(hubs[0], address="192.0.2.50")
            await again.hello()
            frames = await again.say(type="join", code=host.code, token=stuck.token)
            assert not Person.errors(frames) and again.seat == 1
            await until(lambda: not host.last_state()["room"]["seats"][1]["away"])

    run_within(lobby())


def test_a_room_kept_in_redis_rebuilds_to_the_same_match(redis_url: str) -> None:
    async def scenario() -> None:
        async with shared_hubs(redis_url) as hubs:
            host, guest = await seated(hubs, players=3, holes=1, computers=1)
            await play_hole([host, guest], random.Random(11))
            store = hubs[1].shared
            assert isinstance(store, RedisStore)
            kept = await store.read(host.code or "")
            assert kept is not None
            room = Room.from_data(kept[0])
            assert room.played is not None
            for hub in hubs:
                copy = hub.rooms[host.code or ""]
                assert copy.played is not None and copy.log == room.log
                assert copy.played.match.observation(0).to_dict() == room.played.match.observation(0).to_dict()

    run_within(scenario())


@pytest.mark.slow
def test_a_real_socket_that_stops_reading_is_dropped_by_the_server(tmp_path: Path) -> None:
    settings = {"GOLF_DB": str(tmp_path / "rooms.sqlite3"), "GOLF_SITE": "", "GOLF_SEND_QUEUE": "4",
                "GOLF_MESSAGE_RATE": "1000", "GOLF_MESSAGE_BURST": "1000"}  # fmt: skip
    with RoomServer(settings, log=tmp_path / "server.log") as server:
        run_within(stops_reading(server.ws_url, server.port))


async def stops_reading(url: str, port: int) -> None:
    host = Page([url], 0)
    await host.open()
    joined = await host.ask(type="create", setup={"preset": "basic", "players": 2, "holes": 1},
                            seats=["person", "open"])  # fmt: skip
    # A page whose socket takes almost nothing in (a tiny receive buffer) and which then reads no more.
    line = socket.socket()
    line.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    line.connect(("127.0.0.1", port))
    stuck = await connect(url, sock=line, max_size=2**22, ping_interval=None)
    await stuck.send(json.dumps({"type": "hello", "v": 1, "lang": "en"}))
    await stuck.send(json.dumps({"type": "join", "code": joined["code"], "name": "Slow"}))
    await asyncio.sleep(0.5)
    await host.ask(type="start")  # a table in every frame: several KiB each, which fill the socket's buffers sooner
    started = time.monotonic()
    away = False
    for n in range(5000):
        assert host.ws is not None
        await host.ws.send(json.dumps({"type": "rename", "name": f"Ann{n % 1000}"}))
        frame = json.loads(await asyncio.wait_for(host.ws.recv(), 5))  # the host is answered at once, every time
        if frame["type"] == "state" and frame["room"]["seats"][1]["away"]:
            away = True
            break
    assert away, "the page that stopped reading was never dropped"
    assert time.monotonic() - started < 60
    stuck.transport.abort()


def test_a_scenario_that_never_ends_fails_with_its_tasks_stacks() -> None:
    async def stuck() -> None:
        await asyncio.Event().wait()

    with pytest.raises(AssertionError, match=r"did not end within 0\.2 s") as failed:
        run_within(stuck(), 0.2)
    assert "in stuck" in str(failed.value)  # the waiting task's stack is named
