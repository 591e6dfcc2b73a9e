"""What the build promises beyond the page contents: data-driven pages, offline resources, loud failures."""

from __future__ import annotations

import json
import posixpath
import re
import shutil
from pathlib import Path

import pytest
from golfsite.labels import text as label
from golfsite.markers import Context, MarkerError, replace_markers
from htmltree import find_all, parse, text
from sitebuild import LANGS, PAGES, REPO, build_site, fake_printables, page_path

from sixcardgolf.presets import preset_info


# -- one value changed in a preset's data file changes the built pages, with no other edit ------------------
def _joker_facts(site: Path, lang: str) -> dict[str, str]:
    """Where the jokers preset's joker value shows: its value table, the comparison table, the FAQ list."""
    game = parse(page_path(site, lang, "games/jokers/"))
    table = next(t for t in find_all(game, "table", **{"data-golf": "values"}) if t.get("data-preset") == "jokers")
    joker_row = [text(row) for row in table.iter("tr")][-1]
    variants = parse(page_path(site, lang, "variants/"))
    cell = next(
        text(td)
        for row in variants.iter("tr")
        if row.get("data-key") == "values.JK"
        for td in row.iter("td")
        if td.get("data-preset") == "jokers"
    )
    faq = text(find_all(parse(page_path(site, lang, "faq/")), "article")[0])
    return {"table": joker_row, "comparison": cell, "faq": faq}


@pytest.fixture(scope="module")
def changed_site(tmp_path_factory: pytest.TempPathFactory, printables_dir: Path) -> Path:
    """One strict build of a changed copy, shared by the tests below (each change is one full build's worth of
    CPU): the jokers preset's joker value set to -7 in a copy of the engine's data, and a new page that lists its
    own script in its front matter (a future interactive page), in both languages."""
    tmp_path = tmp_path_factory.mktemp("changed")
    original_file = REPO / "engine" / "sixcardgolf" / "preset_data" / "jokers.json"
    original_text = original_file.read_text(encoding="utf-8")
    data = json.loads(original_text)
    assert data["options"]["values.JK"] != -7, "pick another test value: -7 is already the data"
    engine_copy = tmp_path / "engine"
    shutil.copytree(
        REPO / "engine" / "sixcardgolf", engine_copy / "sixcardgolf", ignore=shutil.ignore_patterns("__pycache__")
    )
    data["options"]["values.JK"] = -7
    (engine_copy / "sixcardgolf" / "preset_data" / "jokers.json").write_text(json.dumps(data), encoding="utf-8")
    copy = _site_copy(tmp_path)
    (copy / "docs" / "tools").mkdir()
    (copy / "docs" / "tools" / "app.js").write_text("document.body.dataset.ready = 'yes';\n")
    for suffix, title in (("", "Tool"), (".ja", "ツール")):
        (copy / "docs" / f"tool{suffix}.md").write_text(
            f"---\nextra_scripts: [tools/app.js]\n---\n\n# {title}\n", encoding="utf-8"
        )
    out = tmp_path / "site"
    done = build_site(out, printables_dir, config_dir=copy, engine_path=engine_copy)
    assert done.returncode == 0, done.stderr
    assert original_file.read_text(encoding="utf-8") == original_text, "the real preset file must stay untouched"
    return out


def test_changing_preset_data_changes_the_site(site: Path, changed_site: Path) -> None:
    for lang in LANGS:
        before, after = _joker_facts(site, lang), _joker_facts(changed_site, lang)
        assert "−7" not in before["table"] and "−7" in after["table"]
        assert before["comparison"] != "−7" and after["comparison"] == "−7"
        assert "−7" in after["faq"] and "−7" not in before["faq"]
        # Pages that do not show the jokers preset are the same before and after.
        for page in ("rules/", "glossary/"):
            assert page_path(site, lang, page).read_text() == page_path(changed_site, lang, page).read_text()


# -- nothing from another host ---------------------------------------------------------------------------------
RESOURCE_ATTRIBUTES = {
    "script": ("src",),
    "link": ("href",),
    "img": ("src", "srcset"),
    "source": ("src", "srcset"),
    "iframe": ("src",),
    "video": ("src", "poster"),
    "audio": ("src",),
    "embed": ("src",),
    "object": ("data",),
    "image": ("href", "xlink:href"),
    "use": ("href", "xlink:href"),
    "input": ("src",),
}
FOREIGN = re.compile(r"^\s*(?:[a-z][a-z0-9+.-]*:)?//", re.IGNORECASE)
CSS_URL = re.compile(r"""url\(\s*['"]?([^'")\s]+)|@import\s+['"]([^'"]+)""")


