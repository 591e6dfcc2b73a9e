"""The deal and the turn, rule by rule (RULES.md §2 Deck and deal, The turn), with scripted deals."""

from __future__ import annotations

import random

import pytest
from golf_rig import StackedRandom, cards, play, reveal_openings, scripted_hole, snapshot

from sixcardgolf import HoleState, IllegalActionError, load_preset, observe, parse_action
from sixcardgolf import actions as A
from sixcardgolf.hole import DRAW, FLIP_AFTER_DISCARD, HOLDING, OPENING
from sixcardgolf.observation import UNKNOWN

BASIC = load_preset("basic")
NO_REVEAL = BASIC.with_options({"initial_reveals": 0})
P0 = "8H KS 2D / 8C AS 5H"
P1 = "QH QS 3D / 4C 9S 7H"


def legal_words(state: HoleState) -> list[str]:
    return [A.format_action(a) for a in state.legal_actions()]


# -- the deal -------------------------------------------------------------------------


def test_deal_gives_one_card_at_a_time_clockwise_from_the_dealers_left() -> None:
    order = sorted(BASIC.shoe_for(3))  # card codes 0..51; the deal pops from the end
    state = HoleState.deal(BASIC, 3, 1, StackedRandom(order), "t")
    # Dealer is seat 1, so seat 2 gets the first card (51), seat 0 the second (50), seat 1 the third (49)...
    assert state.layouts[2][:2] == [51, 48] and state.layouts[0][:2] == [50, 47] and state.layouts[1][:2] == [49, 46]
    assert state.layouts[1][5] == 51 - 17  # 18 cards dealt, the dealer's sixth card last
    assert state.discard == [51 - 18]  # the next card turned up starts the discard pile
    assert state.stock == list(range(0, 51 - 18))  # the rest is the stock, its top card last
    assert state.starter == 2 and state.current_player() == 2


def test_dealing_uses_the_rng_passed_in_and_is_repeatable() -> None:
    a = HoleState.deal(BASIC, 4, 0, random.Random(99), "x")
    b = HoleState.deal(BASIC, 4, 0, random.Random(99), "x")
    c = HoleState.deal(BASIC, 4, 0, random.Random(100), "x")
    assert snapshot(a) == snapshot(b) and a.layouts != c.layouts


@pytest.mark.parametrize(("players", "decks"), [(2, 1), (4, 1), (5, 2), (8, 2), (9, 3)])
def test_decks_by_player_count(players: int, decks: int) -> None:
    assert BASIC.decks_for(players) == decks
    assert len(BASIC.shoe_for(players)) == 52 * decks


def test_nine_card_takes_a_second_deck_from_four_players() -> None:
    nine = load_preset("nine-card")
    assert [nine.decks_for(n) for n in (2, 3, 4, 8)] == [1, 1, 2, 2]


def test_a_fixed_deck_count_overrides_the_table() -> None:
    assert BASIC.with_options({"decks": 3}).decks_for(2) == 3


def test_jokers_per_deck_are_added_to_every_deck() -> None:
    rules = BASIC.with_options({"jokers_per_deck": 1})
    assert rules.shoe_for(6).count(52) == 2 and len(rules.shoe_for(6)) == 106


# -- opening reveal and peek -----------------------------------------------------------------


def test_opening_each_player_turns_up_two_positions_of_their_choice_in_seat_order() -> None:
    state = scripted_hole(BASIC, [P0, P1], "6D")
    assert state.phase == OPENING and state.current_player() == 0
    assert legal_words(state) == [f"flip {p}" for p in range(1, 7)]  # any position
    play(state, "flip 6")
    assert "flip 6" not in legal_words(state) and state.current_player() == 0
    play(state, "flip 2")
    assert state.current_player() == 1 and state.phase == OPENING
    play(state, "flip 1", "flip 4")
    assert state.phase == DRAW and state.current_player() == 0  # the first turn: the seat after the dealer
    assert state.up == [0b100010, 0b001001]
    # Opening cards are public.
    assert observe(state, 1).layouts[0] == (UNKNOWN, cards("KS")[0], UNKNOWN, UNKNOWN, UNKNOWN, cards("5H")[0])


def test_nine_card_opens_with_three_cards() -> None:
    nine = load_preset("nine-card")
    state = reveal_openings(HoleState.deal(nine, 2, 1, random.Random(1), "n"))
    assert [up.bit_count() for up in state.up] == [3, 3]


def test_no_opening_reveal_starts_with_the_first_turn() -> None:
    state = scripted_hole(NO_REVEAL, [P0, P1], "6D")
    assert state.phase == DRAW and state.up == [0, 0]


