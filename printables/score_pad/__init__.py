"""The one-page score pad: a row per hole, hole points and running total per player, rules reminder."""

from __future__ import annotations

import sixcardgolf
from sixcardgolf import Rules, describe

from .. import facts
from ..fragments import values_table
from ..labels import game_term, heading_term, label
from ..page import PAPERS, Paper, esc, page_html, read_text, root_css, template

# Rows shrink step by step until the page holds the table and the reminder; type stays put.
STEPS = 8
REMINDER_SECTIONS = ("values", "pairs", "adjustments")
REMINDER_SKIP_KEYS = frozenset({"values"})  # the value table shows these
NAME_HEIGHT_MM = 12.0
MAX_ROW_MM = 16.0
RESERVED_MM = 122.0  # margins, title, date line, name boxes, winner line and a typical reminder
PAD_VALUE_ROW_BUDGET = 110  # the reminder's value table spans the full page width


def settings(step: int, holes: int, lang: str, paper: Paper) -> dict[str, str]:
    # Step 0 shares the page height left after the header, name boxes and reminder among the
    # rows (capped: a 9-hole pad needs no taller boxes); later steps shrink rows 7% at a time.
    page_mm = paper.height_pt / 72 * 25.4
    row_mm = min(MAX_ROW_MM, (page_mm - RESERVED_MM) / (holes + 1)) * 0.93**step
    return {
        "body": "10pt",
        "small": "8pt",
        "h1": "20pt",
        "h2": "11pt",
        "leading": "1.45" if lang == "ja" else "1.3",
        "row-height": f"{row_mm:.2f}mm",
        "name-height": f"{NAME_HEIGHT_MM * 0.95**step:.2f}mm",
    }


def _player_columns(players: int, lang: str) -> tuple[str, str, str]:
    colgroup = "<col><col>" * players
    names = f'<th colspan="2">{esc(label("names", lang))}</th>' * players
    subheads = (
        f'<th class="points">{esc(label("hole_points", lang))}</th>'
        f'<th class="total">{esc(label("running_total", lang))}</th>'
    ) * players
    return colgroup, names, subheads


def _rows(rules: Rules, players: int, holes: int, lang: str) -> str:
    cells = '<td class="points"></td><td class="total"></td>' * players
    rows = [f"<tr><th>{hole}</th>{cells}</tr>" for hole in range(1, holes + 1)]
    if rules.ties == "playoff":
        # The rules settle a tie with an extra hole: give it a row of its own.
        rows.append(f'<tr class="playoff"><th>{esc(label("playoff", lang))}</th>{cells}</tr>')
    return "\n".join(rows)


def _reminder_lists(rules: Rules, lang: str) -> str:
    statements = [
        s
        for s in describe.describe_rules(rules, lang)
        if s.section in REMINDER_SECTIONS and s.key not in REMINDER_SKIP_KEYS
    ]
    if not statements:
        return ""
    items = "".join(f"<li>{esc(s.text)}</li>" for s in statements)
    return f'<ul class="reminder-list">{items}</ul>'


def build_html(rules: Rules, preset: str | None, lang: str, paper: str, players: int, holes: int, step: int) -> str:
    title = facts.rules_title(preset, lang)
    colgroup, names, subheads = _player_columns(players, lang)
    body = template("score_pad/template.html").substitute(
        game=esc(game_term("game", lang)),
        kind_label=esc(label("score_pad", lang)),
        preset_title=esc(title),
        paper_label=esc(PAPERS[paper].label[lang]),
        date_label=esc(label("date", lang)),
        place_label=esc(label("place", lang)),
        hole_label=esc(heading_term("hole", lang)),
        colgroup=colgroup,
        name_cells=names,
        subhead_cells=subheads,
        rows=_rows(rules, players, holes, lang),
        winner_label=esc(label("winner", lang)),
        reminder_label=esc(label("reminder", lang)),
        values_table=values_table(rules, lang, budget=PAD_VALUE_ROW_BUDGET),
        reminder_lists=_reminder_lists(rules, lang),
        footer=esc(label("footer", lang, game=game_term("game", lang), title=title, version=sixcardgolf.__version__)),
    )
    css = (
        root_css(lang, PAPERS[paper], settings(step, holes, lang, PAPERS[paper]))
        + read_text("base.css")
        + read_text("score_pad/style.css")
    )
    return page_html(lang, f"{game_term('game', lang)}: {label('score_pad', lang)}", css, body)
