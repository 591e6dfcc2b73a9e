"""Constants of the playground's browser tests (a plain module: conftest.py names clash across folders)."""

from __future__ import annotations

import os
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SITE = Path(os.environ.get("GOLF_SITE_DIR") or REPO / "site")  # the built site to serve
ENGINE_START_MS = 60_000  # Pyodide's first start on a busy 2-core machine
SAVE_KEY = "sixcardgolf.playground.save"

# A page kept from finishing its load: an image it waits for, added when its document is parsed (so its
# scripts all run), answered only when the test releases it (release_load). Its address is never served.
HELD_IMAGE = "/__held-image.png"
HOLD_LOAD_SCRIPT = f"""document.addEventListener("DOMContentLoaded", () => {{
  const image = document.createElement("img");
  image.alt = "";
  image.src = "{HELD_IMAGE}";
  document.body.append(image);
}});"""
# A 1x1 transparent PNG.
PNG_1X1 = bytes.fromhex(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489"
    "0000000b49444154789c6360000200000500017a5eab3f0000000049454e44ae426082"
)
