"""The Play page and the calculator in every language x colour scheme x screen (1366x768 mouse, 390x844 touch);
the default run takes a set holding every pair of them, `make test-slow` all eight.

Each must show its form at once (the Play page's Start button in view without scrolling), pass axe-core (colour
contrast included) in that scheme, and log no console error. The engine keeps loading meanwhile: these checks
are about what a person sees first.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page

from support.browser import NO_SERVICE_WORKER
from support.matrix import pairwise
from support.playground import REPO

AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"
SCREENS = [(1366, 768), (390, 844)]


def violations(page: Page, scope: str) -> list[str]:
    page.add_script_tag(path=str(AXE))
    results = page.evaluate(f"async () => await axe.run({scope}, {{resultTypes: ['violations']}})")
    return [f"{v['id']}: {[n['target'] for n in v['nodes']][:3]}" for v in results["violations"]]


# Every pair of language, scheme and screen by default (4 of the 8); all 8 in `make test-slow` (support.matrix).
@pytest.mark.parametrize(("lang", "scheme", "screen"), pairwise(["en", "ja"], ["light", "dark"], SCREENS))
def test_play_and_calculator_show_their_form_pass_axe_and_log_no_error(
    browser: Browser, origin: str, lang: str, scheme: str, screen: tuple[int, int]
) -> None:
    width, height = screen
    touch = width < 500
    context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme,
                                  has_touch=touch, is_mobile=touch, **NO_SERVICE_WORKER)  # fmt: skip
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda message: message.type == "error" and errors.append(message.text))
        page.on("pageerror", lambda error: errors.append(str(error)))
        prefix = "ja/" if lang == "ja" else ""
        page.goto(f"{origin}/{prefix}play/")
        start = page.locator(".golf-setup button[type=submit]")
        start.wait_for()
        assert page.locator("#setup-players").is_visible() and page.locator("#setup-preset").is_visible()
        box = start.bounding_box()
        assert box and box["y"] + box["height"] <= height, f"Start is below the fold: {box}"
        expected = "slate" if scheme == "dark" else "default"
        assert page.get_attribute("body", "data-md-color-scheme") == expected
        assert violations(page, "'#golf-match'") == []
        page.goto(f"{origin}/{prefix}calculator/")
        page.wait_for_selector(".golf-slot")
        assert page.locator("#calc-layout-1").is_visible() or page.locator(".golf-slot").first.is_visible()
        assert violations(page, "document") == []
        assert errors == []
    finally:
        context.close()
