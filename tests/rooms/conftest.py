"""The browser tests of play with friends: a real room server (`python -m server`) serving the built site (the
browser is tests/conftest.py's, one per test process). The kit is rooms_support.py."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from rooms_support import new_room_server

from server.processes import RoomServer


@pytest.fixture
def room_server(tmp_path: Path) -> Iterator[RoomServer]:
    server = new_room_server(tmp_path / "rooms.sqlite3")
    server.start()
    try:
        yield server
    finally:
        server.stop()
