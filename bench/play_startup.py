"""The Play page's start in Chromium, against a bare page that only calls loadPyodide() from the same server.

    .venv/bin/python bench/play_startup.py [--runs 5] [--mbps 40]

Serves the built site (make build) on 127.0.0.1 with two extra files of this script's own (the bare page and
its worker, never written into site/). Each run opens, in a fresh browser profile (cold: empty caches, no
service worker), first the bare page and then the Play page, alternately, then both again in the same
profile (warm: HTTP cache, and for the Play page its service worker). For the Play page it records, in ms from
navigation start: the setup form and the keys list on screen, the first opening choice accepted after Start
(clicked as soon as the form is there), and the engine ready; and the bytes fetched. A text page (/rules/)
is opened cold too, to count the Pyodide bytes it fetches (there should be none). Medians and ratios go to
bench/results/play_startup.md. Targets (issue 13): form and keys < 500 ms; first choice < 500 ms after Start;
engine ready cold <= 1.15x the bare load; warm <= 0.5x cold.

With --mbps N every response's bytes queue for one shared link of N Mbit/s (a first visit over a network rather
than from this machine), and the results go to bench/results/play_startup_<N>mbps.md.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright
from results_file import write_atomically

REPO = Path(__file__).resolve().parent.parent
SITE = REPO / "site"
RESULTS = REPO / "bench" / "results" / "play_startup.md"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]  # fmt: skip
BARE_PAGE = b"""<!doctype html><meta charset="utf-8"><title>bare</title>
<script type="module">
const worker = new Worker("/__bench/bare-worker.js", { type: "module" });
worker.onmessage = () => { window.__ready = performance.now(); };
</script>"""
BARE_WORKER = b"""import { loadPyodide } from "/pyodide/pyodide.mjs";
await loadPyodide({ indexURL: "/pyodide/" });
postMessage("ready");"""
# Marks the moments the Play page reaches, in ms from navigation start, as the page itself sees them.
MARKS = """
window.__marks = {};
new MutationObserver(() => {
  const mark = (name, selector) => { if (!(name in window.__marks) && document.querySelector(selector)) window.__marks[name] = performance.now(); };
  mark("form", ".golf-setup button[type=submit]");
  mark("keys", ".golf-keys kbd");
  // accepted: marked as chosen while the engine loads, or already turned up by a ready engine
  mark("chosen", ".golf-slot--chosen, [data-pos='1'] .golf-face");
  mark("ready", ".golf-engine[data-state=ready]");
}).observe(document, { subtree: true, childList: true, attributes: true });
"""


class Link:
    """One shared link of a given speed: every response's bytes wait their turn on it, as on one connection."""

    def __init__(self, mbps: float) -> None:
        self.bytes_per_s = mbps * 1e6 / 8
        self.lock = threading.Lock()
        self.free_at = 0.0

    def send(self, size: int) -> None:
        with self.lock:
            now = time.monotonic()
            self.free_at = max(now, self.free_at) + size / self.bytes_per_s
            wait = self.free_at - now
        time.sleep(wait)


class Handler(http.server.SimpleHTTPRequestHandler):
    link: Link | None = None

    def log_message(self, format: str, *args: object) -> None:
        pass

    def copyfile(self, source, outputfile) -> None:  # type: ignore[no-untyped-def]
        if self.link is None:
            super().copyfile(source, outputfile)
            return
        for block in iter(lambda: source.read(64 * 1024), b""):
            self.link.send(len(block))
            outputfile.write(block)

    def do_GET(self) -> None:
        extra = {
            "/__bench/bare.html": (BARE_PAGE, "text/html"),
            "/__bench/bare-worker.js": (BARE_WORKER, "text/javascript"),
        }
        if self.path in extra:
            body, kind = extra[self.path]
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()


def counted(context):  # type: ignore[no-untyped-def]
    """A list that fills with (url, body bytes) of every finished request in the context."""
    seen: list[tuple[str, int]] = []

    def note(request) -> None:  # type: ignore[no-untyped-def]
        try:
            seen.append((request.url, request.sizes()["responseBodySize"]))
        except Exception:  # a request whose sizes are gone: count it as 0
            seen.append((request.url, 0))

    context.on("requestfinished", note)
    return seen


def bare(context, origin: str) -> float:  # type: ignore[no-untyped-def]
    page = context.new_page()
    page.goto(f"{origin}/__bench/bare.html")
    page.wait_for_function("window.__ready !== undefined", timeout=180_000)
    value = page.evaluate("window.__ready")
    page.close()
    return float(value)


