"""Whether the cards of an example could lie on one table: every card in its rules' decks, none more often
than the decks hold it, for as many players as the example shows (at least two: a game needs two)."""

from __future__ import annotations

from collections import Counter

from sixcardgolf.cards import format_card
from sixcardgolf.rules import Rules

from .markers import MarkerError


def check_deck(rules: Rules, layouts: list[list[int]]) -> None:
    players = max(len(layouts), 2)
    held = Counter(rules.shoe_for(players))
    used = Counter(card for layout in layouts for card in layout)
    for card, count in sorted(used.items()):
        if count > held[card]:
            raise MarkerError(
                f"card {format_card(card)} is written {count} time{'s' if count > 1 else ''}, but a table of {players} players under these "
                f"rules (decks={rules.decks_for(players)}, jokers_per_deck={rules.jokers_per_deck}) holds "
                f"{held[card]}: the example could not happen"
            )
