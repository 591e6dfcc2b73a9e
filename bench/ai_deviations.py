"""Where Hard departs from Normal, and what each departure is worth: a benchmark, not a test.

The ladder (ai_ladder.py) says whether Hard beats Normal; this says which of Hard's choices win or lose, in about a
tenth of the time, so a change to the search can be screened before a ladder run. Every seat plays Normal; at each
decision of seat 0 (after the opening) Hard is asked too, and where it would play something else both moves are
valued on the same `--worlds` deals that seat 0 cannot tell from the real one (the unseen cards shuffled, as Hard
samples them), each finished by Normal at every seat. The gain of a departure is Normal's move's mean result less
Hard's (seat 0's points less the others' mean: positive means Hard's move is better). The unit of the interval is
one hole: the sum of its departures' gains.

    .venv/bin/python bench/ai_deviations.py                                   # nine-card, two players, 120 holes
    .venv/bin/python bench/ai_deviations.py --preset nine-card --players 4 --holes 40
    .venv/bin/python bench/ai_deviations.py --set DEVIATION_Z_3X3=1.0         # the search as it was before

Results are appended to bench/results/ai_deviations.md.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections import defaultdict
from multiprocessing import Pool
from pathlib import Path

from ai_ladder import source_commit  # bench/ is on the path when a benchmark runs

from sixcardgolf import HoleState, load_preset
from sixcardgolf import actions as A
from sixcardgolf.ai import make_policy
from sixcardgolf.ai import search as hard_search
from sixcardgolf.ai.estimate import unseen_counts
from sixcardgolf.ai.seat_view import sample_world, seen_cards
from sixcardgolf.hole import OPENING
from sixcardgolf.observation import Observation, observe

RESULTS = Path(__file__).resolve().parent / "results" / "ai_deviations.md"
HEADER = """# Where Hard departs from Normal, and what each departure is worth

Appended to by `bench/ai_deviations.py` (see its docstring): each departure valued on deals seat 0 cannot tell
apart, finished by Normal at every seat; positive gains mean Hard's move did better.

"""


def move_kind(action: int, observation: Observation) -> str:
    """A move's kind, as the departures are grouped: a swap is into a face-up or a face-down position."""
    if A.SWAP <= action < A.SWAP + A.MAX_POSITIONS:
        face_up = observation.up[observation.seat] >> (action - A.SWAP) & 1
        return "swap face-up" if face_up else "swap face-down"
    if A.FLIP <= action < A.FLIP + A.MAX_POSITIONS:
        return "flip"
    return A.format_action(action)


def finish_with_normal(state: HoleState, seed: int) -> float:
    """Play the hole out with Normal at every seat; seat 0's points less the others' mean."""
    policies = [make_policy("normal", seed * 10 + seat) for seat in range(state.players)]
    while not state.is_over():
        state.apply_action(policies[state.seat].choose(observe(state, state.seat)))
    return hard_search.relative_result(state, 0)


def value_departure(
    observation: Observation, state: HoleState, hard: int, normal: int, worlds: int, seed: int
) -> float:
    """Normal's move's mean result less Hard's, over `worlds` deals consistent with what seat 0 has seen (both
    moves on the same deals, finished with the same seeds)."""
    rules = state.rules
    counts = unseen_counts(rules, state.players, seen_cards(observation))
    pool = [card for card, count in enumerate(counts) for _ in range(count)]
    rng = random.Random(seed)
    gain = 0.0
    for world_index in range(worlds):
        world = sample_world(observation, pool, rng)
        results = []
        for action in (normal, hard):
            trial = world.clone()
            trial.apply_action(action)
            results.append(finish_with_normal(trial, seed * 64 + world_index))
        gain += results[0] - results[1]
    return gain / worlds


def play_hole(task: tuple[str, int, int, int, dict[str, float]]) -> tuple[int, list[tuple[str, float]]]:
    """One hole played by Normal; returns seat 0's decisions and its departures as (kind, gain)."""
    preset, players, hole, worlds, settings = task
    for name, value in settings.items():
        setattr(hard_search, name, value)
    rules = load_preset(preset)
    state = HoleState.deal(rules, players, hole % players, random.Random(f"deviations/{hole}"), f"deviations/{hole}")
    normals = [make_policy("normal", 7000 + hole * 10 + seat) for seat in range(players)]
    hard = hard_search.HardPolicy(hole)
    decisions, departures = 0, []
    while not state.is_over():
        observation = observe(state, state.seat)
        normal = normals[state.seat].choose(observation)
        if state.seat == 0 and state.phase != OPENING and len(observation.legal_actions) > 1:
            decisions += 1
            chosen = hard.choose(observation)
            if chosen != normal:
                gain = value_departure(observation, state, chosen, normal, worlds, hole * 1000 + decisions)
                kind = f"{move_kind(normal, observation)} → {move_kind(chosen, observation)}"
                departures.append((kind, gain))
        state.apply_action(normal)
    return decisions, departures


def parse_settings(pairs: list[str]) -> dict[str, float]:
    settings = {}
    for pair in pairs:
        name, _, value = pair.partition("=")
        if not hasattr(hard_search, name) or not value:
            raise SystemExit(f"--set {pair!r}: expected NAME=NUMBER with NAME a constant of sixcardgolf.ai.search")
        settings[name] = float(value)
    return settings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--preset", default="nine-card")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--holes", type=int, default=120)
    parser.add_argument("--worlds", type=int, default=8)
    parser.add_argument("--procs", type=int, default=2)
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args()
    settings = parse_settings(args.set)
    tasks = [(args.preset, args.players, hole, args.worlds, settings) for hole in range(args.holes)]
    started = time.perf_counter()
    with Pool(args.procs) as pool:
        holes = pool.map(play_hole, tasks, chunksize=1)
    per_hole = [sum(gain for _, gain in departures) for _, departures in holes]
    by_kind: dict[str, list[float]] = defaultdict(list)
    for _, departures in holes:
        for kind, gain in departures:
            by_kind[kind].append(gain)
    mean = statistics.fmean(per_hole)
    half = 1.96 * statistics.stdev(per_hole) / math.sqrt(len(per_hole))
    decisions = sum(count for count, _ in holes)
    departures = sum(len(gains) for gains in by_kind.values())
    lines = [
        f"## {args.preset}, {args.players} players, {args.holes} holes, {args.worlds} worlds per departure"
        + (f", {', '.join(args.set)}" if args.set else "")
        + f" (commit {source_commit()})",
        "",
        f"Hard departs from Normal on {departures} of seat 0's {decisions} decisions ({departures / args.holes:.2f} "
        f"a hole); the departures gain {mean:+.2f} points a hole (95% interval {mean - half:+.2f} to "
        f"{mean + half:+.2f}); {time.perf_counter() - started:.0f} s.",
        "",
        "| Normal's move → Hard's | departures | mean gain each | total a hole |",
        "|---|---|---|---|",
    ]
    for kind, gains in sorted(by_kind.items(), key=lambda item: sum(item[1])):
        lines.append(f"| {kind} | {len(gains)} | {statistics.fmean(gains):+.2f} | {sum(gains) / args.holes:+.2f} |")
    text = "\n".join(lines) + "\n"
    print(text)
    RESULTS.parent.mkdir(exist_ok=True)
    new_file = not RESULTS.exists()
    with RESULTS.open("a", encoding="utf-8") as results:
        if new_file:
            results.write(HEADER)
        results.write(text + "\n")


if __name__ == "__main__":
    main()
