"""Reading JSON that comes from outside (a page's request, a save, a rules file) without a traceback or a hang.

`json.loads` alone fails three ways a caller cannot name: a text nested deeper than Python's recursion limit
(RecursionError; in the browser's Pyodide the limit differs, so the same request could pass there and fail
here), an integer longer than Python converts (ValueError, sys.get_int_max_str_digits) and plain bad JSON.
`read_json` checks the nesting on the text first, so no parser ever recurses past MAX_DEPTH, and turns each
of the three into a RequestError that names what was read and what is allowed, in English and Japanese.
"""

from __future__ import annotations

import json
import re
import sys
from typing import Any

from .errors import RequestError, quote_code
from .messages import Words, both, say

MAX_DEPTH = 64
"""Levels of objects and lists the engine reads; its own requests and saves use five at most."""
MAX_DIGITS = 4_300
"""Digits of an integer the engine reads: Python's own limit for text to int (sys.get_int_max_str_digits)."""

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")
# The page's language in a request that cannot be parsed: the Play page and the calculator write "lang" into
# params; an escaped quote (inside a save held as text) does not match, so a save's own text is never read.
_LANG = re.compile(r'"lang"\s*:\s*"(en|ja)"')


def nesting_depth(text: str, most: int = MAX_DEPTH) -> int:
    """How deeply the objects and lists of a JSON text nest (strings skipped), or `most` for a text that cannot
    nest deeper than that; counts no further than `most` + 1, so a deeper text is refused before any parser
    recurses into it."""
    if text.count("[") + text.count("{") <= most:  # the usual case, at C speed: too few brackets to nest deeper
        return most
    depth = deepest = 0
    for bracket in _BRACKET.findall(_STRING.sub("", text)):
        if bracket in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > most:
                    return deepest
        else:
            depth -= 1
    return deepest


def what_is_read(name: str) -> Words:
    """The thing being read as an error names it: "request", "save" or "rules_file"."""
    return say(f"error.json.what.{name}")


def read_json(text: str | bytes, what: str = "request") -> Any:
    """The value of a JSON text, or a RequestError naming `what` (see what_is_read) and what went wrong."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", errors="replace")
    if nesting_depth(text) > MAX_DEPTH:
        raise RequestError(*both("error.json.too_deep", what=what_is_read(what), most=MAX_DEPTH))
    try:
        return json.loads(text, parse_int=lambda digits: _integer(digits, what))
    except json.JSONDecodeError as error:
        detail = f"{error.msg} at character {error.pos}"
        raise RequestError(*both("error.json.not_json", what=what_is_read(what), detail_code=detail)) from None
    except RecursionError:  # the check above makes this unreachable; kept so a parser's limit is never a traceback
        raise RequestError(*both("error.json.too_deep", what=what_is_read(what), most=MAX_DEPTH)) from None


def _integer(digits: str, what: str) -> int:
    count = len(digits.lstrip("-"))
    limit = sys.get_int_max_str_digits() or MAX_DIGITS
    if count > min(limit, MAX_DIGITS):
        raise RequestError(
            *both(
                "error.json.too_many_digits",
                what=what_is_read(what),
                digits=count,
                most=min(limit, MAX_DIGITS),
                number_code=quote_code(digits),
            )
        )
    return int(digits)


def request_lang(text: str) -> str:
    """The language a request asks for, read from its text when it cannot be parsed (default English)."""
    found = _LANG.search(text[:100_000])
    return found.group(1) if found else "en"
