"""What a newcomer meets first (browser-trial.md A-01, A-02, A-11, A-23): the home page's five-minute start gives
the card values before its example counts them, the home page invites you to play, and reader pages show game
names, not the code's slugs."""

from __future__ import annotations

import posixpath
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from htmltree import find_all, parse, text
from sitebuild import LANGS, page_path

from sixcardgolf.describe import points_text
from sixcardgolf.glossary import RANK_NAMES
from sixcardgolf.presets import preset_info, preset_names

ARTICLE = {"class": "md-content__inner md-typeset"}
FACE_VALUE = {"en": "face value", "ja": "数字どおり"}


def _article(site: Path, lang: str, page: str) -> ET.Element:
    return find_all(parse(page_path(site, lang, page)), "article", **ARTICLE)[0]


def _in_order(article: ET.Element) -> list[ET.Element]:
    """The article's elements in document order."""
    return list(article.iter())


def _target(site: Path, lang: str, page: str, href: str) -> str:
    """Where a relative link of a built page leads, as a folder of the site ('ja/play')."""
    folder = page_path(site, lang, page).parent.relative_to(site).as_posix()
    return posixpath.normpath(posixpath.join(folder, href.split("#")[0]))


def _page_folder(site: Path, lang: str, page: str) -> str:
    return page_path(site, lang, page).parent.relative_to(site).as_posix()


@pytest.mark.parametrize("lang", LANGS)
def test_the_five_minute_start_gives_every_card_value_before_the_example(site: Path, lang: str) -> None:
    article = _article(site, lang, "")
    elements = _in_order(article)
    example = next(i for i, e in enumerate(elements) if e.tag == "figure" and "golf-example" in (e.get("class") or ""))
    steps = next(e for e in elements[:example] if e.tag == "ol")
    values = preset_info("basic").rules.values
    names = RANK_NAMES[lang]
    item = next((text(li) for li in steps.iter("li") if names[0] in text(li)), "")
    assert item, f"{lang}: no step of the start names the ace"
    for rank in (0, 1, 10, 11, 12):  # ace, 2, jack, queen, king: each named with its own points
        shown = re.search(re.escape(names[rank]) + r"[^,、.。]*?(−?\d+)", item)
        assert shown and shown.group(1) == points_text(values[rank]), f"{lang}: {names[rank]} in {item!r}"
    assert all(values[rank] == rank + 1 for rank in range(2, 10)) and FACE_VALUE[lang] in item, item


@pytest.mark.parametrize("lang", LANGS)
def test_the_home_page_invites_you_to_play(site: Path, lang: str) -> None:
    article = _article(site, lang, "")
    elements = _in_order(article)
    play = _page_folder(site, lang, "play/")
    first_heading = next(i for i, e in enumerate(elements) if e.tag == "h2")
    above = [a for a in elements[:first_heading] if a.tag == "a" and a.get("href")]
    assert any(_target(site, lang, "", a.get("href")) == play for a in above), f"{lang}: no Play link at the top"
    around = next(h for h in article.iter("h2") if h.get("id") in ("find-your-way-around", "サイトの案内"))
    listed = elements[elements.index(around) :]
    links = {_target(site, lang, "", a.get("href")) for a in next(e for e in listed if e.tag == "ul").iter("a")}
    for page in ("play/", "calculator/", "printables/"):
        assert _page_folder(site, lang, page) in links, f"{lang}: 'find your way around' leaves out {page}"


@pytest.mark.parametrize("lang", LANGS)
def test_game_lists_show_names_not_slugs(site: Path, lang: str) -> None:
    """The Games page lists every game by name, linked to its page, with no code key beside it (A-11)."""
    listing = find_all(_article(site, lang, "games/"), "dl", **{"class": "golf-presets"})
    assert len(listing) == 1, f"{lang}/games/: {len(listing)} game lists"
    terms = list(listing[0].iter("dt"))
    assert [text(dt) for dt in terms] == [preset_info(name).title[lang] for name in preset_names()]
    assert not [c for dt in terms for c in dt.iter("code")], f"{lang}/games/: code keys beside the names"


@pytest.mark.parametrize("lang", LANGS)
def test_variants_sends_you_to_games_for_the_list_of_presets(site: Path, lang: str) -> None:
    """Games and Variants no longer open with the same list (A-23): Variants links to Games instead."""
    article = _article(site, lang, "variants/")
    assert not find_all(article, "dl", **{"class": "golf-presets"}), f"{lang}/variants/ repeats the games list"
    heading = next(h for h in article.iter("h2") if h.get("id") == "presets")
    elements = _in_order(article)
    section = elements[
        elements.index(heading) : elements.index(next(e for e in elements if e.get("data-golf") == "preset-table"))
    ]
    games = _page_folder(site, lang, "games/")
    assert any(e.tag == "a" and _target(site, lang, "variants/", e.get("href") or "") == games for e in section)


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_page_opens_in_a_players_voice(site: Path, lang: str) -> None:
    """The opening talks about the game, not about the code that writes the page (A-11)."""
    article = _article(site, lang, "rules/")
    opening = text(next(article.iter("p")))
    assert "Basic" in opening or "ベーシック" in opening, opening
    for word in ("engine", "エンジン", "statements", "written out by", "書き出し"):
        assert word not in opening, f"{lang}/rules/ opens with {word!r}: {opening}"
