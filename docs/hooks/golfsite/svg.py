"""Layout pictures as inline SVG, drawn from the engine's rules (shape, columns) and score groups.

Colours come from classes styled in docs/stylesheets/golf.css, so the drawings follow the light or
dark scheme; every picture is role="img" with a text alternative in the page's language.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from sixcardgolf.messages import points_text
from sixcardgolf.rules import Rules
from sixcardgolf.scoring import Group
from sixcardgolf.text.glossary import group_note

from .labels import card_short, card_spoken, is_red, joined, points_words, text

CARD_W, CARD_H = 56, 80
GAP_X, GAP_Y = 18, 10
PAD = 14  # around the whole drawing
FRAME = 6  # between a card and its column frame
FOOT = 26  # room under the columns for their points


def _svg_open(width: int, height: int, label: str, css_class: str) -> str:
    return (
        f'<svg class="golf-svg {css_class}" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" aria-label="{escape(label)}">'
        f"<title>{escape(label)}</title>"
    )


def _card_origin(rules: Rules, position: int) -> tuple[int, int]:
    row, col = divmod(position, rules.cols)
    return PAD + FRAME + col * (CARD_W + GAP_X), PAD + FRAME + row * (CARD_H + GAP_Y)


def _size(rules: Rules, with_foot: bool) -> tuple[int, int]:
    width = 2 * (PAD + FRAME) + rules.cols * CARD_W + (rules.cols - 1) * GAP_X
    height = 2 * (PAD + FRAME) + rules.rows * CARD_H + (rules.rows - 1) * GAP_Y + (FOOT if with_foot else 0)
    return width, height


def _column_frame(rules: Rules, col: int, paired: bool) -> str:
    x, y = _card_origin(rules, col)
    height = rules.rows * CARD_H + (rules.rows - 1) * GAP_Y + 2 * FRAME
    css = "golf-col golf-col-pair" if paired else "golf-col"
    return (
        f'<rect class="{css}" x="{x - FRAME}" y="{y - FRAME}" width="{CARD_W + 2 * FRAME}" height="{height}" rx="10"/>'
    )


def _face(card: int, x: int, y: int, matched: bool) -> str:
    css = "golf-card golf-card-matched" if matched else "golf-card"
    ink = "golf-ink golf-red" if is_red(card) else "golf-ink"
    label = card_short(card)
    size = 18 if len(label) > 2 else 22
    return (
        f'<rect class="{css}" x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="6"/>'
        f'<text class="{ink}" x="{x + CARD_W / 2}" y="{y + CARD_H / 2 + 7}" text-anchor="middle" '
        f'font-size="{size}">{escape(label)}</text>'
    )


def _back(x: int, y: int) -> str:
    return f'<rect class="golf-back" x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="6"/>'


Place = tuple[float, float, int]  # where a position number is drawn, and the number


def _numbers(css: str, places: Sequence[Place], extra: str = "") -> str:
    """A drawing's position numbers as one <text> that places each digit with SVG's x/y lists (a layout has at
    most 9 positions): one element instead of one per card, since a page's style and layout work grows with its
    element count."""
    if not places:
        return ""
    assert all(0 < number < 10 for _, _, number in places), "position numbers are single digits"
    xs = " ".join(f"{x:g}" for x, _, _ in places)
    ys = " ".join(f"{y:g}" for _, y, _ in places)
    digits = "".join(str(number) for _, _, number in places)
    return f'<text class="{css}" x="{xs}" y="{ys}"{extra}>{digits}</text>'


def _face_numbers(places: Sequence[Place]) -> str:
    return _numbers("golf-pos", places)


def _back_numbers(places: Sequence[Place]) -> str:
    # text-anchor applies to each separately placed digit, so every number is centred on its card
    return _numbers("golf-back-number", places, ' text-anchor="middle" font-size="26"')


def _face_place(x: int, y: int, number: int) -> Place:
    return x + 5, y + 13, number


def _back_place(x: int, y: int, number: int) -> Place:
    return x + CARD_W / 2, y + CARD_H / 2 + 9, number


def positions_diagram(rules: Rules, lang: str) -> str:
    """The empty shape of a layout: numbered face-down positions with their columns framed."""
    width, height = _size(rules, with_foot=False)
    columns = joined([text("column_join", lang).join(str(p + 1) for p in column) for column in rules.columns], lang)
    label = text("diagram_label", lang, size=rules.size, rows=rules.rows, cols=rules.cols, columns=columns)
    parts = [_svg_open(width, height, label, "golf-diagram")]
    parts.extend(_column_frame(rules, col, paired=False) for col in range(rules.cols))
    places = []
    for position in range(rules.size):
        x, y = _card_origin(rules, position)
        parts.append(_back(x, y))
        places.append(_back_place(x, y, position + 1))
    parts.append(_back_numbers(places))
    parts.append("</svg>")
    return "".join(parts)


def layout_picture(rules: Rules, cards: Sequence[int], groups: Sequence[Group], total: int, lang: str) -> str:
    """A scored layout: every card face up, columns framed (matched ones highlighted), points under each."""
    by_columns = rules.pairs != "anywhere"
    width, height = _size(rules, with_foot=by_columns)
    matched_positions = {p for g in groups if g.cancelled for p in g.positions}
    rows = [
        f"{text('row_label', lang, n=r + 1)}{'：' if lang == 'ja' else ': '}"
        + joined([card_spoken(cards[r * rules.cols + c], lang) for c in range(rules.cols)], lang)
        for r in range(rules.rows)
    ]
    described = []
    for index, group in enumerate(groups):
        spoken = text("and", lang).join(card_spoken(c, lang) for c in group.cards)
        points = points_words(group.points, lang)
        note = group_note(rules, group, lang)
        if note:
            points = f"{note}, {points}" if lang == "en" else f"{note}、{points}"
        if by_columns:
            described.append(text("column_points", lang, n=index + 1, cards=spoken, points=points))
        else:
            described.append(f"{spoken}: {points}" if lang == "en" else f"{spoken}：{points}")
    sentence_end = ". " if lang == "en" else "。"
    label = (
        text("layout_label", lang, size=rules.size, rows=rules.rows, cols=rules.cols)
        + sentence_end
        + sentence_end.join(rows)
        + sentence_end
        + sentence_end.join(described)
        + sentence_end
        + text("total_word", lang, points=points_words(total, lang))
        + sentence_end.strip()
    )
    parts = [_svg_open(width, height, label, "golf-layout")]
    if by_columns:
        for index, group in enumerate(groups):
            parts.append(_column_frame(rules, index, group.cancelled))
    places = []
    for position, card in enumerate(cards):
        x, y = _card_origin(rules, position)
        parts.append(_face(card, x, y, position in matched_positions))
        places.append(_face_place(x, y, position + 1))
    parts.append(_face_numbers(places))
    if by_columns:
        for index, group in enumerate(groups):
            x, _ = _card_origin(rules, index)
            y = height - PAD - 4
            css = "golf-col-points golf-col-points-pair" if group.cancelled else "golf-col-points"
            parts.append(
                f'<text class="{css}" x="{x + CARD_W / 2}" y="{y}" text-anchor="middle" font-size="16">'
                f"{escape(points_text(group.points))}</text>"
            )
    parts.append("</svg>")
    return "".join(parts)


def table_layout(rules: Rules, cards: Sequence[int], up: int, lang: str, changed: int | None = None) -> str:
    """A layout during play: face-up cards shown, face-down ones as numbered backs; `changed` (a position) is
    the card that the turn just placed or turned up, outlined."""
    width, height = _size(rules, with_foot=False)
    spoken = []
    for position, card in enumerate(cards):
        shown = card_spoken(card, lang) if up >> position & 1 else text("face_down_word", lang)
        spoken.append(text("position_card", lang, n=position + 1, card=shown))
    sentence_end = ". " if lang == "en" else "。"
    label = text("layout_label", lang, size=rules.size, rows=rules.rows, cols=rules.cols) + sentence_end
    label += joined(spoken, lang) + sentence_end.strip()
    parts = [_svg_open(width, height, label, "golf-layout golf-in-play")]
    parts.extend(_column_frame(rules, col, paired=False) for col in range(rules.cols))
    face_places, back_places = [], []
    for position, card in enumerate(cards):
        x, y = _card_origin(rules, position)
        if up >> position & 1:
            parts.append(_face(card, x, y, matched=False))
            face_places.append(_face_place(x, y, position + 1))
        else:
            parts.append(_back(x, y))
            back_places.append(_back_place(x, y, position + 1))
        if position == changed:
            parts.append(
                f'<rect class="golf-changed" x="{x - 3}" y="{y - 3}" width="{CARD_W + 6}" height="{CARD_H + 6}" rx="8"/>'
            )
    parts.append(_face_numbers(face_places))
    parts.append(_back_numbers(back_places))
    parts.append("</svg>")
    return "".join(parts)


def single_card(card: int, lang: str) -> str:
    """One face-up card alone, as the top of a pile is seen (the walk-through's discard pile); an empty pile is
    drawn as an empty frame."""
    width, height = CARD_W + 2 * PAD, CARD_H + 2 * PAD
    label = card_spoken(card, lang) if card >= 0 else text("empty_pile", lang)
    parts = [_svg_open(width, height, label, "golf-layout golf-in-play")]
    if card >= 0:
        parts.append(_face(card, PAD, PAD, matched=False))
    else:
        parts.append(f'<rect class="golf-col" x="{PAD}" y="{PAD}" width="{CARD_W}" height="{CARD_H}" rx="6"/>')
    parts.append("</svg>")
    return "".join(parts)
