"""The one-page rule sheet: the whole game at a glance, then every statement the engine gives.

Its parts follow a one-page printable of the basic game, done fully: a title bar and a header
strip (players, decks, what you need), a summary paragraph of the whole game, ten points "in
brief", numbered Setup and On your turn steps, the end of a hole, Scoring (card values, pairs
with a worked example the engine draws and scores, bonuses and penalties) and Winning. Every
sentence comes from the engine (`overview` for the summary and the ten points, `describe` for
the statements); this module only lays them out.
"""

from __future__ import annotations

from dataclasses import dataclass

import sixcardgolf
from sixcardgolf import Rules
from sixcardgolf.option_text import adjustment_label
from sixcardgolf.text.describe import describe_rules, section_title
from sixcardgolf.text.describe_common import Statement
from sixcardgolf.text.describe_scoring import card_value_rows
from sixcardgolf.text.overview import in_brief, summary_paragraph

from .. import facts
from ..diagram import build_example, sum_expression
from ..fragments import VALUE_ROW_BUDGET, text_units, values_table
from ..labels import label, sheet_game_name
from ..page import FONT_STACKS, PAPERS, esc, page_html, read_text, root_css, template


@dataclass(frozen=True)
class Step:
    body: float  # body text in pt
    tightness: int  # 0 roomy; 1 to 3 squeeze leading, gaps, diagram and margins at the 8 pt floor
    in_brief: bool = True  # the last resort leaves out the ten points, which the full rules say again


@dataclass(frozen=True)
class Part:
    """One numbered part of the sheet: its heading and the engine sections it prints."""

    key: str
    sections: tuple[str, ...]
    numbered: bool  # statements as numbered steps (Setup, On your turn) or as a list


# The sheet's parts in reading order. "players" statements open the Setup steps (decks, jokers);
# Scoring gathers card values, pairs and bonuses under one heading with the engine's own subheads.
PARTS = (
    Part("setup", ("players", "setup"), numbered=True),
    Part("turn", ("turn",), numbered=True),
    Part("ending", ("ending",), numbered=False),
    Part("scoring", ("values", "pairs", "adjustments"), numbered=False),
    Part("winning", ("winning",), numbered=False),
)

# Tried from the roomiest down (render.render_one_page picks the first that fits one page).
STEPS_TABLE = (
    *(Step(size, 0) for size in (11.0, 10.5, 10.0, 9.5, 9.0, 8.5, 8.0)),
    *(Step(8.0, tightness) for tightness in (1, 2, 3)),
    # House rules with nearly every option on may say too much for one page with the ten points as well:
    # the rules come first. No preset needs this step (the tests hold every preset to its In brief).
    Step(8.0, 3, in_brief=False),
)
STEPS = len(STEPS_TABLE)
FIRST_TIGHT_STEP = next(i for i, step in enumerate(STEPS_TABLE) if step.tightness)
TABLE_KEYS = frozenset({"values"})  # statements shown as the card value table instead
SMALLEST_TEXT_PT = 8.0
EXAMPLE_MIN_WIDTH_PT = 120.0
VALUE_ROW_BUDGET_AT_8PT = 64


# Guessing the step (speed only, see render.render_one_page): type area grows with the square of
# the body size times the amount of text, so body ≈ C / sqrt(text units + fixed parts). C per
# language and paper was measured on the presets (most guesses are right, the rest one step off).
_GUESS_C = {("en", "a4"): 685.0, ("en", "letter"): 665.0, ("ja", "a4"): 615.0, ("ja", "letter"): 575.0}
_FIXED_UNITS = 500


def guess_step(rules: Rules, lang: str, paper: str) -> int:
    texts = [s.text for s in describe_rules(rules, lang)]
    texts += [summary_paragraph(rules, lang), *in_brief(rules, lang)]
    amount = sum(text_units(text) + 30 for text in texts)
    body = _GUESS_C[lang, paper] / (amount + _FIXED_UNITS) ** 0.5
    fitting = [i for i, step in enumerate(STEPS_TABLE) if step.body <= body]
    return fitting[0] if fitting else FIRST_TIGHT_STEP


def settings(step: Step, lang: str) -> dict[str, str]:
    body = step.body
    # Japanese needs more leading than Latin text to stay legible at small sizes.
    leading = (1.5 if lang == "ja" else 1.34) - 0.012 * (11.0 - body) - (0.0, 0.06, 0.12, 0.2)[step.tightness]
    spacing = (1.0, 0.7, 0.5, 0.35)[step.tightness]
    return {
        "body": f"{body:.2f}pt",
        "small": f"{max(SMALLEST_TEXT_PT, body - 1.5):.2f}pt",
        "h1": f"{body * (2.0 if step.tightness < 2 else 1.6):.2f}pt",
        "h2": f"{body * 1.18:.2f}pt",
        "h3": f"{body * 1.05:.2f}pt",
        "leading": f"{leading:.3f}",
        "gap": f"{body * 0.75 * spacing:.2f}pt",
        "gap-small": f"{body * 0.45 * spacing:.2f}pt",
        "item-gap": f"{body * 0.2 * spacing:.2f}pt",
    }


def value_row_budget(step: Step) -> int:
    """How wide a row of the card value table may be, in narrow-character units: at the smallest type a
    column holds more, so the table keeps to one row where it can (measured: 64 units fit at 8 pt)."""
    return VALUE_ROW_BUDGET if step.body > 8.0 else VALUE_ROW_BUDGET_AT_8PT


