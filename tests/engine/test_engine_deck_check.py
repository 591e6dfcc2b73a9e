"""The engine's one card check (sixcardgolf.deck_check): layouts that no deal under the rules could produce.

Every entry of hand-written cards (the browser's door, the command line, the sheets' and the site's examples)
goes through it, so these tests pin what it refuses, that every refusal names the player, the position and
the card in both languages, and that it never refuses a real deal.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sixcardgolf import HoleState, NotationError, load_preset, parse_layout, preset_names, score_table
from sixcardgolf.deck_check import LayoutError, check_layouts, read_layouts, read_table
from sixcardgolf.rules import Rules

BASIC = load_preset("basic")


def problems(rules: Rules, *texts: str, players: int | None = None) -> list[tuple[tuple[tuple[int, int], ...], str]]:
    return [(p.places, p.en) for p in read_table(rules, texts, players).problems]


def test_the_same_card_twice_at_a_one_deck_table_names_both_players_positions_and_the_card() -> None:
    with pytest.raises(LayoutError) as caught:
        read_layouts(BASIC, ["8H KS 2D / 8C AS 5H", "QH 7S 9D / 3C 8H KH"])
    error = caught.value
    assert isinstance(error, NotationError)  # a GolfError like every bad input, so every door reports it
    assert [p.places for p in error.problems] == [((1, 1), (2, 5))]
    assert "8♥ is written 2 times (Player 1 at position 1; Player 2 at position 5)" in str(error)
    assert "holds only 1" in str(error)
    assert "8♥が2枚あります（プレイヤー1の1番、プレイヤー2の5番）" in error.message("ja")


def test_copies_are_counted_against_the_decks_for_the_table_size() -> None:
    two_of_a_card = ["8H KS 2D / 8C AS 5H", "8H QS 3D / 4C 9S 7H"]
    assert problems(BASIC, *two_of_a_card)  # 2 players: one deck
    assert problems(BASIC, *two_of_a_card, players=5) == []  # 5 players: two decks
    three = [*two_of_a_card, "8H JS 4D / 6C 10S 7C"]
    [(places, text)] = problems(BASIC, *three, players=5)
    assert places == ((1, 1), (2, 1), (3, 1)) and "the 2 decks for 5 players hold only 2" in text


def test_a_joker_under_rules_without_jokers_is_refused_where_it_lies() -> None:
    [(places, text)] = problems(BASIC, "8H KS 2D / 8C JK 5H")
    assert places == ((1, 5),)
    assert text.startswith("Player 1, position 5: these rules use no jokers")
    ja = read_table(BASIC, ["8H KS 2D / 8C JK 5H"]).problems[0].message("ja")
    assert ja.startswith("プレイヤー1の5番：") and "ジョーカー" in ja and "JK" not in ja.split("：", 1)[1]


def test_jokers_are_counted_per_deck() -> None:
    jokers = load_preset("jokers")
    assert jokers.jokers_per_deck == 2
    assert problems(jokers, "JK JK 2D / 8C AS 5H") == []
    [(places, text)] = problems(jokers, "JK JK 2D / 8C AS 5H", "JK QS 3D / 4C 9S 7H")
    assert places == ((1, 1), (1, 2), (2, 1)) and text.startswith("The joker is written 3 times")
    assert problems(jokers, "JK JK 2D / 8C AS 5H", "JK QS 3D / 4C 9S 7H", players=5) == []


def test_a_card_written_by_rank_alone_scores_like_any_copy_of_it() -> None:
    table = read_layouts(BASIC, ["8 K 2 / 8 A 5"])  # the seeds' worked example, suits left out
    assert table.written == (("8", "K", "2", "8", "A", "5"),)
    [score] = score_table(BASIC, [list(table.layouts[0])])
    assert score.total == 4
    # Each takes a copy the deck still holds: the two eights are different cards.
    assert len(set(table.layouts[0])) == 6


def test_ranks_written_alone_still_count_against_the_decks() -> None:
    [(places, text)] = problems(BASIC, "8 8 8 / 8H 8 A")
    assert len(places) == 5 and text.startswith("Rank 8 is written 5 times") and "holds only 4" in text
    assert problems(BASIC, "8 8 8 / 8 A A") == []
    # Four suited eights leave no copy for a fifth written without its suit.
    assert problems(BASIC, "8S 8H 8D / 8C 8 A")


def test_with_one_eyed_jacks_a_jack_needs_its_suit() -> None:
    rules = BASIC.with_options({"one_eyed_jacks": True})
    [(places, text)] = problems(rules, "J K 2 / 8 A 5")
    assert places == ((1, 1),) and "write this jack's suit" in text
    table = read_layouts(rules, ["JH K 2 / 8 A 5"])
    assert score_table(rules, [list(table.layouts[0])])[0].groups[0].points == 0 + 8
    assert problems(BASIC, "J K 2 / 8 A 5") == []  # without them the suit of a jack changes nothing


def test_a_bad_card_names_the_player_and_the_position() -> None:
    [(places, text)] = problems(BASIC, "8H KS 2D / 8C AS 5H", "QH 7S 9D / QC KX KH")
    assert places == ((2, 5),)
    assert text.startswith("Player 2, position 5: card 'KX' is not a card")
    assert (
        read_table(BASIC, ["8H KS 2D / 8C AS 5H", "QH 7S 9D / QC KX KH"])
        .problems[0]
        .message("ja")
        .startswith("プレイヤー2の5番：「KX」")
    )


def test_an_incomplete_layout_counts_its_missing_cards_and_a_wrong_shape_is_a_problem() -> None:
    table = read_table(BASIC, ["8H KS 2D / 8C", "", "QH 7S 9D / QC 3S KH"])
    assert table.missing == (2, 6, 0) and table.problems == () and not table.complete
    with pytest.raises(LayoutError) as caught:
        read_layouts(BASIC, ["8H KS 2D / 8C", "", "QH 7S 9D / QC 3S KH"])
    assert [p.places for p in caught.value.problems] == [((1, 0),), ((2, 0),)]
    assert "Player 2: no cards are written" in str(caught.value)
    [(places, text)] = problems(BASIC, "8H KS 2D 8C AS 5H")
    assert places == ((1, 0),) and "Player 1: layout '8H KS 2D 8C AS 5H' is 1x6, but these rules deal 2x3" in text
    [(places, _)] = problems(BASIC, "8H KS 2D 9D / 8C AS")
    assert places == ((1, 0),)  # a row longer than the rules' rows cannot be finished


def test_check_layouts_refuses_the_wrong_number_of_cards_and_impossible_codes() -> None:
    good = parse_layout("8H KS 2D / 8C AS 5H", 2, 3)
    check_layouts(BASIC, [good])
    with pytest.raises(LayoutError, match="Player 1 has 5 cards, but these rules deal 6"):
        check_layouts(BASIC, [good[:5]])
    with pytest.raises(LayoutError, match="Player 2, position 1: these rules use no jokers"):
        check_layouts(BASIC, [good, [52, *good[1:]]])
    with pytest.raises(LayoutError, match=r"Player 1, position 6: card code 99 is not a card"):
        check_layouts(BASIC, [[*good[:5], 99]])
    with pytest.raises(LayoutError, match="K♠ is written 2 times"):
        check_layouts(BASIC, [good, good])


def test_too_many_players_for_the_decks_is_a_problem_of_the_table() -> None:
    rules = BASIC.with_options({"layout": "3x3", "decks": 1})
    layouts = ["A A A / A 2 2 / 2 2 3"] * 6
    found = read_table(rules, layouts).problems
    assert found[0].places == () and "need at least" in found[0].en


@given(st.sampled_from(preset_names()), st.integers(2, 8), st.integers(0, 2**32))
def test_every_real_deal_passes(preset: str, players: int, seed: int) -> None:
    rules = load_preset(preset)
    hole = HoleState.deal(rules, players, dealer=0, rng=random.Random(seed))
    check_layouts(rules, hole.layouts, players)


def test_a_question_mark_holds_the_place_of_a_card_not_entered_yet() -> None:
    table = read_table(BASIC, ["8H ? 2D / 8C AS ?"])
    assert table.missing == (2,) and table.problems == ()
    [(places, _)] = problems(BASIC, "8H ? JK / 8C AS ?")
    assert places == ((1, 3),)  # the joker keeps its own position, after the empty one
    with pytest.raises(LayoutError) as caught:
        read_layouts(BASIC, ["8H ? 2D / 8C AS ?"])
    assert [p.places for p in caught.value.problems] == [((1, 2), (1, 6))]
    assert "Player 1: no card yet at positions 2 and 6 (?)" in str(caught.value)
    assert "プレイヤー1：2・6番のカードがまだ入っていません" in caught.value.message("ja")


def test_cards_of_a_layout_still_being_written_keep_their_grid_positions() -> None:
    # Row 1 is still short: the second row's cards are at positions 4 and 5 all the same.
    [(places, _)] = problems(BASIC, "8H / 8C JK")
    assert places == ((1, 5),)
