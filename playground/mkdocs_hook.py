"""MkDocs hook: ship the interactive pages' files with the site.

Copies this folder's scripts and styles to site/playground/, the Pyodide
runtime from the npm package to site/pyodide/ and the engine's wheel to
site/engine/sixcardgolf.whl, so the pages load nothing from another host.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

ROOT = Path(__file__).resolve().parent.parent
PLAYGROUND = ROOT / "playground"
PYODIDE = ROOT / "node_modules" / "pyodide"
WHEELS = ROOT / "dist"
# The runtime files loadPyodide() fetches; the rest of the npm package (consoles, types, maps) stays out.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")


def on_post_build(config: Any, **_: Any) -> None:
    site = Path(config["site_dir"])
    if (site / "playground" / ".copied").exists():
        return  # mkdocs-static-i18n builds once per language; one copy serves both
    missing = [name for name in PYODIDE_FILES if not (PYODIDE / name).exists()]
    if missing:
        raise PluginError(f"playground: Pyodide files {missing} are missing from {PYODIDE}: run `npm ci` (make setup)")
    wheels = sorted(WHEELS.glob("sixcardgolf-*-py3-none-any.whl"))
    if not wheels:
        raise PluginError(f"playground: no engine wheel in {WHEELS}: run `make wheel`")
    (site / "pyodide").mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copy2(PYODIDE / name, site / "pyodide" / name)
    (site / "engine").mkdir(exist_ok=True)
    shutil.copy2(wheels[-1], site / "engine" / "sixcardgolf.whl")
    target = site / "playground"
    target.mkdir(exist_ok=True)
    for source in PLAYGROUND.iterdir():
        if source.suffix in (".js", ".css"):
            shutil.copy2(source, target / source.name)
    (target / ".copied").touch()
