"""A room from its creation to a rematch, through the hub: joining, seats, turns, the end of a hole, Undo's
limits in a room, and a second connection to a seat."""

from __future__ import annotations

import random

from roomkit import Person, make_hub, mover, room_of

from server.room import CODE_ALPHABET, CODE_LENGTH


def play_to_hole_end(crowd: list[Person], rng: random.Random, most: int = 500) -> None:
    for _ in range(most):
        person = mover(crowd)
        if person is None:
            return
        table = person.table()
        action = rng.choice(table["observation"]["legal_actions"])
        frames = person.say(type="act", action=action, step=table["step"])
        assert not person.errors(frames), frames
    raise AssertionError("the hole did not end")


def test_create_join_start_play_a_hole_and_rematch() -> None:
    hub = make_hub()
    host, guest = Person(hub), Person(hub, lang="ja", address="192.0.2.9")
    host.hello()
    guest.hello("ja")
    frames = host.say(type="create", setup={"preset": "basic", "players": 3, "holes": 1},
                      seats=["person", "open", "easy"], name="Ann")  # fmt: skip
    assert [f["type"] for f in frames] == ["joined", "state"]
    code = host.code
    assert code is not None and len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET)
    lobby = frames[1]["room"]
    assert lobby["state"] == "lobby" and [s["kind"] for s in lobby["seats"]] == ["person", "open", "computer"]
    assert frames[1]["table"] is None

    # The code as typed by a person: lower case and a dash still find the room.
    frames = guest.say(type="join", code=f"{code[:3].lower()}-{code[3:]}", name="Bo")
    assert guest.seat == 1 and guest.token and guest.token != host.token
    assert host.last_state()["room"]["seats"][1]["name"] == "Bo"
    # The host is told who joined, and no frame to the host carries the guest's token.
    assert all(guest.token not in text for text in host.texts)

    seen_by_host = len(host.frames)
    assert guest.errors(guest.say(type="start")) == ["room.error.not_host"]
    assert "ホスト" in guest.frames[-1]["error"]  # in the guest's language
    assert len(host.frames) == seen_by_host  # a refusal goes to its sender alone

    host.say(type="start")
    for person in (host, guest):
        table = person.table()
        assert table["viewer"] == person.seat
        assert "seed" not in table and "save" not in table and table["record"] is None
    play_to_hole_end([host, guest], random.Random(3))
    table = host.table()
    assert table["hole_over"] and table["record"] is not None and len(table["wins"]) == 3
    assert table["outcome"] is not None  # a one-hole match is over

    # A rematch once both people are ready; the first dealer moves on by one seat.
    dealer_before = table["observation"]["dealer"]
    host.say(type="ready", step=table["step"])
    assert host.last_state()["room"]["agreed"] == [0] and host.table()["hole_over"]
    guest.say(type="ready", step=guest.table()["step"])
    after = host.table()
    assert not after["hole_over"] and after["observation"]["dealer"] == (dealer_before + 1) % 3
    room = host.last_state()["room"]
    assert room["matches_played"] == 1 and sum(room["matches_won"]) >= 1


def test_a_move_out_of_turn_or_on_an_old_table_changes_nothing() -> None:
    _hub, crowd = room_of(2)
    first = mover(crowd)
    assert first is not None
    other = crowd[1 - crowd.index(first)]
    step = first.table()["step"]
    assert other.errors(other.say(type="act", action="flip 1", step=step)) == ["room.error.not_your_turn"]
    assert first.errors(first.say(type="act", action="flip 1", step=step - 1)) == ["room.error.stale"]
    assert first.errors(first.say(type="act", action="draw", step=step)) == ["room.error.engine"]
    assert "draw" in first.frames[-1]["error"]  # the engine's own reason names the action
    assert first.table()["step"] == step and first.table()["moves"] == 0


def _through_the_opening(crowd: list[Person]) -> Person:
    while True:
        person = mover(crowd)
        assert person is not None
        table = person.table()
        if table["observation"]["phase"] != "opening":
            return person
        person.say(type="act", action=table["observation"]["legal_actions"][0], step=table["step"])


def _places(table: dict[str, object], seat: int, up: bool) -> list[int]:
    layout = table["observation"]["layouts"][seat]  # type: ignore[index]
    return [i + 1 for i, card in enumerate(layout) if card["up"] is up]


def test_undo_in_a_room_takes_back_a_move_that_showed_nothing_until_the_next_seat_acts() -> None:
    _hub, crowd = room_of(2)
    person = _through_the_opening(crowd)
    other = crowd[1 - crowd.index(person)]
    table = person.table()
    person.say(type="act", action="take", step=table["step"])
    held = person.table()["observation"]["held"]
    table = person.table()
    # The taken card (public) put in place of a face-up card (public): nobody learnt anything.
    person.say(type="act", action=f"swap {_places(table, person.seat, up=True)[0]}", step=table["step"])
    table = person.table()
    assert table["can_undo"] is True and table["prompt"] is None
    assert other.table()["can_undo"] is False
    person.say(type="undo", step=table["step"])
    back = person.table()
    assert back["observation"]["held"] == held and back["observation"]["phase"] == "holding"
    assert other.table()["observation"]["to_move"] == person.seat  # the other page sees the take-back too


def test_undo_in_a_room_is_refused_after_a_move_that_showed_a_card() -> None:
    _hub, crowd = room_of(2)
    person = _through_the_opening(crowd)
    table = person.table()
    person.say(type="act", action="draw", step=table["step"])
    table = person.table()
    # A swap into a face-down place shows the card that was there: no Undo.
    person.say(type="act", action=f"swap {_places(table, person.seat, up=False)[0]}", step=table["step"])
    table = person.table()
    assert table["can_undo"] is False
    assert person.errors(person.say(type="undo", step=table["step"])) == ["room.error.cannot_undo"]
    assert person.table()["moves"] == table["moves"]


def test_a_second_connection_to_a_seat_takes_it_over() -> None:
    hub, crowd = room_of(2)
    guest = crowd[1]
    again = Person(hub, address="192.0.2.77")
    again.hello()
    again.say(type="join", code=guest.code, token=guest.token)
    assert again.seat == 1 and "token" not in again.frames[-2]  # a returning seat is not sent its token again
    assert guest.frames[-1]["type"] == "closed" and guest.frames[-1]["key"] == "room.closed.elsewhere"
    assert guest.closed_with == 4000


def test_knowing_the_code_takes_a_free_seat_never_anothers() -> None:
    hub = make_hub()
    host = Person(hub)
    host.hello()
    host.say(type="create", setup={"players": 2, "holes": 1}, seats=["person", "open"])
    stranger = Person(hub, address="192.0.2.50")
    stranger.hello()
    assert stranger.errors(stranger.say(type="join", code=host.code, token="guessed-token")) == ["room.error.token"]
    stranger.say(type="join", code=host.code)
    assert stranger.seat == 1
    late = Person(hub, address="192.0.2.51")
    late.hello()
    assert late.errors(late.say(type="join", code=host.code)) == ["room.error.full"]


def test_the_host_leaving_the_lobby_closes_the_room_for_everyone() -> None:
    hub = make_hub()
    host, guest = Person(hub), Person(hub, address="192.0.2.2")
    host.hello()
    guest.hello()
    host.say(type="create", setup={"players": 2, "holes": 1}, seats=["person", "open"])
    guest.say(type="join", code=host.code)
    host.say(type="leave")
    assert guest.frames[-1]["type"] == "closed" and guest.frames[-1]["key"] == "room.closed.host_left"
    assert host.code not in hub.rooms
