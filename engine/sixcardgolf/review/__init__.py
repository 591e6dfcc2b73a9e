"""The hole review: where one seat's move differed from a better one, and what it cost.

The save is replayed action by action. At every decision of the reviewed seat
that offered a choice, in every finished hole, the review asks the Hint what
it would have shown at that moment (the same observation and the same seed as
the Play page's Hint button, so a player who followed the Hint has nothing
flagged) and, where the played move differs, measures what it lost against
the Hint's move (`review.loss`). Only the seat's observation is read: cards
it could not see cannot change its review. The reasons are the Hint's own, in
English and Japanese.

Seats are 0-based here; `to_dict` gives the JSON shape documented in
engine/README.md ("Hole review").
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from .. import actions as A
from ..errors import UsageError, quote_code, quote_shown
from ..match import Match
from ..messages import both
from ..observation import Observation
from ..seeds import hint_seed, review_rng
from .hint import hint
from .loss import FLAG_THRESHOLD, Loss, expected_loss

Progress = Callable[[int, int], None]  # (decisions judged, decisions in all)


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat: what it played, what the Hint would have shown and what that cost."""

    step: int  # index of the played action in the match's action log
    played: int
    better: int  # the Hint's move at that moment
    loss: Loss | None  # None when the played move was the Hint's
    reason_en: str  # the Hint's reason for `better`
    reason_ja: str

    @property
    def flagged(self) -> bool:
        return self.loss is not None and self.loss.flagged

    def reason(self, lang: str) -> str:
        return self.reason_ja if lang == "ja" else self.reason_en


@dataclass(frozen=True)
class HoleReview:
    hole: int  # 1-based, play-off holes continuing the count
    points: int  # the seat's points for the hole
    decisions: tuple[Decision, ...]  # every decision with a choice, in the order played

    @property
    def flagged(self) -> list[Decision]:
        """The flagged decisions, costliest first (earliest first on equal losses)."""
        found = [d for d in self.decisions if d.flagged]
        return sorted(found, key=lambda d: (-_points(d), d.step))

    @property
    def expected_loss(self) -> float:
        return sum(_points(d) for d in self.flagged)

    @property
    def uncertainty(self) -> float:
        """Standard error of `expected_loss` (the flagged losses are measured on separate deals)."""
        return float(sum(_error(d) ** 2 for d in self.flagged) ** 0.5)

    @property
    def accuracy(self) -> float | None:
        return _accuracy(self.decisions)


@dataclass(frozen=True)
class Review:
    seat: int
    holes: tuple[HoleReview, ...]

    @property
    def accuracy(self) -> float | None:
        return _accuracy([d for hole in self.holes for d in hole.decisions])

    def to_dict(self, lang: str) -> dict[str, Any]:
        return {
            "holes": [
                {
                    "hole": hole.hole,
                    "points": hole.points,
                    "expected_loss": round(hole.expected_loss, 2),
                    "uncertainty": round(hole.uncertainty, 2),
                    "choices": len(hole.decisions),
                    "accuracy": _rounded(hole.accuracy),
                    "decisions": [
                        {
                            "step": d.step,
                            "played": A.format_action(d.played),
                            "better": A.format_action(d.better),
                            "loss": round(_points(d), 2),
                            "uncertainty": round(_error(d), 2),
                            "reason": d.reason(lang),
                        }
                        for d in hole.flagged
                    ],
                }
                for hole in self.holes
            ],
            "accuracy": _rounded(self.accuracy),
            "choices": sum(len(hole.decisions) for hole in self.holes),
            "threshold": FLAG_THRESHOLD,
        }


def _points(decision: Decision) -> float:
    return decision.loss.points if decision.loss is not None else 0.0


def _error(decision: Decision) -> float:
    return decision.loss.error if decision.loss is not None else 0.0


def _accuracy(decisions: list[Decision] | tuple[Decision, ...]) -> float | None:
    """The share of decisions not flagged: the Hint's move, or within the threshold of it (None: no decisions)."""
    if not decisions:
        return None
    return sum(not d.flagged for d in decisions) / len(decisions)


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 3)


