"""The hole review on the Play page, in Chromium: the panel lists what the engine's review says, with a moving
progress bar while the table stays usable; the replay shows each decision's table exactly as that player saw
it, nothing hidden; both languages; pass-and-play reviews each person; axe finds nothing.

The saves are real matches played here by the engine's computer levels; what the page must show is read from
the engine's own door (match_review, match_replay) on CPython.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from sixcardgolf import Match
from support.browser import NO_SERVICE_WORKER
from support.door import result
from support.play_page import ROOT, card_name, resume
from support.playground import ENGINE_START_MS, REPO
from support.saves import page_save, played

AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"
REVIEW_MS = 180_000  # a review of a hole takes a few seconds in Pyodide; far more on a loaded machine


def open_with_save(context: BrowserContext, origin: str, save: str, lang: str) -> tuple[Page, list[str]]:
    """The Play page resumed from the save of a finished hole, its end shown."""
    page, problems = resume(context, origin, save, lang)
    page.wait_for_function(
        f"['hole-over', 'match-over'].includes(document.querySelector('{ROOT}').dataset.phase)", timeout=ENGINE_START_MS
    )
    return page, problems


def wait_review(page: Page) -> None:
    page.wait_for_selector(".golf-review__total", timeout=REVIEW_MS)


def replay_tables(page: Page) -> dict[str, Any]:
    """What the replay shows now: each seat's name and position labels, the piles' labels, the marks."""
    return page.evaluate(
        """() => {
        const table = document.querySelector('.golf-review__table');
        const seats = [...table.querySelectorAll('.golf-seat')].map((seat) => ({
          name: seat.querySelector('.golf-seat__name').textContent,
          slots: [...seat.querySelectorAll('.golf-slot')].map((slot) => slot.getAttribute('aria-label')),
        }));
        const piles = Object.fromEntries([...table.querySelectorAll('[data-review-pile]')].map(
          (pile) => [pile.dataset.reviewPile, pile.getAttribute('aria-label')]));
        const marked = (kind) => [...table.querySelectorAll('.golf-review--' + kind)].map((node) =>
          node.dataset.reviewPile || 'position ' + ([...node.parentNode.children].indexOf(node) + 1));
        return {seats, piles, better: marked('better'), played: marked('played'), text: table.innerText,
                step: document.querySelector('.golf-review__step').textContent};
      }"""
    )


def expected_slots(observation: dict[str, Any], seat: int, lang: str, hide_peeked: bool) -> list[str]:
    face_down = "裏向き" if lang == "ja" else "face down"
    labels = []
    for index, place in enumerate(observation["layouts"][seat], start=1):
        shown = place["card"] is not None and (place["up"] or (place["peeked"] and not hide_peeked))
        card = card_name(place["card"], lang) if shown else face_down
        labels.append(f"{index}番：{card}" if lang == "ja" else f"Position {index}: {card}")
    return labels


def axe_violations(page: Page) -> list[str]:
    """axe-core on the Play page with the review open, the move log included."""
    page.add_script_tag(path=str(AXE))
    results = page.evaluate("async () => await axe.run('#golf-match', {resultTypes: ['violations']})")
    return [f"{v['id']}: {v['help']} {[n['target'] for n in v['nodes']][:3]}" for v in results["violations"]]


def mark_of(action: str | None) -> list[str]:
    """Where the replay marks a move: a position of the player's layout, a pile or the card in hand."""
    if action is None:
        return []
    verb, _, position = action.partition(" ")
    places = {"take": "discard", "draw": "stock", "discard": "held"}
    if verb in ("swap", "flip"):
        return [f"position {position}"]
    return [places[verb]] if verb in places else []


def check_every_step(page: Page, steps: list[dict[str, Any]], review: dict[str, Any], seat: int, lang: str) -> None:
    """Walk the replay from the first decision with → and Next: each table is that decision's observation."""
    flagged = {d["step"]: d for hole in review["holes"] for d in hole["decisions"]}
    while page.get_attribute("[data-focus=review-prev]", "aria-disabled") == "false":
        page.click("[data-focus=review-prev]")
    for index, step in enumerate(steps):
        shown = replay_tables(page)
        observation = step["observation"]
        assert observation["seat"] == seat
        others = [s for s in range(len(observation["layouts"])) if s != seat]
        for position, other in enumerate(others):
            assert shown["seats"][position]["slots"] == expected_slots(observation, other, lang, True)
        mine = [label.split(" (")[0].split(", ")[0].split("（")[0] for label in shown["seats"][-1]["slots"]]
        assert mine == expected_slots(observation, seat, lang, False)
        held = observation["held"] if observation["to_move"] == seat else None
        assert ("held" in shown["piles"]) == (held is not None)
        top = observation["discard"][-1] if observation["discard"] else None
        assert top is None or card_name(top, lang) in shown["piles"]["discard"]
        # Nothing the player could not see: every card named on the table is face up, peeked, on top of the
        # discard pile or in their hand at that moment.
        visible = {card_name(p["card"], lang) for layout in observation["layouts"] for p in layout if p["card"]}
        visible |= {card_name(c, lang) for c in ([top] if top else []) + ([held] if held else [])}
        named = {label.split("：" if lang == "ja" else ": ", 1)[1].split(" (")[0].split(", ")[0].split("（")[0]
                 for seat_shown in shown["seats"] for label in seat_shown["slots"]}  # fmt: skip
        assert named - {"裏向き" if lang == "ja" else "face down"} <= visible
        better = flagged[step["step"]]["better"] if step["step"] in flagged else None
        assert shown["better"] == mark_of(better) and shown["played"] == mark_of(step["played"])
        if index < len(steps) - 1:
            if index % 2:
                page.click("[data-focus=review-next]")
            else:
                page.focus(".golf-review__board")
                page.keyboard.press("ArrowRight")
    assert page.get_attribute("[data-focus=review-next]", "aria-disabled") == "true"


