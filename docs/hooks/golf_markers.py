"""MkDocs hook: replace `<!-- golf:... -->` markers with content generated from the engine.

Registered in mkdocs.yml (`hooks:`). mkdocs-static-i18n runs the build once per language, so every
event here runs once per language and must give the same result each time (no state carried over
except the list of printables to copy, which is rebuilt for each language).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

# MkDocs puts this file's folder on sys.path while it loads the hook: the helpers live beside it.
import golfsite  # noqa: F401  (importing the package registers every marker)
from golfsite.markers import Context, MarkerError, replace_markers
from golfsite.printables import copy_into_site, printables_dir
from mkdocs.exceptions import PluginError

LANGUAGES = ("en", "ja")
_printables_to_copy: list[Path] = []


def _repo_root(config: Any) -> Path:
    return Path(config.config_file_path).resolve().parent


def _language(page: Any, config: Any) -> str:
    lang = getattr(page.file, "locale", None) or config.theme["language"]
    if lang not in LANGUAGES:
        raise PluginError(f"page {page.file.src_uri}: language {lang!r} is not one of {', '.join(LANGUAGES)}")
    return str(lang)


def on_pre_build(config: Any) -> None:
    _printables_to_copy.clear()


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    root = _repo_root(config)
    ctx = Context(
        lang=_language(page, config),
        page=page.file.src_uri,
        url=page.url,
        repo_root=root,
        printables_dir=printables_dir(root),
    )
    try:
        result = replace_markers(markdown, ctx)
    except MarkerError as error:
        raise PluginError(str(error)) from None
    _printables_to_copy.extend(ctx.used_printables)
    return result


_SEARCH_DIALOG = '<div class="md-search" data-md-component="search" role="dialog">'
_SEARCH_NAME = {"en": "Search", "ja": "検索"}


def on_post_page(output: str, page: Any, config: Any) -> str:
    """Give the theme's search dialog an accessible name (it has role="dialog" and none), in the page's language."""
    name = _SEARCH_NAME[_language(page, config)]
    return output.replace(_SEARCH_DIALOG, _SEARCH_DIALOG.replace('role="dialog"', f'role="dialog" aria-label="{name}"'))


def on_post_build(config: Any) -> None:
    if _printables_to_copy:
        copy_into_site(_printables_to_copy, Path(config.site_dir))
