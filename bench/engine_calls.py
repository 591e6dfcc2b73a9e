"""Benchmark: what single calls on the engine's hot paths cost, in nanoseconds (CPython, timeit, best of runs).

The two playout loops of bench/engine_playouts.py differ by a few calls per decision; this prices each of
them, so that the gap between the `simulate` path and the bare HoleState loop can be read as a sum:
an Observation, the policy's call, the Match step, and per hole the string-seeded deal of a match. Best of
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
import weakref
from datetime import date
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "engine"))

from sixcardgolf import HoleState, Match, load_preset  # noqa: E402
from sixcardgolf.ai import make_policy  # noqa: E402
from sixcardgolf.cards import shuffle  # noqa: E402
from sixcardgolf.match import hole_rng  # noqa: E402
from sixcardgolf.observation import Observation  # noqa: E402


def ns(statement: str, names: dict[str, object], number: int, repeat: int = 7) -> float:
    """Nanoseconds per run of `statement`, the best of `repeat` timings of `number` runs."""
    return min(timeit.repeat(statement, number=number, repeat=repeat, globals=names)) / number * 1e9


class Weakly:
    """A small object that can be weakly referred to, as an Observation could before."""


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
    names: dict[str, object] = {
        "hole": hole, "seat": hole.seat, "policy": policy, "legal": legal, "choice": random.Random(1).choice,
        "Observation": Observation, "weakref": weakref, "sys": sys, "random": random, "shuffle": shuffle,
        "shoe": shoe, "generator": random.Random(1), "hole_rng": hole_rng, "f": lambda: None,
        "undo_hole": hole.clone(), "match": match, "Match": Match,
    }  # fmt: skip
    rows = [
        ("per decision, both loops", "a Python call that does nothing", "f()", number),
        ("per decision, both loops", "a random choice among 7 actions (`Random.choice`)", "choice(legal)", number),
        (
            "per decision, bare loop",
            "`hole.legal_actions()` (the cached tuple, copied to a list)",
            "hole.legal_actions()",
            number,
        ),
        ("per decision, simulate path", "`hole.legal_tuple()` (the cached tuple)", "hole.legal_tuple()", number),
        (
            "per decision, simulate path",
            "`Observation(hole, seat)` (dropped at once, as a policy does)",
            "Observation(hole, seat)",
            number,
        ),
        (
            "per decision, simulate path",
            "the random policy's call, `policy.choose(observation)`",
            "policy.choose(o)",
            number,
        ),
        (
            "per decision, for comparison",
            "a weak reference (what each observation cost before)",
            "weakref.ref(w)",
            number,
        ),
        ("per decision, for comparison", "`sys.getrefcount` (what it costs now)", "sys.getrefcount(o)", number),
        (
            "per hole, bare loop",
            "`random.Random(int)` (the bench seeds each deal so)",
            "random.Random(123456789)",
            number // 20,
        ),
        (
            "per hole, simulate path",
            "`match.hole_rng(seed, hole)` (a match seeds each deal from text)",
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
    ]
    names["o"] = Observation(hole, hole.seat)
    names["w"] = Weakly()
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
            "per decision, simulate path",
            "the Match step around `apply_action` (Match minus hole)",
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
    args.out.parent.mkdir(parents=True, exist_ok=True)
    temporary = args.out.with_name(f".{args.out.name}.tmp")
    temporary.write_text("\n".join(lines) + "\n", encoding="utf-8")
    os.replace(temporary, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
