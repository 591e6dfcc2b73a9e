"""Benchmark result files (bench/results_file.py): written whole, and readable like any other file of the project."""

from __future__ import annotations

import stat
from pathlib import Path

from results_file import write_atomically


def test_a_new_result_file_is_readable_by_everyone(tmp_path: Path) -> None:
    target = tmp_path / "results" / "table.md"
    write_atomically(target, "| a |\n")
    assert target.read_text(encoding="utf-8") == "| a |\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o644
    assert [p.name for p in target.parent.iterdir()] == ["table.md"]  # no temporary file left behind


def test_rewriting_a_file_keeps_its_mode(tmp_path: Path) -> None:
    target = tmp_path / "table.md"
    target.write_text("old\n", encoding="utf-8")
    target.chmod(0o664)
    write_atomically(target, "new\n")
    assert target.read_text(encoding="utf-8") == "new\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o664
