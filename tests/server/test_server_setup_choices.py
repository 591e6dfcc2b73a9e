"""A room offers what the Play page offers (the door's TABLE_PLAYERS and HOLE_CHOICES), and its refusal of a
number of players says the door's numbers, written by no hand in the catalogues."""

from __future__ import annotations

import re

import pytest
from roomkit import Person, make_hub

from sixcardgolf.door.match import HOLE_CHOICES, TABLE_PLAYERS
from sixcardgolf.messages import catalogue


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_players_refusal_names_the_doors_numbers(lang: str) -> None:
    assert not re.search(r"\d", catalogue(lang)["room.error.players"]), "a number of players written by hand"
    host = Person(make_hub(), lang=lang)
    host.hello(lang)
    too_many = max(TABLE_PLAYERS) + 1
    [refusal] = host.say(
        type="create", setup={"players": too_many, "holes": HOLE_CHOICES[0]}, seats=["person"] * too_many
    )
    assert refusal["key"] == "room.error.players"
    assert str(min(TABLE_PLAYERS)) in refusal["error"] and str(max(TABLE_PLAYERS)) in refusal["error"]


def test_a_room_takes_every_number_of_players_and_holes_the_page_offers() -> None:
    for players in TABLE_PLAYERS:
        for holes in HOLE_CHOICES:
            host = Person(make_hub())
            host.hello()
            frames = host.say(type="create", setup={"players": players, "holes": holes},
                              seats=["person"] + ["open"] * (players - 1))  # fmt: skip
            assert not host.errors(frames), (players, holes, frames)
