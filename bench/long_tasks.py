"""Benchmark: what a page's long main-thread tasks are spent on, from a Chromium performance trace.

Lighthouse's total blocking time (TBT) adds up, for every main-thread task after the first contentful paint, the
part over 50 ms, on a phone it simulates by multiplying the measured task times by 4. On this shared machine wall
times follow the load of other work, so this measures CPU time instead: it loads a built page in Debian's Chromium
at 390x844 (touch) with a performance trace (CDP Tracing, the timeline categories DevTools uses), takes each task's
thread CPU time, and reports

- the page's main-thread CPU time up to 3 s after load,
- the blocking time estimated like Lighthouse's: the sum over tasks from the first script file's evaluation on
  (Lighthouse's simulated network delivers scripts after the first paint) of max(0, 4 x CPU time - 50 ms),
- the document's elements and how many elements had their style computed during the load, summed over every
  style update (the theme forces several updates of the whole document; this count does not depend on the
  machine's load),
- the long tasks (4 x CPU time over 50 ms) of the median run, with the CPU time inside each by kind of work
  (script by file, style, layout, paint, parsing).

Runs alternate between the sites given (--site A --site B compares two builds side by side) and the medians are
quoted per site.

    make build && .venv/bin/python bench/long_tasks.py [--runs 5] [--site DIR ...] PAGE ...   (e.g. scoring/)
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from lighthouse import SITE, serve  # the same gzip static host as the Lighthouse bench
from playwright.sync_api import sync_playwright

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]  # fmt: skip
CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "toplevel", "loading"]
SLOWDOWN = 4  # Lighthouse's mobile profile: a CPU 4x slower than the machine that measured
LONG_MS = 50
# Trace event names grouped as DevTools groups them; anything else is listed under its own name.
KINDS = {
    "UpdateLayoutTree": "style",
    "ParseAuthorStyleSheet": "parse CSS",
    "Layout": "layout",
    "UpdateLayerTree": "layers",
    "Paint": "paint",
    "PrePaint": "paint",
    "Layerize": "paint",
    "ParseHTML": "parse HTML",
    "HitTest": "hit test",
}
SCRIPT = {"EvaluateScript", "FunctionCall", "v8.compile", "v8.run", "TimerFire", "FireAnimationFrame",
          "FireIdleCallback", "v8.callFunction", "RunMicrotasks", "EventDispatch"}  # fmt: skip


@dataclass
class Task:
    start_ms: float  # from the first main-thread event
    cpu_ms: float
    kinds: dict[str, float] = field(default_factory=dict)  # CPU ms inside the task by kind of work


@dataclass
class Load:
    cpu_ms: float
    blocking_ms: float
    tasks: list[Task]
    restyled: int  # elements whose style was recomputed, summed over every style update: independent of the load
    elements: int  # elements in the document after the load


def record(origin: str, page: str) -> tuple[list[dict], int]:
    """The trace of one cold load of the page, and the number of elements in its document afterwards."""
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
            tab = context.new_page()
            # Open the origin first (the server's small "not found" page), so the page loads in the renderer
            # being traced rather than in a new process the trace may not follow.
            tab.goto(f"{origin}/trace-start")
            browser.start_tracing(page=tab, categories=CATEGORIES)
            tab.goto(f"{origin}/{page}", wait_until="load")
            tab.wait_for_timeout(3000)  # the theme's scripts and idle work after load
            trace = json.loads(browser.stop_tracing())
            elements = tab.evaluate("document.getElementsByTagName('*').length")
        finally:
            browser.close()
    return (trace["traceEvents"] if isinstance(trace, dict) else trace), elements


def cpu(event: dict) -> float:
    """An event's thread CPU time in ms (its wall time where the trace has no thread clock)."""
    return event.get("tdur", event.get("dur", 0)) / 1000


def kind(event: dict) -> str:
    if event["name"] in SCRIPT:
        data = event.get("args", {}).get("data", {}) or {}
        url = data.get("url") or ""
        return f"script {url.rsplit('/', 1)[-1]}" if url else "script"
    return KINDS.get(event["name"], "other")


def kinds_inside(task: dict, inside: list[dict]) -> dict[str, float]:
    """Self CPU time per kind of the events nested inside one task. Script without a file of its own (callbacks,
    microtasks) counts for the nearest enclosing script file; style or layout forced by a script stays style or
    layout."""
    out: dict[str, float] = defaultdict(float)
    stack: list[list] = []  # [event, kind, CPU time taken by children]
    for e in inside:  # sorted by start, longest first, so intervals nest
        while stack and e["ts"] >= stack[-1][0]["ts"] + stack[-1][0]["dur"]:
            done = stack.pop()
            out[done[1]] += cpu(done[0]) - done[2]
        name = kind(e)
        if name == "script" or name == "other":
            name = next((k for _, k, _ in reversed(stack) if k.startswith("script ")), name)
        if stack:
            stack[-1][2] += cpu(e)
        stack.append([e, name, 0.0])
    while stack:
        done = stack.pop()
        out[done[1]] += cpu(done[0]) - done[2]
    out["other"] += cpu(task) - sum(cpu(e) for e in _outermost(inside))
    return out


