"""The rules value: one immutable, validated record of every option.

Option keys (the public contract, RULES.md §3) are the field names, except the
card values, which are written `values.A` ... `values.K` and `values.JK`.
The defaults of the fields are the `basic` game; presets (preset_data/*.json) are
named sets of changes to these defaults, kept as data.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .cards import CARDS_PER_DECK, JACK_RANK, JOKER, JOKER_RANK, RANKS, build_shoe
from .errors import RulesError, quote_code, quote_text
from .messages import Words, both, say, text

LAYOUTS: dict[str, tuple[int, int]] = {"2x2": (2, 2), "2x3": (2, 3), "2x4": (2, 4), "3x3": (3, 3)}
MIN_PLAYERS = 2
MAX_PLAYERS = 16
RECOMMENDED_MAX_PLAYERS = 8  # one table; more only if the decks allow

# decks=auto (RULES.md §2, Deck and deal): (most players, decks) rows, the first row whose limit the table fits.
AUTO_DECKS: tuple[tuple[int, int], ...] = ((4, 1), (8, 2), (MAX_PLAYERS, 3))
AUTO_DECKS_3X3: tuple[tuple[int, int], ...] = ((3, 1), (8, 2), (MAX_PLAYERS, 3))  # nine cards a seat: more decks

MAX_DECKS = 8  # a fixed `decks` value
MAX_CARD_VALUE = 100  # a card value's size either way
EARLY_KNOCK_MAX_HIDDEN = 2
"""An early knock is allowed with one card face down, or up to this many."""
ENDGAME_MAX_HIDDEN = 1
"""The endgame (flip_on_discard=endgame) begins once some player has at most this many cards face down.
With flip_on_discard=optional the flip may be skipped too, but it is offered at any time."""

FLIP_OPTIONAL_MODES = frozenset({"endgame", "optional"})
"""flip_on_discard modes whose flip after a discard may be skipped (SKIP_FLIP is offered with the flips)."""


def early_knock_allowed(hidden: int) -> bool:
    """May a player with `hidden` face-down cards knock early (when the rules offer the early knock)?"""
    return 1 <= hidden <= EARLY_KNOCK_MAX_HIDDEN


def endgame_begun(fewest_hidden: int) -> bool:
    """Has the endgame begun, when the player with the fewest face-down cards has `fewest_hidden` of them?"""
    return fewest_hidden <= ENDGAME_MAX_HIDDEN


# Basic values by rank index (A..K, then the joker).
DEFAULT_VALUES: tuple[int, ...] = (1, -2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 0, -2)

CHOICES: dict[str, tuple[str, ...]] = {
    "layout": tuple(LAYOUTS),
    "pairs": ("column", "off", "anywhere"),
    "joker_pairs": ("match", "never"),
    "flip_on_discard": ("never", "always", "endgame", "optional"),
    "knock_penalty": ("none", "plus10", "double_plus5", "worst"),
    "end_of_hole": ("final_turns", "immediate"),
    "ties": ("shared", "playoff"),
}

_TABLE_DECKS: dict[tuple[int | str, bool], tuple[int, ...]] = {}
"""Rules.table_decks by (decks option, nine-card layout): the few distinct tables, built once."""

# The one-eyed jacks: jack of hearts and jack of spades (suit indexes 1 and 0).
ONE_EYED_JACKS = frozenset({JACK_RANK * 4 + 0, JACK_RANK * 4 + 1})


@dataclass(frozen=True)
class Rules:
    layout: str = "2x3"
    decks: int | str = "auto"
    jokers_per_deck: int = 0
    initial_reveals: int = 2
    peek: bool = False
    values: tuple[int, ...] = DEFAULT_VALUES
    one_eyed_jacks: bool = False
    pairs: str = "column"
    joker_pairs: str = "match"
    joker_pair_value: int | None = None
    negative_pairs_keep_value: bool = False
    discard_pickup_must_swap: bool = True
    flip_on_discard: str = "never"
    flip_as_action: bool = False
    knock: bool = False
    knock_penalty: str = "plus10"
    knock_reward_zero: bool = False
    early_knock: bool = False
    end_of_hole: str = "final_turns"
    turn_limit: int = 240
    four_of_a_kind: bool = False
    wolfpack: bool = False
    blackjack: bool = False
    going_out_penalty: bool = False
    going_out_bonus: bool = False
    underdog_bonus: bool = False
    tied_shame: bool = False
    tie_counts_as_lowest: bool = True
    holes: int = 9
    ties: str = "shared"

    # Derived once, for the hot path: points by card code, the shape and the columns.
    card_points: tuple[int, ...] = field(init=False, repr=False, compare=False)
    columns: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    rows: int = field(init=False, repr=False, compare=False)
    cols: int = field(init=False, repr=False, compare=False)
    size: int = field(init=False, repr=False, compare=False)
    table_decks: tuple[int, ...] = field(init=False, repr=False, compare=False)  # decks_for, by players

    def __post_init__(self) -> None:
        _validate(self)
        points = [self.values[card >> 2] for card in range(JOKER)] + [self.values[JOKER_RANK]]
        if self.one_eyed_jacks:
            for card in ONE_EYED_JACKS:
                points[card] = 0
        object.__setattr__(self, "card_points", tuple(points))
        rows, cols = LAYOUTS[self.layout]
        object.__setattr__(self, "columns", tuple(tuple(r * cols + c for r in range(rows)) for c in range(cols)))
        # Plain attributes rather than properties: the hole reads the size on every action.
        object.__setattr__(self, "rows", rows)
        object.__setattr__(self, "cols", cols)
        object.__setattr__(self, "size", rows * cols)
        # Every deal asks for the decks twice (the table check, the shoe): looked up, not searched for.
        key = (self.decks, self.layout == "3x3")
        table_decks = _TABLE_DECKS.get(key)
        if table_decks is None:
            table_decks = _TABLE_DECKS[key] = tuple(self._count_decks(n) for n in range(MAX_PLAYERS + 1))
        object.__setattr__(self, "table_decks", table_decks)

    # -- decks ---------------------------------------------------------------
    def decks_for(self, players: int) -> int:
        """Decks shuffled together for a table of `players` (RULES.md §2, Deck and deal)."""
        if isinstance(players, int) and 0 <= players <= MAX_PLAYERS:
            return self.table_decks[players]
        return self._count_decks(players)

    def _count_decks(self, players: int) -> int:
        if self.decks != "auto":
            return int(self.decks)
        table = AUTO_DECKS_3X3 if self.layout == "3x3" else AUTO_DECKS
        return next((decks for most, decks in table if players <= most), table[-1][1])

    def shoe_for(self, players: int) -> list[int]:
        return build_shoe(self.decks_for(players), self.jokers_per_deck)

    def check_players(self, players: int) -> None:
        """Raise RulesError unless `players` can sit at a table with these rules."""
        if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise RulesError(
                *both(
                    "error.table.players",
                    players_code=quote_code(players),
                    players=_value("players", players),
                    low=MIN_PLAYERS,
                    high=MAX_PLAYERS,
                )
            )
        decks = self.decks_for(players)
        available = decks * (CARDS_PER_DECK + self.jokers_per_deck)
        needed = players * self.size + 2  # every layout, the first discard and one stock card
        if available < needed:
            raise RulesError(
                *both(
                    "error.table.too_few_cards",
                    players=players,
                    layout_code=self.layout,
                    layout=_value("layout", self.layout),
                    needed=needed,
                    decks_code=self.decks,
                    decks_label=_label("decks"),
                    decks_value=_value("decks", self.decks),
                    decks=decks,
                    per_deck=CARDS_PER_DECK + self.jokers_per_deck,
                    available=available,
                )
            )

    # -- conversion ----------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Flat mapping of option keys to JSON values, in the order of RULES.md §3."""
        result: dict[str, Any] = {}
        for item in dataclasses.fields(self):
            if not item.init:
                continue
            if item.name == "values":
                for rank, points in zip(RANKS, self.values, strict=True):
                    result[f"values.{rank}"] = points
            elif item.name == "joker_pair_value":
                result[item.name] = "none" if self.joker_pair_value is None else self.joker_pair_value
            else:
                result[item.name] = getattr(self, item.name)
        return result

    @classmethod
    def from_dict(cls, options: Mapping[str, Any], base: Rules | None = None) -> Rules:
        """Rules from option keys (flat `values.K` keys or a nested `values` object) over `base`."""
        return (base or cls()).with_options(options)

    def with_options(self, options: Mapping[str, Any]) -> Rules:
        """A copy with some options changed. Values may be JSON values or the strings a CLI passes."""
        if not isinstance(options, Mapping):
            raise RulesError(*both("error.option.not_mapping", options_code=quote_code(options)))
        changes: dict[str, Any] = {}
        values = list(self.values)
        for key, raw in options.items():
            if key == "values" and isinstance(raw, Mapping):
                for rank, points in raw.items():
                    values[_rank_index(f"values.{rank}")] = _parse_int(f"values.{rank}", points)
            elif isinstance(key, str) and key.startswith("values."):
                values[_rank_index(key)] = _parse_int(key, raw)
            else:
                changes[key] = parse_option(key, raw)
        changes["values"] = tuple(values)
        return dataclasses.replace(self, **changes)


