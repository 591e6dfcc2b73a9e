"""Shared pieces of the rule text: the statement record, languages and number format."""

from __future__ import annotations

from dataclasses import dataclass

from .errors import LANGS, check_lang
from .rules import Rules


@dataclass(frozen=True)
class Statement:
    section: str
    key: str  # the option key (or topic) the statement comes from
    text: str


def lang_index(lang: str) -> int:
    return LANGS.index(check_lang(lang))


def points_text(points: int) -> str:
    """A number of points as printed: a true minus sign for negatives."""
    return f"−{-points}" if points < 0 else str(points)


def lowest_text(rules: Rules, ja: bool) -> str:
    if rules.tie_counts_as_lowest:
        return "最低点で並んだ場合も最低点とみなします。" if ja else "A tie for lowest counts as lowest."
    return "最低点で並んだ場合は最低点とみなしません。" if ja else "A tie for lowest does not count as lowest."
