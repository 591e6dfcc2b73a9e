"""Benchmark: Lighthouse scores of every page of the built site, in both languages, as a phone would see it.

Lighthouse 12.2.3 (npm, pinned in package.json) runs against Debian's Chromium with its default mobile profile
(a mid-range phone on a slow 4G network, simulated). The site is served from 127.0.0.1 the way a static host
serves it: gzip for text files (every common host compresses; Python's http.server does not, and Lighthouse would
then judge the server, not the site). `--no-gzip` measures the bare server instead.

For each page and language the four category scores (performance, accessibility, best practices, SEO) are the
median of --runs runs; any audit that failed is named. The table goes to bench/results/lighthouse.md. The target
is at least 95 in every category on every page; the exit status is 1 if a page falls short.

    make build && .venv/bin/python bench/lighthouse.py [--runs 1] [--no-gzip] [--site DIR] [--out FILE]
        [--keep DIR] [PAGE ...]

Performance's blocking time is the main thread's observed time times four, so other work on the machine lowers
it. On a shared machine run it at a raised priority in a session of its own,
`setsid nice -n -20 .venv/bin/python bench/lighthouse.py` (as root): Lighthouse and its Chromium inherit it, and
the table's header records it with the load average. With the kernel's autogroup scheduling (on here) a nice
value only ranks a process against its own session's; every other session (other people's builds and tests)
gets an equal share of the processor whatever its nice, so the script also gives its session's group its own
nice value (/proc/self/autogroup): hence setsid, or the calling shell's session is raised too. Lighthouse's
launcher starts Chromium in a session of its own, which would be back at nice 0 beside every other session (so
were all the runs before 2026-12-02): Chromium is started through a small wrapper that raises its new session's
group to the same nice first. (Chromium then sets its own processes' nice within that group, as it would.)
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import gzip
import http.server
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
from datetime import UTC, datetime
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "site"
LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
CHROMIUM = "/usr/bin/chromium"
CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
TARGET = 95
RESULTS = ROOT / "bench" / "results" / "lighthouse.md"
COMPRESSIBLE = (".html", ".css", ".js", ".mjs", ".json", ".svg", ".xml", ".txt", ".wasm", ".map")

sys.path.insert(0, str(ROOT / "bench"))
from results_file import write_atomically  # noqa: E402  (the benchmarks' one atomic writer)


@functools.cache
def _compressed(path: Path, mtime_ns: int, size: int) -> bytes:
    """A file's gzip body, made once per version of the file (the mtime and size are part of the key)."""
    return gzip.compress(path.read_bytes(), compresslevel=6)


def precompress(site: Path) -> None:
    """Compress every text file of the site before measuring, as a static host does (or its CDN, once)."""
    for path in site.rglob("*"):
        if path.suffix in COMPRESSIBLE and path.is_file():
            stat = path.stat()
            _compressed(path, stat.st_mtime_ns, stat.st_size)


class StaticHost(http.server.SimpleHTTPRequestHandler):
    """The site as a static host serves it: text compressed with gzip when the browser accepts it, each file
    compressed once and the bytes kept. Compressing on every request would put the server's work on the
    measured page: the Pyodide runtime's 9.6 MB wasm takes about 0.36 s of CPU to compress, on an engine page
    while its main thread starts, on this two-core machine."""

    gzip_text = True

    def log_message(self, format: str, *args: object) -> None:
        pass

    def send_head(self):  # type: ignore[no-untyped-def]
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not self.path.split("?")[0].endswith("/"):
                return super().send_head()  # the base class redirects /page to /page/
            path = path / "index.html"
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (self.gzip_text and accepts and path.is_file() and path.suffix in COMPRESSIBLE):
            return super().send_head()
        stat = path.stat()
        body = _compressed(path, stat.st_mtime_ns, stat.st_size)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return BytesIO(body)


def serve(site: Path, gzip_text: bool) -> tuple[http.server.ThreadingHTTPServer, str]:
    if gzip_text:
        precompress(site)
    handler = type("Host", (StaticHost,), {"gzip_text": gzip_text})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def site_pages(site: Path) -> list[str]:
    """Every built page, as a path from the site root ('' for the home page), English first."""
    pages = []
    for index in sorted(site.rglob("index.html")):
        relative = index.parent.relative_to(site).as_posix()
        if relative.startswith(("assets", "search", "pyodide", "playground", "engine")):
            continue
        pages.append("" if relative == "." else relative + "/")
    return sorted(pages, key=lambda p: (p.startswith("ja/"), p))


