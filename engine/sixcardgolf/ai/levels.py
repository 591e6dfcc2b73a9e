"""The Easy and Normal computer players: the hand-crafted planner with two sets of knobs.

Normal counts cards (an unknown card is priced from the cards it has not seen),
weighs the improvement everyone can still make before deciding to end the
hole (and ends it only by a margin: going on keeps the option to end later), prices endings by sampling the unknown cards and scoring them with the
engine, and minds what its discard hands the next seat.

Easy plays the same moves a sensible beginner would, with a beginner's gaps:
it prices unknown cards from the whole deck without counting, ignores what
the others can still improve and is in a hurry to end the hole (so it goes
out or knocks as soon as it looks lowest), never thinks about what its
discard gives away, wants a clear saving before it takes a discard, and now
and then picks a near miss.
"""

from __future__ import annotations

import random

from ..observation import Observation
from .estimate import Estimator, shoe_counts, unseen_counts
from .planner import Planner, Style
from .seat_view import SeatView, seen_cards

EASY = Style(
    "easy",
    count_cards=False,
    foresight=0.0,
    feed_weight=0.0,
    ending_samples=0,
    others_improve=False,
    blunder=0.2,
    take_margin=1.5,
    patience=-1.0,
)
NORMAL = Style(
    "normal", count_cards=True, foresight=0.5, feed_weight=1.0, ending_samples=24, others_improve=True, patience=2.0
)


def estimator_for(obs: Observation, style: Style) -> Estimator:
    if style.count_cards:
        counts = unseen_counts(obs.rules, obs.players, seen_cards(obs))
    else:
        counts = shoe_counts(obs.rules, obs.players)
    return Estimator(obs.rules, counts, style.foresight)


class HeuristicPolicy:
    """A policy that prices its options with the planner; it reads only the observation."""

    style: Style = NORMAL

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(f"{self.style.name}/{seed}")

    def choose(self, observation: Observation) -> int:
        planner = Planner(self.style, estimator_for(observation, self.style), self.rng)
        return planner.choose(SeatView.from_observation(observation))


class EasyPolicy(HeuristicPolicy):
    style = EASY


class NormalPolicy(HeuristicPolicy):
    style = NORMAL
