"""Rooms shared by several server processes through Redis (STORE=redis://…): two hubs, each its own "process" with
its own Redis connections, play one room together; commits racing on one revision, and people of one room on
two hubs acting at the same moment, never lose or double a change; hidden cards and secrets stay in Redis."""

from __future__ import annotations

import asyncio
import json
import random

import pytest
from rediskit import Person, redis_url, same_step, shared_hubs, to_move, until

from server.redis_store import RedisStore
from server.room import Room
from server.store import Conflict

__all__ = ["redis_url"]  # the module's Redis (a fixture)


async def seated(url_hubs: list, players: int = 3, holes: int = 1, computers: int = 1) -> list[Person]:  # type: ignore[type-arg]
    """A started room: the host on the first hub, one person on each other hub, then computers."""
    hubs = url_hubs
    people = [Person(hub, address=f"192.0.2.{i + 1}") for i, hub in enumerate(hubs)]
    for person in people:
        await person.hello()
    seats = ["person"] + ["open"] * (len(hubs) - 1) + ["easy"] * computers  # Easy: the cheapest decisions
    setup = {"preset": "basic", "players": len(seats), "holes": holes}
    frames = await people[0].say(type="create", setup=setup, seats=seats, name="Ann")
    assert not Person.errors(frames), frames
    for index, person in enumerate(people[1:], start=1):
        frames = await person.say(type="join", code=people[0].code, name=f"P{index}")
        assert not Person.errors(frames), frames
    assert not Person.errors(await people[0].say(type="start"))
    await same_step(people)
    return people


async def play_hole(people: list[Person], rng: random.Random) -> int:
    """Moves of whoever's turn it is until the hole ends; each waits for the other hub's news first."""
    for made in range(400):
        await same_step(people)
        person = to_move(people)
        if person is None:
            return made
        table = person.table()
        frames = await person.say(type="act", action=rng.choice(table["observation"]["legal_actions"]),
                                  step=table["step"])  # fmt: skip
        assert not Person.errors(frames), frames
    raise AssertionError("the hole did not end")


def test_two_processes_play_one_room_together(redis_url: str) -> None:
    async def scenario() -> None:
        async with shared_hubs(redis_url) as hubs:
            host, guest = await seated(hubs)
            assert host.hub is not guest.hub and guest.last_state()["room"]["seats"][0]["name"] == "Ann"
            made = await play_hole([host, guest], random.Random(5))
            assert made > 4 and host.table()["hole_over"] and guest.table()["hole_over"]
            # Both processes reached the same table, each seat seeing its own; the other hub's moves arrived as
            # events (the guest was told the host's moves one by one, as in a room on one process).
            assert host.table()["scores"] == guest.table()["scores"]
            assert any(e for f in guest.frames if f["type"] == "state" and f["table"] for e in f["table"]["events"])
            # What Redis holds is the room (seed, tokens' hashes, log); no frame to anyone carries those.
            store = hubs[0].shared
            assert isinstance(store, RedisStore)
            kept = await store.read(host.code or "")
            assert kept is not None
            data, revision = kept
            room = Room.from_data(data)
            assert room.played is not None and room.played.match.hole.is_over() and revision >= made
            secrets = [str(data["seed"])] + [s["token_hash"] for s in data["seats"] if s["token_hash"]]
            for text in host.texts + guest.texts:
                assert not any(secret in text for secret in secrets)

    asyncio.run(scenario())


def test_commits_racing_on_one_revision_only_one_is_kept(redis_url: str) -> None:
    async def scenario() -> None:
        stores = [RedisStore(redis_url, prefix="race:", process=f"r{i}") for i in range(2)]
        try:
            code = "RACE22"
            first = await stores[0].commit(code, {"n": 0}, 0, 1.0)
            revision, kept = first, 0
            for round_ in range(20):
                # Forty commits on the same revision at once, from two connections (two processes): one wins.
                attempts = [stores[i % 2].commit(code, {"n": i, "round": round_}, revision, 2.0) for i in range(40)]
                results = await asyncio.gather(*attempts, return_exceptions=True)
                won = [r for r in results if isinstance(r, int)]
                assert len(won) == 1 and all(isinstance(r, Conflict) for r in results if not isinstance(r, int))
                revision = won[0]
                kept += 1
            data, now = await stores[1].read(code) or ({}, -1)
            assert now == first + kept == 21 and data["round"] == 19
            # A new room's commit is on revision 0: a code already taken is never overwritten.
            with pytest.raises(Conflict):
                await stores[1].commit(code, {"n": "other"}, 0, 3.0)
        finally:
            for store in stores:
                await store.close()

    asyncio.run(scenario())


def test_people_on_two_processes_acting_at_once_lose_nothing(redis_url: str) -> None:
    async def scenario() -> None:
        async with shared_hubs(redis_url) as hubs:
            host, guest = await seated(hubs, players=2, holes=3, computers=0)
            # Renames at the same moment on two processes: both kept (the loser of the commit read again).
            for n in range(5):
                await asyncio.gather(host.say(type="rename", name=f"A{n}"), guest.say(type="rename", name=f"B{n}"))
            await until(lambda: [s["name"] for s in host.last_state()["room"]["seats"]] == ["A4", "B4"])
            await until(lambda: [s["name"] for s in guest.last_state()["room"]["seats"]] == ["A4", "B4"])
            # Both ready at once at the hole's end: the next hole starts exactly once, from both agreeing.
            await play_hole([host, guest], random.Random(8))
            step = host.table()["step"]
            answers = await asyncio.gather(host.say(type="ready", step=step), guest.say(type="ready", step=step))
            assert not any(Person.errors(a) for a in answers), answers
            await same_step([host, guest])
            for person in (host, guest):
                assert person.table()["hole"] == 2 and not person.table()["hole_over"]
            # The same move sent through both processes on the same table: made once, the second refused.
            mover = to_move([host, guest])
            assert mover is not None
            table = mover.table()
            twin = Person(guest.hub if mover is host else host.hub, address="192.0.2.77")
            await twin.hello()
            await twin.say(type="join", code=mover.code, token=mover.token)
            await until(lambda: mover.closed_with == 4000)  # the seat taken over on the other process
            action = table["observation"]["legal_actions"][0]
            answers = [await twin.say(type="act", action=action, step=table["step"]) for _ in range(2)]
            assert not Person.errors(answers[0]) and Person.errors(answers[1]) in (["room.error.stale"],
                                                                                   ["room.error.not_your_turn"])  # fmt: skip
            store = hubs[0].shared
            assert isinstance(store, RedisStore)
            data, _ = await store.read(host.code or "") or ({}, 0)
            assert data["log"].count("next") == 1 if "next" in data["log"] else True
            assert json.dumps(data)  # the room as kept reads back
            assert Room.from_data(data).step == twin.table()["step"]

    asyncio.run(scenario())
