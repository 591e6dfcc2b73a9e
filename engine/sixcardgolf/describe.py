"""Rule text: the statements that describe any rules value, in English and Japanese.

The site, the printed sheets and the playground's rule summary all show these
statements, so every number in them comes from the rules value (or from the
scoring AMOUNTS), never from a per-preset text.
"""

from __future__ import annotations

from .describe_common import Statement, lang_index, points_text
from .describe_play import ending_statements, players_statements, setup_statements, turn_statements
from .describe_scoring import (
    adjustment_statements,
    card_value_rows,
    pairs_statements,
    value_statements,
    winning_statements,
)
from .option_text import adjustment_label, describe_option_value, option_label
from .rules import Rules

SECTIONS: tuple[str, ...] = ("players", "setup", "turn", "ending", "values", "pairs", "adjustments", "winning")
_SECTION_TITLES = {
    "players": ("Players and cards", "人数とカード"),
    "setup": ("Setting up", "準備"),
    "turn": ("On your turn", "手番の流れ"),
    "ending": ("Ending a hole", "ホールの終わり"),
    "values": ("Card values", "カードの得点"),
    "pairs": ("Pairs", "ペア"),
    "adjustments": ("Bonuses and penalties", "加点・減点"),
    "winning": ("Winning", "勝敗"),
}
_END_REASONS = {
    "final_turns": ("A player went out and everyone else has had a final turn.", "誰かが上がり、ほかの全員が最後の手番を終えました。"),
    "went_out": ("A player went out, which ends the hole at once.", "誰かが上がったので、ホールはその場で終わりました。"),
    "knock": ("A player knocked and everyone else has had a final turn.", "誰かがノックし、ほかの全員が最後の手番を終えました。"),
    "early_knock": ("A player turned up their last cards with an early knock.", "誰かが早ノックで残りのカードを表にしました。"),
    "turn_limit": ("The hole reached its turn limit, so every card is turned up and scored.",
                   "手番の上限に達したため、すべてのカードを表にして得点を数えます。"),
    "no_cards": ("No card can be drawn, so the hole is scored at once.", "引けるカードがないため、ただちに得点を数えます。"),
}  # fmt: skip


def section_title(section: str, lang: str) -> str:
    return _SECTION_TITLES[section][lang_index(lang)]


def end_reason_text(reason: str, lang: str) -> str:
    return _END_REASONS[reason][lang_index(lang)]


def describe_rules(rules: Rules, lang: str) -> list[Statement]:
    """Every statement for `rules` in `lang`, in the reading order of SECTIONS."""
    lang_index(lang)
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
