"""Scoring: worked examples from the seeds and one test per card-value, pairing and adjustment rule.

Every expected number here is worked out by hand from RULES.md or the seeds (the
arithmetic is in the comments), never read back from the engine.
"""

from __future__ import annotations

import pytest

from sixcardgolf import Rules, load_preset, parse_layout, score_layout, score_table
from sixcardgolf.scoring import ADJUSTMENT_ORDER

BASIC = load_preset("basic")


def layout(rules: Rules, text: str) -> list[int]:
    return parse_layout(text, rules.rows, rules.cols)


def total(rules: Rules, text: str) -> int:
    return score_layout(rules, layout(rules, text)).total


def with_(rules: Rules = BASIC, **options: object) -> Rules:
    return rules.with_options({key.replace("__", "."): value for key, value in options.items()})


# -- worked examples --------------------------------------------------------------


def test_seed_000_example_scores_4_with_each_column_shown() -> None:
    # 8 K 2 over 8 A 5: left column a pair (0), middle 0 + 1, right -2 + 5.
    score = score_layout(BASIC, layout(BASIC, "8H KS 2D / 8C AS 5H"))
    assert [(g.positions, g.points, g.cancelled) for g in score.groups] == [
        ((0, 3), 0, True),
        ((1, 4), 1, False),
        ((2, 5), 3, False),
    ]
    assert score.card_points == 4 and score.total == 4 and score.adjustments == ()


def test_seed_001_example_scores_24() -> None:
    # 8 5 7 over 8 3 9: 0 + (5 + 3) + (7 + 9).
    assert total(BASIC, "8S 5D 7C / 8H 3S 9D") == 24


# -- card values ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "points"),
    [("AS", 1), ("2H", -2), ("3D", 3), ("7C", 7), ("10S", 10), ("JH", 10), ("QD", 10), ("KC", 0)],
)
def test_basic_card_values(card: str, points: int) -> None:
    # A lone card over a king (0) in a 2x2 layout of unpaired cards: column = the card's value.
    rules = with_(layout="2x2", pairs="off")
    assert total(rules, f"{card} KS / KH KD") == points


def test_joker_scores_minus_two_and_twos_plus_two_in_the_jokers_preset() -> None:
    jokers = load_preset("jokers")
    assert jokers.jokers_per_deck == 2 and len(jokers.shoe_for(2)) == 54
    assert total(jokers, "JK 2H KS / 3D KD KC") == -2 + 2 + 0 + 3 + 0 + 0


def test_ten_penny_super_kings_and_lucky_swing_values() -> None:
    assert total(with_(values__10=1), "10H KS KD / 3C 4C 5C") == 1 + 0 + 0 + 3 + 4 + 5
    assert total(with_(values__K=-2), "KH 3S 4D / 5C 6C 7C") == -2 + 3 + 4 + 5 + 6 + 7
    lucky = load_preset("lucky-swing")
    assert lucky.jokers_per_deck == 1 and lucky.shoe_for(2).count(52) == 1
    assert total(lucky, "JK 3S 4D / 5C 6C 7C") == -5 + 25


def test_one_eyed_jacks_score_zero_and_suits_matter_only_for_them() -> None:
    rules = with_(one_eyed_jacks=True, pairs="off")
    assert total(rules, "JH JS JD / JC KS KD") == 0 + 0 + 10 + 10
    assert total(BASIC.with_options({"pairs": "off"}), "JH JS JD / JC KS KD") == 40
    # A one-eyed jack still pairs with any jack: rank, not value.
    assert total(with_(one_eyed_jacks=True), "JH 3S 4D / JC 5C 6C") == 0 + 8 + 10


# -- pairs --------------------------------------------------------------------------


def test_a_pair_of_twos_scores_zero_by_default_and_minus_four_when_negative_pairs_keep_value() -> None:
    assert total(BASIC, "2H 3S 4D / 2C 5C 6C") == 0 + 8 + 10
    assert total(with_(negative_pairs_keep_value=True), "2H 3S 4D / 2C 5C 6C") == -4 + 8 + 10


