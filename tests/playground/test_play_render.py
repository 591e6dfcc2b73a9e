"""The Play page's renderer keeps its nodes (issue 25 §6): a redraw updates the controls in place instead of
drawing them anew, so the focus stays where the person left it without being put back, and a part of the page
whose shape changes (the table behind a handover screen) is the only part made anew.

Before the split every redraw replaced the toolbar, the stage, the actions and the side, and then moved the
focus back by data-focus: these tests failed on that page (no node survived, and focus() was called at every
redraw)."""

from __future__ import annotations

from playwright.sync_api import BrowserContext

from support.play_page import ROOT, open_hole, open_play, start, wait_phase

# Every control of the page marked with its own data-focus, and every call of focus() counted from now on.
MARK = """() => {
  for (const node of document.querySelectorAll('#golf-match [data-focus]')) node.golfMark = node.dataset.focus;
  window.golfBoard = document.querySelector('#golf-match .golf-board');
  window.golfFocusCalls = [];
  const focus = HTMLElement.prototype.focus;
  HTMLElement.prototype.focus = function (...args) { golfFocusCalls.push(this.dataset.focus || this.className); return focus.apply(this, args); };
}"""
KEPT = """() => [...document.querySelectorAll('#golf-match [data-focus]')]
  .filter((node) => node.golfMark === node.dataset.focus).map((node) => node.dataset.focus)"""


def test_a_move_and_its_answer_keep_the_tables_nodes_and_the_focus_without_moving_it(
    context: BrowserContext, origin: str
) -> None:
    page, problems = open_play(context, origin)
    start(page)
    open_hole(page)
    wait_phase(page, "draw")
    page.focus("[data-pos='2']")
    page.evaluate(MARK)
    page.keyboard.press("d")  # the engine answers with the drawn card: positions become targets, Hint and Undo change
    wait_phase(page, "holding")
    kept = set(page.evaluate(KEPT))
    positions = {f"pos-{n}" for n in range(1, 7)}
    assert positions | {"stock", "discard", "pause", "new-match", "share", "daily"} <= kept, kept
    assert page.evaluate("document.querySelector('#golf-match .golf-board') === window.golfBoard")
    page.keyboard.press("2")  # placed at position 2; the computer's reply is shown move by move
    wait_phase(page, "draw", "hole-over")
    page.wait_for_function(f"!document.querySelector('{ROOT}').dataset.replay")
    assert positions <= set(page.evaluate(KEPT))
    assert page.evaluate("document.activeElement.dataset.pos") == "2"
    assert page.evaluate("golfFocusCalls") == []  # the focus never had to be put back
    assert problems == []


def test_a_handover_screen_replaces_the_table_alone_and_hands_the_focus_on(
    context: BrowserContext, origin: str
) -> None:
    page, problems = open_play(context, origin)
    start(page, mode="pass")
    wait_phase(page, "opening")
    page.focus("[data-pos='1']")
    page.evaluate(MARK)
    page.keyboard.press("1")
    page.keyboard.press("5")
    wait_phase(page, "handover")
    kept = set(page.evaluate(KEPT))
    assert {"new-match", "daily"} <= kept  # the toolbar stays
    assert not {f"pos-{n}" for n in range(1, 7)} & kept  # the table went with its positions
    assert page.evaluate("document.activeElement.dataset.focus") == "handover"  # the next thing to press
    assert problems == []
