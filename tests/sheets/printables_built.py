"""The documents `make build` wrote (build/printables, or GOLF_PRINTABLES_DIR), read back instead of rendered again.

Every test that reads one first checks that its manifest key equals the key of the same document computed from
the code as it is now (the key hashes the HTML, the templates, stylesheets and code, and WeasyPrint's version),
so a stale build fails with the command to run rather than testing old output; and that WeasyPrint logged nothing.
"""

from __future__ import annotations

import json
import os
from functools import cache
from pathlib import Path
from typing import Any

from printables import build_all
from printables.documents import DocumentSpec

ROOT = Path(__file__).resolve().parents[2]
BUILT = Path(os.environ.get("GOLF_PRINTABLES_DIR") or ROOT / "build" / "printables")


@cache
def manifest() -> dict[str, dict[str, Any]]:
    path = BUILT / "manifest.json"
    assert path.is_file(), f"{path} is missing: run `make build` first"
    return {entry["pdf"]: entry for entry in json.loads(path.read_text(encoding="utf-8"))["documents"]}


def built(spec: DocumentSpec) -> bytes:
    """The PDF the build made for `spec`, checked current and made without a WeasyPrint warning."""
    name = f"{spec.file_stem()}.pdf"
    entry = manifest().get(name)
    assert entry is not None, f"the build made no {name}: run `make build`"
    assert entry["key"] == build_all.content_key(spec), f"{name} is older than the code: run `make build`"
    assert entry.get("warnings") == [], f"{name}: WeasyPrint logged {entry.get('warnings')}"
    return (BUILT / name).read_bytes()
