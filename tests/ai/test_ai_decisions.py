"""Decisions a good player never gets wrong, checked for every level that claims to play well.

Each expectation is worked out by hand from the rules (card values, pairs,
penalties), not taken from the players' own numbers. Easy is held to the
clearest cases only: a beginner still takes a pair of queens.
"""

from __future__ import annotations

import pytest

from sixcardgolf import Rules, load_preset
from sixcardgolf import actions as A
from sixcardgolf.ai import make_policy
from support.scripted import position, seat_view

GOOD = ["normal", "hard"]
ALL = ["easy", "normal", "hard"]
BASIC = Rules()
OPPONENT = "QD? 8D 3D? / JC? 10H? 10C?"  # one face-up 8, the rest unknown


def decide(level: str, state: object, seed: int = 1) -> int:
    from sixcardgolf import HoleState

    assert isinstance(state, HoleState)
    action = make_policy(level, seed).choose(seat_view(state))
    assert action in state.legal_actions()
    return action


@pytest.mark.parametrize("level", GOOD)
def test_keeps_a_king_it_drew(level: str) -> None:
    # A king is worth 0: throwing it away wastes it. Over the face-up 9 it saves 9; over a face-down card
    # about 5.5 and a step nearer to going out; both are sound, a discard or the 3's place is not.
    state = position(BASIC, ["9H 5D? 7C? / 4S? 3H 6D?", OPPONENT], "5C", held="KS")
    over_the_nine = {A.swap(0)}
    face_down = {A.swap(p) for p in (1, 2, 3, 5)}
    assert decide(level, state) in over_the_nine | face_down


@pytest.mark.parametrize("level", GOOD)
def test_takes_a_king_from_the_discard_pile(level: str) -> None:
    # The king saves 10 over the face-up queen; a stock draw is worth far less on average.
    state = position(BASIC, ["QH 5D? 7C? / 4S? JH 6D?", OPPONENT], "5C KS")
    assert decide(level, state) == A.TAKE_DISCARD


@pytest.mark.parametrize("level", ALL)
def test_takes_a_discard_that_completes_a_pair_of_queens(level: str) -> None:
    # Column 1 holds a face-up queen over a face-up 7 (17 points); a second queen cancels it to 0.
    layout = "QH 4D? 8C? / 7S 5H? 2D?"
    state = position(BASIC, [layout, OPPONENT], "3C QC")
    assert decide(level, state) == A.TAKE_DISCARD
    holding = position(BASIC, [layout, OPPONENT], "3C", held="QC", from_discard=True)
    assert decide(level, holding) == A.swap(3)


@pytest.mark.parametrize("level", GOOD)
def test_does_not_break_a_pair_of_jacks_for_a_lower_single_card(level: str) -> None:
    # Jack over jack scores 0; a 3 in either place would make that column 13.
    state = position(BASIC, ["JH 5D? 9C / JS 6H? 4D?", OPPONENT], "8C", held="3C")
    action = decide(level, state)
    assert action not in (A.swap(0), A.swap(3), A.DISCARD)


@pytest.mark.parametrize("level", GOOD)
def test_does_not_pair_two_minus_twos_when_the_pair_scores_zero(level: str) -> None:
    # 2 over K scores -2; a second 2 under the first would make a pair worth 0 (worse by 2).
    state = position(BASIC, ["2H 9D 6C? / KS 5H? 4D?", OPPONENT], "8C", held="2C")
    action = decide(level, state)
    assert action not in (A.swap(3), A.DISCARD), "the 2 belongs over the 9 (saves 11) or a face-down card"


@pytest.mark.parametrize("level", GOOD)
def test_pairs_two_minus_twos_when_negative_pairs_keep_their_value(level: str) -> None:
    # With the option on, 2 over 2 scores -4: putting the 2 over the face-up 7 saves 9 points.
    rules = BASIC.with_options({"negative_pairs_keep_value": True})
    state = position(rules, ["2H 9D? 6C? / 7S 5H? 4D?", OPPONENT], "8C", held="2C")
    assert decide(level, state) == A.swap(3)


@pytest.mark.parametrize("level", GOOD)
def test_leaves_a_one_eyed_jack_alone(level: str) -> None:
    # The jack of hearts is worth 0 under one-eyed jacks: a 3 in its place would add 3 points.
    rules = BASIC.with_options({"one_eyed_jacks": True})
    state = position(rules, ["JH 9S 5D? / 4C? 6H? 7D?", OPPONENT], "8C", held="3C")
    assert decide(level, state) not in (A.swap(0), A.DISCARD)


