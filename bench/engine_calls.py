"""Benchmark: what single calls on the engine's hot paths cost, in nanoseconds (CPython, timeit, best of runs).

The two playout loops of bench/engine_playouts.py differ by a few calls per decision and per hole; this prices
each of them, so that the gap between the `simulate` path and the bare HoleState loop can be read as a sum:
per decision a view and the log's append, per hole the text-seeded deal of a match and its record. Best of
several repeats (the least disturbed by a busy machine). The report goes to stdout and to
bench/results/engine_calls.md. Not a test: nothing here can fail.

    .venv/bin/python bench/engine_calls.py [--number 200000]
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import timeit
from datetime import date
from pathlib import Path

from results_file import write_atomically

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "engine"))

from sixcardgolf import HoleState, Match, load_preset  # noqa: E402
from sixcardgolf.ai import make_policy  # noqa: E402
from sixcardgolf.cards import shuffle  # noqa: E402
from sixcardgolf.observation import LiveView, Observation, observe  # noqa: E402
from sixcardgolf.seeds import hole_rng  # noqa: E402


def ns(statement: str, names: dict[str, object], number: int, repeat: int = 7) -> float:
    """Nanoseconds per run of `statement`, the best of `repeat` timings of `number` runs."""
    return min(timeit.repeat(statement, number=number, repeat=repeat, globals=names)) / number * 1e9


def held_card_hole() -> HoleState:
    """A basic two-player hole whose seat to move holds a drawn card (seven legal actions)."""
    hole = HoleState.deal(load_preset("basic"), 2, 1, random.Random(3), "calls")
    while hole.phase != 1:  # through the opening reveals to the first turn
        hole.apply_action(hole.legal_tuple()[0])
    hole.apply_action(0)  # draw
    return hole


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--number", type=int, default=200_000)
    parser.add_argument("--out", type=Path, default=HERE / "results" / "engine_calls.md")
    args = parser.parse_args(argv)
    number = args.number
    hole = held_card_hole()
    policy = make_policy("random", 1)
    legal = hole.legal_tuple()
    match = Match(load_preset("basic"), 2, 7)
    shoe = load_preset("basic").shoe_for(2)
    finished = Match(load_preset("basic"), 2, 7)
    finished.play_hole([make_policy("random", 1), make_policy("random", 2)])
    names: dict[str, object] = {
        "hole": hole, "seat": hole.seat, "policy": policy, "legal": legal, "choice": random.Random(1).choice,
        "Observation": Observation, "sys": sys, "random": random, "shuffle": shuffle,
        "shoe": shoe, "generator": random.Random(1), "hole_rng": hole_rng, "f": lambda: None,
        "undo_hole": hole.clone(), "match": match, "Match": Match, "observe": observe, "log": [],
        "view": LiveView(hole, hole.seat),
        "over": finished.hole, "finished": finished,
    }  # fmt: skip
    rows = [
        ("per decision, both loops", "a Python call that does nothing", "f()", number),
        ("per decision, bare loop", "a random choice among 7 actions (`Random.choice`)", "choice(legal)", number),
        (
            "per decision, simulate path",
            "the random player's `choose(observation)` (the same draw, written out)",
            "policy.choose(o)",
            number,
        ),
        (
            "per decision, bare loop",
            "`hole.legal_actions()` (the cached tuple, copied to a list)",
            "hole.legal_actions()",
            number,
        ),
        ("per decision, simulate path", "`hole.legal_tuple()` (the cached tuple)", "hole.legal_tuple()", number),
        (
            "per decision, simulate path",
            "`view.aim(seat)`: the one view of its live hole that `Match.play_hole` aims at every decision",
            "view.aim(seat)",
            number,
        ),
        (
            "per decision, a view to keep",
            "`observe(hole, seat)`: a view of its own copy of the hole",
            "observe(hole, seat)",
            number,
        ),
        ("per decision, simulate path", "a list append (the match's action log)", "log.append(7)", number),
        (
            "per hole, bare loop",
            "`random.Random(int)` (the bench seeds each deal so)",
            "random.Random(123456789)",
            number // 20,
        ),
        (
            "per hole, simulate path",
            "`seeds.hole_rng(seed, hole)` (a match seeds each deal from text)",
            "hole_rng(123456789, 3)",
            number // 20,
        ),
        ("per hole, both loops", "`cards.shuffle` of 52 cards", "shuffle(shoe, generator)", number // 20),
        (
            "per hole, for comparison",
            "`random.Random.shuffle` of 52 cards (the same order)",
            "generator.shuffle(shoe)",
            number // 20,
        ),
        ("per hole, both loops", "`hole.returns()`, 2 players", "over.returns()", number // 20),
        (
            "per hole, simulate path",
            "the match records the hole (`Match._record_hole`: its points and a `HoleRecord`)",
            "finished.records.clear(); finished._record_hole()",
            number // 20,
        ),
    ]
    names["o"] = Observation(hole, hole.seat)
    results = []
    for group, label, statement, runs in rows:
        results.append((group, label, ns(statement, names, runs)))
    # The Match step against the hole's own: both apply the same first action to fresh copies.
    setup_hole = "h = undo_hole.clone()"
    bare = min(timeit.repeat("h.apply_action(10)", setup=setup_hole, number=1, repeat=number // 20, globals=names))
    setup_match = "m = Match(match.rules, 2, 7); m.hole = undo_hole.clone()"
    wrapped = min(timeit.repeat("m.apply_action(10)", setup=setup_match, number=1, repeat=number // 20, globals=names))
    results.append(
        (
            "per decision, a played page",
            "the Match step around `apply_action` (Match minus hole; `Match.play_hole` pays a log append instead)",
            (wrapped - bare) * 1e9,
        )
    )
    lines = [
        "# Engine calls",
        "",
        f"Generated by `bench/engine_calls.py` on {date.today().isoformat()}, CPython {platform.python_version()} "
        f"({platform.machine()}, {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the end). "
        "Nanoseconds per call, the best of 7 timings.",
        "",
        "| where | call | ns |",
        "|---|---|---:|",
        *(f"| {group} | {label} | {value:,.0f} |" for group, label, value in results),
    ]
    print("\n".join(lines))
    write_atomically(args.out, "\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
