"""Constants of the playground's browser tests (a plain module: conftest.py names clash across folders)."""

from __future__ import annotations

import os
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SITE = Path(os.environ.get("GOLF_SITE_DIR") or REPO / "site")  # the built site to serve
ENGINE_START_MS = 60_000  # Pyodide's first start on a busy 2-core machine
SAVE_KEY = "sixcardgolf.playground.save"
