"""Random-simulation conformance test, in the style of OpenSpiel's game tests.

Whole matches are played with uniformly random legal actions, over every preset
and over random combinations of options. At every step: the cards are
conserved, legal actions are sorted and only the seat to move has any, a clone
equals the original and is independent of it, an illegal action changes
nothing, and every observation shows exactly what its seat may see. At every
hole's end: the hole ended within its turn limit, with all cards face up, and
every seat's points equal an independent brute-force scorer (golf_reference).
Saves are restored and compared mid-hole and at the end of each hole, and undo
is tried at a random point of each hole.

The normal run plays about 1,500 holes (every preset, 24 random option mixes, every value of every choice and
on/off option); `--run-slow` (`make test-slow`) plays about 10,000 more over the same presets and mixes, and
100,000 random holes besides.
"""

from __future__ import annotations

import random
from collections import Counter

import golf_reference as ref
import pytest
from golf_rig import BOOL_KEYS, random_rules, seat_count, snapshot

from sixcardgolf import IllegalActionError, Match, Rules, load_preset, observe, preset_names
from sixcardgolf import actions as A
from sixcardgolf.actions import redeal, redealt_peeks
from sixcardgolf.hole import HOLDING, NO_CARD, OPENING
from sixcardgolf.observation import UNKNOWN
from sixcardgolf.options import CHOICES

ALL_ACTIONS = [A.DRAW_STOCK, A.TAKE_DISCARD, A.DISCARD, A.KNOCK, A.EARLY_KNOCK, A.SKIP_FLIP, A.NEXT_HOLE] + [
    base + p for base in (A.SWAP, A.FLIP) for p in range(A.MAX_POSITIONS)
]


def check_step(match: Match, rng: random.Random, shoe: list[int]) -> None:
    hole = match.hole
    rules = hole.rules
    # Cards are conserved: stock + discard + layouts + the card in hand is the whole shoe.
    in_play = hole.stock + hole.discard + [card for layout in hole.layouts for card in layout]
    if hole.held != NO_CARD:
        in_play.append(hole.held)
    in_play.sort()
    assert in_play == shoe
    assert hole.turns <= rules.turn_limit
    # Legal actions: sorted, distinct, only for the seat to move.
    legal = hole.legal_actions()
    assert legal == sorted(set(legal))
    mover = hole.current_player()
    for seat in range(hole.players):
        assert hole.legal_actions(seat) == (legal if seat == mover else [])
    if hole.is_over():
        assert legal == [] and mover == -1
    else:
        assert legal, "a hole that is not over must offer its seat a move"
    # Observations: each seat sees public cards, its own peeks, and the drawn card if it may.
    visible = tuple(ref.visible(rules, layout, hole.up[s]) for s, layout in enumerate(hole.layouts))
    for seat in range(hole.players):
        seen = observe(hole, seat)
        assert seen.visible_scores == visible
        for s, layout in enumerate(hole.layouts):
            known = hole.up[s] | (hole.peeked[s] if s == seat else 0)
            assert list(seen.layouts[s]) == [c if known >> p & 1 else UNKNOWN for p, c in enumerate(layout)]
        assert seen.legal_actions == tuple(hole.legal_actions(seat))
        may_see_held = hole.held != NO_CARD and (seat == mover or hole.held_from_discard)
        assert seen.held == (hole.held if may_see_held else UNKNOWN)
        assert seen.stock_count == len(hole.stock) and list(seen.discard) == hole.discard
    # Clone equals the original and is independent of it.
    before = snapshot(hole)
    twin = hole.clone()
    assert snapshot(twin) == before
    if legal:
        twin.apply_action(rng.choice(legal))
        assert snapshot(hole) == before
    # An illegal action raises and changes nothing.
    illegal = [a for a in ALL_ACTIONS if a not in legal and a != A.NEXT_HOLE]
    with pytest.raises(IllegalActionError):
        hole.apply_action(rng.choice(illegal))
    assert snapshot(hole) == before


