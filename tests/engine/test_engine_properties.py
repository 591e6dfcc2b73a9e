"""Hypothesis properties of the rules value and of scoring."""

from __future__ import annotations

import json

import golf_reference as ref
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from sixcardgolf import OPTION_KEYS, Rules, RulesError, score_layout, score_table
from sixcardgolf.cards import JACK_RANK, JOKER
from sixcardgolf.options import CHOICES, LAYOUTS
from sixcardgolf.scoring import visible_points

BOOL_KEYS = sorted(k for k, v in Rules().to_dict().items() if isinstance(v, bool))


@st.composite
def rules_values(draw: st.DrawFn) -> Rules:
    options: dict[str, object] = {}
    for key, choices in CHOICES.items():
        if draw(st.booleans()):
            options[key] = draw(st.sampled_from(choices))
    for key in BOOL_KEYS:
        if draw(st.booleans()):
            options[key] = draw(st.booleans())
    for rank in ("A", "2", "3", "10", "J", "Q", "K", "JK"):
        if draw(st.booleans()):
            options[f"values.{rank}"] = draw(st.integers(-10, 15))
    options["jokers_per_deck"] = draw(st.integers(0, 2))
    options["decks"] = draw(st.sampled_from(["auto", 1, 2, 3]))
    options["joker_pair_value"] = draw(st.sampled_from(["none", -4, 0, 2]))
    options["turn_limit"] = draw(st.integers(1, 500))
    options["holes"] = draw(st.integers(1, 18))
    size = LAYOUTS[str(options.get("layout", "2x3"))]
    options["initial_reveals"] = draw(st.integers(0, size[0] * size[1]))
    return Rules().with_options(options)


@given(rules_values())
def test_rules_round_trip_through_json(rules: Rules) -> None:
    text = json.dumps(rules.to_dict())
    assert Rules.from_dict(json.loads(text)) == rules
    assert sorted(json.loads(text)) == sorted(OPTION_KEYS)  # every key, nothing else


@given(st.text(min_size=1, max_size=20))
def test_unknown_keys_are_rejected_naming_the_key(key: str) -> None:
    assume(key not in OPTION_KEYS and key != "values")
    assume(not (key.startswith("values.") and key.split(".", 1)[1].upper() in {"A", "J", "Q", "K", "JK", "T"}))
    assume(not (key.startswith("values.") and key.split(".", 1)[1] in {str(n) for n in range(2, 11)}))
    with pytest.raises(RulesError) as caught:
        Rules().with_options({key: 1})
    assert repr(key) in str(caught.value)


# -- scoring -------------------------------------------------------------------------------------------


@st.composite
def scored_layouts(draw: st.DrawFn, layout: str | None = None) -> tuple[Rules, list[int]]:
    rules = draw(rules_values())
    if layout is not None:
        rules = rules.with_options({"layout": layout, "initial_reveals": 0})
    cards = draw(st.lists(st.integers(0, JOKER), min_size=rules.size, max_size=rules.size))
    return rules, cards


def swap_columns(rules: Rules, cards: list[int], order: list[int]) -> list[int]:
    out = list(cards)
    for new, old in enumerate(order):
        for r in range(rules.rows):
            out[r * rules.cols + new] = cards[r * rules.cols + old]
    return out


@given(scored_layouts(), st.randoms(use_true_random=False))
def test_permuting_columns_never_changes_the_score(case: tuple[Rules, list[int]], rnd: object) -> None:
    rules, cards = case
    order = list(range(rules.cols))
    rnd.shuffle(order)  # type: ignore[attr-defined]
    assert score_layout(rules, swap_columns(rules, cards, order)).total == score_layout(rules, cards).total


@given(scored_layouts())
def test_reordering_cards_within_each_column_never_changes_the_score(case: tuple[Rules, list[int]]) -> None:
    rules, cards = case
    flipped = [cards[(rules.rows - 1 - p // rules.cols) * rules.cols + p % rules.cols] for p in range(rules.size)]
    assert score_layout(rules, flipped).total == score_layout(rules, cards).total


@given(scored_layouts(), st.lists(st.integers(0, 3), min_size=9, max_size=9))
def test_suits_never_matter_except_for_one_eyed_jacks(case: tuple[Rules, list[int]], suits: list[int]) -> None:
    rules, cards = case
    resuited = [c if c == JOKER else (c // 4) * 4 + suits[p] for p, c in enumerate(cards)]
    if rules.one_eyed_jacks:  # jacks keep their suits; every other card may change
        resuited = [c if c != JOKER and c // 4 == JACK_RANK else r for c, r in zip(cards, resuited, strict=True)]
    assert score_layout(rules, resuited).total == score_layout(rules, cards).total


@given(scored_layouts())
def test_pairs_off_is_the_plain_sum_of_card_values(case: tuple[Rules, list[int]]) -> None:
    rules, cards = case
    rules = rules.with_options({"pairs": "off"})
    assert score_layout(rules, cards).card_points == sum(ref.value(rules, c) for c in cards)


@given(scored_layouts())
def test_scoring_matches_the_brute_force_reference(case: tuple[Rules, list[int]]) -> None:
    rules, cards = case
    # Alone, a layout gets only the bonuses that need no other player; as a table of one, every bonus.
    assert score_layout(rules, cards).total == ref.hole_score(rules, cards)
    assert score_table(rules, [cards])[0].total == ref.totals(rules, [cards])[0]


@settings(max_examples=60)
@given(st.data())
def test_table_scores_match_the_reference_for_any_went_out_and_knocker(data: st.DataObject) -> None:
    rules = data.draw(rules_values())
    players = data.draw(st.integers(2, 5))
    tables = [
        data.draw(st.lists(st.integers(0, JOKER), min_size=rules.size, max_size=rules.size)) for _ in range(players)
    ]
    went_out = data.draw(st.none() | st.integers(0, players - 1))
    knocked = data.draw(st.none() | st.integers(0, players - 1))
    got = [s.total for s in score_table(rules, tables, went_out, knocked)]
    assert got == ref.totals(rules, tables, went_out, knocked)


@given(scored_layouts())
def test_with_every_card_face_up_the_visible_score_is_the_card_points(case: tuple[Rules, list[int]]) -> None:
    rules, cards = case
    assert visible_points(rules, cards) == score_layout(rules, cards).card_points


@given(scored_layouts(), st.integers(0, 511))
def test_visible_score_matches_the_reference(case: tuple[Rules, list[int]], mask: int) -> None:
    rules, cards = case
    shown = [c if mask >> p & 1 else None for p, c in enumerate(cards)]
    assert visible_points(rules, shown) == ref.visible(rules, cards, mask)
