"""MkDocs hook: a search index for each language, so that a search finds pages in the language of the page it
is typed on (browser-trial A-09: English results for "knock" included Japanese pages).

mkdocs-static-i18n (1.3) builds the languages one after the other and, at the very end, writes the entries of
every language into one `search/search_index.json`; it has no setting that keeps them apart (its
`reconfigure_search` only adds each language to the search plugin's `lang` and drops duplicated pages). The
theme's script fetches `search/search_index.json` from the page's `base` (its `__config`) and resolves every
result's location against that same base. So, once the plugin has written the joint index, this hook splits it:
the English entries stay in `search/search_index.json`, the Japanese ones go to `ja/search/search_index.json`
with their `ja/` prefix dropped, and every Japanese page's `base` points at `ja/`. Nothing else of the theme reads
`base` on this site (its instant navigation and version menu are off).

Every page's `search` (the theme's search worker) also becomes the site's wrapper of it,
`assets/javascripts/workers/golf-search.js` (from docs/assets/..., the theme's worker's file name written into it
here), which builds the index when the page says so (once it has loaded, or when the search field is opened)
rather than while the page starts.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

INDEX = Path("search") / "search_index.json"
SECONDARY = "ja"  # the language built under its own folder; the default one (English) is at the root
_CONFIG_BASE = re.compile(r'(<script id="__config" type="application/json">\{[^<]*?"base": ")([^"]*)(")')
_CONFIG_SEARCH = re.compile(r'(<script id="__config" type="application/json">\{[^<]*?"search": "[^"]*?/workers/)'
                            r'(search\.[0-9a-f]+\.min\.js)(")')  # fmt: skip
WORKERS = Path("assets") / "javascripts" / "workers"
SEARCH_WRAPPER = "golf-search.js"  # docs/assets/javascripts/workers/golf-search.js
THEME_WORKER_MARK = "__THEME_SEARCH_WORKER__"  # in the wrapper, where the theme's worker's file name goes


def _language(page: Any, config: Any) -> str:
    return str(getattr(page.file, "locale", None) or config.theme["language"])


def _rebase(output: str, where: str) -> str:
    """The page's theme configuration with `base` moved to the Japanese folder (`../..` becomes `../../ja/`)."""
    found = _CONFIG_BASE.search(output)
    if found is None:
        raise PluginError(f"search: {where} has no theme configuration with a base to point at {SECONDARY}/")
    base = found[2]
    stem = base.rstrip("/")
    if stem in ("", "."):  # the 404 page's absolute "/" (it is served at any address), or the root itself
        moved = f"/{SECONDARY}/" if base.startswith("/") else f"{SECONDARY}/"
    else:
        moved = f"{stem}/{SECONDARY}/"
    return output[: found.start(2)] + moved + output[found.end(2) :]


def _wrap_search_worker(output: str, where: str) -> str:
    """The page's theme configuration with the search worker replaced by the site's wrapper of it."""
    found = _CONFIG_SEARCH.search(output)
    if found is None:
        raise PluginError(f"search: {where} has no theme configuration naming the theme's search worker")
    return output[: found.start(2)] + SEARCH_WRAPPER + output[found.end(2) :]


def on_post_page(output: str, page: Any, config: Any) -> str:
    output = _wrap_search_worker(output, page.file.src_uri)
    return _rebase(output, page.file.src_uri) if _language(page, config) == SECONDARY else output


def on_post_template(output: str, template_name: str, config: Any) -> str:
    """The 404 pages search through the wrapper too, and the Japanese one (written to ja/404.html by golf_markers,
    which runs after this hook) in Japanese."""
    if template_name != "404.html":
        return output
    output = _wrap_search_worker(output, "404.html")
    return _rebase(output, "404.html") if config.theme["language"] == SECONDARY else output


@event_priority(-110)  # after mkdocs-static-i18n's on_post_build (-100), which writes the joint index last
def on_post_build(config: Any) -> None:
    i18n = config.plugins.get("i18n")
    if i18n is not None and getattr(i18n, "building", False):
        return  # one language's build inside the plugin's own loop: the joint index is not written yet
    site = Path(config.site_dir)
    joint = json.loads((site / INDEX).read_text(encoding="utf-8"))
    prefix = f"{SECONDARY}/"
    default = [doc for doc in joint["docs"] if not doc["location"].startswith(prefix)]
    secondary = [
        {**doc, "location": doc["location"].removeprefix(prefix)}
        for doc in joint["docs"]
        if doc["location"].startswith(prefix)
    ]
    if not default or not secondary:
        raise PluginError(
            f"search: the joint index {INDEX} has {len(default)} English and {len(secondary)} Japanese entries; "
            "expected both (did mkdocs-static-i18n change how it writes the index?)"
        )
    _write(site / INDEX, {**joint, "docs": default})
    _write(site / SECONDARY / INDEX, {**joint, "docs": secondary})
    _name_theme_worker(site / WORKERS)


def _name_theme_worker(workers: Path) -> None:
    """Write the theme's search worker's file name (it carries a content hash) into the site's wrapper of it."""
    theme = sorted(path.name for path in workers.glob("search.*.min.js"))
    wrapper = workers / SEARCH_WRAPPER
    if len(theme) != 1 or not wrapper.is_file():
        raise PluginError(f"search: expected one theme search worker and {SEARCH_WRAPPER} in {workers}, found {theme}")
    text = wrapper.read_text(encoding="utf-8")
    if THEME_WORKER_MARK not in text:
        raise PluginError(f"search: {wrapper} has no {THEME_WORKER_MARK} to replace")
    # A replace, not a template: the wrapper is a script the theme's worker is loaded by, and the name it needs is one
    # marked word known only once the theme has written its hashed file.
    wrapper.write_text(text.replace(THEME_WORKER_MARK, theme[0]), encoding="utf-8")


def _write(path: Path, index: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
