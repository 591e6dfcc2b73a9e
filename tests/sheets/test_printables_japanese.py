"""The Japanese sheets as a native reader meets them (japanese-review.md §3.4, issue 24 §5): the masthead, numbers
kept with their counters, card faces inside their frames, and the footer and pad titles.

Reads the PDFs `make build` made (checked current by printables_built.built), with pdftotext and pdffonts; the
card faces are measured with fontTools in the fonts fontconfig gives for the families the sheet names.
"""

from __future__ import annotations

import html
import itertools
import re
import subprocess
from functools import cache
from pathlib import Path

import pytest
from fontTools.ttLib import TTCollection, TTFont
from printables_built import BUILT, built

from printables import build_all
from printables.documents import DocumentSpec
from sixcardgolf import load_preset

JAPANESE = [spec for spec in build_all.all_specs() if spec.lang == "ja"]
SHEETS = [spec for spec in JAPANESE if spec.kind == "rules"]
KANJI_KANA = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def pdf_text(spec: DocumentSpec) -> str:
    built(spec)  # current, and made without a warning
    path = BUILT / f"{spec.file_stem()}.pdf"
    return subprocess.run(["pdftotext", str(path), "-"], check=True, capture_output=True, text=True).stdout


@pytest.mark.parametrize("spec", SHEETS, ids=lambda spec: spec.file_stem())
def test_the_masthead_has_no_space_between_japanese_sentences(spec: DocumentSpec) -> None:
    """S3-30: all 20 sheets printed 「…別のゲームです。␣標準の6枚ゴルフです。」 (the two masthead sentences were
    joined with a space), and the first sentence left its topic hanging."""
    words = pdf_text(spec)
    assert "。 " not in words and "。\u3000" not in words
    assert "数人で遊ぶカードゲームです（" in words


# A line that ends in a number and a next line that starts with its counter: 「5〜8」/「人なら」.
NUMBER_AT_END = re.compile(r"[0-9０-９〜−]$")
COUNTER_AT_START = re.compile(r"^(?:ホール|[人組枚点回番行列目])")


def counter_splits(lines: list[str]) -> list[str]:
    return [
        f"{line[-8:]}/{following[:6]}"
        for line, following in itertools.pairwise(lines)
        if NUMBER_AT_END.search(line) and COUNTER_AT_START.match(following) and KANJI_KANA.search(line)
    ]


@pytest.mark.parametrize("spec", JAPANESE, ids=lambda spec: spec.file_stem())
def test_a_number_is_never_broken_from_its_counter(spec: DocumentSpec) -> None:
    """S3-32: 「5〜8／人なら2組」 (basic, A4). In reading order no line ends in a number whose counter starts the
    next line (a line of the layout drawing's bare numbers is no sentence and is left out)."""
    lines = [line.strip() for line in pdf_text(spec).splitlines() if line.strip()]
    assert counter_splits(lines) == []


def test_the_counter_measure_finds_the_break_the_review_found() -> None:
    assert counter_splits(["使うトランプの組数は人数で決まります：2〜4人なら1組、5〜8", "人なら2組です。"]) == [
        "なら1組、5〜8/人なら2組で"
    ]
    assert counter_splits(["0 5 8", "ホール終了時の例"]) == []


@cache
def font_file(family: str) -> Path:
    found = subprocess.run(["fc-match", "-f", "%{file}", f"{family}:bold"], check=True, capture_output=True, text=True)
    return Path(found.stdout)


@cache
def advances(family: str) -> tuple[dict[int, float], str]:
    """Advance widths in em of every character the family's bold face has, and the family fontconfig really gave."""
    path = font_file(family)
    font = TTCollection(str(path)).fonts[0] if path.suffix == ".ttc" else TTFont(str(path))
    widths, per_em = font["hmtx"], font["head"].unitsPerEm
    return {code: widths[glyph][0] / per_em for code, glyph in font.getBestCmap().items()}, font["name"].getDebugName(1)


def face_width(face: str, families: list[str], size: float) -> float:
    """The face's width at `size` pt, each character from the first family that has it, as a renderer falls back."""
    width = 0.0
    for char in face:
        family = next(f for f in families if ord(char) in advances(f)[0])
        width += advances(family)[0][ord(char)] * size
    return width


def families_of(css: str) -> list[str]:
    return [name.strip().strip("\"'") for name in html.unescape(css).split(",")]


HOUSE_PARTY = [spec for spec in build_all.all_specs() if spec.kind == "rules" and spec.preset == "house-party"]
CARD = re.compile(r'<rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)" height="([\d.]+)" rx="3" fill="#ffffff"')
FACE = re.compile(r'<text (?:class="face" )?x="([\d.]+)" y="[\d.]+" (?:font-family="([^"]+)" )?font-size="([\d.]+)" '
                  r'font-weight="bold" text-anchor="middle" fill="[^"]+">((?:10|[2-9AJQK])[♠♥♦♣]|JK)</text>')  # fmt: skip


@pytest.mark.parametrize("spec", HOUSE_PARTY, ids=lambda spec: spec.file_stem())
def test_card_faces_sit_inside_their_frames(spec: DocumentSpec) -> None:
    """S3-31: on the House-party sheets (the densest, whose cards shrink most) the Japanese font's ♠♥♦♣, a full em
    wide, pushed the faces over their frames. Each face, measured in the font the sheet names for it (or the
    drawing's own font where it names none), keeps at least 1 pt clear of its frame's sides; and the PDF embeds
    that font."""
    built(spec)
    step = spec.render().step
    page = spec.build_html(step)
    svg = re.search(r"<svg[^>]*layout-diagram[^>]*font-family=\"([^\"]+)\"[^>]*>(.*?)</svg>", page, re.S)
    assert svg, "no layout drawing on the sheet"
    drawing_font, drawing = svg.groups()
    cards, faces = CARD.findall(drawing), FACE.findall(drawing)
    assert len(cards) == len(faces) == load_preset("house-party").size, (len(cards), len(faces))
    for (x, width, height), (centre, family, size, face) in zip(cards, faces, strict=True):
        families = families_of(family or drawing_font)
        shown = face_width(html.unescape(face), families, float(size))
        left, right = float(centre) - shown / 2, float(centre) + shown / 2
        assert float(x) + 1 <= left and right <= float(x) + float(width) - 1, (face, families[0], shown, width)
        assert float(size) <= float(height) / 2 and float(size) >= 8.0, (face, size)
    named = families_of(FACE.findall(drawing)[0][1] or drawing_font)[0]
    embedded = subprocess.run(
        ["pdffonts", str(BUILT / f"{spec.file_stem()}.pdf")], check=True, capture_output=True, text=True
    ).stdout
    assert advances(named)[1].replace(" ", "-") in embedded, (named, embedded)


def test_the_footer_and_the_blank_pad_say_what_they_are_in_natural_japanese() -> None:
    """S3-33: 「…・ルールエンジン 0.1.0 から印刷」 and 「スコア表・どのルールにも」."""
    sheet = next(spec for spec in SHEETS if spec.preset == "basic" and spec.paper == "a4")
    assert re.search(r"ルールエンジン [0-9.]+ で作成", pdf_text(sheet))
    pad = next(spec for spec in JAPANESE if spec.blank)
    words = pdf_text(pad)
    assert "スコア表（ルール共通）" in words and "どのルールにも" not in words and "から印刷" not in words
    assert "ルール共通" in pad.title()
