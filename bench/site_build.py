"""Benchmark: wall time of the whole bilingual site build (`mkdocs build --strict`), median of --runs.

Each run is a fresh process building English and Japanese into an empty temporary folder, exactly as
`make build` does after the printables: every hook (rule markers, SVG drawings, printables copy, the
playground's files) included. The printables come from build/printables when `make build` has made them,
otherwise from a small placeholder manifest (said in the output), which leaves the page work unchanged.
The target is under 30 s on this machine; the exit status is 1 if the median is over it.

    .venv/bin/python bench/site_build.py [--runs 3]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET_SECONDS = 30.0

sys.path.insert(0, str(ROOT / "tests" / "site"))
from sitebuild import fake_printables  # noqa: E402  (the test helpers write the placeholder manifest)


def one_build(printables: Path) -> float:
    with tempfile.TemporaryDirectory(prefix="site-bench-") as out:
        env = dict(os.environ, GOLF_PRINTABLES_DIR=str(printables), NO_MKDOCS_2_WARNING="1")
        started = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", out],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        elapsed = time.perf_counter() - started
        if done.returncode:
            raise SystemExit(f"site build failed:\n{done.stderr}")
        pages = sum(1 for _ in Path(out).rglob("index.html"))
    print(f"  run: {elapsed:.2f} s ({pages} pages)", flush=True)
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    real = ROOT / "build" / "printables"
    with tempfile.TemporaryDirectory(prefix="site-bench-printables-") as placeholder:
        if (real / "manifest.json").is_file():
            printables, source = real, "build/printables"
        else:
            fake_printables(Path(placeholder))
            printables, source = Path(placeholder), "placeholder manifest (build/printables not built)"
        print(f"site build, {args.runs} runs, printables from {source}", flush=True)
        times = [one_build(printables) for _ in range(args.runs)]
    median = statistics.median(times)
    report = {
        "benchmark": "site_build",
        "runs": [round(t, 3) for t in times],
        "median_s": round(median, 3),
        "target_s": TARGET_SECONDS,
        "ratio_to_target": round(median / TARGET_SECONDS, 3),
        "printables": source,
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
    }
    print(json.dumps(report))
    out_dir = ROOT / "bench" / "out"
    out_dir.mkdir(exist_ok=True)
    (out_dir / "site_build.json").write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    if median >= TARGET_SECONDS:
        print(f"median {median:.1f} s is over the {TARGET_SECONDS:.0f} s target", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
