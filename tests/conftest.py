"""Shared pytest options: large runs stay behind --run-slow (marker `slow`, declared in pyproject.toml)."""

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--run-slow", action="store_true", default=False, help="also run the large `slow` test runs")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--run-slow"):
        return
    skip_slow = pytest.mark.skip(reason="large run: pass --run-slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip_slow)
