"""The pages' pure modules, unit-tested in Node without a browser (`node --test tests/js/`): share links
(play-share.js), card notation (calculator-cards.js), the texts (texts.js), the Play page's phases and
transitions (play-state.js), and a room's address, session and phases (room-link.js, room-session.js). Run from here so that `make test` runs them; one test per file, so a failure names
the module, and the failing checks are quoted from Node's report. The pages' texts, which texts.js imports, are made
from the catalogues first (playground/page_texts.py, as `make texts` does)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
FILES = sorted(HERE.glob("*.test.mjs"))
PAGE_TEXTS = HERE.parents[1] / "playground" / "page_texts.py"


@pytest.fixture(scope="module", autouse=True)
def page_texts() -> None:
    subprocess.run([sys.executable, str(PAGE_TEXTS)], check=True, timeout=120)


def test_every_pure_module_has_its_unit_tests() -> None:
    assert {path.name for path in FILES} >= {
        "play-share.test.mjs",
        "calculator-cards.test.mjs",
        "texts.test.mjs",
        "play-state.test.mjs",
        "room-link.test.mjs",
        "room-session.test.mjs",
        "room-state.test.mjs",
    }


@pytest.mark.parametrize("path", FILES, ids=[path.name for path in FILES])
def test_node_unit_tests_pass(path: Path) -> None:
    node = shutil.which("node")
    assert node, "Node.js is missing (make setup)"
    done = subprocess.run(
        [node, "--test", "--test-reporter=tap", str(path)], capture_output=True, text=True, timeout=120, cwd=HERE
    )
    report = done.stdout + done.stderr
    passed = re.search(r"^# pass (\d+)$", report, re.MULTILINE)
    failed = [line for line in report.splitlines() if line.startswith("not ok")]
    assert done.returncode == 0 and not failed, f"{path.name}: {failed}\n{report[-4000:]}"
    assert passed and int(passed.group(1)) > 0, f"{path.name} ran no test:\n{report[-2000:]}"
