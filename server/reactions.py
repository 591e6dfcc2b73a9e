"""Preset reactions: a person at the table sends one of a few emotes, which every page of the room shows beside
that person's seat for a moment.

Only the names in `REACTIONS` are accepted, never free text (nothing a stranger types reaches another page), and
each person may send one every `EVERY_SECONDS` (a token bucket per seat on the hub's clock, so a second page of
the same seat shares the budget). Reactions are not kept: a page that was away does not see old ones. The words
and emoji each page shows are the catalogue's (`page.room_extra.reaction.*`), in the reader's language.
"""

from __future__ import annotations

from collections.abc import Callable

from .errors import RoomError
from .limits import TokenBucket

REACTIONS = ("nice", "wow", "unlucky", "well_played", "thinking")
"""The emotes a page offers, by name: 👍 Nice move, 😮, 😅 Unlucky, 🎉 Well played, ⏳ Thinking."""
EVERY_SECONDS = 3.0
"""One reaction per person this often."""
SHOWN_SECONDS = 4
"""How long a page shows a reaction beside the seat (told to the pages in the reaction frame)."""


class Reactions:
    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self.budgets: dict[tuple[str, int], TokenBucket] = {}

    def check(self, code: str, seat: int, name: object) -> str:
        """The reaction named, if this person may send it now; else a RoomError saying why."""
        if name not in REACTIONS:
            raise RoomError("room.extra.reaction", reaction=_shown(name), reactions=", ".join(REACTIONS))
        budget = self.budgets.get((code, seat))
        if budget is None:
            budget = self.budgets[(code, seat)] = TokenBucket(1 / EVERY_SECONDS, 1, self.clock)
        if not budget.take():
            raise RoomError("room.extra.reaction_rate", seconds=int(EVERY_SECONDS))
        return str(name)

    def forget(self, code: str) -> None:
        for key in [k for k in self.budgets if k[0] == code]:
            del self.budgets[key]


def _shown(value: object) -> str:
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= 24 else text[:23] + "…"
