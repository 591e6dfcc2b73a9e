"""Benchmark: time to render one printable, and the whole build-all set.

Timed:
  sheet     one rule sheet (fit to one page + PDF), several documents, median of --runs each
  pad       one score pad, likewise
  set       `build-all --force` of every document (rule sheets, pads, PNG previews) in
            --jobs processes, wall time; then the same build again with nothing changed

Single documents (and the set, summed over its worker processes) are timed in CPU seconds of this process (process time), which a busy
machine disturbs less than wall time; wall time is shown beside it. A rule sheet must stay
under 2 s. Not a test: nothing here fails, it reports.

    .venv/bin/python bench/printables_render.py [--runs 5] [--jobs 2] [--skip-set]
"""

from __future__ import annotations

import argparse
import json
import platform
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the printables package lives at the root

from printables.build_all import build_all
from printables.documents import DocumentSpec
from sixcardgolf import load_preset

CASES = [
    ("rules", "basic", "en", "a4", 8, None),
    ("rules", "basic", "ja", "letter", 8, None),
    ("rules", "house-party", "en", "letter", 8, None),
    ("rules", "house-party", "ja", "a4", 8, None),
    ("scorepad", "basic", "en", "a4", 8, 9),
    ("scorepad", "house-party", "ja", "letter", 8, 18),
]


def time_document(kind: str, preset: str, lang: str, paper: str, players: int, holes: int | None, runs: int) -> dict:
    spec = DocumentSpec(kind, load_preset(preset), lang, paper, preset, players, holes)
    spec.render()  # warm up: fonts, stylesheets, imports
    cpu, wall, renders = [], [], 0
    for _ in range(runs):
        started_cpu, started_wall = time.process_time(), time.perf_counter()
        rendered = spec.render()
        cpu.append(time.process_time() - started_cpu)
        wall.append(time.perf_counter() - started_wall)
        renders = rendered.renders
    return {
        "document": spec.file_stem(),
        "cpu_s": round(statistics.median(cpu), 3),
        "wall_s": round(statistics.median(wall), 3),
        "layouts": renders,
    }


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--skip-set", action="store_true", help="time single documents only")
    args = parser.parse_args()
    results = [time_document(*case, args.runs) for case in CASES]
    print(f"python {platform.python_version()} on {platform.machine()}; median of {args.runs} runs")
    print(f"{'document':48} {'cpu s':>7} {'wall s':>7} {'layouts':>8}")
    for row in results:
        print(f"{row['document']:48} {row['cpu_s']:7.3f} {row['wall_s']:7.3f} {row['layouts']:8d}")
    sheets = [r["cpu_s"] for r in results if r["document"].startswith("rules-")]
    print(f"rule sheet: median {statistics.median(sheets):.3f} s CPU, slowest {max(sheets):.3f} s (limit 2 s)")
    summary: dict = {"documents": results}
    if not args.skip_set:
        with tempfile.TemporaryDirectory() as folder:
            children_before = _children_cpu()
            started = time.perf_counter()
            full = build_all(Path(folder), args.jobs, force=True)
            full_s = time.perf_counter() - started
            full_cpu = _children_cpu() - children_before  # the workers and their pdftoppm runs
            started = time.perf_counter()
            again = build_all(Path(folder), args.jobs)
            again_s = time.perf_counter() - started
        per_doc = statistics.median(full["seconds"])
        print(
            f"whole set: {full['documents']} documents, {full_cpu:.1f} s CPU in the worker processes "
            f"(ideal wall on {args.jobs} idle cores {full_cpu / args.jobs:.1f} s); measured "
            f"{full_s:.1f} s wall with {args.jobs} processes "
            f"(median {per_doc:.2f} s wall per document inside a worker); "
            f"unchanged rebuild {again_s:.2f} s ({again['rendered']} rendered), {full_s / again_s:.0f}x faster"
        )
        summary["set"] = {
            "documents": full["documents"],
            "cpu_s": round(full_cpu, 1),
            "wall_s": round(full_s, 2),
            "unchanged_s": round(again_s, 2),
        }
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
