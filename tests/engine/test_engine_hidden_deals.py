"""A match with hidden deals (a room's): its holes are dealt from a one-way hash of the seed, its record of the
finished holes replays without the seed, and nothing in the record tells the next hole's cards."""

from __future__ import annotations

import json
import random

import pytest

from sixcardgolf import Match, load_preset
from sixcardgolf.errors import SaveError, UsageError
from sixcardgolf.match import HIDDEN
from sixcardgolf.seeds import hole_key

RULES = load_preset("basic").with_options({"holes": 3})


def play_hole(match: Match, rng: random.Random) -> None:
    while not match.hole.is_over():
        match.apply_action(rng.choice(match.legal_actions()))


def test_hidden_deals_differ_from_the_seeds_and_replay_from_the_save() -> None:
    plain, hidden = Match(RULES, 3, 99), Match(RULES, 3, 99, deals=HIDDEN)
    assert plain.hole.layouts != hidden.hole.layouts
    rng = random.Random(4)
    play_hole(hidden, rng)
    hidden.next_hole()
    again = Match.from_save(json.loads(hidden.dumps()))
    assert again.hole.layouts == hidden.hole.layouts and again.log == hidden.log


def test_the_record_replays_the_finished_holes_and_holds_no_seed_nor_the_next_deal() -> None:
    match = Match(RULES, 2, 123456789, deals=HIDDEN)
    with pytest.raises(UsageError):
        match.record_save()  # nothing is finished yet
    rng = random.Random(8)
    play_hole(match, rng)
    match.next_hole()
    for _ in range(3):
        match.apply_action(rng.choice(match.legal_actions()))
    record = match.record_save()
    text = json.dumps(record)
    assert "123456789" not in text and hole_key(123456789, 0) not in text
    assert match.hole_key(1) not in text  # the hole in play
    replayed = Match.from_save(record)
    assert replayed.records == match.records and replayed.hole.is_over()
    with pytest.raises(SaveError):
        replayed.next_hole()  # the record has no deal for the next hole


def test_the_first_dealer_moves_the_deal_and_is_kept_in_the_save() -> None:
    match = Match(RULES, 3, 5, first_dealer=0)
    assert match.hole.dealer == 0 and match.current_player() == 1
    assert Match.from_save(match.to_save()).hole.dealer == 0
    assert "first_dealer" not in Match(RULES, 3, 5).to_save()  # old saves stay as they were


@pytest.mark.parametrize("deals", ["open", [], [3], ["x" * 500]])
def test_deals_of_the_wrong_kind_are_refused(deals: object) -> None:
    with pytest.raises(UsageError):
        Match(RULES, 2, 1, deals=deals)  # type: ignore[arg-type]


def test_a_first_dealer_not_at_the_table_is_refused_in_both_languages() -> None:
    with pytest.raises(UsageError) as caught:
        Match(RULES, 2, 1, first_dealer=2)
    assert "0" in caught.value.message("en") and "席" in caught.value.message("ja")
