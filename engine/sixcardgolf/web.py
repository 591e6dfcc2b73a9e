"""The browser's door into the engine: JSON in, JSON out.

The playground's Web Worker runs this module in Pyodide and calls
`handle(request_json)`; every answer is `{"ok": true, "result": ...}` or
`{"ok": false, "error": "..."}` with the error in the page's language, so a
bad card or option never reaches the page as a traceback.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
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
from .errors import LANGS, GolfError, RequestError, UsageError, quote_code, quote_shown, quote_text
from .glossary import group_note
from .json_input import MAX_DEPTH, read_json, request_lang, what_is_read
from .messages import both, say, text
from .option_text import option_help
from .options import OPTION_KEYS, option_of
from .presets import preset_info, preset_names
from .rules import Rules
from .scoring import score_table
from .web_params import lang_of, layout_texts, rules_from

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
    """Every option with its label, help, kind and allowed values, and its value under the chosen rules.

    The kinds and the values offered come from the option schema (options.py): a `choice` lists its values, and so
    do `decks` ("auto" and every count) and `joker_pair_value` ("none" and a few values tables play); every other
    number is an `int`.
    """
    lang = _lang(params)
    current = rules_from(params).to_dict()
    catalogue = []
    for key in OPTION_KEYS:
        option = option_of(key)
        assert option is not None  # every key of OPTION_KEYS names an option
        entry: dict[str, Any] = {
            "key": key,
            "label": option_label(key, lang),
            "help": option_help(key, lang),
            "value": current[key],
        }
        if option.kind == "bool":
            entry["kind"] = "bool"
        elif option.offered:
            entry["kind"] = "choice"
            entry["choices"] = [{"value": v, "label": describe_option_value(key, v, lang)} for v in option.offered]
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


METHODS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "presets": presets,
    "rules_summary": rules_summary,
    "score": score,
    "options_catalogue": options_catalogue,
    "static_data": static_data,
    **web_review.METHODS,
}


MAX_ERROR_CHARS = 1_000
"""The longest error an answer carries: every quoted input is already short (errors.QUOTE_CHARS); this is the
last guard, so that no request can make the page show a megabyte."""


def handle(request_json: str, table: web_match.Table | None = None) -> str:
    """Answer one request {"method": ..., "params": {...}} with a JSON envelope.

    `table` holds the match being played between requests (the Web Worker keeps one and passes it to every
    call); the match methods (web_match.METHODS) read and replace it, the others never touch it.
    """
    return serve(request_json, lambda name, params: _answer(name, params, table), [*METHODS, *web_match.METHODS])


def serve(request_json: str, answer: Callable[[str, dict[str, Any]], Any], methods: Sequence[str]) -> str:
    """The envelope of a JSON door: `answer(method, params)` gives the result (`methods` are the names it
    takes, for the error about any other), and every request is answered, whatever it holds. A refused one is {"ok": false, "error": ...} in the request's language (English when
    even that cannot be read), naming what was wrong; a request refused before `answer` changes nothing.
    printables.browser's rule-sheet door answers through this too.
    """
    lang = "en"
    name: object = None
    try:
        request = read_json(request_json) if isinstance(request_json, str | bytes) else request_json
        params, lang = _envelope(request)
        name = request.get("method")
        if not isinstance(name, str):
            raise _no_method(name, methods)
        result = answer(name, params)
        return json.dumps({"ok": True, "result": result}, ensure_ascii=False)
    except RequestError as error:
        if isinstance(request_json, str) and lang == "en":
            lang = request_lang(request_json)  # a text that could not be read may still say its language
        return _refused(error.message(lang))
    except GolfError as error:
        return _refused(error.message(lang))
    except RecursionError:  # a value nested too deeply for some step of the answer: the same words as the reader's
        return _refused(text("error.json.too_deep", lang, what=what_is_read("request"), most=MAX_DEPTH))
    except Exception as error:  # a bug: the page still gets an answer naming the method, never a traceback
        return _refused(
            text(
                "error.request.failed",
                lang,
                method_code=quote_code(name),
                method=quote_text(name),
                kind_code=type(error).__name__,
            )
        )


def _envelope(request: Any) -> tuple[dict[str, Any], str]:
    """The request's params and language, or a RequestError naming what is not as the door reads it."""
    if not isinstance(request, dict):
        raise RequestError(
            *both("error.request.not_object", request_code=quote_code(request), request=quote_text(request))
        )
    params = request.get("params")
    params = {} if params is None else params
    if not isinstance(params, dict):
        raise RequestError(*both("error.request.params", params_code=quote_code(params), params=quote_text(params)))
    lang = params.get("lang")
    return params, lang if isinstance(lang, str) and lang in LANGS else "en"


def _answer(name: str, params: dict[str, Any], table: web_match.Table | None) -> Any:
    lang_of(params)  # a language not offered is refused before a method runs (a match method would act first)
    if name in web_match.METHODS:
        return web_match.METHODS[name](params, table if table is not None else web_match.Table())
    if name in METHODS:
        return METHODS[name](params)
    raise _no_method(name, [*METHODS, *web_match.METHODS])


def _no_method(name: object, methods: Sequence[str]) -> RequestError:
    return RequestError(
        *both(
            "error.request.method",
            method_code=quote_code(name),
            method=quote_text(name),
            methods_code=", ".join(methods),
        )
    )


def _refused(message: str) -> str:
    if len(message) > MAX_ERROR_CHARS:
        message = message[: MAX_ERROR_CHARS - 1] + "…"
    return json.dumps({"ok": False, "error": message}, ensure_ascii=False)
