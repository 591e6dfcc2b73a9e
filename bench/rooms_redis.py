"""Benchmark: rooms in Redis (`STORE=redis://…`) on 1 and 2 room server processes, beside the SQLite store on one.

`bench/rooms_load.py --store redis --servers 1,2` (or this file) runs it; the bots are rooms_load.py's own (bot
processes apart from the servers, every seat its own websocket, the same think times), so the three columns
differ only in the server side. With two servers, a room's seats are spread over both (seat i on server i mod 2),
as a proxy that does not route by room would spread them: every move is told across processes through Redis.

Measured per N, besides rooms_load.py's figures: the Redis process's CPU per move, the commands Redis ran per
move (INFO stats and commandstats: a Lua commit counts once as EVALSHA and each of its calls inside), and the
memory per room in Redis (INFO memory's `used_memory` with the rooms open, less the empty Redis', per room; and
MEMORY USAGE of a sample of rooms' hashes). Redis runs with its append-only file on (fsync every second), as
for real. Figures to stdout and bench/results/rooms_redis.md; nothing here can fail.

    setsid nice -n -20 .venv/bin/python bench/rooms_redis.py --rooms 250,500 --servers 1,2 --seconds 20

`--profile FILE`: the one-process Redis server of the first N under cProfile (its figures are not the bench's).
`--base DIR`: a "redis x1 before" row at each N, the server run from another checkout (e.g. `git archive` of an
older commit into DIR) with only DIR on its path, so that a change is measured beside what it changed in one run.
Below the marker `NOTES` in the results, text written by hand is kept when the file is made again.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import redis as redis_client
from lighthouse import raise_session
from results_file import write_keeping_notes
from rooms_load import NOTES, ProfiledServer, measure, process_cpu, start_bots

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from server.processes import RedisServer, RoomServer, start_all  # noqa: E402

RESULTS = HERE / "results"
BENCH_OWN = {"cmdstat_info", "cmdstat_memory|usage", "cmdstat_zrange"}  # the bench's own questions, not counted
SERVER_SETTINGS = {"GOLF_SITE": "", "GOLF_MAX_ROOMS": "100000", "GOLF_ROOMS_PER_ADDRESS": "100000"}


class BaseServer(RoomServer):
    """The room server of another checkout (`--base`): its `server` package first on the path, and nothing the
    caller's PYTHONPATH adds (a package this checkout's requirements have and its own may not)."""

    def __init__(self, settings: dict[str, str], base: Path, log: Path | None = None) -> None:
        super().__init__(settings, log=log)
        self.base = base

    def command(self) -> list[str]:
        code = f"import sys\nsys.path.insert(0, {str(self.base)!r})\nfrom server.__main__ import main\nmain()\n"
        return [sys.executable, "-c", code]

    def environment(self) -> dict[str, str]:
        return {**super().environment(), "PYTHONPATH": str(self.base)}


def redis_figures(client: redis_client.Redis) -> dict[str, float]:
    info: dict[str, Any] = client.info()
    stats: dict[str, Any] = client.info("commandstats")
    every = sum(v["calls"] for k, v in stats.items() if k not in BENCH_OWN)
    return {"memory": float(info["used_memory"]), "commits": float(stats.get("cmdstat_evalsha", {}).get("calls", 0)),
            "calls": float(every)}  # fmt: skip


def measure_shared(rooms: int, seconds: float, think: float, bots: int, servers: int, by_room: bool = False,
                   profile: Path | None = None, base: Path | None = None) -> dict[str, float]:  # fmt: skip
    """One N on `servers` processes: each room's seats spread over them, or (`by_room`) each room on one; with
    `profile`, the (one) server under cProfile; with `base`, the servers of that checkout."""
    redis = RedisServer(appendonly=True)
    redis.start()
    client = redis_client.Redis(port=redis.port, decode_responses=True)
    logs = Path(os.environ.get("TMPDIR", "/tmp"))
    settings = {**SERVER_SETTINGS, "STORE": redis.url}
    processes: list[RoomServer] = [
        ProfiledServer(settings, profile) if profile is not None
        else BaseServer(settings, base, log=logs / f"golf-bench-base{i}.log") if base is not None
        else RoomServer(settings, log=logs / f"golf-bench-server{i}.log")
        for i in range(servers)
    ]  # fmt: skip
    try:
        start_all(processes)  # type: ignore[arg-type]
        time.sleep(1.0)
        empty = redis_figures(client)
        urls: list[str] | list[list[str]] = [p.ws_url for p in processes]
        if by_room:
            urls = [[url] for url in urls]
        workers, out, stop_at = start_bots(urls, rooms, seconds, think, bots)
        cpu_start = [process_cpu(p.pid) for p in processes]
        redis_start = process_cpu(redis.pid)
        full = redis_figures(client)
        codes = [str(c) for c in client.zrange("golf:rooms", 0, 19)]
        sample = [client.memory_usage(f"golf:room:{c}") or 0 for c in codes]
        time.sleep(max(0.0, stop_at - time.time()))
        cpu_used = sum(process_cpu(p.pid) for p in processes) - sum(cpu_start)
        redis_used = process_cpu(redis.pid) - redis_start
        end = redis_figures(client)
        results = [out.get(timeout=600) for _ in workers]
        for worker in workers:
            worker.join(timeout=60)
    finally:
        for process in processes:
            if profile is None:
                process.kill()
            else:
                process.stop()  # SIGTERM: the profile is written as the server ends
        client.close()
        redis.close()
    times = sorted(t for r in results for t in r["times"])
    moves = len(times)
    cut = lambda q: times[min(len(times) - 1, int(q * len(times)))] * 1000 if times else float("nan")  # noqa: E731
    per_move = (lambda x: x / moves) if moves else (lambda x: float("nan"))
    return {
        "store": f"redis x{servers}" + (" by room" if by_room and servers > 1 else "") + (" before" if base else ""),
        "rooms": rooms,
        "made": sum(r["rooms"] for r in results),
        "moves": moves,
        "moves_per_s": moves / seconds,
        "p50": cut(0.50),
        "p95": cut(0.95),
        "p99": cut(0.99),
        "cpu_ms_per_move": per_move(cpu_used * 1000),
        "cpu_share": cpu_used / seconds,
        "redis_ms_per_move": per_move(redis_used * 1000),
        "redis_share": redis_used / seconds,
        "redis_scripts_per_move": per_move(end["commits"] - full["commits"]),
        "redis_calls_per_move": per_move(end["calls"] - full["calls"]),
        "redis_kib_per_room": (full["memory"] - empty["memory"]) / rooms / 1024,
        "room_hash_kib": sum(sample) / len(sample) / 1024 if sample else float("nan"),
    }


def table(rows: list[dict[str, Any]]) -> list[str]:
    lines = [
        "| store | rooms | opened | moves/s | p50 ms | p95 ms | p99 ms | servers' CPU ms/move | servers' CPU share "
        "| Redis CPU ms/move | Redis CPU share | Redis scripts/move | Redis commands/move | Redis KiB/room "
        "| room hash KiB |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        redis = r["store"].startswith("redis")

        def cell(key: str, form: str, r: dict[str, Any] = r, redis: bool = redis) -> str:
            return format(r[key], form) if redis else "–"

        lines.append(
            f"| {r['store']} | {r['rooms']:,} | {r['made']:,} | {r['moves_per_s']:.0f} | {r['p50']:.1f} | "
            f"{r['p95']:.1f} | {r['p99']:.1f} | {r['cpu_ms_per_move']:.2f} | {r['cpu_share']:.0%} | "
            f"{cell('redis_ms_per_move', '.3f')} | {cell('redis_share', '.0%')} | "
            f"{cell('redis_scripts_per_move', '.2f')} | {cell('redis_calls_per_move', '.1f')} | "
            f"{cell('redis_kib_per_room', '.1f')} | {cell('room_hash_kib', '.1f')} |"
        )
    return lines


def projection(rows: list[dict[str, Any]]) -> list[str]:
    """What the measured figures say of a larger site: each figure derived from the table above, nothing else."""
    one = [r for r in rows if r["store"] == "redis x1" and r["moves"]]
    two = [r for r in rows if r["store"] == "redis x2" and r["moves"]]
    sqlite = [r for r in rows if r["store"] == "sqlite x1" and r["moves"]]
    if not one:
        return []
    top = max(one, key=lambda r: r["rooms"])
    per_room = top["moves_per_s"] / top["rooms"]  # moves a second one room makes at this think time
    cpu = statistics.median(r["cpu_ms_per_move"] for r in one)
    redis_ms = statistics.median(r["redis_ms_per_move"] for r in one + two)
    calls = statistics.median(r["redis_calls_per_move"] for r in one + two)
    scripts = statistics.median(r["redis_scripts_per_move"] for r in one + two)
    kib = statistics.median(r["redis_kib_per_room"] for r in one + two)
    held = [r["rooms"] for r in one if r["p95"] <= 50]
    lines = [
        "## Projection for a larger site (from the figures above)",
        "",
        f"- A room of four bots makes {per_room:.2f} moves a second at this think time.",
        f"- A server process costs {cpu:.2f} ms of CPU per move with Redis (median of the one-process rows)"
        + (f", against {statistics.median(r['cpu_ms_per_move'] for r in sqlite):.2f} ms with SQLite" if sqlite else "")
        + f": one process saturates its core near {1000 / cpu:,.0f} moves/s, about "
        f"{1000 / cpu / per_room:,.0f} rooms; at 60% of a core (headroom for bursts, p95 well under 50 ms) "
        f"about {600 / cpu / per_room:,.0f} rooms per process, one process per core.",
        f"- Largest N measured on one process that held p95 <= 50 ms: {max(held) if held else 'none'} (on this "
        "shared machine, where the bots and Redis take the other core and more).",
        f"- Redis runs {scripts:.2f} Lua commits and {calls:.1f} commands per move (the commit's HGET, HSET, "
        f"ZADD, PUBLISH, and the heartbeats), costing it {redis_ms:.3f} ms of CPU per move: one Redis core "
        f"saturates near {1000 / redis_ms:,.0f} moves/s, about {1000 / redis_ms / per_room:,.0f} rooms of this "
        "kind, whatever the number of server processes. Past that: several Redis (rooms sharded by code, the "
        "room's keys already under one name each) or Redis Cluster (the Lua commit touches the room's hash and "
        "the shared index `golf:rooms`, which would move to a per-shard index).",
        f"- Memory: {kib:.1f} KiB per room in Redis (its hash, log included, and its place in the index): "
        f"{1024 * 1024 / kib:,.0f} rooms per GiB.",
        "- Fan-out: a commit is published once and delivered to each process holding a client of the room (at "
        "most four: one per seat); each such process catches up and builds its own seats' views. Routing a "
        "room's clients to one process (a proxy hashing the room code) would save the others' share: the two-"
        "process rows above spread every room over both, the worst case.",
    ]
    if two:
        pair = max(two, key=lambda r: r["rooms"])
        lines.append(
            f"- Two processes: {pair['cpu_ms_per_move']:.2f} ms CPU per move in all (every move told across both) "
            f"against {cpu:.2f} ms on one; their capacity together is about {2000 / pair['cpu_ms_per_move']:,.0f} "
            f"moves/s at full cores, {2000 / pair['cpu_ms_per_move'] / (1000 / cpu):.2f}x one process's."
        )
    routed = [r for r in rows if r["store"] == "redis x2 by room" and r["moves"]]
    if routed:
        pair = max(routed, key=lambda r: r["rooms"])
        lines.append(
            f"- Two processes, each room on one of them (a proxy routing by room code): "
            f"{pair['cpu_ms_per_move']:.2f} ms CPU per move in all, so about {2000 / pair['cpu_ms_per_move']:,.0f} "
            f"moves/s at full cores, {2000 / pair['cpu_ms_per_move'] / (1000 / cpu):.2f}x one process's: the way to "
            "scale out, one process per core, each Redis commit told to the one process that holds the room."
        )
    return [*lines, ""]


def targets(rows: list[dict[str, Any]]) -> list[str]:
    """Issue 27's two throughput targets, as the rows above measure them: by the largest N whose p95 held 50 ms
    (every room opened), and N by N at the same offered load."""

    def held(store: str) -> dict[str, Any] | None:
        ok = [r for r in rows if r["store"] == store and r["p95"] <= 50 and r["made"] == r["rooms"]]
        return max(ok, key=lambda r: r["rooms"]) if ok else None

    sqlite, one, two, routed = held("sqlite x1"), held("redis x1"), held("redis x2"), held("redis x2 by room")
    if one is None:
        return []
    top = max(r["rooms"] for r in rows)
    lines = ["## Against issue 27's targets (computed from the table)", ""]
    if sqlite is not None:
        lines.append(
            f"- Redis on one process against SQLite, by the largest N holding p95 <= 50 ms: {one['rooms']:,} rooms "
            f"({one['moves_per_s']:.0f} moves/s, p95 {one['p95']:.0f} ms) against {sqlite['rooms']:,} "
            f"({sqlite['moves_per_s']:.0f} moves/s, p95 {sqlite['p95']:.0f} ms): "
            f"{one['moves_per_s'] / sqlite['moves_per_s']:.2f}x (target 0.8x; the largest N offered: {top:,})."
        )
    for n in sorted({r["rooms"] for r in rows}):
        at = {r["store"]: r for r in rows if r["rooms"] == n}
        if "sqlite x1" in at and "redis x1" in at:
            a, b = at["redis x1"], at["sqlite x1"]
            lines.append(f"  - {n:,} rooms: Redis {a['moves_per_s']:.0f} moves/s at p95 {a['p95']:.0f} ms, SQLite "
                         f"{b['moves_per_s']:.0f} at p95 {b['p95']:.0f} ms.")  # fmt: skip
    for name, pair in (("seats spread over both", two), ("each room on one", routed)):
        if pair is not None:
            lines.append(
                f"- Two processes ({name}) against one, by the largest N holding p95 <= 50 ms: {pair['rooms']:,} "
                f"rooms ({pair['moves_per_s']:.0f} moves/s, p95 {pair['p95']:.0f} ms) against {one['rooms']:,} "
                f"({one['moves_per_s']:.0f} moves/s): {pair['moves_per_s'] / one['moves_per_s']:.2f}x (target 1.6x)."
            )
    return [*lines, ""]


def run(rooms: list[int], servers: list[int], seconds: float, think: float, bots: int, sqlite: bool,
        measured: list[dict[str, Any]] | None = None, spreads: tuple[bool, ...] = (False, True),
        profile: Path | None = None, base: Path | None = None) -> None:  # fmt: skip
    """Measure every N on each store (or take the rows `measured` printed earlier) and write the results."""
    niceness = os.nice(0)
    group = raise_session(niceness)
    load_start = os.getloadavg()[0]
    rows: list[dict[str, Any]] = list(measured or [])
    for n in rooms if measured is None else []:
        if sqlite:
            row: dict[str, Any] = {"store": "sqlite x1", **measure(n, seconds, think, bots)}
            rows.append(row)
            print(json.dumps(row), flush=True)
        if base is not None:
            row = measure_shared(n, seconds, think, bots, 1, base=base)
            rows.append(row)
            print(json.dumps(row), flush=True)
        for count in servers:
            for by_room in spreads if count > 1 else (False,):
                row = measure_shared(n, seconds, think, bots, count, by_room, profile if count == 1 else None)
                profile = None if count == 1 else profile  # the first N's only
                rows.append(row)
                print(json.dumps(row), flush=True)
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        "# Rooms in Redis, on one and two server processes",
        "",
        f"Generated by `bench/rooms_redis.py` on {when}: the room server (uvicorn, websockets) with its rooms in "
        f"SQLite (one process) or in one Redis 7 (append-only file on, fsync every second) shared by 1 or 2 "
        f"processes, {bots} bot process(es) on the same 2-core machine, four-seat rooms of Basic, nine holes and "
        f"rematches, every seat a bot with its own loopback websocket (with two servers: seat i of every room on "
        f'server i mod 2, every move told across processes; "by room": each room\'s seats all on one server, '
        f"chosen at random, as a proxy routing by room code would), thinking {think:g} s on average (0.5x to 1.5x) before each move; {seconds:g} s "
        f"measured per N after every room opened; nice {niceness} (session group {group}). Load average "
        f"{load_start:.1f} at the start, {os.getloadavg()[0]:.1f} at the end.",
        "",
        "Round trip: a move sent until the mover's own `state` answer (committed to Redis before it is sent). "
        "CPU: user + system time over the measured seconds, per move (servers: all of them together). Redis "
        "scripts: Lua commits (EVALSHA, one round trip each) per move, the computers' replies and the "
        "presence changes included; commands: every command Redis ran (commandstats: each commit's HGET, "
        "HSET, ZADD and PUBLISH, and the processes' heartbeats), per move. Redis KiB/room: `used_memory` with the rooms open less the empty Redis', per room; room "
        "hash: MEMORY USAGE of 20 rooms' hashes.",
        "",
        *table(rows),
        "",
        *projection(rows),
        *targets(rows),
    ]
    RESULTS.mkdir(exist_ok=True)
    results = RESULTS / "rooms_redis.md"
    write_keeping_notes(results, lines, NOTES)
    print("\n".join(lines))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", default="250,500")
    parser.add_argument("--servers", default="1,2")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--think", type=float, default=2.0)
    parser.add_argument("--bots", type=int, default=1)
    parser.add_argument("--no-sqlite", action="store_true", help="skip the SQLite store's row at each N")
    parser.add_argument("--spread", choices=["seat", "room", "both"], default="both",
                        help="with two servers or more: a room's seats spread over them, each room on one, or both")  # fmt: skip
    parser.add_argument("--rows", type=Path, help="no measuring: the results from the JSON rows a run printed")
    parser.add_argument("--profile", type=Path, help="the one-process Redis server of the first N under cProfile")
    parser.add_argument("--base", type=Path, help="also a 'redis x1 before' row: the server of this checkout")
    args = parser.parse_args()
    measured = None
    if args.rows:
        measured = [json.loads(line) for line in args.rows.read_text().splitlines() if line.startswith("{")]
    run([int(x) for x in args.rooms.split(",")], [int(x) for x in args.servers.split(",")], args.seconds,
        args.think, args.bots, not args.no_sqlite, measured,
        {"seat": (False,), "room": (True,), "both": (False, True)}[args.spread], args.profile, args.base)  # fmt: skip


if __name__ == "__main__":
    main()