def test_no_page_references_another_host(site: Path) -> None:
    checked = 0
    for path in site.rglob("*.html"):
        root = parse(path)
        for element in root.iter():
            for attribute in RESOURCE_ATTRIBUTES.get(element.tag, ()):
                value = element.get(attribute) or ""
                for candidate in value.split(","):
                    assert not FOREIGN.match(candidate), (
                        f"{path.relative_to(site)}: <{element.tag} {attribute}={value!r}>"
                    )
                    checked += 1
            for url in CSS_URL.findall(element.get("style") or ""):
                assert not any(FOREIGN.match(u) for u in url if u), f"{path}: style {element.get('style')!r}"
        for style in root.iter("style"):
            for url in CSS_URL.findall(text(style)):
                assert not any(FOREIGN.match(u) for u in url if u), f"{path}: <style> loads {url}"
    for path in site.rglob("*.css"):
        for url in CSS_URL.findall(path.read_text(encoding="utf-8")):
            assert not any(FOREIGN.match(u) for u in url if u), f"{path.relative_to(site)} loads {url}"
    assert checked > 100


FONT_HOSTS = ("fonts.googleapis", "fonts.gstatic", "use.typekit", "fonts.bunny")


def test_no_built_file_names_a_font_host(site: Path) -> None:
    """The theme loads Google Fonts unless told not to; no built page, style sheet or script may even name one."""
    checked = 0
    for path in (*site.rglob("*.html"), *site.rglob("*.css"), *site.rglob("*.js")):
        content = path.read_text(encoding="utf-8", errors="replace")
        named = [host for host in FONT_HOSTS if host in content]
        assert not named, f"{path.relative_to(site)} names {named}"
        checked += 1
    assert checked > 50


# -- printables ---------------------------------------------------------------------------------------------------
def test_printables_pages_show_their_language_and_the_files_exist(site: Path, printables_dir: Path) -> None:
    manifest = json.loads((printables_dir / "manifest.json").read_text())["documents"]
    for lang in LANGS:
        path = page_path(site, lang, "printables/")
        root = parse(path)
        base = path.parent.relative_to(site).as_posix()
        images = [img.get("src") for img in root.iter("img") if "printables/" in img.get("src", "")]
        links = [a.get("href") for a in root.iter("a") if a.get("href", "").endswith(".pdf")]
        mine = [d for d in manifest if d["lang"] == lang]
        assert {posixpath.basename(h) for h in links} == {d["pdf"] for d in mine}
        assert {d["preview"] for d in mine} >= {posixpath.basename(s) for s in images} and images
        for reference in images + links:
            target = site / posixpath.normpath(posixpath.join(base, reference))
            assert target.is_file(), f"{lang} printables page points at a missing file {reference}"
        for img in root.iter("img"):
            assert img.get("alt"), "every preview needs a text alternative"


def test_missing_manifest_fails_the_build_with_the_command_to_run(tmp_path: Path) -> None:
    done = build_site(tmp_path / "site", tmp_path / "nothing-here")
    assert done.returncode != 0
    assert "printables.md" in done.stderr
    assert "python -m printables build-all --out build/printables" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d[0].update(preset="no-such-preset"), "unknown preset 'no-such-preset'"),
        (lambda d: d[0].update(kind="poster"), "kind 'poster' is not one of rules, scorepad"),
        (lambda d: d[0].update(pdf="../escape.pdf"), "is not a plain file name"),
        (lambda d: d[0].update(preview="gone.png"), "gone.png is missing"),
    ],
)
def test_bad_manifest_is_reported(tmp_path: Path, change, message: str) -> None:
    documents = fake_printables(tmp_path)
    change(documents)
    (tmp_path / "manifest.json").write_text(json.dumps({"documents": documents}))
    ctx = Context(lang="en", page="printables.md", url="printables/", repo_root=REPO, printables_dir=tmp_path)
    with pytest.raises(MarkerError, match=re.escape(message)):
        replace_markers("<!-- golf:printables -->", ctx)


# -- unknown markers, presets and options fail the build, naming page and marker ----------------------------------
def _context(tmp_path: Path) -> Context:
    return Context(lang="en", page="faq.md", url="faq/", repo_root=tmp_path, printables_dir=tmp_path)


