"""The rule sheet in the browser: the same HTML the PDFs are made from, for the worker to hand to a page.

The build ships this package's sheet code (no WeasyPrint: `KIT_FILES`) to the site; the worker unpacks it
next to the engine and calls `handle` for "Print these rules". The page lays the HTML out in a frame, picks
the roomiest fitting step by measuring it (the browser's own fonts decide, as WeasyPrint's do here), and
prints it with the browser's print stylesheet (`rules_sheet/browser.css`).
"""

from __future__ import annotations

import json
import re
from typing import Any

from sixcardgolf import GolfError, Rules, load_preset, preset_names
from sixcardgolf.errors import UsageError, check_lang

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
    lang = params.get("lang", "en")
    check_lang(lang)
    preset = params.get("preset", "basic")
    if preset not in preset_names():
        raise UsageError(
            f"unknown preset {preset!r}: expected one of {', '.join(preset_names())}",
            ja=f"「{preset}」というプリセットはありません。{', '.join(preset_names())} のどれかを選んでください。",
        )
    paper = params.get("paper", "a4")
    if paper not in PAPERS:
        raise UsageError(
            f"unknown paper {paper!r}: expected one of {', '.join(PAPERS)}",
            ja=f"「{paper}」という用紙はありません。{', '.join(PAPERS)} のどれかを選んでください。",
        )
    rules = Rules.from_dict(params.get("options") or {}, base=load_preset(preset))
    named = facts.matching_preset(rules)  # a preset left as it is prints under its own name
    guess = rules_sheet.guess_step(rules, lang, paper)
    step = params.get("step", guess)
    if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step < rules_sheet.STEPS:
        raise UsageError(
            f"step must be a whole number from 0 to {rules_sheet.STEPS - 1}, not {step!r}",
            ja=f"step は 0〜{rules_sheet.STEPS - 1} の整数で指定してください（{step!r} は使えません）。",
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
    """{"method": "rule_sheet", "params": {...}} -> {"ok": true, "result": ...} or {"ok": false, "error": ...},
    the answer shape of `sixcardgolf.web.handle`, errors in the request's language."""
    lang = "en"
    try:
        request = json.loads(request_json)
        params = request.get("params") or {}
        lang = params.get("lang") if params.get("lang") in ("en", "ja") else "en"
        if request.get("method") != "rule_sheet":
            raise UsageError(
                f"method {request.get('method')!r} is not available here: expected 'rule_sheet'",
                ja=f"「{request.get('method')}」はここでは使えません。rule_sheet だけを受け付けます。",
            )
        return json.dumps({"ok": True, "result": rule_sheet(params)}, ensure_ascii=False)
    except GolfError as error:
        return json.dumps({"ok": False, "error": error.message(lang)}, ensure_ascii=False)
    except (ValueError, AttributeError) as error:  # bad JSON, or a request that is not an object
        return json.dumps({"ok": False, "error": str(error)}, ensure_ascii=False)
