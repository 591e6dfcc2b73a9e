"""MkDocs hook: language alternates that search engines can use and that cost the browser nothing.

A page's alternate languages are told to search engines in sitemap.xml (an <xhtml:link hreflang> for every page
in every language, written by mkdocs-static-i18n), never as <link rel="alternate" hreflang> in the page head:
- hreflang links must be absolute URLs, which the build only knows when it is given the site's address
  (GOLF_SITE_URL, read by mkdocs.yml as site_url); relative ones, as the theme writes them, are invalid;
- the theme's script fetches "sitemap.xml" next to every such link, and next to a page's own address there is
  none: two failed requests, and two console errors, on every page.
Without a site address there is no valid sitemap either (its URLs would read "None..."), so none is shipped; the
language menu in the header links each page to its counterpart either way.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

_HEAD_ALTERNATE = re.compile(r'\s*<link rel="alternate" href="[^"]*" hreflang="[^"]*">')
SITEMAPS = ("sitemap.xml", "sitemap.xml.gz")


def on_post_page(output: str, page: Any, config: Any) -> str:
    head_end = output.find("</head>")
    return _HEAD_ALTERNATE.sub("", output[:head_end]) + output[head_end:]


def on_post_build(config: Any) -> None:
    if config.site_url:
        return
    for name in SITEMAPS:
        (Path(config.site_dir) / name).unlink(missing_ok=True)
