"""The Play page's moves in motion, in Chromium: the computers' moves shown one table at a time, a card that
travels from where it was to where it lands, nothing moving under reduced motion, and never a card on the page
before the viewer could see it (each table shown is checked against the engine's own observation at that point
of the saved log)."""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from sixcardgolf import Match
from support.browser import NO_SERVICE_WORKER
from support.play_page import ROOT, card_name, settled
from support.playground import ENGINE_START_MS, SAVE_KEY

SEATS = ["human", "hard", "normal"]

# Every mutation of the page is recorded with what the table shows then: the opponents' positions and cards in
# hand (their screen-reader labels), the discard pile, every card face, where each card is drawn and the cards
# newly in flight (their end rect and their first keyframe, from which the start rect follows).
RECORDER = """() => {
  window.snaps = [];
  const root = document.querySelector('#golf-match');
  const all = (selector) => [...document.querySelectorAll(selector)];
  const box = (node) => { const r = node.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; };
  const take = (records) => {
    const places = {};
    for (const node of all('#golf-match [data-pile], #golf-match [data-held], #golf-match [data-slot]')) {
      const key = node.dataset.pile || (node.dataset.held !== undefined ? 'held-' + node.dataset.held : 'slot-' + node.dataset.slot);
      const card = node.querySelector('.golf-face, .golf-back, .golf-empty');
      if (card) places[key] = box(card);
    }
    const added = records.flatMap((record) => [...record.addedNodes]);
    const travels = added.filter((node) => node.classList && node.classList.contains('golf-travel__card')).map((copy) => {
      const animation = copy.getAnimations()[0];
      return { end: ['left', 'top', 'width', 'height'].map((side) => parseFloat(copy.style[side])),
               first: animation ? animation.effect.getKeyframes()[0].transform : null, text: copy.textContent };
    });
    snaps.push({ replay: root.dataset.replay || null, phase: root.dataset.phase,
      opponents: all('.golf-opponents [data-slot]').map((n) => n.getAttribute('aria-label')),
      held: all('.golf-opponents [data-held]').map((n) => n.getAttribute('aria-label')),
      discard: (document.querySelector('[data-pile=discard] .golf-sr') || {}).textContent,
      faces: all('#golf-match .golf-face').map((n) => n.textContent),
      animations: document.getAnimations().filter((a) => a.effect && a.effect.target
                                                  && a.effect.target.closest('#golf-match, .golf-travel')).length,
      travels, places });
  };
  new MutationObserver(take).observe(document.body, { childList: true, subtree: true, attributes: true,
                                                       attributeFilter: ['data-replay'] });
}"""


def deal_link(seed: int, seats: list[str] = SEATS, preset: str = "basic", options: dict[str, int] | None = None) -> str:
    deal = {"preset": preset, "options": options or {"holes": 1}, "seats": seats, "seed": seed}
    text = base64.urlsafe_b64encode(json.dumps(deal).encode()).decode().rstrip("=")
    return f"#deal={text}"


@pytest.fixture(scope="module")
def motion(browser: Browser) -> Iterator[BrowserContext]:
    made = browser.new_context(viewport={"width": 1366, "height": 768}, **NO_SERVICE_WORKER)
    yield made
    made.close()


@pytest.fixture(scope="module")
def still(browser: Browser) -> Iterator[BrowserContext]:
    made = browser.new_context(viewport={"width": 1366, "height": 768}, reduced_motion="reduce", **NO_SERVICE_WORKER)
    yield made
    made.close()


def open_deal(
    context: BrowserContext, origin: str, seed: int, options: dict[str, int] | None = None, lang: str = "en"
) -> tuple[Page, list[str]]:
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(f"script error: {error}"))
    page.goto(f"{origin}{'/ja' if lang == 'ja' else ''}/play/{deal_link(seed, options=options)}")
    confirm = page.get_by_role("button", name="Start the new match" if lang == "en" else "新しいマッチを始める")
    page.wait_for_selector(f"{ROOT}[data-phase=opening], {ROOT} .golf-confirm", timeout=ENGINE_START_MS)
    if confirm.count():
        confirm.click()
    return page, problems


def open_draw_and_place(page: Page) -> None:
    """The opening's positions 1 and 5 by keys (each answered), a draw from the stock, and the drawn card put at
    the first place offered: the computers' replies follow."""
    for key in ("1", "5"):
        page.keyboard.press(key)
        page.wait_for_function(f"document.querySelector('{ROOT}').dataset.busy !== 'true'")
    settled(page, "draw")
    page.keyboard.press("d")
    settled(page, "holding")
    page.locator(".golf-seat--mine .golf-slot--target").first.click()


