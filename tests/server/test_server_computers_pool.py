"""Computers' decisions off the event loop (server/thinking.py): a room whose Hard computer is thinking holds up no
other room; the person's own move is answered at once and the computer's reply follows; the replies are the
moves the engine's own inline play makes (`SeatedMatch.play_computers`, replayed here from the room's seed);
past the budget a Normal decision is made inline and one log line says so; a worker process killed is replaced
and the room plays on; an answer for a table that moved on (an undo) is dropped; and every frame to every seat
is still that seat's observation and nothing more (the no-leak test's Watcher, on frames sent while a decision
is held as well as after it).

The pool here is mostly a thread pool whose decisions wait for the test's permission (`Gate`): the hub cannot
tell it from the process pool, and the test decides when a decision is made. One test runs the real spawned
processes, to kill one.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import random
import signal
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
import rediskit
from rediskit import redis_url
from roomkit import Clock, Connection
from test_server_no_leak import Watcher

from server.hub import Hub
from server.redis_store import RedisStore
from server.room import Room
from server.settings import Settings
from server.store import MemoryStore
from server.thinking import Ask, Executor, Thinking, decide
from sixcardgolf import actions as A
from sixcardgolf.ai import make_policy
from sixcardgolf.door.seated import SeatedMatch
from sixcardgolf.match import HIDDEN, Match
from sixcardgolf.seeds import decision_seed

__all__ = ["redis_url"]  # the module's Redis (a fixture), for the test of two processes


class Gate:
    """A decision that waits for the test: each one takes a permit (`allow`) before the engine decides."""

    def __init__(self) -> None:
        self.permits = threading.Semaphore(0)
        self.asked = 0
        self.open = False

    def think(self, ask: Ask) -> int:
        self.asked += 1
        if not self.open:
            self.permits.acquire(timeout=30)
        return decide(ask)

    def allow(self, count: int = 1) -> None:
        for _ in range(count):
            self.permits.release()

    def release_all(self) -> None:
        self.open = True
        self.allow(100)


def threads(workers: int) -> Executor:
    return ThreadPoolExecutor(max_workers=workers)


@pytest.fixture
def gate() -> Iterator[Gate]:
    held = Gate()
    yield held
    held.release_all()  # no thread of a test left waiting


def thinking_hub(thinking: Thinking) -> Hub:
    settings = Settings(db=":memory:", site="", message_rate=1e6, message_burst=1e6)
    return Hub(settings, MemoryStore(), Clock(), thinking=thinking)


class Person(Connection):
    async def say(self, **frame: Any) -> list[dict[str, Any]]:
        start = len(self.frames)
        await self.hub.receive(self.client, json.dumps(frame))
        return self._noted(self.frames[start:])


async def seated(hub: Hub, people: int, computers: list[str], preset: str = "basic") -> list[Person]:
    crowd = [Person(hub, address=f"192.0.2.{i + 1}") for i in range(people)]
    for person in crowd:
        await person.say(type="hello", v=1, lang="en")
    setup = {"preset": preset, "options": {}, "players": people + len(computers), "holes": 1}
    await crowd[0].say(type="create", setup=setup, seats=["person"] + ["open"] * (people - 1) + computers)
    for person in crowd[1:]:
        await person.say(type="join", code=crowd[0].code)
    assert not Connection.errors(await crowd[0].say(type="start"))
    return crowd


async def settle(hub: Hub, gate: Gate | None = None, seconds: float = 30.0) -> None:
    """Until no decision is being thought (each one let through the gate, if there is one)."""
    deadline = time.monotonic() + seconds
    while hub._ponder_tasks:
        assert time.monotonic() < deadline, "a computer's decision never came back"
        if gate is not None and gate.permits._value == 0:
            gate.allow()
        await asyncio.sleep(0.005)


async def until(condition: Callable[[], bool], seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "waited in vain"
        await asyncio.sleep(0.005)


def room_of(hub: Hub, person: Person) -> Room:
    assert person.code is not None
    return hub.rooms[person.code]


def to_move(crowd: list[Person]) -> Person | None:
    for person in crowd:
        if person.frames and person.table()["prompt"] is not None:
            return person
    return None


def engine_replay(room: Room) -> None:
    """The room's log is what the engine's own inline play makes from its seed: each person's move applied to a
    `SeatedMatch` with the room's seats, then the engine's `play_computers`, must give the next entries."""
    assert room.played is not None
    match = Match(room.rules(), len(room.seats), room.seed, deals=HIDDEN, first_dealer=room.first_dealer)
    levels = [seat.level if seat.kind == "computer" else "human" for seat in room.seats]
    engine = SeatedMatch(match, levels)
    engine.play_computers()
    logged = lambda: [A.format_action(a) for a in match.log]  # noqa: E731
    while len(match.log) < len(room.log):
        assert logged() == room.log[: len(match.log)], "a computer's move differs from the engine's"
        assert engine.is_human(match.current_player())
        engine.play(A.parse_action(room.log[len(match.log)]))
        engine.play_computers()
    assert logged() == room.log


def test_a_hard_decision_held_up_holds_up_no_other_room(gate: Gate) -> None:
    """While room A's Hard computer thinks (its decision held), A's person was answered at once and room B's moves
    are answered; once it is let through, A gets the Hard move, the engine's."""

    async def scenario() -> None:
        # Two threads: an ask the room no longer waits for may still hold one at the gate (a clean-clone run under
        # load once waited 10 s for A's ask behind such a one), so A's new ask is never queued behind it.
        hub = thinking_hub(Thinking(2, 60.0, make_pool=threads, think=gate.think))
        alone = await seated(hub, 1, ["hard"])
        pair = await seated(hub, 2, [])
        await settle(hub, gate)  # Hard may deal first
        person = alone[0]
        held = 0
        for _ in range(12):  # A's moves, until three of them had their Hard reply held, then let through
            if held == 3:
                break
            table = person.table()
            asked = gate.asked
            frames = await person.say(type="act", action=table["observation"]["legal_actions"][0], step=table["step"])
            states = [f for f in frames if f["type"] == "state"]
            if room_of(hub, person).thinking() is None:
                await settle(hub, gate)
                continue  # the person's turn goes on (a draw, then its swap)
            # Answered at once: the person's move is on the table, the computer's is not yet.
            assert states and states[-1]["table"]["prompt"] is None
            assert states[-1]["table"]["step"] == table["step"] + 1
            await until(lambda asked=asked: gate.asked >= asked + 1, seconds=40)  # asked, and held
            for _ in range(4):  # room B plays on meanwhile
                mover = to_move(pair)
                assert mover is not None
                other = mover.table()
                began = time.perf_counter()
                answer = await mover.say(type="act", action=other["observation"]["legal_actions"][0],
                                         step=other["step"])  # fmt: skip
                assert time.perf_counter() - began < 1.0
                assert answer[-1]["type"] == "state" and answer[-1]["table"]["step"] == other["step"] + 1
            assert room_of(hub, person).thinking() is not None  # A still waits for its computer
            held += 1
            seen = len(person.frames)
            await settle(hub, gate)
            assert len(person.frames) > seen  # the Hard reply was sent to A
            hard = [e for f in person.frames[seen:] if f["type"] == "state" for e in f["table"]["events"]]
            assert any(e["seat"] == 1 for e in hard)
        assert held == 3
        engine_replay(room_of(hub, person))
        await hub.close()

    asyncio.run(scenario())


