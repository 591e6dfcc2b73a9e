"""MkDocs hook: ship the interactive pages' files with the site, and the service worker that keeps it offline.

- this folder's scripts and styles go to site/playground/, with the pages' texts (text-en.js, text-ja.js) made
  from the engine's catalogues (page_texts.py), never copied from here;
- the Pyodide runtime (from the npm package) and the engine wheel go to site/pyodide/, with the site's own
  pyodide-lock.json (Pyodide's, with the wheel registered by pyodide-build: `make lockfile`), so the worker
  loads the engine with `pyodide.loadPackage("sixcardgolf")` and Pyodide checks the wheel's sha256;
- the interpreter snapshot (`make snapshot`: tools/make-snapshot.mjs) goes beside them, named by the wheel's
  sha256, so the worker restores a Python that has imported the engine instead of starting one;
- the engine's static data (presets, options catalogue, layouts, setup choices) in each language goes to
  site/playground/data-<lang>.json, so a page draws its forms before Python runs;
- site/sw.js: the service worker with a manifest of every file of the site and its content hash.

mkdocs-static-i18n builds once per language into the same folder; the hook runs after each and rewrites the
service worker's manifest every time, so the last run's manifest lists every page of both languages.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from pathlib import Path
from typing import Any

# MkDocs puts this file's folder on sys.path while it loads the hook: the texts' maker lives beside it.
import page_texts
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

from sixcardgolf.door.reference import static_data
from sixcardgolf.puzzles import page_data as puzzle_data

ROOT = Path(__file__).resolve().parent.parent
PLAYGROUND = ROOT / "playground"
PYODIDE = ROOT / "node_modules" / "pyodide"
DIST = ROOT / "dist"
LANGS = ("en", "ja")
# The runtime files loadPyodide() fetches; the rest of the npm package (consoles, types, maps) stays out.
# pyodide-lock.json comes from dist/ (with the engine registered), not from the npm package.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
SERVICE_WORKER = "sw.js"
# The service worker's groups: "runtime" is fetched by the engine's pages only, and cached when first used or
# when an engine page asks, never precached, so a text page fetches no Pyodide bytes; "demand" (printables, large
# downloads) is cached when opened; "site" (everything else, every page included) is precached when the worker
# installs. The Printables page itself, printables/index.html, is a page like any other: it works offline.
GROUPS = (("pyodide/", "runtime"), ("printables/", "demand"))
PAGE = "index.html"
HASH_DIGITS = 16  # of a file's sha256, in the service worker's manifest and cache keys
# A module's static imports of its neighbours: `import ... from "./x.js"`, `import "./x.js"`, `export ... from`.
STATIC_IMPORT = re.compile(r'^\s*(?:import|export)\b[^"\']*?(?:from\s*)?["\'](\./[\w.-]+\.js)["\']', re.MULTILINE)


def on_page_context(context: dict[str, Any], page: Any, config: Any, **_: Any) -> dict[str, Any]:
    """Tell overrides/main.html what an interactive page will fetch first, so the <head> can preload it.

    Without the hints the browser learns the module graph one level at a time (play.js, then its 13 modules,
    then theirs) and the static data only when play.js runs: the form, the page's largest paint, came ~0.2 s
    later (Lighthouse's mobile profile, A/B).
    """
    scripts = [src for src in page.meta.get("extra_scripts", []) if src.startswith("playground/")]
    if scripts:
        page.meta["preload_modules"] = module_graph(scripts)
        page.meta["preload_data"] = f"playground/data-{config['theme']['language']}.json"
    return context


def module_graph(entries: list[str]) -> list[str]:
    """Every playground module the entries import statically, the entries first (site paths)."""
    seen: list[str] = []
    waiting = [Path(entry).name for entry in entries]
    made = set(page_texts.MODULES.values())  # made at build time (they import nothing): maybe not here yet
    while waiting:
        name = waiting.pop(0)
        if f"playground/{name}" in seen:
            continue
        if name in made:
            seen.append(f"playground/{name}")
            continue
        source = PLAYGROUND / name
        if not source.exists():
            raise PluginError(f"playground: a page or module imports playground/{name}, which does not exist")
        seen.append(f"playground/{name}")
        waiting += [Path(found).name for found in STATIC_IMPORT.findall(source.read_text(encoding="utf-8"))]
    return seen


# Last of all: after mkdocs-static-i18n (-100) writes the search index of every language and docs/hooks/golf_search.py
# (-110) splits it by language, so the manifest hashes the index files the site really ships.
@event_priority(-120)
def on_post_build(config: Any, **_: Any) -> None:
    site = Path(config["site_dir"])
    runtime = _copy_runtime(site)
    target = site / "playground"
    target.mkdir(exist_ok=True)
    made = set(page_texts.MODULES.values())
    for source in PLAYGROUND.iterdir():
        if source.suffix in (".js", ".css") and source.name != SERVICE_WORKER and source.name not in made:
            shutil.copy2(source, target / source.name)
    page_texts.write(target)  # from the catalogues as they are now, whatever an older `make texts` left here
    for lang in LANGS:
        data = static_data({"lang": lang})
        data["runtime"] = runtime
        # The room server of play with friends (issue 26): empty for the site's own origin (`make serve`), or the
        # origin of a server elsewhere for a host that serves the site alone (mkdocs.yml `extra: rooms_server`).
        data["rooms_server"] = str((config.get("extra") or {}).get("rooms_server") or "")
        _write(target / f"data-{lang}.json", json.dumps(data, ensure_ascii=False, separators=(",", ":")))
        # The puzzle page's data (issue 28): observations and stored losses only, never a puzzle's seed.
        puzzles = puzzle_data(lang)
        _write(target / f"puzzles-{lang}.json", json.dumps(puzzles, ensure_ascii=False, separators=(",", ":")))
    _write_service_worker(site)


def _copy_runtime(site: Path) -> dict[str, Any]:
    """Copy Pyodide, the wheel, the lockfile and the snapshot; return the files' sizes for the progress bar."""
    missing = [name for name in PYODIDE_FILES if not (PYODIDE / name).exists()]
    if missing:
        raise PluginError(f"playground: Pyodide files {missing} are missing from {PYODIDE}: run `npm ci` (make setup)")
    wheels = sorted(DIST.glob("sixcardgolf-*-py3-none-any.whl"))
    if not wheels:
        raise PluginError(f"playground: no engine wheel in {DIST}: run `make wheel`")
    wheel = wheels[-1]
    lockfile = DIST / "pyodide-lock.json"
    if not lockfile.exists():
        raise PluginError(f"playground: {lockfile} is missing: run `make lockfile`")
    entry = json.loads(lockfile.read_text(encoding="utf-8"))["packages"].get("sixcardgolf", {})
    if entry.get("file_name") != wheel.name or entry.get("sha256") != _sha256(wheel):
        raise PluginError(f"playground: {lockfile} does not register {wheel.name} as built: run `make lockfile`")
    snapshot = DIST / f"interpreter-{entry['sha256'][:HASH_DIGITS]}.snapshot"
    if not snapshot.exists():
        raise PluginError(f"playground: {snapshot} (made from {wheel.name}) is missing: run `make snapshot`")
    folder = site / "pyodide"
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("interpreter-*.snapshot"):
        old.unlink()
    for source in [*(PYODIDE / name for name in PYODIDE_FILES), wheel, lockfile, snapshot]:
        shutil.copy2(source, folder / source.name)
    names = [*PYODIDE_FILES, wheel.name, lockfile.name, snapshot.name]
    files = {name: (folder / name).stat().st_size for name in names}
    # The hashes name the service worker's cache entries (as in its manifest), so the engine's worker can hand
    # over what it fetched on a first visit instead of the service worker downloading it again.
    hashes = {name: _sha256(folder / name)[:HASH_DIGITS] for name in names}
    return {"files": files, "hashes": hashes, "wheel": wheel.name}


def _write_service_worker(site: Path) -> None:
    entries = []
    for path in sorted(site.rglob("*")):
        relative = path.relative_to(site).as_posix()
        if not path.is_file() or relative == SERVICE_WORKER or relative.endswith(".gz"):
            continue
        group = (
            "site"
            if relative.endswith(PAGE)
            else next((g for prefix, g in GROUPS if relative.startswith(prefix)), "site")
        )
        entries.append([relative, _sha256(path)[:HASH_DIGITS], group])
    version = hashlib.sha256(json.dumps(entries).encode()).hexdigest()[:16]
    manifest = json.dumps({"version": version, "files": entries}, separators=(",", ":"))
    template = (PLAYGROUND / SERVICE_WORKER).read_text(encoding="utf-8")
    if "self.__GOLF_MANIFEST__" not in template:
        raise PluginError(f"playground: {SERVICE_WORKER} has no self.__GOLF_MANIFEST__ placeholder")
    # A replace, not a template: sw.js is a script (no theme HTML), and the manifest goes in at its one marked place.
    _write(site / SERVICE_WORKER, template.replace("self.__GOLF_MANIFEST__", manifest, 1))


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _write(path: Path, text: str) -> None:
    """Write through a temporary file, so a reader never sees half a file."""
    partial = path.with_name(path.name + ".part")
    partial.write_text(text, encoding="utf-8")
    partial.replace(path)
