"""The game at a glance (sixcardgolf.text.overview): the summary paragraph, the ten points in brief,
the table size and the worked example, for presets and for house rules, in both languages."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sixcardgolf import Rules, load_preset, preset_names
from sixcardgolf.deck_check import check_layouts
from sixcardgolf.text.overview import example_layout, in_brief, summary_paragraph, table_size, values_in_brief

BASIC = load_preset("basic")


def test_the_basic_game_in_brief_says_what_the_one_page_printable_says() -> None:
    # The ten points of a one-page printable of the basic game (seeds/004), as the engine words them.
    points = in_brief(BASIC, "en")
    assert points[0] == "Deal 6 each, face down, 2 rows of 3"
    assert points[1] == "Turn any 2 of your cards face up before play"
    assert points[7] == "A = 1, 2 = −2, 3–10 face value, J/Q = 10, K = 0"
    assert points[8] == "Same rank in the same column = 0"
    assert points[9].startswith("9 holes, lowest total wins")


def test_the_summary_paragraph_tells_the_whole_game() -> None:
    text = summary_paragraph(BASIC, "en")
    for part in ("six cards face down in two rows of three", "turns any two face up", "stock or the discard pile",
                 "everyone else gets one last turn", "after nine holes the lowest total wins"):  # fmt: skip
        assert part in text
    ja = summary_paragraph(BASIC, "ja")
    for part in ("6枚", "2行3列", "好きな2枚", "9ホールの合計"):
        assert part in ja


OPTION_MIXES = st.fixed_dictionaries(
    {},
    optional={
        "layout": st.sampled_from(["2x2", "2x3", "2x4", "3x3"]),
        "peek": st.booleans(),
        "knock": st.booleans(),
        "flip_as_action": st.booleans(),
        "flip_on_discard": st.sampled_from(["never", "always", "endgame", "optional"]),
        "end_of_hole": st.sampled_from(["final_turns", "immediate"]),
        "pairs": st.sampled_from(["column", "off", "anywhere"]),
        "jokers_per_deck": st.integers(0, 2),
        "one_eyed_jacks": st.booleans(),
        "discard_pickup_must_swap": st.booleans(),
        "holes": st.integers(1, 18),
        "ties": st.sampled_from(["shared", "playoff"]),
        "values.K": st.integers(-5, 10),
        "four_of_a_kind": st.booleans(),
    },
)


@given(st.sampled_from(preset_names()), OPTION_MIXES)
def test_every_rules_value_gets_ten_points_and_a_summary_in_both_languages(preset: str, options: dict) -> None:
    rules = load_preset(preset).with_options(options)
    for lang in ("en", "ja"):
        points = in_brief(rules, lang)
        assert len(points) == 10 and all(points)
        summary = summary_paragraph(rules, lang)
        assert summary.endswith("。" if lang == "ja" else ".")
    for point in in_brief(rules, "ja"):
        assert not re.search(r"[:()]", point), point  # full-width punctuation in Japanese
    check_layouts(rules, [example_layout(rules)])


@pytest.mark.parametrize(
    ("options", "index", "english", "japanese"),
    [
        ({"knock": True}, 2, "or knock", "ノック"),
        ({"flip_as_action": True}, 2, "turn a card up", "1枚表にする"),
        ({"peek": True}, 1, "Peek at any 2 of your cards", "のぞき見"),
        ({"initial_reveals": 0}, 1, "All your cards start face down", "裏向き"),
        ({"discard_pickup_must_swap": False}, 3, "may go straight back", "捨て直しても"),
        ({"flip_on_discard": "always"}, 4, "discard it and turn a card up", "捨てて1枚表に"),
        ({"end_of_hole": "immediate"}, 6, "the hole ends at once", "その場で終わります"),
        ({"values.K": -2}, 7, "K = −2", "K＝−2"),
        ({"one_eyed_jacks": True}, 7, "J♠/J♥ = 0", "J♠・J♥＝0"),
        ({"jokers_per_deck": 1}, 7, "Joker = −2", "ジョーカー＝−2"),
        ({"layout": "3x3"}, 8, "A column of 3 equal ranks = 0", "列の3枚"),
        ({"pairs": "anywhere"}, 8, "anywhere", "どこにあっても"),
        ({"pairs": "off"}, 8, "No pairs", "ペアはなく"),
        ({"holes": 18}, 9, "18 holes", "18ホール"),
        ({"ties": "playoff"}, 9, "a tie plays one more hole", "もう1ホール"),
    ],
)
def test_each_point_follows_its_option(options: dict, index: int, english: str, japanese: str) -> None:
    rules = BASIC.with_options(options)
    assert english in in_brief(rules, "en")[index]
    assert japanese in in_brief(rules, "ja")[index]
    assert in_brief(rules, "en")[index] != in_brief(BASIC, "en")[index]


def test_values_in_brief_follow_the_rules_values() -> None:
    assert values_in_brief(load_preset("jokers"), "en") == "A = 1, 2–10 face value, J/Q = 10, K = 0, Joker = −2"
    assert values_in_brief(BASIC, "ja") == "A＝1、2＝−2、3〜10＝数字どおり、J・Q＝10、K＝0"
    changed = BASIC.with_options({"values.5": 0, "values.K": 10})
    assert values_in_brief(changed, "en") == "A = 1, 2 = −2, 3–4 face value, 5 = 0, 6–10 face value, J–K = 10"


def test_table_size_follows_the_deck_table() -> None:
    # RULES.md §2: one deck for 2–4 players, two for 5–8; on 3x3, two decks from 4 players.
    assert table_size(BASIC).deck_runs == ((2, 4, 1), (5, 8, 2))
    assert table_size(load_preset("nine-card")).deck_runs == ((2, 3, 1), (4, 8, 2))
    one_deck_nine = Rules.from_dict({"layout": "3x3", "decks": 1})
    assert table_size(one_deck_nine).players == (2, 3, 4, 5)  # 6 x 9 + 2 cards are more than 52
