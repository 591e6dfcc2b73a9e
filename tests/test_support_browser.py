"""The browser tests' Chromium (support.browser): our --disable-features replaces Playwright's own, so it must keep
every feature Playwright turns off, and turn off the address-bar dropdown page it is there for."""

from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import sync_playwright

from support.browser import CHROMIUM, CHROMIUM_ARGS


def _descendants(pid: int) -> list[int]:
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue  # ended meanwhile
            parents[int(entry.name)] = int(stat[stat.rindex(")") + 2 :].split()[1])
    found, frontier = [], [pid]
    while frontier:
        children = [child for child, parent in parents.items() if parent in frontier]
        found += children
        frontier = children
    return found


def _renderer_disabled_features(args: list[str]) -> set[str]:
    """What a renderer of a Chromium launched with `args` was told to turn off (the browser hands every child
    process the features in force)."""
    # Only processes this launch made: a browser the test process already runs (another test's) is passed over.
    earlier = set(_descendants(os.getpid()))
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=args)
        try:
            page = browser.new_page()
            page.set_content("<p>a page</p>")
            for pid in set(_descendants(os.getpid())) - earlier:
                try:
                    argv = Path(f"/proc/{pid}/cmdline").read_bytes().decode().strip("\0").split("\0")
                except OSError:
                    continue
                if len(argv) == 1:  # a zygote's child writes its command line anew, one line with spaces
                    argv = argv[0].split(" ")
                if "--type=renderer" in argv:
                    switch = next((a for a in argv if a.startswith("--disable-features=")), "--disable-features=")
                    return set(switch.removeprefix("--disable-features=").split(",")) - {""}
        finally:
            browser.close()
    raise AssertionError("no renderer process found")


def test_our_disabled_features_keep_playwrights_and_add_the_dropdown_page() -> None:
    playwrights = _renderer_disabled_features([a for a in CHROMIUM_ARGS if not a.startswith("--disable-features=")])
    ours = _renderer_disabled_features(CHROMIUM_ARGS)
    assert {"AimEnabled", "OptimizationHints"} <= playwrights  # the check reads what it should
    assert playwrights - ours == set(), (
        f"Playwright turns these off and our flag turned them back on: {playwrights - ours}"
    )
    assert {"WebUIOmniboxPopup", "WebUIOmniboxAimPopup"} <= ours
