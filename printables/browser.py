"""The rule sheet in the browser: the same HTML the PDFs are made from, for the worker to hand to a page.

The build ships this package's sheet code (no WeasyPrint: `KIT_FILES`) to the site; the worker unpacks it
next to the engine and calls `handle` for "Print these rules". The page lays the HTML out in a frame, picks
the roomiest fitting step by measuring it (the browser's own fonts decide, as WeasyPrint's do here), and
prints it with the browser's print stylesheet (`rules_sheet/browser.css`).
"""

from __future__ import annotations

import re
from typing import Any

from sixcardgolf import Rules, load_preset
from sixcardgolf.door import serve
from sixcardgolf.errors import UsageError, check_lang, quote_code, quote_text
from sixcardgolf.messages import both, text

from . import facts, rules_sheet
from .page import PAPERS, read_text

# What the browser needs of this package, relative to it: the sheet's code, template and styles.
KIT_FILES = (
    "__init__.py",
    "browser.py",
    "page.py",
    "labels.py",
    "facts.py",
    "diagram.py",
    "fragments.py",
    "phrases.py",
    "base.css",
    "rules_sheet/__init__.py",
    "rules_sheet/template.html",
    "rules_sheet/style.css",
    "rules_sheet/browser.css",
)

# BudouX (pure Python, Apache-2.0), which phrases.py uses for Japanese line breaks: its parser and Japanese model.
BUDOUX_FILES = ("__init__.py", "parser.py", "html_processor.py", "utils.py", "skip_nodes.json", "models/ja.json")

_LENGTH_PT = {"mm": 72 / 25.4, "in": 72.0, "pt": 1.0}


def _lengths_pt(margin: str) -> list[float]:
    """A CSS margin shorthand of four lengths ("10mm 11mm 12mm 11mm") in points: top, right, bottom, left."""
    return [float(number) * _LENGTH_PT[unit] for number, unit in re.findall(r"([\d.]+)(mm|in|pt)", margin)]


def rule_sheet(params: dict[str, Any]) -> dict[str, Any]:
    """The sheet for a preset with some options changed, in one language, on one paper, at one fitting step.

    Answers the HTML, the step used, how many steps there are, a first guess, and the page's content box
    in points (the paper less the step's margins), which is what the page measures the layout against.
    """
    lang = check_lang(params.get("lang", "en"))
    preset = params.get("preset", "basic")
    base = load_preset(preset)  # an unknown preset: the engine's error, naming the presets by their titles
    paper = params.get("paper", "a4")
    if not isinstance(paper, str) or paper not in PAPERS:
        raise UsageError(
            *both(
                "error.printables.paper",
                paper_code=quote_code(paper),
                paper=quote_text(paper),
                papers_code=", ".join(PAPERS),
                papers=lambda lang: text("list.separator", lang).join(PAPERS[key].label[lang] for key in PAPERS),
            )
        )
    rules = Rules.from_dict(params.get("options") or {}, base=base)
    named = facts.matching_preset(rules)  # a preset left as it is prints under its own name
    guess = rules_sheet.guess_step(rules, lang, paper)
    step = params.get("step", guess)
    if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step < rules_sheet.STEPS:
        raise UsageError(
            *both(
                "error.printables.step", last=rules_sheet.STEPS - 1, step_code=quote_code(step), step=quote_text(step)
            )
        )
    sheet = rules_sheet.STEPS_TABLE[step]
    paper_size = PAPERS[paper]
    top, right, bottom, left = _lengths_pt(paper_size.tight_margin if sheet.tightness >= 2 else paper_size.margin)
    html = rules_sheet.build_html(rules, named, lang, paper, step, extra_css=read_text("rules_sheet/browser.css"))
    return {
        "html": html,
        "step": step,
        "steps": rules_sheet.STEPS,
        "guess": guess,
        "width_pt": paper_size.width_pt - left - right,
        "height_pt": paper_size.height_pt - top - bottom,
    }


def handle(request_json: str) -> str:
    """{"method": "rule_sheet", "params": {...}} -> {"ok": true, "result": ...} or {"ok": false, "error": ...}:
    the envelope of `sixcardgolf.door.handle` (door.serve), so every request is answered, in its language."""
    return serve(request_json, _answer, ["rule_sheet"])


def _answer(method: str, params: dict[str, Any]) -> dict[str, Any]:
    if method != "rule_sheet":
        raise UsageError(
            *both(
                "error.printables.method",
                method_code=quote_code(method),
                method=quote_text(method),
                expected_code=quote_code("rule_sheet"),
            )
        )
    return rule_sheet(params)
