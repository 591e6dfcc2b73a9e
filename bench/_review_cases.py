"""The hole review timed wherever this file runs: CPython, or Pyodide (through tests/pyodide/run_in_pyodide.mjs).

Each case plays a short match in which seat 1 is a beginner (the Easy level stands in for a person learning
the game) and the other seats are Normal, then reviews seat 1 hole by hole. `main()` returns JSON text: per case,
the wall and CPU seconds of every hole's review, its decisions, the decisions that differed from the Hint's
move (each one measured with playouts), and the reviews themselves (which must
be the same on both runtimes: the review is counted in simulated steps, not time).
"""

from __future__ import annotations

import json
import platform
import sys
import time
from typing import Any

from sixcardgolf import Match, load_preset
from sixcardgolf.ai import make_policy
from sixcardgolf.review import review_match

CASES = (("basic", 2, 4), ("basic", 4, 3), ("nine-card", 2, 3))  # preset, players, holes
REVIEWED = 0


def cpu_seconds() -> float:
    """This process's CPU time: under Node.js (Pyodide) from process.cpuUsage(), as time.process_time() is wall."""
    if sys.platform == "emscripten":
        import js  # type: ignore[import-not-found]

        usage = js.process.cpuUsage()
        return float(usage.user + usage.system) / 1e6
    return time.process_time()


def played_match(preset: str, players: int, holes: int) -> Match:
    match = Match(load_preset(preset).with_options({"holes": holes}), players, seed=20 + players)
    while not match.is_over():
        if match.hole.is_over():
            match.next_hole()
            continue
        seat = match.current_player()
        level = "easy" if seat == REVIEWED else "normal"
        match.apply_action(make_policy(level, match.seed * 1_000 + len(match.log)).choose(match.observation(seat)))
    return match


def timings(preset: str, players: int, holes: int) -> dict[str, Any]:
    match = played_match(preset, players, holes)
    seconds, cpu, reviews, compared = [], [], [], []
    for hole in range(1, len(match.records) + 1):
        started, started_cpu = time.perf_counter(), cpu_seconds()
        review = review_match(match, REVIEWED, {hole})
        seconds.append(time.perf_counter() - started)
        cpu.append(cpu_seconds() - started_cpu)
        reviews.append(review.to_dict("en"))
        compared.append(sum(d.loss is not None for d in review.holes[0].decisions))
    decisions = [hole["choices"] for hole in (r["holes"][0] for r in reviews)]
    return {"seconds": seconds, "cpu": cpu, "decisions": decisions, "compared": compared, "reviews": reviews}


def main() -> str:
    return json.dumps({f"{preset} {players}p": timings(preset, players, holes) for preset, players, holes in CASES})


def environment() -> str:
    return json.dumps({"python": platform.python_version(), "platform": sys.platform})


if __name__ == "__main__":
    print(main())
