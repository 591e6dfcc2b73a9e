"""What a newcomer meets first (browser-trial.md A-01, A-02, A-11, A-23): the home page's five-minute start gives
the card values before its example counts them, the home page invites you to play, and reader pages show game
names, not the code's slugs."""

from __future__ import annotations

import json
import posixpath
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from golfsite.labels import card_spoken  # the site's own card names (docs/hooks is on pytest's path)
from htmltree import find_all, parse, text
from sitebuild import LANGS, page_path

from sixcardgolf import HoleState
from sixcardgolf import actions as A
from sixcardgolf.cards import format_card
from sixcardgolf.hole import OPENING
from sixcardgolf.messages import points_text
from sixcardgolf.presets import preset_info, preset_names
from sixcardgolf.text.glossary import RANK_NAMES, term

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


# -- the walk-through: what the mover sees, and reasons a player can use (A-07) -------------------------------------
def _turn_starts(walk: dict) -> list[tuple[int, int, list[int]]]:
    """Replaying the page's hole: at the start of each turn, (the mover, the top discard, the other's face-up cards)."""
    rules = preset_info("basic").rules
    state = HoleState.deal(rules, 2, walk["dealer"] - 1, random.Random(walk["seed"]))
    starts = []
    for action in map(A.parse_action, walk["actions"]):
        if state.phase != OPENING and action in (A.DRAW_STOCK, A.TAKE_DISCARD, A.KNOCK, A.EARLY_KNOCK):
            other = 1 - state.current_player()
            shown = [c for p, c in enumerate(state.layouts[other]) if state.up[other] >> p & 1]
            starts.append((state.current_player(), state.discard[-1], shown))
        state.apply_action(action)
    return starts


@pytest.mark.parametrize("lang", LANGS)
def test_each_turn_of_the_walkthrough_shows_the_discard_pile_and_the_other_players_cards(site: Path, lang: str) -> None:
    article = _article(site, lang, "walkthrough/")
    walk = json.loads(next(d for d in article.iter("div") if d.get("data-walk")).get("data-walk"))
    before = [p for p in article.iter("p") if p.get("class") == "golf-walk-before"]
    starts = _turn_starts(walk)
    assert len(before) == len(starts) == len([h for h in article.iter("h2") if (h.get("id") or "").startswith("turn-")])
    for paragraph, (_, top, shown) in zip(before, starts, strict=True):
        said = text(paragraph)
        assert paragraph.get("data-discard") == format_card(top)
        assert term("discard_pile", lang) in said and card_spoken(top, lang) in said, said
        assert all(card_spoken(card, lang) in said for card in shown), (said, shown)


@pytest.mark.parametrize("lang", LANGS)
def test_no_move_of_the_walkthrough_is_explained_by_the_search_alone(site: Path, lang: str) -> None:
    """A teaching page teaches moves a player can follow: no reason is "played out many times, this paid best"."""
    reasons = [text(p) for p in _article(site, lang, "walkthrough/").iter("p") if p.get("class") == "golf-reason"]
    generic = {"en": "paid best", "ja": "何度も先を試した"}[lang]
    assert reasons and not [r for r in reasons if generic in r], [r for r in reasons if generic in r]