@pytest.mark.parametrize(
    ("marker", "reason"),
    [
        ("<!-- golf:card-vaules preset=basic -->", "unknown marker golf:card-vaules"),
        ("<!-- golf:card-values preset=nope -->", "unknown preset 'nope'"),
        ('<!-- golf:rules preset=basic set="no_such_option=1" -->', "unknown option 'no_such_option'"),
        ("<!-- golf:option key=colour -->", "unknown option 'colour'"),
        ("<!-- golf:option-value preset=basic key=knock_penality -->", "unknown option 'knock_penality'"),
        ("<!-- golf:card-values preset=basic colour=red -->", "unknown argument(s) colour"),
        ("<!-- golf:card-values -->", "needs the argument(s) preset"),
        ('<!-- golf:example preset=basic layout="8H KS / 8C AS" -->', "is 2x2, but these rules deal 2x3"),
        ('<!-- golf:example preset=basic layout="8H KS 2X / 8C AS 5H" -->', "'2X' is not a card"),
        ("<!-- golf:rules preset=basic section=dealing -->", "unknown section 'dealing'"),
        ("<!-- golf:value preset=basic rank=Z -->", "unknown rank 'Z'"),
        ("<!-- golf:statement preset=basic key=knock -->", "no statement with key 'knock'"),
        ("<!-- golf:presets-using key=knock value=perhaps -->", "expected true or false"),
        ("<!-- golf:card-values preset=basic", "is malformed"),
    ],
)
def test_bad_marker_names_page_and_marker(tmp_path: Path, marker: str, reason: str) -> None:
    page = f"# A page\n\nSome text.\n\n{marker}\n"
    with pytest.raises(MarkerError) as raised:
        replace_markers(page, _context(tmp_path))
    message = str(raised.value)
    assert "page faq.md" in message
    assert marker[:20] in message
    assert reason in message


