"""Ending a hole (RULES.md §2 Ending a hole): final turns, immediate end, knocks, the stock, the turn limit."""

from __future__ import annotations

from collections import Counter

import golf_reference as ref
import pytest
from golf_rig import cards, play, reveal_openings, scripted_hole, snapshot

from sixcardgolf import HoleState, IllegalActionError, Match, Rules, format_action, load_preset, observe
from sixcardgolf.text.describe import end_reason_text

BASIC = load_preset("basic")
FIVE_UP = BASIC.with_options({"initial_reveals": 5})  # one swap into position 6 goes out
THREE = ["8H KS 2D / 8C AS 5H", "QH QS 3D / 4C 9S 7H", "KH KD KC / 2S 2H 2C"]


def five_up_hole(rules: Rules = FIVE_UP, stock: str = "3S 4S 5S 6S 7S") -> HoleState:
    return reveal_openings(scripted_hole(rules, THREE, "6D", stock=stock), positions=(1, 2, 3, 4, 5))


def test_going_out_gives_every_other_player_exactly_one_final_turn_in_seat_order() -> None:
    state = five_up_hole()
    play(state, "draw", "swap 6")  # seat 0 exposes its sixth card
    assert state.went_out == 0 and not state.is_over() and state.current_player() == 1
    play(state, "draw", "discard")
    assert state.current_player() == 2
    play(state, "draw", "discard")
    assert state.is_over() and state.end_reason == "final_turns" and state.turns == 3


def test_the_player_who_went_out_gets_no_further_turn() -> None:
    state = five_up_hole()
    play(state, "draw", "swap 6", "draw", "discard", "draw", "discard")
    assert state.is_over() and state.current_player() == -1 and state.legal_actions(0) == []


def test_exposing_a_last_card_during_the_final_round_does_not_restart_it() -> None:
    state = five_up_hole()
    play(state, "draw", "swap 6")  # seat 0 goes out
    play(state, "draw", "swap 6")  # seat 1 exposes its last card during the final round
    assert state.current_player() == 2 and state.went_out == 0
    play(state, "draw", "discard")
    assert state.is_over() and state.turns == 3 and state.went_out == 0


def test_knock_and_early_knock_are_not_offered_in_the_final_round() -> None:
    rules = FIVE_UP.with_options({"knock": True, "early_knock": True})
    state = five_up_hole(rules)
    assert {"knock", "early-knock"} <= {_word(a) for a in state.legal_actions()}
    play(state, "draw", "swap 6")
    assert {"knock", "early-knock"}.isdisjoint(_word(a) for a in state.legal_actions())
    with pytest.raises(IllegalActionError, match="final round"):
        state.apply_action(3)  # knock


def _word(action: int) -> str:
    return format_action(action)


def test_immediate_end_stops_the_hole_the_moment_a_layout_is_face_up() -> None:
    rules = load_preset("immediate").with_options({"initial_reveals": 5})
    state = five_up_hole(rules)
    play(state, "draw", "swap 6")
    assert state.is_over() and state.end_reason == "went_out" and state.turns == 1
    assert state.went_out == 0


def test_at_the_end_every_hidden_card_is_turned_up_and_every_layout_scored() -> None:
    state = five_up_hole()
    play(state, "draw", "swap 6", "draw", "discard", "draw", "discard")
    assert state.up == [0b111111] * 3
    assert all(seen == tuple(layout) for seen, layout in zip(observe(state, 1).layouts, state.layouts, strict=True))
    # Seat 0: 8 K 2 / 8 A 3 -> 0 + 1 + 1; seat 1: 43 (see test_engine_turns); seat 2: -6.
    assert state.returns() == [2, 43, -6] == ref.totals(BASIC, state.layouts, went_out=0)


