"""Rule facts named once in the engine, and the small card helpers every layer shares."""

from __future__ import annotations

import pytest
from golf_rig import cards, play, scripted_hole

from sixcardgolf import actions as A
from sixcardgolf import load_preset
from sixcardgolf.cards import CARD_CODES, CARDS_PER_DECK, JOKER, RANK_BY_CODE, is_red, parse_card, rank_name, rank_of
from sixcardgolf.hole import PHASE_NAMES, EndReason, Phase
from sixcardgolf.options import EARLY_KNOCK_MAX_HIDDEN, ENDGAME_MAX_HIDDEN
from sixcardgolf.rules import (
    AUTO_DECKS,
    AUTO_DECKS_3X3,
    MAX_PLAYERS,
    Rules,
    early_knock_allowed,
    endgame_begun,
)


def test_the_early_knock_needs_one_or_two_face_down_cards() -> None:
    assert EARLY_KNOCK_MAX_HIDDEN == 2
    assert [early_knock_allowed(hidden) for hidden in range(5)] == [False, True, True, False, False]


@pytest.mark.parametrize(("hidden", "offered"), [(3, False), (2, True), (1, True)])
def test_the_early_knock_is_offered_exactly_when_the_predicate_allows(hidden: int, offered: bool) -> None:
    rules = load_preset("basic").with_options({"early_knock": True, "initial_reveals": 6 - hidden})
    state = scripted_hole(rules, ["8H KS 2D / 8C AS 5H", "QH QS 3D / 4C 9S 7H"], "6D")
    while state.phase == Phase.OPENING:
        state.apply_action(state.legal_actions()[0])
    assert (A.EARLY_KNOCK in state.legal_actions()) is offered is early_knock_allowed(hidden)


def test_the_endgame_begins_at_one_face_down_card() -> None:
    assert ENDGAME_MAX_HIDDEN == 1
    assert [endgame_begun(fewest) for fewest in range(4)] == [True, True, False, False]


def test_the_endgame_flip_follows_the_predicate() -> None:
    rules = load_preset("basic").with_options({"flip_on_discard": "endgame", "initial_reveals": 4})
    state = scripted_hole(rules, ["8H KS 2D / 8C AS 5H", "QH QS 3D / 4C 9S 7H"], "6D", stock="KD QD")
    while state.phase == Phase.OPENING:
        state.apply_action(state.legal_actions()[0])
    assert not state.endgame_begun()  # two face down each
    play(state, "draw", "discard")
    assert state.phase == Phase.DRAW  # no flip offered before the endgame
    play(state, "draw", "swap 5")  # the second seat now has one card face down
    assert state.endgame_begun()
    play(state, "draw", "discard")
    assert state.phase == Phase.FLIP_AFTER_DISCARD and A.SKIP_FLIP in state.legal_actions()


def test_automatic_decks_follow_the_table() -> None:
    assert AUTO_DECKS[-1][0] == AUTO_DECKS_3X3[-1][0] == MAX_PLAYERS
    basic, nine = Rules(), Rules(layout="3x3")
    for table, rules in ((AUTO_DECKS, basic), (AUTO_DECKS_3X3, nine)):
        fewest = 2
        for most, decks in table:
            assert all(rules.decks_for(players) == decks for players in range(fewest, most + 1))
            fewest = most + 1


def test_a_shoe_holds_whole_decks_and_their_jokers() -> None:
    rules = Rules(decks=2, jokers_per_deck=1)
    shoe = rules.shoe_for(3)
    assert len(shoe) == 2 * (CARDS_PER_DECK + 1) and shoe.count(JOKER) == 2
    assert CARD_CODES == CARDS_PER_DECK + 1


def test_card_helpers() -> None:
    assert [rank_name(c) for c in cards("AS 10H JD QC KS JK")] == ["A", "10", "J", "Q", "K", "JK"]
    assert [is_red(c) for c in cards("8H 8D 8S 8C JK")] == [True, True, False, False, False]
    assert all(RANK_BY_CODE[c] == rank_of(c) for c in range(CARD_CODES))
    assert rank_of(parse_card("JK")) == 13 and rank_of(parse_card("KC")) == 12


def test_phases_and_end_reasons_are_named() -> None:
    assert [PHASE_NAMES[p] for p in Phase] == ["opening", "draw", "holding", "flip", "over"]
    assert [str(r) for r in EndReason] == ["final_turns", "went_out", "knock", "early_knock", "turn_limit", "no_cards"]
