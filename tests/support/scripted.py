"""Scripted positions for the computer-player tests.

A position is written the way a person reads a table: one layout per seat,
row by row, with `?` after a card that is face down and `*` after a face-down
card its owner peeked at, e.g. "QH 4D? 8C? / 7S 5H? 2D*". The rest of the shoe
becomes the stock in a fixed shuffled order, so every card is accounted for.
"""

from __future__ import annotations

import random
from collections import Counter

from sixcardgolf import HoleState, Rules, parse_card
from sixcardgolf.hole import DRAW, HOLDING
from sixcardgolf.observation import Observation, observe


def parse_position(rules: Rules, text: str) -> tuple[list[int], int, int]:
    """Cards, face-up mask and peeked mask of one layout in the notation above."""
    tokens = text.replace("/", " ").split()
    if len(tokens) != rules.size:
        raise AssertionError(f"layout {text!r} has {len(tokens)} cards; {rules.layout} needs {rules.size}")
    cards, up, peeked = [], 0, 0
    for position, token in enumerate(tokens):
        if token.endswith("?"):
            token = token[:-1]
        elif token.endswith("*"):
            token = token[:-1]
            peeked |= 1 << position
        else:
            up |= 1 << position
        cards.append(parse_card(token))
    return cards, up, peeked


def position(
    rules: Rules,
    layouts: list[str],
    discard: str,
    held: str | None = None,
    from_discard: bool = False,
    seat: int = 0,
    final_left: int = -1,
) -> HoleState:
    """A hole in mid-play: `seat` to move (holding `held` if given); `discard` bottom to top."""
    players = len(layouts)
    state = HoleState.deal(rules, players, players - 1, random.Random("scripted"), "scripted")
    parsed = [parse_position(rules, text) for text in layouts]
    pile = [parse_card(token) for token in discard.split()]
    in_hand = [parse_card(held)] if held else []
    rest = Counter(rules.shoe_for(players))
    rest.subtract(Counter([c for cards, _, _ in parsed for c in cards] + pile + in_hand))
    if any(count < 0 for count in rest.values()):
        raise AssertionError("the position uses more copies of a card than the shoe holds")
    stock = sorted(rest.elements())
    random.Random("scripted stock").shuffle(stock)
    state.layouts = [cards for cards, _, _ in parsed]
    state.up = [up for _, up, _ in parsed]
    state.peeked = [peeked for _, _, peeked in parsed]
    state.discard = pile
    state.stock = stock
    state.seat = seat
    state.turns = 2 * players
    state.final_left = final_left
    state.opening_left = 0
    if held:
        state.phase = HOLDING
        state.held = in_hand[0]
        state.held_from_discard = from_discard
    else:
        state.phase = DRAW
    return state


def seat_view(state: HoleState) -> Observation:
    return observe(state, state.seat)
