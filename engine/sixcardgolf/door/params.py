"""Reading the browser's request parameters, shared by the JSON door's modules and the CLI."""

from __future__ import annotations

from typing import Any

from ..errors import UsageError, check_lang, quote_code, quote_text
from ..messages import both
from ..presets import preset_info
from ..rules import MAX_PLAYERS, Rules

MAX_LAYOUT_CHARS = 200
"""The longest layout text read: nine cards with spaces and slashes take under 50 characters, and a longer text
would only make the card check (and its error) as long as the input."""


def lang_of(params: dict[str, Any]) -> str:
    """The request's language (default English); any other value is an error, never silently English."""
    return check_lang(params.get("lang", "en"))


def rules_from(params: dict[str, Any]) -> Rules:
    """A preset (default basic) with the request's option changes over it."""
    base = preset_info(params.get("preset", "basic")).rules
    options = params.get("options") or {}
    return base.with_options(options) if options else base


def layout_texts(raw: Any) -> list[str]:
    """One layout per player in card notation, each text and of a readable length (a list of them)."""
    if not isinstance(raw, list) or not raw:
        raise UsageError(*both("error.layout.not_list"))
    if len(raw) > MAX_PLAYERS:
        Rules().check_players(len(raw))  # its error: a table of at most MAX_PLAYERS
    for player, text in enumerate(raw, start=1):
        shown = {"layout_code": quote_code(text), "layout": quote_text(text), "player": player}
        if not isinstance(text, str):
            raise UsageError(*both("error.layout.not_text", **shown))
        if len(text) > MAX_LAYOUT_CHARS:
            raise UsageError(*both("error.layout.too_long", length=len(text), most=MAX_LAYOUT_CHARS, **shown))
    return raw