def test_negative_pairs_keep_value_also_covers_negative_kings() -> None:
    rules = with_(values__K=-2, negative_pairs_keep_value=True)
    assert total(rules, "KH 3S 4D / KC 5C 6C") == -4 + 18
    assert total(with_(values__K=-2), "KH 3S 4D / KC 5C 6C") == 0 + 18


def test_positive_pairs_cancel_even_when_negative_pairs_keep_value() -> None:
    assert total(with_(negative_pairs_keep_value=True), "QH 3S 4D / QC 5C 6C") == 0 + 18


def test_a_jack_and_a_queen_never_pair() -> None:
    assert total(BASIC, "JH 3S 4D / QH 5C 6C") == 20 + 8 + 10


def test_suits_never_matter_for_a_pair() -> None:
    assert total(BASIC, "8H 3S 4D / 8C 5C 6C") == total(BASIC, "8S 3S 4D / 8D 5C 6C") == 18


def test_rows_and_diagonals_never_cancel() -> None:
    # 8 8 8 along the top row and 9 on a diagonal: columns (8+4) (8+9) (8+9).
    assert total(BASIC, "8H 8C 8D / 4S 9S 9D") == 12 + 17 + 17


def test_pairs_off_makes_every_column_a_plain_sum() -> None:
    assert total(with_(pairs="off"), "8H KS 2D / 8C AS 5H") == 8 + 0 - 2 + 8 + 1 + 5


def test_two_jokers_pair_to_zero_or_minus_four_or_their_pair_value() -> None:
    jokers = load_preset("jokers")
    assert total(jokers, "JK 3S 4D / JK 5C 6C") == 0 + 18
    assert total(with_(jokers, negative_pairs_keep_value=True), "JK 3S 4D / JK 5C 6C") == -4 + 18
    # Eagle Eye: +2 each unpaired, -4 as a pair.
    eagle = with_(jokers, values__JK=2, joker_pair_value=-4)
    assert total(eagle, "JK 3S 4D / JK 5C 6C") == -4 + 18
    assert total(eagle, "JK 3S 4D / 8H 5C 6C") == (2 + 8) + 8 + 10


def test_jokers_that_never_pair_score_their_value() -> None:
    eight = load_preset("eight-card")
    assert eight.joker_pairs == "never"
    assert total(eight, "JK 3S 4D 5H / JK 5C 6C 7D") == -4 + 8 + 10 + 12


def test_nine_card_columns_cancel_only_when_all_three_match() -> None:
    nine = load_preset("nine-card")
    # Columns: 8 8 8 | K K 3 | K A 4. Two kings and a 3 do not cancel.
    assert total(nine, "8H KS KD / 8C KC AS / 8S 3D 4D") == 0 + 3 + 5
    assert total(nine, "8H KS KD / 8C KC AS / 9S 3D 4D") == 25 + 3 + 5


def test_pairs_anywhere_two_by_two_three_of_a_kind_keeps_one_four_clear() -> None:
    anywhere = with_(pairs="anywhere")
    assert total(anywhere, "8H 3S 4D / 5C 6C 8D") == 3 + 4 + 5 + 6  # two 8s in different columns
    assert total(anywhere, "8H 8S 4D / 5C 6C 8D") == 8 + 4 + 5 + 6  # three 8s: one counts
    assert total(anywhere, "8H 8S 8D / 8C 6C 7D") == 6 + 7  # four 8s: all clear


def test_pairs_anywhere_on_nine_cards_and_with_negative_pairs() -> None:
    rules = with_(load_preset("nine-card"), pairs="anywhere", negative_pairs_keep_value=True)
    # Three 2s: one pair keeps -4, the third counts -2; two queens cancel; 3 + 4 + 5 + 6 count.
    assert total(rules, "2H 2S 2D / QC QD 3S / 4S 5S 6S") == -4 - 2 + 0 + 18


