"""Quick match: a person who wants a game now is seated with others waiting for the same preset and table size;
after `Settings.quick_wait_seconds` (the countdown the page shows) computers fill the seats nobody took.

The waiting line is a `MatchQueue`, behind one small interface with two kinds:

- `LocalQueue`, this process's memory (one server process, the tests);
- `RedisQueue`, a sorted set per preset and size in Redis (the `redis` package's asyncio client), so that the
  people waiting on every server process of a site are seated together. A group is taken from the line by one
  Lua script, which Redis runs atomically: two processes can never seat the same person twice.

Whichever process takes a group out of the line makes its room through the hub's own create path (the first
person is the host, the others join, open seats get Normal computers, the match starts at once) and leaves each
person's seat for them (`deliver`): the room's code, the seat and the seat's token. The process the person is
connected to picks it up on its next tick (`collect`), sends it as `matched`, and the page then joins with that
token as a returning seat would; with the shared store (Redis) that join works on any process. A delivered seat
waits in Redis at most `RESULT_SECONDS`; it is read once (GETDEL) and never written to a log.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any, Protocol

from sixcardgolf.door.params import rules_from
from sixcardgolf.errors import GolfError

from .errors import RoomError
from .room import PERSON, Room, check_setup

if TYPE_CHECKING:
    from redis.asyncio import Redis

    from sixcardgolf.door.seated import Move

    from .hub import Client, Hub

FILL_LEVEL = "normal"
"""The computers that take the seats nobody took."""
QUICK_TURN_SECONDS = 60
"""A quick match is among strangers: its turn timer is on (server/timer.py)."""
RESULT_SECONDS = 120
TICKET_SECONDS = 3600


@dataclass(frozen=True)
class Ticket:
    """One person waiting: the line they wait in (`line`: preset and size), their name and language."""

    id: str
    line: str
    name: str
    lang: str
    since: float


def line_of(preset: str, players: int) -> str:
    return f"{preset}:{players}"


class MatchQueue(Protocol):
    async def enter(self, ticket: Ticket) -> None:
        """`ticket` joins the end of its line."""

    async def leave(self, ticket_id: str, line: str) -> bool:
        """Out of the line; False if it was no longer in it (a group already took it)."""

    async def take(self, line: str, size: int, now: float, wait: float) -> list[Ticket]:
        """A group out of `line`, atomically: `size` tickets when that many wait, or everyone waiting once the
        first has waited `wait` seconds; else none."""

    async def waiting(self, line: str) -> int:
        """How many wait in `line` now."""

    async def deliver(self, ticket_id: str, seat: dict[str, Any]) -> None:
        """Leaves `ticket_id` its seat ({code, seat, token}) for whichever process the person is connected to."""

    async def collect(self, ticket_id: str) -> dict[str, Any] | None:
        """The seat left for `ticket_id`, once (None: not yet)."""

    async def ping(self) -> bool:
        """Whether the line can be reached (/healthz)."""


class LocalQueue:
    """The line in this process's memory."""

    def __init__(self) -> None:
        self.lines: dict[str, list[Ticket]] = {}
        self.seats: dict[str, dict[str, Any]] = {}

    async def enter(self, ticket: Ticket) -> None:
        self.lines.setdefault(ticket.line, []).append(ticket)

    async def leave(self, ticket_id: str, line: str) -> bool:
        waiting = self.lines.get(line, [])
        kept = [t for t in waiting if t.id != ticket_id]
        self.lines[line] = kept
        return len(kept) != len(waiting)

    async def take(self, line: str, size: int, now: float, wait: float) -> list[Ticket]:
        waiting = self.lines.get(line, [])
        if len(waiting) >= size:
            group, self.lines[line] = waiting[:size], waiting[size:]
            return group
        if waiting and waiting[0].since + wait <= now:
            self.lines[line] = []
            return waiting
        return []

    async def waiting(self, line: str) -> int:
        return len(self.lines.get(line, []))

    async def deliver(self, ticket_id: str, seat: dict[str, Any]) -> None:
        self.seats[ticket_id] = seat

    async def collect(self, ticket_id: str) -> dict[str, Any] | None:
        return self.seats.pop(ticket_id, None)

    async def ping(self) -> bool:
        return True


