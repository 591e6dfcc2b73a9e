"""Every bad message of a battery is answered with an error naming what was wrong, in the sender's language, and
changes nothing; each limit refuses its excess without disturbing the room's other people."""

from __future__ import annotations

import pytest
from roomkit import Clock, Person, make_hub, mover, room_of

BATTERY: list[tuple[str, str]] = [
    ("not json", "room.error.not_json"),
    ("[1, 2]", "room.error.not_object"),
    ('{"type": "fly"}', "room.error.type"),
    ('{"type": 7}', "room.error.type"),
    ('{"type": "act", "step": 1}', "room.error.missing"),
    ('{"type": "act", "action": 5, "step": 1}', "room.error.field_kind"),
    ('{"type": "act", "action": "draw", "step": "1"}', "room.error.field_kind"),
    ('{"type": "act", "action": "draw", "step": true}', "room.error.field_kind"),
    ('{"type": "act", "action": "draw", "step": 1, "seat": 1}', "room.error.field"),
    ('{"type": "act", "action": "teleport", "step": 1}', "room.error.action"),
    ('{"type": "act", "action": "next", "step": 1}', "room.error.action"),
    ('{"type": "ping", "id": "x"}', "room.error.field_kind"),
    ('{"type": "rename", "name": "' + "x" * 60 + '"}', "room.error.name"),
    ('{"type": "join", "code": "0OIL11"}', "room.error.code"),
    ('{"type": "create", "setup": {}, "seats": ["person"]}', "room.error.already_in"),
    ('{"type": "ready", "step": 1}', "room.error.hole_not_over"),
    ("[" * 3000 + "]" * 3000, "room.error.not_json"),
    ('{"type": "act", "action": "draw", "step": 1, "x": [[[[[1]]]]]}', "room.error.too_deep"),
    ('{"type": "ping", "pad": "' + "x" * 9000 + '"}', "room.error.too_long"),
]


@pytest.mark.parametrize(("frame", "key"), BATTERY)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_bad_message_is_refused_by_name_and_changes_nothing(frame: str, key: str, lang: str) -> None:
    hub, crowd = room_of(2, langs=[lang, "en"])
    person = mover(crowd) or crowd[0]
    before = hub.rooms[person.code].to_data()  # type: ignore[index]
    others = [len(p.frames) for p in crowd]
    answers = person.say_text(frame)
    assert [a["type"] for a in answers] == ["error"] and answers[0]["key"] == key
    text = answers[0]["error"]
    assert text and "Traceback" not in text and len(text) < 400
    if lang == "ja":
        assert any("\u3040" <= ch <= "\u30ff" for ch in text), text  # kana: the sender's language
    assert hub.rooms[person.code].to_data() == before  # type: ignore[index]
    assert [len(p.frames) for p in crowd] == [n + (p is person) for n, p in zip(others, crowd, strict=True)]


def test_another_seats_action_an_old_step_and_a_message_before_hello() -> None:
    hub, crowd = room_of(2)
    first = mover(crowd)
    assert first is not None
    other = crowd[1 - crowd.index(first)]
    step = first.table()["step"]
    assert other.errors(other.say(type="act", action="flip 1", step=step)) == ["room.error.not_your_turn"]
    assert first.errors(first.say(type="act", action="flip 1", step=step + 5)) == ["room.error.stale"]
    stranger = Person(hub)
    assert stranger.errors(stranger.say(type="ping")) == ["room.error.hello_first"]
    assert stranger.errors(stranger.say(type="hello", v=2, lang="en")) == ["room.error.version"]
    assert stranger.errors(stranger.say(type="hello", v=1, lang="fr")) == ["room.error.lang"]


def test_a_flood_is_refused_to_the_flooder_alone() -> None:
    clock = Clock()
    hub = make_hub(clock=clock, message_rate=5, message_burst=10)
    hub, crowd = room_of(2, hub=hub)
    flooder, other = crowd
    clock.now += 10  # the setup's messages are paid back
    answers = [flooder.say(type="ping") for _ in range(30)]
    refused = [a for a in answers if a[0]["type"] == "error"]
    assert refused and all(a[0]["key"] == "room.error.rate" for a in refused)
    assert len(answers) - len(refused) == 10
    assert other.say(type="ping")[0]["type"] == "pong"  # the other person's budget is their own
    clock.now += 1
    assert flooder.say(type="ping")[0]["type"] == "pong"  # and the budget refills


def test_rooms_per_address_and_rooms_in_all() -> None:
    hub = make_hub(rooms_per_address=2, max_rooms=3)
    made = []
    for _index in range(3):
        person = Person(hub, address="192.0.2.5")
        person.hello()
        answers = person.say(type="create", setup={"players": 2, "holes": 1}, seats=["person", "open"])
        made.append(answers[0]["type"] == "joined" or answers[0]["key"])
    assert made == [True, True, "room.error.too_many_rooms"]
    other = Person(hub, address="192.0.2.6")
    other.hello()
    assert other.say(type="create", setup={"players": 2, "holes": 1}, seats=["person", "open"])[0]["type"] == "joined"
    last = Person(hub, address="192.0.2.7")
    last.hello("ja")
    answer = last.say(type="create", setup={"players": 2, "holes": 1}, seats=["person", "open"])[0]
    assert answer["key"] == "room.error.server_full" and "サーバー" in answer["error"]


@pytest.mark.parametrize(
    ("setup", "seats", "key"),
    [
        ({"players": 5, "holes": 1}, ["person"] * 5, "room.error.players"),
        ({"players": 2, "holes": 4}, ["person", "open"], "room.error.holes"),
        ({"players": 2, "holes": 1}, ["open", "person"], "room.error.seats"),
        ({"players": 2, "holes": 1}, ["person", "godlike"], "room.error.seats"),
        ({"players": 2, "holes": 1, "options": {"values.T": "many"}}, ["person", "open"], "room.error.engine"),
        ({"players": 2, "holes": 1, "preset": "no-such"}, ["person", "open"], "room.error.engine"),
        ({"players": 2, "holes": 1, "colour": "red"}, ["person", "open"], "room.error.field"),
    ],
)
def test_a_bad_setup_is_refused_naming_it(setup: dict[str, object], seats: list[str], key: str) -> None:
    hub = make_hub()
    host = Person(hub)
    host.hello()
    [answer] = host.say(type="create", setup=setup, seats=seats)
    assert answer["key"] == key and not hub.rooms
    if key == "room.error.engine":  # the engine's own words name the option or preset
        assert "values.T" in answer["error"] or "no-such" in answer["error"], answer["error"]
