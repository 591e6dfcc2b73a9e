"""One hole as a state machine: deal, opening reveal, turns, the end, scoring.

The state is mutable for speed (random playouts apply hundreds of thousands of
actions); `clone()` is a handful of list copies. An illegal action raises
IllegalActionError before anything changes, so the state stays as it was.
Seats are 0-based; positions are 0-based, row by row from the top left.
"""

from __future__ import annotations

import random
from enum import IntEnum, StrEnum
from functools import partial
from typing import Any

from . import actions as A
from .actions import DISCARD, DRAW_STOCK, EARLY_KNOCK, FLIP, KNOCK, SKIP_FLIP, SWAP, TAKE_DISCARD
from .cards import format_card, shuffle
from .errors import IllegalActionError, NotationError, UsageError, quote_code, quote_shown
from .messages import both
from .options import LAYOUTS
from .rules import FLIP_OPTIONAL_MODES, Rules, early_knock_allowed, endgame_begun
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


class _Moves:
    """The legal-action tuples of one layout size, built once: legal actions are looked up in these instead of
    being rebuilt position by position on every call."""

    __slots__ = ("discard_or_swaps", "flips", "swaps")

    def __init__(self, size: int) -> None:
        # flips[mask]: a flip of every position whose bit is clear in `mask` (face up, or known when peeking)
        self.flips = tuple(tuple(A.FLIP + p for p in range(size) if not mask >> p & 1) for mask in range(1 << size))
        self.swaps = tuple(A.SWAP + p for p in range(size))
        self.discard_or_swaps = (A.DISCARD, *self.swaps)


_MOVES = {rows * cols: _Moves(rows * cols) for rows, cols in LAYOUTS.values()}
# The start of a turn without a knock, an early knock or a flip as action, by (can draw, can take).
_DRAW_OR_TAKE = {
    (True, True): (DRAW_STOCK, TAKE_DISCARD),
    (True, False): (DRAW_STOCK,),
    (False, True): (TAKE_DISCARD,),
    (False, False): (),
}
_DRAW_OR_TAKE_BOTH = _DRAW_OR_TAKE[True, True]