# KEYS[1]: the line (a sorted set of ticket ids by the time they joined). ARGV: size, now, wait.
_TAKE = """
local waiting = redis.call('ZCARD', KEYS[1])
if waiting == 0 then return {} end
local size = tonumber(ARGV[1])
local ids
if waiting >= size then
  ids = redis.call('ZRANGE', KEYS[1], 0, size - 1)
else
  local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  if tonumber(first[2]) + tonumber(ARGV[3]) > tonumber(ARGV[2]) then return {} end
  ids = redis.call('ZRANGE', KEYS[1], 0, -1)
end
redis.call('ZREM', KEYS[1], unpack(ids))
return ids
"""


class RedisQueue:
    """The line in Redis, shared by every process: `golf:quick:line:{preset}:{size}` (a sorted set of ticket ids
    scored by when they joined), `golf:quick:ticket:{id}` (the ticket, an hour at most) and
    `golf:quick:seat:{id}` (the seat left for it, `RESULT_SECONDS` at most)."""

    def __init__(self, client: Redis, prefix: str = "golf:quick:") -> None:
        self.redis = client
        self.prefix = prefix
        self._take = client.register_script(_TAKE)

    @classmethod
    def from_url(cls, url: str) -> RedisQueue:
        from redis.asyncio import Redis

        return cls(Redis.from_url(url, decode_responses=True))

    def _line(self, line: str) -> str:
        return f"{self.prefix}line:{line}"

    async def enter(self, ticket: Ticket) -> None:
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.set(f"{self.prefix}ticket:{ticket.id}", json.dumps(asdict(ticket)), ex=TICKET_SECONDS)
            pipe.zadd(self._line(ticket.line), {ticket.id: ticket.since})
            await pipe.execute()

    async def leave(self, ticket_id: str, line: str) -> bool:
        return bool(await self.redis.zrem(self._line(line), ticket_id))

    async def take(self, line: str, size: int, now: float, wait: float) -> list[Ticket]:
        ids = await self._take(keys=[self._line(line)], args=[size, now, wait])
        if not ids:
            return []
        texts = await self.redis.mget([f"{self.prefix}ticket:{i}" for i in ids])
        return [Ticket(**json.loads(text)) for text in texts if text is not None]

    async def waiting(self, line: str) -> int:
        return int(await self.redis.zcard(self._line(line)))

    async def deliver(self, ticket_id: str, seat: dict[str, Any]) -> None:
        await self.redis.set(f"{self.prefix}seat:{ticket_id}", json.dumps(seat), ex=RESULT_SECONDS)

    async def collect(self, ticket_id: str) -> dict[str, Any] | None:
        text = await self.redis.getdel(f"{self.prefix}seat:{ticket_id}")
        return None if text is None else dict(json.loads(text))

    async def ping(self) -> bool:
        return bool(await self.redis.ping())

    async def close(self) -> None:
        await self.redis.aclose()


def quick_setup(preset: object, players: object) -> dict[str, Any]:
    """A quick match's setup: the preset's own rules and number of holes (9 if the preset's is not one a room
    offers), checked like a room's."""
    try:
        wanted = rules_from({"preset": preset, "options": {}}).holes if isinstance(preset, str) else 9
    except GolfError:
        wanted = 9  # check_setup names the bad preset below
    setup = {"preset": preset, "options": {}, "players": players}
    try:
        return check_setup({**setup, "holes": wanted})
    except RoomError as refusal:
        if refusal.key != "room.error.holes":
            raise
        return check_setup({**setup, "holes": 9})


