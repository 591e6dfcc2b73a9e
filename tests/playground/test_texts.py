"""The pages' text catalogues (playground/text-en.js, text-ja.js): the same keys and placeholders in both.

Node imports the two ES modules as the browser does, so a syntax error in either fails here too.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest
from playground_support import REPO

from sixcardgolf.glossary import RETIRED_JA

PLACEHOLDER = re.compile(r"\{(\w+)\}")


@pytest.fixture(scope="module")
def catalogues() -> dict[str, dict[str, str]]:
    node = shutil.which("node")
    assert node, "Node.js is missing (make setup)"
    script = (
        "const en = (await import(process.argv[1])).default; const ja = (await import(process.argv[2])).default;"
        "console.log(JSON.stringify({en, ja}));"
    )
    done = subprocess.run(
        [node, "--input-type=module", "-e", script,
         (REPO / "playground" / "text-en.js").as_uri(), (REPO / "playground" / "text-ja.js").as_uri()],
        capture_output=True, text=True, check=True, timeout=60,
    )  # fmt: skip
    return json.loads(done.stdout)


def test_every_key_exists_in_both_languages(catalogues: dict[str, dict[str, str]]) -> None:
    en, ja = catalogues["en"], catalogues["ja"]
    assert len(en) > 5
    assert sorted(set(en) - set(ja)) == [], "keys in English only"
    assert sorted(set(ja) - set(en)) == [], "keys in Japanese only"


def test_both_languages_fill_the_same_placeholders(catalogues: dict[str, dict[str, str]]) -> None:
    differ = {
        key: (sorted(PLACEHOLDER.findall(text)), sorted(PLACEHOLDER.findall(catalogues["ja"][key])))
        for key, text in catalogues["en"].items()
        if sorted(PLACEHOLDER.findall(text)) != sorted(PLACEHOLDER.findall(catalogues["ja"].get(key, "")))
    }
    assert differ == {}


def test_japanese_texts_use_full_width_punctuation(catalogues: dict[str, dict[str, str]]) -> None:
    """japanese-review.md §3.5: no ASCII colon, parentheses or comma inside Japanese sentences."""
    bad = {
        key: text
        for key, text in catalogues["ja"].items()
        if re.search(r"[:(),]", PLACEHOLDER.sub("", text)) or re.search(r"。 ", text)
    }
    assert bad == {}


def filled(template: str) -> str:
    """A text with every placeholder replaced by 1, as the page shows it with a number."""
    return PLACEHOLDER.sub("1", template)


def test_japanese_texts_use_one_word_per_concept(catalogues: dict[str, dict[str, str]]) -> None:
    """japanese-review.md S3-12, S3-17, §5: skipping the optional flip had five names (表にしない, 表にするのを省略,
    表にするのを見送る, 表にせずに終える ...), hole N four forms (第1ホール, ホール1, 1ホール目, 1／9ホール); the
    glossary's retired variants (sixcardgolf.glossary.RETIRED_JA) appear in no Japanese text of the pages."""
    found = [
        f"{key}: {pattern} in {text!r} -> {instead}"
        for key, text in catalogues["ja"].items()
        for pattern, instead in RETIRED_JA
        if re.search(pattern, filled(text))
    ]
    assert not found, "\n".join(found)


def test_japanese_texts_use_a_full_width_percent_sign(catalogues: dict[str, dict[str, str]]) -> None:
    """S3-14: the review showed 「正確さ83%」 beside the loader's 「58％」."""
    assert {key: text for key, text in catalogues["ja"].items() if "%" in text} == {}


def test_the_calculator_takes_a_groups_label_from_the_engine(catalogues: dict[str, dict[str, str]]) -> None:
    """S2-4: 「（ペアで打ち消し）」 was written after every matched group, a pair of twos that keeps −4 included; the
    label is the engine's own note for the group (glossary.group_note), so the pages say no word of it."""
    for lang in ("en", "ja"):
        assert PLACEHOLDER.findall(catalogues[lang]["calc.groupNote"]) == ["note"]
        assert not [key for key, text in catalogues[lang].items() if re.search(r"cancel|打ち消", text)]


def test_a_card_is_written_rank_first_in_both_languages() -> None:
    """S3-16: Play wrote 「♥8」 (suit first) in Japanese, against 「8♥」 on the site, the sheets and the calculator."""
    node = shutil.which("node")
    assert node, "Node.js is missing (make setup)"
    script = (
        "const { cardName } = await import(process.argv[1]);"
        "console.log(JSON.stringify(['8H', '10D', 'KS', 'JK'].flatMap((c) => [cardName(c, 'en'), cardName(c, 'ja')])));"
    )
    done = subprocess.run(
        [node, "--input-type=module", "-e", script, (REPO / "playground" / "dom.js").as_uri()],
        capture_output=True, text=True, check=True, timeout=60,
    )  # fmt: skip
    assert json.loads(done.stdout) == ["8♥", "8♥", "10♦", "10♦", "K♠", "K♠", "joker", "ジョーカー"]
