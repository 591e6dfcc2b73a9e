"""Typed errors. Every one is a ValueError and quotes the input it rejects.

Which type to raise:
  RulesError          a rules value, option key or option value is not valid
  NotationError       a card, layout or action written as text could not be read
  IllegalActionError  a move the rules do not allow now (the state is unchanged)
  SaveError           a saved match is damaged, of another version, or does not replay
  UsageError          anything else a caller passed wrongly: a count, a name, a seat,
                      a seed, a language, a call made at the wrong moment
  RequestError        a JSON text from outside (a page's request, a save, a rules file) cannot be read
                      at all: not JSON, not an object, nested too deeply, a number too long

An error quotes what it refuses short (`quote_code`, `quote_text`): a page or a command line may send a
megabyte, and the answer must still be one readable line.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Any, Self

LANGS: tuple[str, ...] = ("en", "ja")
"""The languages of every text the engine writes, English first."""


_ARGS: Any = vars(BaseException)["args"]  # the exceptions' own `args` slot, under GolfError's property


class GolfError(ValueError):
    """Base class for every error the engine raises on bad input.

    The English message is the exception's text; errors a player can meet in
    the browser also carry a Japanese message, so pages never show English
    errors on Japanese pages.
    """

    def __init__(self, message: str, ja: str | None = None) -> None:
        super().__init__(message)
        self._ja = ja
        self._words: Callable[[], tuple[str, str]] | None = None

    @classmethod
    def worded_later(cls, words: Callable[[], tuple[str, str]]) -> Self:
        """An error whose texts (English, Japanese) `words` writes the first time one is read: for an error that is
        often raised and caught without being shown (a playout, or a check that tries a move the rules refuse)."""
        error = cls("")
        error._words = words
        return error

    def _worded(self) -> None:
        if self._words is not None:
            english, self._ja = self._words()
            self._words = None
            _ARGS.__set__(self, (english,))

    @property
    def args(self) -> tuple[Any, ...]:
        """The exception's arguments, the English message first: written now if it was left for later."""
        self._worded()
        return _ARGS.__get__(self)  # type: ignore[no-any-return]

    @args.setter
    def args(self, value: tuple[Any, ...]) -> None:
        self._words = None
        _ARGS.__set__(self, value)

    def __str__(self) -> str:
        self._worded()
        return super().__str__()

    def __repr__(self) -> str:
        self._worded()
        return super().__repr__()

    @property
    def ja(self) -> str | None:
        """The Japanese text, if the error has one."""
        self._worded()
        return self._ja

    def message(self, lang: str) -> str:
        return self.ja if lang == "ja" and self.ja else str(self)


class RulesError(GolfError):
    """A rules value, option key or option value is not valid."""


class NotationError(GolfError):
    """A card, layout or action written in text could not be read."""


class IllegalActionError(GolfError):
    """An action is not allowed in the current state; the state is unchanged."""


class SaveError(GolfError):
    """A saved match is damaged, of another format version, or does not replay."""


class UsageError(GolfError):
    """A call's arguments are not valid (a count, a name, a seat, a seed, a language), or the call comes at a
    moment it cannot be answered: the caller's mistake, not the rules', a move's or a save's."""


class RequestError(UsageError):
    """A JSON text from outside cannot be read as what it should be: not JSON, not an object (a request) or
    nested deeper / holding a longer number than the engine reads (sixcardgolf.json_input)."""


QUOTE_CHARS = 60
"""An input quoted in an error is cut to about this many characters, ending with an ellipsis."""
_QUOTE_DEPTH = 3  # levels of a list or object shown before the rest is an ellipsis (never recurses deeper)
_ELLIPSIS = "…"


def quote_code(value: object) -> str:
    """`value` as an English error quotes it for developers (Python's repr: 'abc', [1, 2], True), short: a
    string of at most QUOTE_CHARS characters whole (its repr may be longer, with escapes), a longer one cut."""
    if isinstance(value, str):
        return _shown(value, code=True, depth=0)
    return _cut(_shown(value, code=True, depth=0))


def quote_text(value: object) -> str:
    """`value` as a player typed it, short: a string as it is, anything else as JSON (true, null, [1]); for
    messages that put it in 「」 or quotes themselves."""
    if isinstance(value, str):
        return _cut(value)
    return _cut(_shown(value, code=False, depth=0))


def quote_shown(value: object) -> str:
    """`value` as a Japanese sentence shows it: a whole number as it is (5), anything else as typed in 「」
    (「true」, 「[0]」), never a Python literal."""
    if isinstance(value, int) and not isinstance(value, bool):
        return _integer(value)
    return f"「{quote_text(value)}」"


def _cut(text: str) -> str:
    return text if len(text) <= QUOTE_CHARS else text[: QUOTE_CHARS - 1] + _ELLIPSIS


def _shown(value: object, code: bool, depth: int) -> str:
    if isinstance(value, str):
        if len(value) <= QUOTE_CHARS:
            return repr(value) if code else json.dumps(value, ensure_ascii=False)
        quoted = repr(value[: QUOTE_CHARS - 1]) if code else json.dumps(value[: QUOTE_CHARS - 1], ensure_ascii=False)
        return quoted[:-1] + _ELLIPSIS + quoted[-1]
    if value is None or isinstance(value, bool):
        return repr(value) if code else json.dumps(value)
    if isinstance(value, int):
        return _integer(value)
    if isinstance(value, float):
        return repr(value) if code else json.dumps(value)
    if isinstance(value, list | tuple | dict):
        opening, closing = ("{", "}") if isinstance(value, dict) else ("[", "]")
        if depth >= _QUOTE_DEPTH:
            return opening + _ELLIPSIS + closing if value else opening + closing
        parts: list[str] = []
        size = 0
        items = value.items() if isinstance(value, dict) else ((None, item) for item in value)
        for key, item in items:
            if size > QUOTE_CHARS:
                parts.append(_ELLIPSIS)
                break
            part = _shown(item, code, depth + 1)
            if isinstance(value, dict):
                part = f"{_shown(key, code, depth + 1)}: {part}"
            parts.append(part)
            size += len(part) + 2
        return opening + ", ".join(parts) + closing
    return _cut(f"<{type(value).__name__}>")


def _integer(value: int) -> str:
    """An int's digits, or its first digits and an ellipsis: Python cannot write an int of more than 4300 digits
    as text (sys.get_int_max_str_digits), and an error must not fail while quoting one."""
    digits = int(abs(value).bit_length() * math.log10(2)) + 1
    if digits <= 2 * QUOTE_CHARS:
        return str(value)
    leading = abs(value) // 10 ** (digits - QUOTE_CHARS)
    return ("-" if value < 0 else "") + str(leading) + _ELLIPSIS


def check_lang(lang: object) -> str:
    """`lang` if it is one of LANGS; otherwise a UsageError naming it."""
    if lang not in LANGS:
        # The one sentence of the engine written outside its catalogue: the catalogue finds its file through this
        # check, and this module sits below it (it imports nothing of the engine), so it cannot read it from there.
        raise UsageError(
            f"language {quote_code(lang)} is not available: expected {' or '.join(LANGS)}",
            ja=f"言語「{quote_text(lang)}」は使えません。{'または'.join(LANGS)}を指定してください。",
        )
    return str(lang)