OPTION_KEYS: tuple[str, ...] = tuple(
    [f.name for f in dataclasses.fields(Rules) if f.init and f.name != "values"] + [f"values.{r}" for r in RANKS]
)
_FIELD_TYPES = {f.name: f.type for f in dataclasses.fields(Rules) if f.init}
_BOOL_KEYS = frozenset(name for name, kind in _FIELD_TYPES.items() if kind in ("bool", bool))
_INT_LIMITS: dict[str, tuple[int, int]] = {
    "jokers_per_deck": (0, 2),
    "initial_reveals": (0, 9),
    "turn_limit": (1, 10_000),
    "holes": (1, 100),
}
_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


def _unknown_key(key: object) -> RulesError:
    import difflib  # here, not at the top: only a mistyped option needs it, and a browser's start skips it

    close = difflib.get_close_matches(str(key), OPTION_KEYS, n=1)
    keys = ", ".join(OPTION_KEYS)
    if not close:
        return RulesError(*both("error.option.unknown", key_code=quote_code(key), key=quote_text(key), keys_code=keys))
    return RulesError(
        *both(
            "error.option.unknown_close",
            key_code=quote_code(key),
            key=quote_text(key),
            close_code=quote_code(close[0]),
            close=_label(close[0]),
            keys_code=keys,
        )
    )


