"""'Print these rules' in a real browser (Debian's Chromium): the one-page rule sheet for exactly the rules on
screen, from the calculator's rules and from the Play page's Custom panel, made by the engine in Pyodide.

The sheet's frame is printed to PDF by Chromium itself (`page.pdf()` of the frame's document with its CSS page
size), then read back with pypdf: one page, the chosen paper, and the statements the engine (on CPython) gives
for the chosen options. One page per language stays open, so Pyodide starts once for each.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterator
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, Page

from printables import browser as sheet_door
from sixcardgolf import Rules, load_preset
from sixcardgolf.text.describe import describe_rules
from support.browser import NO_SERVICE_WORKER
from support.offline import wait_for_cached

ENGINE_MS = 120_000  # a first Pyodide start on a busy two-core machine
MM = 72 / 25.4
PAPER_PT = {"a4": (210 * MM, 297 * MM), "letter": (8.5 * 72, 11 * 72)}  # ISO 216 and US Letter, not the code's
# Options that change what the sheet says: pairs cancel anywhere, and negative pairs keep their value.
CHANGES = {"pairs": "anywhere", "negative_pairs_keep_value": True}


def squash(text: str) -> str:
    """Whitespace removed (lines wrap anywhere, in both scripts), one kind of minus sign, and NFKC: Chromium's
    PDFs map some CJK glyphs to their compatibility code points (a Kangxi radical ⼩ for 小)."""
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text)).replace("\u2212", "-")


def changed_statements(preset: str, changes: dict[str, object], lang: str) -> list[str]:
    """The engine's statements for these rules that the preset alone does not make."""
    before = {s.text for s in describe_rules(load_preset(preset), lang)}
    rules = Rules.from_dict(changes, base=load_preset(preset))
    return [s.text for s in describe_rules(rules, lang) if s.text not in before]


def pdf_text_and_pages(printer: Page, html: str) -> tuple[str, int, tuple[float, float]]:
    import io

    import pypdf

    printer.set_content(html)
    printer.evaluate("document.fonts.ready")
    reader = pypdf.PdfReader(io.BytesIO(printer.pdf(prefer_css_page_size=True, print_background=True)))
    box = reader.pages[0].mediabox
    return "\n".join(p.extract_text() for p in reader.pages), len(reader.pages), (float(box.width), float(box.height))


@pytest.fixture(scope="module")
def printer(browser: Browser) -> Iterator[Page]:
    page = browser.new_page()
    yield page
    page.close()


def print_sheet(page: Page, control: str, paper: str) -> tuple[str, int]:
    """Choose the paper, press Print these rules; the sheet's HTML and the step it was fitted at."""
    page.select_option(f"{control} .golf-print__paper", paper)
    page.click(f"{control} .golf-print__button")
    page.wait_for_function(
        "c => ['ready', 'failed'].includes(document.querySelector(c).dataset.state)", arg=control, timeout=ENGINE_MS
    )
    status = page.locator(f"{control} .golf-print__status").inner_text()
    assert page.locator(control).get_attribute("data-state") == "ready", status
    frame = page.locator("iframe.golf-print-frame")
    assert frame.get_attribute("data-paper") == paper
    return frame.get_attribute("srcdoc") or "", int(frame.get_attribute("data-step") or "-1")


def check_sheet(printer: Page, html: str, step: int, paper: str, lang: str, preset: str, changes: dict) -> None:
    text, pages, size = pdf_text_and_pages(printer, html)
    assert pages == 1, f"the {lang} {paper} sheet printed on {pages} pages"
    assert size == pytest.approx(PAPER_PT[paper], abs=1.0)
    expected = changed_statements(preset, changes, lang)
    assert expected, "the chosen options must change what the rules say"
    for statement in expected:
        assert squash(statement) in squash(text), f"missing from the printed sheet: {statement}"
    # Fitted: the roomier step the page did not choose would not have been one page in this browser.
    if step > 0:
        roomier = sheet_door.rule_sheet(
            {"preset": preset, "options": changes, "lang": lang, "paper": paper, "step": step - 1}
        )
        assert pdf_text_and_pages(printer, roomier["html"])[1] > 1, f"step {step - 1} also fits one page"


@pytest.fixture(scope="module")
def calculator(browser: Browser, origin: str) -> Iterator[Page]:
    page = browser.new_page(locale="en-US", **NO_SERVICE_WORKER)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    fragment = f"#preset=basic&options={quote(json.dumps(CHANGES))}&players=2"
    page.goto(f"{origin}/calculator/{fragment}")
    page.wait_for_selector(".golf-calc .golf-print__button")
    yield page
    assert not errors, errors
    page.close()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_calculators_rules_print_on_one_page_with_the_chosen_options(
    calculator: Page, printer: Page, paper: str
) -> None:
    html, step = print_sheet(calculator, ".golf-calc .golf-print", paper)
    check_sheet(printer, html, step, paper, "en", "basic", CHANGES)
    assert "Custom rules" in html


@pytest.fixture(scope="module")
def play_ja(browser: Browser, origin: str) -> Iterator[Page]:
    page = browser.new_page(locale="ja-JP", **NO_SERVICE_WORKER)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{origin}/ja/play/")
    # The page draws its form again when the engine is ready: choose the options after that.
    page.wait_for_selector(".golf-engine[data-state=ready]", state="attached", timeout=ENGINE_MS)
    page.wait_for_selector(".golf-custom")
    yield page
    assert not errors, errors
    page.close()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_play_pages_custom_panel_prints_these_rules_in_japanese(play_ja: Page, printer: Page, paper: str) -> None:
    if not play_ja.locator(".golf-custom").evaluate("details => details.open"):
        play_ja.locator(".golf-custom summary").click()
    play_ja.select_option("#opt-pairs", json.dumps("anywhere"))
    play_ja.check("#opt-negative_pairs_keep_value")
    html, step = print_sheet(play_ja, ".golf-custom .golf-print", paper)
    check_sheet(printer, html, step, paper, "ja", "basic", CHANGES)
    assert "カスタムルール" in html


def test_printing_works_offline_after_one_visit(browser: Browser, origin: str) -> None:
    """The kit is cached with the runtime: after one visit, a reload with the network off still prints."""
    context = browser.new_context(locale="en-GB")
    try:
        page = context.new_page()
        page.goto(f"{origin}/calculator/")
        page.wait_for_selector(".golf-engine[data-state=ready]", state="attached", timeout=ENGINE_MS)
        # The engine page asks the service worker to keep the runtime, the kit with it.
        wait_for_cached(page, "/pyodide/printables-sheet.zip", timeout_s=ENGINE_MS / 1000)
        context.set_offline(True)
        page.reload()
        html, _ = print_sheet(page, ".golf-calc .golf-print", "a4")  # en-GB: A4 is also the default
        assert "Six Card Golf" in html and "Basic" in html
    finally:
        context.close()
