"""Computers' decisions off the event loop: a small pool of worker processes, so that a Hard decision (a search
of 50-70 ms of CPU) in one room never holds up the moves of every other room of the process.

What a worker is sent (`Ask`) is what the engine's own inline decision uses (`SeatedMatch.play_computers`): the
level, the decision's seed (`seeds.decision_seed` of the match seed, the log's length and the seat) and that
seat's observation. The same policy with the same seed on the same observation makes the same move, so a
room's moves do not depend on where they were thought. The observation pickles to about 2 KB: it is read from
a copy of the hole (with its rules), and that copy travels with it, the cards nobody may see included, so the
workers are trusted as the server is (they are its own child processes, on a pipe of their own); nothing else
of the room (no token, no name, no match seed) goes to them, what comes back is one action, and no frame is
made from anything a worker holds.

Which levels are thought here (`OFFLOADED`): Hard only. Easy and Normal stay on the event loop: an Easy or a
Normal decision costs 0.1-0.2 ms of CPU (median; p95 under 1 ms on every preset, bench/results/ai_latency.md),
less than asking the pool costs (pickling, two pipes, a worker waking: bench/results/rooms_computers.md), and
their hundred-odd microseconds hold up nobody. The stand-in for an absent person and the turn timer's move are
Normal, so they stay inline too.

The budget: each decision gets `budget` seconds of wall clock (queueing included). Past it the hub plays a
Normal decision computed inline instead (`fallback`) and logs one line; the late answer is dropped when it
comes (a running decision cannot be stopped; Hard's search has a fixed step budget, so it ends). A worker that
dies breaks its pool (`BrokenProcessPool`): a new pool replaces it and the decision is asked once more.

The workers are started with `spawn` (a fresh interpreter; `fork` would copy the server's event loop and
sockets into them) when the first decision is asked, and each one ends itself when the server process that
started it is gone (a server killed with SIGKILL leaves no worker behind).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

from sixcardgolf.ai import make_policy
from sixcardgolf.observation import Observation

log = logging.getLogger("sixcardgolf.rooms")

OFFLOADED: frozenset[str] = frozenset({"hard"})
"""The levels whose decisions go to the pool (the others are cheap enough for the event loop: see above)."""
FALLBACK = "normal"
"""The level of the decision made inline when the pool did not answer within the budget."""
PARENT_POLL_SECONDS = 1.0


@dataclass(frozen=True)
class Ask:
    """One computer decision, as a worker is sent it."""

    level: str
    seed: int
    observation: Observation


@dataclass(frozen=True)
class Answer:
    """A decision and how it was made: `why` is None when the pool answered, else why the fallback was made
    ("budget": the pool was too slow; "broken": its workers died twice; "error": the decision raised)."""

    action: int
    seconds: float
    why: str | None = None


def decide(ask: Ask) -> int:
    """The engine's decision for `ask` (in a worker, or inline for the fallback)."""
    return make_policy(ask.level, ask.seed).choose(ask.observation)


def fallback(ask: Ask) -> int:
    """The inline decision when the pool is too slow: Normal's, with the same seed."""
    return decide(Ask(FALLBACK, ask.seed, ask.observation))


def default_workers() -> int:
    """One less than the cores this process may run on, at least one."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover  (not Linux)
        cores = os.cpu_count() or 1
    return max(1, cores - 1)


def _watch_parent(parent: int) -> None:
    """In each worker: end it once the server that started it is gone (its parent changes when it dies)."""

    def watch() -> None:
        while True:
            time.sleep(PARENT_POLL_SECONDS)
            if os.getppid() != parent:
                os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


Executor = concurrent.futures.Executor


def process_pool(workers: int) -> Executor:
    """The real pool: `workers` spawned processes, each watching that its server is alive."""
    return concurrent.futures.ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_watch_parent,
        initargs=(os.getpid(),),
    )


class Thinking:
    """The pool of one hub. `make_pool` and `think` are seams for the tests (a pool whose decision waits for an
    Event, a slow policy); the server uses `process_pool` and `decide`."""

    def __init__(self, workers: int, budget: float, make_pool: Callable[[int], Executor] = process_pool,
                 think: Callable[[Ask], int] = decide) -> None:  # fmt: skip
        self.workers = workers
        self.budget = budget
        self.make_pool = make_pool
        self.think = think
        self.pool: Executor | None = None
        self.replaced = 0  # pools replaced after a worker died

    def _pool(self) -> Executor:
        if self.pool is None:
            self.pool = self.make_pool(self.workers)
        return self.pool

    def _replace(self, broken: Executor) -> None:
        """A worker of `broken` died: a new pool from now on (once, however many decisions saw it break)."""
        if self.pool is broken:
            self.pool = None
            self.replaced += 1
            broken.shutdown(wait=False, cancel_futures=True)
            log.warning("a computers' worker process died: its pool was replaced")

    async def decide(self, ask: Ask) -> Answer:
        """The decision for `ask`, from the pool within the budget, else the inline fallback's."""
        began = time.perf_counter()
        deadline = began + self.budget
        why = "broken"
        for _ in range(2):  # a pool that broke is replaced and asked once more
            pool = self._pool()
            try:
                future = pool.submit(self.think, ask)
                action = await asyncio.wait_for(asyncio.wrap_future(future), max(0.0, deadline - time.perf_counter()))
            except BrokenProcessPool:
                self._replace(pool)
                continue
            except TimeoutError:  # wait_for cancelled the future: a decision still queued is never made
                why = "budget"
                break
            except Exception:  # a policy's bug: the room must not wait for ever
                log.exception("a computer's decision failed in its worker")
                why = "error"
                break
            return Answer(action, time.perf_counter() - began)
        return Answer(fallback(ask), time.perf_counter() - began, why)

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = None
