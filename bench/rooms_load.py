"""Benchmark: N concurrent four-seat rooms on one room server process, every seat a bot over a loopback websocket.

For each N, a fresh server (`python -m server`, its SQLite store in a temporary folder, as it runs for real)
and bot processes apart from it (each holding some of the rooms, every seat its own websocket) that play
whole matches: a seat whose turn it is waits its think time, then sends a random legal move and times the
round trip until its own answer (the `state` frame after the move). Rooms start at random moments over the
first seconds, so their moves interleave. Reported per N: the round trip's p50/p95/p99, the moves made, the
server's CPU time per move (from /proc, user + system) and its memory per room (resident set after the rooms
were made, less the resident set of the empty server, divided by N).

    .venv/bin/python bench/rooms_load.py [--rooms 100,250,500,1000] [--seconds 40] [--think 2.0] [--bots 1]
        [--store sqlite|memory] [--profile FILE] [--computers]

`--computers` measures rooms with a Hard and a Normal computer beside two bot people, the computers' decisions
on the event loop and in the worker pool (server/thinking.py), beside people-only rooms: bench/rooms_computers.py.

The bots' own CPU share is reported beside the server's: on two cores they compete with it, so they are kept
cheap (orjson, one plain recv() a frame), and a bench whose bots take a whole core measures the bots.
`--profile FILE` runs the server of the first N under cProfile (slower: its figures are not the bench's).

Target on this two-core machine: 1,000 rooms at p95 <= 50 ms. Figures go to stdout and
bench/results/rooms_load.md; nothing here can fail. The bots share the machine with the server: with two
cores, one is the server's and the bots' processes take the other, as the numbers of moves a second say. On a
shared machine run it as `setsid nice -n -20 .venv/bin/python bench/rooms_load.py` (as root): the server and
the bots inherit the priority, and the session's scheduling group gets it too (bench/lighthouse.py says why).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import time
import urllib.request
from datetime import UTC, datetime
from pathlib import Path

from lighthouse import raise_session
from results_file import write_keeping_notes

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))  # the room server's package, for its process launcher
from server.processes import RoomServer  # noqa: E402

try:  # the bots parse every frame they are sent: a fast parser keeps them from being what the bench measures
    from orjson import loads
except ImportError:  # pragma: no cover
    loads = json.loads

RESULTS = HERE / "results"
NOTES = (
    "<!-- Below: written by hand (what the profile showed, the figures before), kept when the table is made again. -->"
)
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def process_cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def children(pid: int) -> list[int]:
    """The live child processes of `pid` (the server's pool of computers' workers)."""
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def children_cpu(pid: int) -> float:
    total = 0.0
    for child in children(pid):
        with contextlib.suppress(OSError):  # it ended meanwhile
            total += process_cpu(child)
    return total


def server_rss(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


# -- the bots ---------------------------------------------------------------------------------------
class Seat:
    def __init__(self, ws: object, rng: random.Random, think: float, times: list[float]) -> None:
        self.ws = ws
        self.rng = rng
        self.think = think
        self.times = times
        self.sent_at: float | None = None
        self.step = -1
        self.moves = 0


async def play_seat(seat: Seat, stop_at: float, measure_from: float) -> None:
    """Plays one seat until its socket is closed (at `stop_at`, by its room): each frame is read with one plain
    recv() (a wait_for per frame would cost the bots a task each)."""
    from websockets.exceptions import ConnectionClosed

    ws = seat.ws
    while time.monotonic() < stop_at:
        try:
            text = await ws.recv()  # type: ignore[attr-defined]
        except ConnectionClosed:
            return
        frame = loads(text)
        if frame["type"] != "state" or frame["table"] is None:
            continue
        table = frame["table"]
        if seat.sent_at is not None:
            now = time.monotonic()
            if seat.sent_at >= measure_from:
                seat.times.append(now - seat.sent_at)
            seat.sent_at = None
        if table["step"] == seat.step:
            continue  # the same table again (someone's presence changed): nothing new to do
        seat.step = table["step"]
        if table["hole_over"]:
            if seat.rng.random() < 1.0:
                await asyncio.sleep(seat.rng.uniform(0.2, 1.0) * seat.think)
                await ws.send(json.dumps({"type": "ready", "step": table["step"]}))  # type: ignore[attr-defined]
            continue
        if table["prompt"] is None:
            continue
        await asyncio.sleep(seat.rng.uniform(0.5, 1.5) * seat.think)
        action = seat.rng.choice(table["observation"]["legal_actions"])
        seat.sent_at = time.monotonic()
        seat.moves += 1
        await ws.send(json.dumps({"type": "act", "action": action, "step": table["step"]}))  # type: ignore[attr-defined]


PEOPLE_ONLY = ("person", "open", "open", "open")
"""A room's seats as the host creates it: every seat a bot person (with `--computers`, some are computers)."""


