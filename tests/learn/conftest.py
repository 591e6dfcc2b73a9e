"""Shared by the Learn page's, the home page's and the app's browser tests: the built site served on 127.0.0.1
(the browser is tests/conftest.py's, one per test process)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from support.browser import served
from support.playground import SITE


@pytest.fixture(scope="module")
def origin() -> Iterator[str]:
    for built in ("playground/learn.js", "learn/index.html", "manifest.webmanifest"):
        assert (SITE / built).exists(), f"site/ has no {built}: run `make build` first"
    with served(SITE) as address:
        yield address
