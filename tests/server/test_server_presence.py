"""Dropped connections, the grace period, a computer standing in and the person taking their seat back; and a
server that stops: every room comes back from its store exactly as each seat saw it."""

from __future__ import annotations

import asyncio

from roomkit import Clock, Person, make_hub, mover, room_of

from server.hub import Hub
from server.settings import Settings
from server.store import SQLiteStore


def test_a_dropped_seat_is_held_then_played_by_a_computer_until_the_person_returns() -> None:
    clock = Clock()
    hub, crowd = room_of(2, hub=make_hub(clock=clock, grace_seconds=30))
    host, guest = crowd
    guest.drop()
    seats = host.last_state()["room"]["seats"]
    assert seats[1]["away"] is True and seats[1]["standing_in"] is False

    clock.now += 29
    asyncio.run(hub.tick())
    assert host.last_state()["room"]["seats"][1]["standing_in"] is False
    clock.now += 2
    asyncio.run(hub.tick())
    seats = host.last_state()["room"]["seats"]
    assert seats[1]["standing_in"] is True and seats[1]["level"] == "normal"
    # From now on the guest's turns are played for them: the host is never left waiting for the guest.
    for _ in range(200):
        if host.table()["hole_over"]:
            break
        table = host.table()
        assert table["observation"]["to_move"] in (0, -1) or table["hole_over"]
        if table["prompt"] is not None:
            host.say(type="act", action=table["observation"]["legal_actions"][0], step=table["step"])

    back = Person(hub, lang="ja", address="192.0.2.99")
    back.hello("ja")
    back.say(type="join", code=host.code, token=guest.token)
    assert back.seat == 1
    seats = host.last_state()["room"]["seats"]
    assert seats[1]["standing_in"] is False and seats[1]["away"] is False
    assert back.table()["viewer"] == 1 and back.last_state()["room"]["you"] == 1


def test_the_news_of_a_returning_seat_are_the_moves_it_missed() -> None:
    hub, crowd = room_of(2, computers=["easy"])
    host, guest = crowd
    seen = guest.table()["moves"]
    guest.drop()
    for _ in range(6):  # the host plays on (the computer replies) while the guest is away
        person = mover([host])
        if person is None:
            break
        table = host.table()
        host.say(type="act", action=table["observation"]["legal_actions"][0], step=table["step"])
    missed = host.table()["moves"] - seen
    back = Person(hub, address="192.0.2.98")
    back.hello()
    back.say(type="join", code=host.code, token=guest.token, seen=seen)
    events = back.table()["events"]
    assert missed > 0 and len(events) == missed
    assert back.table()["observation"] == host.hub.rooms[host.code].played.match.observation(1).to_dict()


def test_a_killed_server_brings_every_room_back_as_each_seat_saw_it(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "rooms.sqlite3"
    clock = Clock()
    settings = {"db": str(path), "site": "", "message_rate": 1e6, "message_burst": 1e6}
    hub = Hub(Settings(**settings), SQLiteStore(path), clock)
    hub, crowd = room_of(3, hub=hub, setup={"holes": 3})
    for _ in range(7):
        person = mover(crowd)
        assert person is not None
        table = person.table()
        person.say(type="act", action=table["observation"]["legal_actions"][-1], step=table["step"])
    before = {p.seat: p.table() for p in crowd}
    code = crowd[0].code
    # A new process on the same file: no goodbye from the old one (its store is simply dropped).
    again = Hub(Settings(**settings), SQLiteStore(path), clock)
    assert code in again.rooms
    for person in crowd:
        back = Person(again, address="192.0.2.97")
        back.hello()
        back.say(type="join", code=code, token=person.token)
        table = back.table()
        for field in ("observation", "prompt", "targets", "step", "moves", "totals", "can_undo"):
            assert table[field] == before[person.seat][field], field
    # The people are away until they return: the others see them reconnecting.
    assert again.rooms[code].seats[1].away_since is None and again.rooms[code].seats[2].away_since is None


def test_rooms_idle_for_a_day_are_removed(tmp_path) -> None:  # type: ignore[no-untyped-def]
    clock = Clock()
    store = SQLiteStore(tmp_path / "rooms.sqlite3")
    hub = make_hub(store=store, clock=clock)
    host = Person(hub)
    host.hello()
    host.say(type="create", setup={"players": 2, "holes": 1}, seats=["person", "open"])
    clock.now += 23 * 3600
    asyncio.run(hub.tick())
    assert host.code in hub.rooms
    clock.now += 2 * 3600
    asyncio.run(hub.tick())
    assert host.code not in hub.rooms and store.get(host.code) is None  # type: ignore[arg-type]
    assert host.frames[-1]["type"] == "closed" and host.frames[-1]["key"] == "room.closed.idle"
