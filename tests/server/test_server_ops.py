"""Operating the room server (server/metrics.py, app.py): /healthz answers 200 only while the store can be
reached, /metrics is Prometheus text with the rooms, connections, moves, move latency, reconnects and errors,
and every room event is one JSON log line without a token, a name, a card or a room's code in clear."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest
from prometheus_client.parser import text_string_to_metric_families
from roomkit import Person, make_hub, room_of
from starlette.testclient import TestClient

from server.app import create_app
from server.hub import Hub
from server.settings import Settings
from server.store import MemoryStore


class BrokenStore(MemoryStore):
    """A store whose connection went away: every read fails."""

    def get(self, code: str) -> dict[str, Any] | None:
        raise ConnectionError("the store cannot be reached")


def samples(text: str) -> dict[str, float]:
    found = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            labels = ",".join(f"{k}={v}" for k, v in sorted(sample.labels.items()) if k != "le")
            if "le" not in sample.labels:
                found[sample.name + (f"{{{labels}}}" if labels else "")] = sample.value
    return found


def test_healthz_says_whether_the_store_can_be_reached() -> None:
    settings = Settings(db=":memory:", site="")
    with TestClient(create_app(settings)) as http:
        answer = http.get("/healthz")
        assert answer.status_code == 200 and answer.json() == {"ok": True}
    broken = Hub(settings, BrokenStore())
    with TestClient(create_app(settings, hub=broken)) as http:
        answer = http.get("/healthz")
        assert answer.status_code == 503 and answer.json() == {"ok": False}


def test_metrics_count_rooms_connections_moves_reconnects_and_errors() -> None:
    hub, crowd = room_of(2)
    host, guest = crowd
    for _ in range(3):
        person = next(p for p in crowd if p.table()["prompt"] is not None)
        table = person.table()
        person.say(type="act", action=table["observation"]["legal_actions"][0], step=table["step"])
    host.say(type="act", action="swap 9", step=0)  # refused: stale
    guest.drop()
    back = Person(hub, address="192.0.2.77")
    back.hello()
    back.say(type="join", code=host.code, token=guest.token)
    with TestClient(create_app(Settings(db=":memory:", site=""), hub=hub)) as http:
        answer = http.get("/metrics")
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/plain")
    found = samples(answer.text)
    assert found["golf_rooms"] == 1
    assert found["golf_connections"] == 2  # three connected, one dropped
    assert found["golf_moves_total"] == 3  # two people, no computer: only their three moves
    assert found["golf_move_seconds_count"] == 3
    assert found["golf_reconnects_total"] == 1
    assert found["golf_errors_total{key=room.error.stale}"] == 1


def test_every_room_event_is_one_json_line_without_tokens_names_cards_or_codes(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, logger="sixcardgolf.rooms.events")
    hub, crowd = room_of(2)
    host, guest = crowd
    for _ in range(6):
        person = next(p for p in crowd if p.table()["prompt"] is not None)
        table = person.table()
        person.say(type="act", action=table["observation"]["legal_actions"][0], step=table["step"])
    host.say(type="react", reaction="nice")
    lines = [r.getMessage() for r in caplog.records if r.name == "sixcardgolf.rooms.events"]
    events = [json.loads(line) for line in lines]
    assert [e["event"] for e in events[:3]] == ["create", "join", "start"]
    assert [e["event"] for e in events].count("act") == 6 and events[-1]["event"] == "react"
    room = hub.rooms[host.code]
    tags = {e["room"] for e in events}
    assert len(tags) == 1 and len(tags.pop()) == 10
    text = "\n".join(lines)
    secrets = [host.code, room.watch_code, host.token, guest.token, "Host", "P1", str(room.seed)]
    assert not [s for s in secrets if s and s in text]
    cards = {slot["card"] for layout in room.played.match.observation(0).to_dict()["layouts"] for slot in layout}
    assert not [c for c in cards if c and f'"{c}"' in text]


def test_the_hub_keeps_its_own_metrics() -> None:
    first, second = make_hub(), make_hub()
    room_of(2, hub=first)
    assert samples(first.ops.text().decode())["golf_rooms"] == 1
    assert samples(second.ops.text().decode())["golf_rooms"] == 0