@pytest.mark.parametrize("level", GOOD)
def test_pairs_anywhere_uses_a_match_outside_the_column(level: str) -> None:
    # Pairs anywhere: a second queen cancels the face-up queen wherever it goes (a queen is otherwise worth
    # 10, the worst card there is): keep it, anywhere but in place of the first queen.
    rules = BASIC.with_options({"pairs": "anywhere"})
    state = position(rules, ["QH 10S 5D? / 3C 4H? KD", OPPONENT], "8C", held="QS", from_discard=False)
    assert decide(level, state) not in (A.DISCARD, A.swap(0))


@pytest.mark.parametrize("level", GOOD)
def test_completes_three_of_a_kind_in_a_nine_card_column(level: str) -> None:
    rules = load_preset("nine-card")
    layout = "8H 4D? 6C? / 8S 5H? 2D? / 5D 9C? 7S?"
    opponent = "QS? 8C 2C? / JD? 4H? 10C? / 3S? 3D? KH?"
    state = position(rules, [layout, opponent], "9S", held="8D")
    assert decide(level, state) == A.swap(6)


@pytest.mark.parametrize("level", GOOD)
def test_pairs_jokers_for_their_own_pair_value(level: str) -> None:
    # A pair of jokers scores -10 by this option: far better than any other place for the joker.
    rules = load_preset("jokers").with_options({"joker_pair_value": -10})
    state = position(rules, ["JK 9D? 6C? / 5S 5H? 4D?", OPPONENT], "8C", held="JK")
    assert decide(level, state) == A.swap(3)


@pytest.mark.parametrize("level", GOOD)
def test_does_not_knock_when_clearly_behind(level: str) -> None:
    # Four-card: a queen and a jack in view against a pair of kings; a knock would cost +10 on top.
    rules = load_preset("four-card")
    state = position(rules, ["QH 9S* / JD 8C?", "KS KC / 7D? 5C?"], "6C")
    assert state.legal_actions() == [A.DRAW_STOCK, A.TAKE_DISCARD, A.KNOCK]
    assert decide(level, state) in {A.DRAW_STOCK, A.TAKE_DISCARD}, "play on: draw, or take the 6 for the queen"


@pytest.mark.parametrize("level", GOOD)
def test_knocks_early_when_far_ahead(level: str) -> None:
    # Early knock: two pairs of kings and an ace in view (1 point) against 30 points in view.
    rules = BASIC.with_options({"early_knock": True})
    state = position(rules, ["KH KS AD / KD KC 5H?", "QH JS 10D / 9C? 8H? 7S?"], "6C")
    assert decide(level, state) == A.EARLY_KNOCK


@pytest.mark.parametrize("level", GOOD)
def test_goes_out_when_far_ahead(level: str) -> None:
    # Turning up the last card with a 2 scores 1 (K/K, A/A, 3/2): the other seat shows 29 and has three unknowns.
    state = position(BASIC, ["KH AS 3D / KD AC 6H?", "QH JS 10D / 9C? 8H? 7S?"], "6C", held="2C")
    assert decide(level, state) == A.swap(5)


@pytest.mark.parametrize("level", GOOD)
def test_does_not_go_out_when_far_behind(level: str) -> None:
    # Going out here (the 6 in the last face-down place) would lock in about 30 points against a seat showing
    # two pairs of kings. Over the face-up 9 the 6 saves 3 and the hole goes on: better than a discard, which
    # saves nothing, and than the places of the 8 or the 7, which save less.
    state = position(BASIC, ["9H 8S 7D / 6D 5C 10H?", "KH KS AD / KD KC 4S?"], "QC", held="6C")
    assert decide(level, state) == A.swap(0)


@pytest.mark.parametrize("level", GOOD)
def test_turns_up_a_card_when_a_flip_is_owed(level: str) -> None:
    # Speed golf: after discarding a stock card a face-down card must be turned up; any of them is legal.
    rules = load_preset("speed")
    state = position(rules, ["9H 5D? 7C? / 4S? 3H 6D?", OPPONENT], "5C", held="QS")
    action = decide(level, state)
    assert action == A.DISCARD
    state.apply_action(action)
    flip = make_policy(level, 1).choose(seat_view(state))
    assert flip in state.legal_actions() and flip >= A.FLIP


