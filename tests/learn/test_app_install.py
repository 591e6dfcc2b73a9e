"""The site as an installable app: one web app manifest per language (relative URLs, so it works from a
sub-folder; standalone; the theme's colour; the Play page as its start), icons made at build time at the sizes
they claim, every page's head linking its language's manifest, the service worker precaching them all; and
Chromium itself (a profile on disk, as installing needs), asked through the DevTools protocol (Page.getInstallabilityErrors), finds no installability
error on a page of either language once the service worker controls it (127.0.0.1 is a secure context)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from PIL import Image
from playwright.sync_api import Browser

from support.browser import CHROMIUM, CHROMIUM_ARGS
from support.playground import SITE

FOLDERS = {"en": "", "ja": "ja/"}


def test_each_language_has_a_manifest_of_relative_urls_with_real_icons() -> None:
    css = (SITE.parent / "docs" / "stylesheets" / "golf.css").read_text(encoding="utf-8")
    colour = re.search(r"--md-primary-fg-color:\s*(#[0-9a-fA-F]{6})", css).group(1).lower()  # type: ignore[union-attr]
    worker = (SITE / "sw.js").read_text(encoding="utf-8")
    for lang, folder in FOLDERS.items():
        path = SITE / folder / "manifest.webmanifest"
        data = json.loads(path.read_text(encoding="utf-8"))
        assert data["lang"] == lang and data["display"] == "standalone" and data["theme_color"] == colour
        assert data["name"] and data["short_name"]
        assert (
            not data["start_url"].startswith(("/", "http"))
            and (path.parent / data["start_url"] / "index.html").exists()
        )
        purposes = set()
        for icon in data["icons"]:
            assert not icon["src"].startswith(("/", "http"))
            file = (path.parent / icon["src"]).resolve()
            with Image.open(file) as image:
                assert f"{image.width}x{image.height}" == icon["sizes"]
            assert f'"{file.relative_to(SITE.resolve()).as_posix()}"' in worker  # precached
            purposes.add((icon["sizes"], icon["purpose"]))
        assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= purposes
        assert f'"{folder}manifest.webmanifest"' in worker
        for page in ("", "rules/", "play/", "learn/"):
            head = (SITE / folder / page / "index.html").read_text(encoding="utf-8").split("</head>")[0]
            linked = re.search(r'<link rel="manifest" href="([^"]+)"', head)
            assert linked, (lang, page)
            assert (SITE / folder / page / linked.group(1)).resolve() == path.resolve()
            touch = re.search(r'<link rel="apple-touch-icon" href="([^"]+)"', head)
            assert touch and (SITE / folder / page / touch.group(1)).exists()
            with Image.open(SITE / folder / page / touch.group(1)) as image:
                assert image.size == (180, 180)


def test_chromium_finds_the_app_installable_in_both_languages(browser: Browser, origin: str, tmp_path: Path) -> None:
    # A profile on disk: a context of the session's browser is incognito, where Chromium installs nothing.
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport={"width": 1366, "height": 768}
    )
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(f"{origin}/rules/")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    session = context.new_cdp_session(page)
    for lang, folder in FOLDERS.items():
        page.goto(f"{origin}/{folder}rules/")
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
        manifest = session.send("Page.getAppManifest")
        assert manifest["url"].endswith(f"/{folder}manifest.webmanifest") and not manifest.get("errors"), manifest
        errors = session.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == [], (lang, errors)
    context.close()
