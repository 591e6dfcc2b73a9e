"""How many points one move loses against another, judged from one seat's observation alone.

The comparison is Hard's own measure (`ai/search.py`): deals that the seat
cannot tell apart from the real one are sampled from its observation, both
moves are played on each deal (the same deal for both: common random numbers,
so the difference is measured, not two noisy totals), the hole is finished
with Hard's fast playout policy and each result is the seat's points less the
other seats' mean. The loss is the mean paired difference, and its
uncertainty the standard error of that mean.

One deal's difference is noisy (a standard deviation of 7-12 points on the
basic game: the two holes run on differently after the move), so deals are
added round by round until the verdict is settled (clearly a loss of at least
FLAG_THRESHOLD, or clearly not) or the budget is spent. The work is counted in
simulated steps, like Hard's, so the same seed always gives the same figures.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from ..ai.estimate import Estimator, unseen_counts
from ..ai.rollout import FastPolicy
from ..ai.search import PLAYOUT, STEP_BUDGET, playout, relative_result, step_cost
from ..ai.seat_view import sample_world, seen_cards
from ..observation import Observation

FLAG_THRESHOLD = 0.5  # points: a move that loses less than this against the better one is not a mistake
FLAG_Z = 2.0  # and a loss is only called one when it is this many standard errors above zero
# Simulated steps a comparison may spend on the basic game, divided by step_cost(rules) like Hard's budget.
COMPARE_BUDGET = 3 * STEP_BUDGET
ROUND = 16  # deals per round: the least a standard error is computed from, and the step between verdicts


@dataclass(frozen=True)
class Loss:
    """What a move lost against a better one, in points (negative: it did better), and how sure that is."""

    points: float  # mean of the paired differences, played less better
    error: float  # standard error of that mean
    deals: int  # sampled deals it was measured on

    @property
    def flagged(self) -> bool:
        """A mistake worth showing: at least FLAG_THRESHOLD points, and FLAG_Z standard errors above zero."""
        return self.points >= FLAG_THRESHOLD and self.points >= FLAG_Z * self.error

    @property
    def settled(self) -> bool:
        """More deals would hardly change the verdict: clearly above the threshold, or clearly below it."""
        return abs(self.points - FLAG_THRESHOLD) > FLAG_Z * self.error


def expected_loss(
    observation: Observation, played: int, better: int, rng: random.Random, deals: int | None = None
) -> Loss:
    """The loss of `played` against `better` for the seat of `observation` (which must be the seat to move).

    With `deals`, exactly that many deals (rounded up to whole rounds) are measured, whatever the verdict and the
    budget: the puzzles (sixcardgolf.puzzles) need a tight interval for a fixed, larger effort, not a verdict."""
    rules = observation.rules
    counts = unseen_counts(rules, observation.players, seen_cards(observation))
    pool = [card for card, count in enumerate(counts) for _ in range(count)]
    policy = FastPolicy(PLAYOUT, Estimator(rules, counts, PLAYOUT.foresight), observation.turns)
    budget = COMPARE_BUDGET / step_cost(rules)
    differences: list[float] = []
    steps = 0.0
    while True:
        for _ in range(ROUND):
            world = sample_world(observation, pool, rng)
            results = []
            for action in (played, better):
                state = world.clone()
                state.apply_action(action)
                steps += playout(state, policy)
                results.append(relative_result(state, observation.seat))
            differences.append(results[0] - results[1])
        loss = _summary(differences)
        if deals is not None:
            if loss.deals >= deals:
                return loss
        elif loss.settled or steps >= budget:
            return loss


def _summary(differences: list[float]) -> Loss:
    deals = len(differences)
    mean = sum(differences) / deals
    spread = math.sqrt(sum((d - mean) ** 2 for d in differences) / (deals - 1))
    return Loss(mean, spread / math.sqrt(deals), deals)
