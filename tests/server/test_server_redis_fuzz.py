"""The protocol fuzzed: Hypothesis draws sequences of frames (well-formed moves on the table each person was sent,
moves on old tables, junk of every JSON shape, joins with wrong codes and tokens, leaving, dropping and coming
back) sent by three people at one or two hubs. After every frame: no exception out of the hub (a refusal is an
`error` frame, nothing else). After each sequence: every room the hubs hold rebuilds from its kept data (its log
replayed by the engine, which refuses any illegal action) to the same table, and with Redis every process's
copy is the shared one. A few hundred frames in the default run; thousands under `make test-slow`."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rediskit import Person, redis_url, shared_hubs, until

from server.hub import Hub
from server.room import Room
from server.store import MemoryStore

from rediskit import settings as hub_settings  # isort: skip

__all__ = ["redis_url"]  # the module's Redis (a fixture)

KINDS = ["act"] * 12 + ["act_any", "ready", "undo", "start", "rename", "join", "rejoin", "leave", "create",
         "drop", "raw", "hello", "ping"]  # fmt: skip
JUNK = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**40), 2**40) | st.floats(allow_nan=True) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
STEP = st.one_of(st.just("now"), st.just("now"), st.just("now"), st.integers(-3, 400), st.text(max_size=4), st.none())
FRAME = st.tuples(
    st.integers(0, 2),  # who (an "act" comes from the person whose turn it is, mostly)
    st.sampled_from(KINDS),
    st.integers(0, 10**6),  # a choice among what the table offers
    STEP,
    JUNK,
)


class Crowd:
    """Three people on `hubs` (person i on hub i mod len), one room the first creates; each frame interpreted
    against what its sender was last told."""

    def __init__(self, hubs: list[Hub]) -> None:
        self.hubs = hubs
        self.people = [Person(hubs[i % len(hubs)], address=f"192.0.2.{i + 1}") for i in range(3)]
        self.code: str | None = None
        self.sent = 0

    async def begin(self) -> None:
        for person in self.people:
            await person.hello()
        await self.people[0].say(type="create", setup={"preset": "basic", "players": 3, "holes": 3},
                                 seats=["person", "open", "easy"], name="Ann")  # fmt: skip
        self.code = self.people[0].code
        await self.people[1].say(type="join", code=self.code, name="Bo")
        await self.people[0].say(type="start", fill="easy")  # most frames are about a match in play

    def table(self, person: Person) -> dict[str, Any] | None:
        states = [f for f in person.frames if f["type"] == "state"]
        return states[-1]["table"] if states else None

    async def send(self, who: int, kind: str, pick: int, step: object, junk: object) -> None:
        if kind == "act" and pick % 4:
            who = next((i for i, p in enumerate(self.people) if (t := self.table(p)) and t["prompt"]), who)
        person = self.people[who]
        table = self.table(person)
        now = table["step"] if table else 0
        step = now if step == "now" else step
        frame: dict[str, Any]
        if kind == "act":
            legal = table["observation"]["legal_actions"] if table and table["prompt"] else ["draw"]
            frame = {"type": "act", "action": legal[pick % len(legal)], "step": step}
        elif kind == "act_any":
            frame = {"type": "act", "action": junk, "step": step}
        elif kind in ("ready", "undo"):
            frame = {"type": kind, "step": step}
        elif kind == "start":
            frame = {"type": "start", "fill": [None, "easy", "hard", "bogus", junk][pick % 5]}
        elif kind == "rename":
            frame = {"type": "rename", "name": junk}
        elif kind == "join":
            frame = {"type": "join", "code": [self.code, "ZZZZZZ", junk][pick % 3], "name": "Cy"}
        elif kind == "rejoin":
            token = [p.token for p in self.people][pick % 3]
            frame = {"type": "join", "code": self.code, "token": token, "seen": pick % 60}
        elif kind == "leave":
            frame = {"type": "leave"}
        elif kind == "create":
            frame = {"type": "create", "setup": junk if pick % 2 else {"players": 2}, "seats": ["person", "easy"]}
        elif kind == "drop":
            await person.hub.dropped(person.client)
            fresh = Person(person.hub, address=person.client.address)
            fresh.token, fresh.code = person.token, person.code
            self.people[who] = fresh
            await fresh.hello()
            return
        elif kind == "raw":
            text = json.dumps(junk) if pick % 2 else str(junk)
            await person.hub.receive(person.client, text)
            self.sent += 1
            return
        elif kind == "hello":
            frame = {"type": "hello", "v": [1, 2, junk][pick % 3], "lang": ["en", "ja", junk][pick % 3]}
        else:
            frame = {"type": "ping", "id": pick}
        if pick % 23 == 0:
            frame["id"] = junk  # an id of any kind
        await person.say(**frame)  # no exception may come out of the hub
        self.sent += 1


def check_rooms(hubs: list[Hub]) -> None:
    """Every room held rebuilds from its data (the engine replays its log, refusing anything illegal) to the same
    match, every seat's observation the same."""
    for hub in hubs:
        for code, room in hub.rooms.items():
            again = Room.from_data(json.loads(json.dumps(room.to_data())))
            assert again.log == room.log and again.step == room.step, code
            if room.played is not None:
                assert again.played is not None
                for seat in range(len(room.seats)):
                    live = room.played.match.observation(seat).to_dict()
                    assert again.played.match.observation(seat).to_dict() == live