def test_a_played_hole_with_hard_and_normal_is_the_engines_own_play(gate: Gate) -> None:
    """A whole hole, two people beside a Hard and a Normal computer, the pool answering as it comes."""

    async def scenario() -> None:
        gate.release_all()
        hub = thinking_hub(Thinking(1, 60.0, make_pool=threads, think=gate.think))
        crowd = await seated(hub, 2, ["hard", "normal"])
        rng = random.Random(5)
        room = room_of(hub, crowd[0])
        for _ in range(400):
            await settle(hub)
            room = room_of(hub, crowd[0])
            assert room.played is not None
            if room.played.match.hole.is_over():
                break
            mover = to_move(crowd)
            assert mover is not None
            table = mover.table()
            await mover.say(type="act", action=rng.choice(table["observation"]["legal_actions"]), step=table["step"])
        assert room.played is not None and room.played.match.hole.is_over()
        assert gate.asked > 3  # the Hard seat's decisions went to the pool
        engine_replay(room)
        assert 'golf_errors_total{key="think"}' not in hub.ops.text().decode()
        await hub.close()

    asyncio.run(scenario())


def test_past_the_budget_a_normal_decision_is_made_inline_and_logged(
    gate: Gate, caplog: pytest.LogCaptureFixture
) -> None:
    async def scenario() -> None:
        hub = thinking_hub(Thinking(1, 0.05, make_pool=threads, think=gate.think))  # the gate is never opened
        crowd = await seated(hub, 1, ["hard"])
        person = crowd[0]
        room = room_of(hub, person)
        for _ in range(30):
            await settle(hub)  # a held decision comes back from the fallback after 0.05 s
            assert room.played is not None
            if room.played.match.hole.is_over() or len(room.log) > 10:
                break
            table = person.table()
            await person.say(type="act", action=table["observation"]["legal_actions"][0], step=table["step"])
        assert room.played is not None
        # Every computer move is Normal's decision (the engine's policy, seeded as the engine seeds it).
        replay = Match(room.rules(), 2, room.seed, deals=HIDDEN, first_dealer=room.first_dealer)
        checked = 0
        for text in room.log:
            seat = replay.current_player()
            if seat == 1:
                normal = make_policy("normal", decision_seed(room.seed, len(replay.log), seat))
                assert A.format_action(normal.choose(replay.observation(seat))) == text
                checked += 1
            replay.apply_logged(A.parse_action(text))
        assert checked >= 2
        assert f'golf_decision_fallbacks_total{{why="budget"}} {float(checked)}' in hub.ops.text().decode()
        await hub.close()
        return None

    with caplog.at_level(logging.INFO, logger="sixcardgolf.rooms.events"):
        asyncio.run(scenario())
    lines = [json.loads(r.getMessage()) for r in caplog.records if '"think_fallback"' in r.getMessage()]
    assert lines
    for line in lines:
        # One line each: the room's hash, the seat, why and how long; no code, card, token or name.
        assert set(line) == {"at", "event", "room", "seat", "why", "level", "seconds", "step"}
        assert line["why"] == "budget" and line["level"] == "hard" and line["seat"] == 1
        assert 0.04 < line["seconds"] < 5 and len(line["room"]) == 10


