"""The printables page: previews and download links read from the printables helper's manifest.

The manifest (build/printables/manifest.json, written by `python -m printables build-all`) lists
{"documents": [{"kind", "preset", "lang", "paper", "pdf", "preview", ...}]}; the files beside it are
copied into site/printables/ after the build.
"""

from __future__ import annotations

import json
import os
import shutil
import struct
import tempfile
from pathlib import Path
from typing import Any

from sixcardgolf.presets import preset_info, preset_names

from .labels import text
from .markers import Context, MarkerError, marker
from .templating import render

ENV_DIR = "GOLF_PRINTABLES_DIR"  # where the manifest is, if not build/printables
BUILD_COMMAND = "python -m printables build-all --out build/printables"
KINDS = ("rules", "scorepad")
PAPERS = ("a4", "letter")
SITE_FOLDER = "printables"


def printables_dir(repo_root: Path) -> Path:
    return Path(os.environ.get(ENV_DIR) or repo_root / "build" / "printables")


def _plain_name(document: dict[str, Any], key: str, where: str) -> str:
    name = document.get(key)
    if not isinstance(name, str) or not name or "/" in name or "\\" in name or name.startswith("."):
        raise MarkerError(f"{where}: {key} {name!r} is not a plain file name in the manifest's folder")
    return name


def read_manifest(folder: Path) -> list[dict[str, Any]]:
    """The manifest's documents, checked: known kinds, presets, languages and papers; files present."""
    path = folder / "manifest.json"
    if not path.is_file():
        raise MarkerError(f"the printables manifest {path} is missing: run `{BUILD_COMMAND}` first")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise MarkerError(
            f"the printables manifest {path} cannot be read ({error}): run `{BUILD_COMMAND}` again"
        ) from None
    documents = data.get("documents") if isinstance(data, dict) else None
    if not isinstance(documents, list):
        raise MarkerError(f'the printables manifest {path} has no list of documents: expected {{"documents": [...]}}')
    checks = {"kind": KINDS, "lang": ("en", "ja"), "paper": PAPERS}
    for index, document in enumerate(documents, start=1):
        where = f"{path}, document {index}"
        if not isinstance(document, dict):
            raise MarkerError(f"{where} is not an object")
        for key, allowed in checks.items():
            if document.get(key) not in allowed:
                raise MarkerError(f"{where}: {key} {document.get(key)!r} is not one of {', '.join(allowed)}")
        blank = document.get("blank") is True  # a score pad for any game: no preset, one preview per language
        if not blank and document.get("preset") not in preset_names():
            raise MarkerError(
                f"{where}: unknown preset {document.get('preset')!r}; expected one of {', '.join(preset_names())}"
            )
        for key in ("pdf", "preview") if not blank or "preview" in document else ("pdf",):
            name = _plain_name(document, key, where)
            if not (folder / name).is_file():
                raise MarkerError(f"{where}: {key} file {folder / name} is missing: run `{BUILD_COMMAND}` again")
    return documents


