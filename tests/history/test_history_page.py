"""The history page in Chromium (issue 28): two matches finished on the Play page (resumed from saves of matches
the computers played to their end, support/saves.py) fill it, a second tab of it redraws when they arrive; its
export, imported into a fresh browser on a phone in Japanese, gives the same matches, a second import adds no
duplicate, and a damaged file is refused with a message naming what is wrong while nothing is lost; axe clean."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from support import REPO
from support.browser import NO_SERVICE_WORKER, served
from support.play_page import open_play, put_save, wait_phase
from support.playground import SITE
from support.saves import page_save, played

AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"
HISTORY_KEY = "sixcardgolf.history"


@pytest.fixture(scope="module")
def origin() -> Iterator[str]:
    with served(SITE) as found:
        yield found


def axe_violations(page: Page) -> list[object]:
    page.add_script_tag(path=str(AXE))
    page.wait_for_function("document.getAnimations().every((animation) => animation.playState !== 'running')")
    found = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    return [(v["id"], [n["target"] for n in v["nodes"]]) for v in found["violations"]]


def count(page: Page) -> int:
    return int(page.get_attribute("#golf-history", "data-count") or "-1")


def test_two_finished_matches_exported_imported_elsewhere_and_a_damaged_file_refused(
    browser: Browser, origin: str, tmp_path: Path
) -> None:
    first = played(["normal", "easy"], seed=11, holes=1)
    second = played(["normal", "normal", "easy"], seed=12, holes=2, preset="four-card")
    context = browser.new_context(viewport={"width": 1366, "height": 768}, accept_downloads=True, **NO_SERVICE_WORKER)
    history = context.new_page()
    history.goto(f"{origin}/history/")
    history.wait_for_selector("#golf-history[data-count='0']")
    play, problems = open_play(context, origin)
    put_save(play, page_save(first, ["human", "easy"]))
    wait_phase(play, "match-over")
    put_save(play, page_save(second, ["human", "normal", "easy"]))
    wait_phase(play, "match-over")  # (the same match shown again is kept once: tests/js/history-puzzles.test.mjs)
    assert problems == []
    # The other tab heard of both (the storage event) and lists them, newest first.
    history.wait_for_selector("#golf-history[data-count='2']")
    kept = json.loads(history.evaluate(f"localStorage.getItem('{HISTORY_KEY}')"))["matches"]
    assert [len(m["holes"]) for m in kept] == [1, 2]
    assert [m["preset"] for m in kept] == ["basic", "four-card"]
    assert kept[1]["holes"][1]["points"] == list(second.records[1].points)
    assert kept[0]["totals"] == first.totals()
    assert history.locator(".golf-history-match").count() == 2
    assert history.locator(".golf-history-stats svg[role=img]").count() == 2
    holes_won = sum(r.points[0] == min(r.points) for match in (first, second) for r in match.records)
    assert history.inner_text("[data-stat=holesWon]").startswith(f"{holes_won} of 3")
    # Export by keys.
    history.focus("[data-focus=export]")
    with history.expect_download() as download:
        history.keyboard.press("Enter")
    exported = tmp_path / "history.json"
    download.value.save_as(exported)
    assert [m["id"] for m in json.loads(exported.read_text())["matches"]] == [m["id"] for m in kept]
    context.close()

    phone = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, **NO_SERVICE_WORKER
    )
    page = phone.new_page()
    page.goto(f"{origin}/ja/history/")
    page.wait_for_selector("#golf-history[data-count='0']")
    page.set_input_files("input[data-import]", str(exported))
    page.wait_for_selector("#golf-history[data-count='2']")
    assert "2" in page.inner_text(".golf-notice")
    page.set_input_files("input[data-import]", str(exported))  # again: nothing new
    page.wait_for_selector(".golf-notice:has-text('新しい0マッチ')")
    assert count(page) == 2
    # A damaged file: one hole's points are not numbers. Refused, named, in Japanese; the history is unchanged.
    damaged = json.loads(exported.read_text())
    damaged["matches"][1]["holes"][0]["points"][0] = "seven"
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(damaged))
    before = page.evaluate(f"localStorage.getItem('{HISTORY_KEY}')")
    page.set_input_files("input[data-import]", str(broken))
    error = page.locator(".golf-error")
    error.wait_for()
    assert "broken.json" in error.inner_text() and "2番目の" in error.inner_text()
    assert "holes[0].points" in error.inner_text() and "履歴はそのままです" in error.inner_text()
    (tmp_path / "text.json").write_text("{not json")
    page.set_input_files("input[data-import]", str(tmp_path / "text.json"))
    page.wait_for_selector(".golf-error:has-text('JSONではありません')")
    assert page.evaluate(f"localStorage.getItem('{HISTORY_KEY}')") == before
    assert count(page) == 2
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.tap(".golf-history-match summary >> nth=0")
    assert page.locator(".golf-history-match details[open] table").count() == 1
    assert axe_violations(page) == []
    phone.close()
