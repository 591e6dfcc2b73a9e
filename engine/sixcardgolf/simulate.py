"""Whole matches played by computer players: the loop behind `simulate` and the benchmarks.

Randomness comes from two separate places so that the computer levels never
change the cards: the deal of every hole derives from the match seed alone
(seeds.hole_rng), and every seat's policy gets its own seed (seeds.game_seed,
seeds.policy_seed, both from the run's seed), so a run is repeatable and no
game or seat shares a stream with another.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .ai import make_player, player_names, unknown_player
from .ai.base import Yardstick
from .errors import UsageError, quote_code, quote_shown
from .hole import HoleState
from .match import Match
from .messages import both
from .observation import Observation, Policy, observe
from .rules import Rules
from .seeds import game_seed, policy_seed


def decide(player: Policy | Yardstick, hole: HoleState) -> int:
    """The move `player` makes for the seat to move: a policy from that seat's observation, a yardstick from
    the whole hole."""
    if isinstance(player, Yardstick):
        return player.choose_seeing_all(hole)
    return player.choose(observe(hole, hole.seat))


class SeeingAll:
    """A yardstick seated as a policy: handed the observation, it moves from the whole of the match's hole."""

    def __init__(self, yardstick: Yardstick, match: Match) -> None:
        self.yardstick = yardstick
        self.match = match

    def choose(self, observation: Observation) -> int:
        return self.yardstick.choose_seeing_all(self.match.hole)


def play_match(rules: Rules, players: int, seed: int, policies: Sequence[Policy | Yardstick]) -> Match:
    """Play one match to its outcome (play-off holes included), one computer player per seat.

    Each policy chooses from its own seat's observation; a yardstick (the
    cheater, for the benchmarks) sees the whole hole.
    """
    if len(policies) != players:
        raise UsageError(*both("error.ai.seats", count=len(policies), players=players))
    match = Match(rules, players, seed)
    seated = [SeeingAll(player, match) if isinstance(player, Yardstick) else player for player in policies]
    while True:
        match.play_hole(seated)
        if match.is_over():
            return match
        match.next_hole()


@dataclass
class SimulationResult:
    """Per-seat statistics of a run; `to_dict()` is the JSON the CLI prints."""

    players: int
    games: int
    seed: int
    ai: tuple[str, ...]
    holes: int = 0  # holes played, play-off holes included
    points: list[int] = field(default_factory=list)  # every hole's points summed, per seat
    solo_wins: list[int] = field(default_factory=list)
    shared_wins: list[int] = field(default_factory=list)
    playoff_holes: int = 0
    end_reasons: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0
    games_played: int = 0  # all of `games`, unless the run was interrupted

    def copy(self) -> SimulationResult:
        return dataclasses.replace(
            self,
            points=list(self.points),
            solo_wins=list(self.solo_wins),
            shared_wins=list(self.shared_wins),
            end_reasons=dict(self.end_reasons),
        )

    def to_dict(self) -> dict[str, Any]:
        holes = max(self.holes, 1)
        stopped = {"interrupted": True, "games_played": self.games_played} if self.games_played < self.games else {}
        return {
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "ai": list(self.ai),
            "holes_played": self.holes,
            "playoff_holes": self.playoff_holes,
            "mean_hole_score": [round(total / holes, 6) for total in self.points],
            "solo_wins": self.solo_wins,
            "shared_wins": self.shared_wins,
            "end_reasons": dict(sorted(self.end_reasons.items())),
            "seconds": round(self.seconds, 6),
            "holes_per_second": round(self.holes / self.seconds, 1) if self.seconds > 0 else None,
            **stopped,
        }


class SimulationInterrupted(KeyboardInterrupt):
    """Ctrl-C during `simulate`: a KeyboardInterrupt still, carrying the statistics of the games finished."""

    def __init__(self, result: SimulationResult) -> None:
        super().__init__()
        self.result = result


def check_ai_names(names: Sequence[str], players: int) -> tuple[str, ...]:
    """One policy name per seat; a single name plays every seat."""
    if len(names) == 1:
        names = list(names) * players
    if len(names) != players:
        raise UsageError(
            *both("error.cli.ai_count", flag="--ai", count=len(names), names=",".join(names), players=players)
        )
    known = player_names()
    for name in names:
        if name not in known:
            raise unknown_player(name, known)
    return tuple(names)


def simulate(
    rules: Rules,
    players: int,
    games: int,
    seed: int,
    ai: Sequence[str],
    progress: Callable[[int, int], None] | None = None,
) -> SimulationResult:
    """Play `games` matches and gather per-seat statistics. Same arguments, same result (bar timing).

    `progress(done, games)` is called after every game. Ctrl-C raises SimulationInterrupted with the statistics
    of the games finished before it (a game cut short counts for nothing).
    """
    rules.check_players(players)
    names = check_ai_names(ai, players)
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise UsageError(*both("error.cli.games", games_code=quote_code(games), games=quote_shown(games)))
    result = SimulationResult(players, games, seed, names, points=[0] * players)
    result.solo_wins = [0] * players
    result.shared_wins = [0] * players
    started = time.perf_counter()
    counting, before = False, result
    try:
        for game in range(games):
            policies = [make_player(name, policy_seed(seed, game, seat)) for seat, name in enumerate(names)]
            match = play_match(rules, players, game_seed(seed, game), policies)
            # Ctrl-C may land anywhere, the tally of a game included: then the tally as it was before that game
            # is the one reported, so the statistics are always of whole games.
            before = result.copy()
            counting = True
            _count(result, match)
            counting = False
            if progress is not None:
                progress(game + 1, games)
    except KeyboardInterrupt:
        stopped = before if counting else result
        stopped.seconds = time.perf_counter() - started
        raise SimulationInterrupted(stopped) from None
    result.seconds = time.perf_counter() - started
    return result


def _count(result: SimulationResult, match: Match) -> None:
    """Add a finished match to the statistics; `games_played` last, so an interrupted run counts whole games."""
    for record in match.records:
        result.holes += 1
        result.playoff_holes += record.playoff
        result.end_reasons[record.end_reason] = result.end_reasons.get(record.end_reason, 0) + 1
        for seat, points in enumerate(record.points):
            result.points[seat] += points
    outcome = match.outcome()
    assert outcome is not None  # play_match returns finished matches only
    tally = result.shared_wins if outcome.shared else result.solo_wins
    for seat in outcome.winners:
        tally[seat] += 1
    result.games_played += 1
