"""The Learn page's guided hole in Chromium, through the engine in Pyodide as on the Play page:

- by keys at 1366x768 in English: a move the step does not teach is answered by one kind line in the notice
  (role=status), never the error line, and plays nothing; the progress line follows the steps; a reload halfway
  resumes at the same step; the lesson is finished, its score is the engine's, its completion is remembered;
- by taps on a 390x844 touch screen in Japanese: the whole lesson, no key named in the texts, the same end;
- axe finds nothing on the lesson, in both languages;
- (slow) with site data blocked the lesson still runs and says its progress will not be remembered.

What the page must show comes from the lesson's data and the engine on CPython (door/lesson.py's replay), the
texts from the catalogues, never from the page's own code.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from playground.page_texts import page_texts
from sixcardgolf.door import handle
from sixcardgolf.door.lesson import COMPUTER, PERSON, lesson_named, play_lesson
from support.browser import CHROMIUM, CHROMIUM_ARGS, NO_SERVICE_WORKER
from support.play_page import ROOT
from support.playground import ENGINE_START_MS, REPO

AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"
LESSON = lesson_named("first-hole")
MOVES = [move for _, _, move in LESSON.expected()]
KEYS = {"draw": "d", "take": "p", "discard": "x", "continue": "Enter"}


def key_of(move: str) -> str:
    return KEYS.get(move) or move.split(" ")[1]


def tap_target(move: str) -> str:
    if move in ("draw", "take"):
        return f"[data-pile={'stock' if move == 'draw' else 'discard'}]"
    if move == "discard":
        return ".golf-actions [data-focus=discard]"
    if move == "continue":
        return "[data-focus=lesson-continue]"
    return f".golf-seat--mine [data-pos='{move.split(' ')[1]}']"


def open_lesson(page: Page, origin: str, lang: str) -> list[str]:
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(f"script error: {error}"))
    page.goto(f"{origin}/{'ja/' if lang == 'ja' else ''}learn/")
    return problems


def wait_done(page: Page, count: int, touch: bool = False) -> None:
    """The lesson has `count` moves done and the engine has answered; the moves being shown are skipped as a
    person skips them (Enter, or a tap on the table), and every card has landed."""
    page.wait_for_function(
        f"""(() => {{ const root = document.querySelector('{ROOT}');
          return root.dataset.lessonDone === '{count}' && root.dataset.busy !== 'true'; }})()""",
        timeout=ENGINE_START_MS,
    )
    if page.get_attribute(ROOT, "data-replay"):
        if touch:
            page.locator(".golf-stage").tap(position={"x": 2, "y": 2})
        else:
            page.keyboard.press("Enter")  # during the showing Enter only ends it
    page.wait_for_function(f"!document.querySelector('{ROOT}').dataset.replay")


def current_step(page: Page) -> str | None:
    return page.get_attribute(".golf-lesson__progress [aria-current=step]", "data-step")


def facts_at(count: int, lang: str) -> dict[str, Any]:
    """The step's facts as the engine gives them after `count` moves (the door on CPython)."""
    import json

    answer = json.loads(
        handle(
            json.dumps(
                {"method": "lesson_play", "params": {"lesson": LESSON.name, "done": MOVES[:count], "lang": lang}}
            )
        )
    )
    return answer["result"]["lesson"]["facts"]  # type: ignore[no-any-return]


def fill(text: str, facts: dict[str, Any]) -> str:
    for name, value in facts.items():
        text = text.replace(f"{{{name}}}", str(value))
    return text


def axe_violations(page: Page) -> list[str]:
    page.add_script_tag(path=str(AXE))
    results = page.evaluate("async () => await axe.run('#golf-match', {resultTypes: ['violations']})")
    return [f"{v['id']}: {v['help']} {[n['target'] for n in v['nodes']][:3]}" for v in results["violations"]]


