"""Cards as small integers, and the text notation that reads and writes them.

A card is an int so that layouts, piles and the shoe are plain lists of ints:
copying a state then costs a few list copies and no objects.

    card = rank * 4 + suit   for ranks A..K (0..12) and suits S H D C (0..3)
    card = JOKER (52)        for a joker (jokers have no suit)

Duplicate cards from several decks are simply repeated ints: ranks are only
ever matched, never compared, so a second eight of hearts is harmless.
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Sequence

from .errors import NotationError
from .messages import both

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "JK")
"""Rank names in option-key order; index 13 is the joker's rank."""
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
SUIT_SYMBOLS: tuple[str, ...] = ("♠", "♥", "♦", "♣")

JOKER_RANK = 13
JOKER = 52
JACK_RANK = 10
CARDS_PER_DECK = 52
CARD_CODES = 53
"""Distinct card codes: the 52 cards of a deck and the joker."""
UNKNOWN = -1
"""A card the viewer cannot see (in an Observation, and in the computer players' tables)."""
RED_SUITS = frozenset({1, 2})
"""Hearts and diamonds, by suit index."""

_RANK_BY_TEXT = {name: index for index, name in enumerate(RANKS)}
_RANK_BY_TEXT["T"] = 9
_SUIT_BY_TEXT = {name: index for index, name in enumerate(SUITS)}
_SUIT_BY_TEXT.update({symbol: index for index, symbol in enumerate(SUIT_SYMBOLS)})


def rank_of(card: int) -> int:
    """Rank index 0..13 (A..K, then the joker)."""
    return JOKER_RANK if card == JOKER else card >> 2


RANK_BY_CODE: tuple[int, ...] = tuple(rank_of(card) for card in range(CARD_CODES))
"""rank_of for every card code, as a table: the scoring hot path indexes it instead of calling."""


def rank_name(card: int) -> str:
    """The rank as written in card notation: A, 2-10, J, Q, K, or JK for a joker."""
    return RANKS[rank_of(card)]


def is_red(card: int) -> bool:
    """Hearts and diamonds are red; spades, clubs and the joker are not."""
    return card != JOKER and card & 3 in RED_SUITS


def suit_of(card: int) -> int | None:
    """Suit index 0..3 (S H D C), or None for a joker."""
    return None if card == JOKER else card & 3


def make_card(rank: int, suit: int) -> int:
    return JOKER if rank == JOKER_RANK else rank * 4 + suit


# What a Japanese keyboard (IME) types for card notation, besides what NFKC already folds (full-width letters, digits,
# spaces and ／): the white suit symbols, the heavy heart, the Japanese comma between cards, emoji variation selectors.
_INPUT_FORMS = str.maketrans(
    {"♤": "♠", "♡": "♥", "♢": "♦", "♧": "♣", "❤": "♥", "、": " ", "\ufe0f": None, "\ufe0e": None}
)
_JOKER_WORDS = ("JK", "JOKER", "🃏", "ジョーカー")


def normalise_notation(text: str) -> str:
    """Card notation as the parser reads it: Unicode NFKC (８Ｈ → 8H, full-width space and ／ → ASCII), white suit
    symbols as black ones (♡ → ♥), and 「、」 as a space. Every reader of notation calls this first."""
    return unicodedata.normalize("NFKC", text).translate(_INPUT_FORMS)


def parse_card(text: str) -> int:
    """Read one card: rank (A 2-10 T J Q K) then suit (S H D C or ♠♥♦♣), any case; or JK (also ジョーカー).

    Full-width and IME forms are read too (see normalise_notation); an error quotes the text as it was written.
    """
    token = normalise_notation(text).strip().upper()
    if token in _JOKER_WORDS:
        return JOKER
    if len(token) >= 2:
        rank = _RANK_BY_TEXT.get(token[:-1])
        suit = _SUIT_BY_TEXT.get(token[-1])
        if rank is not None and suit is not None and rank != JOKER_RANK:
            return rank * 4 + suit
    raise NotationError(*both("error.card.unreadable", text_code=repr(text), text=text))


