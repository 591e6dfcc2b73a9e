"""One seat's knowledge of a hole at a decision point, and worlds sampled consistently with it.

A SeatView is built either from an Observation (what a real policy receives) or
from a HoleState seen through one seat's eyes (the playouts of the Hard level,
which run inside a sampled world and must still hide from each simulated seat
what that seat cannot see). Both give the same SeatView for the same knowledge.
"""

from __future__ import annotations

import random

from ..cards import UNKNOWN
from ..errors import UsageError
from ..hole import HOLDING, NO_SEAT, OPENING, HoleState
from ..messages import both
from ..observation import Observation, known_cards
from ..rules import Rules


class SeatView:
    """What one seat knows of a hole at a decision point, as the planner reads it: UNKNOWN for each card it cannot
    see, the top of the discard pile, the card in hand if it may see it, and its legal actions."""

    __slots__ = (
        "can_draw",
        "dealer",
        "discard_top",
        "final_left",
        "held",
        "held_from_discard",
        "knocker",
        "layouts",
        "legal",
        "phase",
        "players",
        "rules",
        "seat",
        "turns",
        "up",
        "went_out",
    )  # fmt: skip

    rules: Rules
    seat: int
    players: int
    dealer: int
    phase: int
    layouts: list[list[int]]  # per seat, UNKNOWN where this seat cannot see the card
    up: list[int]
    discard_top: int
    held: int
    held_from_discard: bool
    final_left: int
    knocker: int
    went_out: int
    legal: tuple[int, ...] | list[int]
    can_draw: bool
    turns: int

    @classmethod
    def from_observation(cls, obs: Observation) -> SeatView:
        view = cls()
        view.rules = obs.rules
        view.seat = obs.seat
        view.players = obs.players
        view.dealer = obs.dealer
        view.phase = obs.phase
        view.layouts = [list(layout) for layout in obs.layouts]
        view.up = list(obs.up)
        view.discard_top = obs.discard[-1] if obs.discard else UNKNOWN
        view.held = obs.held
        view.held_from_discard = obs.held_from_discard
        view.final_left = obs.final_left
        view.knocker = obs.knocker
        view.went_out = obs.went_out
        view.legal = obs.legal_actions
        view.can_draw = obs.stock_count > 0 or len(obs.discard) > 1
        view.turns = obs.turns
        return view

    @classmethod
    def from_state(cls, state: HoleState, seat: int, omniscient: bool = False) -> SeatView:
        """`seat`'s view of `state` (the seat to move); `omniscient` shows it its own face-down cards."""
        view = cls()
        view.rules = state.rules
        view.seat = seat
        view.players = state.players
        view.dealer = state.dealer
        view.phase = state.phase
        full = state.full_mask
        layouts = []
        for s, layout in enumerate(state.layouts):
            known = state.up[s]
            if s == seat:
                known = full if omniscient else known | state.peeked[s]
            if known == full:
                layouts.append(layout[:])
            else:
                layouts.append(list(known_cards(layout, known)))
        view.layouts = layouts
        view.up = state.up
        view.discard_top = state.discard[-1] if state.discard else UNKNOWN
        view.held = state.held if state.held >= 0 else UNKNOWN
        view.held_from_discard = state.held_from_discard
        view.final_left = state.final_left
        view.knocker = state.knocker
        view.went_out = state.went_out
        view.legal = state.legal_actions()
        view.can_draw = bool(state.stock) or len(state.discard) > 1
        view.turns = state.turns
        return view

    @property
    def own(self) -> list[int]:
        return self.layouts[self.seat]

    def hidden_count(self, seat: int) -> int:
        return self.rules.size - self.up[seat].bit_count()

    def is_hidden(self, seat: int, position: int) -> bool:
        """Face down (whether or not its owner peeked at it)."""
        return not self.up[seat] >> position & 1

    def in_final_round(self) -> bool:
        return self.final_left >= 0

    def next_seat_moves_again(self) -> bool:
        """Will the seat after this one still have a turn in this hole (assuming this turn does not end it)?"""
        return self.final_left < 0 or self.final_left > 1


