"""MkDocs hook: replace `<!-- golf:... -->` markers with content generated from the engine.

Registered in mkdocs.yml (`hooks:`). mkdocs-static-i18n runs the build once per language, so every
event here runs once per language and must give the same result each time (no state carried over
except the list of printables to copy, which is rebuilt for each language).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

# MkDocs puts this file's folder on sys.path while it loads the hook: the helpers live beside it.
import golfsite  # noqa: F401  (importing the package registers every marker)
from golfsite.labels import text
from golfsite.markers import Context, MarkerError, replace_markers
from golfsite.printables import copy_into_site, printables_dir
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

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


# After mkdocs-static-i18n (-100), which sets each language's build up (config.theme["language"]) in its own
# on_config, run again for every language.
@event_priority(-110)
def on_config(config: Any) -> Any:
    """The heading anchors' title (the toc extension's permalink_title, "Permanent link" by default) in the
    language being built: the Markdown of each page is rendered with this build's settings."""
    toc = config.mdx_configs.setdefault("toc", {})
    toc["permalink_title"] = text("permalink_title", config.theme["language"])
    return config


# -- the 404 page, one per language ------------------------------------------------------------------------------
_not_found: dict[str, str] = {}
_LANGUAGE_LINK = re.compile(r'(<a href=")[^"]*(" hreflang="(en|ja)" class="md-select__link">)')
_ALTERNATE = re.compile(r'\s*<link rel="alternate" href="[^"]*" hreflang="[^"]*">')


def on_post_template(output: str, template_name: str, config: Any) -> str:
    """mkdocs-static-i18n renders 404.html at the site root in each language's build, the last one winning. Keep the
    English one there and write the Japanese one to ja/404.html; on both, the language switcher leads to the other
    language's home page (the theme would point it at whatever page was rendered last)."""
    if template_name != "404.html":
        return output
    lang = config.theme["language"]
    home = {"en": "/", "ja": "/ja/"}
    # Rewritten here, not in a template: the theme renders 404.html without a page, so its head and its language
    # switcher take the plugin's alternates of whatever page was built last; an override would copy the theme's
    # whole <head> block to leave them out.
    output = _LANGUAGE_LINK.sub(lambda link: f"{link[1]}{home[link[3]]}{link[2]}", _ALTERNATE.sub("", output))
    _not_found[lang] = output
    if lang == LANGUAGES[0]:
        return output
    folder = Path(config.site_dir) / lang
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "404.html").write_text(output, encoding="utf-8")
    return _not_found[LANGUAGES[0]]


def on_post_build(config: Any) -> None:
    if _printables_to_copy:
        copy_into_site(_printables_to_copy, Path(config.site_dir))
