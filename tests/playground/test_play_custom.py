"""The Play page's Custom panel in Chromium: the optional flip after a discard (offered, and played with the Skip
button and keys), the knock options shown only with knocking on, a second Start at the panel's end, and "Print
these rules" printing the preset's holes unless the person chose a number (browser trial A-03, A-17; seed audit
001-N01). What the page must show is read from the engine on CPython, never written out here.
"""

from __future__ import annotations

import html as html_text
import json
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from sixcardgolf import load_preset
from sixcardgolf.option_text import describe_option_value
from sixcardgolf.text.describe import describe_rules
from support.browser import NO_SERVICE_WORKER
from support.play_page import wait_phase
from support.playground import ENGINE_START_MS, SAVE_KEY

KNOCK_OPTIONS = ("#opt-knock_penalty", "#opt-knock_reward_zero")


@pytest.fixture
def page(browser: Browser, origin: str) -> Iterator[Page]:
    context: BrowserContext = browser.new_context(
        viewport={"width": 1366, "height": 768}, locale="en-GB", **NO_SERVICE_WORKER
    )
    made = context.new_page()
    errors: list[str] = []
    made.on("pageerror", lambda error: errors.append(str(error)))
    yield made
    context.close()
    assert errors == []


def open_custom(page: Page, origin: str, lang: str = "en") -> None:
    page.goto(f"{origin}/{'ja/' if lang == 'ja' else ''}play/")
    # The page may draw its form again when the engine is ready: choose the options after that.
    page.wait_for_selector(".golf-engine[data-state=ready]", state="attached", timeout=ENGINE_START_MS)
    page.wait_for_selector(".golf-custom")
    if not page.locator(".golf-custom").evaluate("details => details.open"):
        page.locator(".golf-custom summary").click()


def saved_match(page: Page) -> dict:
    return json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))["match"]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_custom_panel_offers_the_optional_flip_and_the_knock_options_only_with_knocking(
    page: Page, origin: str, lang: str
) -> None:
    open_custom(page, origin, lang)
    labels = dict(
        page.locator("#opt-flip_on_discard option").evaluate_all("options => options.map(o => [o.value, o.text])")
    )
    assert labels[json.dumps("optional")] == describe_option_value("flip_on_discard", "optional", lang)
    # Basic does not knock: its knock penalty and correct-knock reward are out of sight until knocking is ticked.
    assert not load_preset("basic").knock
    for control in KNOCK_OPTIONS:
        assert page.locator(control).is_hidden()
    page.check("#opt-knock")
    for control in KNOCK_OPTIONS:
        assert page.locator(control).is_visible()
    page.uncheck("#opt-knock")
    for control in KNOCK_OPTIONS:
        assert page.locator(control).is_hidden()
    # A preset that knocks shows them at once; one that does not hides them again.
    assert load_preset("four-card").knock
    page.select_option("#setup-preset", "four-card")
    page.locator(".golf-custom").evaluate("details => { details.open = true; }")
    for control in KNOCK_OPTIONS:
        assert page.locator(control).is_visible()
    page.select_option("#setup-preset", "speed")
    page.locator(".golf-custom").evaluate("details => { details.open = true; }")
    for control in KNOCK_OPTIONS:
        assert page.locator(control).is_hidden()


def test_a_match_with_the_optional_flip_is_started_from_the_panels_end_and_skips_or_flips(
    page: Page, origin: str
) -> None:
    open_custom(page, origin)
    page.select_option("#opt-flip_on_discard", json.dumps("optional"))
    again = page.locator(".golf-custom .golf-setup__start button")
    assert again.inner_text() == page.locator(".golf-setup > .golf-setup__start button").inner_text()
    # The second Start is the last thing in the open panel, after the print control.
    assert page.locator(".golf-custom > :last-child button").inner_text() == again.inner_text()
    again.click()
    wait_phase(page, "opening")
    page.keyboard.press("1")
    page.keyboard.press("5")
    wait_phase(page, "draw")
    assert saved_match(page)["rules"]["flip_on_discard"] == "optional"
    # Every face-down card is a target after a discard, and the flip may be skipped (button and key).
    page.keyboard.press("d")
    wait_phase(page, "holding")
    page.keyboard.press("x")
    wait_phase(page, "flip")
    hidden = page.locator(".golf-seat--mine [data-pos][aria-disabled=false]").evaluate_all(
        "buttons => buttons.map(b => b.dataset.pos)"
    )
    assert hidden == ["2", "3", "4", "6"]
    assert page.get_by_role("button", name="Skip flip (S)").is_visible()
    page.keyboard.press("s")
    wait_phase(page, "draw")
    actions = saved_match(page)["actions"]
    assert actions[4:7] == ["draw", "discard", "skip"]
    # The next time the flip is taken: position 3 turns up.
    page.keyboard.press("d")
    wait_phase(page, "holding")
    page.keyboard.press("x")
    wait_phase(page, "flip")
    page.keyboard.press("3")
    wait_phase(page, "draw", "hole-over")
    mine = len(actions) + 3
    assert saved_match(page)["actions"][len(actions) : mine] == ["draw", "discard", "flip 3"]


def sheet_text(page: Page) -> str:
    """Press Print these rules in the Custom panel; the sheet's words, tags removed and whitespace squashed."""
    control = ".golf-custom .golf-print"
    page.click(f"{control} .golf-print__button")
    page.wait_for_function(
        "c => ['ready', 'failed'].includes(document.querySelector(c).dataset.state)",
        arg=control,
        timeout=ENGINE_START_MS,
    )
    assert page.get_attribute(control, "data-state") == "ready", page.inner_text(f"{control} .golf-print__status")
    markup = page.locator("iframe.golf-print-frame").get_attribute("srcdoc") or ""
    return squash(html_text.unescape(re.sub(r"<[^>]+>", " ", markup)))


def squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def holes_statement(holes: int | None, lang: str = "en") -> str:
    rules = load_preset("basic")
    if holes is not None:
        rules = rules.with_options({"holes": holes})
    return squash(next(s.text for s in describe_rules(rules, lang) if s.key == "holes"))


def test_print_these_rules_from_a_fresh_form_prints_the_presets_holes_unless_some_were_chosen(
    page: Page, origin: str
) -> None:
    open_custom(page, origin)
    first_game = int(page.input_value("#setup-holes"))
    assert first_game != load_preset("basic").holes  # the first-game advice is not the preset's match length
    page.select_option("#opt-flip_on_discard", json.dumps("optional"))
    text = sheet_text(page)
    assert holes_statement(None) in text and holes_statement(first_game) not in text
    optional = load_preset("basic").with_options({"flip_on_discard": "optional"})
    flip = next(s.text for s in describe_rules(optional, "en") if s.key == "flip_on_discard")
    assert squash(flip) in text  # the printed sheet states the optional flip
    # A number the person chose is printed.
    page.select_option("#setup-holes", "3")
    assert holes_statement(3) in sheet_text(page)
