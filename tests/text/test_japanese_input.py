"""Card notation typed with a Japanese keyboard is read like ASCII (issue 16 §4, japanese-review.md top 10 #8):
full-width letters, digits and spaces, 「／」, the white suit symbols ♡♢♤♧, 「、」 between cards and ジョーカー."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from sixcardgolf import NotationError, load_preset, parse_card, parse_layout
from support.door import result

ASCII = "8H KS 2D / 8C AS 5H"
TYPED_IN_JAPANESE = [
    "８Ｈ　ＫＳ　２Ｄ ／ ８Ｃ　ＡＳ　５Ｈ",  # IME on: full-width letters, digits, spaces and slash
    "８ｈ　ｋｓ　２ｄ／８ｃ　ａｓ　５ｈ",  # full-width lower case
    "8♡ K♤ 2♢ / 8♧ A♠ 5♥",  # white suits from the IME's symbol list
    "８Ｈ、ＫＳ、２Ｄ／８Ｃ、ＡＳ、５Ｈ",  # the Japanese comma between cards
    "8♥️ K♠️ 2♦️ / 8♣️ A♠️ 5♥️",  # emoji suits with a variation selector
]


@pytest.mark.parametrize("typed", TYPED_IN_JAPANESE)
def test_a_layout_typed_in_japanese_reads_as_its_ascii_twin(typed: str) -> None:
    assert parse_layout(typed, 2, 3) == parse_layout(ASCII, 2, 3)


@pytest.mark.parametrize("joker", ["ジョーカー", "ｼﾞｮｰｶｰ", "ＪＫ", "joker", "JK"])
def test_the_joker_can_be_written_in_japanese(joker: str) -> None:
    assert parse_card(joker) == parse_card("JK")


def test_an_unreadable_card_is_named_in_the_layout_as_it_was_typed() -> None:
    typed = "８Ｈ　５Ｘ　２Ｄ／８Ｃ　ＡＳ　５Ｈ"
    with pytest.raises(NotationError) as caught:
        parse_layout(typed, 2, 3)
    assert f"「{typed}」の「5X」" in caught.value.message("ja") and "'5X'" in str(caught.value)
    with pytest.raises(NotationError) as alone:
        parse_card("５Ｘ")
    assert "「５Ｘ」" in alone.value.message("ja")


def test_the_browser_door_scores_japanese_input() -> None:
    for typed in TYPED_IN_JAPANESE:
        assert result("score", lang="ja", layouts=[typed])["players"][0]["total"] == 4, typed
    joker_points = load_preset("jokers").values[13]
    jokers = result("score", preset="jokers", layouts=["ジョーカー ＫＳ ２Ｄ／８Ｃ ＡＳ ５Ｈ"])
    assert jokers["players"][0]["total"] == joker_points + 0 + 2 + 8 + 1 + 5


def test_the_command_line_scores_japanese_input() -> None:
    typed = subprocess.run(
        [sys.executable, "-m", "sixcardgolf", "score", "--preset", "basic", TYPED_IN_JAPANESE[0]],
        capture_output=True,
        text=True,
        check=True,
    )
    plain = subprocess.run(
        [sys.executable, "-m", "sixcardgolf", "score", "--preset", "basic", ASCII],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(typed.stdout)["players"] == json.loads(plain.stdout)["players"]
