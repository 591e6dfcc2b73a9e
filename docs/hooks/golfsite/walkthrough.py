"""A hole walked through: a seeded hole that the engine deals and plays, told turn by turn.

Every move is the Hint's (the Hard level's) for the seat to move, and the reason shown is the Hint's own reason,
in the page's language: nothing here is written by hand but the sentences that say what a move did. The hole is
played once per build (both languages share it), and the scores shown are checked against the engine's.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from functools import cache
from html import escape

from sixcardgolf import actions as A
from sixcardgolf.cards import format_card
from sixcardgolf.hole import OPENING, HoleState
from sixcardgolf.observation import observe
from sixcardgolf.presets import preset_info
from sixcardgolf.review.hint import hint
from sixcardgolf.rules import Rules
from sixcardgolf.scoring import score_table
from sixcardgolf.text.describe import end_reason_text
from sixcardgolf.text.glossary import term

from .examples import example
from .labels import and_list, card_spoken, has_text, text
from .markers import Context, MarkerError, marker
from .svg import single_card, table_layout
from .templating import html_of, render

PLAYERS = 2


@dataclass(frozen=True)
class Move:
    seat: int
    action: int
    reason: dict[str, str]  # the Hint's reason, by language
    card: int  # the card drawn or taken, placed or thrown away, or turned up
    replaced: int  # the card a swap sent to the discard pile, or -1
    opening: bool  # part of the opening reveal
    final: bool  # made during the final round of turns
    layout: tuple[int, ...]  # the mover's layout after the move
    up: int  # and which of its positions are face up
    discard_top: int  # the top of the discard pile before the move, or -1
    table: tuple[tuple[tuple[int, ...], int], ...]  # every seat's layout and face-up mask before the move


@dataclass(frozen=True)
class Hole:
    preset: str
    seed: int
    dealer: int
    first_discard: int
    moves: tuple[Move, ...]
    layouts: tuple[tuple[int, ...], ...]  # at the end
    went_out: int | None
    end_reason: str
    returns: tuple[int, ...]


@cache
def play_hole(preset: str, seed: int) -> Hole:
    """Deal with `seed` (the second player deals, so player 1 starts) and play every move the Hint suggests."""
    rules = preset_info(preset).rules
    state = HoleState.deal(rules, PLAYERS, PLAYERS - 1, random.Random(seed))
    first_discard = state.discard[-1]
    moves: list[Move] = []
    while not state.is_over():
        seat = state.current_player()
        opening, final = state.phase == OPENING, state.final_left >= 0
        discard_top = state.discard[-1] if state.discard else -1
        table = tuple((tuple(layout), up) for layout, up in zip(state.layouts, state.up, strict=True))
        advice = hint(observe(state, seat), seed * 1000 + len(moves))
        action = advice.action
        card, replaced = state.held, -1
        if A.SWAP <= action < A.SWAP + A.MAX_POSITIONS:
            replaced = state.layouts[seat][action - A.SWAP]
        elif A.FLIP <= action < A.FLIP + A.MAX_POSITIONS:
            card = state.layouts[seat][action - A.FLIP]
        elif action == A.TAKE_DISCARD:
            card = state.discard[-1]
        state.apply_action(action)
        if action == A.DRAW_STOCK:
            card = state.held
        moves.append(
            Move(seat, action, {lang: advice.reason(lang) for lang in ("en", "ja")}, card, replaced, opening, final,
                 tuple(state.layouts[seat]), state.up[seat], discard_top, table)
        )  # fmt: skip
    went_out = None if state.went_out < 0 else state.went_out
    return Hole(preset, seed, PLAYERS - 1, first_discard, tuple(moves), tuple(map(tuple, state.layouts)), went_out,
                str(state.end_reason), tuple(state.returns()))  # fmt: skip


def _player(seat: int, lang: str) -> str:
    return text("player", lang, n=seat + 1)


def _what_happened(move: Move, lang: str) -> str:
    """One sentence: what the move did, with the cards the reader can now see."""
    card = card_spoken(move.card, lang) if move.card >= 0 else ""
    if move.action == A.DRAW_STOCK:
        return text("wt_draw", lang, card=card)
    if move.action == A.TAKE_DISCARD:
        return text("wt_take", lang, card=card)
    if move.action == A.DISCARD:
        return text("wt_discard", lang, card=card)
    if A.SWAP <= move.action < A.SWAP + A.MAX_POSITIONS:
        return text("wt_swap", lang, n=move.action - A.SWAP + 1, old=card_spoken(move.replaced, lang))
    if A.FLIP <= move.action < A.FLIP + A.MAX_POSITIONS:
        return text("wt_flip", lang, n=move.action - A.FLIP + 1, card=card)
    return A.format_action(move.action)


def _table_before(rules: Rules, move: Move, lang: str) -> str:
    """What the mover sees before a turn, besides their own cards: the top of the discard pile and what the other
    player shows, in a sentence and in a drawing, so the reader can check the reasons that follow."""
    other = (move.seat + 1) % PLAYERS
    cards, up = move.table[other]
    shown = [
        text("the_card", lang, card=card_spoken(card, lang))
        for position, card in enumerate(cards)
        if up >> position & 1
    ]
    hidden = rules.size - len(shown)
    pile = card_spoken(move.discard_top, lang)
    key = "wt_before" if hidden else "wt_before_all_up"
    sentence = text(key, lang, card=pile, player=_player(other, lang), cards=and_list(shown, lang), hidden=hidden)
    pile_name = term("discard_pile", lang)
    seats = [
        (pile_name[:1].upper() + pile_name[1:], html_of(single_card(move.discard_top, lang))),
        (_player(other, lang), html_of(table_layout(rules, cards, up, lang))),
    ]
    return render("walk_before.html", discard=format_card(move.discard_top), sentence=sentence, seats=seats)


def _step(move: Move, lang: str) -> dict[str, str]:
    return {"action": A.format_action(move.action), "did": _what_happened(move, lang), "reason": move.reason[lang]}


def _turns(hole: Hole) -> list[list[Move]]:
    """The moves grouped: each player's opening reveal, then each turn (from its draw, or knock, to the next)."""
    groups: list[list[Move]] = []
    for move in hole.moves:
        if move.opening:
            starts = not groups or groups[-1][0].seat != move.seat
        else:
            starts = move.action in (A.DRAW_STOCK, A.TAKE_DISCARD, A.KNOCK, A.EARLY_KNOCK) or groups[-1][0].opening
        if starts:
            groups.append([move])
        else:
            groups[-1].append(move)
    return groups