def parse_rank(text: str) -> int | None:
    """A rank written alone, without its suit (A 2-10 T J Q K, any case): its index, or None."""
    rank = _RANK_BY_TEXT.get(normalise_notation(text).strip().upper())
    return None if rank == JOKER_RANK else rank


def format_card(card: int, symbols: bool = False) -> str:
    if card == JOKER:
        return "JK"
    if not 0 <= card < JOKER:
        raise NotationError(*both("error.card.code", code_code=repr(card), code=card))
    suits = SUIT_SYMBOLS if symbols else SUITS
    return RANKS[card >> 2] + suits[card & 3]


def split_layout(text: str) -> list[list[str]]:
    """The card tokens of a layout, row by row, unread: '8H KS 2D / 8C AS 5H' -> [[8H KS 2D] [8C AS 5H]]."""
    return [part.split() for part in normalise_notation(text).split("/")]


def parse_layout(text: str, rows: int | None = None, cols: int | None = None) -> list[int]:
    """Read a layout written row by row, rows separated by '/': '8H KS 2D / 8C AS 5H'.

    Returns the cards in position order (row by row from the top left).
    With rows/cols given, the shape must match them.
    """
    row_texts = split_layout(text)
    if not row_texts or any(not row for row in row_texts):
        raise NotationError(*both("error.card.empty_row", layout_code=repr(text), layout=text))
    widths = {len(row) for row in row_texts}
    if len(widths) != 1:
        raise NotationError(
            *both("error.card.uneven_rows", layout_code=repr(text), layout=text, widths_code=sorted(widths))
        )
    width = widths.pop()
    if rows is not None and cols is not None and (len(row_texts), width) != (rows, cols):
        raise NotationError(
            *both(
                "error.card.wrong_shape",
                layout_code=repr(text),
                layout=text,
                rows_found=len(row_texts),
                cols_found=width,
                rows=rows,
                cols=cols,
            )
        )
    cards: list[int] = []
    for row in row_texts:
        for token in row:
            try:
                cards.append(parse_card(token))
            except NotationError as error:
                words = {"en": str(error), "ja": error.message("ja")}
                raise NotationError(
                    *both("error.card.in_layout", layout_code=repr(text), layout=text, error=words.__getitem__)
                ) from None
    return cards


def format_layout(cards: Sequence[int], cols: int, symbols: bool = False) -> str:
    rows = [cards[start : start + cols] for start in range(0, len(cards), cols)]
    return " / ".join(" ".join(format_card(card, symbols) for card in row) for row in rows)


def build_shoe(decks: int, jokers_per_deck: int) -> list[int]:
    """Every card of `decks` standard decks plus their jokers, in a fixed order (a new list)."""
    shoe = _SHOES.get((decks, jokers_per_deck))
    if shoe is None:  # a handful of shoes exist; every deal copies one
        shoe = _SHOES[decks, jokers_per_deck] = (*range(CARDS_PER_DECK), *[JOKER] * jokers_per_deck) * decks
    return list(shoe)


_SHOES: dict[tuple[int, int], tuple[int, ...]] = {}


def shuffle(cards: list[int], rng: random.Random) -> None:
    """Shuffle `cards` in place into exactly the order `rng.shuffle(cards)` gives, in about a third of the time.

    Every deal shuffles a whole shoe, and in a random playout that was a fifth of the time. This is the same
    Fisher-Yates walk as `random.Random.shuffle` (CPython 3.11 to 3.14 and Pyodide alike), drawing the same
    `getrandbits` numbers, but without a Python call per card and with the bit widths looked up. A subclass of
    Random may draw differently, so it keeps its own shuffle.
    """
    if type(rng) is not random.Random:
        rng.shuffle(cards)
        return
    getrandbits = rng.getrandbits
    for i, bits in _shuffle_steps(len(cards)):
        j = getrandbits(bits)  # uniform below i + 1 by rejection, as Random._randbelow does
        while j > i:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]


def _shuffle_steps(size: int) -> tuple[tuple[int, int], ...]:
    """(i, bit width of i + 1) for i from size - 1 down to 1: the steps of shuffling `size` cards."""
    steps = _STEPS.get(size)
    if steps is None:
        steps = _STEPS[size] = tuple((i, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
    return steps


_STEPS: dict[int, tuple[tuple[int, int], ...]] = {}