@pytest.mark.parametrize("level", ALL)
def test_turns_up_a_known_low_card_to_end_the_hole_when_far_ahead(level: str) -> None:
    # Four-card with flip as action and no knock: kings pair in column 1 and the peeked ace makes 1 point in all.
    # Turning the ace up ends the hole at once (immediate end) against a seat showing 19 with two unknowns.
    rules = load_preset("four-card").with_options({"flip_as_action": True, "knock": False})
    state = position(rules, ["KH KS / KD AC*", "QS 9H / 7D? 5C?"], "6C")
    assert decide(level, state) == A.flip(3)


@pytest.mark.parametrize("level", ALL)
def test_knocks_when_clearly_lowest(level: str) -> None:
    # Four-card: kings in column 1 and aces in column 2 (peeked) make 0; the other seat shows 19. Every level,
    # the beginner included, knocks here.
    rules = load_preset("four-card")
    state = position(rules, ["KH AS* / KD AC*", "QS 9H / 7D? 5C?"], "6C")
    assert decide(level, state) == A.KNOCK


OPTIONAL_FLIP = Rules().with_options({"flip_on_discard": "optional"})


def discarded(rules: Rules, layouts: list[str], held: str) -> object:
    """Seat 0 has just discarded `held`, a stock draw: the optional flip is on offer."""
    state = position(rules, layouts, "6C", held=held)
    state.apply_action(A.DISCARD)
    assert A.SKIP_FLIP in state.legal_actions()
    return state


@pytest.mark.parametrize("level", GOOD)
def test_takes_an_optional_flip_of_the_last_card_when_far_ahead(level: str) -> None:
    # Kings and aces pair in columns 1 and 2: turning up the last card scores 3 plus that card, at most 13,
    # against a seat showing 30 with three unknowns. Going out now beats giving that seat more turns. (The
    # discarded 9 pairs none of that seat's face-up queen, jack and ten, so its final turn gains little.)
    state = discarded(OPTIONAL_FLIP, ["KH AS 3D / KD AC 6H?", "QH JS 10D / 9C? 8H? 7S?"], "9D")
    assert decide(level, state) == A.flip(5)


@pytest.mark.parametrize("level", GOOD)
def test_skips_an_optional_flip_of_the_last_card_when_far_behind(level: str) -> None:
    # Turning up the last card would end the hole showing 35 and more against a seat showing 0: skip, and keep
    # the turns to lower the face-up 9, 8 and 7.
    state = discarded(OPTIONAL_FLIP, ["9H 8S 7D / 6D 5C 10H?", "KH KS AD / KD AC 4S?"], "QC")
    assert decide(level, state) == A.SKIP_FLIP


@pytest.mark.parametrize("level", GOOD)
def test_discards_a_useless_draw_to_go_out_by_an_optional_flip_when_far_ahead(level: str) -> None:
    # Holding a 9 with the last card face down and far ahead: the 9 lowers nothing (every face-up card is
    # paired or a 3), and swapping it into the last place would go out with 12. Discarding it, then turning the
    # last card up, goes out with 3 plus a card that is on average well below a 9 (the cards it has not seen
    # average under 5), and the 9 pairs nothing the other seat shows.
    state = position(OPTIONAL_FLIP, ["KH AS 3D / KD AC 6H?", "QH JS 10D / 9C? 8H? 7S?"], "6C", held="9D")
    assert decide(level, state) == A.DISCARD
    state.apply_action(A.DISCARD)
    assert decide(level, state) == A.flip(5)


@pytest.mark.parametrize("level", GOOD)
def test_takes_the_free_look_an_optional_flip_gives_when_the_hole_goes_on(level: str) -> None:
    # Four cards face down and behind (a 9 and a queen showing against a pair of kings): turning one up loses
    # nothing (the card stays where it is and scores the same) and tells where a high card sits to be replaced;
    # skipping only keeps the seat in the dark.
    state = discarded(OPTIONAL_FLIP, ["9H 5D? 7C? / 4S? QH 6D?", "KH 2S? 3D? / KD AC? 4C?"], "QS")
    assert decide(level, state) in [A.flip(p) for p in (1, 2, 3, 5)]  # positions 2, 3, 4 and 6