def test_peek_shows_the_two_cards_to_their_owner_only_and_they_stay_face_down() -> None:
    four = load_preset("four-card")
    state = scripted_hole(four, ["8H KS / 8C AS", "QH QS / 3D 4C"], "6D")
    play(state, "flip 1", "flip 4", "flip 2", "flip 3")
    assert state.up == [0, 0] and state.phase == DRAW
    own, other = observe(state, 0), observe(state, 1)
    assert own.layouts[0] == (cards("8H")[0], UNKNOWN, UNKNOWN, cards("AS")[0])
    assert own.layouts[1] == (UNKNOWN,) * 4  # nobody else's peeks
    assert other.layouts[0] == (UNKNOWN,) * 4 and other.layouts[1] == (UNKNOWN, cards("QS")[0], cards("3D")[0], UNKNOWN)
    assert own.visible_scores == (0, 0)  # peeked cards are not face up
    # A peeked card replaced by a swap leaves face up on the discard pile, like any other.
    play(state, "draw", "swap 1")
    assert state.discard[-1] == cards("8H")[0] and state.up[0] == 0b0001 and state.peeked[0] == 0b1000


# -- drawing, swapping, discarding ------------------------------------------------------------------


def test_draw_takes_the_top_of_the_stock_and_take_the_top_discard_only() -> None:
    state = scripted_hole(NO_REVEAL, [P0, P1], "6D", stock="KD 2S")
    assert legal_words(state) == ["draw", "take"]
    play(state, "draw")
    assert state.held == cards("KD")[0] and state.phase == HOLDING
    play(state, "swap 3")
    play(state, "take")
    assert state.held == cards("2D")[0]  # the card seat 0 just threw away, now on top


def test_swap_puts_the_drawn_card_face_up_and_the_old_card_face_up_on_the_discard_pile() -> None:
    state = scripted_hole(NO_REVEAL, [P0, P1], "6D", stock="KD")
    assert observe(state, 0).layouts[0][4] == UNKNOWN  # the owner does not know what it replaces
    play(state, "draw", "swap 5")
    assert state.layouts[0][4] == cards("KD")[0] and state.up[0] == 1 << 4
    assert state.discard == cards("6D AS")
    assert observe(state, 1).discard == tuple(cards("6D AS"))  # everyone sees the discard pile
    assert state.current_player() == 1


def test_a_face_up_card_can_be_replaced_again_and_never_turns_back_over() -> None:
    state = scripted_hole(NO_REVEAL, [P0, P1], "6D", stock="KD 3H 4H")
    play(state, "draw", "swap 1", "draw", "discard", "draw", "swap 1")
    assert state.layouts[0][0] == cards("4H")[0] and state.up[0] == 1
    assert state.discard[-1] == cards("KD")[0]


def test_a_stock_draw_may_be_discarded_with_no_flip_in_basic() -> None:
    state = scripted_hole(NO_REVEAL, [P0, P1], "6D", stock="KD")
    play(state, "draw")
    assert legal_words(state) == ["discard"] + [f"swap {p}" for p in range(1, 7)]
    play(state, "discard")
    assert state.current_player() == 1 and state.phase == DRAW and state.up == [0, 0]
    assert state.discard == cards("6D KD")


def test_a_discard_pickup_must_be_swapped_in_and_discarding_it_changes_nothing() -> None:
    state = scripted_hole(NO_REVEAL, [P0, P1], "6D")
    play(state, "take")
    assert "discard" not in legal_words(state)
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match=r"'discard'.*must be swapped"):
        state.apply_action(A.DISCARD)
    assert snapshot(state) == before


def test_where_allowed_a_discard_pickup_may_be_discarded_again() -> None:
    immediate = load_preset("immediate")
    assert not immediate.discard_pickup_must_swap
    state = scripted_hole(immediate.with_options({"initial_reveals": 0}), [P0, P1], "6D")
    play(state, "take", "discard")
    assert state.discard == cards("6D") and state.current_player() == 1


# -- flip on discard ------------------------------------------------------------------------------


SPEED = load_preset("speed").with_options({"initial_reveals": 0})


def test_speed_discarding_a_stock_draw_forces_a_flip_that_cannot_be_skipped() -> None:
    state = scripted_hole(SPEED, [P0, P1], "6D", stock="KD")
    play(state, "draw", "discard")
    assert state.phase == FLIP_AFTER_DISCARD and state.current_player() == 0
    assert legal_words(state) == [f"flip {p}" for p in range(1, 7)]  # no "skip"
    with pytest.raises(IllegalActionError):
        state.apply_action(A.SKIP_FLIP)
    play(state, "flip 3")
    assert state.up[0] == 1 << 2 and state.current_player() == 1


