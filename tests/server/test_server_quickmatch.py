"""Quick match (server/quickmatch.py): people waiting for the same preset and table size are seated together;
after the wait they were shown, computers fill the seats nobody took. In one process (LocalQueue), and across
two hubs sharing a private Redis (RedisQueue), where a person waiting on one process is seated with a person
waiting on the other."""

from __future__ import annotations

import asyncio
import hashlib
import json
from typing import Any

import pytest
from roomkit import Clock, Person, make_hub

from server.hub import Hub
from server.processes import RedisServer
from server.quickmatch import RedisQueue
from server.settings import Settings
from server.store import MemoryStore


def queued(hub: Hub, name: str, players: int, preset: str = "basic", lang: str = "en") -> Person:
    person = Person(hub, lang=lang, address=f"203.0.113.{len(name)}")
    person.hello(lang)
    [frame] = person.say(type="quick", preset=preset, players=players, name=name)
    assert frame["type"] == "queued", frame
    return person


def matched(person: Person) -> dict[str, Any] | None:
    return next((f for f in person.frames if f["type"] == "matched"), None)


def take_seat(person: Person, seat: dict[str, Any]) -> None:
    frames = person.say(type="join", code=seat["code"], token=seat["token"])
    assert [f["type"] for f in frames][:1] == ["joined"], frames


def test_people_waiting_for_the_same_table_are_seated_together() -> None:
    clock = Clock()
    hub = make_hub(clock=clock, quick_wait_seconds=20)
    ann, bo = queued(hub, "Ann", 2), queued(hub, "Bo", 2)
    lone = queued(hub, "Cy", 4)  # another table size: another line
    assert ann.frames[-1] == {"type": "queued", "id": None, "preset": "basic", "players": 2, "wait": 20, "left": 20.0}
    asyncio.run(hub.tick())
    seat_a, seat_b = matched(ann), matched(bo)
    assert seat_a is not None and seat_b is not None and matched(lone) is None
    assert seat_a["code"] == seat_b["code"] and {seat_a["seat"], seat_b["seat"]} == {0, 1}
    room = hub.rooms[seat_a["code"]]
    assert room.state == "playing" and room.quick and room.turn_seconds == 60
    assert [s.kind for s in room.seats] == ["person", "person"] and [s.name for s in room.seats] == ["Ann", "Bo"]
    take_seat(ann, seat_a)
    take_seat(bo, seat_b)
    assert ann.table()["viewer"] == seat_a["seat"] and bo.table()["viewer"] == seat_b["seat"]
    assert bo.last_state()["room"]["seats"][seat_a["seat"]]["here"] is True


def test_computers_fill_the_seats_nobody_took_once_the_wait_is_over() -> None:
    clock = Clock()
    hub = make_hub(clock=clock, quick_wait_seconds=20)
    ann = queued(hub, "Ann", 3)
    clock.now += 5
    bo = queued(hub, "Bo", 3)
    assert bo.frames[-1]["left"] == 20.0
    clock.now += 14
    asyncio.run(hub.tick())
    assert matched(ann) is None and matched(bo) is None  # Ann has waited 19 s of 20
    clock.now += 1
    asyncio.run(hub.tick())
    seat = matched(ann)
    assert seat is not None and matched(bo) is not None
    room = hub.rooms[seat["code"]]
    assert [s.kind for s in room.seats] == ["person", "person", "computer"] and room.seats[2].level == "normal"
    assert hub.quickmatch.waiting == {}


def test_leaving_the_line_and_bad_choices() -> None:
    clock = Clock()
    hub = make_hub(clock=clock, quick_wait_seconds=20)
    ann = queued(hub, "Ann", 2)
    assert [f["type"] for f in ann.say(type="unqueue")] == ["unqueued"]
    bo = queued(hub, "Bo", 2)
    clock.now += 1
    asyncio.run(hub.tick())
    assert matched(ann) is None and matched(bo) is None  # Ann left: Bo waits on
    gone = queued(hub, "Cy", 2)
    gone.drop()
    asyncio.run(hub.tick())
    assert matched(bo) is None
    assert bo.errors(bo.say(type="quick", players=2)) == ["room.error.already_in"]
    odd = Person(hub, lang="ja")
    odd.hello("ja")
    assert odd.errors(odd.say(type="quick", players=9)) == ["room.error.players"]
    assert odd.errors(odd.say(type="quick", preset="no-such-preset", players=2)) == ["room.error.engine"]
    assert odd.errors(odd.say(type="quick", players="two")) == ["room.error.field_kind"]


def test_one_address_may_wait_for_as_many_tables_as_it_may_open_rooms() -> None:
    hub = make_hub(rooms_per_address=2)
    for name in ("A", "B"):
        queued(hub, name, 4)  # the same address (the name's length) each time
    extra = Person(hub, address="203.0.113.1")
    extra.hello()
    assert extra.errors(extra.say(type="quick", players=4)) == ["room.error.too_many_rooms"]
    assert len(hub.quickmatch.waiting) == 2


async def _two_hubs_share_one_line(url: str) -> None:
    clock = Clock()
    queues = [RedisQueue.from_url(url), RedisQueue.from_url(url)]
    settings = Settings(db=":memory:", site="", message_rate=1e6, message_burst=1e6, quick_wait_seconds=20)
    first, second = (Hub(settings, MemoryStore(), clock, queue=q) for q in queues)
    try:

        async def enter(hub: Hub, name: str, players: int) -> Person:
            person = Person(hub, address="203.0.113.50")
            for frame in ({"type": "hello", "v": 1, "lang": "en"},
                          {"type": "quick", "preset": "basic", "players": players, "name": name}):  # fmt: skip
                await hub.receive(person.client, json.dumps(frame))
            assert person.frames[-1]["type"] == "queued"
            return person

        ann = await enter(first, "Ann", 3)
        bo = await enter(second, "Bo", 3)
        assert await queues[0].waiting("basic:3") == 2
        clock.now += 20
        await second.tick()  # the second process forms the group: Ann's seat is left in Redis for the first
        await first.tick()
        seat_a, seat_b = matched(ann), matched(bo)
        assert seat_a is not None and seat_b is not None and seat_a["code"] == seat_b["code"]
        room = second.rooms[seat_a["code"]]
        assert seat_a["code"] not in first.rooms  # made by the second process's hub, through its create path
        assert room.seats[seat_a["seat"]].token_hash == hashlib.sha256(seat_a["token"].encode()).hexdigest()
        assert [s.kind for s in room.seats] == ["person", "person", "computer"]
        assert await queues[0].waiting("basic:3") == 0
        # Read once: the seat left for Ann is gone from Redis.
        assert await queues[1].collect("anything") is None
        # Two processes racing for one line never seat a person twice.
        cy = await enter(first, "Cy", 2)
        dee = await enter(second, "Dee", 2)
        await asyncio.gather(first.tick(), second.tick())
        await asyncio.gather(first.tick(), second.tick())
        seat_c, seat_d = matched(cy), matched(dee)
        assert seat_c is not None and seat_d is not None and seat_c["code"] == seat_d["code"]
        assert len([r for h in (first, second) for r in h.rooms.values() if r.code == seat_c["code"]]) == 1
    finally:
        for queue in queues:
            await queue.close()


@pytest.fixture(scope="module")
def redis_url() -> Any:
    with RedisServer() as server:
        yield server.url


def test_two_processes_seat_their_people_together_through_redis(redis_url: str) -> None:
    asyncio.run(_two_hubs_share_one_line(redis_url))
