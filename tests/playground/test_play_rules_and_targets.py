"""Two things seed 000 had that the Play page lost (seed-audit.md 000-33, 000-81), in Chromium on the built site:
"Rules in play" is open beside the table on a wide screen (folded on a phone, where it would push the table away),
and legal targets carry a down arrow besides their dashed frame; the arrow hides no card and is decoration only."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from support.browser import NO_SERVICE_WORKER
from support.play_page import open_hole, open_play, start, wait_phase

RULES = "details.golf-summary"
TARGETS = ".golf-seat--mine [data-pos]"
ARROWS = """(selector) => [...document.querySelectorAll(selector)].map(slot => {
  const mark = getComputedStyle(slot, '::before');
  const card = slot.querySelector('.golf-face, .golf-back').getBoundingClientRect();
  const box = slot.getBoundingClientRect();
  const top = box.top + parseFloat(getComputedStyle(slot).borderTopWidth) + parseFloat(mark.top);
  return { target: slot.getAttribute('aria-disabled') === 'false', content: mark.content,
           markBottom: top + parseFloat(mark.height), cardTop: card.top, markTop: top };
})"""


def _table(browser: Browser, origin: str, width: int, height: int, lang: str = "en"):
    context = browser.new_context(
        viewport={"width": width, "height": height}, is_mobile=width < 500, has_touch=width < 500, **NO_SERVICE_WORKER
    )
    page, problems = open_play(context, origin, lang)
    start(page)
    open_hole(page)
    return context, page, problems


@pytest.mark.parametrize(("width", "height", "is_open"), [(1366, 768, True), (390, 844, False)])
def test_rules_in_play_are_open_on_a_wide_screen_and_folded_on_a_phone(
    browser: Browser, origin: str, width: int, height: int, is_open: bool
) -> None:
    context, page, problems = _table(browser, origin, width, height)
    try:
        page.locator(RULES).wait_for(state="attached")
        assert page.locator(RULES).evaluate("box => box.open") is is_open
        page.locator(f"{RULES} > summary").click()  # the person folds or opens it; the next move redraws the table
        page.click("[data-pile=stock]")
        wait_phase(page, "holding")
        assert page.locator(RULES).evaluate("box => box.open") is not is_open, "the person's choice was lost"
        assert problems == []
    finally:
        context.close()


@pytest.mark.parametrize(("lang", "width", "height"), [("en", 1366, 768), ("ja", 390, 844)])
def test_legal_targets_carry_a_down_arrow_that_hides_no_card(
    browser: Browser, origin: str, lang: str, width: int, height: int
) -> None:
    context, page, problems = _table(browser, origin, width, height, lang)
    try:
        page.click("[data-pile=stock]")
        wait_phase(page, "holding")
        slots = page.evaluate(ARROWS, TARGETS)
        targets = [slot for slot in slots if slot["target"]]
        assert targets, "no legal target while holding a card"
        for slot in slots:
            if slot["target"]:
                assert "↓" in slot["content"], slot
                assert slot["markBottom"] <= slot["cardTop"] + 2, f"the arrow covers the card: {slot}"
            else:
                assert slot["content"] in ("none", "normal"), slot
        # Decoration only: the positions' names are what they were, with no arrow read out.
        names = page.locator(".golf-seat--mine").aria_snapshot()
        assert "↓" not in names, names
        assert page.evaluate("document.documentElement.scrollWidth") <= width  # no sideways scroll on the phone
        assert problems == []
    finally:
        context.close()
