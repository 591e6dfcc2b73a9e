"""Shared by the playground's browser tests: the built site served on 127.0.0.1, a fresh context per test (the
browser is tests/conftest.py's, one per test process), without the site's service worker unless the test is marked
`service_worker` (support.browser.NO_SERVICE_WORKER says why)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext

from support.browser import NO_SERVICE_WORKER, served
from support.offline import served_copy
from support.playground import SITE


@pytest.fixture(scope="module")
def origin() -> Iterator[str]:
    for page in ("calculator.js", "play.js"):
        assert (SITE / "playground" / page).exists(), f"site/ has no playground/{page}: run `make build` first"
    with served(SITE) as address:
        yield address


@pytest.fixture
def context(browser: Browser, request: pytest.FixtureRequest) -> Iterator[BrowserContext]:
    """A fresh browser profile at a laptop's 1366x768 for one test (a module may define its own); the site's
    service worker is blocked unless the test is marked `service_worker`."""
    keeps_worker = request.node.get_closest_marker("service_worker") is not None
    made = browser.new_context(viewport={"width": 1366, "height": 768}, **({} if keeps_worker else NO_SERVICE_WORKER))
    yield made
    made.close()


@pytest.fixture
def site_copy(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A copy of the built site on its own server, to rebuild under a running page (support.offline.rebuild)."""
    with served_copy(SITE, tmp_path) as made:
        yield made
