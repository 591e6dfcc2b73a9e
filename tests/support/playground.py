"""Constants of the playground's browser tests: the built site they serve, the engine's start, the save's key."""

from __future__ import annotations

import os
from pathlib import Path

from support import REPO

SITE = Path(os.environ.get("GOLF_SITE_DIR") or REPO / "site")  # the built site to serve
ENGINE_START_MS = 60_000  # Pyodide's first start on a busy 2-core machine
SAVE_KEY = "sixcardgolf.playground.save"
