"""The Hint of a room's seat (door/observed.py): worked out from the observation the seat was sent, it names the
move the Hint of the real match names, and an observation no hole could show is refused."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from sixcardgolf import actions as A
from sixcardgolf import door
from sixcardgolf.door.params import rules_from
from sixcardgolf.match import Match
from sixcardgolf.review.hint import hint


def ask(params: dict[str, Any]) -> dict[str, Any]:
    return json.loads(door.handle(json.dumps({"method": "observation_hint", "params": params})))  # type: ignore[no-any-return]


def positions(preset: str, players: int, seed: int, count: int) -> list[tuple[Match, int]]:
    """`count` random moments of a random hole at which a seat is to move, with that seat."""
    match = Match(rules_from({"preset": preset}), players, seed)
    rng = random.Random(seed)
    found: list[tuple[Match, int]] = []
    while not match.hole.is_over():
        seat = match.current_player()
        if rng.random() < 0.3 and len(found) < count:
            found.append((Match.from_save(match.to_save()), seat))
        match.apply_action(rng.choice(match.observation(seat).legal_actions))
    return found


@pytest.mark.parametrize(("preset", "players", "seed"), [("basic", 2, 3), ("four-card", 3, 5), ("jokers", 4, 8)])
def test_the_hint_from_the_observation_is_the_hint_of_the_real_match(preset: str, players: int, seed: int) -> None:
    """Four-card peeks: the seat's own peeked cards are in its observation, the others' are not."""
    for match, seat in positions(preset, players, seed, 2):
        observation = match.observation(seat)
        answer = ask({"lang": "ja", "preset": preset, "observation": observation.to_dict(), "seed": 77})
        assert answer["ok"], answer
        expected = hint(observation, 77)
        assert answer["result"] == {"action": A.format_action(expected.action), "reason": expected.reason("ja")}


def waiting_observation() -> tuple[Match, dict[str, Any]]:
    match = positions("basic", 3, 11, 1)[0][0]
    return match, match.observation(match.current_player()).to_dict()


def test_an_observation_showing_another_seats_face_down_card_is_refused() -> None:
    _, seen = waiting_observation()
    other = (seen["seat"] + 1) % 3
    hidden = next(p for p, slot in enumerate(seen["layouts"][other]) if not slot["up"])
    # A card the seat cannot see: the page claims to know it.
    seen["layouts"][other][hidden]["card"] = "QS" if seen["discard"][-1] != "QS" else "QH"
    answer = ask({"lang": "en", "preset": "basic", "observation": seen, "seed": 1})
    assert answer == {"ok": False, "error": answer["error"]} and "layouts" in answer["error"], answer


@pytest.mark.parametrize(
    "change",
    [
        {"stock_count": 3},  # cards that do not add up
        {"discard": ["AS"] * 9},  # a card more often than one deck holds it
        {"legal_actions": ["knock"]},  # a move these rules never offer
        {"visible_scores": [0, 0, 99]},
        {"phase": "nowhere"},
        {"players": 7},
        {"extra": 1},
    ],
    ids=lambda change: next(iter(change)),
)
def test_an_observation_that_does_not_check_out_is_refused_in_both_languages(change: dict[str, Any]) -> None:
    _, seen = waiting_observation()
    bad = {**seen, **change}
    if "stock_count" in change:
        bad["stock_count"] = seen["stock_count"] + 3
    en = ask({"lang": "en", "preset": "basic", "observation": bad, "seed": 1})
    ja = ask({"lang": "ja", "preset": "basic", "observation": bad, "seed": 1})
    assert not en["ok"] and not ja["ok"], (en, ja)
    assert en["error"] != ja["error"]


def test_no_hint_for_a_seat_that_is_not_to_move() -> None:
    match, _ = waiting_observation()
    waiting = match.observation((match.current_player() + 1) % 3).to_dict()
    answer = ask({"lang": "en", "preset": "basic", "observation": waiting, "seed": 1})
    assert not answer["ok"] and "turn" in answer["error"], answer
