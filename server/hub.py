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
from .metrics import Ops
from .moves import moves_since
from .quickmatch import LocalQueue, MatchQueue, QuickMatch
from .reactions import SHOWN_SECONDS, Reactions
from .room import PERSON, PLAYING, Room, new_code, new_watch_code, read_code
from .settings import Settings
from .spectators import watch_room_view, watch_table
from .store import RoomStore
from .timer import TurnTimers
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
    ticket: str | None = None  # waiting for a quick match (server/quickmatch.py)
    watching: str | None = None  # a spectator of this room code (server/spectators.py)
    sent_frames: list[str] = field(default_factory=list)  # only when the hub records (tests)


class Hub:
    def __init__(self, settings: Settings, store: RoomStore, clock: Callable[[], float] = time.time,
                 queue: MatchQueue | None = None) -> None:  # fmt: skip
        self.settings = settings
        self.store = store
        self.clock = clock
        self.rooms: dict[str, Room] = {}
        self.seated: dict[tuple[str, int], Client] = {}
        self.created_by: dict[str, set[str]] = {}  # address -> codes of its live rooms
        self.record_frames = False  # tests: keep every frame each client was sent
        # The table's extras (issue 27): the turn timer, spectators by room code (and the codes they watch
        # with), reactions, quick match, and the metrics and event log.
        self.timers = TurnTimers()
        self.watchers: dict[str, set[Client]] = {}
        self.watch_codes: dict[str, str] = {}  # spectator code -> room code
        self.reactions = Reactions(clock)
        self.quickmatch = QuickMatch(self, queue or LocalQueue())
        self.ops = Ops(lambda: len(self.rooms), lambda: sum(map(len, self.watchers.values())),
                       lambda: len(self.quickmatch.waiting))  # fmt: skip
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
            self.watch_codes[room.watch_code] = room.code

    def _keep(self, room: Room) -> None:
        self.store.put(room.code, room.to_data(), room.updated)

    # -- connections -------------------------------------------------------------------------
    def client(self, send: Send, close: Close, address: str) -> Client:
        s = self.settings
        self.ops.connections.inc()
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
            began = time.perf_counter()
            await self._dispatch(client, message)
            if message.type == "act":
                self.ops.move_seconds.observe(time.perf_counter() - began)
        except RoomError as error:
            self.ops.errors.labels(error.key).inc()
            await self._send(client, protocol.frame("error", id=ident, key=error.key, error=error.message(client.lang)))

    async def dropped(self, client: Client) -> None:
        """The client's socket closed: its seat is held for the grace period."""
        client.closed = True
        self.ops.connections.dec()
        await self.quickmatch.leave(client)
        if client.watching is not None:
            await self._stop_watching(client)
        if client.code is None:
            return
        key = (client.code, client.seat)
        if self.seated.get(key) is client:
            del self.seated[key]
            room = self.rooms.get(client.code)
            if room is not None:
                room.went_away(client.seat, self.clock())
                self._keep(room)
                self.ops.event("away", room.code, client.seat)
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
        if kind in ("watch", "quick", "unqueue"):
            await self._extra(client, message, now)
            return
        room = self._room_of(client)
        seat = client.seat
        moves: list[Move] = []
        if kind == "react":
            await self._react(client, room, fields["reaction"])
            return
        if kind == "start":
            moves = room.start(seat, fields.get("fill"), now)
        elif kind == "act":
            moves = room.act(seat, fields["action"], fields["step"], now)
            self.timers.acted(room, seat)
        elif kind == "back":
            room.came_back(seat, client.lang, now)
            self.timers.acted(room, seat)
            moves = room.play_computers()
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
        self.ops.moves.inc(len(moves))
        self.ops.event(kind, room.code, seat, step=room.step, moves=len(moves))
        await self._broadcast(room, moves)

    async def _create(self, client: Client, message: protocol.Message, now: float) -> None:
        if client.code is not None or client.watching is not None or client.ticket is not None:
            raise RoomError("room.error.already_in")
        s = self.settings
        if len(self.rooms) >= s.max_rooms:
            raise RoomError("room.error.server_full")
        mine = self.created_by.setdefault(client.address, set())
        mine &= set(self.rooms)
        if len(mine) >= s.rooms_per_address:
            raise RoomError("room.error.too_many_rooms", most=s.rooms_per_address)
        fields = message.fields
        grace = float(fields.get("grace", s.grace_seconds))
        room, token = self.open_room(fields["setup"], fields["seats"], fields.get("name"), client.lang, now, grace,
                                     turn_seconds=fields.get("timer", 0))  # fmt: skip
        code = room.code
        mine.add(code)
        self._seat(client, room, 0)
        await self._send(client, protocol.frame("joined", id=message.id, code=code, seat=0, token=token))
        await self._broadcast(room, [])

    def open_room(self, setup: object, seats: object, name: object, lang: str, now: float, grace: float | None = None,
                  turn_seconds: int = 0, quick: bool = False) -> tuple[Room, str]:  # fmt: skip
        """A new room in this hub, kept: the one create path of a host's `create` and of a quick match's group."""
        if len(self.rooms) >= self.settings.max_rooms:
            raise RoomError("room.error.server_full")
        code = new_code()
        while code in self.rooms or self.store.get(code) is not None:
            code = new_code()
        grace = self.settings.grace_seconds if grace is None else grace
        room, token = Room.create(code, setup, seats, name, lang, grace, now)
        room.turn_seconds, room.quick = turn_seconds, quick
        room.watch_code = new_watch_code()
        self.rooms[code] = room
        self.watch_codes[room.watch_code] = code
        self._keep(room)
        self.ops.event("create", code, 0, players=len(room.seats), timer=turn_seconds, quick=quick)
        return room, token

    async def change_room(self, room: Room, change: Callable[[Room], list[Move] | None]) -> list[Move] | None:
        """A change made outside a client's message (a turn that ran out, a quick match's seats and start):
        `change` applied to the room, which is then kept and every seat told; None from it: nothing changed.
        (The one way issue 27's extras change a room, so a store shared by processes commits them as it does a
        client's change.)"""
        moves = change(room)
        if moves is None:
            return None
        self._keep(room)
        self.ops.moves.inc(len(moves))
        await self._broadcast(room, moves)
        return moves

    async def tell(self, client: Client, kind: str, **fields: Any) -> None:
        await self._send(client, protocol.frame(kind, **fields))

    # -- the table's extras: spectators, quick match, reactions ------------------------------------------------
    async def _extra(self, client: Client, message: protocol.Message, now: float) -> None:
        kind, fields = message.type, message.fields
        if kind == "quick":
            queued = await self.quickmatch.enter(client, fields, now)
            self.ops.event("quick_queued", None, -1, players=queued["players"])
            await self._send(client, protocol.frame("queued", id=message.id, **queued))
            return
        if kind == "unqueue":
            await self.quickmatch.leave(client)
            await self._send(client, protocol.frame("unqueued", id=message.id))
            return
        # watch
        if client.code is not None or client.watching is not None or client.ticket is not None:
            raise RoomError("room.error.already_in")
        watch = read_code(fields["code"], length=len(new_watch_code()))
        code = self.watch_codes.get(watch)
        room = self.rooms.get(code) if code is not None else None
        if room is None:
            raise RoomError("room.extra.no_watch", code=watch)
        watching = self.watchers.setdefault(room.code, set())
        if len(watching) >= self.settings.spectators_per_room:
            raise RoomError("room.extra.watch_full", most=self.settings.spectators_per_room)
        watching.add(client)
        client.watching = room.code
        self.ops.event("watch", room.code, -1, spectators=len(watching))
        await self._send(client, protocol.frame("watching", id=message.id, watch=watch))
        await self._broadcast(room, [])

    async def _stop_watching(self, client: Client) -> None:
        code = client.watching
        client.watching = None
        watching = self.watchers.get(code or "")
        if watching is None:
            return
        watching.discard(client)
        if not watching:
            del self.watchers[code or ""]
        room = self.rooms.get(code or "")
        if room is not None:
            await self._broadcast(room, [])

    async def _react(self, client: Client, room: Room, name: object) -> None:
        if room.seats[client.seat].kind != PERSON:
            raise RoomError("room.error.not_joined")
        reaction = self.reactions.check(room.code, client.seat, name)
        self.ops.event("react", room.code, client.seat)
        text = protocol.frame("reaction", seat=client.seat, reaction=reaction, shown=SHOWN_SECONDS)
        for other in self._audience(room):
            await self._send(other, text)

    def _audience(self, room: Room) -> list[Client]:
        seated = [c for seat in range(len(room.seats)) if (c := self.seated.get((room.code, seat))) is not None]
        return seated + list(self.watchers.get(room.code, ()))

    async def _join(self, client: Client, message: protocol.Message, now: float) -> None:
        fields = message.fields
        code = read_code(fields["code"])
        room = self.rooms.get(code)
        if room is None:
            raise RoomError("room.error.no_room", code=code)
        if (
            (client.code is not None and client.code != code)
            or client.watching is not None
            or client.ticket is not None
        ):
            raise RoomError("room.error.already_in")
        token = fields.get("token")
        moves: list[Move] = []
        if token is not None:
            seat = room.seat_of(token)
            room.came_back(seat, client.lang, now)
            self.timers.acted(room, seat)
            self.ops.reconnects.inc()
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
        self.ops.event("join", code, seat, back=token is not None)
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
        self.ops.event("leave", room.code, seat)
        await self._send(client, protocol.frame("left", code=room.code))
        await self._broadcast(room, moves)

    async def _close_room(self, room: Room, key: str) -> None:
        self.rooms.pop(room.code, None)
        self.store.delete(room.code)
        self.ops.event("closed", room.code, -1, why=key)
        self.timers.forget(room.code)
        self.reactions.forget(room.code)
        self.watch_codes.pop(room.watch_code, None)
        for spectator in self.watchers.pop(room.code, set()):
            await self._send(
                spectator, protocol.frame("closed", key=key, reason=RoomError(key).message(spectator.lang))
            )
            spectator.watching = None
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
        `only`, the seats named get those moves instead (a returning seat's news) and the others none. The
        spectators get the public table (server/spectators.py)."""
        moment = Moment(room)  # what every seat's view has in common, made once for all of them
        extras = self._room_extras(room)
        for seat in range(len(room.seats)):
            client = self.seated.get((room.code, seat))
            if client is None:
                continue
            seen = moves if only is None else only.get(seat, [])
            table = table_view(room, seat, client.lang, seen, moment)
            view = {**room_view(room, seat, moment), **extras, "watch": room.watch_code}
            await self._send(client, protocol.frame("state", room=view, table=table))
        await self._tell_watchers(room, moves if only is None else [], extras, moment)

    def _room_extras(self, room: Room) -> dict[str, Any]:
        """The room view's fields of issue 27: the turn timer (its clock marked first) and the spectators."""
        now = self.clock()
        self.timers.mark(room, now)
        return {**self.timers.view(room, now), "spectators": len(self.watchers.get(room.code, ())),
                "quick": room.quick}  # fmt: skip

    async def _tell_watchers(self, room: Room, moves: list[Move], extras: dict[str, Any], moment: Moment) -> None:
        watching = self.watchers.get(room.code)
        if not watching:
            return
        view = {**watch_room_view(room, moment), **extras}
        text = protocol.frame("state", room=view, table=watch_table(room, moves))
        for spectator in list(watching):
            await self._send(spectator, text)

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
            if room.turn_seconds and await self.change_room(room, lambda r: self.timers.expire(r, now)) is not None:
                self.ops.expired.inc()
                self.ops.event("turn_expired", room.code, -1, step=room.step)
        await self.quickmatch.tick(now)
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
                self.ops.errors.labels("tick").inc()
                log.exception("the rooms' clock tick failed")
