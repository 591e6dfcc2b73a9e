"""The rules value and the presets (RULES.md §1-§3): facts checked by hand against the catalogue."""

from __future__ import annotations

import dataclasses
import json
from importlib import resources

import pytest

from sixcardgolf import OPTION_KEYS, Rules, RulesError, load_preset, preset_info, preset_names
from sixcardgolf.presets import presets_using

# RULES.md §3, copied by hand: the public contract of option keys.
CATALOGUE_KEYS = [
    "layout", "decks", "jokers_per_deck", "initial_reveals", "peek", "one_eyed_jacks", "pairs", "joker_pairs",
    "joker_pair_value", "negative_pairs_keep_value", "discard_pickup_must_swap", "flip_on_discard", "flip_as_action",
    "knock", "knock_penalty", "knock_reward_zero", "early_knock", "end_of_hole", "turn_limit", "four_of_a_kind",
    "wolfpack", "blackjack", "going_out_penalty", "going_out_bonus", "underdog_bonus", "tied_shame", "holes", "ties",
    "values.A", "values.2", "values.3", "values.4", "values.5", "values.6", "values.7", "values.8", "values.9",
    "values.10", "values.J", "values.Q", "values.K", "values.JK",
]  # fmt: skip

BASIC_DEFAULTS = {
    "layout": "2x3", "decks": "auto", "jokers_per_deck": 0, "initial_reveals": 2, "peek": False,
    "values.A": 1, "values.2": -2, "values.3": 3, "values.4": 4, "values.5": 5, "values.6": 6, "values.7": 7,
    "values.8": 8, "values.9": 9, "values.10": 10, "values.J": 10, "values.Q": 10, "values.K": 0, "values.JK": -2,
    "one_eyed_jacks": False, "pairs": "column", "joker_pairs": "match", "joker_pair_value": "none",
    "negative_pairs_keep_value": False, "discard_pickup_must_swap": True, "flip_on_discard": "never",
    "flip_as_action": False, "knock": False, "knock_penalty": "plus10", "knock_reward_zero": False,
    "early_knock": False, "end_of_hole": "final_turns", "turn_limit": 240, "four_of_a_kind": False, "wolfpack": False,
    "blackjack": False, "going_out_penalty": False, "going_out_bonus": False, "underdog_bonus": False,
    "tied_shame": False, "holes": 9, "ties": "shared",
}  # fmt: skip


def test_every_catalogue_option_key_is_a_key_of_the_rules_value() -> None:
    assert set(CATALOGUE_KEYS) <= set(OPTION_KEYS)
    extra = set(OPTION_KEYS) - set(CATALOGUE_KEYS)
    assert extra == {"tie_counts_as_lowest"}  # the one documented addition (RULES.md §6: ties for lowest)


def test_basic_has_the_catalogue_defaults() -> None:
    basic = load_preset("basic").to_dict()
    assert {key: basic[key] for key in BASIC_DEFAULTS} == BASIC_DEFAULTS
    assert load_preset("basic") == Rules()


def test_the_seven_required_presets_come_first_and_three_more_follow() -> None:
    required = ["basic", "immediate", "jokers", "speed", "four-card", "eight-card", "nine-card"]
    more = ["mobile-six", "lucky-swing", "house-party"]  # RULES.md §1 welcomes more; these are the ones made
    assert preset_names() == required + more


def preset_changes(name: str) -> dict[str, object]:
    data = load_preset(name).to_dict()
    return {key: value for key, value in data.items() if BASIC_DEFAULTS.get(key, value) != value}


def test_immediate_preset() -> None:
    assert preset_changes("immediate") == {"end_of_hole": "immediate", "discard_pickup_must_swap": False}


def test_jokers_preset() -> None:
    # 2 jokers (54 cards), jokers -2, twos +2, two jokers pair to 0.
    assert preset_changes("jokers") == {"jokers_per_deck": 2, "values.2": 2}
    rules = load_preset("jokers")
    assert rules.values[13] == -2 and rules.joker_pairs == "match" and rules.joker_pair_value is None
    assert len(rules.shoe_for(4)) == 54


def test_speed_preset() -> None:
    assert preset_changes("speed") == {"flip_on_discard": "always"}


