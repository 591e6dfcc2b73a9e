"""The rules value: one immutable, validated record of every option.

Option keys (the public contract: saves, the Custom panel, the command line and `--rules` files use them) are the
field names, except the card values, which are written `values.A` ... `values.K` and `values.JK`. What each option
takes, its default and its limits are data in `options.py`; the defaults are the `basic` game, and presets
(preset_data/*.json) are named sets of changes to them, kept as data.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from . import options as O
from .cards import CARDS_PER_DECK, JACK_RANK, JOKER, JOKER_RANK, RANKS, build_shoe
from .errors import RulesError, quote_code, quote_text
from .messages import Words, both, say, text
from .option_text import input_value_text, option_label
from .options import (
    BY_KEY,
    CHOICES,
    EARLY_KNOCK_MAX_HIDDEN,
    ENDGAME_MAX_HIDDEN,
    LAYOUTS,
    MAX_CARD_VALUE,
    MAX_DECKS,
    OPTION_KEYS,
    Decks,
    EndOfHole,
    FlipOnDiscard,
    JokerPairs,
    KnockPenalty,
    Layout,
    Pairs,
    Ties,
    card_rank_index,
)

MIN_PLAYERS = 2
MAX_PLAYERS = 16
RECOMMENDED_MAX_PLAYERS = 8  # one table; more only if the decks allow

# decks=auto: (most players, decks) rows, the first row whose limit the table fits (engine/README.md, "Option keys").
AUTO_DECKS: tuple[tuple[int, int], ...] = ((4, 1), (8, 2), (MAX_PLAYERS, 3))
AUTO_DECKS_3X3: tuple[tuple[int, int], ...] = ((3, 1), (8, 2), (MAX_PLAYERS, 3))  # nine cards a seat: more decks

FLIP_OPTIONAL_MODES: frozenset[FlipOnDiscard] = frozenset({"endgame", "optional"})
"""flip_on_discard modes whose flip after a discard may be skipped (SKIP_FLIP is offered with the flips)."""


def early_knock_allowed(hidden: int) -> bool:
    """May a player with `hidden` face-down cards knock early (when the rules offer the early knock)?"""
    return 1 <= hidden <= EARLY_KNOCK_MAX_HIDDEN


def endgame_begun(fewest_hidden: int) -> bool:
    """Has the endgame begun, when the player with the fewest face-down cards has `fewest_hidden` of them?"""
    return fewest_hidden <= ENDGAME_MAX_HIDDEN


_TABLE_DECKS: dict[tuple[int | str, bool], tuple[int, ...]] = {}
"""Rules.table_decks by (decks option, nine-card layout): the few distinct tables, built once."""

# The one-eyed jacks: jack of hearts and jack of spades (suit indexes 1 and 0).
ONE_EYED_JACKS = frozenset({JACK_RANK * 4 + 0, JACK_RANK * 4 + 1})


@dataclass(frozen=True)
class Rules:
    layout: Layout = O.LAYOUT.default
    decks: Decks = O.DECKS.default
    jokers_per_deck: int = O.JOKERS_PER_DECK.default
    initial_reveals: int = O.INITIAL_REVEALS.default
    peek: bool = O.PEEK.default
    values: tuple[int, ...] = O.VALUES.default
    one_eyed_jacks: bool = O.ONE_EYED_JACKS.default
    pairs: Pairs = O.PAIRS.default
    joker_pairs: JokerPairs = O.JOKER_PAIRS.default
    joker_pair_value: int | None = O.JOKER_PAIR_VALUE.default
    negative_pairs_keep_value: bool = O.NEGATIVE_PAIRS_KEEP_VALUE.default
    discard_pickup_must_swap: bool = O.DISCARD_PICKUP_MUST_SWAP.default
    flip_on_discard: FlipOnDiscard = O.FLIP_ON_DISCARD.default
    flip_as_action: bool = O.FLIP_AS_ACTION.default
    knock: bool = O.KNOCK.default
    knock_penalty: KnockPenalty = O.KNOCK_PENALTY.default
    knock_reward_zero: bool = O.KNOCK_REWARD_ZERO.default
    early_knock: bool = O.EARLY_KNOCK.default
    end_of_hole: EndOfHole = O.END_OF_HOLE.default
    turn_limit: int = O.TURN_LIMIT.default
    four_of_a_kind: bool = O.FOUR_OF_A_KIND.default
    wolfpack: bool = O.WOLFPACK.default
    blackjack: bool = O.BLACKJACK.default
    going_out_penalty: bool = O.GOING_OUT_PENALTY.default
    going_out_bonus: bool = O.GOING_OUT_BONUS.default
    underdog_bonus: bool = O.UNDERDOG_BONUS.default
    tied_shame: bool = O.TIED_SHAME.default
    tie_counts_as_lowest: bool = O.TIE_COUNTS_AS_LOWEST.default
    holes: int = O.HOLES.default
    ties: Ties = O.TIES.default

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
        """Decks shuffled together for a table of `players`: the `decks` option, or for "auto" the AUTO_DECKS row."""
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
        """Flat mapping of option keys to JSON values, in the order of options.OPTIONS (a new dict each call).

        Built once per rules value and kept beside it (outside the dataclass's fields, so equality and hashing
        are unchanged): the room server sends it in every seat's view after every move."""
        kept: dict[str, Any] | None = self.__dict__.get("_dict_kept")
        if kept is None:
            kept = self._as_dict()
            object.__setattr__(self, "_dict_kept", kept)
        return dict(kept)

    def _as_dict(self) -> dict[str, Any]:
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
    index = card_rank_index(key)
    if index is None:
        raise _unknown_key(key)
    return index


