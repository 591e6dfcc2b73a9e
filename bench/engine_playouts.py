"""Benchmark: random-playout holes per second on CPython, for 2 and 4 players.

Two loops are timed:
  state     HoleState alone: legal_actions(), a random choice, apply_action(), then returns()
  match     simulate.play_match: whole matches through Match, with each seat's
            observation built for its random policy before every action (the
            loop behind `python -m sixcardgolf simulate`)

Each figure is the median of several runs of CPU time (process time), which a
busy machine disturbs less than wall time. Not a test: nothing here can fail.

    .venv/bin/python bench/engine_playouts.py [--runs 5] [--holes 2000] [--preset basic]
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import time

from sixcardgolf import HoleState, load_preset
from sixcardgolf.ai import make_policy
from sixcardgolf.simulate import play_match


def state_playouts(preset: str, players: int, holes: int, seed: int) -> float:
    """Holes per CPU second for bare HoleState random playouts."""
    rules = load_preset(preset)
    chooser = random.Random(seed)
    started = time.process_time()
    for index in range(holes):
        state = HoleState.deal(rules, players, index % players, random.Random(seed * 1_000_003 + index), "bench")
        while not state.is_over():
            state.apply_action(chooser.choice(state.legal_actions()))
        state.returns()
    return holes / (time.process_time() - started)


def match_playouts(preset: str, players: int, holes: int, seed: int) -> float:
    """Holes per CPU second for whole matches with observations and random policies."""
    rules = load_preset(preset).with_options({"holes": 9, "ties": "shared"})
    played = 0
    game = 0
    started = time.process_time()
    while played < holes:
        policies = [make_policy("random", seed * 100 + game * 10 + seat) for seat in range(players)]
        played += len(play_match(rules, players, seed * 1000 + game, policies).records)
        game += 1
    return played / (time.process_time() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--holes", type=int, default=2000)
    parser.add_argument("--preset", default="basic")
    args = parser.parse_args()
    results = {}
    for loop_name, loop in (("state", state_playouts), ("match", match_playouts)):
        for players in (2, 4):
            rates = [loop(args.preset, players, args.holes, run) for run in range(args.runs)]
            results[f"{loop_name}_{players}p"] = round(statistics.median(rates))
            print(f"{loop_name:>5} loop, {players} players: median {statistics.median(rates):8.0f} holes/s "
                  f"(runs: {', '.join(f'{r:.0f}' for r in rates)})", flush=True)  # fmt: skip
    print(json.dumps({"benchmark": "engine_playouts", "python": platform.python_version(), "preset": args.preset,
                      "holes_per_cpu_second": results}))  # fmt: skip


if __name__ == "__main__":
    main()
