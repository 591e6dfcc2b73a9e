"""Take the README's two images again from the built site (`make build` first):

    .venv/bin/python screenshots/make.py

play.png: the Play page in Chromium at 1366x768, three players (two computer players), a few turns into a
hole, a drawn card in hand. rule-sheet.png: the basic game's English A4 rule sheet, rendered by pdftoppm.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO / "tests"))

from support.browser import chromium, served  # noqa: E402  (the tests' harness: tests/support)
from support.play_page import wait_phase  # noqa: E402


def play_page() -> None:
    with served(REPO / "site") as origin, chromium() as browser:
        page = browser.new_page(viewport={"width": 1366, "height": 768})
        page.goto(f"{origin}/play/")
        page.wait_for_selector(".golf-setup")
        page.check("#mode-computer")
        page.select_option("#setup-players", "3")
        page.select_option("#setup-preset", "basic")
        page.click(".golf-setup button[type=submit]")
        wait_phase(page, "opening")
        for position in (1, 5):
            page.keyboard.press(str(position))
        for _ in range(3):  # three turns: draw, then keep the card in the first place offered
            wait_phase(page, "draw")
            page.click("[data-pile=stock]")
            wait_phase(page, "holding")
            page.locator(".golf-slot--target").first.click()
        wait_phase(page, "draw")
        page.click("[data-pile=stock]")
        wait_phase(page, "holding")
        page.evaluate("window.scrollTo(0, 0)")
        page.wait_for_timeout(1000)  # the header's title fades back from the page's name to the site's
        page.screenshot(path=str(HERE / "play.png"))


def rule_sheet() -> None:
    pdf = REPO / "build" / "printables" / "rules-basic-en-a4.pdf"
    subprocess.run(["pdftoppm", "-png", "-r", "60", "-singlefile", str(pdf), str(HERE / "rule-sheet")], check=True)


if __name__ == "__main__":
    play_page()
    rule_sheet()
