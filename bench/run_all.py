"""Run every benchmark in bench/ in turn (bench/*.py except this file), each in its own process.

    .venv/bin/python bench/run_all.py [NAME ...]     # names filter by substring, e.g. engine

A failing benchmark is reported and the others still run; the exit status is 1 if any failed.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main(argv: list[str]) -> int:
    scripts = sorted(p for p in HERE.glob("*.py") if p.name != Path(__file__).name and not p.name.startswith("_"))
    if argv:
        scripts = [p for p in scripts if any(name in p.stem for name in argv)]
    failed = []
    for script in scripts:
        print(f"== {script.name}", flush=True)
        started = time.perf_counter()
        result = subprocess.run([sys.executable, str(script)], cwd=HERE.parent, check=False)
        print(f"== {script.name}: {'ok' if result.returncode == 0 else f'FAILED ({result.returncode})'} "
              f"in {time.perf_counter() - started:.1f} s\n", flush=True)  # fmt: skip
        if result.returncode:
            failed.append(script.name)
    if failed:
        print(f"failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
