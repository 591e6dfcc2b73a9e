"""Names and explanations of the option keys and their values, in the page's language.

The variants page, the playground's Custom panel, the CLI and the error
messages all label options from here; the words are in the message catalogues
(`messages/*.toml`). It reads the option schema (`options.py`) and not the
rules value, because the rules value's own errors name an option by its label
and a value as the Custom panel shows it. Rule facts (numbers) stay in the
schema.
"""

from __future__ import annotations

from typing import Any

from .cards import RANKS
from .errors import quote_code, quote_text
from .messages import check_lang, has, points_text, text
from .options import AMOUNTS, EARLY_KNOCK_MAX_HIDDEN, card_rank_index, option_of

# The numbers some option texts quote, from the one place each is kept.
_AMOUNTS_IN_TEXT: dict[str, dict[str, object]] = {
    "blackjack": {"score": AMOUNTS["blackjack_score"]},
    "plus10": {"amount": AMOUNTS["knock_plus10"]},
    "double_plus5": {"amount": AMOUNTS["knock_double_plus5"]},
}


def _facts(name: str) -> dict[str, object]:
    if name == "early_knock":
        return {"most": EARLY_KNOCK_MAX_HIDDEN}
    return _AMOUNTS_IN_TEXT.get(name, {})


def option_label(key: str, lang: str) -> str:
    index = card_rank_index(key) if key.startswith("values.") else None
    if index is not None:  # an alias (values.T, values.k) has the label of the card it names
        key = f"values.{RANKS[index]}"
    return text(f"option.label.{key}", lang)


def option_help(key: str, lang: str) -> str:
    name = "values" if key.startswith("values.") else key
    return text(f"option.help.{name}", lang, **_facts(name))


def describe_option_value(key: str, value: Any, lang: str) -> str:
    """A value of an option as a player reads it: 'on', '2 rows of 3', '−2' ..."""
    check_lang(lang)
    if isinstance(value, bool):
        return text("option.value.on" if value else "option.value.off", lang)
    choice = f"option.choice.{key}.{value}"
    if isinstance(value, str) and has(choice):
        return text(choice, lang, **_facts(value))
    if value == "auto":
        return text("option.value.auto", lang)
    if value is None or value == "none":
        return text("option.value.normal_pair", lang)
    if isinstance(value, int):
        return points_text(value)
    return str(value)


def adjustment_label(key: str, lang: str) -> str:
    return text(f"adjustment.{key}", lang)


def _takes(key: str, raw: Any) -> bool:
    """Whether `raw` is a value option `key` can hold (so the Custom panel has words for it)."""
    option = option_of(key)
    kind = option.kind if option is not None else "int"  # not an option (a table's player count): a number
    if kind == "choice":
        return option is not None and raw in option.choices
    if kind in ("decks", "pair_value"):
        return raw in ("auto", "none") or (isinstance(raw, int) and not isinstance(raw, bool))
    return type(raw) is (bool if kind == "bool" else int)


def input_value_text(key: str, raw: Any, lang: str) -> str:
    """A value a caller passed for `key`, as an error quotes it: one the option can hold as the Custom panel shows
    it (2行3列, あり, −2); anything else as it was written, in 「」 in Japanese."""
    if _takes(key, raw):
        return describe_option_value(key, raw, lang)
    if lang == "ja":
        return f"「{quote_text(raw)}」"
    return quote_code(raw)
