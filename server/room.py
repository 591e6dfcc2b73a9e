"""One room: its seats, its lobby and the match its people play, as plain synchronous state (no sockets, no I/O).

The room holds the match through the engine's door (`SeatedMatch`, the same code the Play page runs in its Web
Worker): every action is applied here, and each seat is told only what `observe()` lets that seat know
(`views.seat_view`). The match deals from a seed drawn with `secrets` and keeps it hidden (`Match(deals=HIDDEN)`):
a finished hole's record, which the Review needs, carries the keys its holes were dealt from and a public seed,
never the seed itself.

A room is its rules, seats, secret seed and action log (`to_data`, `from_data`): the store keeps that after every
change, before anyone is told, so a server that stops loses nothing.

Seats: seat 0 is the host's. A seat is "open" (waiting for a person), a person's (with the hash of the token
that person's browser keeps), or a computer's. A person who is away longer than the grace period is played by
a computer standing in (Normal) until they come back.

A computer's decision is made here, inline, unless its level is in the room's `offload` (the hub sets it:
server/thinking.py thinks Hard off the event loop). Then the computers stop at that seat, as they would at a
person's: `thinking()` names the decision awaited, `ask()` is what it needs, and `computer_move` applies its
answer later, through the hub like any move.
"""

from __future__ import annotations

import hashlib
import secrets
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from sixcardgolf import actions as A
from sixcardgolf.ai import LEVELS, make_policy
from sixcardgolf.door.match import HOLE_CHOICES, TABLE_PLAYERS
from sixcardgolf.door.params import rules_from
from sixcardgolf.door.saves import HUMAN
from sixcardgolf.door.seated import Move, SeatedMatch
from sixcardgolf.errors import GolfError
from sixcardgolf.hole import HOLDING, OPENING
from sixcardgolf.match import HIDDEN, Match
from sixcardgolf.seeds import decision_seed

from .errors import RoomError
from .thinking import Ask

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""A room code's letters: no 0/O, 1/I/L, so a code read aloud or from a screen is typed right."""
CODE_LENGTH = 6
NAME_MAX = 24
"""The longest name shown at the table, in characters."""
STAND_IN = "normal"
"""The level of the computer that plays for a person who is away longer than the grace period."""
OPEN, PERSON, COMPUTER = "open", "person", "computer"
LOBBY, PLAYING = "lobby", "playing"
DATA_VERSION = 1
WATCH_CODE_LENGTH = 8
"""A spectator code is longer than a room code, so that one can never be typed as the other."""


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_watch_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(WATCH_CODE_LENGTH))


def read_code(raw: object, length: int = CODE_LENGTH) -> str:
    """A room code (or, with `length`, a spectator code) as typed: case and spaces or dashes do not matter;
    anything else is refused, naming it."""
    if isinstance(raw, str) and len(raw) <= 20:
        code = raw.upper().replace(" ", "").replace("-", "")
        if len(code) == length and all(ch in CODE_ALPHABET for ch in code):
            return code
    raise RoomError("room.error.code", code=_shown(raw), length=length)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def clean_name(raw: object, fallback: str) -> str:
    """A person's name as the table shows it: trimmed, control characters dropped, at most NAME_MAX characters.
    (Every page escapes it when drawing it; this keeps it short and printable.)"""
    if raw is None or raw == "":
        return fallback
    if not isinstance(raw, str):
        raise RoomError("room.error.name", most=NAME_MAX)
    name = "".join(ch for ch in unicodedata.normalize("NFC", raw) if unicodedata.category(ch)[0] != "C").strip()
    if not name:
        return fallback
    if len(name) > NAME_MAX:
        raise RoomError("room.error.name", most=NAME_MAX)
    return name


def _shown(value: object) -> str:
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= 24 else text[:23] + "…"


