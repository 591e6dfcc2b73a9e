"""The rooms of one server process and the people connected to them: messages in, each seat's state out.

Everything runs on the event loop's one thread: a message is read (protocol.read), applied to its room
(room.Room, synchronous), the room is written to the store, and only then is every seat sent its own state
(views). A refused message is answered to its sender alone and changes nothing.

A connection is a `Client`: its language, its room and seat once joined, and its message budget. One seat has
at most one connection: a second one (another tab, a phone that reconnected before the old socket timed out)
takes over, and the first is told so and closed.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from sixcardgolf.door.seated import Move

from . import protocol
from .errors import RoomError
from .limits import TokenBucket
from .moves import moves_since
from .room import PERSON, PLAYING, Room, new_code, read_code
from .settings import Settings
from .store import RoomStore
from .views import Moment, room_view, table_view

log = logging.getLogger("sixcardgolf.rooms")

Send = Callable[[str], Awaitable[None]]
Close = Callable[[int], Awaitable[None]]


@dataclass(eq=False)
class Client:
    """One websocket: what the hub knows of it. `send` and `close` are the socket's."""

    send: Send
    close: Close
    address: str
    budget: TokenBucket
    lang: str = "en"
    greeted: bool = False
    code: str | None = None
    seat: int = -1
    closed: bool = False
    sent_frames: list[str] = field(default_factory=list)  # only when the hub records (tests)