def card_value_key(key: str) -> str:
    """A card value's option key as a caller may write it (`values.T`, `values.k`) in the one spelling the
    option tables use (`values.10`, `values.K`), or a RulesError naming an unknown key."""
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
    option = BY_KEY.get(key)
    if option is None or option.kind == "card_values":
        raise _unknown_key(key)
    kind = option.kind
    if kind == "bool":
        if isinstance(raw, bool):
            return raw
        if isinstance(raw, str) and raw.strip().lower() in _TRUE + _FALSE:
            return raw.strip().lower() in _TRUE
        raise _not_allowed(key, raw, "on_off", on=say("option.value.on"), off=say("option.value.off"))
    if kind == "choice":
        if isinstance(raw, str) and raw.strip() in CHOICES[key]:
            return raw.strip()
        raise _not_allowed(key, raw, "choices", choices_code=", ".join(CHOICES[key]), choices=_choice_words(key))
    if kind == "decks":
        if raw == "auto":
            return raw
        count = _parse_int(key, raw)
        if not option.low <= count <= option.high:
            raise _not_allowed(key, raw, "decks", high=MAX_DECKS, auto=say("option.value.auto"))
        return count
    if kind == "pair_value" and (raw is None or raw == "none"):
        return None
    return _parse_int(key, raw)


def _validate(rules: Rules) -> None:
    for option in O.OPTIONS:
        key = option.key
        if option.kind == "card_values":
            if len(rules.values) != len(RANKS) or any(
                isinstance(v, bool) or not isinstance(v, int) for v in rules.values
            ):
                raise RulesError(
                    *both("error.option.card_values", values_code=quote_code(rules.values), ranks_code=", ".join(RANKS))
                )
            continue
        value = getattr(rules, key)
        if parse_option(key, value) != value or (option.kind == "bool") != isinstance(value, bool):
            raise RulesError(
                *both(
                    "error.option.not_valid",
                    key_code=key,
                    raw_code=quote_code(value),
                    label=_label(key),
                    raw=_value(key, value),
                )
            )
    for option in O.OPTIONS:
        if option.kind == "int":
            value = getattr(rules, option.key)
            if not option.low <= value <= option.high:
                raise _not_allowed(option.key, value, "range", low=option.low, high=option.high)
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
    return lambda lang: option_label(key, lang)


def _value(key: str, raw: Any) -> Words:
    return lambda lang: input_value_text(key, raw, lang)


def _choice_words(key: str) -> Words:
    return lambda lang: text("list.separator", lang).join(
        f"「{_value(key, choice)(lang)}」" if lang == "ja" else choice for choice in CHOICES[key]
    )
