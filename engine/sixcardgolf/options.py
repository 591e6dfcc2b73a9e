"""The option schema: every option's key, kind, default and allowed values or limits, as data.

`rules.Rules` has one field per option, in the order of OPTIONS, each defaulting to the option's default here
(the `basic` game); `rules.py` checks values against these limits, `option_text.py` words them and the door's
options catalogue offers them from here, so a choice is listed once. The fixed numbers an option applies (the
scoring AMOUNTS, the early-knock and endgame thresholds) live here too: the rules, the scoring and the option
texts all quote them.

The choice options are `Literal` types, so `mypy --strict` refuses a misspelt value (`rules.pairs == "colum"`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, Literal, TypeVar, get_args

from .cards import RANKS

Layout = Literal["2x2", "2x3", "2x4", "3x3"]
Pairs = Literal["column", "off", "anywhere"]
JokerPairs = Literal["match", "never"]
FlipOnDiscard = Literal["never", "always", "endgame", "optional"]
KnockPenalty = Literal["none", "plus10", "double_plus5", "worst"]
EndOfHole = Literal["final_turns", "immediate"]
Ties = Literal["shared", "playoff"]
Decks = int | Literal["auto"]

Kind = Literal["bool", "choice", "int", "decks", "pair_value", "card_values"]
"""bool: on or off; choice: one of `choices`; int: a whole number from `low` to `high`; decks: "auto" or a count
from `low` to `high`; pair_value: "none" (the normal pair rule) or any whole number; card_values: one whole
number per rank (the keys `values.A` ... `values.JK`), each from `low` to `high`."""

LAYOUTS: dict[Layout, tuple[int, int]] = {"2x2": (2, 2), "2x3": (2, 3), "2x4": (2, 4), "3x3": (3, 3)}
"""Rows and columns of each layout."""
MAX_DECKS = 8  # a fixed `decks` value
MAX_CARD_VALUE = 100  # a card value's size either way
DEFAULT_VALUES: tuple[int, ...] = (1, -2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 0, -2)
"""Basic's card values by rank index (A..K, then the joker)."""

EARLY_KNOCK_MAX_HIDDEN = 2
"""An early knock is allowed with one card face down, or up to this many."""
ENDGAME_MAX_HIDDEN = 1
"""The endgame (flip_on_discard=endgame) begins once some player has at most this many cards face down.
With flip_on_discard=optional the flip may be skipped too, but it is offered at any time."""

AMOUNTS: dict[str, int] = {
    "four_of_a_kind": -20,
    "wolfpack": -20,
    "blackjack_score": 21,
    "knock_plus10": 10,
    "knock_double_plus5": 5,
    "going_out_penalty": 10,
    "going_out_bonus": -5,
    "underdog_bonus": -3,
    "tied_shame": 5,
}
"""The fixed points of the scoring options (blackjack_score: the layout score that becomes 0)."""

T = TypeVar("T", covariant=True)
V = TypeVar("V")


@dataclass(frozen=True)
class Option(Generic[T]):
    """One option of the rules: its key (a field of `Rules`), what kind of value it takes and its default.

    `choices` are the values a choice option allows; `offered` what a panel offers to choose from, as JSON values
    (what `Rules.to_dict` writes): a choice's values; for `decks` "auto" and every count; for `pair_value` "none"
    and a few values tables play (any whole number is allowed).
    """

    key: str
    kind: Kind
    default: T
    choices: tuple[T, ...] = ()
    offered: tuple[object, ...] = ()
    low: int = 0  # the limits of an int, a decks count or a card value (unused by the other kinds)
    high: int = 0


def _choice(key: str, default: V, values: tuple[V, ...]) -> Option[V]:
    return Option(key, "choice", default, values, values)


def _bool(key: str, default: bool = False) -> Option[bool]:
    return Option(key, "bool", default)


def _int(key: str, default: int, low: int, high: int) -> Option[int]:
    return Option(key, "int", default, low=low, high=high)


