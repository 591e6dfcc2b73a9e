"""The browser tests of play with friends: a real room server (`python -m server`) serving the built site, and
Debian's Chromium. The kit is rooms_support.py (a plain module: conftest names clash across folders)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
for path in (HERE.parent, HERE, HERE.parent / "playground"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from browser_support import chromium  # noqa: E402
from playwright.sync_api import Browser  # noqa: E402
from rooms_support import RoomServer  # noqa: E402


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as launched:
        yield launched


@pytest.fixture
def room_server(tmp_path: Path) -> Iterator[RoomServer]:
    server = RoomServer(tmp_path / "rooms.sqlite3")
    server.start()
    try:
        yield server
    finally:
        server.stop()