def test_pairs_anywhere_leaves_over_the_card_that_gives_the_lowest_total() -> None:
    # Jacks at -3 whose pairs keep their value, one-eyed jacks at 0: with J♥ J♣ J♦ the best is to
    # pair the two -3 jacks (-6) and leave J♥ (0) over, not pair J♥ with a -3 jack (0) and keep -3.
    rules = with_(pairs="anywhere", one_eyed_jacks=True, values__J=-3, negative_pairs_keep_value=True)
    assert total(rules, "JH JC JD / 3S 4S 5S") == -6 + 0 + 12


# -- adjustments of one layout ------------------------------------------------------------


def test_four_of_a_kind_needs_two_cancelled_columns() -> None:
    rules = with_(four_of_a_kind=True)
    assert total(rules, "8H 8C 3D / 8S 8D 5H") == 8 - 20
    assert total(rules, "8H 8C 3D / 5S 8S 8D") == 13 + 0 + 11  # four eights, but one pair only


def test_four_of_a_kind_with_pairs_anywhere_scores_zero_then_minus_twenty() -> None:
    assert total(with_(pairs="anywhere", four_of_a_kind=True), "8H 3S 8D / 8C 5C 8S") == 0 + 8 - 20


def test_wolfpack_alone_and_stacked_with_four_of_a_kind() -> None:
    assert total(with_(wolfpack=True), "JH JC 3D / JS JD 5H") == 8 - 20
    both = with_(wolfpack=True, four_of_a_kind=True)
    score = score_layout(both, layout(both, "JH JC 3D / JS JD 5H"))
    assert [(a.key, a.points) for a in score.adjustments] == [("four_of_a_kind", -20), ("wolfpack", -20)]
    assert score.total == 8 - 40


def test_blackjack_turns_exactly_21_into_zero_and_nothing_else() -> None:
    rules = with_(blackjack=True)
    # (10 + 1) + (5 - 2) + (3 + 4) = 21
    score = score_layout(rules, layout(rules, "10H 5C 3D / AS 2D 4H"))
    assert score.card_points == 21 and score.total == 0
    assert [(a.key, a.points) for a in score.adjustments] == [("blackjack", -21)]
    assert total(rules, "10H 5C 3D / AS 2D 5H") == 22


def test_blackjack_is_judged_after_four_of_a_kind() -> None:
    rules = with_(blackjack=True, four_of_a_kind=True, values__Q=40)
    # Two pairs of eights (0) and Q + A = 41; four of a kind -20 makes 21, which blackjack zeroes.
    assert total(rules, "8H 8C QD / 8S 8D AH") == 0


# -- adjustments that compare players -------------------------------------------------------

# Hole scores of the layouts used below, by hand.
LAYOUT_4 = "8H KS 2D / 8C AS 5H"  # 0 + 1 + 3 = 4
LAYOUT_4B = "9H KH 2S / 9C AD 5D"  # 0 + 1 + 3 = 4
LAYOUT_18 = "2H 3S 4D / 2C 5C 6C"  # 0 + 8 + 10 = 18
LAYOUT_18B = "2S 3H 4C / 2D 5D 6D"  # 0 + 8 + 10 = 18
LAYOUT_1 = "KH KS 3D / KC AS 3C"  # 0 + 1 + 0 = 1
LAYOUT_MINUS_4 = "2H 2S KD / AC AD 2C"  # (-2 + 1) + (-2 + 1) + (0 - 2) = -4
LAYOUT_MINUS_6 = "2H 2S 2D / KC KD KS"  # -2 -2 -2 = -6


def totals(rules: Rules, layouts: list[str], went_out: int | None = None, knocked: int | None = None) -> list[int]:
    return [s.total for s in score_table(rules, [layout(rules, t) for t in layouts], went_out, knocked)]


KNOCK = with_(knock=True)


def test_knock_plus10_when_the_knocker_is_not_lowest() -> None:
    assert totals(KNOCK, [LAYOUT_18, LAYOUT_4], knocked=0) == [28, 4]
    assert totals(KNOCK, [LAYOUT_4, LAYOUT_18], knocked=0) == [4, 18]


def test_knock_tie_for_lowest_counts_as_lowest_unless_switched_off() -> None:
    assert totals(KNOCK, [LAYOUT_4, LAYOUT_4B], knocked=0) == [4, 4]
    assert totals(with_(KNOCK, tie_counts_as_lowest=False), [LAYOUT_4, LAYOUT_4B], knocked=0) == [14, 4]