def one_run(url: str, out: Path, chromium: str = CHROMIUM) -> dict[str, object]:
    done = subprocess.run(
        [str(LIGHTHOUSE), url, "--quiet", "--output=json", f"--output-path={out}",
         f"--only-categories={','.join(CATEGORIES)}", f"--chrome-flags={CHROME_FLAGS}"],
        env=dict(os.environ, CHROME_PATH=chromium), capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    if done.returncode or not out.is_file():
        raise SystemExit(f"lighthouse failed on {url}:\n{done.stderr[-2000:]}")
    return json.loads(out.read_text(encoding="utf-8"))


def failing_audits(runs: list[dict[str, object]]) -> list[str]:
    """Audits that cost points in a category in any run: id and, for a measured value, its median over all the
    runs (as Lighthouse shows it: seconds for paint times, milliseconds for blocking time)."""
    names = set()
    for report in runs:
        for category in CATEGORIES:
            for ref in report["categories"][category]["auditRefs"]:  # type: ignore[index]
                audit = report["audits"][ref["id"]]  # type: ignore[index]
                if ref["weight"] and audit.get("score") is not None and audit["score"] < 1:
                    names.add(ref["id"])
    shown = []
    for name in sorted(names):
        found = [r["audits"][name]["numericValue"] for r in runs if "numericValue" in r["audits"][name]]  # type: ignore[index]
        shown.append(f"{name} ({_shown(name, statistics.median(found))})" if found else name)
    return shown


def _shown(audit: str, value: float) -> str:
    if audit == "cumulative-layout-shift":
        return f"{value:.3f}"
    if audit == "total-blocking-time" or value < 1000:
        return f"{value:,.0f} ms"
    return f"{value / 1000:.1f} s"


AUTOGROUP = Path("/proc/self/autogroup")


def raise_session(niceness: int) -> str:
    """Give this process's session group (the kernel's autogroup) the process's own nice value, when it is raised
    and the kernel lets us; say what the group's nice is now."""
    if not AUTOGROUP.exists():
        return "none (no autogroup)"
    if niceness < 0:
        with contextlib.suppress(OSError):  # not root: the group keeps its nice
            AUTOGROUP.write_text(str(niceness))
    return AUTOGROUP.read_text().split()[-1]


def raised_chromium(folder: Path, niceness: int) -> str:
    """Chromium started in a new session whose group gets `niceness` (Lighthouse's launcher detaches it)."""
    if niceness >= 0 or not AUTOGROUP.exists():
        return CHROMIUM
    wrapper = folder / "chromium"
    wrapper.write_text(f'#!/bin/sh\necho {niceness} > /proc/self/autogroup 2>/dev/null\nexec {CHROMIUM} "$@"\n')
    wrapper.chmod(0o755)
    return str(wrapper)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--no-gzip", action="store_true")
    parser.add_argument("--site", type=Path, default=SITE, help="the built site (default: site/)")
    parser.add_argument("--out", type=Path, default=RESULTS, help=f"the table (default: {RESULTS.relative_to(ROOT)})")
    parser.add_argument("--keep", type=Path, help="also keep each run's Lighthouse JSON report in this folder")
    parser.add_argument("pages", nargs="*", help="paths from the site root, e.g. rules/ ja/games/four-card/")
    args = parser.parse_args()
    if not (args.site / "index.html").is_file():
        raise SystemExit(f"{args.site} holds no built site: run `make build` first")
    if not LIGHTHOUSE.exists():
        raise SystemExit(f"{LIGHTHOUSE} is missing: run `npm ci`")
    pages = args.pages or site_pages(args.site)
    load = os.getloadavg()
    niceness = os.nice(0)  # inherited by Lighthouse and its Chromium
    session = raise_session(niceness)
    started = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=False
    ).stdout
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
    server, origin = serve(args.site, gzip_text=not args.no_gzip)
    rows, short = [], []
    try:
        with tempfile.TemporaryDirectory(prefix="lighthouse-") as folder:
            chromium = raised_chromium(Path(folder), niceness)
            for page in pages:
                reports = args.keep or Path(folder)
                stem = page.strip("/").replace("/", "-") or "home"
                runs = [
                    one_run(f"{origin}/{page}", reports / f"{stem}-{n + 1}.json", chromium) for n in range(args.runs)
                ]
                scores = {
                    c: statistics.median(round(100 * r["categories"][c]["score"]) for r in runs) for c in CATEGORIES
                }
                problems = failing_audits(runs)
                rows.append((page, scores, problems))
                print(f"  /{page}: " + " ".join(f"{c} {scores[c]:g}" for c in CATEGORIES), flush=True)
                if min(scores.values()) < TARGET:
                    short.append(page)
    finally:
        server.shutdown()
    lines = [
        "# Lighthouse, every page, mobile profile",
        "",
        f"Lighthouse 12.2.3 against Debian's Chromium, default mobile profile (simulated slow 4G, mid-range phone), "
        f"site served from 127.0.0.1 {'without compression' if args.no_gzip else 'with gzip, as a static host serves it'}; "
        f"median of {args.runs} run(s) per page on this shared 2-core machine at process priority nice {niceness} "
        f"(session group nice {session}, Chromium's too) "
        f"(load average at the start {load[0]:.1f}, at the end {os.getloadavg()[0]:.1f}: performance's blocking time "
        f"grows with the load). "
        f"Target: {TARGET} in every category. Run {started}, site built from commit {commit.strip() or '?'}.",
        "Written by `bench/lighthouse.py`.",
        "",
        "| page | performance | accessibility | best practices | SEO | audits that cost points |",
        "|---|---|---|---|---|---|",
    ]
    for page, scores, problems in rows:
        cells = " | ".join(f"{scores[c]:g}" for c in CATEGORIES)
        lines.append(f"| /{page} | {cells} | {', '.join(problems) or '—'} |")
    write_atomically(args.out, "\n".join(lines) + "\n")
    print(f"wrote {args.out}; {len(short)} of {len(rows)} pages below {TARGET}: {' '.join(short)}")
    return 1 if short else 0


if __name__ == "__main__":
    sys.exit(main())
