"""The hook's copy of the engine's runtime into the site: the interpreter snapshot goes with the wheel it was
made from, and a build without one (or with one made from another wheel) stops with what to run."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import mkdocs_hook
import pytest
from mkdocs.exceptions import PluginError

from support.playground import REPO


@pytest.fixture
def dist(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the built dist/ (wheel, lockfile, snapshot) that the hook reads instead of the real one."""
    copy = tmp_path / "dist"
    shutil.copytree(REPO / "dist", copy)
    monkeypatch.setattr(mkdocs_hook, "DIST", copy)
    return copy


def snapshot_name(dist: Path) -> str:
    sha = json.loads((dist / "pyodide-lock.json").read_text(encoding="utf-8"))["packages"]["sixcardgolf"]["sha256"]
    return f"interpreter-{sha[:16]}.snapshot"


def test_the_snapshot_of_this_wheel_is_copied_counted_and_hashed(dist: Path, tmp_path: Path) -> None:
    runtime = mkdocs_hook._copy_runtime(tmp_path / "site")
    name = snapshot_name(dist)
    copied = tmp_path / "site" / "pyodide" / name
    assert copied.read_bytes()[:2] == b"\x1f\x8b"  # gzip, as the worker unpacks it
    assert runtime["files"][name] == copied.stat().st_size  # counted by the progress bar
    assert name in runtime["hashes"]  # and handed over to the service worker's cache on a first visit


def test_a_site_without_a_snapshot_of_this_wheel_is_not_built(dist: Path, tmp_path: Path) -> None:
    name = snapshot_name(dist)
    (dist / name).rename(dist / "interpreter-0000000000000000.snapshot")  # made from another wheel
    with pytest.raises(PluginError, match="make snapshot"):
        mkdocs_hook._copy_runtime(tmp_path / "site")
