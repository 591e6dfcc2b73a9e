"""The long run (`make soak`): a million random holes, every step checked. Not part of `make test`.

Holes alternate between the presets (in turn) and random option mixes (golf_rig.random_rules, any table
size the rules can deal for), each played with uniformly random legal actions. At every step: no card is
lost or made, the legal actions are sorted, distinct and offered to the seat to move only, a random seat's
observation hides exactly what that seat may not see, and the turn limit holds. At one step in fifty: a clone
equals the state and is independent of it, and an illegal action raises and changes nothing. At every hole's
end: every card is face up, the cards are the shoe's, the end reason fits, and every seat's points equal the
independent brute-force scorer (golf_reference) and the score breakdown.

    .venv/bin/python tests/engine/soak.py [--holes 1000000] [--procs 2] [--seed 1] [--out bench/results/soak.md]

Prints holes, steps, failures and seconds (and with --out writes them, with the machine's load, to a result
file); each failure (its rules, table, deal and message) is written to soak-failures.jsonl in the current
folder; the exit status is 1 if there was any.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import time
from itertools import pairwise
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import golf_reference as ref
from golf_rig import random_rules, seat_count, snapshot

from sixcardgolf import HoleState, IllegalActionError, Rules, load_preset, observe, preset_names
from sixcardgolf import actions as A
from sixcardgolf.cards import UNKNOWN
from sixcardgolf.hole import NO_CARD, EndReason

CHUNK = 5_000  # holes per task handed to a worker
DEEP_EVERY = 50  # steps between the dearer checks (clone, illegal action)
ALL_ACTIONS = [A.DRAW_STOCK, A.TAKE_DISCARD, A.DISCARD, A.KNOCK, A.EARLY_KNOCK, A.SKIP_FLIP] + [
    base + p for base in (A.SWAP, A.FLIP) for p in range(A.MAX_POSITIONS)
]


def check_step(hole: HoleState, shoe_size: int, rng: random.Random, deep: bool) -> None:
    held = hole.held != NO_CARD
    assert len(hole.stock) + len(hole.discard) + sum(map(len, hole.layouts)) + held == shoe_size, "a card was lost"
    legal = hole.legal_actions()
    assert legal and all(a < b for a, b in pairwise(legal)), f"legal actions {legal}"
    mover = hole.seat
    other = rng.randrange(hole.players)
    assert hole.legal_actions(other) == (legal if other == mover else [])
    assert hole.turns < hole.rules.turn_limit
    seen = observe(hole, other)
    for s, layout in enumerate(hole.layouts):
        known = hole.up[s] | (hole.peeked[s] if s == other else 0)
        assert seen.layouts[s] == tuple(c if known >> p & 1 else UNKNOWN for p, c in enumerate(layout))
    may_see_held = held and (other == mover or hole.held_from_discard)
    assert seen.held == (hole.held if may_see_held else UNKNOWN)
    assert seen.legal_actions == (tuple(legal) if other == mover else ())
    if deep:
        before = snapshot(hole)
        twin = hole.clone()
        assert snapshot(twin) == before, "a clone differs from its original"
        twin.apply_action(rng.choice(legal))
        assert snapshot(hole) == before, "acting on a clone changed the original"
        illegal = [a for a in ALL_ACTIONS if a not in legal]
        try:
            hole.apply_action(rng.choice(illegal))
        except IllegalActionError:
            pass
        else:
            raise AssertionError("an illegal action was accepted")
        assert snapshot(hole) == before, "an illegal action changed the state"


def check_end(hole: HoleState, shoe: list[int]) -> None:
    rules = hole.rules
    assert all(up == hole.full_mask for up in hole.up), "a card is still face down at the end"
    assert sorted(hole.stock + hole.discard + [c for layout in hole.layouts for c in layout]) == shoe
    assert hole.held == NO_CARD and hole.legal_actions() == []
    assert hole.end_reason in set(EndReason)
    assert hole.turns <= rules.turn_limit
    if hole.end_reason == EndReason.TURN_LIMIT:
        assert hole.turns == rules.turn_limit, "the turn limit ends a hole exactly when it is reached"
    went_out = None if hole.went_out < 0 else hole.went_out
    knocked = None if hole.knocker < 0 else hole.knocker
    expected = ref.totals(rules, hole.layouts, went_out, knocked)
    assert hole.returns() == expected, f"points {hole.returns()} but the reference scores {expected}"
    assert [score.total for score in hole.scores()] == expected


def play_chunk(task: tuple[int, int, int]) -> tuple[int, int, list[dict[str, object]]]:
    """Play `count` holes of chunk `index`; return holes, steps and the failures."""
    seed, index, count = task
    rng = random.Random(f"soak/{seed}/{index}")
    presets = [load_preset(name) for name in preset_names()]
    steps = 0
    failures: list[dict[str, object]] = []
    for number in range(count):
        rules = presets[number // 2 % len(presets)] if number % 2 else random_rules(rng)
        players = seat_count(rules, rng)
        deal_key = f"soak/{seed}/{index}/{number}"
        try:
            steps += play_hole(rules, players, deal_key, rng)
        except Exception as error:  # every failure is recorded with what reproduces it, and the run goes on
            failures.append(
                {
                    "rules": rules.to_dict(),
                    "players": players,
                    "deal": deal_key,
                    "error": f"{type(error).__name__}: {error}",
                }
            )
    return count, steps, failures


def play_hole(rules: Rules, players: int, deal_key: str, rng: random.Random) -> int:
    hole = HoleState.deal(rules, players, rng.randrange(players), random.Random(deal_key), deal_key)
    shoe = sorted(rules.shoe_for(players))
    steps = 0
    while not hole.is_over():
        check_step(hole, len(shoe), rng, deep=steps % DEEP_EVERY == DEEP_EVERY - 1)
        hole.apply_action(rng.choice(hole.legal_actions()))
        steps += 1
    check_end(hole, shoe)
    return steps


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--holes", type=int, default=1_000_000)
    parser.add_argument("--procs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--failures", type=Path, default=Path("soak-failures.jsonl"))
    parser.add_argument("--out", type=Path, help="also write the figures to this Markdown file")
    args = parser.parse_args(argv)
    tasks = [
        (args.seed, index, min(CHUNK, args.holes - start)) for index, start in enumerate(range(0, args.holes, CHUNK))
    ]
    started = time.perf_counter()
    holes = steps = 0
    failures: list[dict[str, object]] = []
    with Pool(args.procs) as pool:
        for done, (count, chunk_steps, chunk_failures) in enumerate(pool.imap_unordered(play_chunk, tasks), start=1):
            holes += count
            steps += chunk_steps
            failures += chunk_failures
            if done % 20 == 0 or done == len(tasks):
                print(f"{holes:,} holes, {steps:,} steps, {len(failures)} failures, "
                      f"{time.perf_counter() - started:,.0f} s", flush=True)  # fmt: skip
    seconds = time.perf_counter() - started
    if failures:
        args.failures.write_text("".join(json.dumps(f) + "\n" for f in failures), encoding="utf-8")
    summary = {
        "holes": holes,
        "steps": steps,
        "failures": len(failures),
        "seconds": round(seconds, 1),
        "seed": args.seed,
    }
    print(json.dumps(summary))
    if args.out:
        write_result(args.out, summary, args.procs)
    return 1 if failures else 0


def write_result(out: Path, summary: dict[str, object], procs: int) -> None:
    cpu = time.process_time()  # this process only; with --procs 1 the one worker's time is its child's
    children = os.times().children_user + os.times().children_system
    lines = [
        "# Soak run",
        "",
        f"Generated by `tests/engine/soak.py` (`make soak`; a run of `--holes {summary['holes']}`) on "
        f"{time.strftime('%Y-%m-%d')}, CPython {platform.python_version()}, {procs} worker process(es) at nice, "
        f"on the shared two-core machine (load average {os.getloadavg()[0]:.1f} at the end).",
        "",
        "Random holes alternating between the presets and random option mixes, uniformly random legal actions, "
        "every invariant checked at every step and every hole's points checked against the independent scorer.",
        "",
        "| holes | steps | failures | wall seconds | CPU seconds | holes per CPU second | seed |",
        "|---:|---:|---:|---:|---:|---:|---:|",
        f"| {summary['holes']:,} | {summary['steps']:,} | {summary['failures']} | {summary['seconds']:,} "
        f"| {cpu + children:,.0f} | {int(summary['holes']) / max(cpu + children, 1e-9):,.0f} | {summary['seed']} |",
        "",
    ]
    temporary = out.with_name(f".{out.name}.tmp")  # written whole or not at all
    temporary.write_text("\n".join(lines), encoding="utf-8")
    os.replace(temporary, out)


if __name__ == "__main__":
    sys.exit(main())