def _rank_index(key: str) -> int:
    rank = key.split(".", 1)[1].upper()
    if rank == "T":
        rank = "10"
    if rank not in RANKS:
        raise _unknown_key(key)
    return RANKS.index(rank)


def card_value_key(key: str) -> str:
    """A card value's option key as a caller may write it (`values.T`, `values.k`) in the one spelling the
    option tables use (`values.10`, `values.K`): what an error's label is looked up by."""
    return f"values.{RANKS[_rank_index(key)]}"


def _parse_int(key: str, raw: Any) -> int:
    if isinstance(raw, bool):
        raise _not_allowed(key, raw, "whole_number")
    if isinstance(raw, int):
        return raw
    if isinstance(raw, str):
        try:
            return int(raw.strip().replace("−", "-"))
        except ValueError:
            pass
    raise _not_allowed(key, raw, "whole_number")


def _not_allowed(key: str, raw: Any, expected: str, **facts: object) -> RulesError:
    """An option value refused: the English names the key and value, the Japanese the option's label and the value
    as the Custom panel shows it; `expected` is a key of the catalogue's [error.expected] table."""
    return RulesError(
        *both(
            "error.option.not_allowed",
            key_code=key,
            raw_code=quote_code(raw),
            label=_label(key),
            raw=_value(key, raw),
            expected=say(f"error.expected.{expected}", **facts),
        )
    )


