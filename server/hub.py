"""The rooms of one server process and the people connected to them: messages in, each seat's state out.

Everything runs on the event loop's one thread: a message is read (protocol.read), applied to its room
(room.Room, synchronous), the room is written to the store, and only then is every seat sent its own state
(views). A refused message is answered to its sender alone and changes nothing.

With a shared store (Redis, `STORE=redis://…`) several processes serve the same rooms: each keeps only the rooms
its own clients are in (`rooms`, a cache of the shared copy), commits each change against the room's revision
(`_change`: on a `Conflict` it reads the room again and tries the change on that, so two processes never apply
two actions on the same revision), and hears the other processes' commits on the bus (`_heard`), after which it
tells its own clients. Changes to one room are made one at a time in a process (`_guard`).

A computer's Hard decision is not made on the event loop (server/thinking.py): a change that leaves a room
waiting for one (`Room.thinking`) asks the pool for it after its commit (`_think_next`), and the answer comes
back as a change of its own (`_think`): applied under the room's guard through `_change`, only if the room
still waits for that very decision (its step, match and log length), so an answer computed on a table that
moved on meanwhile (an undo, another process's commit) is dropped and never applied twice; whatever moved the
table asks again. The clock's tick asks for any decision nobody here is thinking (a room loaded after a
restart; with a shared store, a room whose thinking process stopped, once it has waited past the budget).

A connection is a `Client`: its language, its room and seat once joined, and its message budget. One seat has
at most one connection: a second one (another tab, a phone that reconnected before the old socket timed out)
takes over, and the first is told so and closed.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from sixcardgolf.door.seated import Move

from . import protocol
from .errors import RoomError
from .limits import TokenBucket
from .metrics import Ops
from .moves import moves_since
from .quickmatch import LocalQueue, MatchQueue, QuickMatch
from .reactions import EVERY_SECONDS, SHOWN_SECONDS, Reactions
from .replica import catch_up, rebuilt
from .room import PERSON, PLAYING, Room, new_code, new_watch_code, read_code
from .settings import Settings
from .spectators import admit, counted, reconcile, watch_room_view, watch_table
from .store import Conflict, RoomStore, SharedStore
from .table_line import line_for
from .thinking import OFFLOADED, Ask, Thinking
from .timer import TurnTimers
from .views import Moment, room_view, table_view

log = logging.getLogger("sixcardgolf.rooms")

Send = Callable[[str], Awaitable[None]]
Close = Callable[[int], Awaitable[None]]
T = TypeVar("T")
CHANGE_TRIES = 5
"""Commits of one change tried against a room other processes keep changing, before the client is told to retry."""
LOCAL = "local"


class _Unchanged(Exception):
    """A change that found nothing to do: nothing is committed."""


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
    def __init__(self, settings: Settings, store: RoomStore | None, clock: Callable[[], float] = time.time,
                 queue: MatchQueue | None = None, shared: SharedStore | None = None,
                 thinking: Thinking | None = None) -> None:  # fmt: skip
        self.settings = settings
        self.store = store
        self.shared = shared
        self.process = shared.process if shared is not None else LOCAL
        self.clock = clock
        self.rooms: dict[str, Room] = {}
        self.revisions: dict[str, int] = {}  # shared store: the revision of each room in `rooms`
        self._guards: dict[str, asyncio.Lock] = {}
        self._finding: set[str] = set()  # rooms being read from the shared store (watched already)
        self.seated: dict[tuple[str, int], Client] = {}
        self.created_by: dict[str, set[str]] = {}  # address -> codes of its live rooms
        self.record_frames = False  # tests: keep every frame each client was sent
        # The table's extras (issue 27): the turn timer, spectators by room code (and the codes they watch
        # with), reactions, quick match, and the metrics and event log.
        self.timers = TurnTimers()
        self.watchers: dict[str, set[Client]] = {}
        self.watch_codes: dict[str, str] = {}  # spectator code -> room code
        self.reactions = Reactions(clock)
        self.line = line_for(shared)  # what the extras need between processes (server/table_line.py)
        self.quickmatch = QuickMatch(self, queue or LocalQueue())
        self.ops = Ops(lambda: len(self.rooms), lambda: sum(map(len, self.watchers.values())),
                       lambda: len(self.quickmatch.waiting))  # fmt: skip
        # Computers' decisions off the event loop (server/thinking.py); none: every decision inline, as before.
        if thinking is None and settings.think_workers > 0:
            thinking = Thinking(settings.think_workers, settings.think_budget)
        self.thinking = thinking
        self.offload = OFFLOADED if thinking is not None else frozenset()
        self._pondering: dict[str, tuple[int, int, int, int]] = {}  # room code -> the decision asked for it
        self._ponder_tasks: set[asyncio.Task[None]] = set()
        if shared is None:
            self._load()

    async def start(self) -> None:
        """A shared store: connect to it and hear the other processes' commits (an app's startup)."""
        if self.shared is not None:
            await self.shared.start(self._heard, self._resync)
            await self.shared.beat(self.clock())
            await self.line.start(self._heard_reaction)

    async def close(self) -> None:
        await self.line.close()
        for task in list(self._ponder_tasks):
            task.cancel()
        if self.thinking is not None:
            self.thinking.close()
        if self.shared is not None:
            await self.shared.close()

    # -- the store ---------------------------------------------------------------------------
    def _load(self) -> None:
        """Every room kept, back as it was; its people are away until they reconnect (the grace runs anew)."""
        assert self.store is not None
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
                seat.at = None
                if seat.kind == PERSON and not seat.standing_in:
                    seat.away_since = now
            self.timers.restart(room, now)
            self.rooms[room.code] = room
            self.watch_codes[room.watch_code] = room.code

    async def _keep(self, room: Room) -> None:
        """The room written to its store before anyone is told; with a shared store, only if nobody else changed
        it since this process read it (`Conflict` otherwise). The turn timer's clock is marked first: the deadline
        is kept with the room."""
        self.timers.mark(room, self.clock())
        if self.shared is None:
            assert self.store is not None
            self.store.put(room.code, room.to_data(), room.updated)
            return
        try:
            revision = await self.shared.commit(room.code, room.to_data(), self.revisions.get(room.code, 0),
                                                room.updated)  # fmt: skip
        except Conflict:
            raise
        except Exception as error:  # Redis unreachable or too slow: nothing was kept, the client told to try again
            log.warning("a room's change could not be kept: the store did not answer (%s)", type(error).__name__)
            raise RoomError("room.error.busy") from None
        self.revisions[room.code] = revision

    def _guard(self, code: str) -> asyncio.Lock:
        """One change at a time to a room in this process (a commit is awaited, and other messages arrive)."""
        guard = self._guards.get(code)
        if guard is None:
            guard = self._guards[code] = asyncio.Lock()
        return guard

    async def _change(self, code: str, change: Callable[[Room], T]) -> tuple[Room, T]:
        """`change` made to the room and kept (under the room's guard). When another process committed first,
        the room is read again (and this process's clients told), and `change` is tried on that: it may then be
        refused (a move on a table that has moved on is stale), never applied twice or on an old table."""
        for _ in range(CHANGE_TRIES):
            room = self.rooms.get(code)
            if room is None:
                raise RoomError("room.error.no_room", code=code)
            before = room.seed, len(room.log)
            room.offload = self.offload
            try:
                result = change(room)
            except _Unchanged:
                return room, None  # type: ignore[return-value]
            except RoomError:
                # Refused on this process's copy: if another process's commit has not reached it yet, the refusal
                # may be wrong (a seat taken since, a step moved on): read the room again and try once more.
                if await self._behind(code):
                    await self._reread(code, before)
                    continue
                raise
            try:
                await self._keep(room)
            except Conflict:
                await self._reread(code, before)
                continue
            except RoomError:
                await self._reread(code, before)  # the copy here holds a change that was not kept: undone
                raise
            self._think_next(room)
            return room, result
        raise RoomError("room.error.busy")

    # -- computers' decisions off the event loop ------------------------------------------------------
    def _think_next(self, room: Room) -> None:
        """After a committed change: if the room now waits for an offloaded computer's decision that nobody
        here is thinking yet, ask the pool for it (the answer comes back as `_think`)."""
        if self.thinking is None:
            return
        room.offload = self.offload
        wanted = room.thinking()
        if wanted is None or self._pondering.get(room.code) == wanted:
            return
        self._pondering[room.code] = wanted
        # The ask is made now, on the table the decision is for (the task runs once the caller has let go).
        task = asyncio.get_running_loop().create_task(self._think(room.code, wanted, room.ask()))
        self._ponder_tasks.add(task)
        task.add_done_callback(self._ponder_tasks.discard)

    async def _think(self, code: str, wanted: tuple[int, int, int, int], ask: Ask) -> None:
        """One decision asked of the pool and applied when it comes, if the room still waits for it."""
        assert self.thinking is not None
        try:
            answer = await self.thinking.decide(ask)
            self.ops.decision_seconds.observe(answer.seconds)
            if answer.why is not None:
                self.ops.fallbacks.labels(answer.why).inc()
                self.ops.event("think_fallback", code, wanted[3], why=answer.why, level=ask.level,
                               seconds=round(answer.seconds, 3), step=wanted[0])  # fmt: skip

            def change(room: Room) -> list[Move]:
                if room.thinking() != wanted:
                    raise _Unchanged  # the table moved on meanwhile: whatever moved it asked again
                return room.computer_move(answer.action, self.clock())

            async with self._guard(code):
                if code not in self.rooms:
                    return
                room, moves = await self._change(code, change)
                if moves is None:
                    return
                self.ops.moves.inc(len(moves))
                self.ops.event("computer", code, wanted[3], step=room.step, moves=len(moves))
                await self._broadcast(room, moves)
        except RoomError as error:  # the store did not answer: the clock's tick asks again
            log.warning("a computer's move could not be kept (%s): asked again at the next tick", error.key)
        except Exception:
            self.ops.errors.labels("think").inc()
            log.exception("a computer's decision failed")
        finally:
            if self._pondering.get(code) == wanted:
                del self._pondering[code]

    def _think_stalled(self, room: Room, now: float) -> None:
        """The tick's part: a decision awaited that nobody here is thinking is asked for (with a shared store,
        only once the room has waited past the budget: the process that committed the change thinks it)."""
        if self.thinking is None:
            return
        if self.shared is not None and now - room.updated < self.thinking.budget + self.settings.tick_seconds:
            return
        self._think_next(room)

    async def _behind(self, code: str) -> bool:
        """A shared store holds a newer revision of the room than this process's copy."""
        if self.shared is None:
            return False
        try:
            return await self.shared.revision(code) > self.revisions.get(code, 0)
        except Exception:
            return False  # the store unreachable: the refusal stands, as it would with no other process

    async def _reread(self, code: str, before: tuple[int, int]) -> None:
        """The room as the shared store has it now, in place of this process's copy; its clients told."""
        if self.shared is None:
            return
        try:
            kept = await self.shared.read(code)
        except Exception:
            self._forget(code)  # read afresh when next needed
            raise RoomError("room.error.busy") from None
        if kept is None:
            room = self.rooms.get(code)
            if room is not None:
                await self._close_room(room, "room.closed.lost", keep=False)
            return
        data, revision = kept
        room, moves = rebuilt(None, data, before[1] if data["seed"] == before[0] else 0)
        self.rooms[code], self.revisions[code] = room, revision
        await self._tell_changed(room, moves)

    async def _find(self, code: str) -> Room | None:
        """The room of `code`: this process's copy, or (a shared store) the shared one, watched from now on."""
        room = self.rooms.get(code)
        if room is not None or self.shared is None:
            return room
        self._finding.add(code)
        try:
            await self.shared.watch(code)  # before reading: no commit falls between the read and the watch
            kept = await self.shared.read(code)
        except Exception:
            raise RoomError("room.error.busy") from None
        finally:
            self._finding.discard(code)
        if kept is None:
            await self.shared.unwatch(code)
            return None
        data, revision = kept
        room = Room.from_data(data)
        self.rooms[code], self.revisions[code] = room, revision
        self.watch_codes[room.watch_code] = code
        return room

    def _forget(self, code: str) -> None:
        """A shared store: drop this process's copy of a room none of its clients is in any more."""
        if self.shared is None or code in self.watchers or any(c == code for c, _ in self.seated):
            return
        self.rooms.pop(code, None)
        self.revisions.pop(code, None)
        asyncio.get_running_loop().create_task(self._unwatch(code))

    async def _unwatch(self, code: str) -> None:
        if self.shared is not None and code not in self.rooms and code not in self._finding:
            try:
                await self.shared.unwatch(code)
            except Exception:
                log.warning("a room could not be unwatched")

    # -- the other processes ----------------------------------------------------------------
    async def _heard(self, code: str, revision: int, text: str | None, key: str) -> None:
        """Another process committed a change to a room this one holds (or closed it)."""
        async with self._guard(code):
            room = self.rooms.get(code)
            if room is None or revision <= self.revisions.get(code, 0):
                return  # not held here, or this process's own commit (already told)
            if text is None:
                await self._close_room(room, key, keep=False)
                return
            room, moves = catch_up(room, json.loads(text))
            self.rooms[code], self.revisions[code] = room, revision
            await self._tell_changed(room, moves)

    async def _resync(self) -> None:
        """The bus was lost and is back: every room held here read again (commits may have been missed)."""
        assert self.shared is not None
        for code in list(self.rooms):
            async with self._guard(code):
                room = self.rooms.get(code)
                if room is None:
                    continue
                kept = await self.shared.read(code)
                if kept is None:
                    await self._close_room(room, "room.closed.lost", keep=False)
                elif kept[1] > self.revisions.get(code, 0):
                    room, moves = catch_up(room, kept[0])
                    self.rooms[code], self.revisions[code] = room, kept[1]
                    await self._tell_changed(room, moves)

    async def _tell_changed(self, room: Room, moves: list[Move]) -> None:
        """This process's clients of a room another process changed: a seat now held by another process was
        taken over there (told so and closed here, as a second connection on one process is); the others
        get the room as it is."""
        for seat, person in enumerate(room.seats):  # this room's seats only (not every seat of the process)
            client = self.seated.get((room.code, seat))
            if client is not None and person.kind == PERSON and person.at not in (None, self.process):
                del self.seated[(room.code, seat)]
                await self._close_elsewhere(client)
        await self._broadcast(room, moves)

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
        code, seat = key = (client.code, client.seat)
        if self.seated.get(key) is client:
            del self.seated[key]
            async with self._guard(code):
                if code in self.rooms:
                    try:
                        room, away = await self._change(code, lambda room: self._went_away(room, seat))
                        if away:
                            self.ops.event("away", room.code, seat)
                            await self._broadcast(room, [])
                    except RoomError:
                        log.warning("a seat's leaving could not be kept: its process's heartbeat tells it later")
                self._forget(code)

    def _went_away(self, room: Room, seat: int) -> bool:
        person = room.seats[seat]
        if person.at not in (None, self.process):
            raise _Unchanged  # the person is already back, through another process
        person.at = None
        room.went_away(seat, self.clock())
        return True

    def _came_back(self, room: Room, seat: int, lang: str) -> None:
        room.came_back(seat, lang, self.clock())
        room.seats[seat].at = self.process

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
        code = self._room_of(client).code
        async with self._guard(code):
            room = self._room_of(client)  # again: the client may have been moved or closed meanwhile
            seat = client.seat
            if kind == "react":
                await self._react(client, room, fields["reaction"])
                return
            if kind == "leave":
                await self._leave(client, room, now)
                return

            def change(room: Room) -> list[Move]:
                if kind == "start":
                    return room.start(seat, fields.get("fill"), now)
                if kind == "act":
                    moves = room.act(seat, fields["action"], fields["step"], now)
                    self.timers.acted(room, seat)
                    return moves
                if kind == "back":
                    self._came_back(room, seat, client.lang)
                    self.timers.acted(room, seat)
                    return room.play_computers()
                if kind == "undo":
                    room.undo(seat, fields["step"], now)
                elif kind == "ready":
                    return room.agree(seat, fields["step"], now)
                elif kind == "rename":
                    room.rename(seat, fields["name"], now)
                return []

            room, moves = await self._change(code, change)
            self.ops.moves.inc(len(moves))
            self.ops.event(kind, room.code, seat, step=room.step, moves=len(moves))
            await self._broadcast(room, moves)

    async def _create(self, client: Client, message: protocol.Message, now: float) -> None:
        if client.code is not None or client.watching is not None or client.ticket is not None:
            raise RoomError("room.error.already_in")
        s = self.settings
        if await self._count() >= s.max_rooms:
            raise RoomError("room.error.server_full")
        mine = self.created_by.setdefault(client.address, set())
        mine &= set(self.rooms)
        if len(mine) >= s.rooms_per_address:
            raise RoomError("room.error.too_many_rooms", most=s.rooms_per_address)
        fields = message.fields
        grace = float(fields.get("grace", s.grace_seconds))
        room, token = await self.open_room(fields["setup"], fields["seats"], fields.get("name"), client.lang, now, grace,
                                     turn_seconds=fields.get("timer", 0))  # fmt: skip
        code = room.code
        mine.add(code)
        self._seat(client, room, 0)
        await self._send(client, protocol.frame("joined", id=message.id, code=code, seat=0, token=token))
        await self._broadcast(room, [])

    async def open_room(self, setup: object, seats: object, name: object, lang: str, now: float,
                        grace: float | None = None, turn_seconds: int = 0, quick: bool = False) -> tuple[Room, str]:  # fmt: skip
        """A new room in this hub, kept: the one create path of a host's `create` and of a quick match's group.
        With a shared store it is committed on revision 0, so a code another process took meanwhile is drawn
        again."""
        if await self._count() >= self.settings.max_rooms:
            raise RoomError("room.error.server_full")
        grace = self.settings.grace_seconds if grace is None else grace
        for _ in range(CHANGE_TRIES):
            code = new_code()
            while code in self.rooms or (self.store is not None and self.store.get(code) is not None):
                code = new_code()
            room, token = Room.create(code, setup, seats, name, lang, grace, now)
            room.turn_seconds, room.quick = turn_seconds, quick
            room.watch_code = new_watch_code()
            room.seats[0].at = self.process
            async with self._guard(code):
                self.rooms[code], self.revisions[code] = room, 0
                try:
                    if self.shared is not None:
                        await self.shared.watch(code)
                    await self._keep(room)
                except (Conflict, RoomError) as error:
                    self.rooms.pop(code, None)
                    self._forget(code)
                    if isinstance(error, RoomError):
                        raise
                    continue
            self.watch_codes[room.watch_code] = code
            if self.shared is not None:
                await self._name_watch_codes([room], now)
            self.ops.event("create", code, 0, players=len(room.seats), timer=turn_seconds, quick=quick)
            return room, token
        raise RoomError("room.error.busy")

    async def _count(self) -> int:
        if self.shared is None:
            return len(self.rooms)
        try:
            return await self.shared.count()
        except Exception:
            raise RoomError("room.error.busy") from None

    async def change_room(self, room: Room, change: Callable[[Room], list[Move] | None]) -> list[Move] | None:
        """A change made outside a client's message (a turn that ran out, a quick match's seats and start):
        `change` applied to the room, which is then kept and every seat told; None from it: nothing changed.
        (The one way issue 27's extras change a room, so a store shared by processes commits them as it does a
        client's change.)"""

        def changed(room: Room) -> list[Move]:
            moves = change(room)
            if moves is None:
                raise _Unchanged
            return moves

        async with self._guard(room.code):
            if room.code not in self.rooms:
                return None
            room, moves = await self._change(room.code, changed)
            if moves is None:
                return None
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
        await self._watch(client, fields["code"], message.id, now)

    async def _watch(self, client: Client, raw: object, ident: int | None, now: float) -> None:
        """A spectator: the room found by its spectator code (a copy here, or through the other processes'
        line), its spectators counted by a commit (so the cap holds across processes), then told."""
        if client.code is not None or client.watching is not None or client.ticket is not None:
            raise RoomError("room.error.already_in")
        watch = read_code(raw, length=len(new_watch_code()))
        code = self.watch_codes.get(watch)
        if code is None and self.shared is not None:
            try:
                code = await self.line.find(watch)
            except Exception:
                raise RoomError("room.error.busy") from None
        if code is None:
            raise RoomError("room.extra.no_watch", code=watch)
        alive = await self._alive(now)
        most = self.settings.spectators_per_room
        async with self._guard(code):
            try:
                found = await self._find(code)
                if found is None or found.watch_code != watch:  # a lapsed name, or a room code drawn again
                    raise RoomError("room.extra.no_watch", code=watch)

                def one_more(room: Room) -> None:
                    admit(room, self.process, len(self.watchers.get(code, ())) + 1, alive, most)

                room, _ = await self._change(code, one_more)
                self.watchers.setdefault(code, set()).add(client)
                client.watching = code
            finally:
                self._forget(code)
            self.ops.event("watch", code, -1, spectators=counted(room))
            await self._send(client, protocol.frame("watching", id=ident, watch=watch))
            await self._broadcast(room, [])
        if client.closed:  # its socket closed while it was being counted: counted out again
            await self._stop_watching(client)

    async def _alive(self, now: float) -> set[str]:
        """The server processes alive now (with one process: this one)."""
        if self.shared is None:
            return {self.process}
        try:
            return await self.shared.alive(now)
        except Exception:
            raise RoomError("room.error.busy") from None

    async def _stop_watching(self, client: Client) -> None:
        code = client.watching
        client.watching = None
        watching = self.watchers.get(code or "")
        if code is None or watching is None:
            return
        watching.discard(client)
        if not watching:
            del self.watchers[code]

        def count(room: Room) -> None:
            if not reconcile(room, self.process, len(self.watchers.get(code, ()))):
                raise _Unchanged

        async with self._guard(code):
            if code not in self.rooms:
                return
            try:
                room, _ = await self._change(code, count)
                await self._broadcast(room, [])
            except RoomError:  # the store did not answer: this process's next tick counts its spectators again
                log.warning("a spectator's leaving could not be kept")
            self._forget(code)

    async def _react(self, client: Client, room: Room, name: object) -> None:
        if room.seats[client.seat].kind != PERSON:
            raise RoomError("room.error.not_joined")
        reaction = self.reactions.check(room.code, client.seat, name)
        try:  # told to the other processes, unless this person reacted there in the last seconds
            told = await self.line.react(room.code, client.seat, reaction, EVERY_SECONDS)
        except Exception:  # Redis unreachable: this process's own budget stands, the others miss this one
            told = True
        if not told:
            raise RoomError("room.extra.reaction_rate", seconds=int(EVERY_SECONDS))
        self.ops.event("react", room.code, client.seat)
        await self._tell_reaction(room, client.seat, reaction)

    async def _heard_reaction(self, code: str, seat: int, reaction: str) -> None:
        """A reaction made on another process: told to this process's clients of the room, if it holds it."""
        room = self.rooms.get(code)
        if room is not None and 0 <= seat < len(room.seats):
            await self._tell_reaction(room, seat, reaction)

    async def _tell_reaction(self, room: Room, seat: int, reaction: str) -> None:
        text = protocol.frame("reaction", seat=seat, reaction=reaction, shown=SHOWN_SECONDS)
        for other in self._audience(room):
            await self._send(other, text)

    def _audience(self, room: Room) -> list[Client]:
        seated = [c for seat in range(len(room.seats)) if (c := self.seated.get((room.code, seat))) is not None]
        return seated + list(self.watchers.get(room.code, ()))

    async def _join(self, client: Client, message: protocol.Message, now: float) -> None:
        fields = message.fields
        code = read_code(fields["code"])
        async with self._guard(code):
            try:
                await self._join_room(client, message, code)
            finally:
                self._forget(code)  # a shared store: a room found for a join that was refused is not kept

    async def _join_room(self, client: Client, message: protocol.Message, code: str) -> None:
        fields = message.fields
        if await self._find(code) is None:
            raise RoomError("room.error.no_room", code=code)
        if (
            (client.code is not None and client.code != code)
            or client.watching is not None
            or client.ticket is not None
        ):
            raise RoomError("room.error.already_in")
        token = fields.get("token")

        def change(room: Room) -> tuple[int, str | None]:
            if token is not None:
                seat = room.seat_of(token)
                self._came_back(room, seat, client.lang)
                self.timers.acted(room, seat)
                return seat, None
            if sum(1 for c in self.seated.values() if c.code == code) >= self.settings.connections_per_room:
                raise RoomError("room.error.full")
            seat, token_out = room.join(fields.get("name"), client.lang, self.clock())
            room.seats[seat].at = self.process
            return seat, token_out

        room, (seat, token_out) = await self._change(code, change)
        moves: list[Move] = []
        if token is not None:
            self.ops.reconnects.inc()
            if "seen" in fields and room.played is not None:
                moves = moves_since(room.played, fields["seen"])
        previous = self.seated.get((code, seat))
        self._seat(client, room, seat)
        if previous is not None and previous is not client:
            await self._close_elsewhere(previous)
        joined: dict[str, Any] = {"code": code, "seat": seat}
        if token_out is not None:
            joined["token"] = token_out
        await self._send(client, protocol.frame("joined", id=message.id, **joined))
        self.ops.event("join", code, seat, back=token is not None)
        await self._broadcast(room, [], only={seat: moves})

    async def _close_elsewhere(self, previous: Client) -> None:
        """A seat's earlier connection, once another took the seat over: told so, and closed."""
        reason = RoomError("room.closed.elsewhere").message(previous.lang)
        await self._send(previous, protocol.frame("closed", key="room.closed.elsewhere", reason=reason))
        previous.code = None
        await previous.close(4000)

    async def _leave(self, client: Client, room: Room, now: float) -> None:
        seat, code = client.seat, room.code
        if seat == 0 and room.state != PLAYING:  # the host leaves the lobby: the room closes
            self.seated.pop((code, seat), None)
            client.code, client.seat = None, -1
            await self._close_room(room, "room.closed.host_left")
            return

        def change(room: Room) -> list[Move]:
            room.leave(seat, now)
            return room.play_computers()

        room, moves = await self._change(code, change)
        self.seated.pop((code, seat), None)
        client.code, client.seat = None, -1
        self.ops.event("leave", code, seat)
        await self._send(client, protocol.frame("left", code=code))
        await self._broadcast(room, moves)
        self._forget(code)

    async def _close_room(self, room: Room, key: str, keep: bool = True) -> None:
        """The room closed: forgotten by its store (unless `keep` is off: another process closed it) and every
        client and spectator of it here told why."""
        self.rooms.pop(room.code, None)
        if keep and self.shared is not None:
            try:
                await self.shared.remove(room.code, key)
            except Exception:
                raise RoomError("room.error.busy") from None
        elif keep:
            assert self.store is not None
            self.store.delete(room.code)
        self.ops.event("closed", room.code, -1, why=key)
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
        self._forget(room.code)

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
        """The room view's fields of issue 27: the turn timer and the spectators (on every process), as kept."""
        now = self.clock()
        return {**self.timers.view(room, now), "spectators": counted(room), "quick": room.quick}

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
        """Seats away past their grace get their computer; rooms idle past the limit are removed. With a shared
        store: this process beats, and a seat held by a process that stopped beating is away from now on."""
        now = self.clock()
        alive = {self.process}
        if self.shared is not None:
            await self.shared.beat(now)
            alive = await self.shared.alive(now)
        for code in list(self.rooms):
            async with self._guard(code):
                if code not in self.rooms:
                    continue
                try:
                    room, moves = await self._change(code, lambda room: self._presence(room, alive, now))
                except RoomError:
                    continue
                if moves is not None:
                    await self._broadcast(room, moves)
            timed = self.rooms.get(code)
            if timed is not None:
                self._think_stalled(timed, now)
            if (
                timed is not None
                and timed.turn_seconds
                and await self.change_room(timed, lambda r: self.timers.expire(r, now)) is not None
            ):
                self.ops.expired.inc()
                self.ops.event("turn_expired", timed.code, -1, step=timed.step)
        await self.quickmatch.tick(now)
        for code in list(self._guards):
            if code not in self.rooms and not self._guards[code].locked():
                del self._guards[code]
        if self.shared is not None:
            await self._name_watch_codes(self.rooms.values(), now)
            await self.shared.remove_idle(now - self.settings.idle_seconds)  # each process holding one hears it
            return
        assert self.store is not None
        for code in self.store.remove_idle(now - self.settings.idle_seconds):
            idle = self.rooms.get(code)
            if idle is not None:
                await self._close_room(idle, "room.closed.idle")

    async def _name_watch_codes(self, rooms: Iterable[Room], now: float) -> None:
        """Spectator codes findable by every process (server/table_line.py); a failure is tried again next tick."""
        try:
            await self.line.name(rooms, now, self.settings.idle_seconds)
        except Exception as error:
            log.warning("spectator codes could not be named (%s)", type(error).__name__)

    def _presence(self, room: Room, alive: set[str], now: float) -> list[Move]:
        """A room's seats brought up to date with who is where: away when their process stopped, here again
        when their client is here (a process that was taken as stopped, then beat again), a computer in the
        seat of a person away past the grace period; the spectators counted as this process holds them, those of
        stopped processes no more. Nothing to change: nothing committed."""
        changed = False
        for seat, person in enumerate(room.seats):
            if person.kind != PERSON:
                continue
            held = (room.code, seat) in self.seated
            if held and person.at in (None, self.process) and (person.at is None or person.away_since is not None):
                # Taken as away (this process's beats were late) while its client is here: here again. A seat
                # another process holds is left to it: that process took it over, and this one hears so.
                self._came_back(room, seat, person.lang)
                changed = True
            elif person.away_since is None and person.at is not None and person.at not in alive:
                person.at = None
                room.went_away(seat, now)
                changed = True
        changed = reconcile(room, self.process, len(self.watchers.get(room.code, ())), alive) or changed
        taken, moves = room.stand_in(now)
        if not taken and not changed:
            raise _Unchanged
        return moves

    async def run_clock(self) -> None:
        while True:
            await asyncio.sleep(self.settings.tick_seconds)
            try:
                await self.tick()
            except Exception:  # a bug in one tick must not stop the clock for every room
                self.ops.errors.labels("tick").inc()
                log.exception("the rooms' clock tick failed")
