"""The deal's fast parts give exactly what the plain ways give: the shuffle, the shoe and the decks per table."""

from __future__ import annotations

import random

import pytest

from sixcardgolf import load_preset, preset_names
from sixcardgolf.cards import CARDS_PER_DECK, JOKER, build_shoe, shuffle
from sixcardgolf.rules import AUTO_DECKS, AUTO_DECKS_3X3, MAX_PLAYERS, MIN_PLAYERS


@pytest.mark.parametrize("size", [1, 2, 3, 52, 54, 104, 108, 156, 162])
def test_the_shuffle_gives_the_order_random_shuffle_gives(size: int) -> None:
    for seed in [*range(40), "sixcardgolf/7/hole3", 2**70]:
        expected, got = list(range(size)), list(range(size))
        plain, fast = random.Random(seed), random.Random(seed)
        plain.shuffle(expected)
        shuffle(got, fast)
        assert got == expected and fast.getstate() == plain.getstate()  # the same numbers drawn, no more


def test_a_random_subclass_keeps_its_own_shuffle() -> None:
    class Reversing(random.Random):
        def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
            x.reverse()

    cards = [1, 2, 3]
    shuffle(cards, Reversing(1))
    assert cards == [3, 2, 1]


def test_every_shoe_is_a_new_list_of_every_card() -> None:
    first = build_shoe(2, 1)
    assert first == ([*range(CARDS_PER_DECK), JOKER]) * 2
    first.clear()
    assert len(build_shoe(2, 1)) == 2 * (CARDS_PER_DECK + 1)


@pytest.mark.parametrize("name", preset_names())
def test_the_decks_per_table_follow_the_deck_table(name: str) -> None:
    rules = load_preset(name)
    table = AUTO_DECKS_3X3 if rules.layout == "3x3" else AUTO_DECKS
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        expected = next(decks for most, decks in table if players <= most) if rules.decks == "auto" else rules.decks
        assert rules.decks_for(players) == expected
        assert len(rules.shoe_for(players)) == expected * (CARDS_PER_DECK + rules.jokers_per_deck)
    fixed = rules.with_options({"decks": 3})
    assert [fixed.decks_for(p) for p in (MIN_PLAYERS, MAX_PLAYERS, MAX_PLAYERS + 1)] == [3, 3, 3]