def check_save(match: Match) -> None:
    restored = Match.from_save(match.dumps())
    assert snapshot(restored.hole) == snapshot(match.hole)
    assert restored.records == match.records and restored.log == match.log
    assert restored.outcome() == match.outcome()


def check_undo(match: Match, seat: int) -> None:
    """Undo on a copy: back to `seat` holding the same drawn card and seeing what it saw then, the cards still
    conserved; a redeal after it exactly when the moves taken back had shown a card nobody knew."""
    copy = Match.from_save(match.dumps())
    point = copy.undo_point(seat)
    assert point is not None
    shows = copy.undo_shows(seat)
    assert copy.undo(seat) is shows
    hole = copy.hole
    assert hole.phase == HOLDING and hole.seat == seat
    released = redealt_peeks(copy.log[-1]) if shows else ()
    assert copy.log == match.log[:point] + ([redeal(released)] if shows else [])
    then = copy.to_save()
    then["actions"] = then["actions"][:point]
    seen_now, seen_then = copy.observation(seat).to_dict(), Match.from_save(then).observation(seat).to_dict()
    for owner, position in released:  # a peeked card the undone moves showed is no longer known to its owner
        assert seen_now["layouts"][owner][position]["card"] is None
        seen_now["layouts"][owner][position] = seen_then["layouts"][owner][position]
    assert seen_now == seen_then  # the seat sees exactly what it saw then
    assert sorted(hole.stock + hole.discard + [c for layout in hole.layouts for c in layout] + [hole.held]) == sorted(
        hole.rules.shoe_for(hole.players)
    )


def check_flip_after_discard(match: Match, discard: int) -> None:
    """Discard the card in hand; a flip phase follows exactly when the reference rules say one is owed, offering
    every face-down position, and the skip only when the flip is optional."""
    hole = match.hole
    seat, size = hole.seat, hole.rules.size
    hidden = [size - up.bit_count() for up in hole.up]
    owed = ref.flip_after_discard(hole.rules, hidden, seat, hole.held_from_discard)
    match.apply_action(discard)
    if owed == "none":  # the turn is over: the next seat moves, or the hole has ended
        assert hole.is_over() or hole.seat != seat, (owed, hole.rules.flip_on_discard)
        return
    # The same seat moves again, and can only flip (or skip): no draw, no take, no knock.
    assert hole.seat == seat, (owed, hole.rules.flip_on_discard)
    flips = [A.FLIP + p for p in range(size) if not hole.up[seat] >> p & 1]
    assert hole.legal_actions() == ([A.SKIP_FLIP] if owed == "may" else []) + flips


def check_hole_end(match: Match) -> None:
    hole = match.hole
    rules = hole.rules
    assert hole.is_over() and hole.turns <= rules.turn_limit
    assert all(up == (1 << rules.size) - 1 for up in hole.up), "every card is turned up at the end"
    if hole.end_reason == "turn_limit":
        assert hole.turns == rules.turn_limit, "the turn limit ends a hole exactly when it is reached"
    went_out = None if hole.went_out < 0 else hole.went_out
    knocked = None if hole.knocker < 0 else hole.knocker
    expected = ref.totals(rules, hole.layouts, went_out, knocked)
    assert hole.returns() == expected, (rules.to_dict(), hole.debug_dict(), went_out, knocked)
    breakdown = hole.scores()
    assert [s.total for s in breakdown] == expected
    for score in breakdown:
        assert score.card_points == sum(g.points for g in score.groups)
        assert score.total == score.card_points + sum(a.points for a in score.adjustments)
    assert match.records[-1].points == tuple(expected)


