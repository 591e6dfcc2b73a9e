"""The table's extras across server processes sharing Redis: a spectator on one process follows a room played on
another and sees only public information; the spectators' cap holds across processes (and a killed process's
spectators stop counting once it stops beating); the turn timer's deadline is the room's, the same on every
process, fires exactly once when several processes hold the room, and still fires when the process holding the
person is gone; reactions reach the seats on the other process, one per person every 3 s across processes.

The hubs share one clock the test moves (`Clock`), so no test waits for a timer."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import AsyncIterator
from typing import Any

from rediskit import Person, redis_url, same_step, shared_hubs, until
from roomkit import Clock
from test_server_spectators import public_information

from server.hub import Hub
from server.room import Room
from sixcardgolf import actions as A
from sixcardgolf.observation import public_event

__all__ = ["redis_url"]  # the module's Redis (a fixture)


@contextlib.asynccontextmanager
async def hubs_on(url: str, clock: Clock | None = None, count: int = 2, **changes: Any) -> AsyncIterator[list[Hub]]:
    """`count` hubs on the Redis at `url` under a prefix of their own, on `clock` when given (else the real one)."""
    async with shared_hubs(url, count, clock, **changes) as hubs:
        yield hubs


async def kill(hub: Hub) -> None:
    """The hub stops dead, as a killed process does: no leaving told, no more beats or ticks."""
    await hub.line.close()
    assert hub.shared is not None
    await hub.shared.close()
    hub.shared = None  # closed already (the context's close does nothing more)


async def person(hub: Hub, address: str, lang: str = "en") -> Person:
    someone = Person(hub, address=address)
    await someone.hello(lang)
    return someone


async def kept(hub: Hub, code: str) -> tuple[dict[str, Any], int]:
    assert hub.shared is not None
    found = await hub.shared.read(code)
    assert found is not None
    return found


def states(crowd: Person) -> list[dict[str, Any]]:
    return [f for f in crowd.frames if f["type"] == "state"]


def public_events(data: dict[str, Any], begin: int, end: int) -> list[dict[str, Any]]:
    """Each move's public event between the `begin`th and `end`th actions of the kept match, from the engine."""
    room = Room.from_data({**data, "log": data["log"][:begin]})
    assert room.played is not None
    match, events = room.played.match, []
    for text in data["log"][begin:end]:
        action = A.parse_action(text)
        if action != A.NEXT_HOLE and not A.is_redeal(action):
            events.append(public_event(match.hole, action))
        match.apply_logged(action)
    return events


def test_a_spectator_on_another_process_follows_every_move_and_sees_only_public_cards(redis_url: str) -> None:
    async def scenario() -> None:
        async with hubs_on(redis_url) as (a, b):
            host, guest = await person(a, "192.0.2.1"), await person(a, "192.0.2.2")
            setup = {"preset": "four-card", "players": 3, "holes": 1}  # the peek: cards only one seat knows
            await host.say(type="create", setup=setup, seats=["person", "open", "easy"], name="Ann")
            await guest.say(type="join", code=host.code, name="Bo")
            assert not Person.errors(await host.say(type="start"))
            watch = host.last_state()["room"]["watch"]
            spectator = await person(b, "198.51.100.7")  # on the other process, which holds no copy of the room
            frames = await spectator.say(type="watch", code=watch)
            assert frames[0] == {"type": "watching", "id": None, "watch": watch}, frames
            begin = states(spectator)[-1]["table"]["moves"]
            rng = random.Random(3)
            for _ in range(300):
                mover = next((p for p in (host, guest) if p.table()["prompt"] is not None), None)
                if mover is None:
                    break
                table = mover.table()
                action = rng.choice(table["observation"]["legal_actions"])
                assert not Person.errors(await mover.say(type="act", action=action, step=table["step"]))
                moves = mover.table()["moves"]
                await until(lambda moves=moves: states(spectator)[-1]["table"]["moves"] == moves)
                # A spectator's move, on the table it was just shown, is refused and changes nothing.
                seen = states(spectator)[-1]["table"]
                answer = await spectator.say(type="act", action="draw", step=seen["step"])
                assert Person.errors(answer) == ["room.error.not_joined"]
            assert host.table()["hole_over"]
            data, _ = await kept(a, host.code or "")
            assert len(data["log"]) == host.table()["moves"]  # nothing of the spectator's was applied
            # Every frame the spectator was sent is the public information of the table it names, from the engine.
            watched = states(spectator)
            assert len(watched) > 5
            events = []
            for frame in watched:
                table = frame["table"]
                then = Room.from_data({**data, "log": data["log"][: table["moves"]]}).played
                assert then is not None and table["observation"] == public_information(then.match.hole)
                assert frame["room"]["code"] is None and frame["room"]["you"] is None
                assert all("table" not in event for event in table["events"])
                events += table["events"]
            # No move was missed or told twice: the events told are the engine's, each once, in order.
            assert events == public_events(data, begin, len(data["log"])) and events
            secrets = [host.code or "", str(data["seed"])] + [s["token_hash"] for s in data["seats"] if s["token_hash"]]
            for text in spectator.texts:
                assert not any(secret in text for secret in secrets)
            for other in (spectator, await person(b, "198.51.100.8")):
                assert Person.errors(await other.say(type="react", reaction="nice")) == ["room.error.not_joined"]
            assert Person.errors(await spectator.say(type="join", code=host.code)) == ["room.error.already_in"]
            # The spectator leaves: counted out on every process, and its process no longer holds the room.
            assert host.last_state()["room"]["spectators"] == 1
            await b.dropped(spectator.client)
            await until(lambda: host.last_state()["room"]["spectators"] == 0)
            assert host.code not in b.rooms

    asyncio.run(scenario())


