"""`python -m printables build-all --out DIR`: every preset's rule sheets and score pads, previews, manifest.

`make build` runs this every time, so it only renders what changed: each document's key
hashes everything its PDF depends on (the HTML the engine's rules produce, the package's
templates, stylesheets and code, the WeasyPrint version), and an unchanged key with both
files still present is skipped. What is left renders in parallel processes.

DIR/manifest.json is read by the site: {"documents": [{"kind", "preset", "lang", "paper",
"pdf", "preview", "title", "warnings", ...}]} with file names relative to DIR.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from functools import cache
from pathlib import Path
from typing import Any

import weasyprint

import sixcardgolf
from sixcardgolf import Rules, load_preset, preset_names
from sixcardgolf.cli_io import OneLineParser

from . import facts
from .documents import DocumentSpec
from .page import LANGS, PACKAGE_DIR, PAPERS
from .render import PrintableError, write_atomically

MANIFEST = "manifest.json"
PAD_HOLES = (9, 18)  # a nine-hole match and the eighteen-hole alternative; a preset's pads add its own count
BLANK_PREVIEW = (4, 9, "a4")  # the one blank pad per language whose preview the printables page shows
PREVIEW_WIDTH_PX = 300


def all_specs() -> list[DocumentSpec]:
    """Per preset: rule sheets, and score pads for its widest table with its scoring at the foot;
    then blank pads for any game, for every table size."""
    specs = []
    for preset in preset_names():
        rules = load_preset(preset)
        for lang in LANGS:
            for paper in PAPERS:
                specs.append(DocumentSpec("rules", rules, lang, paper, preset))
                for holes in sorted({rules.holes, *PAD_HOLES}):
                    specs.append(DocumentSpec("scorepad", rules, lang, paper, preset, facts.TABLE_MAX_PLAYERS, holes))
    for lang in LANGS:
        for paper in PAPERS:
            for holes in PAD_HOLES:
                for players in facts.PAD_PLAYERS:
                    specs.append(DocumentSpec("scorepad", Rules(), lang, paper, None, players, holes, blank=True))
    return specs


def has_preview(spec: DocumentSpec) -> bool:
    """Every sheet and preset pad has a preview; of the blank pads, one per language stands for all."""
    return not spec.blank or (spec.players, spec.hole_count, spec.paper) == BLANK_PREVIEW


@cache
def _package_fingerprint() -> str:
    """Every file of the package that shapes a PDF: code, templates, stylesheets."""
    digest = hashlib.sha256()
    for path in sorted(PACKAGE_DIR.rglob("*")):
        if path.suffix in (".py", ".html", ".css") and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(PACKAGE_DIR)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def content_key(spec: DocumentSpec) -> str:
    digest = hashlib.sha256()
    for part in (
        _package_fingerprint(),
        weasyprint.__version__,
        sixcardgolf.__version__,
        json.dumps(spec.rules.to_dict(), sort_keys=True),
        spec.build_html(0),  # the engine's rule text, labels and layout as of now
    ):
        digest.update(part.encode())
        digest.update(b"\0")
    return digest.hexdigest()


def _entry(spec: DocumentSpec, key: str) -> dict[str, Any]:
    stem = spec.file_stem()
    entry: dict[str, Any] = {
        "kind": spec.kind,
        "preset": spec.preset,
        "lang": spec.lang,
        "paper": spec.paper,
        "pdf": f"{stem}.pdf",
        "title": spec.title(),
        "rules_title": spec.rules_title,
    }
    if has_preview(spec):
        entry["preview"] = f"{stem}.png"
    if spec.kind == "scorepad":
        entry["players"] = spec.players
        entry["holes"] = spec.hole_count
        entry["blank"] = spec.blank
    entry["key"] = key
    return entry


def make_preview(pdf: Path, png: Path) -> None:
    """A small PNG of the page with pdftoppm (poppler-utils), written atomically."""
    if shutil.which("pdftoppm") is None:
        raise PrintableError("pdftoppm was not found: install poppler-utils (tools/setup-system.sh does)")
    root = png.with_name(f".{png.stem}.part")
    try:
        subprocess.run(
            ["pdftoppm", "-png", "-singlefile", "-scale-to-x", str(PREVIEW_WIDTH_PX), "-scale-to-y", "-1",
             str(pdf), str(root)],
            check=True, capture_output=True, text=True,
        )  # fmt: skip
        os.replace(root.with_suffix(".part.png"), png)
    except subprocess.CalledProcessError as error:
        raise PrintableError(f"pdftoppm could not make a preview of {pdf.name}: {error.stderr.strip()}") from None
    finally:
        root.with_suffix(".part.png").unlink(missing_ok=True)


Job = tuple[str, dict[str, Any], str, str, str | None, int, int | None, bool, str]


def _job(spec: DocumentSpec, out: Path) -> Job:
    """What a worker process needs, as plain data (the rules as option keys)."""
    return (
        spec.kind, spec.rules.to_dict(), spec.lang, spec.paper, spec.preset, spec.players, spec.holes, spec.blank,
        str(out),
    )  # fmt: skip


def _render_job(job: Job) -> tuple[str, float, list[str]]:
    """Worker: render one document into its folder; returns its stem, seconds and warnings."""
    kind, options, lang, paper, preset, players, holes, blank, out = job
    spec = DocumentSpec(kind, Rules.from_dict(options), lang, paper, preset, players, holes, blank)
    started = time.perf_counter()
    rendered = spec.render()
    folder = Path(out)
    write_atomically(folder / f"{spec.file_stem()}.pdf", rendered.pdf)
    if has_preview(spec):
        make_preview(folder / f"{spec.file_stem()}.pdf", folder / f"{spec.file_stem()}.png")
    return spec.file_stem(), time.perf_counter() - started, rendered.warnings


def _old_manifest(path: Path) -> dict[str, dict[str, Any]]:
    try:
        documents = json.loads(path.read_text(encoding="utf-8"))["documents"]
        return {doc["pdf"]: doc for doc in documents if isinstance(doc, dict) and "pdf" in doc}
    except (OSError, ValueError, KeyError, TypeError):
        return {}  # no manifest, or an unreadable one: render everything


def build_all(out: Path, jobs: int, force: bool = False) -> dict[str, Any]:
    out.mkdir(parents=True, exist_ok=True)
    old = _old_manifest(out / MANIFEST)
    entries, todo = [], []
    for spec in all_specs():
        entry = _entry(spec, content_key(spec))
        entries.append(entry)
        previous = old.get(entry["pdf"])
        fresh = previous is not None and previous.get("key") == entry["key"]
        files = [entry["pdf"], *([entry["preview"]] if "preview" in entry else [])]
        if force or not fresh or not all((out / name).is_file() for name in files):
            todo.append(_job(spec, out))
    timings: list[float] = []
    failures: list[str] = []
    logged: dict[str, list[str]] = {}
    if todo:
        with ProcessPoolExecutor(max_workers=max(1, min(jobs, len(todo)))) as pool:
            futures = [pool.submit(_render_job, job) for job in todo]
            for future in futures:
                try:
                    stem, seconds, warnings = future.result()
                except PrintableError as error:
                    failures.append(str(error))
                    continue
                timings.append(seconds)
                logged[f"{stem}.pdf"] = warnings
                for warning in warnings:
                    print(f"printables: {stem}: weasyprint {warning}", file=sys.stderr)
    for entry in entries:
        # What WeasyPrint logged when the file was made (kept from the last manifest for files not made again).
        entry["warnings"] = logged.get(entry["pdf"], old.get(entry["pdf"], {}).get("warnings", []))
    if failures:
        raise PrintableError("; ".join(failures))
    current = {entry["pdf"] for entry in entries}
    for name, doc in old.items():
        if name not in current:  # a document no longer built: remove its files
            for stale in (name, doc.get("preview")):
                if isinstance(stale, str) and "/" not in stale:
                    (out / stale).unlink(missing_ok=True)
    manifest = {"generator": "printables", "engine_version": sixcardgolf.__version__, "documents": entries}
    write_atomically(out / MANIFEST, (json.dumps(manifest, ensure_ascii=False, indent=1) + "\n").encode())
    return {"documents": len(entries), "rendered": len(todo), "seconds": timings}


def main(argv: list[str]) -> int:
    parser = OneLineParser(  # a mistake is one line, not the usage block
        prog="python -m printables build-all",
        description="Render every preset's rule sheets and score pads with previews and a manifest.",
    )
    parser.add_argument("--out", type=Path, required=True, metavar="DIR", help="output folder (created if missing)")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1), help="parallel processes (default 2)")
    parser.add_argument("--force", action="store_true", help="render every document even if unchanged")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    try:
        result = build_all(args.out, args.jobs, args.force)
    except PrintableError as error:
        print(f"printables: error: {error}", file=sys.stderr)
        return 2
    unchanged = result["documents"] - result["rendered"]
    print(
        f"printables: {result['documents']} documents ({result['rendered']} rendered, {unchanged} unchanged) "
        f"in {time.perf_counter() - started:.1f} s -> {args.out / MANIFEST}"
    )
    return 0