@marker("walkthrough", required=("preset", "seed"))
def walkthrough(ctx: Context, args: dict[str, str]) -> str:
    if not args["seed"].isdigit():
        raise MarkerError(f"seed={args['seed']!r} must be a whole number")
    preset = preset_info(args["preset"])
    rules = preset.rules
    hole = play_hole(preset.name, int(args["seed"]))
    lang = ctx.lang
    final_texts = ["/".join(" ".join(format_card(c) for c in layout[r * rules.cols : (r + 1) * rules.cols])
                            for r in range(rules.rows)) for layout in hole.layouts]  # fmt: skip
    scores = score_table(rules, [list(layout) for layout in hole.layouts], went_out=hole.went_out)
    if tuple(s.total for s in scores) != hole.returns:
        raise MarkerError(f"the walked-through hole scores {hole.returns} in play but {[s.total for s in scores]} "
                          "when its final layouts are scored: the engine disagrees with itself")  # fmt: skip

    blocks = [f"## {text('wt_deal_title', lang)} {{#deal}}"]
    dealt = text("wt_deal", lang, dealer=_player(hole.dealer, lang), size=rules.size,
                 card=card_spoken(hole.first_discard, lang), first=_player((hole.dealer + 1) % PLAYERS, lang))  # fmt: skip
    blocks.append(f"<p>{escape(dealt)}</p>")
    blocks.append(_seats(rules, [(seat, hole.layouts[seat], 0) for seat in range(PLAYERS)], lang))
    turn_number = 0
    for group in _turns(hole):
        first, last = group[0], group[-1]
        if first.opening:
            title = text("wt_opening_title", lang, player=_player(first.seat, lang))
            anchor = f"opening-{first.seat + 1}"
        else:
            turn_number += 1
            key = "wt_final_turn_title" if first.final else "wt_turn_title"
            title = text(key, lang, n=turn_number, player=_player(first.seat, lang))
            anchor = f"turn-{turn_number}"
        blocks.append(f"## {title} {{#{anchor}}}")
        if not first.opening:
            blocks.append(_table_before(rules, first, lang))
        placed = [m.action - A.SWAP for m in group if A.SWAP <= m.action < A.SWAP + A.MAX_POSITIONS]
        picture = table_layout(rules, last.layout, last.up, lang, changed=placed[-1] if placed else None)
        blocks.append(
            render(
                "walk_turn.html",
                seat=last.seat + 1,
                steps=[_step(move, lang) for move in group],
                why=text("wt_why", lang),
                gap=text("gap", lang),
                picture=html_of(picture),
                caption=text("wt_after", lang, player=_player(last.seat, lang)),
            )
        )
    blocks.append(f"## {text('wt_score_title', lang)} {{#scoring}}")
    seat_out = hole.went_out if hole.went_out is not None else 0
    key = f"wt_end_{hole.end_reason}"
    ending = (
        text(key, lang, player=_player(seat_out, lang)) if has_text(key) else end_reason_text(hole.end_reason, lang)
    )
    blocks.append(f"<p>{escape(ending)}</p>")
    example_args = {"preset": preset.name, "layouts": " | ".join(final_texts)}
    if hole.went_out is not None:
        example_args["went_out"] = str(hole.went_out + 1)
    blocks.append(example(ctx, example_args))
    data = {"seed": hole.seed, "dealer": hole.dealer + 1, "actions": [A.format_action(m.action) for m in hole.moves]}
    return (
        f'<div class="golf-walkthrough" data-preset="{preset.name}" data-walk="{escape(json.dumps(data))}" '
        f'markdown="1">\n\n' + "\n\n".join(blocks) + "\n\n</div>"
    )


def _seats(rules: Rules, seats: list[tuple[int, tuple[int, ...], int]], lang: str) -> str:
    """Several players' layouts side by side, each under its player's name."""
    shown = [(_player(seat, lang), html_of(table_layout(rules, cards, up, lang))) for seat, cards, up in seats]
    return render("seats.html", seats=shown)
