"""The glossary: every game term in English and Japanese, with its meaning.

The terms and meanings live in the message catalogues (the `[term]` and
`[meaning]` tables of `messages/en.toml` and `messages/ja.toml`), where every
other message of the engine uses them as `{t.name}` placeholders. The site, the
printables and the playground take their terms from here, so a term is
translated one way everywhere.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import RANKS
from ..messages import LANGUAGES, catalogue, points_text, text

if TYPE_CHECKING:
    from ..rules import Rules
    from ..scoring import Group


def _table(prefix: str) -> dict[str, dict[str, str]]:
    keys = [key[len(prefix) :] for key in catalogue("en") if key.startswith(prefix)]
    return {key: {lang: text(prefix + key, lang) for lang in LANGUAGES} for key in keys}


TERMS: dict[str, dict[str, str]] = _table("term.")
"""term key -> {"en": ..., "ja": ...}, in the catalogue's order."""

DEFINITIONS: dict[str, dict[str, str]] = _table("meaning.")
"""term key -> its meaning in each language: one or two sentences for the glossary page."""


# One word per concept in Japanese (japanese-review.md §5): what the Japanese texts no longer write, as a regular
# expression over a filled-in text, and what they write instead. The tests hold every Japanese text to it: the
# engine's catalogue, the site's, the sheets' and the pages' own words (their tables of the same catalogue).
RETIRED_JA: tuple[tuple[str, str], ...] = (
    (r"位置[0-9]", "a position is written 1番, 2番, 1・4番"),
    (r"デッキ", "トランプ1組 (the glossary's deck)"),
    (r"見送|表にするのを省略|表にせずに", "表にしない (skipping the optional flip)"),
    (r"ホール[0-9]|[0-9]ホール目|[0-9]／[0-9]+ホール", "第1ホール, 第1ホール（全9ホール） (hole N)"),
    (r"これがいちばん得", "この手がいちばん得 (how a hint closes)"),
    (r"[0-9]行×[0-9]列", "2行3列 (a layout's size)"),
    (r"(?:スペード|ハート|ダイヤ|クラブ)の[AJQK](?![a-z])", "ダイヤのキング, or K♦ (a card)"),
    (r"(?<![0-9AJQK])[♠♥♦♣](?:10|[2-9AJQK])", "8♥, rank then suit (a card)"),
)


def rank_word(rank: int, lang: str) -> str:
    """A rank (index into cards.RANKS) as a sentence names it: 'ace', 'エース', '10'."""
    return text(f"rank.{RANKS[rank]}", lang)


# Card ranks by rank index (A..K, then the joker), as a table row names them.
RANK_NAMES: dict[str, tuple[str, ...]] = {
    lang: tuple(name[:1].upper() + name[1:] for name in (rank_word(rank, lang) for rank in range(len(RANKS))))
    for lang in LANGUAGES
}


def term(key: str, lang: str) -> str:
    """A glossary term in `lang` ('en' or 'ja')."""
    return text(f"term.{key}", lang)


def group_note(rules: Rules, group: Group, lang: str) -> str | None:
    """How a score table labels a scored group of matched cards ('pair: cancels' / 「ペアで打ち消し」), or None for
    a group that did not match. A matched group whose points still count is never said to cancel: negative cards
    that keep their value ('pair: points kept' / 「ペアでも得点を残す」), or a joker pair with a score of its own
    ('pair: scores −5'). Every score table (the site, the calculator) takes its label from here."""
    if not group.cancelled:
        return None
    whole = "_all" if len(group.cards) > 2 else ""
    if group.points == 0:
        return text(f"group.cancels{whole}", lang)
    if group.points == sum(rules.card_points[card] for card in group.cards):
        return text(f"group.kept{whole}", lang)
    return text(f"group.scores{whole}", lang, points=points_text(group.points))
