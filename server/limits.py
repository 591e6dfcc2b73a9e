"""A per-connection message budget: a token bucket (a burst of `burst` messages, refilled at `rate` a second).

Written here rather than taken from a library: it is eight lines, it must run on the hub's own clock (so tests
move time instead of sleeping), and the rate limiters we read keep per-key state in a store of their own.
"""

from __future__ import annotations

from collections.abc import Callable


class TokenBucket:
    def __init__(self, rate: float, burst: float, clock: Callable[[], float]) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.tokens = burst
        self.at = clock()

    def take(self) -> bool:
        """Spend one message of the budget; False when it is spent (the message is refused, the socket kept)."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True