def test_knock_double_plus5_doubles_a_positive_score_and_adds_5_to_a_negative_one() -> None:
    rules = with_(KNOCK, knock_penalty="double_plus5")
    assert totals(rules, [LAYOUT_18, LAYOUT_4], knocked=0) == [18 * 2 + 5, 4]
    # Doubling a negative score would reward the knocker, so -4 only gets the 5.
    assert totals(rules, [LAYOUT_MINUS_4, LAYOUT_MINUS_6], knocked=0) == [-4 + 5, -6]


def test_knock_worst_takes_the_worst_score_of_the_hole() -> None:
    rules = with_(KNOCK, knock_penalty="worst")
    assert totals(rules, [LAYOUT_4B, LAYOUT_18, LAYOUT_1], knocked=0) == [18, 18, 1]


def test_knock_penalty_none_and_the_zero_reward() -> None:
    assert totals(with_(KNOCK, knock_penalty="none"), [LAYOUT_18, LAYOUT_4], knocked=0) == [18, 4]
    reward = with_(KNOCK, knock_reward_zero=True)
    assert totals(reward, [LAYOUT_4, LAYOUT_18], knocked=0) == [0, 18]
    # A correct knock on a negative score keeps it: the reward never raises a score.
    assert totals(reward, [LAYOUT_MINUS_6, LAYOUT_4], knocked=0) == [-6, 4]


def test_going_out_penalty_and_bonus_and_both_together() -> None:
    penalty = with_(going_out_penalty=True)
    assert totals(penalty, [LAYOUT_18, LAYOUT_4], went_out=0) == [28, 4]
    assert totals(penalty, [LAYOUT_4, LAYOUT_18], went_out=0) == [4, 18]
    assert totals(penalty, [LAYOUT_4, LAYOUT_4B], went_out=0) == [4, 4]  # a tie counts as lowest
    assert totals(with_(penalty, tie_counts_as_lowest=False), [LAYOUT_4, LAYOUT_4B], went_out=0) == [14, 4]
    bonus = with_(going_out_bonus=True)
    assert totals(bonus, [LAYOUT_18, LAYOUT_4], went_out=0) == [13, 4]
    both = with_(going_out_penalty=True, going_out_bonus=True)
    assert totals(both, [LAYOUT_18, LAYOUT_4], went_out=0) == [18 + 10 - 5, 4]
    assert totals(both, [LAYOUT_4, LAYOUT_18], went_out=0) == [4 - 5, 18]


def test_underdog_bonus_for_every_tied_winner_or_none() -> None:
    rules = with_(underdog_bonus=True)
    assert totals(rules, [LAYOUT_4, LAYOUT_18]) == [1, 18]
    assert totals(rules, [LAYOUT_4, LAYOUT_18, LAYOUT_4B]) == [1, 18, 1]
    assert totals(with_(rules, tie_counts_as_lowest=False), [LAYOUT_4, LAYOUT_18, LAYOUT_4B]) == [4, 18, 4]


def test_tied_shame_on_hole_scores_including_a_three_way_tie() -> None:
    rules = with_(tied_shame=True)
    assert totals(rules, [LAYOUT_4, LAYOUT_18, LAYOUT_4B]) == [9, 18, 9]
    three = "8D KD 2H / 8S AH 5S"  # another 4
    assert totals(rules, [LAYOUT_4, LAYOUT_4B, three, LAYOUT_18]) == [9, 9, 9, 18]


def test_underdog_and_tied_shame_together_on_a_tie_for_lowest() -> None:
    rules = with_(underdog_bonus=True, tied_shame=True)
    assert totals(rules, [LAYOUT_4, LAYOUT_4B, LAYOUT_18]) == [4 - 3 + 5, 4 - 3 + 5, 18]


def test_lowest_is_judged_after_blackjack() -> None:
    # A 21 becomes 0 before anyone is compared: the 21 player is then lowest and gets the underdog bonus.
    rules = with_(blackjack=True, underdog_bonus=True)
    assert totals(rules, ["10H 5C 3D / AS 2D 4H", LAYOUT_4]) == [0 - 3, 4]


