"""Crafted links and odd requests in Chromium: an error in the page's language, never a dead page or a hang
(reliability-review.md findings #6, #7 and #9; japanese-review.md S2-6).

A share link with an unknown computer level used to replace the Play page with a script error; options nested
1,500 levels deep never reached the engine's worker (a message Chromium cannot hand over), so the Play page and
the calculator waited for ever; a bad value for the alias values.T showed a Python traceback.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from support.browser import NO_SERVICE_WORKER
from support.playground import ENGINE_START_MS

LAYOUT = "8H KS 2D / 8C AS 5H"
LAYOUT2 = "QH QS 3D / 4C 9S 7H"  # the calculator scores a table of two
DEEP = '{"a":' * 1_500 + "1" + "}" * 1_500
ANSWERED_MS = 15_000  # "within seconds" once the engine has started (the engine itself answers in milliseconds)


def deal_link(deal: dict[str, object] | str) -> str:
    text = deal if isinstance(deal, str) else json.dumps(deal)
    return "#deal=" + base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def prefix(lang: str) -> str:
    return "ja/" if lang == "ja" else ""


@pytest.fixture
def page(context: BrowserContext) -> Iterator[Page]:
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    assert errors == [], errors


def shown_error(page: Page, timeout: int = ENGINE_START_MS) -> str:
    page.wait_for_selector(".golf-error:not([hidden])", timeout=timeout)
    return page.locator(".golf-error").first.inner_text()


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "This link does not describe a deal: seat 2 is “godlike”, which is neither a person nor a computer "
               "level (Easy, Normal, Hard)."),
        ("ja", "このリンクからは配札を読み取れません。2番目の席の「godlike」は、人でもコンピューターの強さ"
               "（やさしい、ふつう、つよい）でもありません。"),
    ],
)  # fmt: skip
def test_an_unknown_level_in_a_share_link_is_an_error_beside_the_setup_form(
    page: Page, origin: str, lang: str, expected: str
) -> None:
    link = deal_link({"preset": "basic", "options": {"holes": 1}, "seats": ["human", "godlike"], "seed": 1})
    page.goto(f"{origin}/{prefix(lang)}play/{link}")
    assert shown_error(page) == expected
    page.wait_for_selector(".golf-setup")  # the page still works: a match can be started from the form


def test_a_link_naming_a_game_the_site_lacks_says_so_in_japanese(page: Page, origin: str) -> None:
    """japanese-review.md S2-6 and §4 row 3: no raw English or JSON in the Japanese message."""
    page.goto(f"{origin}/ja/play/{deal_link({'preset': 'foo', 'seats': ['human', 'normal'], 'seed': 1})}")
    assert shown_error(page) == (
        "このリンクからは配札を読み取れません。リンクが途中で切れているか、このサイトにないルール（foo）を指定しています。"
    )


def test_options_nested_1500_deep_are_answered_on_the_play_page_and_the_calculator(page: Page, origin: str) -> None:
    deal = '{"preset": "basic", "options": {"holes": 1, "x": ' + DEEP + '}, "seats": ["human", "normal"], "seed": 1}'
    page.goto(f"{origin}/play/{deal_link(deal)}")
    assert shown_error(page, ANSWERED_MS).startswith("This link does not describe a deal: it is ")
    page.wait_for_selector(".golf-setup")
    # The calculator reads its own link first (calculator-link.js): the deep options are left out, saying why,
    # and the layout is scored with the preset's rules.
    page.goto(f"{origin}/ja/calculator/#preset=basic&options={quote(DEEP)}&p1={quote(LAYOUT)}&p2={quote(LAYOUT2)}")
    note = page.locator(".golf-calc-link-note")
    note.wait_for(timeout=ENGINE_START_MS)
    assert "リンクのルール変更は使わずに表示しています" in note.inner_text()
    page.wait_for_selector("[data-total]", timeout=ENGINE_START_MS)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_bad_values_t_shows_the_engines_words_not_a_traceback(page: Page, origin: str, lang: str) -> None:
    words = "values.T = 'x' is not allowed" if lang == "en" else "「10の得点」に「x」は使えません"
    deal = {"preset": "basic", "options": {"holes": 1, "values.T": "x"}, "seats": ["human", "normal"], "seed": 1}
    page.goto(f"{origin}/{prefix(lang)}play/{deal_link(deal)}")
    message = shown_error(page)
    assert words in message and "Traceback" not in message, message
    options = quote(json.dumps({"values.T": "x"}))
    page.goto(
        f"{origin}/{prefix(lang)}calculator/#preset=basic&options={options}&p1={quote(LAYOUT)}&p2={quote(LAYOUT2)}"
    )
    note = page.locator(".golf-calc-link-note", has_text=words)  # the engine's reason: the change is left out
    note.wait_for(timeout=ENGINE_START_MS)
    assert "Traceback" not in note.inner_text()
    page.wait_for_selector("[data-total]", timeout=ENGINE_START_MS)  # and the calculator still scores


CALL_IN_ISOLATION = """async ([lang, params]) => {
  const { GolfEngine } = await import('/playground/engine-client.js');
  const { translator } = await import('/playground/texts.js');
  // GolfEngine.call alone, on an engine whose worker takes messages and never answers.
  const engine = Object.assign(Object.create(GolfEngine.prototype), {
    ready: Promise.resolve(), pending: new Map(), nextId: 1, t: translator(lang), callTimeoutMs: 300,
    worker: { postMessage() {} },
  });
  const request = params === 'cycle' ? (() => { const p = {}; p.self = p; return p; })() : params;
  const never = new Promise((resolve) => setTimeout(() => resolve('no answer and no rejection in 5 s'), 5000));
  try { return await Promise.race([engine.call('presets', request).then(() => 'answered'), never]); }
  catch (error) { return error.message; }
}"""


@pytest.mark.parametrize(
    ("lang", "params", "expected"),
    [
        ("en", {"lang": "en"}, "The rules engine did not answer within 0.3 seconds. Reload the page to start it again."),
        ("ja", {"lang": "ja"}, "ルールエンジンが0.3秒以内に応答しませんでした。"),
        ("en", "cycle", "This request could not be sent to the rules engine: it is nested too deeply or refers to itself."),
        ("ja", "cycle", "ルールエンジンに要求を送れませんでした。"),
    ],
)  # fmt: skip
def test_a_call_never_answered_or_never_sendable_rejects_in_the_pages_language(
    browser: Browser, origin: str, lang: str, params: object, expected: str
) -> None:
    opened = browser.new_page(**NO_SERVICE_WORKER)
    try:
        opened.goto(f"{origin}/{prefix(lang)}")  # any page: the module is imported on its own, no engine starts
        assert expected in opened.evaluate(CALL_IN_ISOLATION, [lang, params])
    finally:
        opened.close()
