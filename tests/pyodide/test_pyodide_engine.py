"""The built engine wheel runs unchanged in Pyodide (Python 3.14 under Node.js) and gives CPython's results.

Offline: Pyodide comes from node_modules/pyodide and the wheel from dist/ (built by `make wheel`, which
`make test` runs first). A wheel older than the engine sources fails the test rather than testing old code.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import engine_cases
import pytest

import sixcardgolf

REPO = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
SOURCES = REPO / "engine" / "sixcardgolf"


def built_wheel() -> Path:
    wheel = REPO / "dist" / f"sixcardgolf-{sixcardgolf.__version__}-py3-none-any.whl"
    if not wheel.exists():
        pytest.fail(f"{wheel.relative_to(REPO)} is missing: build it with `make wheel`")
    with zipfile.ZipFile(wheel) as archive:
        packed = {
            name: archive.read(name)
            for name in archive.namelist()
            if name.startswith("sixcardgolf/") and not name.endswith("/") and "__pycache__" not in name
        }
    # Every file of the engine's source folder: its modules and subpackages, the presets (JSON), the message
    # catalogues (TOML) and py.typed; nothing may be missing from the wheel or left over in it.
    sources = {
        f"sixcardgolf/{path.relative_to(SOURCES).as_posix()}": path.read_bytes()
        for path in SOURCES.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }
    stale = sorted(name for name in packed.keys() | sources.keys() if packed.get(name) != sources.get(name))
    if stale:
        pytest.fail(
            f"{wheel.relative_to(REPO)} differs from the engine sources in {', '.join(stale)}: run `make wheel`"
        )
    return wheel


@pytest.fixture(scope="module")
def pyodide_run() -> dict:  # type: ignore[type-arg]
    node = shutil.which("node")
    assert node, "Node.js is needed to run Pyodide"
    result = subprocess.run([node, str(HERE / "run_in_pyodide.mjs"), str(built_wheel())],
                            capture_output=True, text=True, timeout=300, check=False)  # fmt: skip
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)  # type: ignore[no-any-return]


def test_the_engine_ran_from_the_wheel_inside_pyodide(pyodide_run: dict) -> None:  # type: ignore[type-arg]
    environment = pyodide_run["environment"]
    assert environment["platform"] == "emscripten" and environment["python"] == [3, 14]
    assert "site-packages/sixcardgolf/" in environment["engine"] and str(REPO) not in environment["engine"]


def test_pyodide_scores_and_plays_exactly_as_cpython(pyodide_run: dict) -> None:  # type: ignore[type-arg]
    expected = json.loads(engine_cases.main())
    got = pyodide_run["result"]
    assert len(got["scores"]) == len(engine_cases.LAYOUT_CASES) and len(got["holes"]) == 12
    assert all(hole["actions"] for hole in got["holes"])
    assert [case["simulate"]["holes_played"] for case in got["simulated"]] == [4, 4]
    assert got == expected
