"""The layout diagram: a worked example in the rules' own layout, drawn and scored by the engine.

The engine chooses the cards (`overview.example_layout`: a matched first column, then high, low
and negative cards, checked against the rules' decks); its scoring (`group_tuples`,
`layout_adjustments`) then gives every number printed with it.
Sizes are in pt (viewBox 1:1) so the 8 pt floor for text holds on paper; squeezing a
dense sheet shrinks the cards, and a card's face (rank and suit) only as far as it must to stay inside
its frame, never below that floor.
"""

from __future__ import annotations

from dataclasses import dataclass

from sixcardgolf import Group, Rules
from sixcardgolf.cards import RANKS, SUIT_SYMBOLS, SUITS, rank_of, suit_of
from sixcardgolf.scoring import group_tuples, layout_adjustments
from sixcardgolf.text.overview import example_layout

from .page import FONT_STACKS, esc, points_text

INK, RED, ACCENT, MUTED = "#1d1d1b", "#b3261e", "#1f6f50", "#6b6b6b"
POSITION_PT, RANK_PT, POINTS_PT = 8.0, 12.5, 10.0  # text sizes, fixed
# A card's face is Latin letters and suit symbols, so it is set in the English sheets' font in both languages:
# Noto Sans CJK draws ♠♥♦♣ a full em wide, which pushed the faces of the squeezed Japanese sheets over their
# frames (japanese-review.md S3-31). In Liberation Sans Bold the widest face, 10♣, is 1.77 em wide.
FACE_FONT = FONT_STACKS["en"]
FACE_WIDEST_EM = 1.77
FACE_INSET = 2.0  # pt kept clear between a face and its card's edge, on each side


@dataclass(frozen=True)
class Geometry:
    card_w: float = 30.0
    card_h: float = 40.0
    gap: float = 7.0
    pad: float = 4.0
    number_row: float = 15.0  # room under the grid for each column's points

    @classmethod
    def scaled(cls, scale: float) -> Geometry:
        return cls(30.0 * scale, 40.0 * scale, 7.0 * scale, 4.0, 15.0)

    @property
    def face_pt(self) -> float:
        """The size of a card's face: RANK_PT, or smaller on a squeezed card, so that the widest face fits."""
        return min(RANK_PT, (self.card_w - 2 * FACE_INSET) / FACE_WIDEST_EM)

    def card_xy(self, rules: Rules, position: int) -> tuple[float, float]:
        row, col = divmod(position, rules.cols)
        return self.pad + col * (self.card_w + self.gap), self.pad + row * (self.card_h + self.gap)


@dataclass(frozen=True)
class Example:
    """One layout's hole score: its groups and the adjustments a layout earns alone.

    Adjustments that compare players (underdog, tied shame, going out) need a table, so a
    single example layout leaves them out rather than award itself "lowest".
    """

    cards: tuple[int, ...]
    groups: tuple[Group, ...]
    adjustments: tuple[tuple[str, int], ...]
    total: int
    svg: str
    width_pt: float  # the drawing's width on paper


def build_example(rules: Rules, font_family: str, card_scale: float = 1.0) -> Example:
    """The example for these rules; `font_family` is the sheet's own stack (SVG text would
    otherwise fall back to the renderer's default sans-serif)."""
    cards = example_layout(rules)
    raw = group_tuples(rules, cards)
    groups = tuple(Group(g[0], tuple(cards[p] for p in g[0]), g[1], g[2]) for g in raw)
    adjustments = tuple(layout_adjustments(rules, raw))
    total = sum(g.points for g in groups) + sum(points for _, points in adjustments)
    geometry = Geometry.scaled(card_scale)
    svg = _svg(rules, cards, groups, geometry, font_family)
    return Example(tuple(cards), groups, adjustments, total, svg, _width(rules, geometry))


def _card_svg(rules: Rules, geo: Geometry, position: int, card: int) -> str:
    x, y = geo.card_xy(rules, position)
    suit = suit_of(card)
    if suit is None:
        face, colour = "JK", INK
    else:
        face = RANKS[rank_of(card)] + SUIT_SYMBOLS[suit]
        colour = RED if SUITS[suit] in ("H", "D") else INK
    return (
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{geo.card_w:.1f}" height="{geo.card_h:.1f}" rx="3" fill="#ffffff" '
        f'stroke="{INK}" stroke-width="0.8"/>'
        f'<text x="{x + 2.5:.1f}" y="{y + POSITION_PT:.1f}" font-size="{POSITION_PT}" fill="{MUTED}">{position + 1}</text>'
        f'<text class="face" x="{x + geo.card_w / 2:.1f}" y="{y + geo.card_h / 2 + geo.face_pt * 0.55:.1f}" '
        f'font-family="{esc(FACE_FONT)}" font-size="{geo.face_pt:.2f}" font-weight="bold" text-anchor="middle" '
        f'fill="{colour}">{esc(face)}</text>'
    )


def _outline_svg(rules: Rules, geo: Geometry, positions: tuple[int, ...]) -> str:
    corners = [geo.card_xy(rules, p) for p in positions]
    x0, y0 = min(x for x, _ in corners) - 3, min(y for _, y in corners) - 3
    x1, y1 = max(x for x, _ in corners) + geo.card_w + 3, max(y for _, y in corners) + geo.card_h + 3
    return (
        f'<rect x="{x0:.1f}" y="{y0:.1f}" width="{x1 - x0:.1f}" height="{y1 - y0:.1f}" rx="5" fill="none" '
        f'stroke="{ACCENT}" stroke-width="1.6" stroke-dasharray="4 2"/>'
    )


def _width(rules: Rules, geo: Geometry) -> float:
    return 2 * geo.pad + rules.cols * geo.card_w + (rules.cols - 1) * geo.gap


def _svg(rules: Rules, cards: list[int], groups: tuple[Group, ...], geo: Geometry, font_family: str) -> str:
    width = _width(rules, geo)
    grid_height = 2 * geo.pad + rules.rows * geo.card_h + (rules.rows - 1) * geo.gap
    by_columns = rules.pairs != "anywhere"
    height = grid_height + (geo.number_row if by_columns else 0)
    parts = [_card_svg(rules, geo, p, c) for p, c in enumerate(cards)]
    parts += [_outline_svg(rules, geo, g.positions) for g in groups if g.cancelled and len(g.positions) > 1]
    if by_columns:
        # Groups are the columns, left to right: print each column's points beneath it.
        for group in groups:
            x = geo.card_xy(rules, group.positions[0])[0] + geo.card_w / 2
            colour = ACCENT if group.cancelled else INK
            parts.append(
                f'<text x="{x:.1f}" y="{grid_height + POINTS_PT:.1f}" font-size="{POINTS_PT}" font-weight="bold" '
                f'text-anchor="middle" fill="{colour}">{esc(points_text(group.points))}</text>'
            )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="layout-diagram" font-family="{esc(font_family)}" '
        f'width="{width:.1f}pt" '
        f'height="{height:.1f}pt" viewBox="0 0 {width:.1f} {height:.1f}" role="img">{"".join(parts)}</svg>'
    )


def sum_expression(example: Example, adjustment_names: dict[str, str]) -> str:
    """The example's arithmetic as printed, e.g. `0 + 5 + 8 = 13`, adjustments named."""
    terms = [points_text(g.points) for g in example.groups]
    terms += [f"{points_text(points)} {adjustment_names[key]}" for key, points in example.adjustments]
    text = " + ".join(f"({t})" if t.startswith("−") and i else t for i, t in enumerate(terms))
    return f"{text} = {points_text(example.total)}"
