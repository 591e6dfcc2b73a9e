"""Every page exists in English and in Japanese, says so, and links to its own counterpart."""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

from htmltree import find_all, parse, text
from sitebuild import PAGES, REPO, page_path

DOCS = REPO / "docs"
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")  # kana and kanji


def _sources() -> tuple[set[str], set[str]]:
    english, japanese = set(), set()
    for path in DOCS.rglob("*.md"):
        relative = path.relative_to(DOCS).as_posix()
        if relative.startswith("hooks/"):
            continue
        if relative.endswith(".ja.md"):
            japanese.add(relative.removesuffix(".ja.md"))
        else:
            english.add(relative.removesuffix(".md"))
    return english, japanese


def test_every_source_page_has_both_languages() -> None:
    english, japanese = _sources()
    assert english, "no pages found in docs/"
    assert english - japanese == set(), f"English pages without a Japanese page: {sorted(english - japanese)}"
    assert japanese - english == set(), f"Japanese pages without an English page: {sorted(japanese - english)}"


def _built_pages(site: Path, lang: str) -> set[str]:
    base = site if lang == "en" else site / "ja"
    found = set()
    for path in base.rglob("index.html"):
        relative = path.parent.relative_to(base).as_posix()
        if lang == "en" and (relative == "ja" or relative.startswith("ja/")):
            continue
        found.add("" if relative == "." else relative + "/")
    return found


def test_every_built_page_has_both_languages(site: Path) -> None:
    english, japanese = _built_pages(site, "en"), _built_pages(site, "ja")
    assert english == japanese, f"only in English: {english - japanese}; only in Japanese: {japanese - english}"
    assert set(PAGES) <= english, f"pages missing from the build: {set(PAGES) - english}"


def test_each_page_is_really_in_its_language(site: Path) -> None:
    for page in PAGES:
        for lang in ("en", "ja"):
            root = parse(page_path(site, lang, page))
            assert find_all(root, "html")[0].get("lang") == lang, f"{lang}/{page}: wrong <html lang>"
            article = text(find_all(root, "article", **{"class": "md-content__inner md-typeset"})[0])
            kana = len(JAPANESE.findall(article))
            if lang == "ja":  # rule keys, card names and numbers stay Latin; the sentences must not
                assert kana > 0.15 * len(article.replace(" ", "")), f"ja/{page} reads as untranslated"
            else:
                assert kana < 20 or page == "glossary/", f"{page}: {kana} Japanese characters on the English page"


def test_front_matter_is_read_not_shown(site: Path) -> None:
    for page in PAGES:
        for lang in ("en", "ja"):
            root = parse(page_path(site, lang, page))
            assert "description:" not in text(find_all(root, "article")[0]), f"{lang}/{page} prints its front matter"
            descriptions = [m.get("content") for m in find_all(root, "meta") if m.get("name") == "description"]
            assert descriptions and descriptions[0], f"{lang}/{page} has no description"


def test_language_switcher_goes_to_the_same_page(site: Path) -> None:
    for page in PAGES:
        for lang, other in (("en", "ja"), ("ja", "en")):
            path = page_path(site, lang, page)
            links = [a for a in find_all(parse(path), "a") if a.get("hreflang") == other]
            assert links, f"{lang}/{page}: no link to the {other} page"
            target = posixpath.normpath(posixpath.join(path.parent.relative_to(site).as_posix(), links[0].get("href")))
            expected = page_path(site, other, page).parent.relative_to(site).as_posix()
            assert target == expected, f"{lang}/{page}: switcher goes to {target}, expected {expected}"


def test_home_says_early_that_this_is_not_the_solitaire(site: Path) -> None:
    for lang, words in (("en", ("solitaire", "patience")), ("ja", ("ソリティア",))):
        article = text(find_all(parse(page_path(site, lang, "")), "article")[0])
        first_part = article[: len(article) // 4]
        assert any(word in first_part for word in words), f"{lang} home page does not mention the solitaire early"