def table_seen(observation: dict[str, Any]) -> dict[str, Any]:
    """The opponents' labels and the discard pile's as the page draws them from the viewer's observation."""
    labels, held = [], []
    for seat, layout in enumerate(observation["layouts"]):
        if seat == observation["seat"]:
            continue
        for index, place in enumerate(layout, start=1):
            shown = card_name(place["card"]) if place["card"] and place["up"] else "face down"
            labels.append(f"Position {index}: {shown}")
        if observation["to_move"] == seat and observation["phase"] == "holding":
            held.append(f"In hand: {card_name(observation['held']) if observation['held'] else 'face down'}")
    top = observation["discard"][-1] if observation["discard"] else None
    return {"opponents": labels, "held": held, "discard": f"Discard pile: {card_name(top) if top else 'empty'}"}


def start_rect(travel: dict[str, Any]) -> list[float]:
    """Where a card in flight starts: its end rect moved and scaled by its first keyframe."""
    left, top, width, height = travel["end"]
    moved = travel["first"].replace("translate(", "").replace("scale(", "").replace(")", " ")
    dx, dy, sx, sy = (float(part.strip().removesuffix("px")) for part in moved.replace(",", " ").split())
    return [left + dx, top + dy, width * sx, height * sy]


def place_at(places: dict[str, list[float]], rect: list[float]) -> str | None:
    for place, where in places.items():
        if all(abs(a - b) <= 1.5 for a, b in zip(where, rect, strict=True)):
            return place
    return None


def play_turns_until_a_computer_swaps(page: Page) -> tuple[list[dict[str, Any]], list[tuple[int, int]]]:
    """The person draws and places at the first free spot; returns the snapshots and, per turn, the slice of
    the snapshots that turn took, until a computer has put a card into its layout."""
    page.evaluate(RECORDER)
    turns = []
    for _ in range(6):
        settled(page, "draw", "hole-over")
        if page.get_attribute(ROOT, "data-phase") != "draw":
            break
        page.keyboard.press("d")
        settled(page, "holding")
        first = page.evaluate("snaps.length")
        page.locator(".golf-seat--mine .golf-slot--target").first.click()
        settled(page, "draw", "flip", "hole-over")
        if page.get_attribute(ROOT, "data-phase") == "flip":
            page.locator(".golf-seat--mine .golf-slot--target").first.click()
            settled(page, "draw", "hole-over")
        if page.get_attribute(ROOT, "data-phase") == "hole-over":
            break  # the person's move ended the hole: no computer moved after it
        turns.append((first, page.evaluate("snaps.length")))
        landed = [place_at(s["places"], t["end"]) or "" for s in page.evaluate("snaps")[first:] for t in s["travels"]]
        if any(place.startswith(("slot-1-", "slot-2-")) for place in landed):
            break
    assert turns, "no turn of the person was followed by the computers' moves"
    return page.evaluate("snaps"), turns


def test_the_computers_moves_show_one_table_at_a_time_each_the_viewers_own_view_then(
    motion: BrowserContext, origin: str
) -> None:
    page, problems = open_deal(motion, origin, seed=11)
    for key in ("1", "5"):
        page.keyboard.press(key)
        page.wait_for_function(f"document.querySelector('{ROOT}').dataset.busy !== 'true'")
    snaps, turns = play_turns_until_a_computer_swaps(page)
    save = json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))["match"]
    match = Match.from_save(save)
    assert match.players == 3
    # The tables the viewer could see, at every point of the log, in order.
    tables = [table_seen(Match.from_save({**save, "actions": save["actions"][:k]}).observation(0).to_dict())
              for k in range(len(save["actions"]) + 1)]  # fmt: skip
    travelled: set[tuple[str, str]] = set()
    for first, last in turns:
        shown = [s for s in snaps[first:last] if s["opponents"]]
        steps = []
        earlier: dict[str, list[float]] = {}  # where the cards were drawn on the table shown before
        for snap in shown:
            table = {key: snap[key] for key in ("opponents", "held", "discard")}
            assert table in tables, f"a table the viewer never saw: {table}"
            steps.append(max(k for k, seen in enumerate(tables) if seen == table))
            for travel in snap["travels"]:
                if travel["text"]:
                    assert travel["text"] in snap["faces"]  # a card in flight is a card on the table now
                if travel["first"]:
                    start = place_at(earlier, start_rect(travel)) or place_at(snap["places"], start_rect(travel))
                    travelled.add((start or "?", place_at(snap["places"], travel["end"]) or "?"))
            earlier = snap["places"]
        assert steps == sorted(steps), "the tables were shown out of order"
        intermediate = {json.dumps([s["opponents"], s["held"], s["discard"]]) for s in shown if s["replay"]}
        assert len(intermediate) >= 2, "the computers' moves were not shown one at a time"
    # A card travels from a pile to a hand, from a hand to a position and from that position to the discard.
    assert {("stock", "held-1"), ("stock", "held-2"), ("discard", "held-1"), ("discard", "held-2")} & travelled
    assert any(start.startswith("held-") and end.startswith("slot-") for start, end in travelled), travelled
    assert any(start.startswith("slot-") and end == "discard" for start, end in travelled)
    assert "?" not in {place for pair in travelled for place in pair}, travelled
    assert problems == []


