"""Could these layouts lie on one table? The one check every hand-written layout goes through.

Layouts written by hand (the calculator, the command line, an example on the site or a sheet)
can hold cards no deal could produce: a joker when the rules use none, a second 8♥ at a
one-deck table, five cards where the rules deal six. `read_layouts` reads card notation and
`check_layouts` checks card codes; every problem names the player, the position and the card,
in English and Japanese.

A card may be written by its rank alone ("8") wherever its suit cannot change a score, that is
unless the rules give the one-eyed jacks their own value and the card is a jack. It then stands
for any copy of that rank the decks still hold, and is scored as one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .cards import (
    JACK_RANK,
    JOKER,
    RANKS,
    format_card,
    parse_card,
    parse_layout,
    parse_rank,
    rank_of,
    split_layout,
)
from .errors import NotationError, RulesError
from .messages import Words, both, text
from .rules import MIN_PLAYERS, ONE_EYED_JACKS, Rules

EMPTY_SLOT = "?"
"""Written in place of a card not entered yet: '8H ? 2D / 8C AS ?' keeps every card in its place."""

Place = tuple[int, int]
"""(player, position), both counted from 1 as people count; position 0 means the whole layout."""


@dataclass(frozen=True)
class Problem:
    """One reason the layouts cannot be dealt, with every place it concerns."""

    places: tuple[Place, ...]
    en: str
    ja: str

    def message(self, lang: str) -> str:
        return self.ja if lang == "ja" else self.en

    def to_dict(self, lang: str) -> dict[str, Any]:
        return {
            "places": [{"player": player, "position": position} for player, position in self.places],
            "message": self.message(lang),
        }


class LayoutError(NotationError):
    """Layouts that no deal under the rules could produce; `problems` lists every reason."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = tuple(problems)
        english = " ".join(_sentence(p.en) for p in self.problems)
        japanese = "".join(p.ja for p in self.problems)  # each problem's Japanese is a sentence of the catalogue's
        super().__init__(english, ja=japanese)


def _sentence(text: str) -> str:
    return text if text.endswith(".") else f"{text}."


@dataclass(frozen=True)
class Entry:
    """One card as entered: where it lies, its code, and whether its suit was written."""

    player: int  # from 1
    position: int  # from 1
    card: int
    suited: bool


@dataclass(frozen=True)
class WrittenLayouts:
    """What `read_table` read: per player the cards (row by row) and how each was written.

    A layout still missing cards, or with a problem, has its cards so far; `layouts` is
    only complete when `complete` is true.
    """

    layouts: tuple[tuple[int, ...], ...]
    written: tuple[tuple[str, ...], ...]  # "8H", "8" (rank alone), "JK", normalised
    missing: tuple[int, ...]  # cards still to write, per player
    problems: tuple[Problem, ...]

    @property
    def complete(self) -> bool:
        return not self.problems and not any(self.missing)


def table_players(layouts: int, players: int | None = None) -> int:
    """The table size the decks are counted for: as given, else one seat per layout (at least two)."""
    return players if players is not None else max(layouts, MIN_PLAYERS)


def read_table(rules: Rules, texts: Sequence[str], players: int | None = None) -> WrittenLayouts:
    """Read one layout per player, written in card notation, while it may still be incomplete.

    Never raises for what is written: every card that cannot be read or cannot be in the
    decks becomes a Problem, and a layout with fewer cards than the rules deal (in rows no
    longer than theirs) counts its missing cards instead.
    """
    problems: list[Problem] = []
    entries: list[Entry] = []
    missing: list[int] = []
    for player, layout_text in enumerate(texts, start=1):
        tokens, short, shape_problem = _layout_tokens(rules, player, str(layout_text))
        missing.append(short + sum(1 for _, token in tokens if token == EMPTY_SLOT))
        if shape_problem is not None:
            problems.append(shape_problem)
        for position, token in tokens:
            entry = None if token == EMPTY_SLOT else _read_card(rules, player, position, token, problems)
            if entry is not None:
                entries.append(entry)
    problems += deck_problems(rules, entries, table_players(len(texts), players))
    layouts, written = _assign_suits(rules, entries, len(texts), table_players(len(texts), players))
    return WrittenLayouts(layouts, written, tuple(missing), tuple(problems))


def read_layouts(rules: Rules, texts: Sequence[str], players: int | None = None) -> WrittenLayouts:
    """Read one complete layout per player; raise LayoutError naming every problem."""
    table = read_table(rules, texts, players)
    problems = list(table.problems)
    for player, (written, short) in enumerate(zip(texts, table.missing, strict=True), start=1):
        if short:
            problems.append(_incomplete(rules, player, str(written)))
    if problems:
        raise LayoutError(sorted(problems, key=lambda p: p.places[:1]))
    return table