@pytest.fixture(scope="module")
def pass_and_play() -> Match:
    """Two people at one screen over two holes: one plays like a beginner, the other like Normal."""
    return played(["easy", "normal"], holes=2, seed=31)


def test_each_person_gets_their_own_review_and_a_replay_of_what_they_saw(
    context: BrowserContext, origin: str, pass_and_play: Match
) -> None:
    save = page_save(pass_and_play, ["human", "human"])
    page, problems = open_with_save(context, origin, save, "en")
    page.click("[data-focus=review-hole]")
    # The progress bar counts the decisions as the worker judges them, one request each.
    page.wait_for_function("document.querySelector('.golf-review__bar').max > 1", timeout=REVIEW_MS)
    wait_review(page)
    for seat in (0, 1):
        if seat:
            page.check(f"input[name=golf-review-person][value='{seat}']")
            wait_review(page)
            page.wait_for_function(
                "document.querySelector('.golf-review__step') && "
                f"document.querySelector('.golf-review__table .golf-felt .golf-seat__name')"
                f".textContent === 'Player {seat + 1}'",
                timeout=REVIEW_MS,
            )
        review = result("match_review", save=save, seat=seat, hole=2, lang="en")
        steps = result("match_replay", save=save, seat=seat, hole=2)["steps"]
        (hole,) = review["holes"]
        items = page.locator(".golf-review__item")
        assert items.count() == len(hole["decisions"])
        for item, decision in zip(items.all(), hole["decisions"], strict=True):
            text = item.inner_text()
            assert f"about {decision['loss']:.1f} points better on average (±{decision['uncertainty']:.1f})" in text
            assert f"Hint: {decision['reason']}" in text
        accuracy = page.inner_text(".golf-review__accuracy")
        assert f"{round(review['accuracy'] * 100)}%" in accuracy and f"of {review['choices']} decisions" in accuracy
        assert page.get_attribute(".golf-review__bar", "max") == str(review["choices"])
        check_every_step(page, steps, review, seat, "en")
    assert axe_violations(page) == []
    assert problems == []


def test_the_table_stays_usable_while_the_review_works(
    context: BrowserContext, origin: str, pass_and_play: Match
) -> None:
    first_hole_over = pass_and_play.log.index(6)  # the "next" action: hole 1 ends just before it
    page, problems = open_with_save(
        context, origin, page_save(pass_and_play, ["human", "normal"], first_hole_over), "en"
    )
    page.click("[data-focus=review-hole]")
    page.wait_for_function("document.querySelector('.golf-review__bar').max > 1", timeout=REVIEW_MS)
    assert page.get_attribute(ROOT, "data-busy") == "false"  # nothing waits on the review
    page.click("[data-focus='play.action.next']")  # on to hole 2 while the review is still working
    page.wait_for_function(f"document.querySelector('{ROOT}').dataset.phase === 'opening'", timeout=REVIEW_MS)
    assert page.locator(".golf-review").count() == 0  # the review of a finished hole gives way to the next one
    assert problems == []


@pytest.mark.parametrize(("scheme", "width", "height"), [("dark", 390, 844)])
def test_in_japanese_on_a_phone_with_nothing_for_axe(
    browser: Browser, origin: str, scheme: str, width: int, height: int
) -> None:
    match = played(["easy", "hard"], holes=1, seed=12)
    save = page_save(match, ["human", "hard"])
    context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme,
                                  has_touch=True, is_mobile=True, **NO_SERVICE_WORKER)  # fmt: skip
    try:
        page, problems = open_with_save(context, origin, save, "ja")
        page.tap("[data-focus=review-hole]")
        wait_review(page)
        review = result("match_review", save=save, seat=0, lang="ja")
        (hole,) = review["holes"]
        assert page.inner_text(".golf-review h2") == "第1ホールの振り返り"
        assert "正確さ" in page.inner_text(".golf-review__accuracy")
        # The finished match's Review goes with it into the history page's list (its accuracy over time).
        kept = page.evaluate("() => JSON.parse(localStorage.getItem('sixcardgolf.history')).matches")
        assert [m.get("review") for m in kept] == [
            {"good": review["choices"] - len(hole["decisions"]), "choices": review["choices"]}
        ]
        texts = page.locator(".golf-review__why").all_inner_texts()
        for decision in hole["decisions"]:
            assert f"ヒント：{decision['reason']}" in texts
        steps = result("match_replay", save=save, seat=0)["steps"]
        check_every_step(page, steps, review, 0, "ja")
        assert axe_violations(page) == []
        assert problems == []
    finally:
        context.close()