def test_the_spectators_cap_holds_across_processes_and_a_killed_processs_spectators_stop_counting(
    redis_url: str,
) -> None:
    async def scenario() -> None:
        clock = Clock()
        async with hubs_on(redis_url, clock, spectators_per_room=2) as (a, b):
            host = await person(a, "192.0.2.1")
            await host.say(type="create", setup={"players": 2, "holes": 1}, seats=["person", "open"])
            guest = await person(b, "192.0.2.2")
            await guest.say(type="join", code=host.code)
            watch = host.last_state()["room"]["watch"]

            async def watcher(hub: Hub, n: int, lang: str = "en") -> tuple[Person, list[str]]:
                spectator = await person(hub, f"198.51.100.{n}", lang)
                return spectator, Person.errors(await spectator.say(type="watch", code=watch))

            first, refused = await watcher(a, 1)
            assert not refused
            _, refused = await watcher(b, 2)
            assert not refused
            for seat in (host, guest):  # both processes show the count of both
                await until(lambda seat=seat: seat.last_state()["room"]["spectators"] == 2)
            third, refused = await watcher(b, 3, "ja")
            assert refused == ["room.extra.watch_full"] and "2人" in third.frames[-1]["error"]
            assert (await watcher(a, 4))[1] == ["room.extra.watch_full"]
            # One place free, two spectators on two processes asking for it at once: one of them has it.
            await a.dropped(first.client)
            await until(lambda: guest.last_state()["room"]["spectators"] == 1)
            racers = [await person(hub, f"198.51.100.{n}") for hub, n in ((a, 5), (b, 6))]
            answers = await asyncio.gather(*(r.say(type="watch", code=watch) for r in racers))
            assert sorted(Person.errors(x) for x in answers) == [[], ["room.extra.watch_full"]], answers
            data, _ = await kept(a, host.code or "")
            assert sum(data["extras"]["watchers"].values()) == 2
            # The process holding the second spectator (and maybe the racer) is killed: its spectators count
            # until it has missed its beats, then no more, and a new spectator has the place.
            await kill(b)
            assert (await watcher(a, 7))[1] == ["room.extra.watch_full"]
            clock.now += 16  # past the 15 s a process may be silent
            await a.tick()
            held_on_a = 1 if not Person.errors(answers[0]) else 0
            assert host.last_state()["room"]["spectators"] == held_on_a
            _, refused = await watcher(a, 8)
            assert not refused and host.last_state()["room"]["spectators"] == held_on_a + 1

    asyncio.run(scenario())


async def timed_room(a: Hub, b: Hub) -> tuple[Person, Person]:
    """A started room with a 30 s turn timer: the host on hub a, the guest on hub b, nobody else."""
    host, guest = await person(a, "192.0.2.1"), await person(b, "192.0.2.2")
    await host.say(type="create", setup={"players": 2, "holes": 1}, seats=["person", "open"], timer=30)
    await guest.say(type="join", code=host.code)
    assert not Person.errors(await host.say(type="start"))
    await same_step([host, guest])
    return host, guest


def expired(hubs: list[Hub]) -> float:
    return sum(hub.ops.registry.get_sample_value("golf_turns_expired_total") or 0 for hub in hubs)