def check_layouts(rules: Rules, layouts: Sequence[Sequence[int]], players: int | None = None) -> None:
    """Raise LayoutError unless every layout has the rules' number of cards and the decks hold them all."""
    problems: list[Problem] = []
    entries: list[Entry] = []
    for player, cards in enumerate(layouts, start=1):
        if len(cards) != rules.size:
            problems.append(
                Problem(
                    ((player, 0),),
                    *both(
                        "error.deck.card_count",
                        player=player,
                        count=len(cards),
                        size=rules.size,
                        rows=rules.rows,
                        cols=rules.cols,
                    ),
                )
            )
        for position, card in enumerate(cards, start=1):
            if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card <= JOKER:
                problems.append(
                    Problem(
                        ((player, position),),
                        *_at_position(
                            player, position, "error.deck.code", code_code=repr(card), code=card, last_code=JOKER
                        ),
                    )
                )
            elif card == JOKER and not rules.jokers_per_deck:
                problems.append(_no_jokers(player, position))
            else:
                entries.append(Entry(player, position, card, suited=True))
    problems += deck_problems(rules, entries, table_players(len(layouts), players))
    if problems:
        raise LayoutError(problems)


def deck_problems(rules: Rules, entries: Sequence[Entry], players: int) -> list[Problem]:
    """More copies of a card (or of a rank, for cards written without a suit) than the decks hold."""
    try:
        rules.check_players(players)
    except RulesError as error:
        return [Problem((), str(error), error.ja or str(error))]
    decks = rules.decks_for(players)
    problems = []
    suited = Counter(e.card for e in entries if e.suited)
    for card, count in sorted(suited.items()):
        have = decks * rules.jokers_per_deck if card == JOKER else decks
        if card == JOKER and not have:
            continue  # each joker is already its own problem
        if count > have:
            places = tuple((e.player, e.position) for e in entries if e.suited and e.card == card)
            problems.append(_too_many(_card_name(card), places, have, decks, players))
    unsuited_ranks = sorted({rank_of(e.card) for e in entries if not e.suited})
    for rank in unsuited_ranks:
        places = tuple((e.player, e.position) for e in entries if rank_of(e.card) == rank)
        suits_in_decks = 4 * decks
        if len(places) > suits_in_decks:
            name = _words("error.deck.rank_name", rank=RANKS[rank])
            problems.append(_too_many(name, places, suits_in_decks, decks, players))
    return problems


# -- reading -----------------------------------------------------------------------------
def _layout_tokens(rules: Rules, player: int, written: str) -> tuple[list[tuple[int, str]], int, Problem | None]:
    """The layout's tokens with their positions (from 1), how many cards are still to come after
    them, and a shape problem if the rows cannot be those of the rules' layout."""
    rows = split_layout(written)
    widths = [len(row) for row in rows]
    fits_grid = len(rows) <= rules.rows and max(widths) <= rules.cols
    if fits_grid:  # each token in its row and column, the rest of the grid still to come
        tokens = [(r * rules.cols + c + 1, token) for r, row in enumerate(rows) for c, token in enumerate(row)]
    else:
        tokens = list(enumerate((token for row in rows for token in row), start=1))
    if fits_grid and len(tokens) < rules.size:
        return tokens, rules.size - len(tokens), None  # still being written
    if len(rows) == rules.rows and all(width == rules.cols for width in widths):
        return tokens, 0, None
    try:
        parse_layout(written, rules.rows, rules.cols)
    except NotationError as error:
        return tokens, 0, Problem(((player, 0),), *_at_player(player, error))
    raise AssertionError("parse_layout accepted a layout of the wrong shape")  # pragma: no cover


def _read_card(rules: Rules, player: int, position: int, token: str, problems: list[Problem]) -> Entry | None:
    place = ((player, position),)
    try:
        card = parse_card(token)
    except NotationError as error:
        rank = parse_rank(token)
        if rank is None:
            problems.append(Problem(place, *_error_at_position(player, position, error)))
            return None
        if rank == JACK_RANK and rules.one_eyed_jacks:
            jacks = [format_card(c, symbols=True) for c in sorted(ONE_EYED_JACKS)]
            joined: Words = lambda lang: text("error.deck.jacks_separator", lang).join(jacks)  # noqa: E731
            problems.append(Problem(place, *_at_position(player, position, "error.deck.jack_suit", jacks=joined)))
            return None
        return Entry(player, position, rank * 4, suited=False)
    if card == JOKER and not rules.jokers_per_deck:
        problems.append(_no_jokers(player, position))
        return None
    return Entry(player, position, card, suited=True)


