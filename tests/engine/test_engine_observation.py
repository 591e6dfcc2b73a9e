"""Information (RULES.md §4): a seat's observation holds what that seat may know, and nothing more."""

from __future__ import annotations

import gc
import random

import pytest
from golf_rig import cards, play, random_rules, reveal_openings, scripted_hole, seat_count

from sixcardgolf import HoleState, IllegalActionError, load_preset, observe, parse_action, preset_names
from sixcardgolf.errors import UsageError
from sixcardgolf.hole import DRAW, NO_CARD
from sixcardgolf.observation import UNKNOWN, Observation, public_event

BASIC = load_preset("basic")
TOP_ROW_UP = BASIC.with_options({"initial_reveals": 3})


def unseen_slots(state: HoleState, seat: int) -> list[tuple[str, int, int]]:
    """Every place holding a card `seat` cannot see: the stock, face-down cards it has not peeked, a hidden hand."""
    slots = [("stock", 0, i) for i in range(len(state.stock))]
    for s, layout in enumerate(state.layouts):
        known = state.up[s] | (state.peeked[s] if s == seat else 0)
        slots.extend(("layout", s, p) for p in range(len(layout)) if not known >> p & 1)
    if state.held != NO_CARD and seat != state.seat and not state.held_from_discard:
        slots.append(("held", 0, 0))
    return slots


def rearranged(state: HoleState, seat: int, rng: random.Random) -> HoleState:
    """A copy where every card `seat` cannot see has been shuffled among those places."""
    other = state.clone()
    slots = unseen_slots(state, seat)
    hidden = [_get(other, slot) for slot in slots]
    rng.shuffle(hidden)
    for slot, card in zip(slots, hidden, strict=True):
        _set(other, slot, card)
    return other


def _get(state: HoleState, slot: tuple[str, int, int]) -> int:
    kind, s, i = slot
    return state.stock[i] if kind == "stock" else state.layouts[s][i] if kind == "layout" else state.held


def _set(state: HoleState, slot: tuple[str, int, int], card: int) -> None:
    kind, s, i = slot
    if kind == "stock":
        state.stock[i] = card
    elif kind == "layout":
        state.layouts[s][i] = card
    else:
        state.held = card


def random_states(rules_source: object, count: int, seed: str) -> list[HoleState]:
    rng = random.Random(seed)
    states = []
    while len(states) < count:
        rules = rules_source(rng) if callable(rules_source) else rules_source
        state = HoleState.deal(rules, seat_count(rules, rng), 0, rng, "obs")
        stop = rng.randint(0, 40)
        for _ in range(stop):
            if state.is_over():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        if not state.is_over():
            states.append(state)
    return states


@pytest.mark.parametrize("source", [*preset_names(), "random options"])
def test_rearranging_every_card_a_seat_cannot_see_leaves_its_observation_unchanged(source: str) -> None:
    rules_source = random_rules if source == "random options" else load_preset(source)
    rng = random.Random(source)
    changed = 0
    for state in random_states(rules_source, 60, source):
        for seat in range(state.players):
            other = rearranged(state, seat, rng)
            changed += snapshot_cards(other) != snapshot_cards(state)
            assert observe(other, seat) == observe(state, seat)
            assert observe(other, seat).to_dict() == observe(state, seat).to_dict()
    assert changed > 50, "the rearrangement must actually move cards for the test to mean anything"


def snapshot_cards(state: HoleState) -> tuple[object, ...]:
    return (tuple(state.stock), tuple(map(tuple, state.layouts)), state.held)


def test_moving_a_card_the_seat_can_see_does_change_its_observation() -> None:
    # The control for the test above: the comparison is sensitive to what is visible.
    state = reveal_openings(scripted_hole(BASIC, ["8H KS 2D / 8C AS 5H", "QH QS 3D / 4C 9S 7H"], "6D"))
    other = state.clone()
    other.layouts[1][0], other.layouts[1][5] = other.layouts[1][5], other.layouts[1][0]  # position 1 is face up
    assert observe(other, 0) != observe(state, 0)


def test_the_drawn_stock_card_is_seen_only_by_the_player_who_drew_it() -> None:
    state = scripted_hole(BASIC.with_options({"initial_reveals": 0}), ["8H KS 2D / 8C AS 5H", "QH QS 3D / 4C 9S 7H"],
                          "6D", stock="KD")  # fmt: skip
    play(state, "draw")
    assert observe(state, 0).held == cards("KD")[0] and observe(state, 1).held == UNKNOWN
    assert observe(state, 1).to_dict()["held"] is None and observe(state, 1).to_dict()["held_from"] == "stock"


def test_a_card_taken_from_the_discard_pile_is_public() -> None:
    state = scripted_hole(BASIC.with_options({"initial_reveals": 0}), ["8H KS 2D / 8C AS 5H", "QH QS 3D / 4C 9S 7H"],
                          "6D")  # fmt: skip
    play(state, "take")
    assert observe(state, 1).held == cards("6D")[0]


