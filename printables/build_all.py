"""`python -m printables build-all --out DIR`: every preset's rule sheets and score pads, previews, manifest.

`make build` runs this every time, so it only renders what changed: each document's key
hashes everything its PDF depends on (the HTML the engine's rules produce, the package's
templates, stylesheets and code, the WeasyPrint version), and an unchanged key with both
files still present is skipped. What is left renders in parallel processes.

DIR/manifest.json is read by the site: {"documents": [{"kind", "preset", "lang", "paper",
"pdf", "preview", "title", ...}]} with file names relative to DIR.
"""

from __future__ import annotations

import argparse
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

from .documents import DocumentSpec
from .page import LANGS, PACKAGE_DIR, PAPERS
from .render import PrintableError, write_atomically

MANIFEST = "manifest.json"
PAD_PLAYERS = 8  # the widest table a pad serves; fewer players leave columns empty
PAD_EXTRA_HOLES = 18  # besides the preset's own hole count
PREVIEW_WIDTH_PX = 300


def all_specs() -> list[DocumentSpec]:
    specs = []
    for preset in preset_names():
        rules = load_preset(preset)
        for lang in LANGS:
            for paper in PAPERS:
                specs.append(DocumentSpec("rules", rules, lang, paper, preset))
                for holes in sorted({rules.holes, PAD_EXTRA_HOLES}):
                    specs.append(DocumentSpec("scorepad", rules, lang, paper, preset, PAD_PLAYERS, holes))
    return specs


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
        "preview": f"{stem}.png",
        "title": spec.title(),
        "rules_title": spec.rules_title,
    }
    if spec.kind == "scorepad":
        entry["players"] = spec.players
        entry["holes"] = spec.hole_count
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


Job = tuple[str, dict[str, Any], str, str, str | None, int, int | None, str]


def _job(spec: DocumentSpec, out: Path) -> Job:
    """What a worker process needs, as plain data (the rules as option keys)."""
    return (spec.kind, spec.rules.to_dict(), spec.lang, spec.paper, spec.preset, spec.players, spec.holes, str(out))


def _render_job(job: Job) -> tuple[str, float, list[str]]:
    """Worker: render one document into its folder; returns its stem, seconds and warnings."""
    kind, options, lang, paper, preset, players, holes, out = job
    spec = DocumentSpec(kind, Rules.from_dict(options), lang, paper, preset, players, holes)
    started = time.perf_counter()
    rendered = spec.render()
    folder = Path(out)
    write_atomically(folder / f"{spec.file_stem()}.pdf", rendered.pdf)
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
        if force or not fresh or not (out / entry["pdf"]).is_file() or not (out / entry["preview"]).is_file():
            todo.append(_job(spec, out))
    timings: list[float] = []
    failures: list[str] = []
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
                for warning in warnings:
                    print(f"printables: {stem}: weasyprint {warning}", file=sys.stderr)
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
    parser = argparse.ArgumentParser(
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
