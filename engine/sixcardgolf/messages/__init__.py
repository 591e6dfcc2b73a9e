"""The engine's words: one message catalogue per language, `en.toml` and `ja.toml` beside this file.

Every sentence the engine gives a player (rule statements, option names, hint
reasons, error messages, glossary terms and their meanings) lives in those two
files under the same keys, so a translator reads and edits one language in one
place. A message is a `str.format` template with named placeholders; `{t.stock}`
and the like are glossary terms (the `[term]` table of the same file), so a
term is written once and every message follows it.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from functools import cache
from pathlib import Path

from ..errors import LANGS, check_lang

LANGUAGES = LANGS


def _flatten(table: dict[str, object], prefix: str, out: dict[str, str]) -> None:
    for name, value in table.items():
        key = f"{prefix}{name}"
        if isinstance(value, dict):
            _flatten(value, key + ".", out)
        else:
            out[key] = str(value)


@cache
def catalogue(lang: str) -> dict[str, str]:
    """Every message of `lang`, by dotted key ("rules.setup.stock")."""
    source = Path(__file__).with_name(f"{check_lang(lang)}.toml").read_text(encoding="utf-8")
    messages: dict[str, str] = {}
    _flatten(tomllib.loads(source), "", messages)
    return messages


class _Terms:
    """The glossary terms of one language, read as attributes by `{t.stock}` placeholders."""

    def __init__(self, lang: str) -> None:
        self._messages = catalogue(lang)

    def __getattr__(self, name: str) -> str:
        try:
            return self._messages[f"term.{name}"]
        except KeyError:
            raise AttributeError(f"no glossary term {name!r}") from None


@cache
def _terms(lang: str) -> _Terms:
    return _Terms(lang)


Words = Callable[[str], str]
"""Words not yet put into a language (an option's label, a nested message): call with 'en' or 'ja'."""


def text(key: str, lang: str, /, **values: object) -> str:
    """The message `key` in `lang`, with its placeholders filled from `values` and the glossary.

    A value that is Words (a callable) is put into the same language first.
    """
    filled = {name: value(lang) if callable(value) else value for name, value in values.items()}
    return catalogue(check_lang(lang))[key].format(t=_terms(lang), **filled)


def say(key: str, /, **values: object) -> Words:
    """The message `key` as Words, for a caller that needs it in more than one language."""
    return lambda lang: text(key, lang, **values)


def both(key: str, /, **values: object) -> tuple[str, str]:
    """The message `key` in English and in Japanese: the two texts an engine error carries."""
    return text(key, "en", **values), text(key, "ja", **values)


def has(key: str) -> bool:
    return key in catalogue("en")


def points_text(points: int) -> str:
    """A number of points as printed: a true minus sign for negatives."""
    return f"−{-points}" if points < 0 else str(points)


def join_list(items: list[str], lang: str) -> str:
    """Items as a sentence lists them: 'A, B and C' / 「A、B、C」."""
    if len(items) < 2:
        return "".join(items)
    return text("list.separator", lang).join(items[:-1]) + text("list.last", lang) + items[-1]


__all__ = ["LANGUAGES", "Words", "both", "catalogue", "check_lang", "has", "join_list", "points_text", "say", "text"]