class QuickMatch:
    """The hub's part of quick match: the people of this process waiting, and the groups it forms."""

    def __init__(self, hub: Hub, queue: MatchQueue) -> None:
        self.hub = hub
        self.queue = queue
        self.waiting: dict[str, tuple[Client, Ticket, dict[str, Any]]] = {}  # ticket id -> who, ticket, setup

    async def enter(self, client: Client, fields: dict[str, Any], now: float) -> dict[str, Any]:
        """`client` joins the line: the `queued` frame's fields."""
        if client.code is not None or client.ticket is not None or client.watching is not None:
            raise RoomError("room.error.already_in")
        most = self.hub.settings.rooms_per_address
        if sum(1 for other, _, _ in self.waiting.values() if other.address == client.address) >= most:
            raise RoomError("room.error.too_many_rooms", most=most)  # each ticket may become a room
        setup = quick_setup(fields.get("preset", "basic"), fields.get("players", 2))
        name = fields.get("name") or ""
        from .room import clean_name

        ticket = Ticket(secrets.token_hex(8), line_of(setup["preset"], setup["players"]), clean_name(name, ""),
                        client.lang, now)  # fmt: skip
        await self.queue.enter(ticket)
        client.ticket = ticket.id
        self.waiting[ticket.id] = (client, ticket, setup)
        return self.queued(ticket, setup, now)

    def queued(self, ticket: Ticket, setup: dict[str, Any], now: float) -> dict[str, Any]:
        wait = self.hub.settings.quick_wait_seconds
        return {"preset": setup["preset"], "players": setup["players"], "wait": wait,
                "left": round(max(0.0, ticket.since + wait - now), 1)}  # fmt: skip

    async def leave(self, client: Client) -> None:
        """Out of the line (the `unqueue` message, or the socket closed)."""
        ticket_id = client.ticket
        if ticket_id is None:
            return
        client.ticket = None
        entry = self.waiting.pop(ticket_id, None)
        if entry is not None and not await self.queue.leave(ticket_id, entry[1].line):
            # A group had taken them already: the seat left for them is dropped (their seat in the room is then
            # played by a computer after the grace period, as anyone's who went away).
            await self.queue.collect(ticket_id)

    async def tick(self, now: float) -> None:
        """Forms the groups of every line someone on this process waits in, then hands out the seats left for
        this process's people (by this process or another)."""
        wait = self.hub.settings.quick_wait_seconds
        lines = {ticket.line: setup for _, ticket, setup in self.waiting.values()}
        for line, setup in lines.items():
            while True:
                group = await self.queue.take(line, setup["players"], now, wait)
                if not group:
                    break
                await self.seat_group(group, setup, now)
        for ticket_id, (client, _, _) in list(self.waiting.items()):
            seat = await self.queue.collect(ticket_id)
            if seat is None:
                continue
            del self.waiting[ticket_id]
            client.ticket = None
            await self.hub.tell(client, "matched", **seat)

    async def seat_group(self, group: list[Ticket], setup: dict[str, Any], now: float) -> None:
        """A room for `group` through the hub's create path, started at once with computers in the open seats."""
        players = setup["players"]
        seats = [PERSON] + ["open"] * (players - 1)
        host = group[0]
        room, token = await self.hub.open_room(setup, seats, host.name, host.lang, now, turn_seconds=QUICK_TURN_SECONDS,
                                         quick=True)  # fmt: skip
        handed: list[tuple[str, dict[str, Any]]] = [(host.id, {"code": room.code, "seat": 0, "token": token})]

        def seat_and_start(room: Room) -> list[Move]:
            for ticket in group[1:]:
                seat, seat_token = room.join(ticket.name, ticket.lang, now)
                handed.append((ticket.id, {"code": room.code, "seat": seat, "token": seat_token}))
            for index in room.people():
                room.went_away(index, now)  # until each person's page joins with its token
            return room.start(0, FILL_LEVEL if len(group) < players else None, now)

        await self.hub.change_room(room, seat_and_start)
        for ticket_id, left in handed:
            await self.queue.deliver(ticket_id, left)
        self.hub.ops.event("quick_match", room.code, -1, people=len(group), players=players)