@dataclass
class Seat:
    kind: str  # OPEN, PERSON or COMPUTER
    level: str = STAND_IN  # a computer's level
    name: str = ""
    token_hash: str | None = None
    lang: str = "en"
    standing_in: bool = False  # a person's seat played by a computer while they are away
    away_since: float | None = None  # the person's connection dropped at this time (None: here, or never came)
    at: str | None = None  # the server process holding the person's connection (a shared store's presence)

    def to_data(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "level": self.level,
            "name": self.name,
            "token_hash": self.token_hash,
            "lang": self.lang,
            "standing_in": self.standing_in,
            "away_since": self.away_since,
            "at": self.at,
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Seat:
        return cls(
            kind=data["kind"],
            level=data["level"],
            name=data["name"],
            token_hash=data["token_hash"],
            lang=data["lang"],
            standing_in=data["standing_in"],
            away_since=data.get("away_since"),
            at=data.get("at"),
        )


class RoomMatch(SeatedMatch):
    """The room's match: Undo only takes back a move that showed nobody anything new, and only while no other
    seat has acted since (a room's people see each move as it is made).

    It keeps who made each action of the log (`movers`, -1 for the start of a hole), so that the question "may
    this seat undo?", asked for every seat's view after every move, is answered from the log's tail without
    replaying the hole, except right after the seat's own move.
    """

    def __init__(self, match: Match, seats: list[str]) -> None:
        super().__init__(match, seats)
        self.movers: list[int] = []
        replay = Match(match.rules, match.players, match.seed, match.deals, match.first_dealer)
        for action in match.log:
            self.movers.append(replay.current_player() if action != A.NEXT_HOLE else -1)
            replay.apply_logged(action)

    def play_computers(self, offload: frozenset[str] = frozenset()) -> list[Move]:
        """The engine's computers' moves, except that a seat whose level is in `offload` waits as a person's does
        (its decision is thought elsewhere: `Room.computer_move`)."""
        if not offload:
            return super().play_computers()
        seats = self.seats
        self.seats = [HUMAN if level in offload else level for level in seats]
        try:
            return super().play_computers()
        finally:
            self.seats = seats

    def play(self, action: int) -> Move:
        seat = self.match.current_player()
        move = super().play(action)
        self.movers.append(seat)
        return move

    def next_hole(self) -> None:
        self.match.next_hole()
        self.movers.append(-1)

    def take_back(self, seat: int) -> None:
        self.match.undo(seat)
        del self.movers[len(self.match.log) :]

    def can_undo(self, seat: int) -> bool:
        match = self.match
        if not self.is_human(seat) or match.hole.is_over() or not self.movers or self.movers[-1] != seat:
            return False
        if match.current_player() == seat and match.hole.phase in (OPENING, HOLDING):
            return False  # the opening's flips, or a card just drawn: nothing an undo could take back yet
        point = match.undo_point(seat)
        if point is None or any(mover != seat for mover in self.movers[point:]):
            return False
        return not match.undo_shows(seat)


@dataclass
class Room:
    code: str
    setup: dict[str, Any]  # {"preset", "options", "players", "holes"}: what the host chose
    seats: list[Seat]
    grace: float  # seconds a person's seat is held after their connection drops
    created: float
    state: str = LOBBY
    seed: int = 0  # the match's secret seed (never sent)
    log: list[str] = field(default_factory=list)  # the match's actions, in the engine's notation
    first_dealer: int | None = None
    matches_won: list[int] = field(default_factory=list)
    matches_played: int = 0
    agreed: set[int] = field(default_factory=set)  # the people ready for the next hole or the rematch
    step: int = 0  # counts the match's changes (moves, undo, a new hole or match); a client acts on the step it saw
    updated: float = 0.0
    played: RoomMatch | None = None
    record_cache: tuple[tuple[int, int], dict[str, Any]] | None = None  # views.record's last record
    turn_seconds: int = 0  # the turn timer (server/timer.py): 0 is off
    watch_code: str = ""  # the spectators' code (server/spectators.py): never lets anyone take a seat
    quick: bool = False  # seated by quick match (server/quickmatch.py)
    # The table's extras kept with the room, so every process holding it agrees (JSON, string keys): the turn
    # timer's running turn and missed turns (server/timer.py), the spectators per process (server/spectators.py).
    extras: dict[str, Any] = field(default_factory=dict)
    offload: frozenset[str] = frozenset()  # computer levels whose decisions the hub has thought elsewhere (not kept)

    # -- making and joining ------------------------------------------------------------------
    @classmethod
    def create(cls, code: str, setup: object, seats: object, host: object, lang: str, grace: float,
               now: float) -> tuple[Room, str]:  # fmt: skip
        """A new room in its lobby and the host's token. `seats` has one entry per player: the host's first
        ("person"), then "open" or a computer level each."""
        checked = check_setup(setup)
        players = checked["players"]
        if not isinstance(seats, list) or len(seats) != players or seats[0] != PERSON:
            raise RoomError("room.error.seats", players=players, levels=", ".join(LEVELS))
        table = [Seat(PERSON, name=clean_name(host, _default_name(0)), lang=lang)]
        for entry in seats[1:]:
            if entry == OPEN:
                table.append(Seat(OPEN))
            elif entry in LEVELS:
                table.append(Seat(COMPUTER, level=entry))
            else:
                raise RoomError("room.error.seats", players=players, levels=", ".join(LEVELS))
        room = cls(code, checked, table, grace, now, updated=now, matches_won=[0] * players)
        token = secrets.token_urlsafe(24)
        table[0].token_hash = token_hash(token)
        return room, token

    def join(self, name: object, lang: str, now: float) -> tuple[int, str]:
        """A new person takes the first open seat: their seat and token."""
        if self.state != LOBBY:
            raise RoomError("room.error.started")
        for index, seat in enumerate(self.seats):
            if seat.kind == OPEN:
                token = secrets.token_urlsafe(24)
                self.seats[index] = Seat(
                    PERSON, name=clean_name(name, _default_name(index)), token_hash=token_hash(token), lang=lang
                )
                self._changed(now)
                return index, token
        raise RoomError("room.error.full")

    def seat_of(self, token: object) -> int:
        """The seat whose token this is; a token of no seat here is refused (it never names whose it was)."""
        if isinstance(token, str) and 0 < len(token) <= 100:
            wanted = token_hash(token)
            for index, seat in enumerate(self.seats):
                if (
                    seat.kind == PERSON
                    and seat.token_hash is not None
                    and secrets.compare_digest(seat.token_hash, wanted)
                ):
                    return index
        raise RoomError("room.error.token")

    def rename(self, seat: int, name: object, now: float) -> None:
        self.seats[seat].name = clean_name(name, self.seats[seat].name or _default_name(seat))
        self._changed(now)

    def leave(self, seat: int, now: float) -> None:
        """A person gives up their seat: in the lobby it opens again (the host's closes the room: see Hub); in a
        match a computer plays it from now on."""
        if self.state == LOBBY:
            self.seats[seat] = Seat(OPEN)
        else:
            self.seats[seat] = Seat(COMPUTER, level=STAND_IN, name=self.seats[seat].name)
            self._seat_changed()
        self.agreed.discard(seat)
        self._changed(now)

    # -- presence ---------------------------------------------------------------------------
    def went_away(self, seat: int, now: float) -> None:
        if self.seats[seat].kind == PERSON and self.seats[seat].away_since is None:
            self.seats[seat].away_since = now
            self._changed(now)

    def came_back(self, seat: int, lang: str, now: float) -> None:
        """A person is back: they take their seat back from the computer standing in, if one was."""
        person = self.seats[seat]
        person.away_since = None
        person.lang = lang
        was = person.standing_in
        person.standing_in = False
        if was:
            self._seat_changed()
        self._changed(now)

    def stand_in(self, now: float) -> tuple[list[int], list[Move]]:
        """Every person away longer than the grace period is played by a computer from now on: the seats taken
        over and the moves their computers made."""
        taken = []
        for index, seat in enumerate(self.seats):
            away = seat.away_since
            if seat.kind == PERSON and not seat.standing_in and away is not None and now - away >= self.grace:
                seat.standing_in = True
                taken.append(index)
        if not taken:
            return [], []
        self._seat_changed()
        self.agreed.update(taken)
        moves = self.play_computers()
        self._changed(now)
        return taken, moves + self._maybe_continue(now)

    def play_turn_for(self, seat: int, now: float) -> list[Move]:
        """The turn timer ran out on `seat` (a person's): a computer at the stand-in's level plays the rest of
        this turn for them (a draw and its swap, or the opening's flips), then the computers after it reply."""
        played = self.played
        if played is None:
            return []
        match = played.match
        moves = []
        while not match.hole.is_over() and match.current_player() == seat:
            policy = make_policy(STAND_IN, decision_seed(match.seed, len(match.log), seat))
            moves.append(played.play(policy.choose(match.observation(seat))))
        moves += played.play_computers(self.offload)
        self._sync_log()
        self._moved()
        self._changed(now)
        return moves + self._maybe_continue(now)

    def mark_away(self, seat: int, now: float) -> list[Move]:
        """The turn timer ran out on `seat` again: the person is treated as away, and a computer plays for them
        (as after the grace period) until they say they are back."""
        person = self.seats[seat]
        if person.kind != PERSON or person.standing_in:
            return []
        person.standing_in = True
        self._seat_changed()
        self.agreed.add(seat)
        moves = self.play_computers()
        self._changed(now)
        return moves + self._maybe_continue(now)

    def agree_for_everyone(self, now: float) -> list[Move]:
        """The turn timer ran out at a hole's end: everyone here counts as ready, and the next hole (or the
        rematch) starts, so that one person who walked away does not hold up a table of strangers."""
        if self.played is None or not self.played.match.hole.is_over():
            return []
        self.agreed.update(self.present())
        self._changed(now)
        return self._maybe_continue(now)

    def people(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if seat.kind == PERSON]

    def present(self) -> list[int]:
        """The people here to agree (not away, not played by a computer)."""
        return [i for i in self.people() if not self.seats[i].standing_in and self.seats[i].away_since is None]

    # -- the match --------------------------------------------------------------------------
    def start(self, seat: int, fill: object, now: float) -> list[Move]:
        """The host starts the match; `fill` (a level) seats a computer in every open seat, else none may be
        open."""
        if seat != 0:
            raise RoomError("room.error.not_host")
        if self.state != LOBBY:
            raise RoomError("room.error.started")
        open_seats = [i for i, s in enumerate(self.seats) if s.kind == OPEN]
        if open_seats:
            if fill not in LEVELS:
                raise RoomError("room.error.seats_open", open=len(open_seats), levels=", ".join(LEVELS))
            for index in open_seats:
                self.seats[index] = Seat(COMPUTER, level=str(fill))
        self.state = PLAYING
        self.seed = secrets.randbits(62)
        self.log = []
        self.agreed = set()
        self.played = self._new_match()
        moves = self.played.play_computers(self.offload)
        self._sync_log()
        self._moved()
        self._changed(now)
        return moves

    def act(self, seat: int, text: object, step: object, now: float) -> list[Move]:
        """A person's move (the engine's notation), made on the view of `step`: their move and the computers'
        replies. A stale step, another seat's turn or an illegal move is refused and changes nothing."""
        played = self._in_play(step)
        if not isinstance(text, str) or len(text) > 20:
            raise RoomError("room.error.action", action=_shown(text))
        try:
            action = A.parse_action(text)
        except GolfError:
            raise RoomError("room.error.action", action=_shown(text)) from None
        if action == A.NEXT_HOLE:
            raise RoomError("room.error.action", action=_shown(text))
        match = played.match
        if match.hole.is_over() or match.current_player() != seat:
            raise RoomError("room.error.not_your_turn")
        try:
            own = played.play(action)
        except GolfError as error:
            raise RoomError.from_engine(error) from None
        moves = [own, *played.play_computers(self.offload)]
        self._sync_log()
        self._moved()
        self._changed(now)
        return moves + self._maybe_continue(now)

    def undo(self, seat: int, step: object, now: float) -> None:
        played = self._in_play(step)
        if not played.can_undo(seat):
            raise RoomError("room.error.cannot_undo")
        played.take_back(seat)
        self._sync_log()
        self._moved()
        self._changed(now)

    def agree(self, seat: int, step: object, now: float) -> list[Move]:
        """A person is ready for the next hole, or (the match over) for a rematch with the same people; once
        every person here is, it starts (a rematch deals first from the seat after the last first dealer)."""
        played = self._in_play(step)
        if not played.match.hole.is_over():
            raise RoomError("room.error.hole_not_over")
        self.agreed.add(seat)
        self._changed(now)
        return self._maybe_continue(now)

    def _maybe_continue(self, now: float) -> list[Move]:
        played = self.played
        if played is None or not played.match.hole.is_over() or not set(self.present()) <= self.agreed:
            return []
        if not self.present():
            return []  # nobody here: the room waits for its people rather than play on alone
        self.agreed = set()
        match = played.match
        if match.can_start_next_hole():
            played.next_hole()
        else:
            self._record_result(match)
            players = len(self.seats)
            last = players - 1 if self.first_dealer is None else self.first_dealer
            self.first_dealer = (last + 1) % players
            self.seed = secrets.randbits(62)
            self.played = self._new_match()
        # The log and the step follow the new hole (or match) even when no computer moves first: the kept room
        # and every other process must see it begun, and a frame naming the old step is stale.
        self._sync_log()
        self._moved()
        moves = self.play_computers()
        self._changed(now)
        return moves

    # -- a computer's decision thought elsewhere ------------------------------------------------------------
    def thinking(self) -> tuple[int, int, int, int] | None:
        """The decision the table waits for, if it is one of an offloaded level: (step, seed, log length, seat),
        which names it (a decision made for another step, hole or match must not be applied)."""
        played = self.played
        if self.state != PLAYING or played is None or played.match.hole.is_over():
            return None
        seat = played.match.current_player()
        if played.is_human(seat) or played.seats[seat] not in self.offload:
            return None
        return self.step, self.seed, len(played.match.log), seat

    def ask(self) -> Ask:
        """What the awaited decision needs (`thinking()` must name one): the computer's level, the engine's seed
        for that decision, and that seat's own observation."""
        assert self.played is not None
        match = self.played.match
        seat = match.current_player()
        return Ask(self.played.seats[seat], decision_seed(match.seed, len(match.log), seat), match.observation(seat))

    def computer_move(self, action: int, now: float) -> list[Move]:
        """The awaited computer's decision applied, then the inline computers after it, as `act` does for a
        person's move."""
        assert self.played is not None and self.thinking() is not None
        moves = [self.played.play(action), *self.played.play_computers(self.offload)]
        self._sync_log()
        self._moved()
        self._changed(now)
        return moves + self._maybe_continue(now)

    def _record_result(self, match: Match) -> None:
        outcome = match.outcome()
        if outcome is not None:
            for winner in outcome.winners:
                self.matches_won[winner] += 1
        self.matches_played += 1

    def _in_play(self, step: object) -> RoomMatch:
        if self.state != PLAYING or self.played is None:
            raise RoomError("room.error.not_started")
        if step != self.step:
            raise RoomError("room.error.stale", step=_shown(step), now=self.step)
        return self.played

    def _new_match(self) -> RoomMatch:
        rules = self.rules()
        match = Match(rules, len(self.seats), self.seed, deals=HIDDEN, first_dealer=self.first_dealer)
        return RoomMatch(match, self.engine_seats())

    def play_computers(self) -> list[Move]:
        """The computers' moves until a person must act (after a seat changed hands)."""
        if self.played is None:
            return []
        moves = self.played.play_computers(self.offload)
        if moves:
            self._sync_log()
            self._moved()
        return moves

    def _seat_changed(self) -> None:
        if self.played is not None:
            self.played.seats = self.engine_seats()

    def _sync_log(self) -> None:
        assert self.played is not None
        self.log = [A.format_action(a) for a in self.played.match.log]

    def _changed(self, now: float) -> None:
        self.updated = now

    def _moved(self) -> None:
        """The match changed: a view of an earlier step can no longer be acted on (presence and names do not
        count, so a person's move never fails because someone else reconnected)."""
        self.step += 1

    def rules(self) -> Any:
        return rules_from({"preset": self.setup["preset"], "options": {**self.setup["options"],
                                                                       "holes": self.setup["holes"]}})  # fmt: skip

    def engine_seats(self) -> list[str]:
        """Who the engine plays for: "human" for a person who is here or expected back, a level for a computer
        (and for a person's seat while a computer stands in). When every person is away for good, the computers
        play the hole to its end, and the room then waits for its people (`_maybe_continue`)."""
        return [
            HUMAN if s.kind == PERSON and not s.standing_in else (s.level if s.kind == COMPUTER else STAND_IN)
            for s in self.seats
        ]

    # -- keeping ----------------------------------------------------------------------------
    def to_data(self) -> dict[str, Any]:
        return {
            "version": DATA_VERSION,
            "code": self.code,
            "setup": self.setup,
            "seats": [seat.to_data() for seat in self.seats],
            "grace": self.grace,
            "created": self.created,
            "updated": self.updated,
            "state": self.state,
            "seed": self.seed,
            "log": self.log,
            "first_dealer": self.first_dealer,
            "matches_won": self.matches_won,
            "matches_played": self.matches_played,
            "agreed": sorted(self.agreed),
            "step": self.step,
            "turn_seconds": self.turn_seconds,
            "watch_code": self.watch_code,
            "quick": self.quick,
            "extras": self.extras,
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Room:
        room = cls(
            code=data["code"],
            setup=data["setup"],
            seats=[Seat.from_data(s) for s in data["seats"]],
            grace=data["grace"],
            created=data["created"],
            state=data["state"],
            seed=data["seed"],
            log=list(data["log"]),
            first_dealer=data["first_dealer"],
            matches_won=list(data["matches_won"]),
            matches_played=data["matches_played"],
            agreed=set(data["agreed"]),
            step=data["step"],
            updated=data["updated"],
            turn_seconds=data.get("turn_seconds", 0),  # rooms kept before the timer had none
            watch_code=data.get("watch_code") or new_watch_code(),
            quick=data.get("quick", False),
            extras=dict(data.get("extras") or {}),
        )
        if room.state == PLAYING:
            match = Match(room.rules(), len(room.seats), room.seed, deals=HIDDEN, first_dealer=room.first_dealer)
            for text in room.log:
                match.apply_logged(A.parse_action(text))
            room.played = RoomMatch(match, room.engine_seats())
        return room


def check_setup(setup: object) -> dict[str, Any]:
    """The host's choices: a preset, option changes, a number of players and of holes, as the Play page offers them
    (the door's TABLE_PLAYERS and HOLE_CHOICES); refused with the engine's reason (a bad option names itself) or
    the room's."""
    if not isinstance(setup, dict):
        raise RoomError("room.error.setup")
    unknown = set(setup) - {"preset", "options", "players", "holes"}
    if unknown:
        raise RoomError("room.error.field", field=_shown(sorted(unknown)[0]))
    preset = setup.get("preset", "basic")
    options = setup.get("options") or {}
    players = setup.get("players", 2)
    holes = setup.get("holes", 9)
    if not isinstance(players, int) or isinstance(players, bool) or players not in TABLE_PLAYERS:
        raise RoomError("room.error.players", players=_shown(players), low=min(TABLE_PLAYERS), high=max(TABLE_PLAYERS))
    if holes not in HOLE_CHOICES or isinstance(holes, bool):
        raise RoomError("room.error.holes", holes=_shown(holes), choices=", ".join(map(str, HOLE_CHOICES)))
    if not isinstance(options, dict):
        raise RoomError("room.error.setup")
    checked = {"preset": preset, "options": {k: v for k, v in options.items() if k != "holes"}, "players": players,
               "holes": holes}  # fmt: skip
    try:
        rules = rules_from({"preset": preset, "options": {**checked["options"], "holes": holes}})
        rules.check_players(players)
    except GolfError as error:
        raise RoomError.from_engine(error) from None
    return checked


def _default_name(seat: int) -> str:
    """No name: the pages show "Player N" in the viewer's own language."""
    return ""
