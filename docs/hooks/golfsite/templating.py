"""The hooks' larger HTML fragments (tables, figures, the walkthrough's steps) as Jinja2 templates, autoescaped.

The templates are the files of templates/ beside this module. Every value a template prints is escaped unless it is
`Markup` (HTML made by another template or by svg.py, which escapes its own text); it is escaped the way the
standard library's html.escape does (quotes included), so the pages read byte for byte as before.

A template is written on several lines, indented, for reading; each line break and the indentation after it are
dropped when the template is loaded. A fragment goes into a Markdown page, where a blank line would end its raw HTML
block, so it must stay as compact as it was. Where the HTML needs a line break, the template writes {{ nl }}.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from jinja2 import BaseLoader, Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup

TEMPLATES = Path(__file__).resolve().parent / "templates"
_LINE_BREAK = re.compile(r"\n[ \t]*")


class _CompactLoader(FileSystemLoader):
    """Templates from TEMPLATES with their line breaks and indentation taken out (see the module's docstring)."""

    def get_source(self, environment: Environment, template: str) -> tuple[str, str, Callable[[], bool]]:
        source, filename, uptodate = super().get_source(environment, template)
        return _LINE_BREAK.sub("", source), filename, uptodate


def _escaped(value: Any) -> Markup:
    """What a template prints: HTML as it is, anything else as text escaped like html.escape (quotes too)."""
    if hasattr(value, "__html__"):
        return Markup(value)
    return Markup(html.escape(str(value), quote=True))


def _json(value: Any) -> str:
    """A value as JSON for a data attribute that tests and scripts read (non-ASCII kept)."""
    return json.dumps(value, ensure_ascii=False)


@cache
def environment() -> Environment:
    loader: BaseLoader = _CompactLoader(TEMPLATES)
    env = Environment(loader=loader, autoescape=True, undefined=StrictUndefined, finalize=_escaped)
    env.filters["json"] = _json
    env.globals["nl"] = Markup("\n")
    return env


def render(name: str, **values: Any) -> Markup:
    """The template `name` (a file of templates/) filled with `values`."""
    return Markup(environment().get_template(name).render(**values))


def html_of(fragment: str) -> Markup:
    """HTML that another builder made and escaped itself (an SVG drawing), to be printed as it is."""
    return Markup(fragment)
