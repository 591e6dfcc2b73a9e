"""Computer players. A policy sees only its own seat's Observation and returns a legal action.

    policy = make_policy("normal", seed=7)
    action = policy.choose(observation)

Each policy owns its random.Random (seeded at creation), separate from the
deal's randomness, so the deal of a match never depends on the levels chosen.
The "cheater" policy is a benchmark yardstick only: it is handed the full
state and is never offered to players.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from ..hole import HoleState
from ..observation import Observation


class Policy(Protocol):
    def choose(self, observation: Observation, full_state: HoleState | None = None) -> int: ...


class RandomPolicy:
    """Uniformly random legal actions: the baseline of the simulations."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: Observation, full_state: HoleState | None = None) -> int:
        return self.rng.choice(observation.legal_actions)


from .levels import EasyPolicy, NormalPolicy  # noqa: E402  (the levels use Policy's module)
from .search import CheaterPolicy, HardPolicy  # noqa: E402

POLICIES: dict[str, Callable[[int], Policy]] = {
    "random": RandomPolicy,
    "easy": EasyPolicy,
    "normal": NormalPolicy,
    "hard": HardPolicy,
    "cheater": CheaterPolicy,
}
LEVELS: tuple[str, ...] = ("easy", "normal", "hard")  # what players may choose; "cheater" is for benchmarks


def make_policy(name: str, seed: int) -> Policy:
    if name not in POLICIES:
        raise ValueError(f"unknown computer player {name!r}: expected one of {', '.join(POLICIES)}")
    return POLICIES[name](seed)
