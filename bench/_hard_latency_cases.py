"""Hard's decisions on fixed positions, timed wherever this file runs: CPython, or Pyodide (through
tests/pyodide/run_in_pyodide.mjs).

`main()` returns JSON text: per preset, the milliseconds of every Hard decision that offered a choice and the
moves chosen (the same on both runtimes: the search is counted in steps, not time).
"""

from __future__ import annotations

import json
import platform
import random
import sys
import time

from sixcardgolf import HoleState, load_preset
from sixcardgolf.ai import make_policy
from sixcardgolf.observation import observe

CASES = (("basic", 2, 6), ("nine-card", 2, 3))  # preset, players, holes


def timings(preset: str, players: int, holes: int) -> dict[str, list[float] | list[int]]:
    rules = load_preset(preset)
    ms: list[float] = []
    moves: list[int] = []
    for hole in range(holes):
        state = HoleState.deal(rules, players, hole % players, random.Random(f"pyodide/{hole}"), f"pyodide/{hole}")
        policies = [make_policy("hard" if seat == 0 else "normal", hole * 10 + seat) for seat in range(players)]
        while not state.is_over():
            observation = observe(state, state.seat)
            started = time.perf_counter()
            action = policies[state.seat].choose(observation, state)
            if state.seat == 0 and len(observation.legal_actions) > 1:
                ms.append(1000 * (time.perf_counter() - started))
                moves.append(action)
            state.apply_action(action)
    return {"ms": ms, "moves": moves}


def main() -> str:
    return json.dumps({f"{preset} {players}p": timings(preset, players, holes) for preset, players, holes in CASES})


def environment() -> str:
    return json.dumps({"python": platform.python_version(), "platform": sys.platform})


if __name__ == "__main__":
    print(main())