def _site_copy(tmp_path: Path) -> Path:
    copy = tmp_path / "repo"
    copy.mkdir()
    shutil.copy(REPO / "mkdocs.yml", copy)
    shutil.copytree(REPO / "docs", copy / "docs", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(REPO / "overrides", copy / "overrides")
    # Other hooks named in mkdocs.yml (the playground's, the printables') read their own folder, the npm packages and the wheel.
    for name in ("playground", "printables", "node_modules", "dist"):
        if (REPO / name).exists():
            (copy / name).symlink_to(REPO / name, target_is_directory=True)
    return copy


def test_unknown_preset_fails_the_real_build(tmp_path: Path, printables_dir: Path) -> None:
    copy = _site_copy(tmp_path)
    page = copy / "docs" / "strategy.ja.md"
    page.write_text(page.read_text() + "\n<!-- golf:card-values preset=mystery -->\n", encoding="utf-8")
    done = build_site(tmp_path / "site", printables_dir, config_dir=copy)
    assert done.returncode != 0
    assert "strategy.ja.md" in done.stderr
    assert "<!-- golf:card-values preset=mystery -->" in done.stderr
    assert "unknown preset 'mystery'" in done.stderr
    assert "Traceback" not in done.stderr


def test_pages_can_carry_their_own_scripts(changed_site: Path) -> None:
    """A future interactive page lists its scripts in its front matter; both languages load the same file."""
    out = changed_site
    for lang in LANGS:
        path = page_path(out, lang, "tool/")
        scripts = [s for s in parse(path).iter("script") if (s.get("src") or "").endswith("tools/app.js")]
        assert len(scripts) == 1 and scripts[0].get("type") == "module"
        target = out / posixpath.normpath(
            posixpath.join(path.parent.relative_to(out).as_posix(), scripts[0].get("src"))
        )
        assert target.is_file()
    assert not list(parse(page_path(out, "en", "rules/")).iter("script")) or all(
        "tools/app.js" not in (s.get("src") or "") for s in parse(page_path(out, "en", "rules/")).iter("script")
    )


# -- the AI ladder is quoted when the benchmark has run, and a note stands in when it has not -------------------------
def test_ai_ladder_note_without_results(tmp_path: Path) -> None:
    for lang, word in (("en", "benchmark"), ("ja", "ベンチマーク")):
        ctx = Context(lang=lang, page="strategy.md", url="strategy/", repo_root=tmp_path, printables_dir=tmp_path)
        out = replace_markers("<!-- golf:ai-ladder -->", ctx)
        assert word in out and "|" not in out


def _ladder_row(a: str, b: str, passes: bool) -> dict[str, object]:
    return {
        "preset": "jokers",
        "players": 4,
        "a": a,
        "b": b,
        "holes": 2016,
        "mean_a": 5.304,
        "mean_b": 7.968,
        "hole_win": [0.6172, 0.5981, 0.6363],
        "match_win": [0.8, 0.75, 0.85],
        "passes": passes,
    }


def test_ai_ladder_renders_the_results_in_the_pages_language(tmp_path: Path) -> None:
    results = tmp_path / "bench" / "results"
    results.mkdir(parents=True)
    rows = [_ladder_row("hard", "normal", False), _ladder_row("normal", "easy", True)]
    (results / "ai_ladder.json").write_text(json.dumps(rows))
    tables = {}
    for lang in LANGS:
        ctx = Context(lang=lang, page="strategy.md", url="strategy/", repo_root=tmp_path, printables_dir=tmp_path)
        tables[lang] = replace_markers("<!-- golf:ai-ladder -->", ctx)
        # The table scrolls inside a region the keyboard can reach (axe's scrollable-region-focusable).
        assert 'role="region" tabindex="0"' in tables[lang]
        body = [row for row in tables[lang].split("<tr>") if "<td>" in row]
        assert len(body) == 2
        # The rows run up the ladder whatever order the benchmark wrote them in.
        assert body[0].index(label("level_normal", lang)) < body[0].index(label("level_easy", lang))
        assert label("level_hard", lang) in body[1]
        for line in body:
            assert preset_info("jokers").title[lang] in line
            assert "5.30 / 7.97" in line
            if lang == "ja":  # full-width signs and brackets, 〜 for a range (japanese-review.md S3-6)
                assert "61.7％（59.8〜63.6％）" in line and "80.0％（75.0〜85.0％）" in line and "%" not in line
            else:
                assert "61.7% (59.8–63.6%)" in line and "80.0% (75.0–85.0%)" in line
        assert label("ladder_True", lang) in body[0] and label("ladder_False", lang) in body[1]
    assert tables["en"] != tables["ja"]


def test_a_damaged_ladder_file_fails_the_build_by_name(tmp_path: Path) -> None:
    results = tmp_path / "bench" / "results"
    results.mkdir(parents=True)
    (results / "ai_ladder.json").write_text('[{"preset": "basic"}]')
    ctx = Context(lang="en", page="strategy.md", url="strategy/", repo_root=tmp_path, printables_dir=tmp_path)
    with pytest.raises(MarkerError, match=r"ai_ladder\.json"):
        replace_markers("<!-- golf:ai-ladder -->", ctx)


# -- search works in both languages -----------------------------------------------------------------------------------
def test_search_index_covers_both_languages(site: Path) -> None:
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert {"en", "ja"} <= set(index["config"]["lang"])
    separator = re.compile(index["config"]["separator"])
    # Punctuation separates, and so does every step between kanji, hiragana, katakana and digits (what 捨て札,
    # 早ノック and 4枚ゴルフ need).
    words = [w for w in separator.split("山札から1枚引きます。捨て札の山、表向き・裏向き「ペア」") if w]
    assert words == [
        "山札",
        "から",
        "1",
        "枚引",
        "きます",
        "捨",
        "て",
        "札",
        "の",
        "山",
        "表向",
        "き",
        "裏向",
        "き",
        "ペア",
    ]
    assert [w for w in separator.split("早ノックとノック成功、4枚ゴルフ") if w] == [
        "早", "ノック", "と", "ノック", "成功", "4", "枚", "ゴルフ"
    ]  # fmt: skip
    # Each language has its own index (docs/hooks/golf_search.py): the English pages at the root, the Japanese ones
    # in ja/search/, their locations relative to ja/ (the Japanese pages' base).
    japanese_index = json.loads((site / "ja" / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert japanese_index["config"] == index["config"]
    for docs in (index["docs"], japanese_index["docs"]):
        locations = {doc["location"].split("#")[0] for doc in docs}
        for page in PAGES:
            assert page in locations, f"{page} missing from a search index"
        assert not [loc for loc in locations if loc.startswith("ja/")], "a search index holds ja/ pages"
    japanese = " ".join(doc["text"] for doc in japanese_index["docs"])
    for term in ("山札", "捨て札の山", "ジョーカー", "ソリティア"):
        assert term in japanese
