"""The computer players' base: the benchmarks' Yardstick and the random baseline policy.

A policy (`observation.Policy`) sees only its own seat's Observation and returns a legal action; a yardstick
(the benchmarks' cheater) is handed the whole hole instead. The levels (levels.py, search.py) build on these, and
the registry of names (`ai.make_policy`) on the levels.
"""

from __future__ import annotations

import random

from ..hole import HoleState
from ..observation import Observation


class Yardstick:
    """Base of the benchmark players that see every card of the hole; one moves for the seat to move."""

    def choose_seeing_all(self, state: HoleState) -> int:
        raise NotImplementedError


class RandomPolicy:
    """Uniformly random legal actions: the baseline of the simulations."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self._getrandbits = self.rng.getrandbits

    def choose(self, observation: Observation) -> int:
        """`self.rng.choice(observation.legal_actions)`, written out: the same draws (Random.choice takes an index
        below the count by rejection, as here, in CPython 3.11 to 3.14 and Pyodide alike) without its two
        Python calls, which were a third of a random simulation's time per decision outside the engine."""
        legal = observation.legal_actions
        count = len(legal)
        if not count:
            return self.rng.choice(legal)  # raises IndexError, as Random.choice does
        bits = count.bit_length()
        index = self._getrandbits(bits)
        while index >= count:
            index = self._getrandbits(bits)
        return legal[index]
