"""What one seat may know, and nothing more.

Face-up cards and the whole discard pile are public. Face-down cards are
unknown to everyone, their owner included, except cards the owner peeked at.
The stock order is unknown to everyone. The card in hand is known to the seat
holding it, and to everyone when it was taken from the (public) discard pile.
Computer players and the hint read only this.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, Protocol

from . import actions as A
from .actions import format_action
from .cards import UNKNOWN, format_card
from .errors import UsageError, quote_code, quote_shown
from .hole import HOLDING, NO_CARD, NO_SEAT, PHASE_NAMES, EndReason, HoleState, Phase
from .messages import both
from .options import LAYOUTS
from .rules import Rules

__all__ = ["FIELDS", "UNKNOWN", "LiveView", "Observation", "Policy", "known_cards", "observe", "public_event"]

FIELDS: tuple[str, ...] = (
    "rules",
    "seat",
    "players",
    "dealer",
    "phase",
    "to_move",
    "layouts",
    "up",
    "peeked",
    "discard",
    "stock_count",
    "held",
    "held_from_discard",
    "turns",
    "final_left",
    "went_out",
    "knocker",
    "end_reason",
    "visible_scores",
    "legal_actions",
)
"""Every field of an Observation, in the order that equality, hashing and repr use."""


class Observation:
    """What `seat` knows of a hole at the moment `observe` was called: a value, which never changes.

    It reads a copy of the hole that it alone holds (`observe` makes it), field by field as they are asked for,
    so a policy pays only for what it reads (a random player reads its legal actions and nothing else); the
    layouts and the visible scores are built once. It compares, hashes and prints by its fields.
    """

    __slots__ = ("_layouts", "_state", "_visible_scores", "legal_actions", "seat")

    seat: int
    legal_actions: tuple[int, ...]  # sorted; empty unless this seat is to move

    def __init__(self, state: HoleState, seat: int) -> None:
        """The view of `state` for `seat`, read from `state` itself: nothing may change `state` while the view is
        read (observe passes a copy; Match.play_hole its live hole, through a LiveView, one decision at a time)."""
        self._state = state
        self.seat = seat
        self.legal_actions = state.legal_tuple() if seat == state.seat else ()
        self._layouts: tuple[tuple[int, ...], ...] | None = None
        self._visible_scores: tuple[int, ...] | None = None

    # -- the fields ------------------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        return self._state.rules

    @property
    def players(self) -> int:
        return self._state.players

    @property
    def dealer(self) -> int:
        return self._state.dealer

    @property
    def phase(self) -> Phase:
        return self._state.phase

    @property
    def to_move(self) -> int:
        """The seat to move; NO_SEAT once the hole is over."""
        return self._state.current_player()

    @property
    def layouts(self) -> tuple[tuple[int, ...], ...]:
        """Every seat's layout, UNKNOWN for each card this seat cannot see."""
        state = self._state
        found = self._layouts
        if found is None:
            seat = self.seat
            found = self._layouts = tuple(
                [
                    known_cards(layout, state.up[s] | (state.peeked[s] if s == seat else 0))
                    for s, layout in enumerate(state.layouts)
                ]
            )
        return found

    @property
    def up(self) -> tuple[int, ...]:
        """Face-up bit masks, per seat."""
        return tuple(self._state.up)

    @property
    def peeked(self) -> int:
        """This seat's own face-down cards that it knows (bit mask)."""
        return self._state.peeked[self.seat]

    @property
    def discard(self) -> tuple[int, ...]:
        """The discard pile, bottom to top."""
        return tuple(self._state.discard)

    @property
    def stock_count(self) -> int:
        return len(self._state.stock)

    @property
    def held(self) -> int:
        """The card in hand: UNKNOWN unless this seat may see it (its own draw, or a card from the discard pile)."""
        state = self._state
        if state.held != NO_CARD and (self.seat == state.seat or state.held_from_discard):
            return state.held
        return UNKNOWN

    @property
    def held_from_discard(self) -> bool:
        return self._state.held_from_discard

    @property
    def turns(self) -> int:
        return self._state.turns

    @property
    def final_left(self) -> int:
        return self._state.final_left

    @property
    def went_out(self) -> int:
        return self._state.went_out

    @property
    def knocker(self) -> int:
        return self._state.knocker

    @property
    def end_reason(self) -> EndReason | None:
        return self._state.end_reason

    @property
    def visible_scores(self) -> tuple[int, ...]:
        """Every seat's visible score (face-up cards only)."""
        state = self._state
        found = self._visible_scores
        if found is None:
            found = self._visible_scores = tuple([state.visible_score(s) for s in range(state.players)])
        return found

    # -- comparing and printing ---------------------------------------------------------------
    def _fields(self) -> tuple[Any, ...]:
        return tuple([getattr(self, name) for name in FIELDS])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Observation):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return "Observation(" + ", ".join(f"{name}={getattr(self, name)!r}" for name in FIELDS) + ")"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form for the playground (card notation, 1-based positions in actions)."""

        def card(c: int) -> str | None:
            return None if c == UNKNOWN else format_card(c)

        up, peeked, to_move, phase, final_left = self.up, self.peeked, self.to_move, self.phase, self.final_left
        return {
            "seat": self.seat,
            "players": self.players,
            "dealer": self.dealer,
            "phase": PHASE_NAMES[phase],
            "to_move": None if to_move == NO_SEAT else to_move,
            "layouts": [
                [
                    {"card": card(c), "up": bool(up[s] >> p & 1), "peeked": s == self.seat and bool(peeked >> p & 1)}
                    for p, c in enumerate(layout)
                ]
                for s, layout in enumerate(self.layouts)
            ],
            "discard": [format_card(c) for c in self.discard],
            "stock_count": self.stock_count,
            "held": card(self.held),
            "held_from": None
            if to_move == NO_SEAT or phase != HOLDING
            else ("discard" if self.held_from_discard else "stock"),
            "turns": self.turns,
            "turn_limit": self.rules.turn_limit,
            "final_turns_left": final_left if final_left >= 0 else None,
            "went_out": None if self.went_out == NO_SEAT else self.went_out,
            "knocker": None if self.knocker == NO_SEAT else self.knocker,
            "end_reason": self.end_reason,
            "visible_scores": list(self.visible_scores),
            "legal_actions": [format_action(a) for a in self.legal_actions],
        }


class LiveView(Observation):
    """The view `Match.play_hole` (the simulate loop) hands each policy: of its live hole, aimed at one decision
    after another, so that a decision costs no copy of the hole and no new object.

    It reads the hole as it is, so it is true while the policy chooses: the loop moves the hole on only once the
    choice is made, and then aims the same view at the next decision. A policy that kept it past choose() would
    read a later moment; none of the computer players keeps one (a view to keep is `observe()`'s).
    """

    __slots__ = ()

    def aim(self, seat: int) -> LiveView:
        """This view, now of `seat` (the seat to move) at the hole's present moment."""
        self.seat = seat
        self.legal_actions = self._state.legal_tuple()
        self._layouts = None
        self._visible_scores = None
        return self


class Policy(Protocol):
    """A player that chooses from its seat's observation alone: it knows what its seat may know, and nothing more.
    The computer players (ai/) are policies; Match.play_hole plays a hole with one per seat."""

    def choose(self, observation: Observation) -> int: ...


def observe(state: HoleState, seat: int) -> Observation:
    """What `seat` (0-based) may know of `state` now; see Observation. The state may move on at once: the
    observation reads its own copy."""
    if not 0 <= seat < state.players:
        raise UsageError(
            *both(
                "error.table.seat",
                seat_code=quote_code(seat),
                seat=quote_shown(seat),
                players=state.players,
                last=state.players - 1,
            )
        )
    return Observation(state.clone(), seat)


def public_event(state: HoleState, action: int) -> dict[str, Any]:
    """What every seat sees of `action`, made by the seat to move; call it before the action is applied.

    Cards are named only when the move shows them to everyone: the card taken
    from the discard pile, a discarded card, and for a swap the card put in
    (face up from then on) and the card it replaced (face up on the discard
    pile). A draw from the stock names no card.
    """
    state.check_legal(action)
    seat = state.seat
    event: dict[str, Any] = {"seat": seat, "action": format_action(action)}
    if action == A.TAKE_DISCARD:
        event["card"] = format_card(state.discard[-1])
    elif action == A.DISCARD:
        event["card"] = format_card(state.held)
    elif A.SWAP <= action < A.SWAP + A.MAX_POSITIONS:
        event["card"] = format_card(state.held)
        event["replaced"] = format_card(state.layouts[seat][action - A.SWAP])
    return event


def known_cards(layout: list[int], known: int) -> tuple[int, ...]:
    """`layout` with UNKNOWN at every position whose bit is not set in the mask `known`."""
    return _PICKERS[len(layout)][known]([*layout, UNKNOWN])  # type: ignore[no-any-return]


def _pickers(size: int) -> list[itemgetter[Any]]:
    """By known mask: a getter that reads a layout with UNKNOWN appended (index `size`) as the seat sees it.

    Every hidden position reads the appended UNKNOWN, so one C-level call builds the tuple.
    """
    return [itemgetter(*(p if known >> p & 1 else size for p in range(size))) for known in range(1 << size)]


_PICKERS = {rows * cols: _pickers(rows * cols) for rows, cols in LAYOUTS.values()}
