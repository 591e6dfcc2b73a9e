"""What every browser test shares: Debian's Chromium with the flags this machine needs, and a folder served on
127.0.0.1 (tests/conftest.py launches one Chromium per test process from here)."""

from __future__ import annotations

import functools
import http.server
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Route, sync_playwright

CHROMIUM = "/usr/bin/chromium"
# Chromium reads one --disable-features: a second one replaces the first instead of adding to it. Playwright
# passes its own (its chromiumSwitches: features that call Google's servers at start or change what a test sees),
# so ours repeats that list, Playwright 1.65.2's, and adds the browser's own address-bar dropdown: a page of
# Chromium's (chrome://omnibox-popup) that this version loads, in a renderer of its own, for every new window,
# which headless Playwright opens for every new page. Measured here: 0.75 CPU-s for a blank page with it, 0.2
# without, most of what a browser test's own steps cost. A headless browser never shows that dropdown; the pages
# under test are not touched. tests/test_support_browser.py fails if a feature Playwright turns off is left on.
PLAYWRIGHT_DISABLED_FEATURES = (
    "AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable", "LensOverlay", "MediaRouter", "PaintHolding", "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect", "TcpPortRandomizationWin", "OptimizationHints",
    "NetworkTimeServiceQuerying", "AimEnabled", "PreconnectToSearch", "msForceBrowserSignIn",
    "msEdgeUpdateLaunchServicesPreferredVersion",
)  # fmt: skip
DISABLED_FEATURES = (*PLAYWRIGHT_DISABLED_FEATURES, "WebUIOmniboxPopup", "WebUIOmniboxAimPopup")
# As root Chromium needs --no-sandbox; the next four keep it from calling home (only 127.0.0.1 is served here).
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", f"--disable-features={','.join(DISABLED_FEATURES)}"]  # fmt: skip

NO_SERVICE_WORKER = {"service_workers": "block"}
"""Browser context options for a test that does not test the service worker (most browser tests): Playwright then
blocks its registration. Every page registers the site's service worker once it has loaded and is idle (an engine
page once the engine has started), and its first install precaches the whole site, a few hundred requests: measured
here, 0.4-0.6 CPU-s more for a page's context, while what these tests check does not depend on it. The worker's
own tests (tests/playground/test_offline.py, the update tests in test_play_trust.py, the second visit in
test_engine_start.py, tests/learn/test_app_install.py, printing offline) open contexts without these options;
tests/playground/conftest.py's `context` lets a test marked `service_worker` keep it."""

# A page kept from finishing its load: an image it waits for, added when its document is parsed (so its scripts
# all run), answered only when the test says (finish_loading). Its address is never served.
HELD_IMAGE = "/__held-image.png"
_HOLD_LOAD_SCRIPT = f"""document.addEventListener("DOMContentLoaded", () => {{
  const image = document.createElement("img");
  image.alt = "";
  image.src = "{HELD_IMAGE}";
  document.body.append(image);
}});"""
_PNG_1X1 = bytes.fromhex(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489"
    "0000000b49444154789c6360000200000500017a5eab3f0000000049454e44ae426082"
)


def keep_loading(context: BrowserContext) -> list[Route]:
    """Every page then opened in `context` stays loading (its load event waits) until finish_loading; the list
    fills with the held image's requests, one per page."""
    held: list[Route] = []
    context.add_init_script(_HOLD_LOAD_SCRIPT)
    context.route(f"**{HELD_IMAGE}", lambda route: held.append(route))
    return held


def finish_loading(held: list[Route]) -> None:
    """Answer the held image (a 1x1 PNG): its page finishes loading."""
    assert held, "no page was kept loading"
    held.pop(0).fulfill(status=200, body=_PNG_1X1, content_type="image/png")


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def __init__(self, *args: Any, requests: list[str] | None = None, **kwargs: Any) -> None:
        self.requests = requests
        super().__init__(*args, **kwargs)

    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        if self.requests is not None:
            self.requests.append(self.path)
        super().do_GET()


class _Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        """A browser that closes a connection mid-answer (a page left, a request it no longer wants) is normal:
        no traceback for it in the test output. Anything else is printed as before."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@contextmanager
def served(directory: Path, requests: list[str] | None = None) -> Iterator[str]:
    """Serve `directory` on a free port of 127.0.0.1; yields the origin (http://127.0.0.1:PORT). The path of
    every GET is appended to `requests` if given (what reached the server, not the browser's caches)."""
    server = _Server(("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(directory), requests=requests))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def chromium() -> Iterator[Browser]:
    """Debian's Chromium, headless, driven by Playwright (Playwright's own browser download does not work here)."""
    assert Path(CHROMIUM).exists(), f"{CHROMIUM} is missing: run `make setup` (tools/setup-system.sh installs it)"
    with sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()
