"""Benchmark: the gap between the bare HoleState loop and the `simulate` path, taken apart step by step.

bench/engine_playouts.py compares the two loops whole; this builds the second from the first one piece at a
time, each step adding one thing that a match does, so the cost of each piece reads as the difference
between two rows (microseconds of CPU per hole, medians of alternating runs in one process):

  bare          the bare loop of engine_playouts.py: legal_actions(), Random.choice, apply_action(), returns()
  views         a random player per seat choosing from one view of the live hole, aimed at each decision (Match.play_hole's)
  text seed     each deal seeded from text as a match seeds it (seeds.hole_rng), nine holes a match
  log           every action appended to a log, as a match keeps it for saves and undo
  record        every hole recorded as a match records it (its points in a HoleRecord)
  match         the same holes through simulate.play_match (the Match: its deals, records and outcome)
  players       a new random player per seat for every match, as `simulate` and engine_playouts.py make them

Not a test: nothing here can fail. The report goes to stdout and to bench/results/engine_gap.md.

    .venv/bin/python bench/engine_gap.py [--runs 7] [--holes 2000] [--players 2,4]
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from datetime import date
from pathlib import Path

from engine_playouts import state_playouts
from results_file import write_atomically

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "engine"))

from sixcardgolf import HoleState, load_preset  # noqa: E402
from sixcardgolf.ai import make_policy  # noqa: E402
from sixcardgolf.hole import OVER  # noqa: E402
from sixcardgolf.match import HoleRecord  # noqa: E402
from sixcardgolf.observation import LiveView, Policy  # noqa: E402
from sixcardgolf.seeds import hole_rng  # noqa: E402
from sixcardgolf.simulate import play_match  # noqa: E402

RULES = load_preset("basic")
MATCH_RULES = RULES.with_options({"holes": 9, "ties": "shared"})
HOLES_A_MATCH = 9


def bare(players: int, holes: int, seed: int) -> float:
    """engine_playouts.py's own bare loop, so that both benchmarks start from the very same row."""
    return 1e6 / state_playouts("basic", players, holes, seed)


def seats(players: int, seed: int) -> list[Policy]:
    return [make_policy("random", seed * 10 + seat) for seat in range(players)]


def views(players: int, holes: int, seed: int) -> float:
    policies = seats(players, seed)
    started = time.process_time()
    for index in range(holes):
        state = HoleState.deal(RULES, players, index % players, random.Random(seed * 1_000_003 + index), "bench")
        view = LiveView(state, state.seat)
        while state.phase != OVER:
            seat = state.seat
            state.apply_action(policies[seat].choose(view.aim(seat)))
        state.returns()
    return (time.process_time() - started) / holes * 1e6


def built_up(log: bool, record: bool) -> Callable[[int, int, int], float]:
    """The views loop with text-seeded deals as a match's, and optionally its log and its records."""

    def measure(players: int, holes: int, seed: int) -> float:
        policies = seats(players, seed)
        actions: list[int] = []
        records: list[HoleRecord] = []
        started = time.process_time()
        for index in range(holes):
            hole = index % HOLES_A_MATCH
            if hole == 0:  # a new match
                actions, records = [], []
            rng, key = hole_rng(seed * 1000 + index // HOLES_A_MATCH, hole)
            state = HoleState.deal(MATCH_RULES, players, (hole - 1) % players, rng, key)
            view = LiveView(state, state.seat)
            while state.phase != OVER:
                seat = state.seat
                action = policies[seat].choose(view.aim(seat))
                state.apply_action(action)
                if log:
                    actions.append(action)
            points = state.returns()
            if record:
                records.append(HoleRecord(tuple(points), state.end_reason or "", False))
        return (time.process_time() - started) / holes * 1e6

    return measure


def matches(new_players: bool) -> Callable[[int, int, int], float]:
    def measure(players: int, holes: int, seed: int) -> float:
        played = game = 0
        policies = seats(players, seed)
        started = time.process_time()
        while played < holes:
            if new_players:
                policies = [make_policy("random", seed * 100 + game * 10 + seat) for seat in range(players)]
            played += len(play_match(MATCH_RULES, players, seed * 1000 + game, policies).records)
            game += 1
        return (time.process_time() - started) / played * 1e6

    return measure


STEPS: list[tuple[str, Callable[[int, int, int], float]]] = [
    ("bare", bare),
    ("views", views),
    ("text seed", built_up(log=False, record=False)),
    ("log", built_up(log=True, record=False)),
    ("record", built_up(log=True, record=True)),
    ("match", matches(new_players=False)),
    ("players", matches(new_players=True)),
]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--holes", type=int, default=2000)
    parser.add_argument("--players", default="2,4", help="comma-separated table sizes")
    parser.add_argument("--out", type=Path, default=HERE / "results" / "engine_gap.md")
    args = parser.parse_args(argv)
    tables = [int(players) for players in args.players.split(",")]
    times: dict[tuple[int, str], list[float]] = {}
    for run in range(args.runs):
        for players in tables:
            for name, measure in STEPS:  # alternating, so that the machine's load falls on every step alike
                times.setdefault((players, name), []).append(measure(players, args.holes, run))
    medians = {key: statistics.median(values) for key, values in times.items()}
    lines = [
        "# The gap between the bare loop and the simulate path, step by step",
        "",
        f"Generated by `bench/engine_gap.py` on {date.today().isoformat()}, CPython {platform.python_version()} "
        f"({platform.machine()}, {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the end), "
        f"preset basic, {args.runs} alternating runs of {args.holes} holes. Medians of CPU microseconds per "
        "hole; each step adds one thing a match does to the step above it.",
    ]
    for players in tables:
        lines += [
            "",
            f"| {players} players | µs a hole | added by the step | share of the bare loop's speed |",
            "|---|---:|---:|---:|",
        ]
        previous = None
        for name, _ in STEPS:
            now, base = medians[(players, name)], medians[(players, "bare")]
            added = "" if previous is None else f"{now - medians[(players, previous)]:+.2f}"
            lines.append(f"| {name} | {now:.2f} | {added} | {base / now:.0%} |")
            previous = name
    print("\n".join(lines))
    write_atomically(args.out, "\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
