"""Words of the site's own furniture (table headers, captions, the walkthrough's narration), in English and
Japanese: the `[site]` table of the engine's message catalogues (engine/sixcardgolf/messages/en.toml, ja.toml).

Game terms come from the engine's glossary and rule facts from the engine's rules data; what the `[site]` table
holds is the wording of tables and figures, which belongs to the site alone.
"""

from __future__ import annotations

from sixcardgolf import messages
from sixcardgolf.cards import JOKER, RANKS, SUIT_SYMBOLS, rank_of, suit_of
from sixcardgolf.messages import points_text
from sixcardgolf.option_text import describe_option_value
from sixcardgolf.rules import Rules
from sixcardgolf.text.glossary import rank_word, term

LANGS = ("en", "ja")
NAMESPACE = "site."
SUITS = "SHDC"  # the suits in cards.suit_of's order, as the catalogue's [site.suit] keys


def text(key: str, lang: str, **fields: object) -> str:
    """The site's message `key` (of the catalogues' [site] table) in `lang`, its placeholders filled."""
    return messages.text(NAMESPACE + key, lang, **fields)


def has_text(key: str) -> bool:
    return messages.has(NAMESPACE + key)


def and_list(items: list[str], lang: str) -> str:
    """'1, 4 and 7' / '1・4・7': a short list of numbers or names."""
    if len(items) < 2:
        return "".join(items)
    return text("short_list.separator", lang).join(items[:-1]) + text("short_list.last", lang) + items[-1]


def joined(items: list[str], lang: str) -> str:
    return text("list_sep", lang).join(items)


def signed(points: int) -> str:
    """Points of a bonus or penalty: always with a sign, a true minus for negatives."""
    return "+" + str(points) if points > 0 else points_text(points)


def rank_heading(rank: int, lang: str) -> str:
    """A rank as a column or row heading: the card's own index (A, 2 .. K), the joker spelt out."""
    return term("joker", lang).capitalize() if rank == 13 else RANKS[rank]


def card_short(card: int) -> str:
    """The card as printed on it: 8♥, K♠, JK."""
    if card == JOKER:
        return "JK"
    return RANKS[rank_of(card)] + SUIT_SYMBOLS[suit_of(card) or 0]


def card_spoken(card: int, lang: str) -> str:
    """The card in words, for narration and text alternatives: 'king of diamonds' / 「ダイヤのキング」, with the
    glossary's rank names (キング, not K: a screen reader reads a lone letter as a letter), as the hints name them.
    Tables and the Play page write the card as printed on it instead (card_short: K♦)."""
    if card == JOKER:
        return term("joker", lang)
    rank, suit = rank_of(card), suit_of(card) or 0
    return text("card_of", lang, rank=rank_word(rank, lang), suit=text(f"suit.{SUITS[suit]}", lang))


def points_words(points: int, lang: str) -> str:
    """A number of points in a sentence: '1 point', '−2 points', '3点'."""
    return text("points_one" if abs(points) == 1 else "points_other", lang, points=points_text(points))


def is_red(card: int) -> bool:
    return card != JOKER and suit_of(card) in (1, 2)


# Options that only matter when jokers are dealt: under rules without jokers a table says "not in play" for them,
# as the card value table does, rather than a value nobody plays with (japanese-review.md S3-8).
JOKER_OPTIONS = ("values.JK", "joker_pairs", "joker_pair_value")


def option_value_shown(rules: Rules, key: str, lang: str) -> str:
    """An option's value under `rules` as a table cell shows it."""
    if key in JOKER_OPTIONS and not rules.jokers_per_deck:
        return text("not_in_play", lang)
    return describe_option_value(key, rules.to_dict()[key], lang)


def nothing(lang: str) -> str:
    """An empty list in a table cell: a dash in English, 「なし」 in Japanese (a dash is no Japanese for none)."""
    return text("none", lang) if lang == "ja" else "—"
