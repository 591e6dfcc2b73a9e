"""The whole game at a glance, for any rules value: what a reader needs before the full rules.

- `summary_paragraph`: the game from deal to winner in three or four sentences;
- `in_brief`: exactly ten short points (deal, opening, turn, discard pick-up, stock card,
  replaced cards, end of a hole, card values, pairs, winning);
- `table_size`: the players the rules seat at one table and the decks each count needs;
- `example_layout`: the worked example the engine draws for these rules (checked against
  their decks), which sheets and pages score and show.

Every number and every choice comes from the rules value, so a house rule changes these
texts as it changes the full statements (text/describe.py). The one-page rule sheets print all of
it; the site's game pages show the summary paragraph.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import JOKER, JOKER_RANK, RANKS, SUITS, format_card, make_card
from ..deck_check import check_layouts
from ..messages import Words, has, points_text, text
from ..rules import MIN_PLAYERS, ONE_EYED_JACKS, RECOMMENDED_MAX_PLAYERS, Rules
from ..scoring import ADJUSTMENT_ORDER
from .describe_common import sentences

IN_BRIEF_POINTS = 10


def _count(number: int) -> Words:
    """A count as the summary paragraph writes it: spelled out in English up to twelve ("two rows of three")."""
    return lambda lang: text(f"count.{number}", lang) if has(f"count.{number}") else str(number)


# -- the table -----------------------------------------------------------------------------
@dataclass(frozen=True)
class TableSize:
    """Player counts from MIN_PLAYERS to one table's worth that the rules can deal for, and decks per count."""

    players: tuple[int, ...]
    deck_runs: tuple[tuple[int, int, int], ...]  # (first players, last players, decks)


def table_size(rules: Rules, most: int = RECOMMENDED_MAX_PLAYERS) -> TableSize:
    seated = []
    for players in range(MIN_PLAYERS, most + 1):
        try:
            rules.check_players(players)
        except ValueError:
            continue
        seated.append(players)
    runs: list[tuple[int, int, int]] = []
    for players in seated:
        decks = rules.decks_for(players)
        if runs and runs[-1][2] == decks and runs[-1][1] == players - 1:
            runs[-1] = (runs[-1][0], players, decks)
        else:
            runs.append((players, players, decks))
    return TableSize(tuple(seated), tuple(runs))


# -- the worked example --------------------------------------------------------------------
# Ranks per column, top to bottom: column 1 always matches (it shows what a pair does under the
# rules); the others mix high, low and negative cards.
_EXAMPLE_COLUMNS = (("7", "7", "7"), ("K", "5", "3"), ("2", "Q", "A"), ("A", "9", "4"))
_JOKER_SLOT = (1, 1)  # (column, row) that holds a joker when the rules deal jokers


def example_layout(rules: Rules) -> list[int]:
    """The example layout for these rules, row by row; suits vary so that a pair is plainly by rank."""
    cards = []
    for row in range(rules.rows):
        for col in range(rules.cols):
            if rules.jokers_per_deck and (col, row) == _JOKER_SLOT:
                cards.append(JOKER)
            else:
                cards.append(make_card(RANKS.index(_EXAMPLE_COLUMNS[col][row]), (row + col) % len(SUITS)))
    check_layouts(rules, [cards])  # one copy of each card: it could lie on any table these rules deal
    return cards


# -- the summary paragraph -------------------------------------------------------------------
def _opening_key(rules: Rules) -> str:
    """How the cards start: peeked at, all face up, some turned up, or all face down."""
    if rules.peek and rules.initial_reveals:
        return "peek"
    if rules.initial_reveals == rules.size:
        return "all"
    return "some" if rules.initial_reveals else "none"


def _instead_key(rules: Rules) -> str:
    """What a player may do instead of drawing: '', 'flip', 'knock' or 'flip_knock'."""
    return "_".join(name for name, on in (("flip", rules.flip_as_action), ("knock", rules.knock)) if on)


def _pairs_key(rules: Rules) -> str:
    if rules.pairs == "column":
        return "pairs_column_two" if rules.rows == 2 else "pairs_column_all"
    return f"pairs_{rules.pairs}"