def test_a_key_ends_the_showing_at_once_and_reduced_motion_moves_nothing(
    motion: BrowserContext, still: BrowserContext, origin: str
) -> None:
    page, problems = open_deal(motion, origin, seed=11)
    open_draw_and_place(page)
    page.wait_for_function(f"document.querySelector('{ROOT}').dataset.replay")  # the computers' moves showing
    page.keyboard.press("d")  # the person's draw is taken at once: the showing ends, the draw goes to the engine
    settled(page, "holding")
    assert page.locator(".golf-travel__card").count() == 0
    assert page.locator(".golf-held").count() == 1

    calm, more = open_deal(still, origin, seed=11)
    calm.evaluate(RECORDER)
    open_draw_and_place(calm)
    settled(calm, "draw", "hole-over")
    snaps = calm.evaluate("snaps")
    assert any(s["replay"] for s in snaps)  # the moves are still shown one table at a time
    assert all(s["travels"] == [] and s["animations"] == 0 for s in snaps)  # but nothing moves
    assert problems == [] and more == []


# What the prompt, the log, the actions and the side show at every change of the prompt or of data-replay.
PROMPT_RECORDER = """() => {
  window.prompts = [];
  const root = document.querySelector('#golf-match');
  const text = (selector) => (document.querySelector(selector) || {}).textContent || '';
  const take = () => prompts.push({ replay: root.dataset.replay || null, phase: root.dataset.phase, prompt: text('.golf-prompt'),
    log: text('.golf-log'), hole: text('.golf-toolbar__hole'),
    actions: [...document.querySelectorAll('.golf-actions button')].map((b) => b.textContent),
    result: Boolean(document.querySelector('.golf-side caption') &&
      [...document.querySelectorAll('.golf-side caption')].some((c) => /Hole result|ホールの結果/.test(c.textContent))) });
  new MutationObserver(take).observe(root, { childList: true, subtree: true, characterData: true, attributes: true,
                                             attributeFilter: ['data-replay'] });
}"""
SKIP = " Press Enter, click or tap to skip to the end."
COMPUTERS = ("Computer 2 (Hard)", "Computer 3 (Normal)")


