"""Soak: many rooms on two room server processes sharing one Redis, one process killed (SIGKILL) every few minutes
and started again, for as long as asked (`make soak-rooms`; SOAK_MINUTES, SOAK_ROOMS). Not a test of `make test`.

Every room seats two bot people (one on each server at first) and an Easy computer; each person plays a random
legal move after its think time, and says ready at the end of each hole. A person whose connection breaks tries
the other server's address (then back and forth, every half second), takes its seat back with its token and
`seen`, and goes on. What is checked and reported:

- acknowledged actions lost: every move the server acknowledged (the mover's own `state` after its `act`) is
  remembered with its place in the match's log; after each return to a seat, the table must be at or past the
  last acknowledged move, and at the end every acknowledged move of each room's current match must be at its
  place in the log Redis keeps. Both counts must be 0.
- rooms stuck: a room whose revision in Redis did not change over the last minute of the run (every room has a
  person to move or a computer to reply, so each changes every few seconds). Must be 0.
- clients not back: a person whose last return to its seat had not succeeded by the end, or who came back to
  another seat. Must be 0.

    setsid nice -n -20 .venv/bin/python bench/rooms_soak.py --rooms 1000 --minutes 30 --kill-every 180
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import redis as redis_client
from results_file import write_atomically
from websockets.asyncio.client import ClientConnection, connect

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from server.processes import RedisServer, RoomServer, start_all  # noqa: E402

RESULTS = HERE / "results"
SETTINGS = {"GOLF_SITE": "", "GOLF_MAX_ROOMS": "100000", "GOLF_ROOMS_PER_ADDRESS": "100000", "GOLF_GRACE": "900",
            "GOLF_MESSAGE_RATE": "50"}  # fmt: skip


class Person:
    def __init__(self, urls: list[str], first: int, rng: random.Random, think: float, tally: dict[str, int]) -> None:
        self.urls, self.at, self.rng, self.think, self.tally = urls, first, rng, think, tally
        self.ws: ClientConnection | None = None
        self.code = ""
        self.token = ""
        self.seat = -1
        self.table: dict[str, Any] | None = None
        self.room: dict[str, Any] | None = None
        self.acked: list[tuple[int, int, str]] = []  # (match number, index in its log, action)
        self.back = True

    async def open(self) -> None:
        self.ws = await connect(self.urls[self.at], max_size=2**22, open_timeout=10, ping_interval=None)
        await self.ws.send(json.dumps({"type": "hello", "v": 1, "lang": "en"}))
        await self.ws.recv()

    async def frame(self) -> dict[str, Any]:
        assert self.ws is not None
        found: dict[str, Any] = json.loads(await self.ws.recv())
        if found["type"] == "state":
            self.table, self.room = found["table"], found["room"]
        return found

    async def until_joined(self, frame: dict[str, Any]) -> dict[str, Any]:
        assert self.ws is not None
        await self.ws.send(json.dumps(frame))
        while True:
            answer = await self.frame()
            if answer["type"] in ("joined", "error"):
                return answer

    async def come_back(self, stop_at: float) -> None:
        """The line broke: the other server (then back and forth) until the seat is ours again."""
        self.back = False
        self.tally["reconnects"] += 1
        while time.monotonic() < stop_at:
            self.at = (self.at + 1) % len(self.urls)
            try:
                await self.open()
                seen = self.table["moves"] if self.table else 0
                joined = await self.until_joined({"type": "join", "code": self.code, "token": self.token, "seen": seen})
            except (OSError, TimeoutError, Exception):  # the server is down or going down: the next one
                await asyncio.sleep(0.5)
                continue
            if joined["type"] != "joined" or joined["seat"] != self.seat:
                self.tally["wrong_seat"] += 1
                return
            await self.frame()  # the table as it stands
            if self.acked and self.room is not None and self.table is not None:
                match, index, _ = self.acked[-1]
                if (self.room["matches_played"], self.table["moves"]) < (match, index + 1):
                    self.tally["behind_ack"] += 1
            self.back = True
            return

    async def play(self, stop_at: float) -> None:
        sent: tuple[int, int, str] | None = None  # the move waiting for its acknowledgement
        ready_for = -1
        returned = False  # back in the seat: decide on the table the return brought, before reading on
        while time.monotonic() < stop_at:
            frame = {"type": "state"}
            try:
                if not returned:
                    frame = await asyncio.wait_for(self.frame(), max(0.1, stop_at - time.monotonic()))
            except TimeoutError:
                return
            except Exception:
                await self.come_back(stop_at)
                sent, ready_for = None, -1
            returned = False
            table, room = self.table, self.room
            if frame["type"] == "error":
                self.tally[frame["key"]] = self.tally.get(frame["key"], 0) + 1
                sent = None  # refused (an old table, a busy store): decided again on the newest table
            if table is None or room is None or frame["type"] not in ("state", "error"):
                continue
            if sent is not None and (room["matches_played"], table["moves"]) > sent[:2]:
                self.acked.append(sent)
                self.tally["acked"] += 1
                sent = None
            try:
                assert self.ws is not None
                if table["hole_over"] and self.seat not in room["agreed"] and ready_for != table["step"]:
                    await asyncio.sleep(self.rng.uniform(0.2, 1.0) * self.think)
                    ready_for = table["step"]
                    await self.ws.send(json.dumps({"type": "ready", "step": table["step"]}))
                elif table["prompt"] is not None and sent is None:
                    await asyncio.sleep(self.rng.uniform(0.5, 1.5) * self.think)
                    action = self.rng.choice(table["observation"]["legal_actions"])
                    sent = (room["matches_played"], table["moves"], action)
                    await self.ws.send(json.dumps({"type": "act", "action": action, "step": table["step"]}))
            except Exception:
                await self.come_back(stop_at)
                sent, ready_for, returned = None, -1, True


async def one_room(urls: list[str], rng: random.Random, think: float, start_by: float, stop_at: float,
                   tally: dict[str, int], rooms: list[dict[str, Any]]) -> None:  # fmt: skip
    await asyncio.sleep(rng.uniform(0, start_by))
    people = [Person(urls, i % 2, random.Random(rng.random()), think, tally) for i in range(2)]
    for person in people:
        await person.open()
    host, guest = people
    joined = await host.until_joined({"type": "create", "setup": {"preset": "basic", "players": 3, "holes": 9},
                                      "seats": ["person", "open", "easy"]})  # fmt: skip
    host.code, host.token, host.seat = joined["code"], joined["token"], 0
    await asyncio.sleep(0.3)  # the other server hears of the room
    joined = await guest.until_joined({"type": "join", "code": host.code})
    guest.code, guest.token, guest.seat = joined["code"], joined["token"], joined["seat"]
    await asyncio.sleep(0.3)
    assert host.ws is not None
    await host.ws.send(json.dumps({"type": "start"}))
    tally["rooms"] += 1
    await asyncio.gather(*(person.play(stop_at) for person in people))
    seen = [(p.table or {}).get("step") for p in people] + [(p.table or {}).get("prompt") is not None for p in people]
    rooms.append({"code": host.code, "acked": [a for p in people for a in p.acked], "seen": seen,
                  "not_back": sum(not p.back for p in people)})  # fmt: skip
    for person in people:
        if person.ws is not None:
            await person.ws.close()


def bot_process(urls: list[str], rooms: int, seed: int, think: float, start_by: float, stop_wall: float,
                out: multiprocessing.Queue) -> None:  # type: ignore[type-arg]  # fmt: skip
    stop_at = stop_wall + time.monotonic() - time.time()
    tally = {"rooms": 0, "acked": 0, "reconnects": 0, "wrong_seat": 0, "behind_ack": 0, "failed": 0}
    kept: list[dict[str, Any]] = []
    rng = random.Random(seed)

    async def run() -> None:
        results = await asyncio.gather(
            *(one_room(urls, random.Random(rng.random()), think, start_by, stop_at, tally, kept) for _ in range(rooms)),
            return_exceptions=True,
        )
        tally["failed"] = sum(isinstance(r, BaseException) for r in results)

    asyncio.run(run())
    out.put({"tally": tally, "rooms": kept})


def soak(rooms: int, minutes: float, kill_every: float, think: float, bots: int, log_dir: Path) -> dict[str, Any]:
    redis = RedisServer(appendonly=True)
    redis.start()
    client = redis_client.Redis(port=redis.port, decode_responses=True)
    servers = [RoomServer({**SETTINGS, "STORE": redis.url}, log=log_dir / f"server{i}.log") for i in range(2)]
    kills = 0
    try:
        start_all(servers)  # type: ignore[arg-type]
        urls = [s.ws_url for s in servers]
        start_by = min(60.0, 5.0 + rooms / 50)
        stop_wall = time.time() + minutes * 60
        out: multiprocessing.Queue = multiprocessing.Queue()  # type: ignore[type-arg]
        share = [rooms // bots + (i < rooms % bots) for i in range(bots)]
        workers = [multiprocessing.Process(target=bot_process, args=(urls, n, 7 + i, think, start_by, stop_wall, out))
                   for i, n in enumerate(share)]  # fmt: skip
        for worker in workers:
            worker.start()
        next_kill = time.time() + start_by + max(60.0, kill_every / 2)  # the first once every room has opened
        revisions_then: dict[str, int] = {}
        while time.time() < stop_wall - 5:
            time.sleep(1.0)
            if time.time() >= next_kill and time.time() < stop_wall - 75:
                victim = servers[kills % 2]
                victim.kill()
                kills += 1
                print(f"{datetime.now(UTC):%H:%M:%S} killed server {kills % 2 or 2} (kill {kills})", flush=True)
                time.sleep(5.0)
                victim.start()
                next_kill = time.time() + kill_every
            if not revisions_then and time.time() >= stop_wall - 65:
                revisions_then = room_revisions(client)
        revisions_now = room_revisions(client)
        results = [out.get(timeout=300) for _ in workers]
        for worker in workers:
            worker.join(timeout=60)
        lost = 0
        checked = 0
        for room in (r for result in results for r in result["rooms"]):
            data = client.hget(f"golf:room:{room['code']}", "data")
            if data is None:
                lost += len(room["acked"])
                continue
            kept = json.loads(data)
            for match, index, action in room["acked"]:
                if match == kept["matches_played"]:
                    checked += 1
                    if index >= len(kept["log"]) or kept["log"][index] != action:
                        lost += 1
        tally = {k: sum(r["tally"].get(k, 0) for r in results) for r in results for k in r["tally"]}
        print("tally", tally, flush=True)
        # Stuck: a room that was opened and started (its bots play it) and did not change over the last minute. A
        # room whose opening a kill cut short (its bots gave up: counted as failed to open) is nobody's to play.
        opened = {r["code"] for result in results for r in result["rooms"]}
        stuck = [c for c, rev in revisions_then.items() if c in opened and revisions_now.get(c) == rev]
        seen = {r["code"]: r["seen"] for result in results for r in result["rooms"]}
        for code in stuck[:3]:
            print("people saw", seen.get(code))  # what a stuck room looks like, for whoever reads the log
            data = json.loads(client.hget(f"golf:room:{code}", "data") or "{}")
            print("stuck", code, {k: data.get(k) for k in ("state", "step", "agreed", "matches_played")},
                  [(s["kind"], s["at"], s["away_since"], s["standing_in"]) for s in data.get("seats", [])],
                  len(data.get("log", [])), data.get("log", [])[-3:], flush=True)  # fmt: skip
        return {
            **tally,
            "rooms_asked": rooms,
            "minutes": minutes,
            "kills": kills,
            "acked_checked_in_redis": checked,
            "acked_lost": lost + tally["behind_ack"],
            "rooms_stuck": len(stuck),
            "not_back": sum(r["not_back"] for result in results for r in result["rooms"]) + tally["wrong_seat"],
            "redis_mib": client.info("memory")["used_memory"] / 2**20,
        }
    finally:
        for server in servers:
            server.kill()
        client.close()
        redis.close()


def room_revisions(client: redis_client.Redis) -> dict[str, int]:
    codes = [str(c) for c in client.zrange("golf:rooms", 0, -1)]
    pipe = client.pipeline(transaction=False)
    for code in codes:
        pipe.hget(f"golf:room:{code}", "rev")
    return {code: int(rev or 0) for code, rev in zip(codes, pipe.execute(), strict=True)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=1000)
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--kill-every", type=float, default=180.0, help="seconds between two kills")
    parser.add_argument("--think", type=float, default=6.0, help="a person's mean think time, seconds")
    parser.add_argument("--bots", type=int, default=2, help="bot processes")
    args = parser.parse_args()
    log_dir = Path(os.environ.get("TMPDIR", "/tmp")) / f"golf-soak-{os.getpid()}"
    log_dir.mkdir(parents=True, exist_ok=True)
    began = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    figures = soak(args.rooms, args.minutes, args.kill_every, args.think, args.bots, log_dir)
    held = figures["acked_lost"] == 0 and figures["rooms_stuck"] == 0 and figures["not_back"] == 0
    lines = [
        "# Rooms soak: two server processes on one Redis, one killed every few minutes",
        "",
        f"Generated by `bench/rooms_soak.py` (`make soak-rooms`), started {began}: {args.rooms:,} rooms asked "
        f"({figures['rooms']:,} opened), each two bot people (one on each server at first) and an Easy computer, "
        f"nine holes and rematches, thinking {args.think:g} s on average; {args.minutes:g} minutes; one server "
        f"process SIGKILLed every {args.kill_every:g} s and started again 5 s later ({figures['kills']} kills). "
        f"Redis 7 with its append-only file (fsync every second). Load average at the end "
        f"{os.getloadavg()[0]:.1f} on this shared 2-core machine. Server logs: {log_dir}.",
        "",
        "| figure | value |",
        "|---|---:|",
        f"| moves acknowledged | {figures['acked']:,} |",
        f"| of them checked at their place in Redis' log (the rooms' current matches) | "
        f"{figures['acked_checked_in_redis']:,} |",
        f"| **acknowledged actions lost** | **{figures['acked_lost']}** |",
        f"| **rooms stuck** (no change in the last minute) | **{figures['rooms_stuck']}** |",
        f"| **clients not back in their seat** | **{figures['not_back']}** |",
        f"| reconnections | {figures['reconnects']:,} |",
        f"| rooms whose opening failed (bots gave up on it: not played, not counted as stuck) | {figures['failed']} |",
        f"| Redis memory at the end | {figures['redis_mib']:.1f} MiB |",
        "",
        f"Result: {'held' if held else 'NOT held'}: {figures['acked_lost']} acknowledged actions lost, "
        f"{figures['rooms_stuck']} rooms stuck, {figures['not_back']} clients not back (each must be 0).",
        "",
    ]
    write_atomically(RESULTS / "rooms_soak.md", "\n".join(lines))
    print("\n".join(lines))
    return 0 if held else 1


if __name__ == "__main__":
    sys.exit(main())
