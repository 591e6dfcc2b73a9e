"""What one seat may know (RULES.md §4), and nothing more.

Face-up cards and the whole discard pile are public. Face-down cards are
unknown to everyone, their owner included, except cards the owner peeked at.
The stock order is unknown to everyone. The card in hand is known to the seat
holding it, and to everyone when it was taken from the (public) discard pile.
Computer players and the hint read only this.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import itemgetter
from typing import Any

from . import actions as A
from .actions import format_action
from .cards import UNKNOWN, format_card
from .hole import HOLDING, NO_CARD, NO_SEAT, PHASE_NAMES, EndReason, HoleState, Phase
from .rules import LAYOUTS, Rules

__all__ = ["UNKNOWN", "Observation", "observe", "public_event"]


@dataclass(frozen=True)
class Observation:
    rules: Rules
    seat: int
    players: int
    dealer: int
    phase: Phase
    to_move: int  # NO_SEAT when the hole is over
    layouts: tuple[tuple[int, ...], ...]  # UNKNOWN for a card this seat cannot see
    up: tuple[int, ...]  # face-up bit masks per seat
    peeked: int  # this seat's own face-down cards it knows (bit mask)
    discard: tuple[int, ...]  # bottom to top
    stock_count: int
    held: int  # UNKNOWN unless this seat may see the card in hand
    held_from_discard: bool
    turns: int
    final_left: int
    went_out: int
    knocker: int
    end_reason: EndReason | None
    visible_scores: tuple[int, ...]
    legal_actions: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form for the playground (card notation, 1-based positions in actions)."""

        def card(c: int) -> str | None:
            return None if c == UNKNOWN else format_card(c)

        return {
            "seat": self.seat,
            "players": self.players,
            "dealer": self.dealer,
            "phase": PHASE_NAMES[self.phase],
            "to_move": None if self.to_move == NO_SEAT else self.to_move,
            "layouts": [
                [
                    {
                        "card": card(c),
                        "up": bool(self.up[s] >> p & 1),
                        "peeked": s == self.seat and bool(self.peeked >> p & 1),
                    }
                    for p, c in enumerate(layout)
                ]
                for s, layout in enumerate(self.layouts)
            ],
            "discard": [format_card(c) for c in self.discard],
            "stock_count": self.stock_count,
            "held": card(self.held),
            "held_from": None
            if self.to_move == NO_SEAT or self.phase != HOLDING
            else ("discard" if self.held_from_discard else "stock"),
            "turns": self.turns,
            "turn_limit": self.rules.turn_limit,
            "final_turns_left": self.final_left if self.final_left >= 0 else None,
            "went_out": None if self.went_out == NO_SEAT else self.went_out,
            "knocker": None if self.knocker == NO_SEAT else self.knocker,
            "end_reason": self.end_reason,
            "visible_scores": list(self.visible_scores),
            "legal_actions": [format_action(a) for a in self.legal_actions],
        }


def observe(state: HoleState, seat: int) -> Observation:
    size = state.rules.size
    pickers = _PICKERS[size]
    layouts = []
    for s, layout in enumerate(state.layouts):
        known = state.up[s] | (state.peeked[s] if s == seat else 0)
        layouts.append(pickers[known]([*layout, UNKNOWN]))
    may_see_held = state.held != NO_CARD and (seat == state.seat or state.held_from_discard)
    return Observation(
        rules=state.rules,
        seat=seat,
        players=state.players,
        dealer=state.dealer,
        phase=state.phase,
        to_move=state.current_player(),
        layouts=tuple(layouts),
        up=tuple(state.up),
        peeked=state.peeked[seat],
        discard=tuple(state.discard),
        stock_count=len(state.stock),
        held=state.held if may_see_held else UNKNOWN,
        held_from_discard=state.held_from_discard,
        turns=state.turns,
        final_left=state.final_left,
        went_out=state.went_out,
        knocker=state.knocker,
        end_reason=state.end_reason,
        visible_scores=tuple([state.visible_score(s) for s in range(state.players)]),
        legal_actions=tuple(state.legal_actions(seat)),
    )


def public_event(state: HoleState, action: int) -> dict[str, Any]:
    """What every seat sees of `action`, made by the seat to move; call it before the action is applied.

    Cards are named only when the move shows them to everyone: the card taken
    from the discard pile, a discarded card, and for a swap the card put in
    (face up from then on) and the card it replaced (face up on the discard
    pile). A draw from the stock names no card.
    """
    state.check_legal(action)
    seat = state.seat
    event: dict[str, Any] = {"seat": seat, "action": format_action(action)}
    if action == A.TAKE_DISCARD:
        event["card"] = format_card(state.discard[-1])
    elif action == A.DISCARD:
        event["card"] = format_card(state.held)
    elif A.SWAP <= action < A.SWAP + A.MAX_POSITIONS:
        event["card"] = format_card(state.held)
        event["replaced"] = format_card(state.layouts[seat][action - A.SWAP])
    return event


def _pickers(size: int) -> list[itemgetter[Any]]:
    """By known mask: a getter that reads a layout with UNKNOWN appended (index `size`) as the seat sees it.

    Every hidden position reads the appended UNKNOWN, so one C-level call builds the tuple.
    """
    return [itemgetter(*(p if known >> p & 1 else size for p in range(size))) for known in range(1 << size)]


_PICKERS = {rows * cols: _pickers(rows * cols) for rows, cols in LAYOUTS.values()}