@marker("printables", optional=("preset",))
def printables(ctx: Context, args: dict[str, str]) -> str:
    """Every sheet and pad in the page's language, or with preset= only that preset's (a game's own page)."""
    documents = read_manifest(ctx.printables_dir)
    mine = [d for d in documents if d["lang"] == ctx.lang]
    if not mine:
        raise MarkerError(f"the printables manifest lists no document in language {ctx.lang!r}")
    names = preset_names()
    if "preset" in args:
        names = [preset_info(args["preset"]).name]
        if not any(d["preset"] == names[0] for d in mine):
            raise MarkerError(f"the printables manifest has no document for preset {names[0]!r} in {ctx.lang!r}")
    for document in documents:
        ctx.used_printables.extend(ctx.printables_dir / document[key] for key in ("pdf", "preview") if key in document)
    base = f"{ctx.to_root()}{SITE_FOLDER}/"
    figures: list[dict[str, Any]] = []
    for name in names:
        for kind in KINDS:
            found = sorted(
                (d for d in mine if d["preset"] == name and d["kind"] == kind),
                key=lambda d: (PAPERS.index(d["paper"]), _count(d, "holes"), _count(d, "players")),
            )
            if not found:
                continue
            preset = preset_info(name).title[ctx.lang]
            kind_name = text("rules_sheet" if kind == "rules" else "scorepad", ctx.lang)
            first = found[0]
            alt = text("preview_alt", ctx.lang, kind=kind_name, preset=preset, paper=text(first["paper"], ctx.lang))
            figures.append(
                {
                    "preset": name,
                    "kind": kind,
                    "kind_name": kind_name,
                    "title": preset,
                    "image": _image(base, first, alt, ctx.printables_dir),
                    "links": [
                        (base + d["pdf"], text("download", ctx.lang, paper=_details(d, ctx.lang))) for d in found
                    ],
                }
            )
    # The printables page shows the pads for any game too; a game's own page shows that game's documents only.
    blank = _blank_pads(mine, base, ctx.lang, ctx.printables_dir) if "preset" not in args else None
    # Between a document's kind and its game: an em dash in English, a colon in Japanese print style.
    return render("printables.html", figures=figures, blank=blank, separator=text("kind_sep", ctx.lang))


def _image(base: str, document: dict[str, Any], alt: str, folder: Path) -> dict[str, Any]:
    return {"src": base + document["preview"], "alt": alt, "size": _size(folder / document["preview"])}


def _size(path: Path) -> tuple[int, int] | None:
    """A preview's width and height, read from its PNG header, so the page does not shift when the lazily loaded
    image arrives; None if the file is not a PNG."""
    header = path.read_bytes()[:24] if path.is_file() else b""
    if len(header) < 24 or header[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    width, height = struct.unpack(">II", header[16:24])
    return width, height


def _blank_pads(mine: list[dict[str, Any]], base: str, lang: str, folder: Path) -> dict[str, Any] | None:
    """Score pads for any game: one preview, and a table of links by paper and holes (rows) and players (columns)."""
    pads = [d for d in mine if d.get("blank") is True]
    shown = next((d for d in pads if "preview" in d), None)
    if shown is None:
        return None  # a manifest of preset documents only (the site's own tests build with one)
    players = sorted({_count(d, "players") for d in pads})
    by_size = {(d["paper"], _count(d, "holes"), _count(d, "players")): d for d in pads}
    rows = []
    for paper in PAPERS:
        for holes in sorted({_count(d, "holes") for d in pads}):
            size = text("detail_sep", lang).join((text(paper, lang), text("holes_count", lang, n=holes)))
            found = [by_size.get((paper, holes, n)) for n in players]
            rows.append((size, [{"href": base + d["pdf"], "title": d["title"]} if d else None for d in found]))
    kind_name = text("scorepad", lang)
    alt = text("preview_alt", lang, kind=kind_name, preset=text("any_game", lang), paper=text(shown["paper"], lang))
    return {
        "image": _image(base, shown, alt, folder),
        "kind_name": kind_name,
        "title": text("any_game", lang),
        "heads": [text("pad_players", lang, n=n) for n in players],
        "rows": rows,
    }


def _count(document: dict[str, Any], key: str) -> int:
    value = document.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _details(document: dict[str, Any], lang: str) -> str:
    """Paper size, and for a score pad its rows and columns when the manifest gives them: 'A4, 9 holes, 8 players'."""
    parts = [text(document["paper"], lang)]
    if _count(document, "holes"):
        parts.append(text("holes_count", lang, n=document["holes"]))
    if _count(document, "players"):
        parts.append(text("players_count", lang, n=document["players"]))
    return text("detail_sep", lang).join(parts)


def copy_into_site(files: list[Path], site_dir: Path) -> None:
    """Copy the printables into site/printables/, each through a temporary file and a rename."""
    target = site_dir / SITE_FOLDER
    target.mkdir(parents=True, exist_ok=True)
    for source in dict.fromkeys(files):
        handle, temporary = tempfile.mkstemp(dir=target, prefix=".part-")
        os.close(handle)
        try:
            shutil.copyfile(source, temporary)
            os.replace(temporary, target / source.name)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
