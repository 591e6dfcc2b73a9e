"""Spectators (server/spectators.py) see only what every seat at the table knows.

Random rooms of several presets (the four-card peek among them) are played with a spectator watching; after
every message, the spectator's last frame is compared with the engine's public information, worked out here
from the engine alone: a card is public when every seat's `observe()` shows it, and each move's event is the
engine's `public_event`. The frames hold neither the room's code (which would open a free seat), nor the seed,
nor the key the hole in play is dealt from."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from roomkit import Person, make_hub, room_of

from sixcardgolf import actions as A
from sixcardgolf.match import Match
from sixcardgolf.observation import observe, public_event

PRESETS = ["four-card", "basic", "jokers", "house-party"]


def public_information(hole: Any) -> dict[str, Any]:
    """What everyone knows of `hole`: each card every seat's observation shows, the card in hand only if every
    seat knows it."""
    seen = [observe(hole, seat).to_dict() for seat in range(hole.players)]
    layouts = []
    for s, layout in enumerate(seen[0]["layouts"]):
        row = []
        for p in range(len(layout)):
            cards = {view["layouts"][s][p]["card"] for view in seen}
            row.append({"card": cards.pop() if len(cards) == 1 else None, "up": layout[p]["up"], "peeked": False})
        layouts.append(row)
        assert all(slot["card"] is not None for slot in row if slot["up"])
    held = {view["held"] for view in seen}
    common = {k: v for k, v in seen[0].items() if k not in ("seat", "layouts", "held", "legal_actions")}
    for view in seen[1:]:
        for key in common:
            if key != "visible_scores":
                assert view[key] == common[key], key
    return {
        **common,
        "seat": None,
        "layouts": layouts,
        "held": held.pop() if len(held) == 1 else None,
        "legal_actions": [],
    }


def watcher_of(hub: Any, code: str) -> Person:
    spectator = Person(hub, address="198.51.100.7")
    spectator.hello()
    watch = hub.rooms[code].watch_code
    frames = spectator.say(type="watch", code=watch.lower())
    assert frames[0] == {"type": "watching", "id": None, "watch": watch}, frames
    return spectator


def check_frame(text: str, room: Any) -> None:
    frame = json.loads(text)
    assert room.code not in text and str(room.seed) not in text
    match = room.played.match
    if not match.hole.is_over():
        assert match.hole_key(len(match.records)) not in text
    assert frame["room"]["code"] is None and frame["room"]["you"] is None
    table = frame["table"]
    assert table["observation"] == public_information(match.hole)
    assert all("table" not in event for event in table["events"])


def replayed_events(match: Match, count: int) -> list[dict[str, Any]]:
    save = match.to_save()
    begin = len(save["actions"]) - count
    replay = Match.from_save({**save, "actions": save["actions"][:begin]})
    events = []
    for text in save["actions"][begin:]:
        action = A.parse_action(text)
        events.append(public_event(replay.hole, action))
        replay.apply_logged(action)
    return events


def play_watched_room(seed: int) -> int:
    rng = random.Random(seed)
    players = rng.choice([2, 3])
    people = rng.randint(1, players)
    computers = ["easy"] * (players - people)
    hub, crowd = room_of(people, setup={"preset": PRESETS[seed % len(PRESETS)], "holes": 1}, computers=computers)
    room = hub.rooms[crowd[0].code]
    spectator = watcher_of(hub, room.code)
    checked = 0
    for _ in range(400):
        room = hub.rooms[crowd[0].code]
        if room.played.match.hole.is_over():
            break
        start = len(spectator.texts)
        movers = [p for p in crowd if p.table()["prompt"] is not None]
        person = movers[0]
        table = person.table()
        person.say(type="act", action=rng.choice(table["observation"]["legal_actions"]), step=table["step"])
        states = [t for t in spectator.texts[start:] if t.startswith('{"type":"state"')]
        assert len(states) == 1
        check_frame(states[0], room)
        events = json.loads(states[0])["table"]["events"]
        assert events == replayed_events(room.played.match, len(events)) and events
        checked += 1
    assert hub.rooms[crowd[0].code].played.match.hole.is_over()
    final = json.loads(spectator.texts[-1])["table"]
    assert final["hole_over"] and final["scores"] == list(room.played.match.records[-1].points)
    return checked


@pytest.mark.parametrize("seed", range(4))
def test_every_spectator_frame_is_the_tables_public_information(seed: int) -> None:
    assert play_watched_room(seed) > 5


def test_the_check_catches_a_face_down_card() -> None:
    hub, crowd = room_of(2)
    room = hub.rooms[crowd[0].code]
    spectator = watcher_of(hub, room.code)
    frame = json.loads(spectator.texts[-1])
    slot = next(s for s in frame["table"]["observation"]["layouts"][0] if s["card"] is None)
    slot["card"] = "AS"
    with pytest.raises(AssertionError):
        check_frame(json.dumps(frame), room)


def test_spectators_are_counted_capped_and_read_only() -> None:
    hub, crowd = room_of(2, hub=make_hub(spectators_per_room=2))
    host = crowd[0]
    code = host.code
    first = watcher_of(hub, code)
    assert host.last_state()["room"]["spectators"] == 1
    second = watcher_of(hub, code)
    assert host.last_state()["room"]["spectators"] == 2
    third = Person(hub, lang="ja", address="198.51.100.9")
    third.hello("ja")
    [refusal] = third.say(type="watch", code=hub.rooms[code].watch_code)
    assert refusal["key"] == "room.extra.watch_full" and "2人" in refusal["error"]
    table = host.table()
    assert first.errors(first.say(type="act", action=table["observation"]["legal_actions"][0], step=table["step"])) == [
        "room.error.not_joined"
    ]
    assert first.errors(first.say(type="react", reaction="nice")) == ["room.error.not_joined"]
    # A spectator's connection takes no seat, and the spectator code is not a room code: it opens none.
    assert first.errors(first.say(type="join", code=code)) == ["room.error.already_in"]
    stranger = Person(hub, address="198.51.100.10")
    stranger.hello()
    assert stranger.errors(stranger.say(type="join", code=hub.rooms[code].watch_code)) == ["room.error.code"]
    assert stranger.errors(stranger.say(type="watch", code="ABCDEFGH")) == ["room.extra.no_watch"]
    second.drop()
    assert host.last_state()["room"]["spectators"] == 1
    # A reaction reaches the spectators too.
    host.say(type="react", reaction="well_played")
    assert first.frames[-1]["type"] == "reaction" and first.frames[-1]["seat"] == 0


def test_a_spectator_of_the_lobby_waits_for_the_table_and_hears_when_the_room_closes() -> None:
    hub = make_hub()
    host = Person(hub, lang="ja")
    host.hello("ja")
    host.say(type="create", setup={"players": 2, "holes": 1}, seats=["person", "open"])
    spectator = watcher_of(hub, host.code)
    lobby = spectator.last_state()
    assert lobby["table"] is None and lobby["room"]["state"] == "lobby" and lobby["room"]["code"] is None
    assert host.code not in spectator.texts[-1]
    host.say(type="leave")  # the host leaves the lobby: the room closes
    assert spectator.frames[-1]["type"] == "closed" and spectator.frames[-1]["key"] == "room.closed.host_left"
    assert spectator.errors(spectator.say(type="ping")) == []
