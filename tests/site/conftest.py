"""One strict build of the whole bilingual site per test session, shared by the site tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sitebuild import build_site, fake_printables

from support.browser import served


@pytest.fixture(scope="session")
def printables_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("printables")
    fake_printables(folder)
    return folder


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory, printables_dir: Path) -> Path:
    out = tmp_path_factory.mktemp("site")
    done = build_site(out, printables_dir)
    assert done.returncode == 0, f"mkdocs build --strict failed:\n{done.stdout}\n{done.stderr}"
    return out


@pytest.fixture(scope="module")
def origin(site: Path) -> Iterator[str]:
    with served(site) as address:
        yield address