async def one_room(url: str | list[str] | list[list[str]], rng: random.Random, think: float, times: list[float], start_by: float,
                   stop_at: float, measure_from: float, counts: list[int], layout: tuple[str, ...] = PEOPLE_ONLY) -> None:  # fmt: skip
    from websockets.asyncio.client import connect

    await asyncio.sleep(rng.uniform(0, start_by))
    # Several servers: seat i on server i mod their number; a list of lists: the whole room on one list's servers,
    # chosen at random (a proxy that routes by room).
    urls = [url] if isinstance(url, str) else url
    if urls and isinstance(urls[0], list):
        urls = rng.choice(urls)
    # proxy=None: no look through the environment for a proxy on every connection.
    people = sum(1 for seat in layout if seat in ("person", "open"))
    sockets = [
        await connect(urls[i % len(urls)], max_size=2**22, open_timeout=60, ping_interval=None, proxy=None)
        for i in range(people)
    ]
    try:
        for ws in sockets:
            await ws.send(json.dumps({"type": "hello", "v": 1, "lang": rng.choice(["en", "ja"])}))
            await ws.recv()
        host = sockets[0]
        await host.send(json.dumps({"type": "create", "setup": {"preset": "basic", "players": len(layout), "holes": 9},
                                    "seats": list(layout)}))  # fmt: skip
        joined = loads(await host.recv())
        await host.recv()  # the lobby
        for ws in sockets[1:]:
            await ws.send(json.dumps({"type": "join", "code": joined["code"]}))
            await ws.recv()  # joined
        await host.send(json.dumps({"type": "start"}))
        seats = [Seat(ws, random.Random(rng.random()), think, times) for ws in sockets]
        counts[0] += 1

        async def close_at_stop() -> None:
            await asyncio.sleep(max(0.0, stop_at - time.monotonic()))
            await asyncio.gather(*(ws.close() for ws in sockets), return_exceptions=True)

        await asyncio.gather(close_at_stop(), *(play_seat(seat, stop_at, measure_from) for seat in seats))
        counts[1] += sum(seat.moves for seat in seats)
    finally:
        for ws in sockets:
            await ws.close()


def bot_process(url: str | list[str] | list[list[str]], rooms: int, seed: int, think: float, start_by: float, stop_at_wall: float,
                measure_from_wall: float, out: multiprocessing.Queue, layout: tuple[str, ...] = PEOPLE_ONLY) -> None:  # type: ignore[type-arg]  # fmt: skip
    # The deadlines come as wall-clock times (the processes share no monotonic clock): turned into this one's.
    offset = time.monotonic() - time.time()
    stop_at, measure_from = stop_at_wall + offset, measure_from_wall + offset
    times: list[float] = []
    counts = [0, 0]
    rng = random.Random(seed)

    async def run() -> None:
        await asyncio.gather(
            *(
                one_room(
                    url, random.Random(rng.random()), think, times, start_by, stop_at, measure_from, counts, layout
                )
                for _ in range(rooms)
            ),
            return_exceptions=True,
        )

    asyncio.run(run())
    out.put({"times": times, "rooms": counts[0], "moves": counts[1]})


# -- one N --------------------------------------------------------------------------------------------
class ProfiledServer(RoomServer):
    """The room server under cProfile, its figures written to `out` when it stops: SIGTERM ends uvicorn cleanly, and
    uvicorn's raising the signal again afterwards (which would end the process before the profile is written) is
    skipped."""

    def __init__(self, settings: dict[str, str], out: Path) -> None:
        super().__init__(settings)
        self.out = out

    def command(self) -> list[str]:
        code = (
            "import cProfile, signal\n"
            "signal.raise_signal = lambda signum: None\n"
            "from server.__main__ import main\n"
            f"cProfile.run('main()', {str(self.out)!r})\n"
        )
        return [sys.executable, "-c", code]


