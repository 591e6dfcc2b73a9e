"""The turn timer (server/timer.py) on the hub's injected clock, and the preset reactions (server/reactions.py):
a turn that runs out is played by a computer, a second one in a row marks the person away until they are back;
a reaction is one of the list, at most one per person every three seconds, and everyone at the table sees it."""

from __future__ import annotations

import asyncio
from typing import Any

from roomkit import Clock, Person, make_hub, mover

from server.hub import Hub
from server.store import MemoryStore


def timed_room(
    people: int, timer: int | None, clock: Clock, computers: list[str] | None = None, holes: int = 1
) -> tuple[Hub, list[Person]]:
    hub = make_hub(clock=clock)
    crowd = [Person(hub, address=f"192.0.2.{i + 1}") for i in range(people)]
    for person in crowd:
        person.hello()
    computers = computers or []
    create = {
        "type": "create",
        "setup": {"preset": "basic", "options": {}, "players": people + len(computers), "holes": holes},
        "seats": ["person"] + ["open"] * (people - 1) + computers,
    }
    if timer is not None:
        create["timer"] = timer
    frames = crowd[0].say(**create)
    assert not crowd[0].errors(frames), frames
    for person in crowd[1:]:
        person.say(type="join", code=crowd[0].code)
    assert not crowd[0].errors(crowd[0].say(type="start"))
    return hub, crowd


def turning_move(table: dict[str, Any]) -> str:
    """A move that turns a card up (a draw, then a swap into a face-down place; a flip), so the hole ends soon."""
    observation = table["observation"]
    legal = observation["legal_actions"]
    mine = observation["layouts"][observation["seat"]]
    for action in legal:
        word, _, place = action.partition(" ")
        if word in ("swap", "flip") and place and not mine[int(place) - 1]["up"]:
            return str(action)
    return "draw" if "draw" in legal else str(legal[0])


def tick(hub: Hub) -> None:
    asyncio.run(hub.tick())


def test_a_turn_that_runs_out_is_played_by_a_computer_and_every_seat_sees_the_clock() -> None:
    clock = Clock()
    hub, crowd = timed_room(2, 30, clock)
    person = mover(crowd)
    assert person is not None
    other = crowd[1 - crowd.index(person)]
    for watcher in crowd:  # every seat sees whose clock runs and how long it has
        room = watcher.last_state()["room"]
        assert room["timer"] == 30 and room["turn"] == {"seat": person.seat, "seconds": 30, "left": 30.0}
    moves = person.table()["moves"]
    clock.now += 29
    tick(hub)
    assert person.table()["moves"] == moves  # not yet
    clock.now += 1.5
    tick(hub)
    table = other.table()
    assert table["moves"] > moves  # the computer played the person's turn
    assert table["observation"]["to_move"] != person.seat or table["hole_over"]
    assert person.last_state()["room"]["seats"][person.seat]["standing_in"] is False  # once is not away
    turn = other.last_state()["room"]["turn"]
    if turn is not None:  # the next person's clock starts afresh
        assert turn["left"] == 30.0 and turn["seat"] != person.seat


def test_turns_run_out_twice_in_a_row_and_the_person_is_away_until_they_are_back() -> None:
    clock = Clock()
    hub, crowd = timed_room(1, 30, clock, computers=["easy"])
    [host] = crowd
    clock.now += 31
    tick(hub)
    seats = host.last_state()["room"]["seats"]
    assert seats[0]["standing_in"] is False
    assert host.table()["observation"]["to_move"] == 0  # the computer replied: the host's turn again
    clock.now += 31
    tick(hub)
    room = host.last_state()["room"]
    assert room["seats"][0]["standing_in"] is True and room["turn"] is None
    assert host.table()["hole_over"]  # nobody waits for the host now: the computers played the hole out
    host.say(type="back")
    assert host.last_state()["room"]["seats"][0]["standing_in"] is False


def test_a_move_of_ones_own_clears_the_run_of_missed_turns() -> None:
    clock = Clock()
    hub, [host] = timed_room(1, 60, clock, computers=["easy"])
    clock.now += 61
    tick(hub)  # one turn missed
    for _ in range(10):  # the host plays a whole turn of their own (until the computer has replied)
        table = host.table()
        if table["observation"]["to_move"] != 0 or table["hole_over"]:
            break
        host.say(type="act", action=table["observation"]["legal_actions"][-1], step=table["step"])
        if host.table()["moves"] > table["moves"] + 1:
            break  # the computer replied: the host's next turn
    assert not host.table()["hole_over"]
    clock.now += 61
    tick(hub)  # missed again, but not twice in a row
    assert host.last_state()["room"]["seats"][0]["standing_in"] is False


