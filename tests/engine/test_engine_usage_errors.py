"""Bad call arguments raise UsageError (a GolfError, so a ValueError) naming the input, in English and Japanese."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from sixcardgolf import HoleState, Match, Rules, load_preset, score_table
from sixcardgolf.ai import make_player, make_policy
from sixcardgolf.errors import LANGS, GolfError, RulesError, UsageError, check_lang
from sixcardgolf.option_text import option_label
from sixcardgolf.simulate import check_ai_names, simulate
from sixcardgolf.text.describe_common import lang_index

BASIC = load_preset("basic")

CASES: dict[str, tuple[Callable[[], object], str]] = {
    "seed of a match": (lambda: Match(BASIC, 2, "7"), "seed '7'"),  # type: ignore[arg-type]
    "dealer off the table": (lambda: HoleState.deal(BASIC, 3, 3, random.Random(1)), "dealer seat 4"),
    "layout of the wrong size": (lambda: score_table(BASIC, [[1, 2, 3]]), "has 3 cards"),
    "went-out seat off the table": (lambda: score_table(BASIC, [list(range(6))], went_out=2), "player 3"),
    "unknown policy": (lambda: make_policy("expert", 1), "'expert'"),
    "unknown player": (lambda: make_player("expert", 1), "'expert'"),
    "one name too many": (lambda: check_ai_names(["random", "random", "random"], 2), "3 computer players"),
    "games": (lambda: simulate(BASIC, 2, 0, 1, ["random"]), "games 0"),
    "language": (lambda: check_lang("fr"), "'fr'"),
    "language of a label": (lambda: option_label("knock", "de"), "'de'"),
    "language of a statement": (lambda: lang_index("EN"), "'EN'"),
}


@pytest.mark.parametrize("case", CASES)
def test_a_bad_argument_is_a_usage_error_that_names_it_in_both_languages(case: str) -> None:
    call, named = CASES[case]
    with pytest.raises(UsageError) as error:
        call()
    assert named in str(error.value)
    assert (
        error.value.ja and error.value.message("ja") == error.value.ja and error.value.message("en") != error.value.ja
    )
    assert isinstance(error.value, GolfError) and not isinstance(error.value, RulesError)


def test_a_table_the_rules_cannot_deal_for_stays_a_rules_error() -> None:
    with pytest.raises(RulesError):
        Rules(layout="3x3", decks=1).check_players(6)


def test_the_languages_are_english_then_japanese() -> None:
    assert LANGS == ("en", "ja") and [check_lang(lang) for lang in LANGS] == ["en", "ja"]
