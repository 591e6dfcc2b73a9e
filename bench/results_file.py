"""Writing a benchmark's result file: whole or not at all, and readable like any other file of the project."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomically(path: Path, text: str) -> None:
    """Write text to path through a temporary file beside it, so a reader never sees half a table."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    with os.fdopen(handle, "w", encoding="utf-8") as stream:
        stream.write(text)
    # mkstemp makes the file private (0600); keep the mode the file had, or the usual 0644 for a new one
    os.chmod(temporary, path.stat().st_mode & 0o777 if path.exists() else 0o644)
    os.replace(temporary, path)


def write_keeping_notes(path: Path, lines: list[str], marker: str) -> None:
    """Write a benchmark's generated lines to path; whatever follows `marker` there (notes written by hand on what
    the figures say) is kept below them."""
    kept = path.read_text(encoding="utf-8").partition(marker)[2] if path.exists() else ""
    write_atomically(path, "\n".join(lines) + ("\n" + marker + kept if kept else ""))