def test_the_prompt_names_the_mover_while_the_moves_are_shown_and_the_end_of_a_hole_waits_for_the_showing(
    motion: BrowserContext, origin: str
) -> None:
    # A turn limit of three turns: the person's first turn and the two computers' end the first of two holes, so
    # the showing of that answer ends the hole.
    page, problems = open_deal(motion, origin, seed=11, options={"holes": 2, "turn_limit": 3})
    page.wait_for_selector(f"{ROOT} [data-state=ready]", state="attached", timeout=ENGINE_START_MS)
    settled(page, "opening")  # the engine deals: the computers' opening choices come with the person's last one
    page.evaluate(PROMPT_RECORDER)
    for key in ("1", "5"):
        page.keyboard.press(key)
        page.wait_for_function(f"document.querySelector('{ROOT}').dataset.busy !== 'true'")
    settled(page, "draw")
    opening = page.evaluate("prompts")
    assert page.text_content(".golf-prompt") == "Draw from the stock (D) or take the discard (P)."
    page.keyboard.press("d")
    settled(page, "holding")
    page.evaluate("prompts.length = 0")
    page.locator(".golf-seat--mine .golf-slot--target").first.click()
    page.wait_for_function(f"Number(document.querySelector('{ROOT}').dataset.replay) >= 3")
    page.keyboard.press("Enter")  # ends the showing, and only that: the person has not seen the hole's end yet
    settled(page, "hole-over")
    assert page.text_content(".golf-toolbar__hole") == "Hole 1 of 2"
    ending = page.evaluate("prompts")

    shown = [snap for snap in opening + ending if snap["replay"]]
    named = set()
    for snap in shown:
        if snap["log"].startswith("You "):
            assert snap["prompt"] == "Your move, then the others' moves." + SKIP, snap
            continue
        name = snap["prompt"].removesuffix(" is playing." + SKIP)
        assert name in COMPUTERS and snap["log"].startswith(name + " "), snap
        named.add(name)
    assert named == set(COMPUTERS), "the prompt did not name each computer as it moved"
    hole_end = [snap for snap in ending if snap["replay"] and snap["phase"] == "hole-over"]
    assert hole_end, "the answer that ended the hole was not shown move by move"
    for snap in hole_end:  # the end of the hole waits for the showing's end
        assert not snap["result"] and not snap["prompt"].startswith("Hole over"), snap
        assert "Next hole (Enter)" not in snap["actions"] and not any("Review" in a for a in snap["actions"]), snap
    final = ending[-1]
    assert final["replay"] is None and final["prompt"].startswith("Hole over: ") and final["result"]
    assert "Next hole (Enter)" in final["actions"]
    assert page.evaluate("document.activeElement !== document.body")

    # In Japanese, in the same context (the engine's snapshot restores): the opening's computers named.
    ja, more = open_deal(motion, origin, seed=11, options={"holes": 2, "turn_limit": 3}, lang="ja")
    ja.wait_for_selector(f"{ROOT} [data-state=ready]", state="attached", timeout=ENGINE_START_MS)
    settled(ja, "opening")
    ja.evaluate(PROMPT_RECORDER)
    for key in ("1", "5"):
        ja.keyboard.press(key)
        ja.wait_for_function(f"document.querySelector('{ROOT}').dataset.busy !== 'true'")
    settled(ja, "draw")
    ja_names = set()
    for snap in ja.evaluate("prompts"):
        if snap["replay"] and not snap["log"].startswith("あなた"):
            name = snap["prompt"].removesuffix(
                "の手番です。クリックかタップ（またはEnterキー）で、動きの表示を飛ばせます。"
            )
            assert name in ("コンピューター2（つよい）", "コンピューター3（ふつう）") and snap["log"].startswith(
                name
            ), snap
            ja_names.add(name)
    assert ja_names, "no computer's move was named while shown"
    assert ja.text_content(".golf-prompt") == "山札から引くか（D）、捨て札を取ってください（P）。"
    assert problems == [] and more == []


# Every value data-replay takes (the step of a reply being shown), and the log's lines after each answer.
REPLAY_RECORDER = """() => {
  window.steps = [];
  const root = document.querySelector('#golf-match');
  new MutationObserver(() => { if (root.dataset.replay) steps.push(root.dataset.replay); })
    .observe(root, { attributes: true, attributeFilter: ['data-replay'] });
}"""


def test_moves_at_once_is_a_kept_choice_that_shows_a_reply_whole(context: BrowserContext, origin: str) -> None:
    """The toolbar's "Show the computers' moves at once": off on a first visit, kept in this browser, and then a
    computer's reply is drawn as its final table, never one move at a time, with each of its moves in the log."""
    page = context.new_page()
    page.goto(f"{origin}/play/")
    box = page.get_by_label("Show the computers' moves at once")
    assert not box.is_checked()
    box.check()
    page.reload()
    assert page.get_by_label("Show the computers' moves at once").is_checked()
    page.close()
    page, problems = open_deal(context, origin, seed=11, options={"holes": 1})
    page.wait_for_selector(f"{ROOT} [data-state=ready]", state="attached", timeout=ENGINE_START_MS)
    settled(page, "opening")
    page.evaluate(REPLAY_RECORDER)
    open_draw_and_place(page)
    settled(page, "draw", "flip", "hole-over")
    log = page.inner_text(".golf-log")
    assert all(name in log for name in COMPUTERS), log  # every move of the reply, not only the last one
    assert page.evaluate("steps") == []  # no table of theirs was shown move by move
    assert problems == []