def _outermost(inside: list[dict]) -> list[dict]:
    result, end = [], -1.0
    for e in inside:
        if e["ts"] >= end:
            result.append(e)
            end = e["ts"] + e["dur"]
    return result


def script_file(event: dict) -> bool:
    """Whether an EvaluateScript event runs a script file (inline scripts carry the page's own address)."""
    return ((event.get("args", {}).get("data") or {}).get("url") or "").split("?")[0].endswith(".js")


def complete_events(events: list[dict]) -> list[dict]:
    """The thread's events as complete ('X') events: begin/end pairs ('B'/'E', e.g. ParseHTML) joined."""
    out, open_ = [], []
    for e in sorted((e for e in events if e.get("ph") in ("X", "B", "E")), key=lambda e: e["ts"]):
        if e["ph"] == "X" and "dur" in e:
            out.append(e)
        elif e["ph"] == "B":
            open_.append(e)
        elif e["ph"] == "E" and open_:
            begin = open_.pop()
            joined = dict(begin, ph="X", dur=e["ts"] - begin["ts"])
            if "tts" in begin and "tts" in e:
                joined["tdur"] = e["tts"] - begin["tts"]
            joined.setdefault("args", {}).update(e.get("args") or {})
            out.append(joined)
    return out


def analyse(events: list[dict], elements: int) -> Load:
    mains = {(e["pid"], e["tid"]) for e in events if e.get("name") == "thread_name"
             and e.get("args", {}).get("name") == "CrRendererMain"}  # fmt: skip
    parsed: dict[tuple[int, int], int] = defaultdict(int)
    for e in events:
        if (e.get("pid"), e.get("tid")) in mains and e.get("name") == "ParseHTML":
            parsed[(e["pid"], e["tid"])] += 1
    pid, tid = max(parsed, key=parsed.__getitem__)  # the renderer that parsed the page, not about:blank's
    mine = sorted(complete_events([e for e in events if e.get("pid") == pid and e.get("tid") == tid]),
                  key=lambda e: (e["ts"], -e["dur"]))  # fmt: skip
    start = mine[0]["ts"]
    # Lighthouse's simulated slow network delivers the page's scripts after its first paint, so the tasks it
    # counts as blocking are the ones from the first script file's evaluation on (its long-task list agrees).
    scripts = [e["ts"] for e in mine if e["name"] == "EvaluateScript" and script_file(e)]
    first_script = min(scripts) if scripts else start
    tasks, blocking = [], 0.0
    for task in (e for e in mine if e["name"] == "RunTask"):
        if task["ts"] + task["dur"] > first_script:
            blocking += max(0.0, SLOWDOWN * cpu(task) - LONG_MS)
        if SLOWDOWN * cpu(task) > LONG_MS:
            end = task["ts"] + task["dur"]
            inside = [e for e in mine if e is not task and e["name"] != "RunTask" and task["ts"] <= e["ts"] < end]
            tasks.append(Task((task["ts"] - start) / 1000, cpu(task), dict(kinds_inside(task, inside))))
    total = sum(cpu(e) for e in mine if e["name"] == "RunTask")
    restyled = sum((e.get("args", {}).get("elementCount") or 0) for e in mine if e["name"] == "UpdateLayoutTree")
    return Load(total, blocking, tasks, restyled, elements)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--site", type=Path, action="append", help="a built site (default: site/); repeat to compare")
    parser.add_argument("--top", type=int, default=5, help="kinds of work listed per long task")
    parser.add_argument("pages", nargs="+")
    args = parser.parse_args()
    sites = args.site or [SITE]
    servers = [serve(site, gzip_text=True) for site in sites]
    try:
        for page in args.pages:
            loads: dict[Path, list[Load]] = {site: [] for site in sites}
            for _ in range(args.runs):
                for site, (_, origin) in zip(sites, servers, strict=True):
                    loads[site].append(analyse(*record(origin, page)))
            for site in sites:
                runs = sorted(loads[site], key=lambda load: load.blocking_ms)
                median = runs[len(runs) // 2]
                print(f"/{page} ({site}): main-thread CPU median {statistics.median(r.cpu_ms for r in runs):.0f} ms, "
                      f"estimated blocking time (x{SLOWDOWN}) median {median.blocking_ms:.0f} ms "
                      f"(runs: {' '.join(f'{r.blocking_ms:.0f}' for r in loads[site])}); {median.elements} elements, "
                      f"restyled in all {' '.join(str(r.restyled) for r in loads[site])}")  # fmt: skip
                for task in median.tasks:
                    top = sorted(task.kinds.items(), key=lambda kv: -kv[1])[: args.top]
                    parts = ", ".join(f"{k} {v:.1f}" for k, v in top if v >= 0.5)
                    print(f"  task at {task.start_ms:5.0f} ms, {task.cpu_ms:5.1f} ms CPU: {parts}")
    finally:
        for server, _ in servers:
            server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
