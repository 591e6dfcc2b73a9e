"""The Hard level (information-set Monte Carlo) and the cheating yardstick.

Hard samples complete deals that its seat cannot tell apart from the real one
(the unseen cards shuffled into every face-down position it does not know and
into the stock), plays each candidate action in each sampled deal, finishes
the hole with the fast playout policy (every simulated seat sees only what its
seat may see inside that deal), scores it with the engine and keeps the action
with the best mean result relative to the other seats. The same deals serve
every candidate (common random numbers), weak candidates are dropped round by
round (successive halving), and the work is bounded by a count of simulated
actions, not by the clock, so a seed always gives the same decision.

The cheater runs the same search on the true deal, seeing its own face-down
cards and the stock order: an upper bound for the benchmark, never a level.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable

from ..hole import OPENING, HoleState
from ..observation import Observation, observe
from ..rules import Rules
from .base import Yardstick
from .estimate import Estimator, unseen_counts
from .levels import NORMAL
from .planner import Planner, Style
from .rollout import FastPolicy
from .seat_view import SeatView, sample_world, seen_cards

# Hard's own planner (its favourite move, and which moves the search compares) on 3x3 with column pairs, where a
# column cancels only when all three cards match: it counts on more of the improvement still to come than Normal
# does. With pairs anywhere it would go out too soon, so it is kept to column pairs. The screens that chose 0.9
# are in bench/results/ai_style_screen.md and bench/results/README.md.
LOOKAHEAD_3X3 = dataclasses.replace(NORMAL, name="hard-3x3", foresight=0.9)
PLAYOUT = Style(
    "playout", count_cards=True, foresight=0.5, feed_weight=1.0, ending_samples=0, others_improve=True, patience=2.0
)
STEP_BUDGET = (
    6_000  # simulated steps per decision on the basic game: a p95 under 100 ms on CPython (bench/ai_latency.py)
)
FIRST_ROUND = 6  # sampled deals per candidate in the first round
CANDIDATE_MARGIN = 4.0  # points: moves the planner prices further than this behind its best are not searched
MAX_CANDIDATES = 6  # and at most this many of the planner's best on the basic game: each costs a playout per deal
PLANNER_CALL_COST = 1.5  # a playout move that may end the hole goes to the full planner: it costs this many steps
WIN_WEIGHT = 0.0  # points a playout's result counts for beating the other seats, besides the score margin
DEVIATION_Z = 1.0  # how many standard errors a challenger must beat the planner's favourite by
# ... and on 3x3, where a playout is long and the budget pays for few deals, whose results are skewed (a move that
# usually looks a little better now and then loses big): there a challenger needs stronger evidence. How the
# departures from the planner were valued: bench/ai_deviations.py, bench/results/ai_deviations.md.
DEVIATION_Z_3X3 = 1.5
MIN_PAIRED = 8  # deals a challenger must be compared on first: from fewer, the standard error itself is noise
RECOUNT_COST = 16  # a fresh count of the unseen cards in a long playout: a new estimator, its tables cold
PLAYOUT_COST = 8  # sampling a deal, copying it and scoring the end cost about 8 plain steps per playout
MAX_ROUND = 32  # sampled deals per candidate in one round of the halving, at most
# What a simulated step costs against the basic game's (see step_cost), by (pairs anywhere, layout adjustments).
STEP_COSTS = {(False, False): 1.0, (False, True): 3.0, (True, False): 4.5, (True, True): 16.0}
SMALL_LAYOUT_COST = 1.4  # 2x2: with so few face-down cards, most playout moves may end the hole
THREE_ROWS_COST = 1.5  # 3x3: more places to price per move


def playout(state: HoleState, policy: FastPolicy, omniscient_seat: int = -1) -> float:
    """Finish the hole in place with `policy` for every seat; return its cost in plain steps.

    The cost is deterministic (actions applied, plus fixed costs per playout and per call of the full planner), so
    the same seed always buys the same search.
    """
    steps = 0
    calls, recounts = policy.planner_calls, policy.recounts
    while not state.is_over():
        state.apply_action(policy.choose(state, omniscient_seat))
        steps += 1
    return (
        PLAYOUT_COST
        + steps
        + PLANNER_CALL_COST * (policy.planner_calls - calls)
        + RECOUNT_COST * (policy.recounts - recounts)
    )


def step_cost(rules: Rules) -> float:
    """How much dearer a simulated step is than on the basic game, as measured with bench/ai_latency.py: bigger
    layouts price more slots per move; the layout adjustments and pairs anywhere reprice whole layouts on every
    move. Hard's budget is divided by it, so a decision takes about the same time on every rule set (longer holes
    cost more steps per playout by themselves)."""
    layout_rules = rules.four_of_a_kind or rules.wolfpack or rules.blackjack
    cost = STEP_COSTS[rules.pairs == "anywhere", layout_rules]
    if rules.size <= 4:
        cost *= SMALL_LAYOUT_COST
    return cost * THREE_ROWS_COST if rules.rows == 3 else cost


def guide_style(rules: Rules) -> Style:
    """The planner style that orders Hard's candidates and picks its favourite (and explains the Hint)."""
    return LOOKAHEAD_3X3 if rules.rows == 3 and rules.pairs == "column" else NORMAL


