"""build-all: manifest the site reads, previews, and skipping what has not changed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from printables_built import built, manifest
from printables_pdf import PAPER_PT, page_size, reader, squash, text

from printables import build_all
from printables.cli import main
from printables.documents import DocumentSpec
from printables.labels import label
from sixcardgolf import load_preset, preset_names

REQUIRED = ("kind", "preset", "lang", "paper", "pdf", "preview", "title")
LANGS = ("en", "ja")
PAPERS = ("a4", "letter")


def small_set(rules_change: dict[str, object] | None = None) -> list[DocumentSpec]:
    rules = load_preset("basic").with_options(rules_change or {})
    return [
        DocumentSpec("rules", rules, "ja", "a4", "basic"),
        DocumentSpec("scorepad", rules, "en", "letter", "basic", 8, 9),
    ]


def png_width(path: Path) -> int:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path.name} is not a PNG"
    return int.from_bytes(data[16:20], "big")


def test_build_all_writes_manifest_and_previews_then_skips(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(build_all, "all_specs", small_set)
    assert main(["build-all", "--out", str(tmp_path), "--jobs", "2"]) == 0
    manifest = json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))
    documents = manifest["documents"]
    assert len(documents) == 2
    for doc in documents:
        assert all(doc.get(key) for key in REQUIRED), doc
        assert len(reader((tmp_path / doc["pdf"]).read_bytes()).pages) == 1
        assert 100 <= png_width(tmp_path / doc["preview"]) <= 400, "previews are small images"
    assert {(d["kind"], d["lang"], d["paper"]) for d in documents} == {
        ("rules", "ja", "a4"),
        ("scorepad", "en", "letter"),
    }
    assert "2 rendered" in capsys.readouterr().out

    # Nothing changed: nothing renders, files untouched.
    stamps = {p.name: p.stat().st_mtime_ns for p in tmp_path.iterdir()}
    assert build_all.build_all(tmp_path, jobs=2)["rendered"] == 0
    assert all(p.stat().st_mtime_ns == stamps[p.name] for p in tmp_path.iterdir() if p.name != "manifest.json")

    # A missing preview is made again; a changed rules value re-renders exactly its documents.
    (tmp_path / documents[0]["preview"]).unlink()
    assert build_all.build_all(tmp_path, jobs=1)["rendered"] == 1
    monkeypatch.setattr(build_all, "all_specs", lambda: small_set({"values.Q": 12}))
    assert build_all.build_all(tmp_path, jobs=2)["rendered"] == 2


def test_build_all_removes_documents_it_no_longer_makes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(build_all, "all_specs", small_set)
    build_all.build_all(tmp_path, jobs=2)
    monkeypatch.setattr(build_all, "all_specs", lambda: small_set()[:1])
    build_all.build_all(tmp_path, jobs=1)
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["manifest.json", "rules-basic-ja-a4.pdf", "rules-basic-ja-a4.png"]


def test_the_full_set_covers_every_preset_language_and_paper() -> None:
    specs = build_all.all_specs()
    for preset in preset_names():
        for lang in ("en", "ja"):
            for paper in ("a4", "letter"):
                mine = [s for s in specs if (s.preset, s.lang, s.paper) == (preset, lang, paper)]
                assert [s.kind for s in mine].count("rules") == 1
                pads = {(s.players, s.hole_count) for s in mine if s.kind == "scorepad"}
                assert pads == {(8, load_preset(preset).holes), (8, 9), (8, 18)}
    blank = {(s.players, s.hole_count, s.lang, s.paper) for s in specs if s.blank}
    assert blank == {(n, h, lang, paper) for n in range(2, 9) for h in (9, 18) for lang in LANGS for paper in PAPERS}
    stems = [s.file_stem() for s in specs]
    assert len(stems) == len(set(stems)), "every document needs its own file name"


def test_every_document_of_the_build_is_current_and_one_page_of_its_paper() -> None:
    """What `make build` made (every sheet, every preset's pads, the blank pads of every size), read back
    without rendering again: current with the code, no WeasyPrint warning, one page of its paper; pads with
    a column pair per player, a row per hole, and the reminder only on a preset's pad."""
    specs = build_all.all_specs()
    assert set(manifest()) == {f"{spec.file_stem()}.pdf" for spec in specs}
    for spec in specs:
        pdf = built(spec)
        name = spec.file_stem()
        assert len(reader(pdf).pages) == 1, name
        assert page_size(pdf) == pytest.approx(PAPER_PT[spec.paper], abs=1), name
        if spec.kind == "scorepad":
            extracted = text(pdf)
            assert extracted.count(label("running_total", spec.lang)) == spec.players, name
            assert "".join(str(h) for h in range(1, spec.hole_count + 1)) in squash(extracted), name
            assert (label("reminder", spec.lang) in extracted) != spec.blank, name
