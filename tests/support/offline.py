"""The service worker's side of the browser tests: wait for an async condition, read what the caches hold, and
a copy of the built site on its own server that a test may rebuild under a running page."""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Page

from support.browser import served

CACHED_FILES = """async () => {
  const out = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) out.push(new URL(request.url).pathname);
  }
  return out;
}"""
"""The path of every file in every cache of the page's origin (an async function for page.evaluate)."""


def poll(page: Page, expression: str, timeout_s: float = 60) -> None:
    """Wait until an async expression is true (page.wait_for_function does not wait for a promise)."""
    deadline = time.monotonic() + timeout_s
    while not page.evaluate(expression):
        assert time.monotonic() < deadline, f"still false after {timeout_s} s: {expression}"
        page.wait_for_timeout(300)


def wait_for_cached(page: Page, path_part: str, timeout_s: float = 60) -> None:
    """Wait until a cached file's path contains `path_part`."""
    poll(page, f"({CACHED_FILES})().then(files => files.some(f => f.includes({path_part!r})))", timeout_s)


@contextmanager
def served_copy(site: Path, folder: Path) -> Iterator[tuple[Path, str]]:
    """A copy of the built `site` in `folder` (hard links: cheap) on its own server: (the copy, its origin)."""
    copy = folder / "site"
    shutil.copytree(site, copy, copy_function=os.link)
    with served(copy) as origin:
        yield copy, origin


def rebuild(site: Path) -> None:
    """What a new build does to a served copy: a page changed (the FAQ's title ends "(rebuilt)"), and sw.js with
    the new manifest."""
    from mkdocs_hook import _write_service_worker  # the playground's build hook (playground/ is on the path)

    faq = site / "faq" / "index.html"
    text = faq.read_text(encoding="utf-8")
    faq.unlink()  # a hard link: write a new file, not through the link into the real site
    faq.write_text(text.replace("</h1>", " (rebuilt)</h1>", 1), encoding="utf-8")
    (site / "sw.js").unlink()
    _write_service_worker(site)
