"""Reading the browser's request parameters, shared by the JSON door's modules (web, web_match)."""

from __future__ import annotations

from typing import Any

from .errors import check_lang
from .presets import preset_info
from .rules import Rules


def lang_of(params: dict[str, Any]) -> str:
    """The request's language (default English); any other value is an error, never silently English."""
    return check_lang(params.get("lang", "en"))


def rules_from(params: dict[str, Any]) -> Rules:
    """A preset (default basic) with the request's option changes over it."""
    base = preset_info(str(params.get("preset", "basic"))).rules
    options = params.get("options") or {}
    return base.with_options(options) if options else base
