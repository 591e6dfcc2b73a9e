"""engine/README.md stays true: its "API in one screen" runs as a doctest, and its module map names every module."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"
README = (ENGINE / "README.md").read_text(encoding="utf-8")


def section(title: str) -> str:
    start = README.index(f"## {title}\n")
    end = README.find("\n## ", start + 1)
    return README[start : end if end >= 0 else len(README)]


def test_the_api_in_one_screen_runs_as_written() -> None:
    blocks = re.findall(r"```pycon\n(.*?)```", section("The API in one screen"), re.S)
    assert len(blocks) == 1
    test = doctest.DocTestParser().get_doctest(blocks[0], {}, "README: The API in one screen", "engine/README.md", 0)
    assert len(test.examples) > 15
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


def test_the_module_map_names_every_module_once() -> None:
    package = ENGINE / "sixcardgolf"
    modules = {
        path.relative_to(package).as_posix()
        for path in package.rglob("*.py")
        if path.parent != package / "preset_data" and "__pycache__" not in path.parts
    }
    named = []
    for row in section("Module map").splitlines():
        if row.startswith("| `") and row.count("|") >= 3:
            first_cell = row.split("|")[1]
            named += [name for name in re.findall(r"`([\w/]+\.py|[\w]+/)`", first_cell) if name.endswith(".py")]
    named += ["messages/__init__.py"]  # the catalogue's row names its folder
    assert sorted(named) == sorted(modules)