def test_an_answer_for_a_table_that_moved_on_is_dropped(gate: Gate) -> None:
    """The person takes back a move while the Hard reply to it is held: that reply is never applied; the next one
    is asked anew and applied once."""

    async def scenario() -> None:
        hub = thinking_hub(Thinking(1, 60.0, make_pool=threads, think=gate.think))
        for _ in range(30):
            crowd = await seated(hub, 1, ["hard"])
            person = crowd[0]
            room = room_of(hub, person)
            if not await undoable_turn(hub, gate, person):
                continue
            # The discard taken and swapped into a face-up place: nothing new shown, so it can be taken back.
            table = person.table()
            mine = table["observation"]["layouts"][person.seat]
            await person.say(type="act", action="take", step=table["step"])
            table = person.table()
            up = next(i for i, card in enumerate(mine) if card["up"])
            await person.say(type="act", action=f"swap {up + 1}", step=table["step"])
            table = person.table()
            held_for = room.thinking()
            if held_for is None or not table["can_undo"]:
                continue
            held = set(hub._ponder_tasks)
            assert not Connection.errors(await person.say(type="undo", step=table["step"]))
            assert room.thinking() is None and to_move(crowd) is person
            after_undo = list(room.log)
            gate.allow()
            await asyncio.wait(held, timeout=30)
            assert room.log == after_undo  # the held reply was dropped (not tried and refused)
            assert 'golf_errors_total{key="think"}' not in hub.ops.text().decode()
            while room.thinking() is None and to_move(crowd) is person:
                table = person.table()
                await person.say(type="act", action=table["observation"]["legal_actions"][0], step=table["step"])
            assert room.thinking() not in (None, held_for)  # a decision of its own, on the new step
            await settle(hub, gate)
            engine_replay(room)
            assert 'golf_errors_total{key="think"}' not in hub.ops.text().decode()
            await hub.close()
            return
        pytest.fail("no undo was possible in 30 deals")

    asyncio.run(scenario())


