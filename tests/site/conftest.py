"""One strict build of the whole bilingual site per test run, shared by the site tests (and by the processes of
`pytest -n 2`)."""

from __future__ import annotations

import fcntl
import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from sitebuild import build_site, fake_printables

from support.browser import served


@contextmanager
def shared_folder(tmp_path_factory: pytest.TempPathFactory, name: str) -> Iterator[tuple[Path, bool]]:
    """A folder made once per test run: the processes of `pytest -n 2` share it (the first makes it, the others
    wait for it under a lock). Yields the folder and whether it is already made; a maker that fails leaves it
    unmade, so the next one tries again and fails the same way."""
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # the workers' base folders sit side by side in the run's own
    folder, done = root / name, root / f"{name}.done"
    with open(root / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield folder, done.exists()
        if folder.exists():
            done.touch()


@pytest.fixture(scope="session")
def printables_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    with shared_folder(tmp_path_factory, "printables") as (folder, made):
        if not made:
            fake_printables(folder)
    return folder


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory, printables_dir: Path) -> Path:
    """One strict build for the whole run: a few seconds of CPU, several times that on a busy machine."""
    with shared_folder(tmp_path_factory, "site") as (out, made):
        if not made:
            done = build_site(out, printables_dir)
            if done.returncode != 0:
                shutil.rmtree(out, ignore_errors=True)
            assert done.returncode == 0, f"mkdocs build --strict failed:\n{done.stdout}\n{done.stderr}"
    return out


@pytest.fixture(scope="module")
def origin(site: Path) -> Iterator[str]:
    with served(site) as address:
        yield address