def _assign_suits(
    rules: Rules, entries: Sequence[Entry], layouts: int, players: int
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[str, ...], ...]]:
    """Cards per player; a card written by rank alone takes a copy of its rank the decks still hold."""
    decks = rules.decks_for(players)
    used = Counter(e.card for e in entries if e.suited)
    cards: list[list[int]] = [[] for _ in range(layouts)]
    written: list[list[str]] = [[] for _ in range(layouts)]
    for entry in entries:
        card = entry.card
        if not entry.suited:
            rank = entry.card >> 2
            free = [rank * 4 + suit for suit in range(4) if used[rank * 4 + suit] < decks]
            card = free[0] if free else rank * 4
            used[card] += 1
        cards[entry.player - 1].append(card)
        written[entry.player - 1].append(format_card(card) if entry.suited else RANKS[entry.card >> 2])
    return tuple(tuple(c) for c in cards), tuple(tuple(w) for w in written)


# -- messages (the catalogue's [error.deck] table) ---------------------------------------
def _words(key: str, **values: object) -> Words:
    return lambda lang: text(key, lang, **values)


def _at_position(player: int, position: int, key: str, **values: object) -> tuple[str, str]:
    """A problem at one position, in English and Japanese: 'Player 1, position 3: …'."""
    return both("error.deck.at_position", player=player, position=position, error=_words(key, **values))


def _error_at_position(player: int, position: int, error: NotationError) -> tuple[str, str]:
    return both("error.deck.at_position", player=player, position=position, error=error.message)


def _at_player(player: int, error: NotationError) -> tuple[str, str]:
    return both("error.deck.at_player", player=player, error=error.message)


def _card_name(card: int) -> Words:
    if card == JOKER:
        return _words("error.deck.joker_name")
    return lambda lang: format_card(card, symbols=True)


def _no_jokers(player: int, position: int) -> Problem:
    return Problem(((player, position),), *_at_position(player, position, "error.deck.no_jokers"))


def _numbers(numbers: Sequence[int], lang: str) -> str:
    """'1, 2 and 4' / 「1・2・4」."""
    items = [str(n) for n in numbers]
    if len(items) < 2:
        return "".join(items)
    return text("error.deck.number_separator", lang).join(items[:-1]) + text("error.deck.number_last", lang) + items[-1]


def _positions(numbers: Sequence[int], lang: str) -> str:
    """'position 3', 'positions 3 and 5' / 「3番」「3・5番」."""
    key = "error.deck.positions_one" if len(numbers) == 1 else "error.deck.positions_other"
    return text(key, lang, numbers=_numbers(numbers, lang))


def _places_text(places: Sequence[Place], lang: str) -> str:
    by_player: dict[int, list[int]] = {}
    for player, position in places:
        by_player.setdefault(player, []).append(position)
    return text("error.deck.places_separator", lang).join(
        text("error.deck.places", lang, player=player, positions=_positions(positions, lang))
        for player, positions in by_player.items()
    )


def _too_many(name: Words, places: tuple[Place, ...], have: int, decks: int, players: int) -> Problem:
    key = "error.deck.too_many_one" if decks == 1 else "error.deck.too_many_other"
    where: Words = lambda lang: _places_text(places, lang)  # noqa: E731
    return Problem(
        places, *both(key, name=name, count=len(places), places=where, have=have, decks=decks, players=players)
    )


def _incomplete(rules: Rules, player: int, written: str) -> Problem:
    empty = [position for position, token in _layout_tokens(rules, player, written)[0] if token == EMPTY_SLOT]
    rows = split_layout(written)
    if empty and len(rows) == rules.rows and all(len(r) == rules.cols for r in rows):
        positions: Words = lambda lang: _positions(empty, lang)  # noqa: E731
        return Problem(
            tuple((player, position) for position in empty),
            *both("error.deck.empty_slots", player=player, positions=positions, empty=EMPTY_SLOT),
        )
    if not written.split():
        return Problem(
            ((player, 0),),
            *both("error.deck.no_cards", player=player, size=rules.size, example="8H KS 2D / 8C AS 5H"),
        )
    try:
        parse_layout(written, rules.rows, rules.cols)
    except NotationError as error:
        return Problem(((player, 0),), *_at_player(player, error))
    raise AssertionError("an incomplete layout was read whole")  # pragma: no cover
