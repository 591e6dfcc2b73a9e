"""Scripted deals for the engine tests.

A scripted deal goes through HoleState.deal like any other, so the deal order
is exercised too: a StackedRandom's shuffle lays the shoe out so that dealing
one card at a time clockwise from the dealer's left, then turning the next card
up as the discard, gives exactly the layouts, discard and stock top asked for.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Mapping, Sequence

from sixcardgolf import HoleState, Rules, parse_action, parse_card, parse_layout
from sixcardgolf import actions as A
from sixcardgolf.hole import OPENING
from sixcardgolf.options import CHOICES

BOOL_KEYS = [f.name for f in dataclasses.fields(Rules) if f.init and isinstance(f.default, bool)]


class StackedRandom(random.Random):
    """A Random whose shuffle puts a chosen order in place (the same cards, or it refuses)."""

    def __init__(self, order: Sequence[int]) -> None:
        super().__init__(0)
        self.order = list(order)

    def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
        if Counter(x) != Counter(self.order):
            raise AssertionError("stacked order is not a rearrangement of the shoe being shuffled")
        x[:] = self.order


def cards(text: str) -> list[int]:
    """'8H KS 2D' -> card codes."""
    return [parse_card(token) for token in text.split()]


def stacked_order(
    rules: Rules,
    players: int,
    dealer: int,
    layouts: Sequence[str | Sequence[int]],
    discard: str | int,
    stock: str | Sequence[int] = "",
) -> list[int]:
    """The shoe order (top card last) that deals `layouts` (seat order), then `discard`, then `stock` (top first)."""
    grids = [parse_layout(g, rules.rows, rules.cols) if isinstance(g, str) else list(g) for g in layouts]
    if len(grids) != players or any(len(g) != rules.size for g in grids):
        raise AssertionError("one full layout per seat is needed")
    dealt_first: list[int] = []
    for position in range(rules.size):
        for offset in range(1, players + 1):
            dealt_first.append(grids[(dealer + offset) % players][position])
    dealt_first.append(parse_card(discard) if isinstance(discard, str) else discard)
    dealt_first.extend(cards(stock) if isinstance(stock, str) else stock)
    rest = Counter(rules.shoe_for(players))
    rest.subtract(Counter(dealt_first))
    if any(count < 0 for count in rest.values()):
        missing = [card for card, count in rest.items() if count < 0]
        raise AssertionError(f"the script uses cards the shoe does not hold enough of: {missing}")
    dealt_first.extend(sorted(rest.elements()))
    return dealt_first[::-1]


def scripted_hole(
    rules: Rules,
    layouts: Sequence[str | Sequence[int]],
    discard: str | int,
    stock: str | Sequence[int] = "",
    dealer: int | None = None,
    shuffle_seed: str = "scripted",
) -> HoleState:
    """A hole dealt with chosen cards. Default dealer: the last seat, so seat 0 moves first."""
    players = len(layouts)
    dealer = players - 1 if dealer is None else dealer
    order = stacked_order(rules, players, dealer, layouts, discard, stock)
    return HoleState.deal(rules, players, dealer, StackedRandom(order), shuffle_seed)


def play(state: HoleState, *moves: str) -> HoleState:
    """Apply moves written as text ('draw', 'swap 3', 'flip 1', ...)."""
    for move in moves:
        state.apply_action(parse_action(move))
    return state


def reveal_openings(state: HoleState, positions: Sequence[int] = (1, 2, 3)) -> HoleState:
    """Every seat turns up the first positions (1-based) it is allowed to, until play starts."""
    while state.phase == OPENING:
        legal = state.legal_actions()
        wanted = [a for a in legal if a - A.FLIP + 1 in positions] or legal
        state.apply_action(wanted[0])
    return state


def snapshot(state: HoleState) -> tuple[object, ...]:
    """Every field of a hole, copied, for 'nothing changed' and 'clone equals original' checks."""
    out: list[object] = []
    for name in _STATE_FIELDS:
        value = getattr(state, name)
        if name == "layouts":
            value = tuple(map(tuple, value))
        elif type(value) is list:
            value = tuple(value)
        out.append(value)
    return tuple(out)


# Caches (slots named with a leading underscore) are not part of the state.
_STATE_FIELDS = tuple(name for name in HoleState.__slots__ if not name.startswith("_"))


def random_rules(rng: random.Random, fixed: Mapping[str, object] | None = None) -> Rules:
    """A random but valid combination of options (the turn limit often small, to reach it); the choice and on/off
    options in `fixed` take the value given there instead of a random one."""
    options: dict[str, object] = {key: rng.choice(choices) for key, choices in CHOICES.items()}
    options.update({key: rng.random() < 0.4 for key in BOOL_KEYS})
    options["tie_counts_as_lowest"] = rng.random() < 0.7
    options.update(fixed or {})
    options["jokers_per_deck"] = rng.choice([0, 0, 1, 2])
    options["decks"] = rng.choice(["auto", "auto", 1, 2, 3])
    size = {"2x2": 4, "2x3": 6, "2x4": 8, "3x3": 9}[options["layout"]]  # type: ignore[index]
    options["initial_reveals"] = rng.choice([0, 1, 2, 2, 3, size])
    options["initial_reveals"] = min(options["initial_reveals"], size)  # type: ignore[type-var]
    options["joker_pair_value"] = rng.choice(["none", "none", -4, 0, 3])
    options["turn_limit"] = rng.choice([240, 240, rng.randint(1, 30)])
    options["holes"] = rng.randint(1, 3)
    for rank in ("A", "2", "5", "10", "J", "Q", "K", "JK"):
        if rng.random() < 0.25:
            options[f"values.{rank}"] = rng.randint(-5, 12)
    return Rules().with_options(options)


def seat_count(rules: Rules, rng: random.Random) -> int:
    players = rng.choice([2, 2, 3, 4, 5, 6])
    while players > 2:
        try:
            rules.check_players(players)
            break
        except ValueError:
            players -= 1
    return players
