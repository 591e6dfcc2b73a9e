"""HTML pieces both documents print, built from the engine's data."""

from __future__ import annotations

import unicodedata

from sixcardgolf import Rules
from sixcardgolf.text.describe_scoring import card_value_rows

from .page import esc, points_text

# Width budget of one row of the value table, in "narrow character" units (a wide CJK
# character counts two): rows that would be wider wrap onto a second table row.
VALUE_ROW_BUDGET = 54


def text_units(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _cell_units(row: tuple[str, int | str]) -> int:
    return max(text_units(row[0]), text_units(points_text(row[1]))) + 3  # + cell padding


def _greedy(rows: list[tuple[str, int | str]], budget: int) -> list[list[tuple[str, int | str]]]:
    chunks: list[list[tuple[str, int | str]]] = [[]]
    used = 0
    for row in rows:
        if chunks[-1] and used + _cell_units(row) > budget:
            chunks.append([])
            used = 0
        chunks[-1].append(row)
        used += _cell_units(row)
    return chunks


def _chunks(rows: list[tuple[str, int | str]], budget: int) -> list[list[tuple[str, int | str]]]:
    """As few table rows as the budget allows, then evened out so no row is a lone straggler."""
    count = len(_greedy(rows, budget))
    even = max(max(_cell_units(r) for r in rows), -(-sum(_cell_units(r) for r in rows) // count))
    while len(_greedy(rows, even)) > count:
        even += 1
    return _greedy(rows, even)


def values_table(rules: Rules, lang: str, budget: int = VALUE_ROW_BUDGET) -> str:
    """Card values as tables of card labels over points, from card_value_rows.

    A row the basic game does not have (a changed value, jokers) is marked, like the
    statements that differ from the basic game.
    """
    basic = set(card_value_rows(Rules(), lang))

    def mark(row: tuple[str, int | str]) -> str:
        return "" if row in basic else ' class="differs"'

    tables = []
    for chunk in _chunks(card_value_rows(rules, lang), budget):
        head = "".join(f"<th{mark(row)}>{esc(row[0])}</th>" for row in chunk)
        body = "".join(f"<td{mark(row)}>{esc(points_text(row[1]))}</td>" for row in chunk)
        tables.append(f'<table class="values"><tr>{head}</tr><tr>{body}</tr></table>')
    return "".join(tables)
