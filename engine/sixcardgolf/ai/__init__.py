"""Computer players. A policy sees only its own seat's Observation and returns a legal action.

    policy = make_policy("normal", seed=7)
    action = policy.choose(observation)

Each policy owns its random.Random (seeded at creation), separate from the
deal's randomness, so the deal of a match never depends on the levels chosen.
The "cheater" is not a policy but a yardstick for the benchmarks: it is handed
the whole hole, hidden cards included (`Yardstick.choose_seeing_all`), and is
never offered to players.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from ..errors import UsageError
from ..hole import HoleState
from ..observation import Observation


class Policy(Protocol):
    """A computer player: it knows what its seat may know, and nothing more."""

    def choose(self, observation: Observation) -> int: ...


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


from .levels import EasyPolicy, NormalPolicy  # noqa: E402  (the levels use Policy's module)
from .search import Cheater, HardPolicy  # noqa: E402

POLICIES: dict[str, Callable[[int], Policy]] = {
    "random": RandomPolicy,
    "easy": EasyPolicy,
    "normal": NormalPolicy,
    "hard": HardPolicy,
}
YARDSTICKS: dict[str, Callable[[int], Yardstick]] = {"cheater": Cheater}
LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
"""The levels players may choose from."""


def player_names() -> tuple[str, ...]:
    """Every name `make_player` (and the simulate command's --ai) accepts: the policies, then the yardsticks."""
    return (*POLICIES, *YARDSTICKS)


def make_policy(name: str, seed: int) -> Policy:
    """The policy registered as `name`, seeded with `seed`."""
    if name not in POLICIES:
        raise _unknown(name, tuple(POLICIES))
    return POLICIES[name](seed)


def make_player(name: str, seed: int) -> Policy | Yardstick:
    """A policy or, for a benchmark, a yardstick."""
    if name in YARDSTICKS:
        return YARDSTICKS[name](seed)
    if name not in POLICIES:
        raise _unknown(name, player_names())
    return POLICIES[name](seed)


def _unknown(name: str, known: tuple[str, ...]) -> UsageError:
    return UsageError(
        f"unknown computer player {name!r}: expected one of {', '.join(known)}",
        ja=f"コンピューターの強さ「{name}」はありません。{'、'.join(known)}のいずれかを指定してください。",
    )