def parse_option(key: str, raw: Any) -> Any:
    """Turn one option value (JSON or CLI text) into the field's type, or raise naming key and value."""
    if key not in _FIELD_TYPES or key == "values":
        raise _unknown_key(key)
    if key in _BOOL_KEYS:
        if isinstance(raw, bool):
            return raw
        if isinstance(raw, str) and raw.strip().lower() in _TRUE + _FALSE:
            return raw.strip().lower() in _TRUE
        raise _not_allowed(key, raw, "on_off", on=say("option.value.on"), off=say("option.value.off"))
    if key in CHOICES:
        if isinstance(raw, str) and raw.strip() in CHOICES[key]:
            return raw.strip()
        raise _not_allowed(key, raw, "choices", choices_code=", ".join(CHOICES[key]), choices=_choice_words(key))
    if key == "decks":
        if raw == "auto":
            return raw
        count = _parse_int(key, raw)
        if not 1 <= count <= MAX_DECKS:
            raise _not_allowed(key, raw, "decks", high=MAX_DECKS, auto=say("option.value.auto"))
        return count
    if key == "joker_pair_value":
        if raw is None or raw == "none":
            return None
        return _parse_int(key, raw)
    return _parse_int(key, raw)


def _validate(rules: Rules) -> None:
    for key in _FIELD_TYPES:
        if key == "values":
            if len(rules.values) != len(RANKS) or any(
                isinstance(v, bool) or not isinstance(v, int) for v in rules.values
            ):
                raise RulesError(
                    *both("error.option.card_values", values_code=quote_code(rules.values), ranks_code=", ".join(RANKS))
                )
            continue
        value = getattr(rules, key)
        if parse_option(key, value) != value or (key in _BOOL_KEYS) != isinstance(value, bool):
            raise RulesError(
                *both(
                    "error.option.not_valid",
                    key_code=key,
                    raw_code=quote_code(value),
                    label=_label(key),
                    raw=_value(key, value),
                )
            )
    for key, (low, high) in _INT_LIMITS.items():
        value = getattr(rules, key)
        if not low <= value <= high:
            raise _not_allowed(key, value, "range", low=low, high=high)
    size = LAYOUTS[rules.layout][0] * LAYOUTS[rules.layout][1]
    if rules.initial_reveals > size:
        raise RulesError(
            *both(
                "error.option.too_many_reveals",
                reveals=rules.initial_reveals,
                layout_code=rules.layout,
                layout=_value("layout", rules.layout),
                label=_label("initial_reveals"),
                size=size,
            )
        )
    for rank, points in zip(RANKS, rules.values, strict=True):
        if not -MAX_CARD_VALUE <= points <= MAX_CARD_VALUE:
            raise _not_allowed(f"values.{rank}", points, "card_value", low=f"−{MAX_CARD_VALUE}", high=MAX_CARD_VALUE)


# -- words for the errors above: the Japanese names an option by its label and a value as the Custom panel shows it
def _label(key: str) -> Words:
    from .option_text import option_label  # option_text reads this module's tables, so it is imported late

    return lambda lang: option_label(key, lang)


def _value(key: str, raw: Any) -> Words:
    from .option_text import input_value_text

    return lambda lang: input_value_text(key, raw, lang)


def _choice_words(key: str) -> Words:
    return lambda lang: text("list.separator", lang).join(
        f"「{_value(key, choice)(lang)}」" if lang == "ja" else choice for choice in CHOICES[key]
    )