def test_at_a_holes_end_the_clock_runs_for_ready_and_the_next_hole_starts_without_the_idle() -> None:
    clock = Clock()
    hub, crowd = timed_room(2, 30, clock, holes=3)
    for _ in range(300):  # the people play the hole out, each in time
        person = mover(crowd)
        if person is None:
            break
        person.say(type="act", action=turning_move(person.table()), step=person.table()["step"])
    host, guest = crowd
    assert host.table()["hole_over"] and host.table()["hole"] == 1
    turn = host.last_state()["room"]["turn"]
    assert turn == {"seat": -1, "seconds": 30, "left": 30.0}  # nobody's turn: the table waits for "ready"
    host.say(type="ready", step=host.table()["step"])
    clock.now += 29
    tick(hub)
    assert host.table()["hole"] == 1  # the guest still has a second
    clock.now += 2
    tick(hub)
    assert host.table()["hole"] == 2 and not host.table()["hole_over"]
    assert guest.last_state()["room"]["seats"][1]["standing_in"] is False  # not ready in time is not away


def test_without_a_timer_nobody_is_hurried() -> None:
    clock = Clock()
    hub, crowd = timed_room(2, None, clock)
    moves = crowd[0].table()["moves"]
    assert crowd[0].last_state()["room"]["timer"] == 0 and crowd[0].last_state()["room"]["turn"] is None
    clock.now += 10_000
    tick(hub)
    assert crowd[0].table()["moves"] == moves


def test_a_timer_not_offered_is_refused_in_the_hosts_language() -> None:
    hub = make_hub()
    host = Person(hub, lang="ja")
    host.hello("ja")
    frames = host.say(type="create", setup={"players": 2, "holes": 1}, seats=["person", "open"], timer=45)
    [error] = [f for f in frames if f["type"] == "error"]
    assert error["key"] == "room.extra.timer" and "45" in error["error"] and "秒" in error["error"]
    assert not hub.rooms


def test_reactions_come_from_the_list_once_every_three_seconds_and_everyone_sees_them() -> None:
    clock = Clock()
    _, crowd = timed_room(2, None, clock)
    host, guest = crowd
    frames = guest.say(type="react", reaction="nice")
    assert [f for f in frames if f["type"] == "reaction"] == [
        {"type": "reaction", "seat": 1, "reaction": "nice", "shown": 4}
    ]
    assert host.frames[-1] == {"type": "reaction", "seat": 1, "reaction": "nice", "shown": 4}
    assert guest.errors(guest.say(type="react", reaction="wow")) == ["room.extra.reaction_rate"]
    clock.now += 2.9
    assert guest.errors(guest.say(type="react", reaction="wow")) == ["room.extra.reaction_rate"]
    clock.now += 0.2
    assert not guest.errors(guest.say(type="react", reaction="wow"))
    assert not host.errors(host.say(type="react", reaction="thinking"))  # each person has their own budget
    clock.now += 10
    sent = len(host.frames)
    assert guest.errors(guest.say(type="react", reaction="<b>hello</b>")) == ["room.extra.reaction"]
    assert guest.errors(guest.say(type="react", reaction=5)) == ["room.error.field_kind"]
    assert len(host.frames) == sent  # nothing free reached the others


def test_a_reaction_needs_a_seat() -> None:
    hub = make_hub()
    stranger = Person(hub)
    stranger.hello()
    assert stranger.errors(stranger.say(type="react", reaction="nice")) == ["room.error.not_joined"]


def test_the_running_turn_is_kept_with_the_room_and_a_restarted_server_starts_it_anew() -> None:
    clock = Clock()
    store = MemoryStore()
    hub = make_hub(store=store, clock=clock)
    host = Person(hub)
    host.hello()
    host.say(type="create", setup={"players": 2, "holes": 1}, seats=["person", "easy"], timer=60)
    host.say(type="start")
    code = host.code or ""
    kept = store.get(code)
    assert kept is not None and kept["extras"]["turn"]["since"] == clock.now  # the deadline is the room's
    clock.now += 20
    host.say(type="rename", name="Ann")  # a change in the turn keeps its clock
    assert host.last_state()["room"]["turn"]["left"] == 40.0
    # The server stops and starts again on its store: its person was away meanwhile, the turn starts anew.
    clock.now += 100
    again = make_hub(store=store, clock=clock)
    back = Person(again)
    back.hello()
    back.say(type="join", code=code, token=host.token)
    assert back.last_state()["room"]["turn"] == {"seat": 0, "seconds": 60, "left": 60.0}
    tick(again)
    assert back.table()["moves"] == host.table()["moves"]  # nothing ran out on the restarted server
