"""One word per concept in every Japanese text, full-width signs, and score labels that say what a group scores
(japanese-review.md §3, §5; issue 24 §5).

The texts checked are every Japanese template the project writes outside the pages' catalogue (which
tests/playground/test_texts.py checks): the engine's message catalogue, the site's own labels (its `[site]` table)
and the sheets' labels (its `[sheet]` table). Each is filled in (placeholders with a number, glossary terms with
their word) before it is checked, so 「{t.hole}{hole}」 is read as 「ホール1」.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from string import Formatter

import pytest

from sixcardgolf import load_preset
from sixcardgolf.cards import parse_layout
from sixcardgolf.deck_check import LayoutError, read_layouts
from sixcardgolf.messages import catalogue, points_text, text
from sixcardgolf.scoring import score_table
from sixcardgolf.text.glossary import RETIRED_JA, group_note

REPO = Path(__file__).resolve().parents[2]
GLOSSARY_TABLES = ("term.", "meaning.", "rank.")
# The catalogues' tables of the site's, the sheets' and the pages' own words, checked as their own sources.
SITE, SHEETS, PAGES = "site.", "sheet.", "page."


def catalogue_texts(wanted: Callable[[str], bool]) -> dict[str, str]:
    """The Japanese messages whose keys `wanted` accepts, filled in."""
    out = {}
    for key, template in catalogue("ja").items():
        if key.startswith(GLOSSARY_TABLES) or not wanted(key):
            continue
        names = {name for _, name, _, _ in Formatter().parse(template) if name and not name.startswith("t.")}
        out[f"messages/ja.toml {key}"] = text(key, "ja", **{name: 1 for name in names})
    return out


def engine_texts() -> dict[str, str]:
    return catalogue_texts(lambda key: not key.startswith((SITE, SHEETS, PAGES)))


def site_texts() -> dict[str, str]:
    return catalogue_texts(lambda key: key.startswith(SITE))


def sheet_texts() -> dict[str, str]:
    return catalogue_texts(lambda key: key.startswith(SHEETS))


SOURCES = {"engine": engine_texts, "site": site_texts, "sheets": sheet_texts}


@pytest.mark.parametrize("source", SOURCES)
def test_japanese_texts_use_no_retired_variant(source: str) -> None:
    """位置N, デッキ, the four other names for skipping a flip, ホールN / Nホール目 / N／Mホール, 2行×3列, ♥8 and
    ダイヤのK are gone: each concept has the one form the glossary keeps (sixcardgolf.text.glossary.RETIRED_JA)."""
    found = [
        f"{where}: {pattern} in {words!r} -> {instead}"
        for where, words in SOURCES[source]().items()
        for pattern, instead in RETIRED_JA
        if re.search(pattern, words)
    ]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("source", SOURCES)
def test_japanese_texts_use_full_width_percent_and_brackets(source: str) -> None:
    """「61.7％（59.8〜63.6％）」, never 「61.7% (59.8–63.6%)」; code in backquotes (a file name) is not Japanese."""
    found = [
        f"{where}: {words!r}"
        for where, words in SOURCES[source]().items()
        if re.search(r"[%()]", re.sub(r"`[^`]*`", "", words))
    ]
    assert not found, "\n".join(found)


def test_the_retired_variants_are_found_where_the_review_found_them() -> None:
    """The patterns themselves, on sentences of the review (so that a pattern that matches nothing fails here)."""
    review = [
        "それを位置6に置きます。",
        "2人で使うデッキ1組には1枚しかありません。",
        "表にするのを省略（任意のとき）",
        "表にするのを見送る",
        "表にせずに終える",
        "ホール1の振り返り",
        "1ホール目を追加しました。",
        "1／9ホール終了時点で",
        "何度も先を試したところ、これがいちばん得でした",
        "ダイヤのKでした。",
        "コンピューター2（つよい）が1番に♣2を置き",
        "は2行×4列ですが",
    ]
    for sentence in review:
        assert any(re.search(pattern, sentence) for pattern, _ in RETIRED_JA), sentence
    kept = [
        "第1ホールの振り返り",
        "2・6番",
        "トランプ1組",
        "表にしない（S）",
        "ダイヤのキング",
        "8♥",
        "2行4列",
        "置く位置",
    ]
    for sentence in kept:
        assert not any(re.search(pattern, sentence) for pattern, _ in RETIRED_JA), sentence


# Groups of matched cards whose points still count, and the same cards where they cancel.
KEPT = [
    ("basic", {"negative_pairs_keep_value": True}, "2H 9S KD / 2C 5H KS"),  # a pair of twos keeps −4
    ("nine-card", {"negative_pairs_keep_value": True}, "2H 9S KD / 2C 5H KS / 2D 7C 4S"),  # three twos keep −6
    ("jokers", {"joker_pair_value": "-5"}, "JK 9S KD / JK 5H KS"),  # a joker pair scores −5 of its own
]


@pytest.mark.parametrize(("preset", "options", "layout"), KEPT, ids=[k[0] for k in KEPT])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_matched_group_whose_points_count_is_not_labelled_as_cancelled(
    preset: str, options: dict[str, object], layout: str, lang: str
) -> None:
    """S2-4: 「2♥ 2♣ — ペアで打ち消し −4」 contradicted itself, in English too ('pair: cancels'). A group that scores
    0 cancels; one that scores its points (or a joker pair's own score) says so."""
    rules = load_preset(preset).with_options(options)
    groups = score_table(rules, [parse_layout(layout, rules.rows, rules.cols)])[0].groups
    cancel = re.compile(r"cancel|打ち消")
    matched = [g for g in groups if g.cancelled]
    kept = [g for g in matched if g.points != 0]
    assert kept, "the layout has no matched group whose points count"
    for group in kept:
        note = group_note(rules, group, lang) or ""
        assert note and not cancel.search(note), (group, note)
        if group.points == sum(rules.card_points[card] for card in group.cards):
            assert re.search(r"kept|残す", note), note
        else:
            assert points_text(group.points) in note, note
    for group in (g for g in matched if g.points == 0):
        assert cancel.search(group_note(rules, group, lang) or ""), group
    assert all(group_note(rules, g, lang) is None for g in groups if not g.cancelled)


def test_the_card_check_keeps_no_words_of_its_own() -> None:
    """S3-25: the duplicate-card error said 「デッキ」 and was written in deck_check.py, outside the catalogue. Every
    sentence of the card check now comes from the catalogue's [error.deck] table."""
    source = (REPO / "engine" / "sixcardgolf" / "deck_check.py").read_text(encoding="utf-8")
    code = "\n".join(line for line in source.splitlines() if not line.lstrip().startswith("#"))
    code = re.sub(r'"""[\s\S]*?"""', "", code)  # docstrings may quote an example
    assert not re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", code), "Japanese written in deck_check.py"
    with pytest.raises(LayoutError) as caught:
        read_layouts(load_preset("basic"), ["8H 8H 2D / 8C AS 5H", "QH QS 3D / 4C 9S 7H"])
    japanese = caught.value.message("ja")
    assert japanese == (
        "8♥が2枚あります（プレイヤー1の1・2番）。2人ならトランプは1組なので、8♥は1枚しかありません。"
    ), japanese
    assert "written 2 times (Player 1 at positions 1 and 2), but the 1 deck for 2 players holds only 1" in str(
        caught.value
    )
