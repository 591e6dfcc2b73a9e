"""Benchmark: rooms with computers on one room server process, their decisions on the event loop or in its worker
pool (server/thinking.py), beside rooms of people only.

`bench/rooms_load.py --computers --rooms 50,100,200` (or this file) runs it with rooms_load.py's own bots (bot
processes apart from the server, every person's seat its own websocket, the same think times). Three kinds of
room for each N, each on a fresh server:

- people only: four bot people (rooms_load.py's rooms);
- Hard + Normal, inline: two bot people, a Hard and a Normal computer, every decision on the event loop
  (`GOLF_THINKERS=0`, as the server was before the pool);
- Hard + Normal, pool: the same rooms, Hard's decisions in the worker pool (`GOLF_THINKERS`, its default: one
  less than the cores), Easy and Normal inline.

Reported: the people's moves a second and their round trip (a move sent until the mover's own `state` answer:
with the pool that answer no longer waits for the computers' replies, and no room's answer waits for another
room's Hard search), every move the server applied (the computers' included, from its /metrics), the server's
CPU per move with its workers' CPU counted in, each process's share of a core, the pool's decisions a second,
their mean time and the fallbacks to Normal past the budget. Figures to stdout and
bench/results/rooms_computers.md; nothing here can fail.

    setsid nice -n 10 .venv/bin/python bench/rooms_computers.py --rooms 50,100,200 --seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import pickle
import random
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from lighthouse import raise_session
from results_file import write_keeping_notes
from rooms_load import PEOPLE_ONLY, measure

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from server.thinking import Ask, Thinking, decide, default_workers  # noqa: E402
from sixcardgolf.door.params import rules_from  # noqa: E402
from sixcardgolf.match import HIDDEN, Match  # noqa: E402
from sixcardgolf.observation import Observation  # noqa: E402

RESULTS = HERE / "results"
NOTES = "<!-- Below: written by hand (what the figures say), kept when the table is made again. -->"
WITH_COMPUTERS = ("person", "open", "hard", "normal")
KINDS: list[tuple[str, tuple[str, ...], dict[str, str]]] = [
    ("people only", PEOPLE_ONLY, {}),
    ("Hard + Normal, inline", WITH_COMPUTERS, {"GOLF_THINKERS": "0"}),
    ("Hard + Normal, pool", WITH_COMPUTERS, {"GOLF_THINKERS": str(default_workers())}),
]


def observations(count: int, seed: int = 7) -> list[Observation]:
    """Observations of the seat to move in random four-player Basic holes (played at random), `count` of them."""
    rng = random.Random(seed)
    found: list[Observation] = []
    while len(found) < count:
        match = Match(rules_from({"preset": "basic", "options": {"holes": 1}}), 4, rng.getrandbits(62), deals=HIDDEN)
        while not match.hole.is_over() and len(found) < count:
            observation = match.observation(match.current_player())
            if len(observation.legal_actions) > 1:
                found.append(observation)
            match.apply_action(rng.choice(observation.legal_actions))
    return found


def cpu_ms(asks: list[Ask]) -> list[float]:
    """Each decision's CPU time inline, sorted."""
    spent = []
    for ask in asks:
        began = time.process_time()
        decide(ask)
        spent.append((time.process_time() - began) * 1000)
    return sorted(spent)


def decision_costs() -> list[str]:
    """What one decision costs inline, per level, and what the pool adds to one (the reason Easy and Normal stay
    on the event loop): CPU milliseconds, median / p95."""
    seen = observations(200)
    rows = []
    for level, sample in (("easy", seen), ("normal", seen), ("hard", seen[:40])):
        spent = cpu_ms([Ask(level, i, obs) for i, obs in enumerate(sample)])
        rows.append((level, statistics.median(spent), spent[int(0.95 * (len(spent) - 1))]))
    asks = [Ask("easy", i, obs) for i, obs in enumerate(seen)]
    size = statistics.median(len(pickle.dumps(ask)) for ask in asks)

    async def round_trips() -> list[float]:
        thinking = Thinking(1, 30.0)
        await thinking.decide(asks[0])  # the worker spawned
        walls = []
        for ask in asks:
            began = time.perf_counter()
            await thinking.decide(ask)
            walls.append((time.perf_counter() - began) * 1000)
        thinking.close()
        return sorted(walls)

    walls = asyncio.run(round_trips())
    lines = [
        "One decision, on this machine (CPU ms, median / p95; 200 observations of random four-player Basic holes, "
        "40 for Hard):",
        "",
        "| level | inline CPU ms (median / p95) |",
        "|---|---|",
        *(f"| {level} | {median:.2f} / {p95:.2f} |" for level, median, p95 in rows),
        "",
        f"An Easy decision asked of the pool (one worker, idle) takes {statistics.median(walls):.2f} ms of wall time "
        f"(median; p95 {walls[int(0.95 * (len(walls) - 1))]:.2f}), the Ask pickled to {size:.0f} bytes: more than "
        "an Easy or Normal decision itself costs, so those stay on the event loop, and Hard goes to the pool.",
        "",
    ]
    return lines


