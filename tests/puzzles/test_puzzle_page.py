"""The puzzle page in Chromium (issue 28): today's puzzle first and the same for everyone on a date, in both
languages; a puzzle solved by keys and one missed by a tap on a phone, each answer showing every move's stored cost
and the Hint's reason; the streak kept; the table drawn from the observation alone; axe clean. No engine runs on
this page, so one page serves several checks in a few seconds."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from support import REPO
from support.browser import NO_SERVICE_WORKER, served
from support.playground import SITE

AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"
DATE = "2026-12-01"
OTHER_DATE = "2027-02-14"


def daily_index(date: str, count: int) -> int:
    """The daily puzzle as docs/puzzles.md promises it: chosen from the date alone (FNV-1a, 32 bits, of
    "sixcardgolf-puzzle/DATE", modulo the number of puzzles)."""
    value = 0x811C9DC5
    for char in f"sixcardgolf-puzzle/{date}":
        value = ((value ^ ord(char)) * 0x01000193) % 2**32
    return value % count


def page_data(lang: str) -> dict[str, Any]:
    return json.loads((SITE / "playground" / f"puzzles-{lang}.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def origin() -> Iterator[str]:
    with served(SITE) as found:
        yield found


def open_on(browser: Browser, origin: str, lang: str, date: str, **context: Any) -> tuple[Page, list[str]]:
    page = browser.new_context(**context, **NO_SERVICE_WORKER).new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.clock.set_fixed_time(f"{date}T09:00:00")  # the person's own calendar says this date
    page.goto(f"{origin}/{'ja/' if lang == 'ja' else ''}puzzles/")
    page.wait_for_selector("#golf-puzzles[data-state=asking]")
    return page, problems


def control(action: str) -> str:
    """The place on the table (or the button) that plays `action`, as the page's test hooks name it."""
    word, _, position = action.partition(" ")
    if word == "draw":
        return "[data-pile=stock]"
    if word == "take":
        return "[data-pile=discard]"
    if position:
        return f".golf-seat--mine [data-pos='{position}']"
    return f"[data-move='{word}']"


def shown_cards(page: Page) -> list[str]:
    """The card faces drawn on the table, as rank and suit ("K♠")."""
    faces = page.eval_on_selector_all(".golf-board .golf-face", "faces => faces.map(f => f.textContent)")
    return [str(face) for face in faces]


def observation_faces(observation: dict[str, Any]) -> list[str]:
    suits = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
    face = lambda card: "JK★" if card == "JK" else card[:-1] + suits[card[-1]]  # noqa: E731
    faces = [face(slot["card"]) for layout in observation["layouts"] for slot in layout if slot["card"]]
    if observation["discard"]:
        faces.append(face(observation["discard"][-1]))
    if observation["held"]:
        faces.append(face(observation["held"]))
    return sorted(faces)


def test_todays_puzzle_is_the_same_in_both_languages_and_solved_and_missed(browser: Browser, origin: str) -> None:
    data = page_data("en")
    daily = data["puzzles"][daily_index(DATE, len(data["puzzles"]))]
    page, problems = open_on(browser, origin, "en", DATE, viewport={"width": 1366, "height": 768})
    assert page.get_attribute("#golf-puzzles", "data-puzzle") == daily["id"]
    assert DATE in page.inner_text(".golf-puzzle__title")
    # Only what the seat saw is drawn: its observation's face-up and peeked cards, the top discard, the card held.
    assert sorted(shown_cards(page)) == observation_faces(daily["observation"])
    # Solved by keys: the best move's control takes the focus and Enter plays it.
    page.focus(control(daily["best"]))
    page.keyboard.press("Enter")
    page.wait_for_selector("#golf-puzzles[data-state=solved]")
    result = page.locator(".golf-puzzle-result")
    assert page.evaluate("document.activeElement.closest('.golf-puzzle-result') !== null")
    assert daily["reason"] in result.inner_text()
    rows = page.locator(".golf-puzzle-costs tbody tr")
    assert rows.count() == len(daily["moves"])
    for index, move in enumerate(daily["moves"][1:], start=1):
        assert f"{move['loss']:.1f}" in rows.nth(index).inner_text()
    assert page.get_attribute(".golf-puzzle-streak", "data-streak") == "1"
    # The next puzzle of the set, missed: the worst move; the streak starts again and the cost is named.
    page.click("[data-focus=next]")
    page.wait_for_selector("#golf-puzzles[data-state=asking]")
    next_id = page.get_attribute("#golf-puzzles", "data-puzzle")
    puzzle = next(p for p in data["puzzles"] if p["id"] == next_id)
    worst = puzzle["moves"][-1]
    page.click(control(worst["action"]))
    page.wait_for_selector("#golf-puzzles[data-state=missed]")
    assert f"{worst['loss']:.1f}" in page.inner_text(".golf-puzzle-result p")
    assert page.get_attribute(".golf-puzzle-streak", "data-streak") == "0"
    # Kept in this browser: a reload shows the streak and both answers in the set's list.
    page.reload()
    page.wait_for_selector("#golf-puzzles[data-state=asking]")
    assert re.search(r"best 1\b", page.inner_text(".golf-puzzle-streak"))
    assert "(solved)" in page.inner_text(f"[data-open='{daily['id']}']")
    assert "(missed)" in page.inner_text(f"[data-open='{next_id}']")
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    assert [(v["id"], [n["target"] for n in v["nodes"]]) for v in found["violations"]] == []
    assert problems == []
    page.context.close()


def test_on_a_phone_in_japanese_the_daily_puzzle_follows_the_date(browser: Browser, origin: str) -> None:
    data = page_data("ja")
    phone = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
    page, problems = open_on(browser, origin, "ja", OTHER_DATE, **phone)
    expected = data["puzzles"][daily_index(OTHER_DATE, len(data["puzzles"]))]
    assert page.get_attribute("#golf-puzzles", "data-puzzle") == expected["id"]
    assert "今日のパズル" in page.inner_text(".golf-puzzle__title")
    wrong = expected["moves"][1]
    page.tap(control(wrong["action"]))
    page.wait_for_selector("#golf-puzzles[data-state=missed]")
    text = page.inner_text(".golf-puzzle-result")
    assert "いちばん良い手" in text and expected["reason"] in text
    # Every control of the answer fits the phone's width.
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    assert [(v["id"], [n["target"] for n in v["nodes"]]) for v in found["violations"]] == []
    assert problems == []
    page.context.close()
