"""A match being played on the Play page, with who sits where: the moves people send and the computers' replies.

A computer seat's every decision gets a fresh policy seeded from the match seed, the log's length and the seat
(seeds.decision_seed), so the same save always replays to the same moves.
"""

from __future__ import annotations

from typing import Any

from ..ai import make_policy
from ..hole import HoleState
from ..match import Match
from ..observation import observe, public_event
from ..seeds import decision_seed
from .saves import HUMAN, play_page_save


class Move:
    """One move as every seat saw it (a public event), a copy of the hole just after it, and the length of the
    match's log just after it (`logged`: which tells whether the table has moved on since)."""

    def __init__(self, event: dict[str, Any], after: HoleState, logged: int = -1) -> None:
        self.event = event
        self.after = after
        self.logged = logged

    def seen_by(self, seat: int, now: dict[str, Any] | None = None) -> dict[str, Any]:
        """The public event with the table as `seat` saw it just after the move: that seat's own observation
        (`now`, the seat's observation of the table as it stands, when nothing has happened since the move)."""
        return {**self.event, "table": now if now is not None else observe(self.after, seat).to_dict()}


class SeatedMatch:
    """One match and who sits where ("human" or a computer level per seat); `undo` is off for a deal whose result
    people compare (the daily deal, a shared deal)."""

    def __init__(self, match: Match, seats: list[str], undo: bool = True) -> None:
        self.match = match
        self.seats = seats
        self.undo = undo

    def is_human(self, seat: int) -> bool:
        return self.seats[seat] == HUMAN

    def play(self, action: int) -> Move:
        """Applies a move of the seat to move (refused with the hole's reason if illegal) and records it."""
        event = public_event(self.match.hole, action)
        self.match.apply_action(action)
        return Move(event, self.match.hole.clone(), len(self.match.log))

    def play_computers(self) -> list[Move]:
        """Computer seats move until a human must act or the hole is over; returns what they did."""
        moves = []
        match = self.match
        while not match.hole.is_over() and not self.is_human(match.current_player()):
            seat = match.current_player()
            # A fresh, seeded policy per decision: the same save always replays to the same moves.
            policy = make_policy(self.seats[seat], decision_seed(match.seed, len(match.log), seat))
            moves.append(self.play(policy.choose(match.observation(seat))))
        return moves

    def can_undo(self, seat: int) -> bool:
        """The engine's undo, limited to a person's own turn: once another person has played (in pass-and-play,
        after the next player confirmed the handover and moved), the earlier turn stays."""
        if not self.undo or not self.is_human(seat):
            return False
        point = self.match.undo_point(seat)
        if point is None:
            return False
        replay = _rewound(self.match, point)
        for action in self.match.log[point:]:
            mover = replay.current_player()
            if mover != seat and self.is_human(mover):
                return False
            replay.apply_logged(action)
        return True

    def save(self) -> dict[str, Any]:
        """The Play page's save of this match (door/saves.py)."""
        return play_page_save(self.match, self.seats, self.undo)


def _rewound(match: Match, length: int) -> Match:
    """A copy of `match` with only the first `length` actions of its log played."""
    save = match.to_save()
    save["actions"] = save["actions"][:length]
    return Match.from_save(save)