async def undoable_turn(hub: Hub, gate: Gate, person: Person) -> bool:
    """Play the person's first legal moves until their turn could be taken back after a take and a swap into a
    face-up place (False: the hole ended first)."""
    for _ in range(40):
        await settle(hub, gate)
        table = person.table()
        if table["prompt"] is None:
            return False
        observation = table["observation"]
        if "take" in observation["legal_actions"] and any(c["up"] for c in observation["layouts"][person.seat]):
            return True
        await person.say(type="act", action=observation["legal_actions"][0], step=table["step"])
    return False


def test_a_killed_worker_is_replaced_and_the_room_plays_on() -> None:
    """The real pool (spawned processes): its worker killed with SIGKILL between two decisions; the next one is
    asked of a new worker and the room's moves are still the engine's."""

    async def scenario() -> None:
        thinking = Thinking(1, 60.0)
        hub = thinking_hub(thinking)
        crowd = await seated(hub, 1, ["hard"])
        person = crowd[0]
        room = room_of(hub, person)
        killed: list[int] = []
        for _ in range(200):
            await settle(hub)
            assert room.played is not None
            if room.played.match.hole.is_over():
                break
            if not killed and thinking.pool is not None:
                worker = next(iter(thinking.pool._processes.values()))  # type: ignore[attr-defined]
                os.kill(worker.pid, signal.SIGKILL)
                worker.join(10)
                killed.append(worker.pid)
            table = person.table()
            await person.say(type="act", action=table["observation"]["legal_actions"][0], step=table["step"])
        assert room.played is not None and room.played.match.hole.is_over()
        assert killed and thinking.replaced == 1
        assert thinking.pool is not None
        assert killed[0] not in {p.pid for p in thinking.pool._processes.values()}  # type: ignore[attr-defined]
        assert "golf_decision_fallbacks_total{" not in hub.ops.text().decode()  # every answer came from a worker
        engine_replay(room)
        await hub.close()

    asyncio.run(scenario())


@pytest.mark.parametrize("seed", [1, 2])
def test_every_frame_is_still_that_seats_observation(gate: Gate, seed: int) -> None:
    """The no-leak test's check on every frame of rooms with Hard computers: the frames sent at once after a
    person's move (its reply held) and those each reply brings; with undo tries, some while a reply is held."""

    async def scenario() -> tuple[int, int]:
        hub = thinking_hub(Thinking(1, 60.0, make_pool=threads, think=gate.think))
        rng = random.Random(seed)
        people, computers = (2, ["hard"]) if seed % 2 else (1, ["hard", "normal"])
        crowd = await seated(hub, people, computers, preset=["basic", "four-card", "jokers"][seed % 3])
        watcher = Watcher(hub, crowd[0].code)
        before: tuple[Any, int] = (None, 0)
        start = [0] * len(crowd)

        def checked_since() -> tuple[tuple[Any, int], list[int]]:
            watcher.after(crowd, before, start)  # type: ignore[arg-type]
            return watcher.before(), [len(p.frames) for p in crowd]

        waits = 0
        for _ in range(300):
            room = room_of(hub, crowd[0])
            assert room.played is not None
            if room.thinking() is not None:  # a reply held: the frames so far are the table as it stands
                waits += 1
                before, start = checked_since()
                undoers = [p for p in crowd if p.table()["can_undo"]]
                if undoers and rng.random() < 0.5:
                    await undoers[0].say(type="undo", step=undoers[0].table()["step"])
                    before, start = checked_since()
                held = set(hub._ponder_tasks)
                gate.allow(len(held))
                await asyncio.wait(held, timeout=30)
                before, start = checked_since()
                continue
            if room.played.match.hole.is_over():
                break
            mover = to_move(crowd)
            assert mover is not None
            table = mover.table()
            if table["can_undo"] and rng.random() < 0.3:
                await mover.say(type="undo", step=table["step"])
            else:
                await mover.say(type="act", action=rng.choice(table["observation"]["legal_actions"]),
                                step=table["step"])  # fmt: skip
            await asyncio.sleep(0)  # the decision asked (and held)
            if room.thinking() is None:
                before, start = checked_since()
        assert room_of(hub, crowd[0]).played.match.hole.is_over()  # type: ignore[union-attr]
        assert 'golf_errors_total{key="think"}' not in hub.ops.text().decode()  # no answer tried on a moved table
        await hub.close()
        return watcher.checked, waits

    checked, waits = asyncio.run(scenario())
    assert checked > 10 and waits > 5  # frames checked, some of them while a Hard reply was held


