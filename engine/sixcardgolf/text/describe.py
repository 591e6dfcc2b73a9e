"""Rule text: the statements that describe any rules value, in English and Japanese.

The site, the printed sheets and the playground's rule summary all show these
statements, so every number in them comes from the rules value (or from the
option schema's AMOUNTS), never from a per-preset text. The statements of each
section are written in describe_play.py and describe_scoring.py.
"""

from __future__ import annotations

from ..messages import check_lang, text
from ..rules import Rules
from .describe_common import Statement
from .describe_play import ending_statements, players_statements, setup_statements, turn_statements
from .describe_scoring import adjustment_statements, pairs_statements, value_statements, winning_statements

SECTIONS: tuple[str, ...] = ("players", "setup", "turn", "ending", "values", "pairs", "adjustments", "winning")


def section_title(section: str, lang: str) -> str:
    return text(f"section.{section}", lang)


def end_reason_text(reason: str, lang: str) -> str:
    return text(f"end_reason.{reason}", lang)


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