def test_speed_flip_offers_only_face_down_positions_and_no_flip_after_a_swap() -> None:
    state = scripted_hole(SPEED, [P0, P1], "6D", stock="KD 3H 4H")
    play(state, "draw", "swap 1", "draw", "discard")  # seat 0 swaps (no flip); seat 1 discards
    assert state.phase == FLIP_AFTER_DISCARD and state.current_player() == 1
    play(state, "flip 2")
    play(state, "draw", "discard")
    assert legal_words(state) == [f"flip {p}" for p in range(2, 7)]  # position 1 is already up


def test_speed_no_flip_after_discarding_a_card_taken_from_the_discard_pile() -> None:
    rules = SPEED.with_options({"discard_pickup_must_swap": False})
    state = scripted_hole(rules, [P0, P1], "6D")
    play(state, "take", "discard")
    assert state.phase == DRAW and state.current_player() == 1


def test_speed_no_flip_is_owed_when_no_card_is_face_down() -> None:
    # Every card face up from the start: the first player's discard owes nothing and ends the hole's trigger turn.
    rules = SPEED.with_options({"initial_reveals": 6})
    state = reveal_openings(scripted_hole(rules, [P0, P1], "6D", stock="KD"))
    play(state, "draw", "discard")
    assert state.phase == DRAW and state.current_player() == 1 and state.went_out == 0


ENDGAME = BASIC.with_options({"initial_reveals": 0, "flip_on_discard": "endgame"})


def test_endgame_flip_is_not_offered_while_everyone_has_two_or_more_face_down() -> None:
    state = scripted_hole(ENDGAME, [P0, P1], "6D", stock="KD")
    play(state, "draw", "discard")
    assert state.phase == DRAW and state.current_player() == 1


def test_endgame_flip_is_optional_once_anyone_has_one_face_down_card_left() -> None:
    state = scripted_hole(ENDGAME, [P0, P1], "6D", stock="KD KH KC 3S 3H 9D 9H")
    # Seat 0 turns up five positions (seat 1 just discards each time).
    for position in (1, 2, 3, 4):
        play(state, "draw", f"swap {position}", "draw", "discard")
        if state.phase == FLIP_AFTER_DISCARD:  # not yet: seat 0 still has two or more hidden
            raise AssertionError("endgame flip offered too early")
    play(state, "draw", "swap 5")  # seat 0 now has one face-down card
    play(state, "draw", "discard")  # seat 1 discards: the flip is now on offer, skip included
    assert state.phase == FLIP_AFTER_DISCARD and legal_words(state)[0] == "skip"
    play(state, "skip")
    assert state.up[1] == 0 and state.current_player() == 0


def test_endgame_flip_counts_the_discarding_player_too() -> None:
    state = scripted_hole(ENDGAME, [P0, P1], "6D", stock="KD KH KC 3S 3H 9D 9H")
    for position in (1, 2, 3, 4, 5):
        play(state, "draw", f"swap {position}", "take", "swap 6")
    # Seat 0 has one face-down card (position 6); seat 1 one face-up card. Seat 0 discards its own draw:
    play(state, "draw", "discard")
    assert state.phase == FLIP_AFTER_DISCARD and legal_words(state) == ["skip", "flip 6"]


def test_an_endgame_flip_of_the_last_card_triggers_the_end_of_the_hole() -> None:
    state = scripted_hole(ENDGAME, [P0, P1], "6D", stock="KD KH KC 3S 3H 9D 9H 4D")
    for position in (1, 2, 3, 4, 5):
        play(state, "draw", f"swap {position}", "take", "swap 6")
    play(state, "draw", "discard", "flip 6")
    assert state.went_out == 0 and state.final_left == 1 and state.current_player() == 1


OPTIONAL = BASIC.with_options({"initial_reveals": 0, "flip_on_discard": "optional"})


def test_optional_flip_offers_the_skip_and_every_face_down_card_from_the_first_discard() -> None:
    # Everyone still has six face-down cards: no endgame, yet the flip is on offer and may be declined.
    state = scripted_hole(OPTIONAL, [P0, P1], "6D", stock="KD 4H")
    play(state, "draw", "discard")
    assert state.phase == FLIP_AFTER_DISCARD and state.current_player() == 0
    assert legal_words(state) == ["skip"] + [f"flip {p}" for p in range(1, 7)]
    play(state, "skip")
    assert state.up[0] == 0 and state.phase == DRAW and state.current_player() == 1
    play(state, "draw", "discard")  # seat 1 takes the flip this time
    assert legal_words(state) == ["skip"] + [f"flip {p}" for p in range(1, 7)]
    play(state, "flip 4")
    assert state.up[1] == 1 << 3 and state.current_player() == 0 and state.turns == 2