LAYOUT: Option[Layout] = _choice("layout", "2x3", tuple(LAYOUTS))
DECKS: Option[Decks] = Option(
    "decks", "decks", "auto", offered=("auto", *range(1, MAX_DECKS + 1)), low=1, high=MAX_DECKS
)
JOKERS_PER_DECK = _int("jokers_per_deck", 0, 0, 2)
INITIAL_REVEALS = _int("initial_reveals", 2, 0, 9)  # and at most the layout's size (rules.py checks that)
PEEK = _bool("peek")
VALUES: Option[tuple[int, ...]] = Option(
    "values", "card_values", DEFAULT_VALUES, low=-MAX_CARD_VALUE, high=MAX_CARD_VALUE
)
ONE_EYED_JACKS = _bool("one_eyed_jacks")
PAIRS: Option[Pairs] = _choice("pairs", "column", get_args(Pairs))
JOKER_PAIRS: Option[JokerPairs] = _choice("joker_pairs", "match", get_args(JokerPairs))
JOKER_PAIR_VALUE: Option[int | None] = Option("joker_pair_value", "pair_value", None, offered=("none", 0, -2, -4, -5))
NEGATIVE_PAIRS_KEEP_VALUE = _bool("negative_pairs_keep_value")
DISCARD_PICKUP_MUST_SWAP = _bool("discard_pickup_must_swap", True)
FLIP_ON_DISCARD: Option[FlipOnDiscard] = _choice("flip_on_discard", "never", get_args(FlipOnDiscard))
FLIP_AS_ACTION = _bool("flip_as_action")
KNOCK = _bool("knock")
KNOCK_PENALTY: Option[KnockPenalty] = _choice("knock_penalty", "plus10", get_args(KnockPenalty))
KNOCK_REWARD_ZERO = _bool("knock_reward_zero")
EARLY_KNOCK = _bool("early_knock")
END_OF_HOLE: Option[EndOfHole] = _choice("end_of_hole", "final_turns", get_args(EndOfHole))
TURN_LIMIT = _int("turn_limit", 240, 1, 10_000)
FOUR_OF_A_KIND = _bool("four_of_a_kind")
WOLFPACK = _bool("wolfpack")
BLACKJACK = _bool("blackjack")
GOING_OUT_PENALTY = _bool("going_out_penalty")
GOING_OUT_BONUS = _bool("going_out_bonus")
UNDERDOG_BONUS = _bool("underdog_bonus")
TIED_SHAME = _bool("tied_shame")
TIE_COUNTS_AS_LOWEST = _bool("tie_counts_as_lowest", True)
HOLES = _int("holes", 9, 1, 100)
TIES: Option[Ties] = _choice("ties", "shared", get_args(Ties))

OPTIONS: tuple[Option[object], ...] = (
    LAYOUT, DECKS, JOKERS_PER_DECK, INITIAL_REVEALS, PEEK, VALUES, ONE_EYED_JACKS, PAIRS, JOKER_PAIRS,
    JOKER_PAIR_VALUE, NEGATIVE_PAIRS_KEEP_VALUE, DISCARD_PICKUP_MUST_SWAP, FLIP_ON_DISCARD, FLIP_AS_ACTION, KNOCK,
    KNOCK_PENALTY, KNOCK_REWARD_ZERO, EARLY_KNOCK, END_OF_HOLE, TURN_LIMIT, FOUR_OF_A_KIND, WOLFPACK, BLACKJACK,
    GOING_OUT_PENALTY, GOING_OUT_BONUS, UNDERDOG_BONUS, TIED_SHAME, TIE_COUNTS_AS_LOWEST, HOLES, TIES,
)  # fmt: skip
"""Every option, in the order of the fields of `Rules` (and of `Rules.to_dict`)."""

BY_KEY: dict[str, Option[object]] = {option.key: option for option in OPTIONS}

CARD_VALUE_KEYS: tuple[str, ...] = tuple(f"values.{rank}" for rank in RANKS)
OPTION_KEYS: tuple[str, ...] = (*(option.key for option in OPTIONS if option.key != "values"), *CARD_VALUE_KEYS)
"""Every option key a caller writes: the fields, then one card value per rank (`values.A` ... `values.JK`)."""

CHOICES: dict[str, tuple[str, ...]] = {
    option.key: tuple(str(value) for value in option.choices) for option in OPTIONS if option.kind == "choice"
}
"""The values of every choice option, by key."""


def card_rank_index(key: str) -> int | None:
    """The rank index a card value's key names, as a caller may write it (`values.K`, `values.k`, `values.T` for
    `values.10`); None if it names no rank."""
    rank = key.split(".", 1)[1].upper() if "." in key else ""
    if rank == "T":
        rank = "10"
    return RANKS.index(rank) if rank in RANKS else None


def option_of(key: str) -> Option[object] | None:
    """The option a key names (a card value's key names the `values` option); None for no option."""
    if key.startswith("values."):
        return VALUES if card_rank_index(key) is not None else None
    return BY_KEY.get(key) if key != "values" else None
