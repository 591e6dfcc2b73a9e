"""The fast playout policy of the Hard level: the planner's judgement with its costly parts cut short.

It plays inside a sampled deal and reads the HoleState directly for speed, but
only through the eyes of the seat to move: its face-up cards, its own peeked
cards, everyone's face-up cards, the discard pile and the card in its hand.
Ordinary moves are priced with the estimator's tables (no option lists, no
sampling); the rare moves that can end the hole (going out, knocking, early
knocking, the flip of a last card) are handed to the full planner.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .. import actions as A
from ..cards import UNKNOWN
from ..hole import DRAW, FLIP_AFTER_DISCARD, HOLDING, OPENING, HoleState
from ..observation import known_cards
from ..options import EARLY_KNOCK_MAX_HIDDEN
from .estimate import Estimator, unseen_counts
from .planner import NO_PARTNER, Planner, Style, no_decision_error
from .seat_view import SeatView

# Rounds of turns (one turn per card of a layout, per seat) a playout plays on the root's count of the unseen cards.
RECOUNT_ROUNDS = 2
TIE = 1e-9  # gains closer than this are equal: the first place (or keeping the card) wins the tie


class FastPolicy:
    def __init__(self, style: Style, estimator: Estimator, root_turns: int = 0) -> None:
        self.root = estimator
        self.planner = Planner(style, estimator)
        self._count_from(estimator, root_turns)
        self.root_turns = root_turns
        rules = estimator.rules
        self.size = rules.size
        self.columns = rules.columns
        self.column_of = estimator.column_of
        self.may_end_early = rules.knock or rules.early_knock or rules.flip_as_action
        self.flip_on_discard = rules.flip_on_discard
        self.must_swap = rules.discard_pickup_must_swap
        self.planner_calls = 0  # the full planner is dear: Hard counts its calls against the budget
        self.recounts = 0  # and so is a fresh count of the unseen cards

    def choose(self, state: HoleState, omniscient_seat: int = -1) -> int:
        if state.turns < self.counted_at:  # a new playout from the root: the root's count of the unseen cards
            self._count_from(self.root, self.root_turns)
        elif state.turns >= self.counted_at + RECOUNT_ROUNDS * self.size * state.players:  # a long playout: see recount
            self.recount(state)
        seat = state.seat
        phase = state.phase
        final = state.final_left >= 0
        known = state.full_mask if seat == omniscient_seat else state.up[seat] | state.peeked[seat]
        layout = state.layouts[seat]
        own = known_cards(layout, known)
        hidden = self.size - state.up[seat].bit_count()
        omniscient = seat == omniscient_seat
        if phase == HOLDING:
            return self._place(state, seat, own, hidden, final, omniscient)
        if phase == DRAW:
            if self.may_end_early and not final and self._may_end(state, seat, own, hidden):
                return self._full(state, seat, omniscient)
            est = self.plain if final else self.est
            if state.discard:
                top = state.discard[-1]
                feeds = self._feeds(state, seat, est)
                gains = est.swap_gains(own, top)
                take = max(gain - feeds(own[p]) for p, gain in enumerate(gains))
                if take > est.draw_gain(own) or not (state.stock or len(state.discard) > 1):
                    if not (hidden == 1 and not final and self._would_go_out(own, state, seat, top)):
                        return A.TAKE_DISCARD
                    return self._full(state, seat, omniscient)
            return A.DRAW_STOCK
        if phase == OPENING or (phase == FLIP_AFTER_DISCARD and (hidden == 1 and not final)):
            return self._full(state, seat, omniscient)
        if phase == FLIP_AFTER_DISCARD:
            if self.flip_on_discard == "endgame":  # playouts skip it (the planner flips only when ahead)
                return A.SKIP_FLIP
            # always, and optional at any time, where the planner takes the free look too
            return A.FLIP + self._flip_position(state, seat, own)
        raise no_decision_error(phase)

    def _count_from(self, estimator: Estimator, turns: int) -> None:
        self.est = estimator
        self.plain = estimator.plain()
        self.planner.est = estimator
        self.counted_at = turns

    def recount(self, state: HoleState) -> None:
        """Price the rest of a long playout with the cards still unseen now, as every seat could count them.

        The root's count goes stale as the stock is drawn and reshuffled: in a long hole (3x3) a pool still full
        of high cards long since drawn would keep every seat waiting at one face-down card for a better card,
        up to the turn limit."""
        public = [
            card for s, layout in enumerate(state.layouts) for p, card in enumerate(layout) if state.up[s] >> p & 1
        ]
        public.extend(state.discard)
        if state.held >= 0 and state.held_from_discard:
            public.append(state.held)
        counts = unseen_counts(state.rules, state.players, public)
        self.recounts += 1
        self._count_from(Estimator(state.rules, counts, self.root.foresight), state.turns)

    def _full(self, state: HoleState, seat: int, omniscient: bool) -> int:
        self.planner_calls += 1
        return self.planner.choose(SeatView.from_state(state, seat, omniscient))

    def _would_go_out(self, own: Sequence[int], state: HoleState, seat: int, card: int) -> bool:
        """Would the best place for `card` be the last face-down position?"""
        gains = self.est.swap_gains(own, card)
        best = gains.index(max(gains))
        return not state.up[seat] >> best & 1

    def _may_end(self, state: HoleState, seat: int, own: Sequence[int], hidden: int) -> bool:
        """Is ending the hole now worth the full planner's look? Knocking only for a seat that looks lowest."""
        rules = self.est.rules
        if hidden <= EARLY_KNOCK_MAX_HIDDEN and (rules.early_knock or rules.flip_as_action):
            return True
        if not rules.knock:
            return False
        return self._looks_lowest(state, seat, own, -self.planner.style.patience)  # a knock must beat going on

    def _looks_lowest(self, state: HoleState, seat: int, own: Sequence[int], slack: float) -> bool:
        """Is this seat's expected score below every other seat's (as this seat sees them) plus `slack`?"""
        mine = self.est.layout_estimate(own)
        for other in range(state.players):
            if other == seat:
                continue
            if self.est.layout_estimate(known_cards(state.layouts[other], state.up[other])) + slack <= mine:
                return False
        return True

    def _place(
        self, state: HoleState, seat: int, own: Sequence[int], hidden: int, final: bool, omniscient: bool
    ) -> int:
        if hidden == 1 and not final:
            return self._full(state, seat, omniscient)  # a swap may end the hole: the planner prices the ending
        est = self.plain if final else self.est
        feeds = self._feeds(state, seat, est)
        gains = est.swap_gains(own, state.held)
        best, choice = -1e9, A.DISCARD
        for position, gain in enumerate(gains):
            net = gain - feeds(own[position])
            if net > best + TIE:
                best, choice = net, A.SWAP + position
        if -feeds(state.held) > best + TIE and not (state.held_from_discard and self.must_swap):
            return A.DISCARD
        return choice

    def _feeds(self, state: HoleState, seat: int, est: Estimator) -> Callable[[int], float]:
        """What handing a card to the next seat costs: its gain from taking it beyond a stock draw's (the planner's
        feed, for the next seat's face-up cards)."""
        following = (seat + 1) % state.players
        if 0 <= state.final_left <= 1:
            return _no_feed
        seen = known_cards(state.layouts[following], state.up[following])
        share = 1.0 / (state.players - 1)
        take_gain = est.taker(seen)

        def feed(card: int) -> float:
            if card == UNKNOWN:
                return 0.0
            gain = take_gain(card)
            return gain * share if gain > 0 else 0.0

        return feed

    def _flip_position(self, state: HoleState, seat: int, own: Sequence[int]) -> int:
        """A face-down card whose column partner is known and high: the flip settles that column."""
        points = self.est.rules.card_points
        up = state.up[seat]
        best, choice = NO_PARTNER - 1, -1
        for p in range(self.size):
            if up >> p & 1:
                continue
            partner = max(
                (points[own[q]] for q in self.columns[self.column_of[p]] if q != p and own[q] != UNKNOWN),
                default=NO_PARTNER,
            )
            if partner > best:
                best, choice = partner, p
        return choice


def _no_feed(card: int) -> float:
    return 0.0
