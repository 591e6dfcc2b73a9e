"""Helpers for the site tests: build the site in a subprocess, fake printables, read built pages."""

from __future__ import annotations

import json
import os
import struct
import subprocess
import sys
import zlib
from pathlib import Path

from sixcardgolf.presets import preset_names

REPO = Path(__file__).resolve().parents[2]
HOOKS = REPO / "docs" / "hooks"
LANGS = ("en", "ja")
GAME_PAGES = tuple(f"games/{name}/" for name in preset_names())
PAGES = ("", "rules/", "walkthrough/", "scoring/", "variants/", "strategy/", "faq/", "glossary/", "printables/",
         "games/", *GAME_PAGES)  # fmt: skip


SEARCH_READY = (
    "() => document.querySelector('.md-search-result__meta').textContent"
    " === JSON.parse(document.getElementById('__config').textContent).translations['search.result.placeholder']"
)
"""True once the theme's search worker has its index: the results line shows the placeholder (opening the search
field builds the index at once)."""
SEARCH_READY_MS = 60_000  # building the index takes a second or two; far longer on a busy two-core machine


def tiny_png(width: int = 4, height: int = 6) -> bytes:
    """A valid white PNG, written by hand so the tests need no imaging library."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    rows = b"".join(b"\x00" + b"\xff\xff\xff" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def fake_printables(folder: Path, presets: tuple[str, ...] | None = None) -> list[dict[str, str]]:
    """A manifest like the printables helper writes (every preset unless `presets` says), with placeholder files,
    for building without it."""
    folder.mkdir(parents=True, exist_ok=True)
    documents = []
    for preset in presets or preset_names():
        for kind in ("rules", "scorepad"):
            for lang in LANGS:
                for paper in ("a4", "letter"):
                    stem = f"{kind}-{preset}-{lang}-{paper}"
                    (folder / f"{stem}.pdf").write_bytes(b"%PDF-1.4\n% placeholder for the site tests\n")
                    (folder / f"{stem}.png").write_bytes(tiny_png())
                    documents.append(
                        {"kind": kind, "preset": preset, "lang": lang, "paper": paper,
                         "pdf": f"{stem}.pdf", "preview": f"{stem}.png", "pages": 1}
                    )  # fmt: skip
    (folder / "manifest.json").write_text(json.dumps({"documents": documents}), encoding="utf-8")
    return documents


def build_site(
    out: Path,
    printables: Path,
    *,
    config_dir: Path = REPO,
    engine_path: Path | None = None,
) -> subprocess.CompletedProcess[str]:
    """`mkdocs build --strict` of the site at `config_dir` into `out`; returns the finished process."""
    env = dict(os.environ, GOLF_PRINTABLES_DIR=str(printables), NO_MKDOCS_2_WARNING="1")
    if engine_path is not None:  # a modified copy of the engine package shadows the installed one
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(engine_path), env.get("PYTHONPATH", "")]))
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(out)],
        cwd=config_dir,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def page_path(site: Path, lang: str, page: str) -> Path:
    return site / ("" if lang == "en" else "ja") / page / "index.html"