def start_bots(
    url: str | list[str] | list[list[str]],
    rooms: int,
    seconds: float,
    think: float,
    bots: int,
    layout: tuple[str, ...] = PEOPLE_ONLY,
) -> tuple[list[multiprocessing.Process], multiprocessing.Queue, float]:  # type: ignore[type-arg]
    """The bot processes of `rooms` rooms, started; returns once the measured seconds begin (every room opened and
    a few moves made), with the processes, the queue their results come back on, and when the measuring stops."""
    start_by = min(20.0, 2.0 + rooms / 100)  # rooms open over this many seconds
    measure_from = time.time() + start_by + 3 * think
    stop_at = measure_from + seconds
    out: multiprocessing.Queue = multiprocessing.Queue()  # type: ignore[type-arg]
    share = [rooms // bots + (i < rooms % bots) for i in range(bots)]
    workers = [
        multiprocessing.Process(
            target=bot_process, args=(url, n, 1000 + i, think, start_by, stop_at, measure_from, out, layout)
        )
        for i, n in enumerate(share)
    ]
    for worker in workers:
        worker.start()
    time.sleep(max(0.0, measure_from - time.time()))
    return workers, out, stop_at


def server_counts(origin: str) -> dict[str, float]:
    """The server's own counts from its /metrics: every move (the computers' too) and the pool's decisions."""
    wanted = {"golf_moves_total": "moves", "golf_decision_seconds_count": "decisions",
              "golf_decision_seconds_sum": "decision_seconds"}  # fmt: skip
    counts = {"moves": 0.0, "decisions": 0.0, "decision_seconds": 0.0, "fallbacks": 0.0}
    try:
        with urllib.request.urlopen(origin + "/metrics", timeout=90) as answer:
            text = answer.read().decode()
    except OSError:  # a server whose event loop is that far behind: no counts (the row says nan)
        return dict.fromkeys(counts, float("nan"))
    for line in text.splitlines():
        name, _, value = line.rpartition(" ")
        if name in wanted:
            counts[wanted[name]] = float(value)
        elif name.startswith("golf_decision_fallbacks_total{"):
            counts["fallbacks"] += float(value)
    return counts


def measure(rooms: int, seconds: float, think: float, bots: int, profile: Path | None = None,
            store: str = "sqlite", layout: tuple[str, ...] = PEOPLE_ONLY,
            env: dict[str, str] | None = None) -> dict[str, float]:  # fmt: skip
    """One N; `layout` the rooms' seats, `env` more of the server's settings (e.g. GOLF_THINKERS)."""
    with tempfile.TemporaryDirectory() as folder:
        kind = RoomServer if profile is None else lambda settings: ProfiledServer(settings, profile)
        db = os.path.join(folder, "rooms.sqlite3") if store == "sqlite" else ":memory:"
        server = kind({"GOLF_DB": db, "GOLF_SITE": "",
                             "GOLF_MAX_ROOMS": "100000", "GOLF_ROOMS_PER_ADDRESS": "100000", **(env or {})})  # fmt: skip
        server.start()
        try:
            time.sleep(1.0)
            empty_rss = server_rss(server.pid)
            url = server.ws_url
            workers, out, stop_at = start_bots(url, rooms, seconds, think, bots, layout)
            cpu_start, rss_full = process_cpu(server.pid), server_rss(server.pid)
            pool_start, counts_start = children_cpu(server.pid), server_counts(server.origin)
            bots_start = sum(process_cpu(worker.pid) for worker in workers if worker.pid is not None)
            time.sleep(max(0.0, stop_at - time.time()))
            cpu_used = process_cpu(server.pid) - cpu_start
            pool_used, counts_end = children_cpu(server.pid) - pool_start, server_counts(server.origin)
            bots_used = sum(process_cpu(worker.pid) for worker in workers if worker.pid is not None) - bots_start
            results = [out.get(timeout=120) for _ in workers]
            for worker in workers:
                worker.join(timeout=60)
        finally:
            if profile is None:
                server.kill()
            else:
                server.stop()  # SIGTERM: the profile is written as the server ends
    times = sorted(t for r in results for t in r["times"])
    moves_measured = len(times)
    served = {key: counts_end[key] - counts_start[key] for key in counts_end}
    cut = lambda q: times[min(len(times) - 1, int(q * len(times)))] * 1000 if times else float("nan")  # noqa: E731
    return {
        "rooms": rooms,
        "made": sum(r["rooms"] for r in results),
        "moves": moves_measured,
        "moves_per_s": moves_measured / seconds,
        "p50": cut(0.50),
        "p95": cut(0.95),
        "p99": cut(0.99),
        "cpu_ms_per_move": cpu_used / moves_measured * 1000 if moves_measured else float("nan"),
        "cpu_share": cpu_used / seconds,
        "bots_cpu_share": bots_used / seconds,
        "kib_per_room": (rss_full - empty_rss) / rooms / 1024,
        "median": statistics.median(times) * 1000 if times else float("nan"),
        # Every move the server applied (the computers' too), and the pool's decisions (with --computers).
        "all_moves_per_s": served["moves"] / seconds,
        "pool_cpu_share": pool_used / seconds,
        "cpu_ms_per_any_move": (cpu_used + pool_used) / served["moves"] * 1000 if served["moves"] else float("nan"),
        "decisions_per_s": served["decisions"] / seconds,
        "decision_ms": served["decision_seconds"] / served["decisions"] * 1000 if served["decisions"] else float("nan"),
        "fallbacks": served["fallbacks"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", default="100,250,500,1000")
    parser.add_argument("--seconds", type=float, default=40.0)
    parser.add_argument("--think", type=float, default=2.0, help="a seat's mean think time before a move, seconds")
    parser.add_argument("--bots", type=int, default=1, help="bot processes")
    parser.add_argument("--store", choices=["sqlite", "memory", "redis"], default="sqlite",
                        help="memory: no SQLite file, to see what the writes cost (not how the server runs for real); "
                        "redis: bench/rooms_redis.py (SQLite beside Redis on --servers processes)")  # fmt: skip
    parser.add_argument("--servers", default="1,2", help="with --store redis: server processes, e.g. 1,2")
    parser.add_argument("--profile", type=Path, help="run the server under cProfile, its stats to this file "
                        "(the first N only; slower, so its figures are not the bench's)")  # fmt: skip
    parser.add_argument("--computers", action="store_true", help="rooms with a Hard and a Normal computer beside "
                        "two bot people, inline and in the worker pool, beside people-only rooms "
                        "(bench/rooms_computers.py; --rooms e.g. 50,100,200)")  # fmt: skip
    args = parser.parse_args()
    if args.computers:
        from rooms_computers import run as run_computers

        run_computers([int(x) for x in args.rooms.split(",")], args.seconds, args.think, args.bots)
        return
    if args.store == "redis":
        from rooms_redis import run

        run([int(x) for x in args.rooms.split(",")], [int(x) for x in args.servers.split(",")], args.seconds,
            args.think, args.bots, sqlite=True)  # fmt: skip
        return
    rows = []
    niceness = os.nice(0)
    group = raise_session(niceness)
    load_start = os.getloadavg()[0]
    for n in (int(x) for x in args.rooms.split(",")):
        row = measure(n, args.seconds, args.think, args.bots, args.profile if not rows else None, args.store)
        rows.append(row)
        print(json.dumps(row), flush=True)
    held = [r["rooms"] for r in rows if r["p95"] <= 50 and r["made"] == r["rooms"]]
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        "# Rooms under load",
        "",
        f"Generated by `bench/rooms_load.py` on {when}: one room server process (uvicorn, websockets, "
        f"{'a SQLite store in a temporary folder' if args.store == 'sqlite' else 'rooms in memory only'}), {args.bots} bot process(es) on the same 2-core machine, four-seat rooms of "
        f"Basic, nine holes and rematches, every seat a bot with its own loopback websocket, thinking "
        f"{args.think:g} s on average (0.5x to 1.5x) before each move; {args.seconds:g} s measured per N after "
        f"every room opened; nice {niceness} (session group {group}). Load average {load_start:.1f} at the start, "
        f"{os.getloadavg()[0]:.1f} at the end.",
        "",
        "Round trip: a move sent until the mover's own `state` answer. CPU: the server process's user + system "
        "time over the measured seconds, per move, and as a share of one core; the bot processes' share beside "
        "it (the two share the machine's two cores). Memory: the server's resident set with the rooms open, less "
        "the empty server's, per room.",
        "",
        "| rooms | opened | moves/s | p50 ms | p95 ms | p99 ms | server CPU ms/move | server CPU share "
        "| bots CPU share | KiB/room |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        lines.append(
            f"| {r['rooms']:,} | {r['made']:,} | {r['moves_per_s']:.0f} | {r['p50']:.1f} | {r['p95']:.1f} | "
            f"{r['p99']:.1f} | {r['cpu_ms_per_move']:.2f} | {r['cpu_share']:.0%} | {r['bots_cpu_share']:.0%} | "
            f"{r['kib_per_room']:.0f} |"
        )
    lines += ["", f"Largest N measured that held p95 <= 50 ms: {max(held) if held else 'none'}.", ""]
    RESULTS.mkdir(exist_ok=True)
    results = RESULTS / "rooms_load.md"
    write_keeping_notes(results, lines, NOTES)
    print("\n".join(lines))


if __name__ == "__main__":
    main()