def run(counts: list[int], seconds: float, think: float, bots: int) -> None:
    niceness = os.nice(0)
    group = raise_session(niceness)
    load_start = os.getloadavg()
    costs = decision_costs()
    print("\n".join(costs), flush=True)
    rows: list[dict[str, Any]] = []
    for n in counts:
        for kind, layout, env in KINDS:
            row: dict[str, Any] = {"kind": kind, **measure(n, seconds, think, bots, layout=layout, env=env)}
            rows.append(row)
            print(json.dumps(row), flush=True)
    load_end = os.getloadavg()
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        "# Rooms with computers",
        "",
        f"Generated by `bench/rooms_computers.py` (`bench/rooms_load.py --computers`) on {when}: one room server "
        f"process (uvicorn, websockets, a SQLite store in a temporary folder), {bots} bot process(es), on the same "
        f"{os.cpu_count()}-core machine; rooms of Basic, nine holes and rematches; every person's seat a bot with "
        f"its own loopback websocket, thinking {think:g} s on average (0.5x to 1.5x) before each move; "
        f"{seconds:g} s measured per row after every room opened; the pool has {default_workers()} worker "
        f"process(es), the budget 2 s; nice {niceness} (session group {group}). Load average "
        f"{load_start[0]:.2f} / {load_start[1]:.2f} / {load_start[2]:.2f} (1, 5, 15 min) at the start, "
        f"{load_end[0]:.2f} / {load_end[1]:.2f} / {load_end[2]:.2f} at the end (the machine is shared with "
        "other sessions).",
        "",
        "People only: four bot people a room. Hard + Normal: two bot people, a Hard and a Normal computer; inline: "
        "every decision on the event loop (`GOLF_THINKERS=0`); pool: Hard's decisions in the worker pool. "
        "Round trip: a person's move sent until that person's own `state` answer. All moves: every move the "
        "server applied (the computers' too, its `golf_moves_total`). CPU per move: the server's and its "
        "workers' user + system time over the measured seconds, divided by all moves; the shares are of one "
        "core. Decisions: the pool's Hard decisions a second, their mean time from asked to answered (queueing "
        "included), the workers' CPU per decision, and the fallbacks to an inline Normal decision past the budget. "
        "A Hard decision searches only close calls (the opening's flips and clear choices are the planner's, "
        "fractions of a millisecond), so its mean CPU in play is well under the 50-70 ms of a searched one.",
        "",
        "| rooms | kind | opened | people's moves/s | all moves/s | p50 ms | p95 ms | p99 ms | CPU ms/move "
        "| server share | workers share | bots share | decisions/s | decision wall ms | worker CPU ms/decision "
        "| fallbacks |",
        "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        pooled = r["kind"].endswith("pool")
        lines.append(
            f"| {r['rooms']:,} | {r['kind']} | {r['made']:,} | {r['moves_per_s']:.0f} | {r['all_moves_per_s']:.0f} "
            f"| {r['p50']:.1f} | {r['p95']:.1f} | {r['p99']:.1f} | {r['cpu_ms_per_any_move']:.2f} "
            f"| {r['cpu_share']:.0%} | {r['pool_cpu_share']:.0%} | {r['bots_cpu_share']:.0%} "
            f"| {r['decisions_per_s']:.1f} | {r['decision_ms']:.0f} "
            f"| {r['pool_cpu_share'] / r['decisions_per_s'] * 1000 if r['decisions_per_s'] else float('nan'):.1f} "
            f"| {r['fallbacks']:.0f} |"
            if pooled
            else f"| {r['rooms']:,} | {r['kind']} | {r['made']:,} | {r['moves_per_s']:.0f} "
            f"| {r['all_moves_per_s']:.0f} | {r['p50']:.1f} | {r['p95']:.1f} | {r['p99']:.1f} "
            f"| {r['cpu_ms_per_any_move']:.2f} | {r['cpu_share']:.0%} | - | {r['bots_cpu_share']:.0%} | - | - | - | - |"
        )
    lines += [
        "",
        "Rooms per process (the largest N measured that held p95 <= 50 ms, with no fallback in the pool):",
        "",
    ]
    for kind, _, _ in KINDS:
        held = [r["rooms"] for r in rows if r["kind"] == kind and r["p95"] <= 50 and r["made"] == r["rooms"]
                and not r["fallbacks"]]  # fmt: skip
        lines.append(f"- {kind}: {max(held) if held else 'none of those measured'}")
    lines += ["", *costs]
    RESULTS.mkdir(exist_ok=True)
    results = RESULTS / "rooms_computers.md"
    write_keeping_notes(results, lines, NOTES)
    print("\n".join(lines))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", default="50,100,200")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--think", type=float, default=2.0, help="a person's mean think time before a move, seconds")
    parser.add_argument("--bots", type=int, default=1, help="bot processes")
    args = parser.parse_args()
    run([int(x) for x in args.rooms.split(",")], args.seconds, args.think, args.bots)


if __name__ == "__main__":
    main()
