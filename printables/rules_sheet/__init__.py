"""The one-page rule sheet: every statement the engine gives for a rules value, laid out by section."""

from __future__ import annotations

from dataclasses import dataclass

import sixcardgolf
from sixcardgolf import Rules, describe

from .. import facts
from ..diagram import build_example, sum_expression
from ..fragments import text_units, values_table
from ..labels import game_term, label
from ..page import FONT_STACKS, PAPERS, esc, page_html, read_text, root_css, template


@dataclass(frozen=True)
class Step:
    body: float  # body text in pt
    tightness: int  # 0 roomy; 1 and 2 squeeze leading, gaps, diagram and margins at the 8 pt floor


# Tried from the roomiest down (render.render_one_page picks the first that fits one page).
STEPS_TABLE = (*(Step(size, 0) for size in (11.0, 10.5, 10.0, 9.5, 9.0, 8.5, 8.0)), Step(8.0, 1), Step(8.0, 2))
STEPS = len(STEPS_TABLE)
TABLE_KEYS = frozenset({"values"})  # statements shown as the card value table instead
SMALLEST_TEXT_PT = 8.0


# Guessing the step (speed only, see render.render_one_page): type area grows with the square of
# the body size times the amount of text, so body ≈ C / sqrt(text units + fixed parts). C per
# language and paper was measured on the presets and errs to the roomy side, where a wrong
# guess costs the least.
_GUESS_C = {("en", "a4"): 640.0, ("en", "letter"): 630.0, ("ja", "a4"): 600.0, ("ja", "letter"): 575.0}
_FIXED_UNITS = 500


def guess_step(rules: Rules, lang: str, paper: str) -> int:
    amount = sum(text_units(s.text) + 30 for s in describe.describe_rules(rules, lang))
    body = _GUESS_C[lang, paper] / (amount + _FIXED_UNITS) ** 0.5
    fitting = [i for i, step in enumerate(STEPS_TABLE) if step.body <= body]
    return fitting[0] if fitting else STEPS - 1


def settings(step: Step, lang: str) -> dict[str, str]:
    body = step.body
    # Japanese needs more leading than Latin text to stay legible at small sizes.
    leading = (1.5 if lang == "ja" else 1.34) - 0.012 * (11.0 - body) - 0.06 * step.tightness
    spacing = (1.0, 0.7, 0.5)[step.tightness]
    return {
        "body": f"{body:.2f}pt",
        "small": f"{max(SMALLEST_TEXT_PT, body - 1.5):.2f}pt",
        "h1": f"{body * 2.0:.2f}pt",
        "h2": f"{body * 1.18:.2f}pt",
        "leading": f"{leading:.3f}",
        "gap": f"{body * 0.75 * spacing:.2f}pt",
        "gap-small": f"{body * 0.45 * spacing:.2f}pt",
        "item-gap": f"{body * 0.2 * spacing:.2f}pt",
    }


def _new_statements(rules: Rules, lang: str) -> set[tuple[str, str]]:
    """(section, text) of the statements the basic game does not have: what a player who
    knows the basic game must notice. Comparing the engine's own sentences catches every
    rule an option changes, including ones worded under another key (a peek changes the
    opening-reveal sentence)."""
    basic = {(s.section, s.text) for s in describe.describe_rules(Rules(), lang)}
    return {(s.section, s.text) for s in describe.describe_rules(rules, lang)} - basic


def _example(rules: Rules, lang: str, step: Step) -> str:
    example = build_example(rules, FONT_STACKS[lang], card_scale=(1.0, 0.85, 0.75)[step.tightness])
    names = {key: describe.adjustment_label(key, lang) for key, _ in example.adjustments}
    return (
        f'<figure class="example">{example.svg}<figcaption>{esc(label("example", lang))}: '
        f'<span class="sum">{esc(sum_expression(example, names))}</span><br>'
        f"{esc(label('example_legend', lang))}</figcaption></figure>"
    )


def _sections(rules: Rules, lang: str, step: Step) -> str:
    statements = describe.describe_rules(rules, lang)
    new = _new_statements(rules, lang)
    html = []
    for number, section in enumerate(describe.SECTIONS, start=1):
        # The value table prints card_value_rows; the per-card statements would repeat it word for word.
        items = [s for s in statements if s.section == section and s.key not in TABLE_KEYS]
        extra = ""
        if section == "values":
            extra = values_table(rules, lang)
        elif section == "pairs":
            extra = _example(rules, lang, step)
        if not items and not extra:
            continue
        lines = "".join(
            f'<li class="differs">{esc(s.text)}</li>' if (s.section, s.text) in new else f"<li>{esc(s.text)}</li>"
            for s in items
        )
        before, after = (extra, "") if section == "values" else ("", extra)
        html.append(
            f'<section class="section section-{esc(section)}"><h2><span class="number">{number}</span>'
            f"{esc(describe.section_title(section, lang))}</h2>{before}"
            f'<ul class="statements">{lines}</ul>{after}</section>'
        )
    return "\n".join(html)


def _strip(rules: Rules, lang: str) -> str:
    cells = (
        ("strip_players", facts.players_text(facts.seatable_players(rules), lang)),
        ("strip_decks", facts.decks_text(rules, lang)),
        ("strip_need", facts.needs_text(rules, lang)),
    )
    return "".join(f"<td><b>{esc(label(key, lang))}</b>{esc(text)}</td>" for key, text in cells)


def _differs_key(rules: Rules, lang: str) -> str:
    changed_values = set(describe.card_value_rows(rules, lang)) - set(describe.card_value_rows(Rules(), lang))
    if not _new_statements(rules, lang) and not changed_values:
        return ""
    return f'<p class="differs-key">★ {esc(label("differs", lang))}</p>'


def build_html(rules: Rules, preset: str | None, lang: str, paper: str, step_index: int) -> str:
    step = STEPS_TABLE[step_index]
    title = facts.rules_title(preset, lang)
    body = template("rules_sheet/template.html").substitute(
        game=esc(game_term("game", lang)),
        preset_title=esc(title),
        kind_label=esc(label("rule_sheet", lang)),
        paper_label=esc(PAPERS[paper].label[lang]),
        not_solitaire=esc(label("not_solitaire", lang, solitaire=game_term("solitaire", lang))),
        strip_cells=_strip(rules, lang),
        summary=esc(facts.rules_summary(preset, lang)),
        differs_key=_differs_key(rules, lang),
        sections=_sections(rules, lang, step),
        footer=esc(label("footer", lang, game=game_term("game", lang), title=title, version=sixcardgolf.__version__)),
    )
    css = (
        root_css(lang, PAPERS[paper], settings(step, lang), tight=step.tightness == 2)
        + read_text("base.css")
        + read_text("rules_sheet/style.css")
    )
    return page_html(lang, f"{game_term('game', lang)}: {title}", css, body)