def moves_applied(hub: Hub) -> float:
    line = next(x for x in hub.ops.text().decode().splitlines() if x.startswith("golf_moves_total "))
    return float(line.split()[1])


def test_two_processes_thinking_one_decision_apply_it_once(redis_url: str, gate: Gate) -> None:
    """With the shared store both processes of a room may think the same decision (the second one's tick found it
    waiting): the room's revision lets one of them apply it, the other's answer is dropped."""

    async def scenario() -> None:
        prefix = f"think-{random.randrange(10**9)}:"
        hubs = [
            Hub(
                rediskit.settings(),
                None,
                shared=RedisStore(redis_url, prefix=prefix, process=f"p{i}"),
                thinking=Thinking(1, 60.0, make_pool=threads, think=gate.think),
            )
            for i in range(2)
        ]
        for hub in hubs:
            await hub.start()
        try:
            people = [Person(hub, address=f"192.0.2.{i + 1}") for i, hub in enumerate(hubs)]
            for person in people:
                await person.say(type="hello", v=1, lang="en")
            setup = {"preset": "basic", "players": 3, "holes": 1}
            await people[0].say(type="create", setup=setup, seats=["person", "open", "hard"])
            await people[1].say(type="join", code=people[0].code)
            await people[0].say(type="start")
            code = people[0].code
            assert code is not None
            for _ in range(100):  # moves until a Hard decision is asked
                asking = [hub for hub in hubs if hub._pondering]
                if asking:
                    break
                await rediskit.same_step(people)  # type: ignore[arg-type]
                mover = to_move(people)
                assert mover is not None
                table = mover.table()
                await mover.say(type="act", action=table["observation"]["legal_actions"][0], step=table["step"])
            [thinker] = asking
            other = hubs[1 - hubs.index(thinker)]
            wanted = thinker.rooms[code].thinking()
            assert wanted is not None
            await until(lambda: other.rooms[code].step == wanted[0])  # the other process heard the move
            other._think_next(other.rooms[code])  # and asks too, as its tick does for a room left waiting
            assert other._pondering[code] == wanted
            held = {t for hub in hubs for t in hub._ponder_tasks}
            assert len(held) == 2
            before = [moves_applied(hub) for hub in hubs]
            gate.allow(2)
            await asyncio.wait(held, timeout=30)
            applied = [moves_applied(hub) - was for hub, was in zip(hubs, before, strict=True)]
            assert sorted(a > 0 for a in applied) == [False, True]  # one process applied it, once
            gate.release_all()
            for _ in range(400):  # the hole played out: every move the engine's own
                await until(lambda: not any(hub._ponder_tasks for hub in hubs))
                await rediskit.same_step(people)  # type: ignore[arg-type]
                mover = to_move(people)
                if mover is None:
                    break
                table = mover.table()
                await mover.say(type="act", action=table["observation"]["legal_actions"][0], step=table["step"])
            store = hubs[0].shared
            assert isinstance(store, RedisStore)
            kept = await store.read(code)
            assert kept is not None
            room = Room.from_data(kept[0])
            assert room.played is not None and room.played.match.hole.is_over()
            engine_replay(room)
        finally:
            for hub in hubs:
                await hub.close()

    asyncio.run(scenario())


def test_the_pool_is_a_setting() -> None:
    """`python -m server` thinks Hard in one worker less than the cores (at least one); 0 keeps every decision on
    the event loop (a hub without a pool never stops its computers at a Hard seat)."""
    cores = len(os.sched_getaffinity(0))
    assert Settings.from_env({}).think_workers == max(1, cores - 1)
    assert Settings.from_env({"GOLF_THINKERS": "3", "GOLF_THINK_BUDGET": "0.5"}).think_budget == 0.5
    inline = Hub(Settings.from_env({"GOLF_THINKERS": "0", "GOLF_DB": ":memory:", "GOLF_SITE": ""}), MemoryStore())
    assert inline.thinking is None and not inline.offload
    pooled = Hub(Settings.from_env({"GOLF_THINKERS": "2", "GOLF_DB": ":memory:", "GOLF_SITE": ""}), MemoryStore())
    assert pooled.thinking is not None and pooled.thinking.workers == 2 and pooled.thinking.pool is None  # lazily