def test_optional_flip_offers_only_the_face_down_positions() -> None:
    state = scripted_hole(OPTIONAL, [P0, P1], "6D", stock="KD 3H 4H 5S")
    play(state, "draw", "swap 2", "draw", "swap 1", "draw", "discard")  # seat 0 has position 2 face up
    assert legal_words(state) == ["skip", "flip 1", "flip 3", "flip 4", "flip 5", "flip 6"]
    play(state, "flip 5", "draw", "discard")  # seat 1 has position 1 face up
    assert state.current_player() == 1
    assert legal_words(state) == ["skip", "flip 2", "flip 3", "flip 4", "flip 5", "flip 6"]


def test_optional_flip_is_not_owed_after_discarding_a_card_taken_from_the_discard_pile() -> None:
    state = scripted_hole(OPTIONAL.with_options({"discard_pickup_must_swap": False}), [P0, P1], "6D")
    play(state, "take", "discard")
    assert state.phase == DRAW and state.current_player() == 1 and state.up[0] == 0


def test_optional_flip_has_no_flip_phase_without_a_face_down_card() -> None:
    rules = OPTIONAL.with_options({"initial_reveals": 6})
    state = reveal_openings(scripted_hole(rules, [P0, P1], "6D", stock="KD"))
    play(state, "draw", "discard")
    assert state.phase == DRAW and state.current_player() == 1 and state.went_out == 0


def test_an_optional_flip_of_the_last_card_goes_out_and_a_skip_does_not() -> None:
    stock = "KD KH KC 3S 3H 9D 9H 4D 5D"
    state = scripted_hole(OPTIONAL, [P0, P1], "6D", stock=stock)
    for position in (1, 2, 3, 4, 5):
        play(state, "draw", f"swap {position}", "take", "swap 6")
    skipped = state.clone()
    play(state, "draw", "discard", "flip 6")
    assert state.went_out == 0 and state.final_left == 1 and state.current_player() == 1
    play(skipped, "draw", "discard", "skip")
    assert skipped.final_left < 0 and skipped.went_out < 0 and skipped.hidden_count(0) == 1


# -- flip as action, knock, early knock -----------------------------------------------------------------


def test_flip_as_action_spends_the_whole_turn_on_turning_up_a_card() -> None:
    rules = NO_REVEAL.with_options({"flip_as_action": True})
    state = scripted_hole(rules, [P0, P1], "6D")
    assert legal_words(state) == ["draw", "take"] + [f"flip {p}" for p in range(1, 7)]
    stock_before = state.stock[:]
    play(state, "flip 4")
    assert state.up[0] == 1 << 3 and state.turns == 1 and state.current_player() == 1
    assert state.stock == stock_before and state.discard == cards("6D")
    assert "flip 4" in legal_words(state)  # seat 1's own position 4 is still face down


def test_flip_as_action_is_off_by_default() -> None:
    state = scripted_hole(NO_REVEAL, [P0, P1], "6D")
    with pytest.raises(IllegalActionError):
        state.apply_action(A.FLIP + 0)


KNOCKING = NO_REVEAL.with_options({"knock": True})


def test_knock_gives_every_other_player_one_ordinary_turn_then_the_hole_ends() -> None:
    state = scripted_hole(KNOCKING, [P0, P1, "KH KD KC / 2S 2H 2C"], "6D", stock="3S 4S 5S")
    assert "knock" in legal_words(state)
    play(state, "knock")
    assert state.knocker == 0 and state.current_player() == 1
    assert "knock" not in legal_words(state)  # no knocking back
    play(state, "draw", "discard")
    assert "knock" not in legal_words(state) and state.current_player() == 2
    play(state, "draw", "discard")
    assert state.is_over() and state.end_reason == "knock" and state.turns == 3
    # The knocker (seat 0: 4) is not lowest (seat 2: -6): +10. Seat 1: (10 + 4) + (10 + 9) + (3 + 7).
    assert state.returns() == [4 + 10, 43, -6]


def test_knock_is_not_offered_without_the_option() -> None:
    state = scripted_hole(NO_REVEAL, [P0, P1], "6D")
    assert "knock" not in legal_words(state)