async def fuzz_memory(frames: list[tuple[int, str, int, object, object]]) -> int:
    hub = Hub(hub_settings(), MemoryStore())
    crowd = Crowd([hub])
    await crowd.begin()
    for frame in frames:
        await crowd.send(*frame)
    check_rooms([hub])
    return crowd.sent


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(FRAME, min_size=10, max_size=30))
def test_fuzzed_frames_on_one_process(frames: list[tuple[int, str, int, object, object]]) -> None:
    asyncio.run(fuzz_memory(frames))


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(FRAME, min_size=20, max_size=60))
def test_fuzzed_frames_on_one_process_thousands(frames: list[tuple[int, str, int, object, object]]) -> None:
    asyncio.run(fuzz_memory(frames))


async def fuzz_shared(url: str, frames: list[tuple[int, str, int, object, object]]) -> None:
    async with shared_hubs(url) as hubs:
        crowd = Crowd(hubs)
        await crowd.begin()
        for frame in frames:
            await crowd.send(*frame)
        check_rooms(hubs)
        await agree_with_redis(hubs)


async def agree_with_redis(hubs: list[Hub]) -> None:
    """Once the bus has told everything, each process's copy of a room is the room Redis keeps."""
    store = hubs[0].shared
    assert store is not None
    for hub in hubs:
        for code in list(hub.rooms):
            kept = await store.read(code)
            assert kept is not None, "a room held by a process is gone from Redis"

            def told(hub: Hub = hub, code: str = code, revision: int = kept[1]) -> bool:
                return code not in hub.rooms or hub.revisions[code] >= revision

            await until(told)
            if code in hub.rooms and hub.revisions[code] == kept[1]:
                assert hub.rooms[code].to_data() == kept[0]


def hub_revision(hubs: list[Hub], code: str) -> int:
    return max(hub.revisions.get(code, 0) for hub in hubs)


@settings(
    max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(frames=st.lists(FRAME, min_size=10, max_size=30))
def test_fuzzed_frames_on_two_processes_sharing_redis(redis_url: str, frames: list[Any]) -> None:
    asyncio.run(fuzz_shared(redis_url, frames))


@pytest.mark.slow
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(frames=st.lists(FRAME, min_size=20, max_size=60))
def test_fuzzed_frames_on_two_processes_thousands(redis_url: str, frames: list[Any]) -> None:
    asyncio.run(fuzz_shared(redis_url, frames))
