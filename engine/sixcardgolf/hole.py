"""One hole as a state machine: deal, opening reveal, turns, the end, scoring.

The state is mutable for speed (random playouts apply hundreds of thousands of
actions); `clone()` is a handful of list copies. An illegal action raises
IllegalActionError before anything changes, so the state stays as it was.
Seats are 0-based; positions are 0-based, row by row from the top left.
"""

from __future__ import annotations

import random
from enum import IntEnum, StrEnum
from typing import Any

from . import actions as A
from .cards import format_card
from .errors import IllegalActionError, NotationError, UsageError
from .rules import LAYOUTS, Rules, early_knock_allowed, endgame_begun
from .scoring import PlayerScore, hole_totals, score_table, visible_points


class Phase(IntEnum):
    """Where a hole stands; `PHASE_NAMES[phase]` is its name in JSON and messages."""

    OPENING = 0  # seats choose their opening reveals (or peeks), one seat after another
    DRAW = 1  # the seat to move starts its turn: draw, take, knock, early knock or flip as action
    HOLDING = 2  # the seat holds a drawn or taken card: swap it in or discard it
    FLIP_AFTER_DISCARD = 3  # after discarding a stock card: the flip that rule asks for (or allows)
    OVER = 4


OPENING, DRAW, HOLDING, FLIP_AFTER_DISCARD, OVER = Phase
PHASE_NAMES: tuple[str, ...] = ("opening", "draw", "holding", "flip", "over")


class EndReason(StrEnum):
    """Why a hole ended; the value is the text saves, JSON and the rule text use."""

    FINAL_TURNS = "final_turns"  # someone went out and everyone else had a last turn
    WENT_OUT = "went_out"  # someone went out and the rules end the hole at once
    KNOCK = "knock"  # a knock and the final turns after it
    EARLY_KNOCK = "early_knock"
    TURN_LIMIT = "turn_limit"
    NO_CARDS = "no_cards"  # a guard: a table always leaves a card to draw (see Rules.check_players)


END_FINAL_TURNS, END_WENT_OUT, END_KNOCK, END_EARLY_KNOCK, END_TURN_LIMIT, END_NO_CARDS = EndReason

NO_CARD = -1
NO_SEAT = -1


def _move_tables(size: int) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...]]:
    """For a layout of `size` cards: flips by face-up (or known) mask, the swaps, and discard plus swaps.

    Legal actions are looked up in these instead of being rebuilt position by position on every call.
    """
    flips = tuple(tuple(A.FLIP + p for p in range(size) if not mask >> p & 1) for mask in range(1 << size))
    swaps = tuple(A.SWAP + p for p in range(size))
    return flips, swaps, (A.DISCARD, *swaps)


_MOVES = {rows * cols: _move_tables(rows * cols) for rows, cols in LAYOUTS.values()}