class Hub:
    def __init__(self, settings: Settings, store: RoomStore, clock: Callable[[], float] = time.time) -> None:
        self.settings = settings
        self.store = store
        self.clock = clock
        self.rooms: dict[str, Room] = {}
        self.seated: dict[tuple[str, int], Client] = {}
        self.created_by: dict[str, set[str]] = {}  # address -> codes of its live rooms
        self.record_frames = False  # tests: keep every frame each client was sent
        self._load()

    # -- the store ---------------------------------------------------------------------------
    def _load(self) -> None:
        """Every room kept, back as it was; its people are away until they reconnect (the grace runs anew)."""
        now = self.clock()
        for code in self.store.remove_idle(now - self.settings.idle_seconds):
            log.info("room removed after being idle")
            del code
        for data in self.store.all():
            try:
                room = Room.from_data(data)
            except Exception:  # a row this version cannot read: kept in the file, left out of play
                log.exception("a kept room could not be read and is left out")
                continue
            for seat in room.seats:
                if seat.kind == PERSON and not seat.standing_in:
                    seat.away_since = now
            self.rooms[room.code] = room

    def _keep(self, room: Room) -> None:
        self.store.put(room.code, room.to_data(), room.updated)

    # -- connections -------------------------------------------------------------------------
    def client(self, send: Send, close: Close, address: str) -> Client:
        s = self.settings
        return Client(send, close, address, TokenBucket(s.message_rate, s.message_burst, self.clock))

    async def receive(self, client: Client, frame: str | bytes) -> None:
        """One frame from `client`: applied, or refused to the client alone."""
        ident = None
        try:
            if not client.budget.take():
                raise RoomError("room.error.rate")
            message = protocol.read(frame)
            ident = message.id
            if message.type != "hello" and not client.greeted:
                raise RoomError("room.error.hello_first")
            await self._dispatch(client, message)
        except RoomError as error:
            await self._send(client, protocol.frame("error", id=ident, key=error.key, error=error.message(client.lang)))

    async def dropped(self, client: Client) -> None:
        """The client's socket closed: its seat is held for the grace period."""
        client.closed = True
        if client.code is None:
            return
        key = (client.code, client.seat)
        if self.seated.get(key) is client:
            del self.seated[key]
            room = self.rooms.get(client.code)
            if room is not None:
                room.went_away(client.seat, self.clock())
                self._keep(room)
                await self._broadcast(room, [])

    # -- the messages ------------------------------------------------------------------------
    async def _dispatch(self, client: Client, message: protocol.Message) -> None:
        kind, fields = message.type, message.fields
        now = self.clock()
        if kind == "hello":
            client.lang = fields["lang"]
            client.greeted = True
            await self._send(client, protocol.frame("welcome", id=message.id, v=protocol.VERSION,
                                                    limits=self.settings.public_limits()))  # fmt: skip
            return
        if kind == "ping":
            await self._send(client, protocol.frame("pong", id=message.id))
            return
        if kind == "create":
            await self._create(client, message, now)
            return
        if kind == "join":
            await self._join(client, message, now)
            return
        room = self._room_of(client)
        seat = client.seat
        moves: list[Move] = []
        if kind == "start":
            moves = room.start(seat, fields.get("fill"), now)
        elif kind == "act":
            moves = room.act(seat, fields["action"], fields["step"], now)
        elif kind == "undo":
            room.undo(seat, fields["step"], now)
        elif kind == "ready":
            moves = room.agree(seat, fields["step"], now)
        elif kind == "rename":
            room.rename(seat, fields["name"], now)
        elif kind == "leave":
            await self._leave(client, room, now)
            return
        self._keep(room)
        await self._broadcast(room, moves)

    async def _create(self, client: Client, message: protocol.Message, now: float) -> None:
        if client.code is not None:
            raise RoomError("room.error.already_in")
        s = self.settings
        if len(self.rooms) >= s.max_rooms:
            raise RoomError("room.error.server_full")
        mine = self.created_by.setdefault(client.address, set())
        mine &= set(self.rooms)
        if len(mine) >= s.rooms_per_address:
            raise RoomError("room.error.too_many_rooms", most=s.rooms_per_address)
        fields = message.fields
        code = new_code()
        while code in self.rooms or self.store.get(code) is not None:
            code = new_code()
        grace = float(fields.get("grace", s.grace_seconds))
        name = fields.get("name")
        room, token = Room.create(code, fields["setup"], fields["seats"], name, client.lang, grace, now)
        self.rooms[code] = room
        mine.add(code)
        self._keep(room)
        self._seat(client, room, 0)
        await self._send(client, protocol.frame("joined", id=message.id, code=code, seat=0, token=token))
        await self._broadcast(room, [])

    async def _join(self, client: Client, message: protocol.Message, now: float) -> None:
        fields = message.fields
        code = read_code(fields["code"])
        room = self.rooms.get(code)
        if room is None:
            raise RoomError("room.error.no_room", code=code)
        if client.code is not None and client.code != code:
            raise RoomError("room.error.already_in")
        token = fields.get("token")
        moves: list[Move] = []
        if token is not None:
            seat = room.seat_of(token)
            room.came_back(seat, client.lang, now)
            if "seen" in fields and room.played is not None:
                moves = moves_since(room.played, fields["seen"])
            token_out = None
        else:
            if sum(1 for c in self.seated.values() if c.code == code) >= self.settings.connections_per_room:
                raise RoomError("room.error.full")
            seat, token_out = room.join(fields.get("name"), client.lang, now)
        self._keep(room)
        previous = self.seated.get((code, seat))
        self._seat(client, room, seat)
        if previous is not None and previous is not client:
            await self._send(
                previous,
                protocol.frame(
                    "closed",
                    key="room.closed.elsewhere",
                    reason=RoomError("room.closed.elsewhere").message(previous.lang),
                ),
            )
            previous.code = None  # fmt: skip
            await previous.close(4000)
        joined: dict[str, Any] = {"code": code, "seat": seat}
        if token_out is not None:
            joined["token"] = token_out
        await self._send(client, protocol.frame("joined", id=message.id, **joined))
        await self._broadcast(room, [], only={seat: moves})

    async def _leave(self, client: Client, room: Room, now: float) -> None:
        seat = client.seat
        self.seated.pop((room.code, seat), None)
        client.code, client.seat = None, -1
        if seat == 0 and room.state != PLAYING:  # the host leaves the lobby: the room closes
            await self._close_room(room, "room.closed.host_left")
            return
        room.leave(seat, now)
        moves = room.play_computers()
        self._keep(room)
        await self._send(client, protocol.frame("left", code=room.code))
        await self._broadcast(room, moves)

    async def _close_room(self, room: Room, key: str) -> None:
        self.rooms.pop(room.code, None)
        self.store.delete(room.code)
        for (code, _), other in list(self.seated.items()):
            if code == room.code:
                await self._send(other, protocol.frame("closed", key=key, reason=RoomError(key).message(other.lang)))
                other.code = None
                self.seated.pop((code, other.seat), None)

    def _room_of(self, client: Client) -> Room:
        room = self.rooms.get(client.code) if client.code is not None else None
        if room is None:
            raise RoomError("room.error.not_joined")
        return room

    def _seat(self, client: Client, room: Room, seat: int) -> None:
        client.code, client.seat = room.code, seat
        self.seated[(room.code, seat)] = client

    # -- telling -----------------------------------------------------------------------------
    async def _broadcast(self, room: Room, moves: list[Move], only: dict[int, list[Move]] | None = None) -> None:
        """Every connected seat of `room` gets the room and its own table, `moves` as that seat saw them; with
        `only`, the seats named get those moves instead (a returning seat's news) and the others none."""
        moment = Moment(room)  # what every seat's view has in common, made once for all of them
        for seat in range(len(room.seats)):
            client = self.seated.get((room.code, seat))
            if client is None:
                continue
            seen = moves if only is None else only.get(seat, [])
            table = table_view(room, seat, client.lang, seen, moment)
            await self._send(client, protocol.frame("state", room=room_view(room, seat, moment), table=table))

    async def _send(self, client: Client, text: str) -> None:
        if client.closed:
            return
        if self.record_frames:
            client.sent_frames.append(text)
        try:
            await client.send(text)
        except Exception:  # the socket went away while we wrote: its close arrives as `dropped`
            client.closed = True

    # -- time --------------------------------------------------------------------------------
    async def tick(self) -> None:
        """Seats away past their grace get their computer; rooms idle past the limit are removed."""
        now = self.clock()
        for room in list(self.rooms.values()):
            taken, moves = room.stand_in(now)
            if taken:
                self._keep(room)
                await self._broadcast(room, moves)
        for code in self.store.remove_idle(now - self.settings.idle_seconds):
            idle = self.rooms.get(code)
            if idle is not None:
                await self._close_room(idle, "room.closed.idle")

    async def run_clock(self) -> None:
        while True:
            await asyncio.sleep(self.settings.tick_seconds)
            try:
                await self.tick()
            except Exception:  # a bug in one tick must not stop the clock for every room
                log.exception("the rooms' clock tick failed")
