"""Every frame the server sends a seat carries what `observe()` lets that seat know, and nothing more.

Random rooms of several presets (the four-card peek among them), people and computers mixed, play whole
matches with random moves, Undo tries, returns after a drop and rematches. After every message, each seat's
last frame is compared with the engine itself: the table's observation equals `observe(hole, seat)`, each
move's event equals `public_event` of a replay and its table the seat's observation just after that move, and
the text of every frame holds neither the match's seed, nor a hole key derived from it, nor (while a hole is
played) the key that hole is dealt from. A single extra card fails the test.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from roomkit import Person, room_of

from sixcardgolf import actions as A
from sixcardgolf.match import Match
from sixcardgolf.observation import observe, public_event
from sixcardgolf.seeds import hole_key

PRESETS = ["basic", "four-card", "jokers", "nine-card", "house-party", "speed"]


class Watcher:
    """Checks each seat's frames against a replay of the server's match that the test keeps itself."""

    def __init__(self, hub: Any, code: str) -> None:
        self.hub = hub
        self.code = code
        self.checked = 0
        self.replayed: dict[int, list[tuple[dict[str, Any], Any]]] = {}
        self.records_checked: set[int] = set()

    def room(self) -> Any:
        return self.hub.rooms[self.code]

    def before(self) -> tuple[Any, int]:
        played = self.room().played
        return played, len(played.match.log) if played else 0

    def after(self, crowd: list[Person], before: tuple[Any, int], start: list[int]) -> None:
        played_before, length_before = before
        room = self.room()
        match = room.played.match
        new_match = room.played is not played_before
        first = 0 if new_match else length_before
        self.replayed = {}
        if new_match:
            self.records_checked = set()
        for person in crowd:
            texts = [t for t in person.texts[start[crowd.index(person)] :] if t.startswith('{"type":"state"')]
            for text in texts:
                self.check_text(text, room, match)
            if texts:  # one message changes the table once: the last frame is the table as it stands now
                self.check_table(json.loads(texts[-1])["table"], person.seat, match, first)
                self.checked += 1

    def check_text(self, text: str, room: Any, match: Match) -> None:
        assert str(room.seed) not in text
        for index in range(len(match.records) + 1):
            assert hole_key(room.seed, index) not in text
        if not match.hole.is_over():
            assert match.hole_key(len(match.records)) not in text  # the deal of the hole in play

    def check_table(self, table: dict[str, Any], seat: int, match: Match, first: int) -> None:
        assert "seed" not in table and "save" not in table
        assert table["viewer"] == seat
        assert table["observation"] == observe(match.hole, seat).to_dict()
        assert (table["record"] is None) == (not match.records)
        if table["record"] is not None:
            record = table["record"]["match"]
            assert len(record["deals"]) == len(match.records)
            if len(match.records) not in self.records_checked:  # the same record is sent until the next hole ends
                assert Match.from_save(record).records == match.records
                self.records_checked.add(len(match.records))
        if not table["events"]:
            return
        # The events are the last moves of the log: replay it up to where they begin, then each of them.
        events = table["events"]
        for event, (expected, after) in zip(events, self.replay_tail(match, len(events)), strict=True):
            assert {k: v for k, v in event.items() if k != "table"} == expected
            assert event["table"] == observe(after, seat).to_dict()

    def replay_tail(self, match: Match, count: int) -> list[tuple[dict[str, Any], Any]]:
        """The last `count` moves of the match's log, each as (public event, the hole just after it), replayed
        by the engine from the save (once per message: every seat's events are the same moves)."""
        if count not in self.replayed:
            save = match.to_save()
            begin = len(save["actions"]) - count
            assert begin >= 0
            replay = Match.from_save({**save, "actions": save["actions"][:begin]})
            tail = []
            for text in save["actions"][begin:]:
                action = A.parse_action(text)
                event = public_event(replay.hole, action)
                replay.apply_logged(action)
                tail.append((event, replay.hole.clone()))
            self.replayed[count] = tail
        return self.replayed[count]


def play_room(seed: int) -> int:
    rng = random.Random(seed)
    preset = PRESETS[seed % len(PRESETS)]
    players = rng.choice([2, 3, 4])
    people = rng.randint(1, players)
    computers = [rng.choice(["easy", "easy", "normal"]) for _ in range(players - people)]
    hub, crowd = room_of(people, setup={"preset": preset, "holes": rng.choice([1, 3])}, computers=computers,
                         langs=[rng.choice(["en", "ja"]) for _ in range(people)])  # fmt: skip
    watcher = Watcher(hub, crowd[0].code)  # type: ignore[arg-type]
    # The frames of the start itself.
    watcher.after(crowd, (None, 0), [0] * len(crowd))
    for _ in range(2_000):
        room = hub.rooms[crowd[0].code]
        if room.matches_played >= 1:
            break
        before = watcher.before()
        start = [len(p.frames) for p in crowd]
        table_of = {p.seat: p.table() for p in crowd}
        hole_over = room.played.match.hole.is_over()
        roll = rng.random()
        if hole_over:
            person = rng.choice(crowd)
            person.say(type="ready", step=table_of[person.seat]["step"])
        elif roll < 0.03:
            # A person drops and comes back: the news they get are checked like every frame.
            person = rng.choice(crowd)
            person.drop()
            again = Person(hub, lang=person.client.lang, address="192.0.2.200")
            again.hello(person.client.lang)
            again.say(
                type="join", code=person.code, token=person.token, seen=max(0, table_of[person.seat]["moves"] - 3)
            )
            again.seat, again.token = person.seat, person.token
            crowd[crowd.index(person)] = again
            start[crowd.index(again)] = 0
        else:
            movers = [p for p in crowd if table_of[p.seat]["prompt"] is not None]
            if not movers:
                raise AssertionError("no person to move, and the hole is not over")
            person = movers[0]
            table = table_of[person.seat]
            if table["can_undo"] and roll < 0.15:
                person.say(type="undo", step=table["step"])
            else:
                person.say(type="act", action=rng.choice(table["observation"]["legal_actions"]), step=table["step"])
        watcher.after(crowd, before, start)
    assert hub.rooms[crowd[0].code].matches_played >= 1
    return watcher.checked


@pytest.mark.parametrize("block", range(3))
def test_every_frame_to_every_seat_is_that_seats_observation(block: int) -> None:
    """Twelve rooms: every preset of the list twice, in blocks that run side by side."""
    checked = sum(play_room(seed) for seed in range(block * 4, block * 4 + 4))
    assert checked > 50


@pytest.mark.slow
def test_every_frame_of_many_more_rooms_is_that_seats_observation() -> None:
    assert sum(play_room(seed) for seed in range(12, 212)) > 2_000


def test_the_watcher_catches_an_extra_card() -> None:
    """The check itself fails when a frame shows one card more than the seat may see."""
    hub, crowd = room_of(2)
    watcher = Watcher(hub, crowd[0].code)  # type: ignore[arg-type]
    person = crowd[0]
    table = json.loads(json.dumps(person.table()))
    match = hub.rooms[person.code].played.match
    hidden = next(i for i, card in enumerate(table["observation"]["layouts"][1]) if card["card"] is None)
    table["observation"]["layouts"][1][hidden]["card"] = "AS"
    with pytest.raises(AssertionError):
        watcher.check_table(table, person.seat, match, 0)
