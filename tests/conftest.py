"""Shared pytest options: large runs stay behind --run-slow (marker `slow`, declared in pyproject.toml; `make
test-slow` runs them). Without the flag they are deselected, not skipped: they are a separate, longer run.

One Chromium per test process (`browser`), for every folder's browser tests: each test opens its own context (a
fresh profile), so a browser started per module only cost a second or two of start each time. Playwright's sync API
marks its event loop as running in this thread between its calls, which would make asyncio.run() refuse in any
later test of the process (the room server's hub tests): a test that does not use the browser runs with the mark
lifted (_asyncio_beside_the_browser).

Hypothesis runs without its per-example deadline: speed is measured in bench/, never in a test, and on a
busy two-core machine a deadline only produces failures that say nothing about the code.
"""

import asyncio
from collections.abc import Iterator

import pytest
from hypothesis import settings
from playwright.sync_api import Browser

from support.browser import chromium

settings.register_profile("sixcardgolf", deadline=None, print_blob=True)
settings.load_profile("sixcardgolf")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--run-slow", action="store_true", default=False, help="also run the large `slow` test runs")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--run-slow"):
        return
    slow = [item for item in items if "slow" in item.keywords]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if "slow" not in item.keywords]


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with chromium() as launched:
        yield launched


@pytest.fixture(autouse=True)
def _asyncio_beside_the_browser(request: pytest.FixtureRequest) -> Iterator[None]:
    if "browser" in request.fixturenames:
        yield
        return
    marked = asyncio._get_running_loop()  # Playwright's, if the browser was started in this process
    asyncio._set_running_loop(None)
    try:
        yield
    finally:
        asyncio._set_running_loop(marked)
