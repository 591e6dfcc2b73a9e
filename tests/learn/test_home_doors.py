"""The home page's three doors (learn, play, print) in Chromium: all three wholly in the first screen on a phone
(390x844, touch) and a laptop (1366x768), in English and Japanese; each links where it says (the Learn page,
the Play page and its room form, the printables); axe finds nothing in them."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from support.playground import REPO

AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"
SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1366, "height": 768}}
WANTED = [["learn/"], ["play/", "play/#room=new"], ["printables/"]]


@pytest.mark.parametrize("size", list(SIZES))
def test_three_doors_above_the_fold_in_both_languages(browser: Browser, origin: str, size: str) -> None:
    phone = size == "phone"
    # No service worker: its precache of the whole site is not what this test is about, and slows every load.
    context = browser.new_context(viewport=SIZES[size], has_touch=phone, is_mobile=phone, service_workers="block")
    page = context.new_page()
    for lang in ("en", "ja"):
        page.goto(f"{origin}/{'ja/' if lang == 'ja' else ''}")
        doors = page.locator(".golf-doors .golf-door")
        assert doors.count() == 3
        height = SIZES[size]["height"]
        for index in range(3):
            box = doors.nth(index).bounding_box()
            assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, (lang, index, box)
            links = doors.nth(index).locator("a")
            assert [links.nth(i).get_attribute("href") for i in range(links.count())] == WANTED[index]
        page.add_script_tag(path=str(AXE))
        results = page.evaluate("async () => await axe.run('.golf-doors', {resultTypes: ['violations']})")
        assert [v["id"] for v in results["violations"]] == [], (lang, size)
    context.close()
