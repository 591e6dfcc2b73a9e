"""Shared pieces of the rule text: the statement record, the language index, plural keys and sentence joining."""

from __future__ import annotations

from dataclasses import dataclass

from ..messages import check_lang, text
from ..rules import Rules


@dataclass(frozen=True)
class Statement:
    section: str
    key: str  # the option key (or topic) the statement comes from
    text: str


def lang_index(lang: str) -> int:
    return 0 if check_lang(lang) == "en" else 1


def lowest_text(rules: Rules, lang: str) -> str:
    return text("rules.lowest.tie_counts" if rules.tie_counts_as_lowest else "rules.lowest.tie_not", lang)


def plural_key(key: str, count: int) -> str:
    """`key_one` for a count of one, `key_other` otherwise (both languages keep both keys)."""
    return f"{key}_one" if count == 1 else f"{key}_other"


def sentences(parts: list[str], lang: str) -> str:
    """Sentences run together: a space between them in English, none in Japanese."""
    return ("" if lang == "ja" else " ").join(parts)
