"""The door's methods that read the rules data: the presets, a rules summary, the options catalogue and the static
data the site build ships, so the pages can draw the setup form before the engine runs in the browser."""

from __future__ import annotations

from typing import Any

from ..option_text import describe_option_value, option_help, option_label
from ..options import OPTION_KEYS, option_of
from ..presets import preset_info, preset_names
from ..text.describe import SECTIONS, describe_rules, section_title
from ..text.describe_scoring import card_value_rows
from .match import setup_choices
from .params import lang_of, rules_from

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
        "setup": setup_choices({}),
    }
