"""The estimator's expectations against brute force over the unseen cards, scored by the engine,
and sampled deals that the deciding seat cannot tell from the real one."""

from __future__ import annotations

import random

import pytest

from sixcardgolf import HoleState, Rules, load_preset, preset_names
from sixcardgolf.ai import make_policy
from sixcardgolf.ai.estimate import UNKNOWN, Estimator, unseen_counts
from sixcardgolf.ai.seat_view import sample_world, seen_cards
from sixcardgolf.observation import observe
from sixcardgolf.scoring import hole_points
from support.scripted import position, seat_view


def brute_force(rules: Rules, cards: list[int], counts: list[int]) -> float:
    """Mean hole score over every unseen card in the single unknown position, weighted by copies."""
    position = cards.index(UNKNOWN)
    total = weight = 0
    for card, copies in enumerate(counts):
        if copies:
            filled = cards[:]
            filled[position] = card
            total += copies * hole_points(rules, filled)
            weight += copies
    return total / weight


@pytest.mark.parametrize(
    ("options", "layout"),
    [
        ({}, "QH 4D? 8C / QS 5H 2D"),
        ({"negative_pairs_keep_value": True}, "2H 4D 8C / 2S? 5H 2D"),
        ({"jokers_per_deck": 2, "joker_pair_value": -6}, "JK 4D 8C / JK? 5H 2D"),
        ({"jokers_per_deck": 2, "joker_pairs": "never"}, "JK 4D 8C / JK? 5H 2D"),
        ({"one_eyed_jacks": True}, "JH 4D 8C / JS? 5H 2D"),
        ({"pairs": "off"}, "QH 4D? 8C / QS 5H 2D"),
        ({"layout": "3x3", "initial_reveals": 3}, "8H 4D 6C / 8S 5H 2D / 8D? 9C 7S"),
        ({"layout": "2x2"}, "9H 4D / 9S? 5H"),
    ],
)
def test_one_unknown_card_is_priced_at_its_exact_expectation(options: dict[str, object], layout: str) -> None:
    rules = Rules().with_options(options)
    state = position(rules, [layout, "AS? 3C? " + " ".join(["6S?"] * 0) + _filler(rules)], "KC")
    obs = seat_view(state)
    cards = list(obs.layouts[0])
    counts = unseen_counts(rules, 2, seen_cards(obs))
    estimator = Estimator(rules, counts, 0.0)
    assert estimator.layout_estimate(cards) == pytest.approx(brute_force(rules, cards, counts))


def _filler(rules: Rules) -> str:
    """Face-down cards completing the second layout (ranks unused by the cases above)."""
    spare = ["6D?", "7D?", "6H?", "7H?", "3H?", "3S?", "4C?"]
    return " ".join(spare[: rules.size - 2])


def test_a_full_layout_is_scored_by_the_engine_with_its_adjustments() -> None:
    rules = load_preset("house-party")
    cards = [40, 41, 49, 42, 43, 50]  # J J K / J J K: two jack pairs (four of a kind, wolfpack), king pair
    estimator = Estimator(rules, unseen_counts(rules, 2, cards), 0.5)
    assert estimator.layout_estimate(cards) == hole_points(rules, cards) == -40


@pytest.mark.parametrize("preset", preset_names())
def test_sampled_deals_look_the_same_from_the_deciding_seat(preset: str) -> None:
    rules = load_preset(preset)
    rng = random.Random(preset)
    for hole in range(3):
        players = 2 + hole
        state = HoleState.deal(rules, players, hole % players, random.Random(f"{preset}{hole}"), "x")
        policy = make_policy("normal", hole)
        while not state.is_over():
            seat = state.current_player()
            obs = observe(state, seat)
            counts = unseen_counts(rules, players, seen_cards(obs))
            pool = [card for card, copies in enumerate(counts) for _ in range(copies)]
            assert len(pool) == obs.stock_count + sum(layout.count(UNKNOWN) for layout in obs.layouts)
            world = sample_world(obs, pool, rng)
            assert observe(world, seat) == obs
            assert (
                sorted(world.stock + [c for layout in world.layouts for c in layout] + world.discard)
                == sorted(state.stock + [c for layout in state.layouts for c in layout] + state.discard)
                or state.held >= 0
            )
            state.apply_action(policy.choose(obs))


@pytest.mark.parametrize(("option", "bonus"), [("four_of_a_kind", 20), ("wolfpack", 20)])
def test_completing_a_second_pair_of_a_rank_earns_the_layout_adjustment(option: str, bonus: int) -> None:
    # Jacks: J/J is a pair already; a jack over the 2 in column 2 makes a second jack pair. By the rules that
    # column scores 0 instead of J + 2 = 10 - 2 = 8, so 8 points are saved, plus the adjustment's 20.
    cards = [40, 41, 47, 42, 5, 21]  # JS JH QC / JD 2H 6H
    plain = Rules()
    counts = unseen_counts(plain, 2, [*cards, 43])
    without = Estimator(plain, counts, 0.0).swap_gains(cards, 43)[4]
    with_rule = Estimator(plain.with_options({option: True}), counts, 0.0).swap_gains(cards, 43)[4]
    assert without == 10 + (-2) - 0 == 8
    assert with_rule - without == bonus
