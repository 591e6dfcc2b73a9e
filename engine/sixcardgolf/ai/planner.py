"""The hand-crafted player behind Easy and Normal, and the fast playout policy of Hard.

Every option is priced as an expected *relative* score: this seat's points
minus the mean of the other seats' points (lower is better). An option that
lets the hole go on is priced with the layouts' values (estimate less the
improvement still to come); an option that ends the hole (going out, a knock,
an early knock, the flip of a last face-down card) is priced by scoring
estimated or sampled final layouts with the engine's own scoring functions,
so every penalty, bonus and tie rule of the rules value counts.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from .. import actions as A
from ..cards import UNKNOWN
from ..errors import UsageError
from ..hole import DRAW, FLIP_AFTER_DISCARD, HOLDING, OPENING, PHASE_NAMES
from ..messages import both
from ..rules import Rules
from ..scoring import compares_players, hole_points, table_adjustments
from .estimate import Estimator
from .seat_view import SeatView

GOES_OUT, KNOCKS, EARLY_KNOCKS = "out", "knock", "early"
NEAR_MISS = 4.0  # points: a beginner's slip picks among the next options at most this far behind the best
FLIP_FOR_A_DRAW = 0.05  # points: a flip instead of a draw gives up the draw's gain and only tells you a card
FLIP_NUDGE = 0.01  # points: flipping when ahead brings the end nearer (welcome), when behind (not welcome)
PARTNER_PULL = 0.0001  # per point of a flipped card's known column partner: flips that settle a high column first
NO_PARTNER = -100  # the "partner points" of a face-down card whose column partners are all unknown
# points: with flip_on_discard=optional a flip that does not go out is a free look at a card, ahead or behind.
# Measured Normal against Normal, 2 players, one seat changed on the same deals: always taking such a flip scored
# 0.16 +- 0.07 points a hole better than the endgame's rule (flip when ahead; 16,000 holes), never taking it 2.4
# +- 0.2 worse than that rule (3,000). Under the endgame rule always flipping lost 1.0 +- 0.1 (6,000): `optional`
# only. Larger than the nudges above, so it decides alone; the partner pull still picks which card.
FREE_LOOK = 0.1
# Scenarios for point estimates of an ending: this seat's score off by minus, nothing, plus one spread.
SCENARIOS = ((-1.0, 0.25), (0.0, 0.5), (1.0, 0.25))


@dataclass(frozen=True)
class Style:
    """The knobs that make one heuristic player differ from another."""

    name: str
    count_cards: bool  # price unknown cards from the unseen pool (else from the whole shoe)
    foresight: float  # share of the remaining improvement expected if the hole goes on
    feed_weight: float  # how much it minds handing the next seat a useful discard
    ending_samples: int  # sampled deals to price an ending (0: three point scenarios)
    others_improve: bool  # expects the others to improve in their final turns
    blunder: float = 0.0  # chance of a beginner's slip when several options are sensible
    take_margin: float = 0.0  # extra points a discard must save before it is taken
    patience: float = 0.0  # points an ending must beat going on by: going on keeps the option to end later


class Planner:
    def __init__(self, style: Style, estimator: Estimator, rng: random.Random | None = None) -> None:
        self.style = style
        self.est = estimator
        self.rng = rng
        self._others: float | None = None
        self._next_seat_gain: Callable[[int], float] | None = None  # the next seat's take_gain, this decision

    # -- the decision --------------------------------------------------------------
    def choose(self, view: SeatView) -> int:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        self._others = None
        self._next_seat_gain = None
        if view.phase == OPENING:
            return self.opening_choice(view)
        if view.phase == DRAW:
            options = self.draw_options(view)
        elif view.phase == HOLDING:
            options = self.holding_options(view, view.held, view.held_from_discard)
        elif view.phase == FLIP_AFTER_DISCARD:
            options = self.flip_options(view)
        else:
            raise no_decision_error(view.phase)
        return self.pick(options)

    def pick(self, options: list[tuple[float, int]]) -> int:
        """The cheapest option (the first listed on a tie); sometimes, for a beginner, a near miss."""
        ranked = sorted(options, key=lambda option: option[0])
        if self.style.blunder and self.rng is not None and len(ranked) > 1 and self.rng.random() < self.style.blunder:
            near = [option for option in ranked[1:3] if option[0] < ranked[0][0] + NEAR_MISS]
            if near:
                return self.rng.choice(near)[1]
        return ranked[0][1]

    def ranked(self, view: SeatView) -> list[tuple[float, int]]:
        """Every option with its price, cheapest first (for the hint and for ordering Hard's search)."""
        self._others = None
        self._next_seat_gain = None
        if view.phase == DRAW:
            options = self.draw_options(view)
        elif view.phase == HOLDING:
            options = self.holding_options(view, view.held, view.held_from_discard)
        elif view.phase == FLIP_AFTER_DISCARD:
            options = self.flip_options(view)
        else:
            options = [(0.0, self.opening_choice(view))]
        return sorted(options, key=lambda option: option[0])

    # -- opening -----------------------------------------------------------------
    def opening_choice(self, view: SeatView) -> int:
        """Reveal (or peek at) one card per column first, top row first: more columns to pair into."""
        own = view.own
        best, choice = None, view.legal[0]
        for action in view.legal:
            position = action - A.FLIP
            column = self.est.columns[self.est.column_of[position]]
            known_in_column = sum(own[p] != UNKNOWN for p in column)
            key = (known_in_column, position)
            if best is None or key < best:
                best, choice = key, action
        return choice

    # -- prices ------------------------------------------------------------------
    def others_value(self, view: SeatView) -> float:
        """Mean value of the other layouts if the hole goes on (the same for every continuing option)."""
        if self._others is None:
            seats = [s for s in range(view.players) if s != view.seat]
            if view.in_final_round():
                self._others = sum(self.est.layout_estimate(view.layouts[s]) for s in seats) / len(seats)
            else:
                self._others = sum(self.est.layout_value(view.layouts[s]) for s in seats) / len(seats)
        return self._others

    def gains(self, view: SeatView) -> Estimator:
        """Whose gains count: values while the hole goes on, plain estimates in the final round."""
        return self.est.plain() if view.in_final_round() else self.est

    def going_on(self, view: SeatView, cards: list[int]) -> float:
        """Price of a layout when the hole goes on (or ends after the final round, when nobody improves later)."""
        if view.in_final_round():
            return self.est.layout_estimate(cards) - self.others_value(view)
        return self.est.layout_value(cards) - self.others_value(view)

    def feed(self, view: SeatView, card: int) -> float:
        """What handing `card` to the next seat (top of the discard pile) costs this seat."""
        if not self.style.feed_weight or card == UNKNOWN or not view.next_seat_moves_again():
            return 0.0
        if self._next_seat_gain is None:  # cached by the estimator across decisions: the playouts repeat them
            self._next_seat_gain = self.gains(view).taker(view.layouts[(view.seat + 1) % view.players])
        gain = self._next_seat_gain(card)
        return self.style.feed_weight * gain / (view.players - 1) if gain > 0 else 0.0

    def final_turn_gain(self, view: SeatView, seat: int, top: int) -> float:
        """Points `seat` can expect to save in one last turn, with `top` on the discard pile."""
        layout = view.layouts[seat]
        plain = self.est.plain()
        gain = plain.draw_gain(layout)
        if top != UNKNOWN and seat == (view.seat + 1) % view.players:
            gain += max(0.0, plain.take_gain(layout, top))  # the discard's best swap, if it beats a draw
        return max(0.0, gain)

    def ending(self, view: SeatView, cards: list[int], kind: str, top: int) -> float:
        """Price of ending the hole with this seat's layout `cards` (UNKNOWN: face down, scored as it lies)."""
        rules = view.rules
        me = view.seat
        others_move = kind == KNOCKS or (kind == GOES_OUT and rules.end_of_hole == "final_turns")
        went_out = me if kind != KNOCKS else None
        knocked = me if kind == KNOCKS else None
        seats = range(view.players)
        gains = [0.0] * view.players
        if others_move and self.style.others_improve:
            for s in seats:
                if s != me:
                    gains[s] = self.final_turn_gain(view, s, top)
        layouts = [cards if s == me else view.layouts[s] for s in seats]
        if self.style.ending_samples and self.rng is not None and self.est.total:
            return self._sampled_ending(view, layouts, gains, went_out, knocked) + self.style.patience
        scores = [self.est.layout_estimate(layout) - gain for layout, gain in zip(layouts, gains, strict=True)]
        hidden = sum(layout.count(UNKNOWN) for layout in layouts) / view.players
        spread = self.est.spread * (hidden + 1) ** 0.5
        price = 0.0
        for shift, weight in SCENARIOS:
            trial = scores[:]
            trial[me] += shift * spread
            price += weight * _relative(rules, trial, me, went_out, knocked)
        return price + self.style.patience

    def _sampled_ending(
        self, view: SeatView, layouts: list[list[int]], gains: list[float], went_out: int | None, knocked: int | None
    ) -> float:
        assert self.rng is not None
        rules = view.rules
        pool = [card for card, count in self.est.distinct for _ in range(count)]
        slots = [(s, p) for s, layout in enumerate(layouts) for p, card in enumerate(layout) if card == UNKNOWN]
        fixed = [
            hole_points(rules, layout) - gains[s] if UNKNOWN not in layout else None for s, layout in enumerate(layouts)
        ]
        samples = self.style.ending_samples
        price = 0.0
        for _ in range(samples):
            drawn = self.rng.sample(pool, len(slots)) if len(slots) <= len(pool) else []
            filled = [layout[:] for layout in layouts]
            for (s, p), card in zip(slots, drawn, strict=False):
                filled[s][p] = card
            scores = [
                known if known is not None else hole_points(rules, filled[s]) - gains[s]
                for s, known in enumerate(fixed)
            ]
            price += _relative(rules, scores, view.seat, went_out, knocked)
        return price / samples

    # -- options by phase ----------------------------------------------------------
    def draw_options(self, view: SeatView) -> list[tuple[float, int]]:
        own = view.own
        now = self.going_on(view, own)
        options: list[tuple[float, int]] = []
        legal = view.legal
        if A.DRAW_STOCK in legal:
            options.append((now - self.gains(view).draw_gain(own), A.DRAW_STOCK))
        if A.TAKE_DISCARD in legal:
            taken = self.holding_options(view, view.discard_top, True)
            options.append((min(price for price, _ in taken) + self.style.take_margin, A.TAKE_DISCARD))
        if A.KNOCK in legal:
            options.append((self.ending(view, own, KNOCKS, view.discard_top), A.KNOCK))
        if A.EARLY_KNOCK in legal:
            revealed = [UNKNOWN if view.is_hidden(view.seat, p) else c for p, c in enumerate(own)]
            options.append((self.ending(view, revealed, EARLY_KNOCKS, view.discard_top), A.EARLY_KNOCK))
        last = view.hidden_count(view.seat) == 1
        for action in legal:
            if A.FLIP <= action < A.FLIP + A.MAX_POSITIONS:
                if last and not view.in_final_round():
                    options.append((self.ending(view, own, GOES_OUT, view.discard_top), action))
                else:  # a flip instead of a draw gives up the draw's gain; it only tells you a card
                    options.append((now + FLIP_FOR_A_DRAW, action))
        return options

    def holding_options(self, view: SeatView, card: int, from_discard: bool) -> list[tuple[float, int]]:
        own = view.own
        me = view.seat
        now = self.going_on(view, own)
        last = view.hidden_count(me) == 1 and not view.in_final_round()
        options: list[tuple[float, int]] = []
        gains = self.gains(view).swap_gains(own, card)
        for position, gain in enumerate(gains):
            displaced = own[position]
            if last and view.is_hidden(me, position):
                trial = own[:]
                trial[position] = card
                price = self.ending(view, trial, GOES_OUT, displaced)
            else:
                price = now - gain + self.feed(view, displaced)
            options.append((price, A.SWAP + position))
        may_discard = not (from_discard and view.rules.discard_pickup_must_swap)
        if may_discard:
            options.append((self._discard_price(view, card, from_discard, now), A.DISCARD))
        return options

    def _discard_price(self, view: SeatView, card: int, from_discard: bool, now: float) -> float:
        rules = view.rules
        me = view.seat
        keep = now + self.feed(view, card)
        hidden = view.hidden_count(me)
        if from_discard or rules.flip_on_discard == "never" or hidden != 1 or view.in_final_round():
            return keep  # no flip, or a flip that leaves the expected points where they are
        going_out = self.ending(view, view.own, GOES_OUT, card)
        if rules.flip_on_discard == "always":
            return going_out
        # endgame or optional: with one face-down card left the endgame has begun, so either way the flip is on
        # offer and may be skipped; the discard is worth the better of going out and going on.
        return min(keep, going_out)

    def flip_options(self, view: SeatView) -> list[tuple[float, int]]:
        own = view.own
        me = view.seat
        now = self.going_on(view, own)
        last = view.hidden_count(me) == 1 and not view.in_final_round()
        options: list[tuple[float, int]] = []
        if A.SKIP_FLIP in view.legal:
            options.append((now, A.SKIP_FLIP))
        ahead = now < 0
        free_look = FREE_LOOK if view.rules.flip_on_discard == "optional" else 0.0
        for action in view.legal:
            if action == A.SKIP_FLIP:
                continue
            position = action - A.FLIP
            if last:
                price = self.ending(view, own, GOES_OUT, view.discard_top)
            else:
                # Flipping costs nothing on average; when ahead it brings the end nearer. Prefer a card whose
                # column partner is known and high: the flip then settles whether that column needs work.
                partner = max(
                    (
                        self.est.rules.card_points[own[p]]
                        for p in self._column(position)
                        if p != position and own[p] != UNKNOWN
                    ),
                    default=NO_PARTNER,
                )
                price = now + (-FLIP_NUDGE if ahead else FLIP_NUDGE) - PARTNER_PULL * partner - free_look
            options.append((price, action))
        return options

    def _column(self, position: int) -> tuple[int, ...]:
        return self.est.columns[self.est.column_of[position]]


def no_decision_error(phase: int) -> UsageError:
    return UsageError(*both("error.ai.no_decision", phase=PHASE_NAMES[phase]))


def _relative(rules: Rules, scores: list[float], me: int, went_out: int | None, knocked: int | None) -> float:
    """This seat's final points minus the others' mean, with the engine's table adjustments on rounded scores."""
    totals = scores
    if compares_players(rules):
        extra = table_adjustments(rules, [round(score) for score in scores], went_out, knocked)
        totals = [
            score + sum(points for _, points in adjustments) for score, adjustments in zip(scores, extra, strict=True)
        ]
    return totals[me] - (sum(totals) - totals[me]) / (len(totals) - 1)
