"""The option schema (options.py): the rules value, its checks and the door's catalogue all follow it."""

from __future__ import annotations

import dataclasses
import typing

import pytest

from sixcardgolf import Rules, RulesError, options
from support.door import result


def test_the_rules_value_has_one_field_per_option_in_the_schema_order() -> None:
    fields = [field.name for field in dataclasses.fields(Rules) if field.init]
    assert fields == [option.key for option in options.OPTIONS]


def test_every_choice_field_is_typed_with_exactly_the_schema_choices() -> None:
    """The Literal types that mypy checks name the same values the rules value accepts at run time."""
    hints = typing.get_type_hints(Rules)
    for option in options.OPTIONS:
        if option.kind == "choice":
            assert typing.get_args(hints[option.key]) == option.choices, option.key
    assert options.LAYOUT.choices == tuple(options.LAYOUTS)


@pytest.mark.parametrize("option", [o for o in options.OPTIONS if o.kind == "choice"], ids=lambda o: o.key)
def test_a_choice_option_takes_its_choices_and_nothing_else(option: options.Option[object]) -> None:
    for value in option.choices:
        assert Rules().with_options({option.key: value}).to_dict()[option.key] == value
    with pytest.raises(RulesError):
        Rules().with_options({option.key: "not-a-choice"})


@pytest.mark.parametrize("option", [o for o in options.OPTIONS if o.kind == "int"], ids=lambda o: o.key)
def test_an_int_option_takes_its_limits_and_refuses_one_past_them(option: options.Option[object]) -> None:
    # initial_reveals is also bounded by the layout's size: the 3x3 layout has room for its highest value.
    base = Rules(layout="3x3")
    for value in (option.low, option.high):
        assert base.with_options({option.key: value}).to_dict()[option.key] == value
    for value in (option.low - 1, option.high + 1):
        with pytest.raises(RulesError):
            base.with_options({option.key: value})


def catalogue(lang: str = "en") -> dict[str, dict[str, object]]:
    return {entry["key"]: entry for entry in result("options_catalogue", lang=lang)}


def test_the_catalogue_offers_every_deck_count_the_rules_allow_and_no_other() -> None:
    """The Custom panel's deck choices are the schema's: auto and every count up to MAX_DECKS (it offered 1 to 3)."""
    offered = [choice["value"] for choice in catalogue()["decks"]["choices"]]  # type: ignore[union-attr]
    allowed = ["auto"]
    for count in range(0, 3 * options.MAX_DECKS):
        try:
            Rules(decks=count)
        except RulesError:
            continue
        allowed.append(count)  # type: ignore[arg-type]
    assert offered == allowed
    assert offered[-1] == options.MAX_DECKS


def test_the_catalogue_kinds_follow_the_schema() -> None:
    entries = catalogue("ja")
    assert list(entries) == list(options.OPTION_KEYS)
    for key, entry in entries.items():
        option = options.option_of(key)
        assert option is not None
        if option.kind == "choice":
            assert entry["kind"] == "choice"
            assert [c["value"] for c in entry["choices"]] == list(option.choices)  # type: ignore[attr-defined]
        elif option.kind == "bool":
            assert entry["kind"] == "bool"
        elif option.kind in ("int", "card_values"):
            assert entry["kind"] == "int" and "choices" not in entry
    # Every value a panel offers is one the rules value takes, written as Rules.to_dict writes it.
    for key, entry in entries.items():
        for choice in entry.get("choices", []):  # type: ignore[attr-defined]
            assert Rules().with_options({key: choice["value"]}).to_dict()[key] == choice["value"]
