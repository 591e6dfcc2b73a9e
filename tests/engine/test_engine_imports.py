"""What the engine's modules import: each layer only what lies below it, and nothing in a cycle."""

from __future__ import annotations

import json
import subprocess
import sys


def modules_loaded_by(module: str) -> set[str]:
    """The engine modules a fresh interpreter has loaded after importing `module`."""
    code = (
        f"import json, sys, {module}; print(json.dumps(sorted(m for m in sys.modules if m.startswith('sixcardgolf'))))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(json.loads(done.stdout))


def test_the_hint_does_not_load_the_simulator() -> None:
    """The Hint's seed is a seed like the others (seeds.hint_seed), not a part of the simulate command's loop."""
    loaded = modules_loaded_by("sixcardgolf.ai.hint")
    assert "sixcardgolf.seeds" in loaded
    assert "sixcardgolf.simulate" not in loaded
