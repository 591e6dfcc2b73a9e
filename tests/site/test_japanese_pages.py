"""The Japanese pages as a native reader meets them (japanese-review.md, issue 24 §5): what the built pages say, and
how Debian's Chromium breaks their lines on a phone (390 px)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from xml.etree.ElementTree import Element

import playwright.sync_api as playwright_sync
import pytest
from htmltree import find_all, parse, text
from sitebuild import PAGES, page_path

from sixcardgolf import load_preset
from sixcardgolf.presets import preset_info, preset_names, presets_using
from sixcardgolf.text.describe import describe_rules
from sixcardgolf.text.glossary import RETIRED_JA
from support.browser import NO_SERVICE_WORKER

CANCEL = re.compile(r"cancel|打ち消")


def _example(root: Element, preset: str) -> Element:
    [figure] = [
        f for f in find_all(root, "figure") if "golf-example" in f.get("class", "") and f.get("data-preset") == preset
    ]
    return figure


def test_the_eight_card_example_no_longer_says_a_four_and_a_king_cancel(site: Path) -> None:
    """S2-1: 「4とキングは打ち消し合います」 read as "a 4 and a king cancel each other"; each column cancels."""
    caption = text(find_all(_example(parse(page_path(site, "ja", "games/eight-card/")), "eight-card"), "figcaption")[0])
    assert "4とキングは打ち消し合います" not in caption
    assert "4の列とキングの列は、それぞれペアで打ち消されます" in caption, caption


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_pair_that_keeps_its_points_is_not_labelled_as_cancelling(site: Path, lang: str) -> None:
    """S2-4, in both languages: the FAQ's pair of twos under negative_pairs_keep_value scores −4 and said
    「ペアで打ち消し」 / 'pair: cancels'. Every breakdown row of every page says cancel only where it scores 0."""
    rows = 0
    kept = []
    for page in PAGES:
        for table in find_all(parse(page_path(site, lang, page)), "table", **{"data-golf": "breakdown"}):
            for row in find_all(table, "tr", **{"class": "golf-group"}):
                cells = row.findall("td")
                points, cards = int(cells[1].get("data-points", "")), text(cells[0])
                rows += 1
                if points != 0:
                    assert not CANCEL.search(cards), f"{lang}/{page}: {cards} scores {points}"
                if re.search(r"kept|残す", cards):
                    kept.append(cards)
    assert rows > 30
    assert any("2♥ 2♣" in cards for cards in kept), kept


def _visible_and_spoken(root: Element) -> str:
    article = find_all(root, "article", **{"class": "md-content__inner md-typeset"})[0]
    labels = [e.get("aria-label", "") for e in article.iter()] + [text(t) for t in article.iter("title")]
    return text(article) + "\n" + "\n".join(labels)


def test_japanese_pages_use_one_word_per_concept(site: Path) -> None:
    """S3-3, S3-4, S3-7, S3-16, §5: 位置1 beside 1番, 「ダイヤのK」 (which a screen reader reads as a letter), and the
    other retired variants appear nowhere on a Japanese page, in its text or its pictures' text alternatives."""
    found = []
    for page in PAGES:
        words = _visible_and_spoken(parse(page_path(site, "ja", page)))
        found += [
            f"{page}: {match.group()} -> {instead}"
            for pattern, instead in RETIRED_JA
            for match in re.finditer(pattern, words)
        ]
    assert not found, "\n".join(sorted(set(found)))
    walkthrough = _visible_and_spoken(parse(page_path(site, "ja", "walkthrough/")))
    assert re.search(r"[0-9]番を表にします。", walkthrough)
    assert re.search(r"(スペード|ハート|ダイヤ|クラブ)の(エース|ジャック|クイーン|キング)", walkthrough)  # words, not K
    assert "ずつ、1枚ずつ" not in walkthrough


def test_japanese_pages_write_none_as_a_word_not_a_dash(site: Path) -> None:
    """S3-10: 「使うプリセット：—」 and 「8♥ 8♣ — ペアで打ち消し」: a dash is no Japanese for none or a separator."""
    found = []
    for page in PAGES:
        article = find_all(parse(page_path(site, "ja", page)), "article", **{"class": "md-content__inner md-typeset"})[
            0
        ]
        for element in article.iter():
            if element.tag in ("td", "dd", "th", "figcaption") and "—" in text(element):
                found.append(f"{page}: {text(element)[:60]}")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_strategy_page_puts_no_rule_sentences_in_brackets_mid_sentence(site: Path, lang: str) -> None:
    """S2-3, shared with English: the nine-card pair rule (two sentences) sat in brackets inside a sentence."""
    page = text(find_all(parse(page_path(site, lang, "strategy/")), "article")[0])
    statement = " ".join(s.text for s in describe_rules(load_preset("nine-card"), lang) if s.key == "pairs")
    statement = statement.replace(" ", "") if lang == "ja" else statement
    page = page.replace(" ", "") if lang == "ja" else page
    assert statement in page
    before = page[page.index(statement) - 1]
    assert before not in "（(", page[page.index(statement) - 40 : page.index(statement) + 5]


