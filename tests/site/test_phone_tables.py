"""The presets comparison table on a phone (browser-trial A-10), in Debian's Chromium at 390x844: the table scrolls
inside its own box, the preset names (its header row) and the option names (its first column) stay in view while it
scrolls, and scrolling back up inside it does not bring the theme's back-to-top pill over the cells."""

from __future__ import annotations

import playwright.sync_api as playwright_sync
import pytest
from sitebuild import LANGS

from support.browser import NO_SERVICE_WORKER

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
BOX = ".golf-wide:has(> table[data-golf='preset-table'])"
WHERE = """box => {
  const edge = box.getBoundingClientRect();
  const name = box.querySelector('thead th:last-child').getBoundingClientRect();
  const row = box.querySelector('tbody tr:last-child th').getBoundingClientRect();
  return {boxLeft: edge.left, boxTop: edge.top, nameTop: name.top, rowLeft: row.left,
          scrolled: [box.scrollLeft, box.scrollTop]};
}"""


@pytest.mark.parametrize("lang", LANGS)
def test_preset_names_and_option_names_stay_in_view(browser: playwright_sync.Browser, origin: str, lang: str) -> None:
    context = browser.new_context(**PHONE, **NO_SERVICE_WORKER)
    try:
        page = context.new_page()
        page.goto(f"{origin}/{'' if lang == 'en' else 'ja/'}variants/", wait_until="load")
        box = page.locator(BOX)
        box.scroll_into_view_if_needed()
        box.evaluate("box => { box.scrollLeft = box.scrollWidth; box.scrollTop = box.scrollHeight; }")
        where = box.evaluate(WHERE)
        assert where["scrolled"][0] > 0 and where["scrolled"][1] > 100, f"{lang}: the box did not scroll {where}"
        assert abs(where["rowLeft"] - where["boxLeft"]) < 1, f"{lang}: the option names scrolled away {where}"
        assert abs(where["nameTop"] - where["boxTop"]) < 1, f"{lang}: the preset names scrolled away {where}"
    finally:
        context.close()


def test_scrolling_back_up_inside_the_table_leaves_the_back_to_top_pill_hidden(
    browser: playwright_sync.Browser, origin: str
) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, **NO_SERVICE_WORKER)
    try:
        page = context.new_page()
        page.goto(f"{origin}/variants/", wait_until="load")
        box = page.locator(BOX)
        box.evaluate("box => box.scrollIntoView({block: 'start'})")
        edge = box.bounding_box()
        assert edge
        page.mouse.move(edge["x"] + edge["width"] / 2, edge["y"] + min(edge["height"], 600) / 2)
        before = page.evaluate("window.scrollY")
        page.mouse.wheel(0, 600)  # down the table, with the wheel over it
        page.wait_for_function("s => document.querySelector(s).scrollTop > 300", arg=BOX, timeout=5000)
        page.mouse.wheel(0, -300)  # and back up: on the page this brings up the pill
        page.wait_for_function("s => document.querySelector(s).scrollTop < 400", arg=BOX, timeout=5000)
        assert page.evaluate("window.scrollY") == before, "the wheel scrolled the page, not the table"
        assert page.locator(".md-top").evaluate("pill => pill.hidden"), "the back-to-top pill came up over the table"
    finally:
        context.close()