def test_adjustments_are_listed_in_the_documented_order() -> None:
    rules = with_(KNOCK, going_out_penalty=True, going_out_bonus=True, underdog_bonus=True, tied_shame=True)
    grids = [layout(rules, t) for t in (LAYOUT_18, LAYOUT_4, LAYOUT_18B)]
    scores = score_table(rules, grids, went_out=0, knocked=0)
    keys = [a.key for a in scores[0].adjustments]
    assert keys == ["knock_penalty", "going_out_penalty", "going_out_bonus", "tied_shame"]
    assert keys == [k for k in ADJUSTMENT_ORDER if k in keys]
    assert scores[0].total == 18 + 10 + 10 - 5 + 5
    assert [(a.key, a.points) for a in scores[1].adjustments] == [("underdog_bonus", -3)]
    assert [(a.key, a.points) for a in scores[2].adjustments] == [("tied_shame", 5)]


def test_a_knock_is_ignored_when_the_rules_have_no_knock() -> None:
    assert totals(BASIC, [LAYOUT_18, LAYOUT_4], knocked=0) == [18, 4]


def test_breakdown_json_uses_positions_from_1_and_card_notation() -> None:
    data = score_layout(BASIC, layout(BASIC, "8H KS 2D / 8C AS 5H")).to_dict()
    assert data["groups"][0] == {"positions": [1, 4], "cards": ["8H", "8C"], "points": 0, "cancelled": True}
    assert data["total"] == 4 and data["adjustments"] == []


def test_four_of_a_kind_counts_once_per_two_cancelled_columns_with_several_decks() -> None:
    # Two decks, 2x4: four columns of eights are two fours of a kind (-40); three columns count once.
    rules = with_(layout="2x4", decks=2, four_of_a_kind=True, wolfpack=True)
    assert total(rules, "8H 8C 8D 8S / 8H 8C 8D 8S") == -40
    assert total(rules, "8H 8C 8D 3S / 8H 8C 8D 4S") == 7 - 20
    # Eight jacks in four columns: four of a kind twice and the wolfpack twice.
    assert total(rules, "JH JC JD JS / JH JC JD JS") == -80


def test_joker_pair_value_wins_over_negative_pairs_keep_value() -> None:
    rules = with_(load_preset("jokers"), negative_pairs_keep_value=True, joker_pair_value=3)
    assert total(rules, "JK 3S 4D / JK 5C 6C") == 3 + 18


def test_a_layout_scored_alone_gets_no_bonus_that_compares_players() -> None:
    # House party has the underdog bonus and tied shame on; one layout alone is nobody's "lowest".
    rules = load_preset("house-party")
    score = score_layout(rules, layout(rules, "7S KH 2D / 7H 5D QC"))
    assert score.total == 0 + (0 + 5) + (-2 + 10)
    assert score.adjustments == ()


def test_rules_that_compare_no_players_give_no_table_adjustments() -> None:
    # compares_players lets the computer players skip table_adjustments: it must be empty whenever it says so.
    import random

    from golf_rig import random_rules

    from sixcardgolf.scoring import compares_players, table_adjustments

    rng = random.Random("compares")
    seen = {True: 0, False: 0}
    for _ in range(400):
        rules = random_rules(rng)
        if rng.random() < 0.5:  # every other mix without the adjustments that compare, whatever else it sets
            off = ("knock", "going_out_penalty", "going_out_bonus", "underdog_bonus", "tied_shame")
            rules = rules.with_options(dict.fromkeys(off, False))
        scores = [rng.randint(-10, 30) for _ in range(rng.randint(2, 5))]
        went_out = rng.choice([None, 0])
        knocked = None if went_out is not None or not rules.knock else 1
        extra = table_adjustments(rules, scores, went_out, knocked)
        seen[compares_players(rules)] += 1
        if not compares_players(rules):
            assert extra == [[] for _ in scores]
    assert seen[True] > 100 and seen[False] > 100