# -- judging -------------------------------------------------------------------------
VerdictKey = tuple[Observation, int, int, int]  # (observation, played, match seed, step): all a verdict depends on


class Verdicts:
    """Verdicts already reached, kept by the caller that reviews again (the door's Session: the Play page reviews
    each hole when it ends and then the whole match); the least recently used is dropped beyond `kept`."""

    def __init__(self, kept: int = 2_000) -> None:  # about a dozen long matches' decisions
        self.kept = kept
        self._found: OrderedDict[VerdictKey, Decision] = OrderedDict()

    def __contains__(self, key: VerdictKey) -> bool:
        return key in self._found

    def __len__(self) -> int:
        return len(self._found)

    def get(self, key: VerdictKey) -> Decision | None:
        found = self._found.get(key)
        if found is not None:
            self._found.move_to_end(key)
        return found

    def keep(self, key: VerdictKey, decision: Decision) -> None:
        self._found[key] = decision
        self._found.move_to_end(key)
        while len(self._found) > self.kept:
            self._found.popitem(last=False)


def judge(
    observation: Observation, played: int, match_seed: int, step: int, verdicts: Verdicts | None = None
) -> Decision:
    """The verdict on `played` at `step` of a match, from the observation of the seat that played it; looked up
    in `verdicts` and kept there when given."""
    key = (observation, played, match_seed, step)
    found = verdicts.get(key) if verdicts is not None else None
    if found is not None:
        return found
    advice = hint(observation, hint_seed(match_seed, step, observation.seat))
    loss = None
    if advice.action != played:
        loss = expected_loss(observation, played, advice.action, review_rng(match_seed, step))
    decision = Decision(step, played, advice.action, loss, advice.reason_en, advice.reason_ja)
    if verdicts is not None:
        verdicts.keep(key, decision)
    return decision


def replay(match: Match) -> Iterator[tuple[int, Match]]:
    """The match as it stood before each action of its log: (index in the log, the replayed match)."""
    fresh = Match(match.rules, match.players, match.seed)
    for step, action in enumerate(match.log):
        yield step, fresh
        fresh.apply_logged(action)


def check_seat(match: Match, seat: Any) -> int:
    """`seat` if it is a seat at the match's table; otherwise a UsageError naming it."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < match.players:
        raise UsageError(
            *both("error.review.seat", seat_code=quote_code(seat), seat=quote_shown(seat), last=match.players - 1)
        )
    return seat


def seat_decisions(match: Match, seat: int, holes: set[int] | None = None) -> list[tuple[int, int, Observation]]:
    """(hole number, step, observation) at every decision with a choice of `seat` in the finished holes asked for."""
    check_seat(match, seat)
    finished = len(match.records)
    found = []
    for step, state in replay(match):
        played = match.log[step]
        if played == A.NEXT_HOLE or A.is_redeal(played) or state.current_player() != seat:
            continue
        number = len(state.records) + 1
        if number > finished or (holes is not None and number not in holes):
            continue
        if len(state.legal_actions()) > 1:
            found.append((number, step, state.observation(seat)))
    return found


def review_match(
    match: Match,
    seat: int,
    holes: set[int] | None = None,
    progress: Progress | None = None,
    verdicts: Verdicts | None = None,
) -> Review:
    """The review of `seat` over the match's finished holes (or those of `holes`, 1-based); the verdicts are
    looked up in and kept in `verdicts` when given."""
    points = seat_decisions(match, seat, holes)
    by_hole: dict[int, list[Decision]] = {}
    for done, (number, step, observation) in enumerate(points, start=1):
        by_hole.setdefault(number, []).append(judge(observation, match.log[step], match.seed, step, verdicts))
        if progress is not None:
            progress(done, len(points))
    reviewed = [
        HoleReview(number, record.points[seat], tuple(by_hole.get(number, ())))
        for number, record in enumerate(match.records, start=1)
        if holes is None or number in holes
    ]
    return Review(seat, tuple(reviewed))


__all__ = [
    "Decision",
    "HoleReview",
    "Progress",
    "Review",
    "Verdicts",
    "check_seat",
    "judge",
    "replay",
    "review_match",
    "seat_decisions",
]