def play(context, origin: str) -> dict[str, float]:  # type: ignore[no-untyped-def]
    page = context.new_page()
    page.add_init_script(MARKS)
    page.goto(f"{origin}/play/")
    page.wait_for_selector(".golf-setup button[type=submit]")
    start = page.evaluate("performance.now()")
    page.click(".golf-setup button[type=submit]")
    page.click("[data-pos='1']")
    page.wait_for_selector(".golf-engine[data-state=ready]", state="attached", timeout=180_000)
    page.wait_for_function("window.__marks.ready !== undefined")
    marks = page.evaluate("window.__marks")
    # Whether this start restored the build's interpreter snapshot (worker.js), told just after ready.
    page.wait_for_selector(".golf-engine[data-snapshot]", state="attached", timeout=30_000)
    restored = page.get_attribute(".golf-engine", "data-snapshot") == "restored"
    # An engine page registers the service worker once the engine is ready: wait for its install (the site's
    # precache), so the bytes of a first visit are all counted.
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.evaluate("localStorage.clear()")  # the next visit starts from the form again
    page.close()
    return {"form": marks["form"], "keys": marks["keys"], "choice_after_start": marks["chosen"] - start,
            "ready": marks["ready"], "restored": float(restored)}  # fmt: skip


def run(browser: Browser, origin: str, runs: int) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {}

    def add(name: str, value: float) -> None:
        out.setdefault(name, []).append(value)

    for index in range(runs):
        order = ("bare", "play") if index % 2 == 0 else ("play", "bare")
        for kind in order:
            context = browser.new_context()
            requests = counted(context)
            if kind == "bare":
                add("bare cold", bare(context, origin))
                add("bare warm", bare(context, origin))
            else:
                cold = play(context, origin)
                cold_bytes = sum(size for _, size in requests)
                for name, value in cold.items():
                    add(f"play cold {name}", value)
                add("play cold bytes", cold_bytes)
                time.sleep(2)  # the service worker stores the runtime
                warm = play(context, origin)
                for name, value in warm.items():
                    add(f"play warm {name}", value)
            context.close()
        context = browser.new_context()
        requests = counted(context)
        page = context.new_page()
        page.goto(f"{origin}/rules/")
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        time.sleep(1)
        add("rules cold bytes", sum(size for _, size in requests))
        add("rules pyodide bytes", sum(size for url, size in requests if "/pyodide/" in url))
        context.close()
        print(f"run {index + 1}/{runs} done", flush=True)
    return out


def report(results: dict[str, list[float]], runs: int, mbps: float | None) -> str:
    med = {name: statistics.median(values) for name, values in results.items()}
    ratio_cold = [p / b for p, b in zip(results["play cold ready"], results["bare cold"], strict=True)]
    ratio_warm = [w / c for w, c in zip(results["play warm ready"], results["play cold ready"], strict=True)]
    commit = subprocess.run(
        ["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"], capture_output=True, text=True
    ).stdout.strip()
    load = os.getloadavg()
    lines = [
        "# Play page start-up (bench/play_startup.py)",
        "",
        f"Commit {commit}; {runs} alternating runs in Debian's Chromium (headless), served by Python's http.server",
        f"(no compression{f'; one shared link of {mbps:g} Mbit/s' if mbps else ''}); load average at the end {load[0]:.1f} / {load[1]:.1f} (2 cores, shared). Times in ms from",
        "navigation start, medians; ratios are medians of the per-run ratios.",
        "",
        "| measure | median | runs | target |",
        "|---|---|---|---|",
    ]
    targets = {"play cold form": "< 500", "play cold keys": "< 500", "play cold choice_after_start": "< 500",
               "play warm form": "< 500", "play warm keys": "< 500", "play warm choice_after_start": "< 500"}  # fmt: skip
    for name in sorted(results):
        values = ", ".join(f"{v:.0f}" for v in results[name])
        lines.append(f"| {name} | {med[name]:.0f} | {values} | {targets.get(name, '')} |")
    lines += [
        "",
        f"- engine ready, cold, Play ÷ bare loadPyodide(): **{statistics.median(ratio_cold):.2f}** (target ≤ 1.15; runs "
        + ", ".join(f"{r:.2f}" for r in ratio_cold)
        + ")",
        f"- engine ready, warm ÷ cold (Play): **{statistics.median(ratio_warm):.2f}** (target ≤ 0.5; runs "
        + ", ".join(f"{r:.2f}" for r in ratio_warm)
        + ")",
        f"- a text page (/rules/) cold fetches {med['rules cold bytes'] / 1e6:.2f} MB (its first visit precaches the site),"
        f" of which Pyodide bytes: {med['rules pyodide bytes']:.0f}",
        "",
    ]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--mbps", type=float, default=None, help="serve through one link of this many Mbit/s")
    args = parser.parse_args()
    Handler.link = Link(args.mbps) if args.mbps else None
    if not (SITE / "playground" / "play.js").exists():
        print("site/ has no playground/play.js: run `make build` first", file=sys.stderr)
        return 1
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(SITE)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        with sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            results = run(browser, origin, args.runs)
            browser.close()
    finally:
        server.shutdown()
    text = report(results, args.runs, args.mbps)
    write_atomically(RESULTS.with_name(f"play_startup_{args.mbps:g}mbps.md") if args.mbps else RESULTS, text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
