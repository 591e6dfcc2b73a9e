"""People at a room server's hub, in this process: each one a client whose frames are kept, and a clock the test
moves. No sockets, so a test plays hundreds of rooms in seconds; test_server_app.py and the browser tests meet
the same hub through real websockets."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from server.hub import Client, Hub
from server.settings import Settings
from server.store import MemoryStore, RoomStore


class Clock:
    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def make_hub(store: RoomStore | None = None, clock: Clock | None = None, **settings: Any) -> Hub:
    """A hub with generous message limits unless a test sets them."""
    defaults: dict[str, Any] = {"db": ":memory:", "site": "", "message_rate": 1e6, "message_burst": 1e6}
    return Hub(Settings(**{**defaults, **settings}), store or MemoryStore(), clock or Clock())


class Connection:
    """One connection to `hub` and what it was sent: the part of a test person that does not depend on how its
    frames are sent (synchronously here, awaited in rediskit.py's hubs that share Redis)."""

    def __init__(self, hub: Hub, lang: str = "en", address: str = "192.0.2.1") -> None:
        self.hub = hub
        self.frames: list[dict[str, Any]] = []
        self.texts: list[str] = []
        self.closed_with: int | None = None
        self.client: Client = hub.client(self._send, self._close, address)
        self.token: str | None = None
        self.code: str | None = None
        self.seat: int | None = None

    async def _send(self, text: str) -> None:
        self.texts.append(text)
        self.frames.append(json.loads(text))

    async def _close(self, code: int) -> None:
        self.closed_with = code

    def _noted(self, answers: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The answers to a frame, the seat they gave this person noted."""
        for answer in answers:
            if answer["type"] == "joined":
                self.code, self.seat = answer["code"], answer["seat"]
                self.token = answer.get("token", self.token)
        return answers

    def last_state(self) -> dict[str, Any]:
        return next(f for f in reversed(self.frames) if f["type"] == "state")

    def table(self) -> dict[str, Any]:
        table = self.last_state()["table"]
        assert table is not None, "no table: the room is in its lobby"
        return table  # type: ignore[no-any-return]

    @staticmethod
    def errors(frames: list[dict[str, Any]]) -> list[str]:
        return [f["key"] for f in frames if f["type"] == "error"]


class Person(Connection):
    """One connection to `hub`: `say(...)` sends a frame and gives back what this person was sent meanwhile."""

    def say_text(self, text: str | bytes) -> list[dict[str, Any]]:
        start = len(self.frames)
        asyncio.run(self.hub.receive(self.client, text))
        return self.frames[start:]

    def say(self, **frame: Any) -> list[dict[str, Any]]:
        return self._noted(self.say_text(json.dumps(frame)))

    def hello(self, lang: str = "en") -> None:
        [welcome] = self.say(type="hello", v=1, lang=lang)
        assert welcome["type"] == "welcome", welcome

    def drop(self) -> None:
        asyncio.run(self.hub.dropped(self.client))


def room_of(people: int, setup: dict[str, Any] | None = None, computers: list[str] | None = None,
            hub: Hub | None = None, langs: list[str] | None = None) -> tuple[Hub, list[Person]]:  # fmt: skip
    """A hub and a started room: `people` persons (seat 0 the host) and then `computers` (levels)."""
    hub = hub or make_hub()
    computers = computers or []
    players = people + len(computers)
    langs = langs or ["en"] * people
    crowd = [Person(hub, lang=langs[i], address=f"192.0.2.{i + 1}") for i in range(people)]
    for person, lang in zip(crowd, langs, strict=True):
        person.hello(lang)
    setup = {"preset": "basic", "options": {}, "players": players, "holes": 1, **(setup or {})}
    crowd[0].say(type="create", setup=setup, seats=["person"] + ["open"] * (people - 1) + computers, name="Host")
    for index, person in enumerate(crowd[1:], start=1):
        person.say(type="join", code=crowd[0].code, name=f"P{index}")
    frames = crowd[0].say(type="start")
    assert not crowd[0].errors(frames), frames
    return hub, crowd


def mover(crowd: list[Person]) -> Person | None:
    """The person whose turn it is, by what the server told them (None: a computer's turn or the hole over)."""
    for person in crowd:
        table = person.table()
        if table["prompt"] is not None:
            return person
    return None
