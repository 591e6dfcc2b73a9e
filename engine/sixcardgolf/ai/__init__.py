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

from collections.abc import Callable

from ..errors import UsageError, quote_code, quote_text
from ..messages import both, text
from ..observation import Policy
from .base import RandomPolicy, Yardstick
from .levels import EasyPolicy, NormalPolicy
from .search import Cheater, HardPolicy

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
        raise unknown_player(name, tuple(POLICIES))
    return POLICIES[name](seed)


def make_player(name: str, seed: int) -> Policy | Yardstick:
    """A policy or, for a benchmark, a yardstick."""
    if name in YARDSTICKS:
        return YARDSTICKS[name](seed)
    if name not in POLICIES:
        raise unknown_player(name, player_names())
    return POLICIES[name](seed)


def unknown_player(name: str, known: tuple[str, ...]) -> UsageError:
    """The error for a computer player's name that is not one of `known`."""
    return UsageError(
        *both(
            "error.ai.unknown",
            name_code=quote_code(name),
            name=quote_text(name),
            known_code=", ".join(known),
            known=lambda lang: text("list.separator", lang).join(known),
        )
    )
