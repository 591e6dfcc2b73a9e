"""The calculator's door method: score one layout per player, written in card notation."""

from __future__ import annotations

from typing import Any

from ..deck_check import WrittenLayouts, read_layouts, read_table
from ..errors import UsageError, quote_code, quote_shown
from ..messages import both, points_text, say
from ..option_text import adjustment_label
from ..rules import Rules
from ..scoring import score_table
from ..text.glossary import group_note
from .params import lang_of, layout_texts, rules_from

_lang = lang_of


def score(params: dict[str, Any]) -> dict[str, Any]:
    """Score one layout per player, written in card notation, with the full breakdown.

    Every layout goes through the engine's card check (deck_check): a card the rules' decks do
    not hold is an error naming the player, the position and the card. With `partial`, layouts
    may still be incomplete: the answer then lists every problem and the cards still missing
    per player, and scores only a complete table with no problem (`players` is null otherwise).
    """
    lang = _lang(params)
    rules = rules_from(params)
    texts = layout_texts(params.get("layouts"))
    went_out = _player(params.get("went_out"), len(texts), "went_out", lang)
    knocked = _player(params.get("knocked"), len(texts), "knocked", lang)
    if knocked is not None and not rules.knock:  # as the command line refuses it: no knock in these rules
        raise UsageError(
            *both(
                "error.layout.knocked_without_knock",
                value_code=quote_code(params.get("knocked")),
                label=say("error.table.knocked"),
                knock=say("option.label.knock"),
                on=say("option.value.on"),
            )
        )
    if params.get("partial"):
        table = read_table(rules, texts)
        return {
            "missing": list(table.missing),
            "problems": [problem.to_dict(lang) for problem in table.problems],
            "players": _scored(rules, table, went_out, knocked, lang) if table.complete else None,
        }
    return {"players": _scored(rules, read_layouts(rules, texts), went_out, knocked, lang)}


def _scored(
    rules: Rules, table: WrittenLayouts, went_out: int | None, knocked: int | None, lang: str
) -> list[dict[str, Any]]:
    results = score_table(rules, [list(cards) for cards in table.layouts], went_out, knocked)
    return [
        {
            "groups": [
                {
                    "positions": [p + 1 for p in group.positions],
                    "cards": [written[p] for p in group.positions],
                    "points": group.points,
                    "points_text": points_text(group.points),
                    "cancelled": group.cancelled,
                    "note": group_note(rules, group, lang),
                }
                for group in result.groups
            ],
            "card_points": result.card_points,
            "adjustments": [
                {"key": a.key, "label": adjustment_label(a.key, lang), "points": a.points} for a in result.adjustments
            ],
            "total": result.total,
            "total_text": points_text(result.total),
        }
        for result, written in zip(results, table.written, strict=True)
    ]


def _player(value: Any, players: int, name: str, lang: str) -> int | None:
    """A 1-based player number from the request, as a 0-based seat."""
    if value in (None, "", 0):
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= players:
        raise UsageError(
            *both(
                "error.table.not_a_player",
                name_code=name,
                value_code=quote_code(value),
                label=say(f"error.table.{name}"),
                value=quote_shown(value),
                players=players,
            )
        )
    return value - 1