def test_the_turn_timer_is_the_rooms_fires_once_across_processes_and_after_its_holder_is_killed(
    redis_url: str,
) -> None:
    async def scenario() -> None:
        clock = Clock()
        async with hubs_on(redis_url, clock, count=3) as hubs:
            a, b, c = hubs
            pair = await timed_room(a, b)
            code = pair[0].code or ""
            [mover] = [p for p in pair if p.table()["prompt"] is not None]
            other = pair[1 - pair.index(mover)]
            assert a.rooms[code].extras["turn"] == b.rooms[code].extras["turn"]  # one deadline, kept in the room
            start = clock.now
            while mover.table()["prompt"] is not None:  # the mover's whole turn (the opening's flips, or a draw...)
                table = mover.table()
                action = table["observation"]["legal_actions"][0]
                assert not Person.errors(await mover.say(type="act", action=action, step=table["step"]))
            await same_step(list(pair))
            assert mover.last_state()["room"]["turn"] == {"seat": other.seat, "seconds": 30, "left": 30.0}
            # 5 s later a third process takes the room on (a spectator of it): it shows what is left of the same
            # deadline, not a turn begun when it read the room.
            clock.now += 5
            spectator = await person(c, "198.51.100.7")
            await spectator.say(type="watch", code=mover.last_state()["room"]["watch"])
            assert states(spectator)[-1]["room"]["turn"] == {"seat": other.seat, "seconds": 30, "left": 25.0}
            await until(lambda: other.last_state()["room"]["spectators"] == 1)
            assert other.last_state()["room"]["turn"]["left"] == 25.0
            assert {hub.timers.deadline(hub.rooms[code]) for hub in hubs} == {start + 30}
            # Every process ticks past the deadline at the same moment: one computer's turn, in one commit.
            for now in (start + 12, start + 24):
                clock.now = now
                await asyncio.gather(*(hub.tick() for hub in hubs))
            data, revision = await kept(a, code)
            moves = len(data["log"])
            clock.now = start + 31
            await asyncio.gather(*(hub.tick() for hub in hubs))
            await same_step(list(pair))
            data, after = await kept(a, code)
            assert after == revision + 1 and expired(hubs) == 1
            assert data["extras"]["missed"] == {str(other.seat): 1}
            played = Room.from_data(data).played
            assert played is not None and set(played.movers[moves:]) == {other.seat}
            assert mover.table()["prompt"] is not None  # the mover's turn again, its clock from the firing
            assert {hub.timers.deadline(hub.rooms[code]) for hub in hubs} == {start + 31 + 30}
            # The process holding the person to move is killed mid-countdown: the others fire the timer.
            holder = mover.hub
            survivors = [hub for hub in hubs if hub is not holder]
            await kill(holder)
            for now in (start + 45, start + 60, start + 62):
                clock.now = now
                await asyncio.gather(*(hub.tick() for hub in survivors))
            data, _ = await kept(survivors[0], code)
            assert expired(hubs) == 2
            assert data["extras"]["missed"] == {str(other.seat): 1, str(mover.seat): 1}
            await until(lambda: other.table()["prompt"] is not None)  # the computer played the mover's turn
            assert other.table()["moves"] > moves + 1
            assert other.last_state()["room"]["seats"][mover.seat or 0]["away"]  # its process stopped beating
            assert states(spectator)[-1]["room"]["turn"]["seat"] == other.seat

    asyncio.run(scenario())


def test_a_reaction_reaches_the_other_process_and_is_limited_per_person_across_processes(redis_url: str) -> None:
    async def scenario() -> None:
        async with hubs_on(redis_url) as (a, b):
            host, guest = await person(a, "192.0.2.1"), await person(b, "192.0.2.2")
            await host.say(type="create", setup={"players": 2, "holes": 1}, seats=["person", "open"])
            await guest.say(type="join", code=host.code)
            spectator = await person(a, "198.51.100.7")
            await spectator.say(type="watch", code=host.last_state()["room"]["watch"])
            told = {"type": "reaction", "seat": 1, "reaction": "nice", "shown": 4}
            assert told in await guest.say(type="react", reaction="nice")
            for page in (host, spectator):  # on the other process
                await until(lambda page=page: page.frames[-1] == told)
            # The guest's page reconnects to the host's process and reacts again at once: still too soon.
            again = await person(a, "192.0.2.2")
            assert not Person.errors(await again.say(type="join", code=host.code, token=guest.token))
            assert Person.errors(await again.say(type="react", reaction="wow")) == ["room.extra.reaction_rate"]
            assert not Person.errors(await host.say(type="react", reaction="thinking"))  # a budget of one's own
            await until(lambda: again.frames[-1]["type"] == "reaction")
            await asyncio.sleep(0.05)  # the other process's line has had time to tell anything it would
            reactions = [f["reaction"] for p in (host, spectator, again) for f in p.frames if f["type"] == "reaction"]
            assert sorted(reactions) == ["nice", "nice", "thinking", "thinking", "thinking"]

    asyncio.run(scenario())