class HoleState:
    __slots__ = (
        "_legal",
        "_moves",
        "_plain_turn_start",
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
        "redeals",
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
    redeals: int  # redeals after an undo (see redeal)
    shuffle_seed: str
    full_mask: int
    layouts: list[list[int]]
    up: list[int]  # bit p set: position p face up
    peeked: list[int]  # bit p set: face down but known to its owner (peek mode)
    stock: list[int]  # top card last
    discard: list[int]  # top card last
    _legal: tuple[int, ...] | None  # the seat to move's legal actions, None until asked for after a change
    _moves: _Moves  # the legal-action tuples of this layout size
    _plain_turn_start: bool  # a turn starts with a draw or a take only (no knocks, no flip as action)
    _visible: list[int | None]  # each seat's visible score, None until asked for after a change

    def __init__(
        self,
        rules: Rules,
        players: int,
        dealer: int,
        layouts: list[list[int]],
        stock: list[int],
        discard: list[int],
        up: list[int],
        peeked: list[int],
        phase: Phase,
        seat: int,
        opening_left: int = 0,
        held: int = NO_CARD,
        held_from_discard: bool = False,
        turns: int = 0,
        final_left: int = -1,
        went_out: int = NO_SEAT,
        knocker: int = NO_SEAT,
        end_reason: EndReason | None = None,
        recycles: int = 0,
        shuffle_seed: str = "",
        redeals: int = 0,
    ) -> None:
        """A hole in any position, from all of its parts (the lists are taken, not copied).

        The one way a HoleState is made: `deal` starts a hole with it, `clone` copies one, and the computer
        players build the deals they imagine with it. It trusts its arguments; start a real hole with `deal`.
        """
        self.rules = rules
        self.players = players
        self.dealer = dealer
        self.starter = (dealer + 1) % players
        self.layouts = layouts
        self.stock = stock
        self.discard = discard
        self.up = up
        self.peeked = peeked
        self.phase = phase
        self.seat = seat
        self.opening_left = opening_left
        self.held = held
        self.held_from_discard = held_from_discard
        self.turns = turns
        self.final_left = final_left
        self.went_out = went_out
        self.knocker = knocker
        self.end_reason = end_reason
        self.recycles = recycles
        self.redeals = redeals
        self.shuffle_seed = shuffle_seed
        self.full_mask = (1 << rules.size) - 1
        self._legal = None
        self._moves = _MOVES[rules.size]
        self._plain_turn_start = not (rules.knock or rules.early_knock or rules.flip_as_action)
        self._visible = [None] * players

    @classmethod
    def deal(cls, rules: Rules, players: int, dealer: int, rng: random.Random, shuffle_seed: str = "") -> HoleState:
        """Shuffle a complete shoe with `rng` and deal one card at a time, clockwise from the dealer's left."""
        rules.check_players(players)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
            seat = dealer + 1 if isinstance(dealer, int) else dealer
            raise UsageError(
                *both("error.table.dealer", dealer_code=quote_code(seat), dealer=quote_shown(seat), players=players)
            )
        shoe = rules.shoe_for(players)
        shuffle(shoe, rng)  # the order rng.shuffle(shoe) gives, faster
        # One card at a time from the top (the end of the list), clockwise from the dealer's left: the seat
        # `offset` places after the dealer gets every players-th card of the reversed top of the shoe.
        start = len(shoe) - players * rules.size
        dealt = shoe[start:][::-1]
        del shoe[start:]
        layouts: list[list[int]] = [[]] * players
        for offset in range(players):
            layouts[(dealer + 1 + offset) % players] = dealt[offset::players]
        discard = [shoe.pop()]
        reveals = rules.initial_reveals
        state = cls(
            rules,
            players,
            dealer,
            layouts,
            shoe,
            discard,
            [0] * players,
            [0] * players,
            OPENING if reveals else DRAW,
            (dealer + 1) % players,
            opening_left=reveals,
            shuffle_seed=shuffle_seed,
        )
        if not reveals:
            state._begin_turn()
        return state

    def clone(self) -> HoleState:
        """An independent copy (the card lists are copied; the rules value is shared). The visible scores known
        so far are copied too: they depend on the cards and face-up masks alone, which the copy shares."""
        copy = HoleState(
            self.rules,
            self.players,
            self.dealer,
            [layout[:] for layout in self.layouts],
            self.stock[:],
            self.discard[:],
            self.up[:],
            self.peeked[:],
            self.phase,
            self.seat,
            self.opening_left,
            self.held,
            self.held_from_discard,
            self.turns,
            self.final_left,
            self.went_out,
            self.knocker,
            self.end_reason,
            self.recycles,
            self.shuffle_seed,
            self.redeals,
        )
        copy._visible = self._visible[:]
        return copy

    # -- queries -------------------------------------------------------------
    def is_over(self) -> bool:
        return self.phase == OVER

    def current_player(self) -> int:
        return NO_SEAT if self.phase == OVER else self.seat

    def hidden_count(self, seat: int) -> int:
        return self.rules.size - self.up[seat].bit_count()

    def legal_actions(self, seat: int | None = None) -> list[int]:
        """Sorted legal actions for `seat` (default: the seat to move); empty for anyone else."""
        if seat is not None and seat != self.seat:
            return []
        legal = self._legal
        if legal is None:
            legal = self._legal = self._find_legal()
        return list(legal)

    def legal_tuple(self) -> tuple[int, ...]:
        """The seat to move's legal actions, sorted, as the tuple the state keeps until its next change."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._find_legal()
        return legal

    def _find_legal(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == DRAW:  # the phases in order of frequency
            if self._plain_turn_start:
                discard = self.discard
                if self.stock and discard:  # the usual start: both piles have cards
                    return _DRAW_OR_TAKE_BOTH
                return _DRAW_OR_TAKE[bool(self.stock) or len(discard) > 1, bool(discard)]
            return self._turn_start_moves()
        if phase == HOLDING:
            if self.held_from_discard and self.rules.discard_pickup_must_swap:
                return self._moves.swaps
            return self._moves.discard_or_swaps
        if phase == OVER:
            return ()
        flips = self._moves.flips
        if phase == FLIP_AFTER_DISCARD:
            if self.rules.flip_on_discard in FLIP_OPTIONAL_MODES:
                return (SKIP_FLIP, *flips[self.up[self.seat]])
            return flips[self.up[self.seat]]
        return flips[self.peeked[self.seat] | self.up[self.seat]]  # OPENING

    def _turn_start_moves(self) -> tuple[int, ...]:
        rules = self.rules
        discard = self.discard
        moves = list(_DRAW_OR_TAKE[bool(self.stock) or len(discard) > 1, bool(discard)])
        if self.final_left < 0:  # neither knock is offered once the final round has begun
            if rules.knock:
                moves.append(KNOCK)
            if rules.early_knock and early_knock_allowed(rules.size - self.up[self.seat].bit_count()):
                moves.append(EARLY_KNOCK)
        if rules.flip_as_action:
            moves.extend(self._moves.flips[self.up[self.seat]])
        return tuple(moves)

    # -- applying actions ----------------------------------------------------
    def check_legal(self, action: int) -> None:
        """Raise IllegalActionError, saying why and listing the legal actions, unless `action` is legal now."""
        if action not in self.legal_tuple():
            raise self._illegal(action, self.legal_tuple())

    def apply_action(self, action: int) -> None:
        """Play `action` for the seat to move; an illegal one raises IllegalActionError and changes nothing."""
        legal = self._legal
        if legal is None:
            legal = self._find_legal()
        if action not in legal:
            raise self._illegal(action, legal)
        self._legal = None
        s = self.seat
        phase = self.phase
        # The phases in order of frequency: every turn has a DRAW and (mostly) a HOLDING action.
        if phase == DRAW:
            if action == DRAW_STOCK:
                if not self.stock:
                    self._recycle()
                self.held = self.stock.pop()
                self.held_from_discard = False
                self.phase = HOLDING
            elif action == TAKE_DISCARD:
                self.held = self.discard.pop()
                self.held_from_discard = True
                self.phase = HOLDING
            elif action == KNOCK:
                self.knocker = s
                self._end_turn()
            elif action == EARLY_KNOCK:
                self.up[s] = self.full_mask
                self._visible[s] = None
                self.peeked[s] = 0
                self.went_out = s
                self.turns += 1
                self._finish(END_EARLY_KNOCK)
            else:  # flip as action
                self._turn_up(s, action - FLIP)
                self._end_turn()
        elif phase == HOLDING:
            held = self.held
            self.held = NO_CARD
            if action == DISCARD:
                self.discard.append(held)
                if self.rules.flip_on_discard != "never" and self._flip_owed(s):
                    self.phase = FLIP_AFTER_DISCARD
                    return
            else:  # a swap: the card put in arrives face up (what _turn_up does, written out on this hot path)
                position = action - SWAP
                layout = self.layouts[s]
                self.discard.append(layout[position])
                layout[position] = held
                bit = 1 << position
                self.up[s] |= bit
                self.peeked[s] &= ~bit
                self._visible[s] = None
            # The turn ends. The usual end, written out (most turns end here): no final round yet, the seat has
            # neither knocked nor gone out, the turn limit is not reached, and the discard pile that the next
            # seat may take from is not empty (a card was just put on it). Every other end is _end_turn's.
            if (
                self.final_left < 0
                and self.up[s] != self.full_mask
                and self.turns + 1 < self.rules.turn_limit
                and self.knocker != s
            ):
                self.turns += 1
                self.seat = (s + 1) % self.players
                self.phase = DRAW
            else:
                self._end_turn()
        elif phase == OPENING:
            self._opening_choice(s, action - FLIP)
        else:  # FLIP_AFTER_DISCARD
            if action != SKIP_FLIP:
                self._turn_up(s, action - FLIP)
            self._end_turn()

    def _turn_up(self, seat: int, position: int) -> None:
        """Turn a position face up (a swapped-in card arrives face up too): the visible score changes."""
        bit = 1 << position
        self.up[seat] |= bit
        self.peeked[seat] &= ~bit
        self._visible[seat] = None

    def _flip_owed(self, s: int) -> bool:
        """After a stock card is discarded: must (always) or may (optional; endgame, once it has begun) the player
        flip a card?"""
        mode = self.rules.flip_on_discard
        if mode == "never" or self.held_from_discard or self.hidden_count(s) == 0:
            return False
        return mode != "endgame" or self.endgame_begun()

    def endgame_begun(self) -> bool:
        """Has some player (the one to move included) at most ENDGAME_MAX_HIDDEN cards face down?"""
        return endgame_begun(min(self.hidden_count(seat) for seat in range(self.players)))

    def _opening_choice(self, s: int, position: int) -> None:
        if self.rules.peek:
            self.peeked[s] |= 1 << position
        else:
            self.up[s] |= 1 << position
            self._visible[s] = None
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
        after = f"/after-redeal{self.redeals}" if self.redeals else ""  # see redeal
        shuffle(self.stock, random.Random(f"{self.shuffle_seed}/recycle{self.recycles}{after}"))
        self.discard = [top]

    def redeal(self, rng: random.Random, peeks: tuple[tuple[int, int], ...] = ()) -> None:
        """Deal again, at random, every card nobody may know: the stock and every face-down card nobody peeked
        at, each going to one of those same places. The peeked cards at `peeks` ((seat, position)) are no longer
        known to their owner and are dealt again too.

        Match.undo calls it when the moves it takes back had shown cards: afterwards those cards are back
        among the unknown ones and where they lie says nothing. Face-up cards, the discard pile, the card in
        hand and every other peeked card stay where they are. Later refills of the stock shuffle differently
        too (`redeals` is part of their seed), so nothing seen in the undone moves repeats.
        """
        for seat, position in peeks:
            self.peeked[seat] &= ~(1 << position)
        self.redeals += 1
        places: list[tuple[int, int]] = []
        for seat in range(self.players):
            known = self.up[seat] | self.peeked[seat]
            places.extend((seat, position) for position in range(self.rules.size) if not known >> position & 1)
        pool = [self.layouts[seat][position] for seat, position in places] + self.stock
        shuffle(pool, rng)
        for (seat, position), card in zip(places, pool, strict=False):
            self.layouts[seat][position] = card
        self.stock = pool[len(places) :]
        self._legal = None

    def _end_turn(self) -> None:
        s = self.seat
        turns = self.turns = self.turns + 1
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
        if turns >= self.rules.turn_limit:
            self._finish(END_TURN_LIMIT)
            return
        self.seat = (s + 1) % self.players
        self.phase = DRAW
        if not self.discard:
            self._begin_turn()

    def _begin_turn(self) -> None:
        """A turn starts without a discard to take: end the hole if nothing else can be done either."""
        if not self.discard and not self._find_legal():
            self._finish(END_NO_CARDS)

    def _finish(self, reason: EndReason) -> None:
        self.phase = OVER
        self.end_reason = reason
        self.held = NO_CARD
        self.up = [self.full_mask] * self.players
        self.peeked = [0] * self.players
        self._visible = [None] * self.players

    def _illegal(self, action: int, legal: tuple[int, ...]) -> IllegalActionError:
        """The refusal of `action`, worded only when it is read (a playout or a check may refuse many moves and
        show none): what the words need of the hole is taken now, so they describe this moment even if the hole
        has moved on by then."""
        seat = self.seat
        moment = (self.phase, seat, self.end_reason, legal, self.final_left, self.up[seat], self.rules.size)
        return IllegalActionError.worded_later(partial(_why_illegal, action, *moment))

    # -- results -------------------------------------------------------------
    def returns(self) -> list[int]:
        """Every seat's points for the finished hole (lower is better)."""
        went_out, knocker = self.went_out, self.knocker  # _seat_or_none written out: every playout ends here
        return hole_totals(
            self.rules,
            self.layouts,
            None if went_out == NO_SEAT else went_out,
            None if knocker == NO_SEAT else knocker,
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
        """The points of the seat's face-up cards only (what every seat may see), cached until they change."""
        cache = self._visible
        cached = cache[seat]
        if cached is None:
            cached = cache[seat] = visible_points(self.rules, self.visible_cards(seat))
        return cached

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


def _why_illegal(
    action: int,
    phase: Phase,
    seat: int,
    end_reason: EndReason | None,
    legal: tuple[int, ...],
    final_left: int,
    up: int,
    size: int,
) -> tuple[str, str]:
    """Why `action` is refused at a moment of a hole: (English naming the codes, for the command line and logs;
    Japanese)."""
    try:
        name = A.format_action(action)
        words: object = A.action_words(action)
    except NotationError:
        name = words = repr(action)
    values: dict[str, object] = {"action_code": repr(name), "action": words, "player": seat + 1}
    if phase == OVER:
        return both("error.illegal.over", end_code=end_reason, **values)
    values["phase_code"] = PHASE_NAMES[phase]
    values["legal_code"] = ", ".join(A.format_action(a) for a in legal)
    if action == A.DISCARD and phase == HOLDING:
        return both("error.illegal.must_swap", **values)
    if action == A.KNOCK and final_left >= 0:
        return both("error.illegal.final_round", **values)
    position = action - A.FLIP
    if 0 <= position < min(A.MAX_POSITIONS, size) and up >> position & 1:
        return both("error.illegal.face_up", position=position + 1, **values)
    return both("error.illegal.not_now", **values)
