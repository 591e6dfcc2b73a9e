"""Rule text: the statements that describe any rules value, in English and Japanese.

The site, the printed sheets and the playground's rule summary all show these
statements, so every number in them comes from the rules value (or from the
scoring AMOUNTS), never from a per-preset text.
"""

from __future__ import annotations

from . import actions as A
from .describe_common import Statement, lang_index
from .describe_play import ending_statements, players_statements, setup_statements, turn_statements
from .describe_scoring import (
    adjustment_statements,
    card_value_rows,
    pairs_statements,
    value_statements,
    winning_statements,
)
from .messages import Words, check_lang, points_text, say, text
from .option_text import adjustment_label, describe_option_value, option_label
from .rules import Rules

SECTIONS: tuple[str, ...] = ("players", "setup", "turn", "ending", "values", "pairs", "adjustments", "winning")


def section_title(section: str, lang: str) -> str:
    return text(f"section.{section}", lang)


def end_reason_text(reason: str, lang: str) -> str:
    return text(f"end_reason.{reason}", lang)


def action_words(action: int) -> Words:
    """An action as a sentence names it: 'draw from the stock', 「3番を表にする」."""
    if A.SWAP <= action < A.SWAP + A.MAX_POSITIONS:
        return say("action.swap", position=action - A.SWAP + 1)
    if A.FLIP <= action < A.FLIP + A.MAX_POSITIONS:
        return say("action.flip", position=action - A.FLIP + 1)
    return say(f"action.{A.format_action(action)}")


def describe_rules(rules: Rules, lang: str) -> list[Statement]:
    """Every statement for `rules` in `lang`, in the reading order of SECTIONS."""
    check_lang(lang)
    return [
        *players_statements(rules, lang),
        *setup_statements(rules, lang),
        *turn_statements(rules, lang),
        *ending_statements(rules, lang),
        *value_statements(rules, lang),
        *pairs_statements(rules, lang),
        *adjustment_statements(rules, lang),
        *winning_statements(rules, lang),
    ]


__all__ = [
    "SECTIONS",
    "Statement",
    "adjustment_label",
    "card_value_rows",
    "describe_option_value",
    "describe_rules",
    "end_reason_text",
    "lang_index",
    "option_label",
    "points_text",
    "section_title",
]