def new_statements(rules: Rules, lang: str) -> set[tuple[str, str]]:
    """(section, text) of the statements the basic game does not have: what a player who
    knows the basic game must notice. Comparing the engine's own sentences catches every
    rule an option changes, including ones worded under another key (a peek changes the
    opening-reveal sentence)."""
    basic = {(s.section, s.text) for s in describe_rules(Rules(), lang)}
    return {(s.section, s.text) for s in describe_rules(rules, lang)} - basic


def part_title(part: Part, lang: str) -> str:
    return label("scoring", lang) if part.key == "scoring" else section_title(part.key, lang)


def _example(rules: Rules, lang: str, step: Step) -> str:
    example = build_example(rules, FONT_STACKS[lang], card_scale=(1.0, 0.85, 0.75, 0.62)[step.tightness])
    names = {key: adjustment_label(key, lang) for key, _ in example.adjustments}
    colon = label("colon", lang)
    # Floated beside the pair statements: as wide as the drawing, and wide enough for its caption.
    width = max(example.width_pt, EXAMPLE_MIN_WIDTH_PT)
    return (
        f'<figure class="example" style="width: {width:.1f}pt">{example.svg}<figcaption>{esc(label("example", lang))}{colon}'
        f'<span class="sum">{esc(sum_expression(example, names))}</span><br>'
        f"{esc(label('example_legend', lang))}</figcaption></figure>"
    )


def _items(statements: list[Statement], new: set[tuple[str, str]]) -> str:
    # A ★ in the text, not a list marker, so that numbered steps keep their numbers.
    return "".join(
        f'<li class="differs"><span class="star">★</span> {esc(s.text)}</li>'
        if (s.section, s.text) in new
        else f"<li>{esc(s.text)}</li>"
        for s in statements
    )


def _parts(rules: Rules, lang: str, step: Step) -> str:
    statements = describe_rules(rules, lang)
    new = new_statements(rules, lang)
    html = []
    for number, part in enumerate(PARTS, start=1):
        body = []
        for section in part.sections:
            items = [s for s in statements if s.section == section and s.key not in TABLE_KEYS]
            if part.key == "scoring":
                # The value table leads its subsection; the example floats beside the pair statements.
                extra = values_table(rules, lang, budget=value_row_budget(step)) if section == "values" else ""
                extra += _example(rules, lang, step) if section == "pairs" else ""
                lines = f'<ul class="statements">{_items(items, new)}</ul>' if items else ""
                body.append(f'<div class="subsection"><h3>{esc(section_title(section, lang))}</h3>{extra}{lines}</div>')
            else:
                body.append(_items(items, new))
        if part.key != "scoring":
            tag = "ol" if part.numbered else "ul"
            body = [f'<{tag} class="statements {"steps" if part.numbered else ""}">{"".join(body)}</{tag}>']
        html.append(
            f'<section class="section part-{esc(part.key)}"><h2><span class="number">{number}</span>'
            f"{esc(part_title(part, lang))}</h2>{''.join(body)}</section>"
        )
    return "\n".join(html)


def _in_brief(rules: Rules, lang: str) -> str:
    items = "".join(f"<li>{esc(point)}</li>" for point in in_brief(rules, lang))
    return (
        f'<section class="in-brief">{_differs_key(rules, lang)}<h2>{esc(label("in_brief", lang))}</h2>'
        f'<ul class="brief">{items}</ul></section>'
    )


def _strip(rules: Rules, lang: str) -> str:
    cells = (
        ("strip_players", facts.players_text(facts.seatable_players(rules), lang)),
        ("strip_decks", facts.decks_text(rules, lang)),
        ("strip_need", facts.needs_text(rules, lang)),
    )
    return "".join(f"<td><b>{esc(label(key, lang))}</b>{esc(text)}</td>" for key, text in cells)


def _differs_key(rules: Rules, lang: str) -> str:
    changed_values = set(card_value_rows(rules, lang)) - set(card_value_rows(Rules(), lang))
    if not new_statements(rules, lang) and not changed_values:
        return ""
    basic = sixcardgolf.preset_info("basic").title[lang]
    return f'<p class="differs-key">★ {esc(label("differs", lang, basic=basic))}</p>'


def masthead_line(preset: str | None, lang: str) -> str:
    """The line under the title: not the solitaire, then the preset's summary. Japanese sentences follow each other
    with no space between them (after 。), English ones after a space."""
    return label("not_solitaire", lang) + label("gap", lang) + facts.rules_summary(preset, lang)


def build_html(rules: Rules, preset: str | None, lang: str, paper: str, step_index: int, extra_css: str = "") -> str:
    """The sheet at one fitting step; `extra_css` is the browser's additions (printables.browser)."""
    step = STEPS_TABLE[step_index]
    title = facts.rules_title(preset, lang)
    game = sheet_game_name(rules.size, lang)
    body = template("rules_sheet/template.html").substitute(
        game=esc(game),
        preset_title=esc(title),
        masthead_line=esc(masthead_line(preset, lang)),
        kind_label=esc(label("rule_sheet", lang)),
        paper_label=esc(PAPERS[paper].label[lang]),
        strip_cells=_strip(rules, lang),
        summary=esc(summary_paragraph(rules, lang)),
        in_brief=_in_brief(rules, lang) if step.in_brief else _differs_key(rules, lang),
        sections=_parts(rules, lang, step),
        tightness=str(step.tightness),
        footer=esc(label("footer", lang, game=game, title=title, version=sixcardgolf.__version__)),
    )
    css = (
        root_css(lang, PAPERS[paper], settings(step, lang), tight=step.tightness >= 2)
        + read_text("base.css")
        + read_text("rules_sheet/style.css")
        + extra_css
    )
    return page_html(lang, label("document_title", lang, game=game, title=title), css, body)
