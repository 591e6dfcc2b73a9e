"""The browser's door into the engine: JSON in, JSON out.

The playground's Web Worker runs this module in Pyodide and calls
`handle(request_json)`; every answer is `{"ok": true, "result": ...}` or
`{"ok": false, "error": "..."}` with the error in the page's language, so a
bad card or option never reaches the page as a traceback.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from . import web_match, web_review
from .deck_check import Table, read_layouts, read_table
from .describe import (
    SECTIONS,
    adjustment_label,
    card_value_rows,
    describe_option_value,
    describe_rules,
    option_label,
    points_text,
    section_title,
)
from .errors import GolfError, UsageError
from .glossary import group_note
from .messages import both, say
from .option_text import option_help
from .presets import preset_info, preset_names
from .rules import CHOICES, OPTION_KEYS, Rules
from .scoring import score_table
from .web_params import lang_of, rules_from

_lang = lang_of


def presets(params: dict[str, Any]) -> list[dict[str, Any]]:
    lang = _lang(params)
    return [
        {"name": name, "title": preset_info(name).title[lang], "summary": preset_info(name).summary[lang]}
        for name in preset_names()
    ]


def rules_summary(params: dict[str, Any]) -> dict[str, Any]:
    """The rules value and its statements, grouped by section, for the on-screen summary."""
    lang = _lang(params)
    rules = rules_from(params)
    statements = describe_rules(rules, lang)
    return {
        "options": rules.to_dict(),
        "rows": rules.rows,
        "cols": rules.cols,
        "values": [{"card": label, "points": points} for label, points in card_value_rows(rules, lang)],
        "sections": [
            {"id": s, "title": section_title(s, lang), "statements": [st.text for st in statements if st.section == s]}
            for s in SECTIONS
        ],
    }


def options_catalogue(params: dict[str, Any]) -> list[dict[str, Any]]:
    """Every option with its label, help, kind and allowed values, and its value under the chosen rules."""
    lang = _lang(params)
    current = rules_from(params).to_dict()
    catalogue = []
    for key in OPTION_KEYS:
        value = current[key]
        entry: dict[str, Any] = {
            "key": key,
            "label": option_label(key, lang),
            "help": option_help(key, lang),
            "value": value,
        }
        if isinstance(value, bool):
            entry["kind"] = "bool"
        elif key in CHOICES:
            entry["kind"] = "choice"
            entry["choices"] = [{"value": c, "label": describe_option_value(key, c, lang)} for c in CHOICES[key]]
        elif key in ("decks", "joker_pair_value"):
            entry["kind"] = "choice"
            values: list[Any] = ["auto", 1, 2, 3] if key == "decks" else ["none", 0, -2, -4, -5]
            entry["choices"] = [{"value": v, "label": describe_option_value(key, v, lang)} for v in values]
        else:
            entry["kind"] = "int"
        catalogue.append(entry)
    return catalogue


def static_data(params: dict[str, Any]) -> dict[str, Any]:
    """Everything the pages need before the engine runs in the browser, in one language.

    The site build writes this as JSON next to the page scripts, so the setup form, the rules in play and
    the table's shape are on screen before Pyodide has started.
    """
    lang = _lang(params)
    return {
        "lang": lang,
        "presets": [
            {**entry, **rules_summary({"lang": lang, "preset": entry["name"]})} for entry in presets({"lang": lang})
        ],
        "catalogue": [
            {key: value for key, value in entry.items() if key != "value"}
            for entry in options_catalogue({"lang": lang})
        ],
        "setup": web_match.setup_choices({}),
    }


def score(params: dict[str, Any]) -> dict[str, Any]:
    """Score one layout per player, written in card notation, with the full breakdown.

    Every layout goes through the engine's card check (deck_check): a card the rules' decks do
    not hold is an error naming the player, the position and the card. With `partial`, layouts
    may still be incomplete: the answer then lists every problem and the cards still missing
    per player, and scores only a complete table with no problem (`players` is null otherwise).
    """
    lang = _lang(params)
    rules = rules_from(params)
    texts = params.get("layouts")
    if not isinstance(texts, list) or not texts:
        raise GolfError(
            "layouts must be a list of layouts in card notation", ja="手札をカードの表記で入力してください。"
        )
    texts = [str(text) for text in texts]
    went_out = _player(params.get("went_out"), len(texts), "went_out", lang)
    knocked = _player(params.get("knocked"), len(texts), "knocked", lang)
    if params.get("partial"):
        table = read_table(rules, texts)
        return {
            "missing": list(table.missing),
            "problems": [problem.to_dict(lang) for problem in table.problems],
            "players": _scored(rules, table, went_out, knocked, lang) if table.complete else None,
        }
    return {"players": _scored(rules, read_layouts(rules, texts), went_out, knocked, lang)}


def _scored(rules: Rules, table: Table, went_out: int | None, knocked: int | None, lang: str) -> list[dict[str, Any]]:
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
        plain = isinstance(value, int) and not isinstance(value, bool)
        shown = str(value) if plain else f"「{value}」" if isinstance(value, str) else f"「{json.dumps(value)}」"
        raise UsageError(
            *both(
                "error.table.not_a_player",
                name_code=name,
                value_code=repr(value),
                label=say(f"error.table.{name}"),
                value=shown,
                players=players,
            )
        )
    return value - 1


METHODS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "presets": presets,
    "rules_summary": rules_summary,
    "score": score,
    "options_catalogue": options_catalogue,
    "static_data": static_data,
    **web_review.METHODS,
}


def handle(request_json: str, table: web_match.Table | None = None) -> str:
    """Answer one request {"method": ..., "params": {...}} with a JSON envelope.

    `table` holds the match being played between requests (the Web Worker keeps one and passes it to every
    call); the match methods (web_match.METHODS) read and replace it, the others never touch it.
    """
    lang = "en"
    try:
        request = json.loads(request_json)
        params = request.get("params") or {}
        lang = params.get("lang", "en") if params.get("lang") in ("en", "ja") else "en"
        name = request.get("method")
        if name in web_match.METHODS:
            result = web_match.METHODS[name](params, table if table is not None else web_match.Table())
        elif name in METHODS:
            result = METHODS[name](params)
        else:
            raise GolfError(
                f"method {name!r} is not available: expected one of {', '.join([*METHODS, *web_match.METHODS])}",
                ja=f"操作「{name}」はありません。",
            )
        return json.dumps({"ok": True, "result": result}, ensure_ascii=False)
    except GolfError as error:
        return json.dumps({"ok": False, "error": error.message(lang)}, ensure_ascii=False)
    except ValueError as error:  # json.JSONDecodeError and the engine's ValueErrors without a Japanese text
        return json.dumps({"ok": False, "error": str(error)}, ensure_ascii=False)