def summary_paragraph(rules: Rules, lang: str) -> str:
    """The game from the deal to the winner, in a few sentences."""
    size, rows, cols = _count(rules.size), _count(rules.rows), _count(rules.cols)

    def say_(name: str, **values: object) -> str:
        return text(f"overview.summary.{name}", lang, **values)

    parts = [
        say_(f"deal_{_opening_key(rules)}", size=size, rows=rows, cols=cols, reveals=_count(rules.initial_reveals)),
        say_("turn_flip_after_discard" if rules.flip_on_discard == "always" else "turn"),
    ]
    if _instead_key(rules):
        parts.append(say_(f"instead_{_instead_key(rules)}"))
    winner = say_("winner_holes", holes=_count(rules.holes)) if rules.holes > 1 else say_("winner_one")
    parts.append(
        say_(
            "close",
            end=say_(f"end_{rules.end_of_hole}", size=size),
            pairs=say_(_pairs_key(rules), rows=rows),
            winner=winner,
        )
    )
    if _adjustment_keys(rules):
        parts.append(say_("adjustments"))
    return sentences(parts, lang)


def _adjustment_keys(rules: Rules) -> list[str]:
    """The bonuses and penalties these rules use (the knock's are part of knocking)."""
    return [
        key for key in ADJUSTMENT_ORDER if key not in ("knock_penalty", "knock_reward_zero") and getattr(rules, key)
    ]


# -- in brief --------------------------------------------------------------------------------
def in_brief(rules: Rules, lang: str) -> list[str]:
    """Ten short points, always the same ten topics in the same order, worded for these rules."""

    def say_(name: str, **values: object) -> str:
        return text(f"overview.brief.{name}", lang, **values)

    instead = _instead_key(rules)
    holes = say_("holes_many", holes=rules.holes) if rules.holes > 1 else say_("holes_one")
    points = [
        say_("deal", size=rules.size, rows=rules.rows, cols=rules.cols),
        say_(f"opening_{_opening_key(rules)}", reveals=rules.initial_reveals),
        say_(f"turn_{instead}" if instead else "turn"),
        say_("pickup_must_swap" if rules.discard_pickup_must_swap else "pickup_may_discard"),
        say_(f"stock_{rules.flip_on_discard}"),
        say_("replaced"),
        say_(f"end_{rules.end_of_hole}"),
        values_in_brief(rules, lang),
        say_(_pairs_key(rules), rows=rules.rows),
        say_("result", holes=holes, ties=say_(f"ties_{rules.ties}")),
    ]
    assert len(points) == IN_BRIEF_POINTS
    return points


def values_in_brief(rules: Rules, lang: str) -> str:
    """Card values in one line: 'A = 1, 2 = −2, 3–10 face value, J/Q = 10, K = 0'.

    Number cards worth their face make runs ('3–10 face value'); other neighbours of equal value
    join ('J/Q = 10'); the joker comes last when the rules deal jokers.
    """

    def say_(name: str, **values: object) -> str:
        return text(f"overview.values.{name}", lang, **values)

    ranks = list(range(JOKER_RANK)) + ([JOKER_RANK] if rules.jokers_per_deck else [])

    def name(rank: int) -> str:
        return say_("joker") if rank == JOKER_RANK else RANKS[rank]

    def at_face(rank: int) -> bool:
        return 1 <= rank <= 9 and rules.values[rank] == rank + 1  # the 2 to the 10

    parts: list[str] = []
    index = 0
    while index < len(ranks):
        end = index
        if at_face(ranks[index]):
            while end + 1 < len(ranks) and at_face(ranks[end + 1]):
                end += 1
        if end > index:
            parts.append(say_("face_run", first=name(ranks[index]), last=name(ranks[end])))
        else:
            value = rules.values[ranks[index]]
            while (
                end + 1 < len(ranks)
                and JOKER_RANK not in (ranks[index], ranks[end + 1])
                and rules.values[ranks[end + 1]] == value
                and not (at_face(ranks[end + 1]) and end + 2 < len(ranks) and at_face(ranks[end + 2]))
            ):
                end += 1
            group = [name(rank) for rank in ranks[index : end + 1]]
            label = say_("range", first=group[0], last=group[-1]) if len(group) > 2 else say_("same").join(group)
            parts.append(say_("value", label=label, points=points_text(value)))
        index = end + 1
    if rules.one_eyed_jacks:
        jacks = say_("same").join(format_card(card, symbols=True) for card in sorted(ONE_EYED_JACKS))
        parts.append(say_("value", label=jacks, points=points_text(rules.card_points[min(ONE_EYED_JACKS)])))
    return say_("separator").join(parts)
