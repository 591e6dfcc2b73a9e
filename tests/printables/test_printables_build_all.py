"""build-all: manifest the site reads, previews, and skipping what has not changed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from printables_pdf import reader

from printables import build_all
from printables.cli import main
from printables.documents import DocumentSpec
from sixcardgolf import load_preset, preset_names

REQUIRED = ("kind", "preset", "lang", "paper", "pdf", "preview", "title")


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
                assert pads == {(8, load_preset(preset).holes), (8, 18)}
    stems = [s.file_stem() for s in specs]
    assert len(stems) == len(set(stems)), "every document needs its own file name"
