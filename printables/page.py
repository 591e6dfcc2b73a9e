"""What every printable shares: paper sizes, fonts, the base stylesheet and small HTML helpers.

HTML is built with the standard library only: `string.Template` files per document and
small functions that escape every piece of text (rule text and player-facing labels alike).
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from string import Template

from .labels import label
from .phrases import NO_BREAK_CSS, keep_phrases

PACKAGE_DIR = Path(__file__).resolve().parent
LANGS = ("en", "ja")


@dataclass(frozen=True)
class Paper:
    key: str
    css_size: str  # the @page size keyword
    width_pt: float
    height_pt: float
    margin: str  # the @page margin, room for the running footer included
    tight_margin: str  # for the last fitting steps of the densest documents

    @property
    def label(self) -> dict[str, str]:
        """The paper's name in each language (the catalogue's sheet.paper_<key>)."""
        return {lang: label(f"paper_{self.key}", lang) for lang in LANGS}


PAPERS: dict[str, Paper] = {
    "a4": Paper("a4", "A4", 595.276, 841.89, "10mm 11mm 12mm 11mm", "8mm 9mm 11mm 9mm"),
    "letter": Paper(
        "letter",
        "letter",
        612.0,
        792.0,
        "0.4in 0.45in 0.47in 0.45in",
        "0.32in 0.38in 0.43in 0.38in",
    ),
}

# Fonts are named, never guessed: Liberation Sans (Arial metrics, narrow enough for the densest
# preset) with DejaVu Sans behind it for any symbol it lacks; Noto Sans CJK JP for Japanese,
# including its Latin letters so that both scripts share one design. All three are Debian
# packages the set-up installs (fonts-liberation comes with Chromium, DejaVu with fontconfig).
FONT_STACKS: dict[str, str] = {
    "en": '"Liberation Sans", "DejaVu Sans"',
    "ja": '"Noto Sans CJK JP"',
}
JAPANESE_FONT = "Noto Sans CJK JP"


def esc(text: object) -> str:
    """Escape any text for HTML (rule text, labels, names)."""
    return html.escape(str(text), quote=True)


def points_text(points: object) -> str:
    """A number of points as printed: a true minus sign, so −2 never reads as a dash."""
    if isinstance(points, int) and not isinstance(points, bool):
        return f"−{-points}" if points < 0 else str(points)
    return str(points)


@cache
def read_text(relative: str) -> str:
    return (PACKAGE_DIR / relative).read_text(encoding="utf-8")


def template(relative: str) -> Template:
    return Template(read_text(relative))


def root_css(lang: str, paper: Paper, settings: dict[str, str], tight: bool = False) -> str:
    """Per-document settings as CSS custom properties: font stack, page size, type sizes, spacing."""
    props = [f"--font: {FONT_STACKS[lang]};"] + [f"--{name}: {value};" for name, value in settings.items()]
    margin = paper.tight_margin if tight else paper.margin
    return f"@page {{ size: {paper.css_size}; margin: {margin}; }}\n:root {{ {' '.join(props)} }}\n"


def page_html(lang: str, title: str, css: str, body: str) -> str:
    if lang == "ja":  # phrase-aware line breaks: no line of 「す。」 alone
        body, css = keep_phrases(body), css + NO_BREAK_CSS
    return (
        f'<!DOCTYPE html><html lang="{esc(lang)}"><head><meta charset="utf-8">'
        f"<title>{esc(title)}</title><style>{css}</style></head><body>{body}</body></html>"
    )