def relative_result(state: HoleState, seat: int) -> float:
    """This seat's points less the others' mean, less WIN_WEIGHT for each other seat it beats (half on a tie)."""
    points = state.returns()
    mine = points[seat]
    others = len(points) - 1
    result = mine - (sum(points) - mine) / others
    if WIN_WEIGHT:
        beaten = sum(1.0 if mine < theirs else 0.5 if mine == theirs else 0.0 for theirs in points) - 0.5
        result -= WIN_WEIGHT * (2 * beaten / others - 1)
    return result


def search(
    root_state: Callable[[], HoleState],
    seat: int,
    candidates: list[int],
    policy: FastPolicy,
    budget: int,
    omniscient: bool = False,
    deviation_z: float = DEVIATION_Z,
) -> tuple[int, dict[int, float]]:
    """Successive halving over `candidates` (the planner's favourite first) on deals from `root_state`.

    The favourite is never dropped, and it is only overruled by a challenger whose paired advantage over it,
    deal by deal, is larger than its standard error times `deviation_z`, measured on at least MIN_PAIRED deals:
    where the playouts cannot tell two moves apart, the planner's judgement stands instead of the noise. Returns
    the move and every mean seen.
    """
    favourite = candidates[0]
    results: dict[int, list[float]] = {action: [] for action in candidates}
    alive = candidates[:]
    steps, playouts = 0.0, 0
    per_round = FIRST_ROUND
    while True:
        if playouts:  # trim the round to what the budget still pays for, at the cost per playout seen so far
            per_round = min(per_round, int((budget - steps) * playouts / (steps * len(alive))))
            if per_round < 1:
                break
        # Deal by deal, every live candidate on each, so the budget is checked between deals: a long hole (3x3,
        # many candidates) overshoots it by one deal at most, and the candidates keep equal, paired samples.
        for _ in range(per_round):
            world = root_state()
            for action in alive:
                state = world.clone()
                state.apply_action(action)
                steps += playout(state, policy, seat if omniscient else -1)
                playouts += 1
                results[action].append(relative_result(state, seat))
            if steps >= budget:
                break
            if playouts == len(alive):
                _trim_to_afford(alive, budget - steps, steps / playouts)
        if len(alive) == 1 or steps >= budget:
            break
        if len(alive) > 2:
            challengers = sorted(alive[1:], key=lambda a: sum(results[a]) / len(results[a]))
            alive = [favourite, *challengers[: max(1, len(alive) // 2 - 1)]]
        per_round = min(per_round * 2, MAX_ROUND)
    means = {a: sum(r) / len(r) for a, r in results.items() if r}
    if len(alive) == 1:
        return favourite, means
    challenger = min(alive[1:], key=lambda a: means[a])
    paired = [mine - theirs for mine, theirs in zip(results[favourite], results[challenger], strict=False)]
    return (challenger if overrules(paired, deviation_z) else favourite), means


def overrules(paired: list[float], deviation_z: float) -> bool:
    """Does a challenger beat the favourite clearly? `paired` holds the favourite's result less the challenger's,
    deal by deal (positive: the challenger did better); its mean must exceed `deviation_z` standard errors."""
    if len(paired) < MIN_PAIRED:
        return False
    advantage = sum(paired) / len(paired)
    spread = math.sqrt(sum((d - advantage) ** 2 for d in paired) / (len(paired) - 1))
    return advantage > deviation_z * spread / math.sqrt(len(paired))


def _trim_to_afford(alive: list[int], budget_left: float, playout_cost: float) -> None:
    """After the first deal: drop the planner's least favoured candidates (last in `alive`) until the budget left
    pays for MIN_PAIRED deals of the rest. Spread thinner, no challenger could overrule the favourite, and the
    search would only have cost time (3x3 two-player holes are long: a playout costs several times a basic one)."""
    while len(alive) > 2 and 1 + budget_left / (playout_cost * len(alive)) < MIN_PAIRED:
        alive.pop()


class HardPolicy:
    """Information-set Monte Carlo over the unseen cards, with the fast planner in the playouts."""

    budget = STEP_BUDGET

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(f"hard/{seed}")

    def choose(self, observation: Observation) -> int:
        return self.decide(observation)[0]

    def decide(self, observation: Observation) -> tuple[int, dict[int, float]]:
        """The action and the mean relative result of every candidate searched (empty when there was no choice)."""
        legal = list(observation.legal_actions)
        view = SeatView.from_observation(observation)
        counts = unseen_counts(observation.rules, observation.players, seen_cards(observation))
        estimator = Estimator(observation.rules, counts, PLAYOUT.foresight)
        if len(legal) == 1:
            return legal[0], {}
        style = guide_style(observation.rules)
        guide = Planner(style, Estimator(observation.rules, counts, style.foresight), self.rng)
        if observation.phase == OPENING:  # every face-down card is alike: no search tells positions apart
            return guide.opening_choice(view), {}
        ranked = guide.ranked(view)
        # Only moves the planner prices near its best are searched: the budget goes to the close calls.
        candidates = [action for price, action in ranked if price <= ranked[0][0] + CANDIDATE_MARGIN]
        # Where steps are dear, fewer candidates, so that one deal played with every candidate (the least the
        # search can do) still fits the time a decision may take.
        cost = step_cost(observation.rules)
        candidates = candidates[: max(2, int(MAX_CANDIDATES / cost**0.5))]
        if len(candidates) == 1:
            return candidates[0], {}
        pool = [card for card, count in enumerate(counts) for _ in range(count)]
        policy = FastPolicy(PLAYOUT, estimator, observation.turns)
        return search(
            lambda: sample_world(observation, pool, self.rng),
            observation.seat,
            candidates,
            policy,
            int(self.budget / cost),
            deviation_z=DEVIATION_Z_3X3 if observation.rules.rows == 3 else DEVIATION_Z,
        )


class Cheater(Yardstick):
    """The same search on the true deal: sees every card. A benchmark yardstick only (see ai.Yardstick)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(f"cheater/{seed}")

    def choose_seeing_all(self, state: HoleState) -> int:
        seat = state.seat
        observation = observe(state, seat)
        legal = list(observation.legal_actions)
        if len(legal) == 1:
            return legal[0]
        view = SeatView.from_state(state, seat, omniscient=True)
        counts = unseen_counts(observation.rules, observation.players, seen_cards(observation))
        guide = Planner(NORMAL, Estimator(observation.rules, counts, NORMAL.foresight), self.rng)
        if observation.phase == OPENING:
            return guide.opening_choice(view)
        policy = FastPolicy(PLAYOUT, Estimator(observation.rules, counts, PLAYOUT.foresight), observation.turns)
        best, best_result = legal[0], float("inf")
        for _, action in guide.ranked(view):  # the true deal and deterministic playouts: one playout each
            trial = state.clone()
            trial.apply_action(action)
            playout(trial, policy, seat)
            result = relative_result(trial, seat)
            if result < best_result:
                best, best_result = action, result
        return best
