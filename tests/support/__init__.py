"""The harness every test folder shares, imported as `support.<module>` from any test (pyproject.toml puts the
repository root and tests/ on pytest's path, whatever launches it):

- browser: Debian's Chromium through Playwright, a folder served on 127.0.0.1, a page kept loading
- door: one request through a JSON door (the engine's, or the printables'), the answer's shape checked
- saves: the Play page's save written by hand, and a match the computer levels played to its end
- play_page: the Play page's hooks (open it, wait for a phase, a card's name as the page writes it) and the
  built site it is served from
- scripted: a seat's view of a hand-written position, for the computer players' and the Hint's tests
- offline: the service worker's side: an async condition polled, the caches read, a served copy of the site to
  rebuild
- playground: the built site the playground's tests serve, the engine's start time, the save's key
- matrix: a browser check's matrix (language x scheme x screen ...) whose default run holds every pair of values
"""

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
"""The repository's root."""