def play_matches(rules_for: object, seed: str, holes_wanted: int) -> Counter[str]:
    """Play random matches until `holes_wanted` holes are done; return how many holes ended for each reason."""
    rng = random.Random(f"conformance/{seed}")
    ended: Counter[str] = Counter()
    while ended.total() < holes_wanted:
        rules = rules_for(rng) if callable(rules_for) else rules_for
        players = seat_count(rules, rng)
        match = Match(rules, players, rng.getrandbits(32))
        shoe = sorted(rules.shoe_for(players))
        while True:
            save_at = rng.randint(0, 40)
            undo_at = rng.randint(0, 60)
            steps = 0
            previous_totals = match.totals()
            while not match.hole.is_over():
                check_step(match, rng, shoe)
                if steps == save_at:
                    check_save(match)
                if steps == undo_at and match.hole.phase != OPENING:
                    seat = rng.randrange(players)
                    if match.can_undo(seat):
                        check_undo(match, seat)
                action = rng.choice(match.legal_actions())
                if action == A.DISCARD:
                    check_flip_after_discard(match, action)
                else:
                    match.apply_action(action)
                steps += 1
            check_step(match, rng, shoe)
            check_hole_end(match)
            ended[str(match.hole.end_reason)] += 1
            record = match.records[-1]
            if not record.playoff:
                assert match.totals() == [t + p for t, p in zip(previous_totals, record.points, strict=True)]
            if match.is_over():
                check_save(match)
                break
            match.next_hole()
            # The deal rotates: the dealer moves one seat, the seat after the dealer starts.
            assert match.hole.dealer == (len(match.records) - 1) % players
        outcome = match.outcome()
        assert outcome is not None and outcome.totals == tuple(match.totals())
        if rules.ties == "shared" or len(outcome.winners) == 1:
            lowest = min(outcome.totals)
            if not any(r.playoff for r in match.records):
                assert outcome.winners == tuple(s for s in range(players) if outcome.totals[s] == lowest)
    return ended


# The default run plays about 1,500 holes: every preset, 24 random option mixes and every value of every choice and
# on/off option in a match of its own. `make test-slow` plays ten times as many over the same presets and mixes,
# and 100,000 random holes more; `make soak` a million.
PRESET_HOLES, PRESET_HOLES_SLOW = 15, 125
MIX_HOLES, MIX_HOLES_SLOW = 35, 265
PRESET_CASES = [(name, part) for name in preset_names() for part in range(3)]
VALUES = {**CHOICES, **{key: (False, True) for key in BOOL_KEYS}}


@pytest.mark.parametrize(("preset", "part"), PRESET_CASES)
def test_every_preset_plays_by_the_rules(preset: str, part: int) -> None:
    play_matches(load_preset(preset), seed=f"{preset}/{part}", holes_wanted=PRESET_HOLES)


@pytest.mark.parametrize("part", range(24))
def test_random_option_combinations_play_by_the_rules(part: int) -> None:
    play_matches(random_rules, seed=f"options/{part}", holes_wanted=MIX_HOLES)


@pytest.mark.parametrize("key", VALUES)
def test_every_value_of_every_option_plays_by_the_rules(key: str) -> None:
    """Each value of a choice or on/off option in a match of its own, the other options random: a value the
    random mixes of the default run happen to miss is still played."""
    for value in VALUES[key]:

        def rules_with_value(rng: random.Random, value: object = value) -> Rules:
            rules = random_rules(rng, {key: value})
            assert getattr(rules, key) == value, (key, value)
            return rules

        play_matches(rules_with_value, seed=f"value/{key}/{value}", holes_wanted=1)


@pytest.mark.slow
@pytest.mark.parametrize(("preset", "part"), PRESET_CASES)
def test_every_preset_plays_by_the_rules_at_length(preset: str, part: int) -> None:
    play_matches(load_preset(preset), seed=f"{preset}/{part}/more", holes_wanted=PRESET_HOLES_SLOW)


@pytest.mark.slow
@pytest.mark.parametrize("part", range(24))
def test_random_option_combinations_play_by_the_rules_at_length(part: int) -> None:
    play_matches(random_rules, seed=f"options/{part}/more", holes_wanted=MIX_HOLES_SLOW)


@pytest.mark.slow
@pytest.mark.parametrize("part", range(40))
def test_many_more_random_holes(part: int) -> None:
    play_matches(random_rules, seed=f"slow/{part}", holes_wanted=2500)
