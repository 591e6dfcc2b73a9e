"""The glossary: every game term in English and Japanese, with its meaning.

The terms and meanings live in the message catalogues (the `[term]` and
`[meaning]` tables of `messages/en.toml` and `messages/ja.toml`), where every
other message of the engine uses them as `{t.name}` placeholders. The site, the
printables and the playground take their terms from here, so a term is
translated one way everywhere.
"""

from __future__ import annotations

from .cards import RANKS
from .messages import LANGUAGES, catalogue, text


def _table(prefix: str) -> dict[str, dict[str, str]]:
    keys = [key[len(prefix) :] for key in catalogue("en") if key.startswith(prefix)]
    return {key: {lang: text(prefix + key, lang) for lang in LANGUAGES} for key in keys}


TERMS: dict[str, dict[str, str]] = _table("term.")
"""term key -> {"en": ..., "ja": ...}, in the catalogue's order."""

DEFINITIONS: dict[str, dict[str, str]] = _table("meaning.")
"""term key -> its meaning in each language: one or two sentences for the glossary page."""


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