def test_the_lesson_by_keys_with_a_wrong_move_a_reload_and_its_end_remembered(browser: Browser, origin: str) -> None:
    context = browser.new_context(viewport={"width": 1366, "height": 768}, **NO_SERVICE_WORKER)
    page = context.new_page()
    problems = open_lesson(page, origin, "en")
    texts = page_texts("en")
    wait_done(page, 0)
    assert current_step(page) == LESSON.steps[0].key
    # A position the step does not teach: one kind line, nothing played, no error.
    wrong = "6" if MOVES[0] != "flip 6" else "5"
    page.keyboard.press(wrong)
    notice = page.locator(".golf-notice")
    assert notice.inner_text() == fill(texts["learn.nudge.opening.0"], facts_at(0, "en"))
    assert page.locator(".golf-error").is_hidden()
    assert page.get_attribute(f".golf-seat--mine [data-pos='{wrong}']", "aria-disabled") == "false"  # still face down
    half = MOVES.index("take")
    for count, move in enumerate(MOVES[:half]):
        page.keyboard.press(key_of(move))
        wait_done(page, count + 1)
    step = current_step(page)
    page.reload()  # left and resumed: the same step, the same table
    wait_done(page, half)
    assert current_step(page) == step
    assert texts["learn.resumed"] in page.locator(".golf-notice").inner_text()
    assert page.locator(".golf-lesson__step--done").count() == [s.key for s in LESSON.steps].index(step)
    for count, move in enumerate(MOVES[half:], start=half):
        if move == "continue" and count == len(MOVES) - 1:  # the score step: the engine's scores in words
            scores = play_lesson(LESSON, MOVES).seated.match.hole.scores()
            prompt = page.locator(".golf-prompt").inner_text()
            assert f"{scores[PERSON].total}" in prompt and f"{scores[COMPUTER].total}" in prompt
            assert prompt == fill(texts["learn.say.score.0"], facts_at(count, "en"))
        page.keyboard.press(key_of(move))
        wait_done(page, count + 1)
    page.wait_for_selector(".golf-lesson__done")
    assert page.get_attribute(ROOT, "data-lesson-complete") == "true"
    kept = page.evaluate("JSON.parse(localStorage.getItem('sixcardgolf.lessons'))")
    assert kept[LESSON.name]["completed"] is True
    # A lesson is not a match: the Play page's save and record and the history page's list are untouched.
    for key in ("sixcardgolf.playground.save", "sixcardgolf.playground.record", "sixcardgolf.history"):
        assert page.evaluate(f"localStorage.getItem('{key}')") is None, key
    assert axe_violations(page) == []
    assert problems == []
    context.close()


def test_the_lesson_by_taps_on_a_phone_in_japanese(browser: Browser, origin: str) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, locale="ja-JP", **NO_SERVICE_WORKER
    )
    page = context.new_page()
    problems = open_lesson(page, origin, "ja")
    texts = page_texts("ja")
    wait_done(page, 0)
    # A tap on the discard pile while the step asks for a card to turn up: the kind line, in Japanese.
    page.locator("[data-pile=discard]").tap(force=True)  # aria-disabled: Playwright would wait for it
    assert page.locator(".golf-notice").inner_text() == fill(texts["learn.nudge.opening.0"], facts_at(0, "ja"))
    for count, move in enumerate(MOVES):
        prompt = page.locator(".golf-prompt").inner_text()
        assert "（D）" not in prompt and "（P）" not in prompt and "（Enter）" not in prompt, prompt  # no keys on touch
        page.tap(tap_target(move))
        wait_done(page, count + 1, touch=True)
    page.wait_for_selector(".golf-lesson__done")
    assert page.locator(".golf-lesson__done h2").inner_text() == texts["learn.done.title"]
    assert axe_violations(page) == []
    assert problems == []
    context.close()


@pytest.mark.slow
def test_with_site_data_blocked_the_lesson_runs_and_says_it_will_not_be_remembered(
    browser: Browser, origin: str, tmp_path: Path
) -> None:
    """Chromium with "Block all cookies" in its profile (as tests/playground/test_calculator_storage.py does it):
    the lesson still plays its steps, and the notice says the progress will not be kept."""
    (tmp_path / "Default").mkdir()
    preferences = {"profile": {"default_content_setting_values": {"cookies": 2}}}
    (tmp_path / "Default" / "Preferences").write_text(json.dumps(preferences))
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path), executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport={"width": 1366, "height": 768}
    )
    page = context.new_page()
    problems = open_lesson(page, origin, "en")
    wait_done(page, 0)
    assert page_texts("en")["learn.storage.blocked"] in page.locator(".golf-notice").inner_text()
    for count, move in enumerate(MOVES[:3]):
        page.keyboard.press(key_of(move))
        wait_done(page, count + 1)
    assert current_step(page) == LESSON.steps[2].key
    assert problems == []
    context.close()
