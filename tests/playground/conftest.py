"""Shared by the playground's browser tests: the built site served on 127.0.0.1, and Debian's Chromium."""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Iterator

import pytest
from playground_support import CHROMIUM, CHROMIUM_ARGS, SITE
from playwright.sync_api import Browser, sync_playwright


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def origin() -> Iterator[str]:
    for page in ("calculator.js", "play.js"):
        assert (SITE / "playground" / page).exists(), f"site/ has no playground/{page}: run `make build` first"
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(SITE)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()
