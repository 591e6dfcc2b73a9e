"""MkDocs hook: ship the rule sheet's code, template and styles to the site for "Print these rules".

Writes site/pyodide/printables-sheet.zip (the files `printables.browser.KIT_FILES` lists, under
`printables/`), which the worker unpacks beside the engine the first time a page asks for a sheet. It sits
with the Pyodide runtime, so the service worker caches it with the runtime. Listed before the playground's
hook in mkdocs.yml, so the service worker's manifest includes it.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from typing import Any

from printables.browser import KIT_FILES
from printables.page import PACKAGE_DIR

KIT_NAME = "printables-sheet.zip"
_FIXED_TIME = (1980, 1, 1, 0, 0, 0)  # the same files make the same bytes (the service worker hashes them)


def kit_bytes() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for relative in KIT_FILES:
            info = zipfile.ZipInfo(f"printables/{relative}", date_time=_FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, (PACKAGE_DIR / relative).read_bytes())
    return buffer.getvalue()


def on_post_build(config: Any, **_: Any) -> None:
    folder = Path(config["site_dir"]) / "pyodide"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / KIT_NAME).write_bytes(kit_bytes())
