"""What one table keeps between the door's requests: the match being played and the review's caches.

The Web Worker keeps one Session and passes it to every `door.handle` call; a server would keep one per room.
Nothing else in the door keeps state, so two Sessions in one process never share anything.
"""

from __future__ import annotations

from ..errors import UsageError
from ..match import Match
from ..messages import both
from ..observation import Observation
from ..review import Verdicts
from .seated import SeatedMatch

ReviewKey = tuple[str, int, tuple[int, ...] | None]
"""A review request as the cache knows it: the save's text, the seat (-1: the default) and the holes asked for."""
Decisions = list[tuple[int, int, Observation]]
"""(hole number, step, observation) of every decision a review judges (review.seat_decisions)."""


class Session:
    """One table: the match being played with its seats, the review's last prepared save and the verdicts reached.

    `seated` is None until a match starts (`match_new`, `match_load`). A review's steps all send the same save,
    and replaying a nine-hole log with an observation at every action costs more than a step's verdict, so the
    last one read is kept (`prepared`); the verdicts are kept because the Play page reviews each hole when it
    ends and then the whole match.
    """

    def __init__(self) -> None:
        self.seated: SeatedMatch | None = None
        self.prepared: tuple[ReviewKey, Match, Decisions] | None = None
        self.verdicts = Verdicts()

    def current(self) -> SeatedMatch:
        """The match being played, or a UsageError saying none is."""
        if self.seated is None:
            raise UsageError(*both("error.match.none_in_play"))
        return self.seated
