"""MkDocs hook: the site as an app people can install, one web app manifest per language and its icons.

The manifests (`manifest.webmanifest` at the root, `ja/manifest.webmanifest`) use relative URLs only, so the app
works from any sub-folder the site is served from; the installed app opens on the Play page of its language.
The icons are drawn here at build time with Pillow (which WeasyPrint already needs): two cards of one column, the
game's pair, on the site's theme colour, read from the site's stylesheet so the colour is written once. Both
the manifests and the icons are written before the playground's hook lists the site for its service worker
(priority -120), so they are precached and the app opens offline like the site. overrides/main.html links them.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from mkdocs.plugins import event_priority
from PIL import Image, ImageDraw

from sixcardgolf.messages import text

STYLESHEET = Path(__file__).resolve().parents[1] / "stylesheets" / "golf.css"
_PRIMARY = re.compile(r"--md-primary-fg-color:\s*(#[0-9a-fA-F]{6})\s*;")
ICONS = "assets/app"
MANIFEST = "manifest.webmanifest"
FOLDERS = {"en": "", "ja": "ja/"}  # where each language's pages are, from the site's root
SIZES = (192, 512)
APPLE_SIZE = 180
SUPERSAMPLE = 4  # drawn larger, then scaled down: smooth edges without an antialiasing library
RED = (198, 40, 40)
WHITE = (255, 255, 255)


def theme_color() -> str:
    """The site's primary colour, as the stylesheet sets it for the theme."""
    found = _PRIMARY.search(STYLESHEET.read_text(encoding="utf-8"))
    if not found:
        raise ValueError(f"{STYLESHEET}: no --md-primary-fg-color: #rrggbb; to take the app's colour from")
    return found.group(1).lower()


def on_config(config: Any) -> Any:
    """The colour and the folder of the icons, for the page head (overrides/main.html)."""
    config["extra"]["app"] = {"theme_color": theme_color(), "icons": ICONS, "manifest": MANIFEST}
    return config


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def draw_icon(size: int, colour: str, *, full_bleed: bool, safe: float) -> Image.Image:
    """Two cards, one above the other (a column pair), each with a red diamond, on `colour`. `full_bleed`: the
    background fills the square (maskable and Apple icons, which the system rounds or masks); otherwise a rounded
    square on transparency. `safe`: the share of the side the cards may use (a maskable icon's safe zone is the
    central circle of 80 %)."""
    big = size * SUPERSAMPLE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    pen = ImageDraw.Draw(image)
    if full_bleed:
        pen.rectangle((0, 0, big, big), fill=_rgb(colour))
    else:
        pen.rounded_rectangle((0, 0, big - 1, big - 1), radius=big // 5, fill=_rgb(colour))
    box = big * safe  # the cards' area, centred
    card_h = box * 0.46
    card_w = card_h * 0.72
    gap = box * 0.06
    left = (big - card_w) / 2
    top = (big - (2 * card_h + gap)) / 2
    for row in range(2):
        y = top + row * (card_h + gap)
        pen.rounded_rectangle((left, y, left + card_w, y + card_h), radius=card_w * 0.12, fill=WHITE)
        cx, cy, r = left + card_w / 2, y + card_h / 2, card_h * 0.26
        pen.polygon([(cx, cy - r), (cx + r * 0.72, cy), (cx, cy + r), (cx - r * 0.72, cy)], fill=RED)
    return image.resize((size, size), Image.Resampling.LANCZOS)


def write_icons(folder: Path, colour: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        draw_icon(size, colour, full_bleed=False, safe=0.86).save(folder / f"icon-{size}.png", optimize=True)
    draw_icon(512, colour, full_bleed=True, safe=0.62).save(folder / "icon-maskable-512.png", optimize=True)
    apple = draw_icon(APPLE_SIZE, colour, full_bleed=True, safe=0.74).convert("RGB")  # iOS draws no transparency
    apple.save(folder / "apple-touch-icon.png", optimize=True)


def manifest(lang: str, colour: str) -> dict[str, Any]:
    """The web app manifest of `lang`, every URL relative to the manifest's own place."""
    up = "../" * FOLDERS[lang].count("/")

    def icon(name: str, size: int, purpose: str) -> dict[str, str]:
        return {"src": f"{up}{ICONS}/{name}", "sizes": f"{size}x{size}", "type": "image/png", "purpose": purpose}

    return {
        "name": text("term.game", lang),
        "short_name": text("term.game_short", lang),
        "lang": lang,
        "dir": "ltr",
        "id": "./",
        "start_url": "play/",
        "scope": "./",
        "display": "standalone",
        "theme_color": colour,
        "background_color": colour,
        "icons": [
            *(icon(f"icon-{size}.png", size, "any") for size in SIZES),
            icon("icon-maskable-512.png", 512, "maskable"),
        ],
    }


# After mkdocs-static-i18n (-100) has written every language; before the playground's hook (-120) lists the site
# for the service worker's precache.
@event_priority(-115)
def on_post_build(config: Any) -> None:
    site = Path(config["site_dir"])
    colour = theme_color()
    write_icons(site / ICONS, colour)
    for lang, folder in FOLDERS.items():
        target = site / folder / MANIFEST
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(manifest(lang, colour), ensure_ascii=False, indent=1), encoding="utf-8")
