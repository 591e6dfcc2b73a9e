"""Benchmark: the engine's playout speed on CPython, optionally side by side with another copy of the engine.

Three loops, each at 2 and 4 players on one preset:
  state    the bare HoleState loop: legal_actions(), a random choice, apply_action(), then returns()
  match    the `simulate` path: simulate.play_match plays whole 9-hole matches through Match, building the
           seat's observation before every decision for a random policy
  normal   Normal's decisions: holes played by Normal at every seat, each decision from an observation

Every measurement runs in a fresh process and times CPU (process) time, which a busy machine disturbs less
than wall time. With --against DIR (the `engine` folder of another checkout, e.g. a `git worktree` of an
older commit) both engines are measured in alternation, run after run, and the report gives each median
and the ratio of the medians. The report goes to stdout and to bench/results/engine_playouts.md. Not a
test: nothing here can fail.

    .venv/bin/python bench/engine_playouts.py [--runs 5] [--holes 2000] [--against ../base/engine]
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from datetime import date
from pathlib import Path

from results_file import write_atomically

HERE = Path(__file__).resolve().parent
ENGINE = HERE.parent / "engine"
RESULTS = HERE / "results"
LOOPS = ("state", "match", "normal")
NORMAL_HOLES_SHARE = 100  # Normal thinks: a run plays holes / 100 of its holes


def state_playouts(preset: str, players: int, holes: int, seed: int) -> float:
    """Holes per CPU second for bare HoleState random playouts."""
    from sixcardgolf import HoleState, load_preset

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
    """Holes per CPU second for whole matches with an observation per decision and random policies."""
    from sixcardgolf import load_preset
    from sixcardgolf.ai import make_policy
    from sixcardgolf.simulate import play_match

    rules = load_preset(preset).with_options({"holes": 9, "ties": "shared"})
    played = 0
    game = 0
    started = time.process_time()
    while played < holes:
        policies = [make_policy("random", seed * 100 + game * 10 + seat) for seat in range(players)]
        played += len(play_match(rules, players, seed * 1000 + game, policies).records)
        game += 1
    return played / (time.process_time() - started)


def normal_decisions(preset: str, players: int, holes: int, seed: int) -> float:
    """Decisions per CPU second of Normal players (every decision, the forced ones included)."""
    from sixcardgolf import HoleState, load_preset, observe
    from sixcardgolf.ai import make_policy

    rules = load_preset(preset)
    decisions = 0
    started = time.process_time()
    for index in range(max(1, holes // NORMAL_HOLES_SHARE)):
        deal_seed = seed * 1_000_003 + index
        state = HoleState.deal(rules, players, index % players, random.Random(deal_seed), f"bench/{deal_seed}")
        policies = [make_policy("normal", deal_seed * 10 + seat) for seat in range(players)]
        while not state.is_over():
            seat = state.seat
            state.apply_action(policies[seat].choose(observe(state, seat)))
            decisions += 1
    return decisions / (time.process_time() - started)


MEASURES = {"state": state_playouts, "match": match_playouts, "normal": normal_decisions}
UNITS = {"state": "holes/s", "match": "holes/s", "normal": "decisions/s"}


def measure_in_child(engine: Path, loop: str, preset: str, players: int, holes: int, seed: int) -> float:
    """One measurement in a fresh process that imports the engine found in `engine`."""
    environment = {**os.environ, "PYTHONPATH": str(engine)}
    command = [sys.executable, __file__, "--measure", loop, preset, str(players), str(holes), str(seed)]
    output = subprocess.run(command, env=environment, check=True, capture_output=True, text=True).stdout
    return float(output.split()[-1])


def commit_of(engine: Path) -> str:
    found = subprocess.run(["git", "-C", str(engine), "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    dirty = subprocess.run(["git", "-C", str(engine), "status", "--porcelain", "."], capture_output=True, text=True)
    return found.stdout.strip() + ("+changes" if dirty.stdout.strip() else "") if found.returncode == 0 else "?"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--holes", type=int, default=2000)
    parser.add_argument("--preset", default="basic")
    parser.add_argument("--against", type=Path, help="the engine folder of another checkout to compare with")
    parser.add_argument("--loops", default=",".join(LOOPS), help=f"comma-separated, from {', '.join(LOOPS)}")
    parser.add_argument("--out", type=Path, default=RESULTS / "engine_playouts.md")
    parser.add_argument(
        "--measure", nargs=5, metavar=("LOOP", "PRESET", "PLAYERS", "HOLES", "SEED"), help=argparse.SUPPRESS
    )
    args = parser.parse_args(argv)
    if args.measure:
        loop, preset, players, holes, seed = args.measure
        print(MEASURES[loop](preset, int(players), int(holes), int(seed)))
        return 0
    engines = {"this": ENGINE}
    if args.against:
        engines = {"baseline": args.against.resolve(), "this": ENGINE}
    commits = {name: commit_of(path) for name, path in engines.items()}
    loops = [loop for loop in args.loops.split(",") if loop]
    rates: dict[tuple[str, str, int], list[float]] = {}
    for run in range(args.runs):
        for loop in loops:
            for players in (2, 4):
                for name, path in engines.items():  # alternating, so that the machine's load falls on both alike
                    rate = measure_in_child(path, loop, args.preset, players, args.holes, run)
                    rates.setdefault((name, loop, players), []).append(rate)
        print(f"run {run + 1} of {args.runs} done", flush=True)
    lines = report(args, engines, commits, loops, rates)
    print("\n".join(lines))
    write_atomically(args.out, "\n".join(lines) + "\n")
    return 0


def report(
    args: argparse.Namespace,
    engines: dict[str, Path],
    commits: dict[str, str],
    loops: list[str],
    rates: dict[tuple[str, str, int], list[float]],
) -> list[str]:
    names = list(engines)
    lines = [
        "# Engine playouts",
        "",
        f"Generated by `bench/engine_playouts.py` on {date.today().isoformat()}, CPython {platform.python_version()} "
        f"({platform.machine()}, {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the end), "
        f"preset {args.preset}, {args.runs} runs of {args.holes} holes (Normal: {max(1, args.holes // NORMAL_HOLES_SHARE)} "
        "holes) per engine, loop and table, alternating between the engines. Medians of CPU-time rates.",
        "",
        "Engines: " + ", ".join(f"{name} = `{commits[name]}`" for name in names) + ".",
        "",
        "| loop | players | unit | " + " | ".join(names) + (" | this / baseline |" if len(names) == 2 else ""),
        "|---|---:|---|" + "---:|" * len(names) + ("---:|" if len(names) == 2 else ""),
    ]
    medians: dict[tuple[str, str, int], float] = {}
    for loop in loops:
        for players in (2, 4):
            cells = []
            for name in names:
                values = rates[(name, loop, players)]
                medians[(name, loop, players)] = statistics.median(values)
                cells.append(f"{statistics.median(values):,.0f}")
            ratio = ""
            if len(names) == 2:
                ratio = f" {medians[('this', loop, players)] / medians[('baseline', loop, players)]:.2f} |"
            lines.append(f"| {loop} | {players} | {UNITS[loop]} | " + " | ".join(cells) + " |" + ratio)
    if "state" in loops and "match" in loops:
        lines += ["", "The `simulate` path (match loop) as a share of the bare loop, same engine, same run:", ""]
        for name in names:
            shares = [f"{medians[(name, 'match', p)] / medians[(name, 'state', p)]:.0%} at {p} players" for p in (2, 4)]
            lines.append(f"- {name}: " + ", ".join(shares))
    lines += ["", "Every run's rate, in run order:", ""]
    for (name, loop, players), values in sorted(rates.items()):
        lines.append(f"- {name} {loop} {players}p: " + ", ".join(f"{v:,.0f}" for v in values))
    return lines


if __name__ == "__main__":
    sys.exit(main())