def seen_cards(obs: Observation) -> list[int]:
    """Every card the seat of `obs` can see or knows: face-up cards, its peeked cards, the discard pile, its held card."""
    seen = [card for layout in obs.layouts for card in layout if card != UNKNOWN]
    seen.extend(obs.discard)
    if obs.held != UNKNOWN:
        seen.append(obs.held)
    return seen


def sample_world(obs: Observation, pool: list[int], rng: random.Random) -> HoleState:
    """A full HoleState that `obs`'s seat cannot tell apart from the real one.

    `pool` holds every unseen card; it is shuffled into the face-down cards the
    seat does not know and into the stock. Other seats' peeked positions (peek
    mode) are not part of the observation, so they are guessed (see _likely_peeks).
    """
    rules = obs.rules
    players, phase, up, to_move = obs.players, obs.phase, obs.up, obs.to_move
    cards = pool[:]
    rng.shuffle(cards)
    layouts = []
    for layout in obs.layouts:
        filled = []
        for card in layout:
            filled.append(cards.pop() if card == UNKNOWN else card)
        layouts.append(filled)
    held = obs.held
    if phase == HOLDING and held == UNKNOWN:  # another seat holds a stock card this seat cannot see
        held = cards.pop()
    if len(cards) != obs.stock_count:
        raise UsageError(*both("error.ai.unseen_pool", pool=len(pool), stock=obs.stock_count))
    peeked = [0] * players
    peeked[obs.seat] = obs.peeked
    if rules.peek:
        for s in _seats_past_opening(obs):
            if s != obs.seat:
                for p in _likely_peeks(rules, up[s]):
                    peeked[s] |= 1 << p
                    if obs.turns >= players:
                        _keep_likely_low(layouts[s], p, cards, rules.card_points, rng)
    seat = to_move if to_move != NO_SEAT else obs.seat
    mover_known = up[seat] | peeked[seat]
    return HoleState(
        rules,
        players,
        obs.dealer,
        layouts,
        cards,
        list(obs.discard),
        list(up),
        peeked,
        phase,
        seat,
        opening_left=rules.initial_reveals - mover_known.bit_count() if phase == OPENING else 0,
        held=held,
        held_from_discard=obs.held_from_discard,
        turns=obs.turns,
        final_left=obs.final_left,
        went_out=obs.went_out,
        knocker=obs.knocker,
        end_reason=obs.end_reason,
        shuffle_seed=f"sampled/{rng.getrandbits(32)}",
    )


def _likely_peeks(rules: Rules, up: int) -> list[int]:
    """Where a player most likely peeked, as far as those cards are still face down: row by row from the top
    left, which is one card per column first (how the computer players peek; the observation does not say
    where the others looked)."""
    return [p for p in range(rules.initial_reveals) if not up >> p & 1]


PEEKED_KEPT_LOW = 0.75  # how often a card an opponent peeked at and still keeps face down is not a high one


def _keep_likely_low(
    layout: list[int], position: int, stock: list[int], points: tuple[int, ...], rng: random.Random
) -> None:
    """A player who peeked at a card and has had turns to replace it probably kept it because it is low:
    a high card sampled there is usually traded for a low one from the sampled stock (the cards stay the same)."""
    mean = sum(points[c] for c in stock) / len(stock) if stock else 0.0
    if points[layout[position]] <= mean or rng.random() > PEEKED_KEPT_LOW:
        return
    low = [index for index, card in enumerate(stock) if points[card] <= mean]
    if low:
        index = rng.choice(low)
        layout[position], stock[index] = stock[index], layout[position]


def _seats_past_opening(obs: Observation) -> list[int]:
    """Seats that have made their opening choices (all of them once the opening is over)."""
    if obs.phase != OPENING:
        return list(range(obs.players))
    starter = (obs.dealer + 1) % obs.players
    seats = []
    seat = starter
    while seat != obs.to_move:
        seats.append(seat)
        seat = (seat + 1) % obs.players
    return seats
