"""The one-page score pad: a row per hole, hole points and running total per player.

A pad for one game (a preset or a rules file) ends with a reminder of its scoring: the card values,
pairs and bonuses. A blank pad serves any game: a line to write the game's name instead, no reminder.
"""

from __future__ import annotations

import sixcardgolf
from sixcardgolf import Rules
from sixcardgolf.text.describe import describe_rules
from sixcardgolf.text.describe_common import Statement

from .. import facts
from ..fragments import values_table
from ..labels import heading_term, label, sheet_game_name
from ..page import PAPERS, Paper, esc, page_html, read_text, root_css, template

# Rows shrink step by step until the page holds the table and the reminder; type stays put.
STEPS = 8
REMINDER_SECTIONS = ("values", "pairs", "adjustments")
REMINDER_SKIP_KEYS = frozenset({"values"})  # the value table shows these
NAME_HEIGHT_MM = 12.0
MAX_ROW_MM = 16.0
RESERVED_MM = 122.0  # margins, title, date line, name boxes, winner line and a typical reminder
RESERVED_BLANK_MM = 75.0  # the same without a reminder
PAD_VALUE_ROW_BUDGET = 110  # the reminder's value table spans the full page width


def settings(step: int, holes: int, lang: str, paper: Paper, reminder: bool = True) -> dict[str, str]:
    # Step 0 shares the page height left after the header, name boxes and reminder among the
    # rows (capped: a 9-hole pad needs no taller boxes); later steps shrink rows 7% at a time.
    page_mm = paper.height_pt / 72 * 25.4
    reserved = RESERVED_MM if reminder else RESERVED_BLANK_MM
    row_mm = min(MAX_ROW_MM, (page_mm - reserved) / (holes + 1)) * 0.93**step
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


def _rows(rules: Rules | None, players: int, holes: int, lang: str) -> str:
    cells = '<td class="points"></td><td class="total"></td>' * players
    rows = [f"<tr><th>{hole}</th>{cells}</tr>" for hole in range(1, holes + 1)]
    if rules is not None and rules.ties == "playoff":
        # The rules settle a tie with an extra hole: give it a row of its own.
        rows.append(f'<tr class="playoff"><th>{esc(label("playoff", lang))}</th>{cells}</tr>')
    return "\n".join(rows)


def guess_step(rules: Rules | None, lang: str, holes: int) -> int:
    """The fitting step to try first (speed only): long pads with a long reminder need smaller rows."""
    # Measured on the presets: up to six reminder statements leave room for 18 full rows.
    if rules is None or len(_reminder_statements(rules, lang)) <= 6:
        return 0
    return 1 if holes <= 9 else 2


def _reminder_statements(rules: Rules, lang: str) -> list[Statement]:
    return [
        s for s in describe_rules(rules, lang) if s.section in REMINDER_SECTIONS and s.key not in REMINDER_SKIP_KEYS
    ]


def _reminder(rules: Rules | None, lang: str) -> str:
    if rules is None:
        return ""
    statements = _reminder_statements(rules, lang)
    items = "".join(f"<li>{esc(s.text)}</li>" for s in statements)
    lists = f'<ul class="reminder-list">{items}</ul>' if items else ""
    return (
        f'<section class="reminder"><h2>{esc(label("reminder", lang))}</h2>'
        f"{values_table(rules, lang, budget=PAD_VALUE_ROW_BUDGET)}{lists}</section>"
    )


def build_html(
    rules: Rules | None, preset: str | None, lang: str, paper: str, players: int, holes: int, step: int
) -> str:
    """A pad for `rules` (named by `preset`, or custom); `rules=None` makes a blank pad for any game."""
    title = facts.rules_title(preset, lang) if rules is not None else label("any_game", lang)
    game = sheet_game_name(rules.size if rules is not None else None, lang)
    colgroup, names, subheads = _player_columns(players, lang)
    game_line = (
        f'<td class="form-label">{esc(label("game_name", lang))}</td><td class="form-line wide"></td>'
        if rules is None
        else ""
    )
    body = template("score_pad/template.html").substitute(
        game=esc(game),
        kind_and_title=esc(
            label(
                "kind_and_title" if rules is not None else "kind_for_any_game",
                lang,
                kind=label("score_pad", lang),
                title=title,
            )
        ),
        game_line=game_line,
        paper_label=esc(PAPERS[paper].label[lang]),
        date_label=esc(label("date", lang)),
        place_label=esc(label("place", lang)),
        hole_label=esc(heading_term("hole", lang)),
        colgroup=colgroup,
        name_cells=names,
        subhead_cells=subheads,
        rows=_rows(rules, players, holes, lang),
        winner_label=esc(label("winner", lang)),
        reminder=_reminder(rules, lang),
        footer=esc(label("footer", lang, game=game, title=title, version=sixcardgolf.__version__)),
    )
    css = (
        root_css(lang, PAPERS[paper], settings(step, holes, lang, PAPERS[paper], reminder=rules is not None))
        + read_text("base.css")
        + read_text("score_pad/style.css")
    )
    return page_html(lang, label("document_title", lang, game=game, title=label("score_pad", lang)), css, body)