def test_joker_values_are_not_shown_for_games_without_jokers(site: Path) -> None:
    """S3-8, shared with English: the preset comparison and the Lucky Swing page showed the joker's −2 for presets
    that deal no jokers, where the card value table says they are not in play."""
    for lang, not_in_play in (("en", "not in play"), ("ja", "使わない")):
        root = parse(page_path(site, lang, "variants/"))
        [table] = find_all(root, "table", **{"data-golf": "preset-table"})
        [row] = [r for r in table.iter("tr") if r.get("data-key") == "values.JK"]
        for cell in row.findall("td"):
            jokers = preset_info(cell.get("data-preset", "")).rules.jokers_per_deck
            assert (text(cell) == not_in_play) == (not jokers), (lang, cell.get("data-preset"), text(cell))
        differences = find_all(
            parse(page_path(site, lang, "games/lucky-swing/")), "table", **{"data-golf": "differences"}
        )
        [row] = [r for r in differences[0].iter("tr") if r.get("data-key") == "values.JK"]
        assert text(row.findall("td")[0]) == not_in_play  # Basic deals no jokers
    assert any(not preset_info(name).rules.jokers_per_deck for name in preset_names())


# -- at 390 px in Chromium ---------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def phone(browser: playwright_sync.Browser) -> Iterator[playwright_sync.Page]:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, **NO_SERVICE_WORKER
    )
    yield context.new_page()
    context.close()


NARROW_CELLS = """() => [...document.querySelectorAll('.golf-wide table.golf-table :is(th, td)')].flatMap((cell) => {
  const words = cell.textContent.trim();
  if ([...words].length < 2) return [];
  const style = getComputedStyle(cell);
  const width = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return width < 1.9 * parseFloat(style.fontSize) ? [`${words.slice(0, 20)}: ${width.toFixed(1)} px`] : [];
})"""


def test_japanese_comparison_tables_scroll_sideways_with_whole_words_at_390px(
    phone: playwright_sync.Page, origin: str
) -> None:
    """S2-2: at 390 px the comparison tables on /ja/variants/ collapsed to one character per line
    («ベ/ー/シ/ッ/ク»). Every cell is now at least two characters wide, and the tables scroll like the English."""
    for lang in ("ja", "en"):
        phone.goto(f"{origin}/{'ja/' if lang == 'ja' else ''}variants/", wait_until="load")
        assert phone.locator(".golf-wide table.golf-table").count() >= 3
        assert phone.evaluate(NARROW_CELLS) == [], lang
        scrolls = phone.evaluate(
            "() => ['preset-table', 'value-comparison'].map((kind) => document.querySelector("
            "`.golf-wide:has(> [data-golf=${kind}])`)).map((region) => region.scrollWidth > region.clientWidth)"
        )
        assert scrolls == [True, True], (lang, scrolls)


PHRASE_BROKEN = """(selectors) => selectors.flatMap((selector) => {
  const found = [...document.querySelectorAll(selector)];
  if (!found.length) return [`${selector}: none on the page`];
  return found.filter((e) => getComputedStyle(e).wordBreak !== 'auto-phrase')
    .map((e) => `${selector}: ${getComputedStyle(e).wordBreak} «${e.textContent.trim().slice(0, 16)}»`);
})"""

# S3-5: the elements the review found not phrase-broken, page by page.
ELEMENTS = {
    "": [".admonition p", ".admonition-title", "article li"],
    "walkthrough/": [".golf-walkthrough h2", ".golf-walkthrough p", ".golf-steps li", ".golf-walkthrough figcaption"],
    "variants/": ["caption", ".golf-table th", ".golf-table td", ".golf-values dd"],
    "faq/": ["caption", "table td"],
    "printables/": [".golf-printable figcaption", ".golf-printable li"],
}


@pytest.mark.parametrize("path", ELEMENTS)
def test_japanese_text_is_broken_between_phrases_everywhere(
    phone: playwright_sync.Page, origin: str, path: str
) -> None:
    phone.goto(f"{origin}/ja/{path}", wait_until="load")
    assert phone.evaluate(PHRASE_BROKEN, ELEMENTS[path]) == []


def test_japanese_running_text_names_generated_presets_in_brackets(site: Path) -> None:
    """§5 #15: the FAQ's generated lists named presets bare (「8枚ゴルフ、モバイル版6枚ではペアになりません」) where the
    hand-written sentences around them write 「ベーシック」."""
    names = "、".join(f"「{preset_info(n).title['ja']}」" for n in presets_using("joker_pairs", "never"))
    assert f"{names}ではペアになりません" in text(parse(page_path(site, "ja", "faq/")).find(".//article"))
