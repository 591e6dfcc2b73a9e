"""The Japanese Play page on a phone (japanese-review.md S3-18): at 390 px its prompts, buttons, names and tables
broke inside words («ノッ/クしてください», «Enterキ/ーを押すか», «合/計», «あな/た»). They now break between
phrases only (word-break: auto-phrase, Chromium's BudouX), which this checks in Debian's Chromium against the
phrases of BudouX itself."""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Iterator

import budoux
import pytest
from playwright.sync_api import Browser, BrowserContext

from support.browser import NO_SERVICE_WORKER
from support.playground import ENGINE_START_MS

ROOT = "#golf-match"
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")

# Every text element of the table with the offsets (in its text) where a new line starts.
LINE_STARTS = """() => [...document.querySelectorAll('#golf-match :is(p, button, th, td, dt, dd, label, span, h2, caption)')]
  .filter((element) => element.offsetParent !== null && ![...element.children].some((c) => c.textContent.trim()))
  .map((element) => {
    const words = element.textContent;
    const starts = [];
    let top = null;
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    let offset = 0;
    while (walker.nextNode()) {
      const node = walker.currentNode;
      for (let i = 0; i < node.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (rect && rect.width > 0) {
          if (top !== null && rect.top > top + rect.height / 2) starts.push(offset + i);
          top = rect.top;
        }
      }
      offset += node.length;
    }
    return { words, starts, wordBreak: getComputedStyle(element).wordBreak, tag: element.tagName };
  })"""


def deal_link(seed: int) -> str:
    deal = {"preset": "four-card", "options": {"holes": 3}, "seats": ["human", "hard"], "seed": seed}
    return "#deal=" + base64.urlsafe_b64encode(json.dumps(deal).encode()).decode().rstrip("=")


@pytest.fixture(scope="module")
def phone(browser: Browser) -> Iterator[BrowserContext]:
    made = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, **NO_SERVICE_WORKER
    )
    yield made
    made.close()


def phrase_starts(words: str) -> set[int]:
    """Offsets at which BudouX starts a phrase, and every offset next to something that is not Japanese (a space,
    a letter, a digit, a bracket), where any line may break."""
    starts, at = set(), 0
    for phrase in budoux.load_default_japanese_parser().parse(words):
        starts.add(at)
        at += len(phrase)
    loose = {i for i in range(1, len(words)) if not JAPANESE.match(words[i - 1]) or not JAPANESE.match(words[i])}
    return starts | loose


def test_japanese_play_text_breaks_between_phrases_at_390px(phone: BrowserContext, origin: str) -> None:
    page = phone.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto(f"{origin}/ja/play/{deal_link(5)}")
    page.wait_for_selector(f"{ROOT}[data-phase=opening], {ROOT} .golf-confirm", timeout=ENGINE_START_MS)
    confirm = page.get_by_role("button", name="新しいマッチを始める")
    if confirm.count():
        confirm.click()
    page.wait_for_selector(f"{ROOT}[data-phase=opening]", timeout=ENGINE_START_MS)
    elements = [e for e in page.evaluate(LINE_STARTS) if JAPANESE.search(e["words"])]
    assert any(e["words"].startswith("のぞき見する") for e in elements), [e["words"] for e in elements][:10]
    assert [e for e in elements if e["wordBreak"] != "auto-phrase"] == []
    inside = [
        f"{e['tag']}: {e['words'][:start]}/{e['words'][start:]}"
        for e in elements
        for start in e["starts"]
        if start not in phrase_starts(e["words"])
    ]
    assert inside == [], "\n".join(inside)
    wrapped = sum(len(e["starts"]) for e in elements)
    assert wrapped >= 3, f"only {wrapped} line breaks: the check saw nothing wrap at 390 px"
    assert problems == []
