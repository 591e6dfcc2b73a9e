"""Whole matches played by computer players: the loop behind `simulate` and the benchmarks.

Randomness comes from two separate places so that the computer levels never
change the cards: the deal of every hole derives from the match seed alone
(match.hole_rng), and every seat's policy gets its own seed. Both are derived
from the run's seed by hashing text (random.Random's string seeding is stable
across Python versions and in Pyodide), so a run is repeatable and no game or
seat shares a stream with another.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .ai import POLICIES, Policy, make_policy
from .errors import RulesError
from .match import Match
from .observation import observe
from .rules import Rules


def game_seed(seed: int, game: int) -> int:
    """The match seed of game `game` (0-based) of a run seeded with `seed`."""
    return random.Random(f"sixcardgolf-simulate/{seed}/game{game}").getrandbits(48)


def policy_seed(seed: int, game: int, seat: int) -> int:
    """The seed of the policy playing `seat` in game `game`: apart from the deal and from other seats."""
    return random.Random(f"sixcardgolf-simulate/{seed}/game{game}/seat{seat}").getrandbits(48)


def play_match(rules: Rules, players: int, seed: int, policies: Sequence[Policy]) -> Match:
    """Play one match to its outcome (play-off holes included), one policy per seat.

    Each policy chooses from its own seat's observation. It is also handed the
    full state, as the Policy protocol allows, because the "cheater" yardstick
    needs it; the honest levels ignore it and their tests check that they do.
    """
    if len(policies) != players:
        raise RulesError(f"{len(policies)} computer players for a table of {players}: give one per seat")
    match = Match(rules, players, seed)
    while True:
        hole = match.hole
        while not hole.is_over():
            seat = hole.seat
            match.apply_action(policies[seat].choose(observe(hole, seat), hole))
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

    def to_dict(self) -> dict[str, Any]:
        holes = max(self.holes, 1)
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
        }


def check_ai_names(names: Sequence[str], players: int) -> tuple[str, ...]:
    """One policy name per seat; a single name plays every seat."""
    if len(names) == 1:
        names = list(names) * players
    if len(names) != players:
        raise RulesError(
            f"--ai names {len(names)} computer players ({','.join(names)}) for {players} players: "
            "give one name per seat, or a single name for every seat"
        )
    for name in names:
        if name not in POLICIES:
            raise RulesError(f"unknown computer player {name!r}: expected one of {', '.join(POLICIES)}")
    return tuple(names)


def simulate(rules: Rules, players: int, games: int, seed: int, ai: Sequence[str]) -> SimulationResult:
    """Play `games` matches and gather per-seat statistics. Same arguments, same result (bar timing)."""
    rules.check_players(players)
    names = check_ai_names(ai, players)
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise RulesError(f"games {games!r} is not allowed: expected a whole number of at least 1")
    result = SimulationResult(players, games, seed, names, points=[0] * players)
    result.solo_wins = [0] * players
    result.shared_wins = [0] * players
    started = time.perf_counter()
    for game in range(games):
        policies = [make_policy(name, policy_seed(seed, game, seat)) for seat, name in enumerate(names)]
        match = play_match(rules, players, game_seed(seed, game), policies)
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
    result.seconds = time.perf_counter() - started
    return result