def test_four_card_hole_ended_by_exposing_every_card_is_not_a_knock() -> None:
    four = load_preset("four-card").with_options({"initial_reveals": 0})
    state = scripted_hole(four, ["8H KS / 8C AS", "QH QS / 3D 4C"], "6D", stock="9S 9H 9D 9C 7S 7H 7D")
    for position in (1, 3, 2):
        play(state, "draw", f"swap {position}", "draw", "discard")
    play(state, "draw", "swap 4")
    assert state.is_over() and state.end_reason == "went_out" and state.knocker == -1
    # Seat 0: 9S 7S / 9D 7D -> two pairs = 0; seat 1: Q Q / 3 4 -> 13 + 14 = 27. No penalty for anyone.
    assert state.layouts[0] == cards("9S 7S 9D 7D")
    assert state.returns() == [0, 27]


EARLY = NO_REVEAL.with_options({"early_knock": True})


def test_early_knock_needs_two_or_fewer_face_down_cards() -> None:
    state = scripted_hole(EARLY, [P0, P1], "6D", stock="KD KH KC 3S 3H 9D 9H 4D")
    for position in (1, 2, 3):
        assert "early-knock" not in legal_words(state)
        play(state, "draw", f"swap {position}", "draw", "discard")
    assert "early-knock" not in legal_words(state)  # three face down
    play(state, "draw", "swap 4", "draw", "discard")
    assert "early-knock" in legal_words(state)  # two face down


def test_early_knock_turns_up_the_rest_and_ends_the_hole_at_once() -> None:
    rules = EARLY.with_options({"going_out_bonus": True})
    state = scripted_hole(rules, [P0, P1], "6D", stock="KD KH KC 3S 3H 9D 9H 4D")
    for position in (1, 2, 3, 4):
        play(state, "draw", f"swap {position}", "draw", "discard")
    play(state, "early-knock")
    assert state.is_over() and state.end_reason == "early_knock" and state.went_out == 0
    # Seat 0 drew KD, KC, 3H, 9H into positions 1-4 (seat 1 threw away KH, 3S, 9D, 4D).
    assert state.layouts[0] == cards("KD KC 3H 9H AS 5H")
    assert state.returns()[0] == (0 + 9) + (0 + 1) + (3 + 5) - 5


# -- illegal actions -------------------------------------------------------------------------------------


def test_an_illegal_action_is_a_value_error_naming_it_and_changes_nothing() -> None:
    state = scripted_hole(NO_REVEAL, [P0, P1], "6D")
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="'swap 2'") as caught:
        state.apply_action(A.SWAP + 1)
    assert isinstance(caught.value, ValueError)
    assert "legal: draw, take" in str(caught.value)
    assert snapshot(state) == before


def test_only_the_seat_to_move_has_legal_actions() -> None:
    state = scripted_hole(NO_REVEAL, [P0, P1, "KH KD KC / 2S 2H 2C"], "6S")
    assert state.legal_actions(0) and state.legal_actions(1) == [] and state.legal_actions(2) == []


def test_rules_without_a_turn_option_reject_it_by_name() -> None:
    state = scripted_hole(NO_REVEAL, [P0, P1], "6D")
    for text in ("knock", "early-knock", "skip", "next"):
        with pytest.raises(IllegalActionError, match=repr(text)):
            state.apply_action(parse_action(text))


def test_a_flip_as_action_that_exposes_the_last_card_goes_out() -> None:
    rules = BASIC.with_options({"initial_reveals": 5, "flip_as_action": True, "going_out_bonus": True})
    state = reveal_openings(scripted_hole(rules, [P0, P1], "6D"), positions=(1, 2, 3, 4, 5))
    assert legal_words(state)[-1] == "flip 6"
    play(state, "flip 6")
    assert state.went_out == 0 and state.final_left == 1 and state.current_player() == 1
    play(state, "draw", "discard")
    assert state.is_over() and state.returns()[0] == 4 - 5


def test_with_every_card_revealed_at_the_start_the_first_player_to_finish_a_turn_goes_out() -> None:
    # initial_reveals equal to the layout size: the engine's answer to RULES.md §6 is that the first
    # completed turn triggers the end, and every other player still gets the final turn.
    rules = BASIC.with_options({"initial_reveals": 6})
    state = reveal_openings(scripted_hole(rules, [P0, P1, "KH KD KC / 2S 2H 2C"], "6D"), positions=range(1, 7))
    assert state.up == [0b111111] * 3 and state.phase == DRAW
    play(state, "draw", "discard")
    assert state.went_out == 0 and state.final_left == 2
    play(state, "draw", "discard", "draw", "discard")
    assert state.is_over() and state.end_reason == "final_turns" and state.turns == 3


def test_lucky_swing_has_one_joker_per_deck() -> None:
    lucky = load_preset("lucky-swing")
    assert lucky.shoe_for(4).count(52) == 1 and lucky.shoe_for(5).count(52) == 2  # two decks from 5 players