def test_face_down_cards_are_unknown_to_their_owner_too() -> None:
    state = reveal_openings(scripted_hole(TOP_ROW_UP, ["8H KS 2D / 8C AS 5H", "QH QS 3D / 4C 9S 7H"], "6D"))
    own = observe(state, 0).to_dict()["layouts"][0]
    assert [slot["card"] for slot in own] == ["8H", "KS", "2D", None, None, None]
    assert [slot["up"] for slot in own] == [True, True, True, False, False, False]


def test_visible_score_counts_face_up_cards_and_only_fully_face_up_pairs() -> None:
    layouts = ["8H KS 2D / 8C AS 5H", "QH QS 3D / 4C 9S 7H"]
    # Top rows face up: 8 K 2 over a hidden 8 is not a pair yet, so 8 + 0 - 2 = 6 (not a forecast of 4).
    state = reveal_openings(scripted_hole(TOP_ROW_UP, layouts, "6D"))
    assert observe(state, 1).visible_scores == (8 + 0 - 2, 10 + 10 + 3)
    # With the bottom-left 8 face up too, the 8s pair: 0 + 0 - 2.
    four_up = BASIC.with_options({"initial_reveals": 4})
    state = reveal_openings(scripted_hole(four_up, layouts, "6D"), positions=(1, 2, 3, 4))
    assert observe(state, 1).visible_scores == (0 + 0 - 2, 10 + 4 + 10 + 3)


def test_an_observation_kept_while_the_hole_moves_on_still_shows_its_moment() -> None:
    state = reveal_openings(scripted_hole(BASIC, ["8H KS 2D / 8C AS 5H", "QH QS 3D / 4C 9S 7H"], "6D", stock="KD"))
    read_before = observe(state, 1)
    layouts = read_before.layouts  # one field read now, the others only after the hole has moved on
    untouched = observe(state, 1)
    frozen = observe(state, 1).to_dict()
    kept = {untouched: "a key"}  # observations are values: they can be dict keys
    play(state, "draw", "swap 6")
    assert untouched.to_dict() == frozen and read_before.to_dict() == frozen and read_before.layouts == layouts
    assert untouched.phase == DRAW and untouched.discard == tuple(cards("6D")) and untouched.turns == 0
    assert kept[untouched] == "a key" and untouched == read_before
    now = observe(state, 1)
    assert now != untouched and now.turns == 1 and now.layouts[0][5] == cards("KD")[0]


def test_observations_kept_through_a_whole_hole_read_their_own_moments() -> None:
    state = HoleState.deal(load_preset("jokers"), 3, 1, random.Random(5), "kept")
    chooser = random.Random(5)
    kept, then = [], []
    while not state.is_over():
        state.apply_action(chooser.choice(observe(state, state.seat).legal_actions))
        kept.append({"a list": observe(state, 0)})
        then.append(repr(observe(state, 0)))  # a second view of the same moment, printed at once
    assert [repr(views["a list"]) for views in kept] == then and len(set(then)) > len(then) // 2


def test_an_observation_is_a_value_that_holds_no_reference_to_the_hole() -> None:
    """observe() hands out a view of its own copy: no protocol with the hole keeps it true (the hole kept its latest
    view in a slot and copied it by reference count before it changed)."""
    state = reveal_openings(scripted_hole(BASIC, ["8H KS 2D / 8C AS 5H", "QH QS 3D / 4C 9S 7H"], "6D", stock="KD"))
    view = observe(state, 0)
    assert not any(isinstance(referrer, Observation) for referrer in gc.get_referrers(state))
    frozen = view.to_dict()
    play(state, "draw", "swap 6")
    assert view.to_dict() == frozen


def test_an_observation_reads_only_what_is_asked_for_but_equals_a_full_copy() -> None:
    state = reveal_openings(scripted_hole(BASIC, ["8H KS 2D / 8C AS 5H", "QH QS 3D / 4C 9S 7H"], "6D"))
    one, two = observe(state, 1), observe(state, 1)
    assert one == two and hash(one) == hash(two) and repr(one) == repr(two)
    assert one != observe(state, 0) and one != "not an observation"
    assert repr(one).startswith("Observation(rules=") and "legal_actions=()" in repr(one)


def test_observe_names_a_seat_that_is_not_at_the_table() -> None:
    state = scripted_hole(BASIC, ["8H KS 2D / 8C AS 5H", "QH QS 3D / 4C 9S 7H"], "6D")
    for seat in (-1, 2):
        with pytest.raises(UsageError, match=f"seat {seat} is not at this table of 2"):
            observe(state, seat)


def test_a_public_event_names_only_the_cards_everyone_sees() -> None:
    state = reveal_openings(scripted_hole(BASIC, ["8H KS 2D / 8C AS 5H", "QH QS 3D / 4C 9S 7H"], "6D", stock="KD"))
    assert public_event(state, parse_action("take")) == {"seat": 0, "action": "take", "card": "6D"}
    assert public_event(state, parse_action("draw")) == {"seat": 0, "action": "draw"}  # the stock card stays secret
    play(state, "draw")
    assert public_event(state, parse_action("swap 6")) == {
        "seat": 0,
        "action": "swap 6",
        "card": "KD",
        "replaced": "5H",
    }
    assert public_event(state, parse_action("discard")) == {"seat": 0, "action": "discard", "card": "KD"}
    with pytest.raises(IllegalActionError, match="'knock' is not allowed"):
        public_event(state, parse_action("knock"))
