"""MkDocs hook: ship the rule sheet's code, template and styles to the site for "Print these rules".

Writes site/pyodide/printables-sheet.zip (the files `printables.browser.KIT_FILES` lists, under
`printables/`, and BudouX for the Japanese line breaks), which the worker unpacks beside the engine the first time a page asks for a sheet. It sits
with the Pyodide runtime, so the service worker caches it with the runtime. Listed before the playground's
hook in mkdocs.yml, so the service worker's manifest includes it.
"""

from __future__ import annotations

import io
import zipfile
from importlib.metadata import distribution
from pathlib import Path
from typing import Any

import budoux

from printables.browser import BUDOUX_FILES, KIT_FILES
from printables.page import PACKAGE_DIR

KIT_NAME = "printables-sheet.zip"
_FIXED_TIME = (1980, 1, 1, 0, 0, 0)  # the same files make the same bytes (the service worker hashes them)


def kit_files() -> list[tuple[str, Path]]:
    """(name in the zip, file here): the sheet's code, and BudouX with its licence for the Japanese line breaks."""
    budoux_dir = Path(budoux.__file__).parent
    licence = next(Path(p.locate()) for p in distribution("budoux").files or [] if p.name == "LICENSE")
    return [
        *((f"printables/{name}", PACKAGE_DIR / name) for name in KIT_FILES),
        *((f"budoux/{name}", budoux_dir / name) for name in BUDOUX_FILES),
        ("budoux/LICENSE", licence),
    ]


def kit_bytes() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, source in kit_files():
            info = zipfile.ZipInfo(name, date_time=_FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, source.read_bytes())
    return buffer.getvalue()


def on_post_build(config: Any, **_: Any) -> None:
    folder = Path(config["site_dir"]) / "pyodide"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / KIT_NAME).write_bytes(kit_bytes())