class HoleState:
    __slots__ = (
        "_visible",
        "dealer",
        "discard",
        "end_reason",
        "final_left",
        "full_mask",
        "held",
        "held_from_discard",
        "knocker",
        "layouts",
        "opening_left",
        "peeked",
        "phase",
        "players",
        "recycles",
        "rules",
        "seat",
        "shuffle_seed",
        "starter",
        "stock",
        "turns",
        "up",
        "went_out",
    )  # fmt: skip

    rules: Rules
    players: int
    dealer: int
    starter: int
    phase: Phase
    seat: int  # seat to move (meaningless once OVER)
    held: int  # card in hand, NO_CARD if none
    held_from_discard: bool
    opening_left: int  # opening reveals still owed by the seat to move
    turns: int  # completed turns this hole
    final_left: int  # turns left in the final round; -1 before it starts
    went_out: int
    knocker: int
    end_reason: EndReason | None
    recycles: int
    shuffle_seed: str
    full_mask: int
    layouts: list[list[int]]
    up: list[int]  # bit p set: position p face up
    peeked: list[int]  # bit p set: face down but known to its owner (peek mode)
    stock: list[int]  # top card last
    discard: list[int]  # top card last
    # Each seat's visible score, None until asked for after a change. A state built field by field
    # (as computer players do when they sample hidden cards) may lack it: it is then made on first
    # use. (Not with __getattr__: defining one slows every attribute access on the class.)
    _visible: list[int | None]

    @classmethod
    def deal(cls, rules: Rules, players: int, dealer: int, rng: random.Random, shuffle_seed: str = "") -> HoleState:
        """Shuffle a complete shoe with `rng` and deal one card at a time, clockwise from the dealer's left."""
        rules.check_players(players)
        if not 0 <= dealer < players:
            raise UsageError(
                f"dealer seat {dealer + 1} is not at a table of {players}",
                ja=f"親の席{dealer + 1}は{players}人の卓にはありません。",
            )
        shoe = rules.shoe_for(players)
        rng.shuffle(shoe)
        state = cls.__new__(cls)
        state.rules = rules
        state.players = players
        state.dealer = dealer
        state.starter = (dealer + 1) % players
        state.layouts = [[] for _ in range(players)]
        for _ in range(rules.size):
            for offset in range(1, players + 1):
                state.layouts[(dealer + offset) % players].append(shoe.pop())
        state.discard = [shoe.pop()]
        state.stock = shoe
        state.up = [0] * players
        state.peeked = [0] * players
        state._visible = [None] * players
        state.full_mask = (1 << rules.size) - 1
        state.held = NO_CARD
        state.held_from_discard = False
        state.turns = 0
        state.final_left = -1
        state.went_out = NO_SEAT
        state.knocker = NO_SEAT
        state.end_reason = None
        state.recycles = 0
        state.shuffle_seed = shuffle_seed
        state.seat = state.starter
        if rules.initial_reveals:
            state.phase = OPENING
            state.opening_left = rules.initial_reveals
        else:
            state.opening_left = 0
            state.phase = DRAW
            state._begin_turn()
        return state

    def clone(self) -> HoleState:
        other = HoleState.__new__(HoleState)
        for name in _PLAIN_FIELDS:
            setattr(other, name, getattr(self, name))
        other.layouts = [layout[:] for layout in self.layouts]
        other.up = self.up[:]
        other.peeked = self.peeked[:]
        other.stock = self.stock[:]
        other.discard = self.discard[:]
        other._visible = self._visible_cache()[:]
        return other

    # -- queries -------------------------------------------------------------
    def is_over(self) -> bool:
        return self.phase == OVER

    def current_player(self) -> int:
        return NO_SEAT if self.phase == OVER else self.seat

    def hidden_count(self, seat: int) -> int:
        return self.rules.size - self.up[seat].bit_count()

    def legal_actions(self, seat: int | None = None) -> list[int]:
        """Sorted legal actions for `seat` (default: the seat to move); empty for anyone else."""
        phase = self.phase
        if phase == OVER or (seat is not None and seat != self.seat):
            return []
        s = self.seat
        if phase == DRAW:
            return self._turn_start_actions(s)
        flips, swaps, discard_or_swaps = _MOVES[self.rules.size]
        if phase == HOLDING:
            if self.held_from_discard and self.rules.discard_pickup_must_swap:
                return list(swaps)
            return list(discard_or_swaps)
        if phase == FLIP_AFTER_DISCARD:
            if self.rules.flip_on_discard == "endgame":
                return [A.SKIP_FLIP, *flips[self.up[s]]]
            return list(flips[self.up[s]])
        return list(flips[self.peeked[s] | self.up[s]])  # OPENING

    def _turn_start_actions(self, s: int) -> list[int]:
        rules = self.rules
        moves = []
        if self.stock or len(self.discard) > 1:
            moves.append(A.DRAW_STOCK)
        if self.discard:
            moves.append(A.TAKE_DISCARD)
        if self.final_left < 0:  # neither knock is offered once the final round has begun
            if rules.knock:
                moves.append(A.KNOCK)
            if rules.early_knock and early_knock_allowed(rules.size - self.up[s].bit_count()):
                moves.append(A.EARLY_KNOCK)
        if rules.flip_as_action:
            moves.extend(_MOVES[rules.size][0][self.up[s]])
        return moves

    # -- applying actions ----------------------------------------------------
    def check_legal(self, action: int) -> None:
        """Raise IllegalActionError, saying why and listing the legal actions, unless `action` is legal now."""
        if action not in self.legal_actions():
            raise IllegalActionError(self._why_illegal(action))

    def apply_action(self, action: int) -> None:
        if action not in self.legal_actions():
            raise IllegalActionError(self._why_illegal(action))
        s = self.seat
        phase = self.phase
        if phase == OPENING:
            self._opening_choice(s, action - A.FLIP)
        elif phase == DRAW:
            if action == A.DRAW_STOCK:
                if not self.stock:
                    self._recycle()
                self.held = self.stock.pop()
                self.held_from_discard = False
                self.phase = HOLDING
            elif action == A.TAKE_DISCARD:
                self.held = self.discard.pop()
                self.held_from_discard = True
                self.phase = HOLDING
            elif action == A.KNOCK:
                self.knocker = s
                self._end_turn()
            elif action == A.EARLY_KNOCK:
                self.up[s] = self.full_mask
                self._visible_cache()[s] = None
                self.peeked[s] = 0
                self.went_out = s
                self.turns += 1
                self._finish(END_EARLY_KNOCK)
            else:  # flip as action
                self._turn_up(s, action - A.FLIP)
                self._end_turn()
        elif phase == HOLDING:
            held, self.held = self.held, NO_CARD
            if action == A.DISCARD:
                self.discard.append(held)
                if self._flip_owed(s):
                    self.phase = FLIP_AFTER_DISCARD
                    return
            else:
                position = action - A.SWAP
                self.discard.append(self.layouts[s][position])
                self.layouts[s][position] = held
                self._turn_up(s, position)
            self._end_turn()
        else:  # FLIP_AFTER_DISCARD
            if action != A.SKIP_FLIP:
                self._turn_up(s, action - A.FLIP)
            self._end_turn()

    def _turn_up(self, seat: int, position: int) -> None:
        """Turn a position face up (a swapped-in card arrives face up too): the visible score changes."""
        bit = 1 << position
        self.up[seat] |= bit
        self.peeked[seat] &= ~bit
        self._visible_cache()[seat] = None

    def _flip_owed(self, s: int) -> bool:
        """After a stock card is discarded: must (always) or may (endgame) the player flip a card?"""
        mode = self.rules.flip_on_discard
        if mode == "never" or self.held_from_discard or self.hidden_count(s) == 0:
            return False
        return mode == "always" or self.endgame_begun()

    def endgame_begun(self) -> bool:
        """Has some player (the one to move included) at most ENDGAME_MAX_HIDDEN cards face down?"""
        return endgame_begun(min(self.hidden_count(seat) for seat in range(self.players)))

    def _opening_choice(self, s: int, position: int) -> None:
        if self.rules.peek:
            self.peeked[s] |= 1 << position
        else:
            self.up[s] |= 1 << position
            self._visible_cache()[s] = None
        self.opening_left -= 1
        if self.opening_left:
            return
        self.seat = (s + 1) % self.players
        if self.seat == self.starter:
            self.phase = DRAW
            self._begin_turn()
        else:
            self.opening_left = self.rules.initial_reveals

    def _recycle(self) -> None:
        """Keep the top discard; shuffle the rest into a new stock."""
        top = self.discard.pop()
        self.recycles += 1
        self.stock = self.discard
        random.Random(f"{self.shuffle_seed}/recycle{self.recycles}").shuffle(self.stock)
        self.discard = [top]

    def _end_turn(self) -> None:
        s = self.seat
        self.turns += 1
        if self.final_left >= 0:
            self.final_left -= 1
            if self.final_left == 0:
                self._finish(END_KNOCK if self.knocker != NO_SEAT else END_FINAL_TURNS)
                return
        elif self.knocker == s:
            self.final_left = self.players - 1
        elif self.up[s] == self.full_mask:
            self.went_out = s
            if self.rules.end_of_hole == "immediate":
                self._finish(END_WENT_OUT)
                return
            self.final_left = self.players - 1
        if self.turns >= self.rules.turn_limit:
            self._finish(END_TURN_LIMIT)
            return
        self.seat = (s + 1) % self.players
        self.phase = DRAW
        self._begin_turn()

    def _begin_turn(self) -> None:
        # Taking the discard is always possible while the pile has a card, so only look further without one.
        if not self.discard and not self._turn_start_actions(self.seat):
            self._finish(END_NO_CARDS)

    def _finish(self, reason: EndReason) -> None:
        self.phase = OVER
        self.end_reason = reason
        self.held = NO_CARD
        self.up = [self.full_mask] * self.players
        self.peeked = [0] * self.players
        self._visible = [None] * self.players

    def _why_illegal(self, action: int) -> str:
        try:
            name = A.format_action(action)
        except NotationError:
            name = repr(action)
        if self.phase == OVER:
            return f"action {name!r} is not allowed: the hole is over ({self.end_reason})"
        legal = ", ".join(A.format_action(a) for a in self.legal_actions())
        phase = PHASE_NAMES[self.phase]
        reason = ""
        if action == A.DISCARD and self.phase == HOLDING:
            reason = " because a card taken from the discard pile must be swapped into your layout"
        elif action == A.KNOCK and self.final_left >= 0:
            reason = " because the final round of turns has begun"
        elif (
            A.FLIP <= action < A.FLIP + A.MAX_POSITIONS
            and action - A.FLIP < self.rules.size
            and self.up[self.seat] >> (action - A.FLIP) & 1
        ):
            reason = " because that card is already face up"
        return f"action {name!r} is not allowed for player {self.seat + 1} in the {phase} phase{reason}; legal: {legal}"

    # -- results -------------------------------------------------------------
    def returns(self) -> list[int]:
        """Every seat's points for the finished hole (lower is better)."""
        return hole_totals(
            self.rules, self.layouts, self._seat_or_none(self.went_out), self._seat_or_none(self.knocker)
        )

    def scores(self) -> list[PlayerScore]:
        return score_table(
            self.rules, self.layouts, self._seat_or_none(self.went_out), self._seat_or_none(self.knocker)
        )

    @staticmethod
    def _seat_or_none(seat: int) -> int | None:
        return None if seat == NO_SEAT else seat

    def visible_cards(self, seat: int) -> list[int | None]:
        up = self.up[seat]
        return [card if up >> p & 1 else None for p, card in enumerate(self.layouts[seat])]

    def visible_score(self, seat: int) -> int:
        """Face-up cards only (RULES.md §4), cached until that seat's face-up cards change."""
        cache = self._visible_cache()
        cached = cache[seat]
        if cached is None:
            cached = cache[seat] = visible_points(self.rules, self.visible_cards(seat))
        return cached

    def _visible_cache(self) -> list[int | None]:
        try:
            return self._visible
        except AttributeError:  # a state built field by field: see the note on _visible
            self._visible = [None] * self.players
            return self._visible

    def debug_dict(self) -> dict[str, Any]:
        """Everything, hidden cards included: for tests and golden files, never for a player."""
        return {
            "layouts": [[format_card(c) for c in layout] for layout in self.layouts],
            "up": self.up[:],
            "peeked": self.peeked[:],
            "stock": [format_card(c) for c in self.stock],
            "discard": [format_card(c) for c in self.discard],
            "phase": PHASE_NAMES[self.phase],
            "seat": self.seat,
            "held": None if self.held == NO_CARD else format_card(self.held),
            "turns": self.turns,
            "end_reason": self.end_reason,
        }


# Fields a clone can share (immutable values); the lists are copied one by one.
_PLAIN_FIELDS = tuple(
    name for name in HoleState.__slots__ if name not in ("_visible", "layouts", "up", "peeked", "stock", "discard")
)