def test_the_turn_limit_ends_a_hole_and_says_so() -> None:
    rules = BASIC.with_options({"initial_reveals": 0, "turn_limit": 4})
    assert BASIC.turn_limit == 240
    match_rules = rules.with_options({"holes": 1})
    match = Match(match_rules, 2, seed=5)
    for _ in range(4):
        assert not match.hole.is_over()
        match.apply_action(0)  # draw
        match.apply_action(2)  # discard
    hole = match.hole
    assert hole.is_over() and hole.end_reason == "turn_limit" and hole.turns == 4
    assert hole.up == [0b111111] * 2
    assert match.records[-1].end_reason == "turn_limit"
    assert observe(hole, 0).to_dict()["end_reason"] == "turn_limit"
    assert "limit" in end_reason_text("turn_limit", "en") and end_reason_text("turn_limit", "ja")
    assert list(match.records[-1].points) == ref.totals(match_rules, hole.layouts)


def test_the_turn_limit_also_cuts_the_final_round_short() -> None:
    state = five_up_hole(FIVE_UP.with_options({"turn_limit": 2}))
    play(state, "draw", "swap 6", "draw", "discard")
    assert state.is_over() and state.end_reason == "turn_limit" and state.turns == 2


def test_when_the_stock_runs_out_the_discards_under_the_top_card_become_the_new_stock() -> None:
    # Five players at nine cards each with one deck leave a stock of 52 - 45 - 1 = 6 cards.
    rules = load_preset("nine-card").with_options({"decks": 1, "initial_reveals": 0})
    state = scripted_hole(rules, [_nine(i) for i in range(5)], "AH", stock="2H 3H 4H 5H 6H 7H")
    for _ in range(6):
        play(state, "draw", "discard")
    assert state.stock == [] and state.discard == cards("AH 2H 3H 4H 5H 6H 7H")
    assert "draw" in [_word(a) for a in state.legal_actions()]
    twin = state.clone()
    play(state, "draw")
    assert state.discard == cards("7H") and state.recycles == 1
    assert Counter([*state.stock, state.held]) == Counter(cards("AH 2H 3H 4H 5H 6H"))
    play(twin, "draw")
    assert snapshot(twin) == snapshot(state)  # the reshuffle is part of the seeded game


def _nine(seat: int) -> str:
    """Nine distinct cards per seat from the spades, diamonds and clubs (hearts stay for the piles)."""
    pool = [f"{r}{s}" for s in "SDC" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
    pool += ["8H", "9H", "10H", "JH", "QH", "KH"]
    mine = pool[seat * 9 : seat * 9 + 9]
    return " / ".join(" ".join(mine[r * 3 : r * 3 + 3]) for r in range(3))


def test_a_table_that_would_leave_no_stock_is_refused() -> None:
    rules = load_preset("nine-card").with_options({"decks": 1})
    rules.check_players(5)
    with pytest.raises(ValueError, match="players 6"):
        rules.check_players(6)  # 54 cards dealt + a discard + a stock card > 52


def test_a_knocks_final_round_is_played_out_even_when_holes_end_immediately() -> None:
    # Immediate end and knocking together (as in four-card): a player exposing every card during the
    # knock's final round neither ends the hole early nor counts as going out.
    rules = load_preset("four-card").with_options({"initial_reveals": 3, "peek": False})
    layouts = ["8H KS / 8C AS", "QH QS / 3D 4C", "9H 9S / 5D 6C"]
    state = reveal_openings(scripted_hole(rules, layouts, "6D", stock="2S 7S"), positions=(1, 2, 3))
    play(state, "knock")
    play(state, "draw", "swap 4")  # seat 1 exposes its last card
    assert not state.is_over() and state.went_out == -1 and state.current_player() == 2
    play(state, "draw", "discard")
    assert state.is_over() and state.end_reason == "knock"


def test_an_early_knock_counts_as_going_out_and_a_plain_knock_does_not() -> None:
    rules = BASIC.with_options({"initial_reveals": 5, "early_knock": True, "knock": True,
                                "going_out_penalty": True, "knock_penalty": "none"})  # fmt: skip
    early = five_up_hole(rules)
    play(early, "early-knock")
    # Seat 0 turned up its last card (5H): 4, beaten by seat 2's -6: going-out penalty +10.
    assert early.went_out == 0 and early.returns() == [4 + 10, 43, -6]
    plain = five_up_hole(rules)
    play(plain, "knock", "draw", "discard", "draw", "discard")
    assert plain.went_out == -1 and plain.knocker == 0 and plain.returns() == [4, 43, -6]