def test_four_card_preset() -> None:
    # 2x2, 52 cards, no jokers, twos +2, peek at two, knock +10 when not lowest.
    assert preset_changes("four-card") == {
        "layout": "2x2", "peek": True, "values.2": 2, "knock": True, "end_of_hole": "immediate",
    }  # fmt: skip
    rules = load_preset("four-card")
    assert rules.initial_reveals == 2 and rules.knock_penalty == "plus10" and len(rules.shoe_for(2)) == 52


def test_eight_card_preset() -> None:
    # 2x4, 54 cards with 2 jokers at -2 that never pair, twos +2, no knock.
    changes = preset_changes("eight-card")
    assert changes == {"layout": "2x4", "jokers_per_deck": 2, "values.2": 2, "joker_pairs": "never",
                       "end_of_hole": "immediate"}  # fmt: skip
    assert load_preset("eight-card").values[13] == -2 and not load_preset("eight-card").knock


def test_nine_card_preset() -> None:
    assert preset_changes("nine-card") == {"layout": "3x3", "initial_reveals": 3}
    assert load_preset("nine-card").decks_for(4) == 2


def test_presets_are_data_files_read_as_they_are() -> None:
    folder = resources.files("sixcardgolf.preset_data")
    for name in preset_names():
        data = json.loads((folder / f"{name}.json").read_text(encoding="utf-8"))
        info = preset_info(name)
        assert info.options == data["options"] and info.rules == Rules().with_options(data["options"])
        assert set(info.title) == set(info.summary) == {"en", "ja"}


def test_presets_using_finds_presets_by_option() -> None:
    assert presets_using("layout", "2x2") == ["four-card"]
    assert "speed" in presets_using("flip_on_discard", "always")


@pytest.mark.parametrize("name", preset_names())
def test_every_preset_round_trips_through_json(name: str) -> None:
    rules = load_preset(name)
    assert Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules


def test_the_rules_value_is_immutable() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        Rules().layout = "3x3"  # type: ignore[misc]


def test_options_accept_command_line_text_and_a_nested_values_object() -> None:
    rules = Rules().with_options({"values.K": "-2", "knock": "true", "joker_pair_value": "-4", "decks": "2"})
    assert rules.values[12] == -2 and rules.knock is True and rules.joker_pair_value == -4 and rules.decks == 2
    assert Rules().with_options({"values": {"K": -2, "T": 1}}).values[9] == 1
    assert Rules().with_options({"values.T": 1}).values[9] == 1
    assert Rules().with_options({"joker_pair_value": "none"}).joker_pair_value is None


@pytest.mark.parametrize(
    ("options", "players", "message"),
    [
        ({"colour": "red"}, 2, "unknown option 'colour'"),
        ({"knok": True}, 2, "did you mean 'knock'"),
        ({"values.K": "zero"}, 2, "values.K = 'zero'.*whole number"),
        ({"values.K": 1.5}, 2, "values.K = 1.5"),
        ({"values.X": 1}, 2, "unknown option 'values.X'"),
        ({"layout": "4x4"}, 2, "layout = '4x4'.*2x2, 2x3, 2x4, 3x3"),
        ({"knock": "maybe"}, 2, "knock = 'maybe'.*true or false"),
        ({"jokers_per_deck": 3}, 2, "jokers_per_deck = 3"),
        ({"initial_reveals": 7}, 2, "initial_reveals = 7 is not allowed with layout 2x3"),
        ({"turn_limit": 0}, 2, "turn_limit = 0"),
        ({"decks": 0}, 2, "decks = 0"),
        ({"pairs": "diagonal"}, 2, "pairs = 'diagonal'.*column, off, anywhere"),
    ],
)
def test_invalid_options_are_errors_naming_key_value_and_what_is_allowed(
    options: dict[str, object], players: int, message: str
) -> None:
    with pytest.raises(RulesError, match=message):
        Rules().with_options(options)


def test_a_table_the_decks_cannot_deal_is_an_error_naming_the_cause() -> None:
    rules = Rules().with_options({"layout": "3x3", "decks": 1})
    with pytest.raises(RulesError, match=r"players 12 with layout 3x3 need at least 110 cards.*decks=1"):
        rules.check_players(12)
    with pytest.raises(RulesError, match="players 1"):
        Rules().check_players(1)
