"""Shared pytest options: large runs stay behind --run-slow (marker `slow`, declared in pyproject.toml).

Hypothesis runs without its per-example deadline: speed is measured in bench/, never in a test, and on a
busy two-core machine a deadline only produces failures that say nothing about the code.
"""

import pytest
from hypothesis import settings

settings.register_profile("sixcardgolf", deadline=None, print_blob=True)
settings.load_profile("sixcardgolf")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--run-slow", action="store_true", default=False, help="also run the large `slow` test runs")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--run-slow"):
        return
    skip_slow = pytest.mark.skip(reason="large run: pass --run-slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip_slow)
