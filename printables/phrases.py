"""Japanese line breaks for the printables: a sentence never ends on a line of its own.

WeasyPrint breaks Japanese between any two characters, so a paragraph could end on a last line holding only
「す。」, or break a parenthesised word in two (「（上」/「がり）」). BudouX (Google's phrase segmenter) finds the
phrase boundaries of each run of text; the last phrase of the run, and every short phrase holding a parenthesis
or a number, goes in a span that does not break inside (of a last phrase longer than MAX_GLUED, its last TAIL
characters), so that a number is never cut from its counter (「5〜8／人なら」, japanese-review.md S3-32); in a longer
phrase the number and its counter alone stay together. Other breaks stay where the browser puts them, so a narrow
table cell still wraps (gluing every phrase would cost the denser sheets half a point of type). Text inside <svg>
is left alone.
"""

from __future__ import annotations

import html
import re
from functools import cache

import budoux

NO_BREAK_CSS = ".nobr { white-space: nowrap; }"
MAX_GLUED = 10  # characters: a longer phrase may still break, so that no line overflows its cell
TAIL = 5  # characters of a longer last phrase kept together (「かまいません。」 ends on 「いません。」 at least)
_TEXT = re.compile(r"(<svg\b.*?</svg>)|>([^<]+)<", re.S)
_JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
_DIGIT = re.compile(r"[0-9０-９]")
# A number (a range, a sign) and the counter after it: 「5〜8人」「−5点」「2組」「10ホール」「3番」.
_NUMBER_AND_COUNTER = re.compile(r"[−+]?[0-9０-９]+(?:[〜・][0-9０-９]+)*(?:ホール|[人組枚点回番行列目])?")


@cache
def _parser() -> budoux.Parser:
    return budoux.load_default_japanese_parser()


def keep_phrases(body: str) -> str:
    """The HTML `body` with each Japanese text run's last phrase, and its short bracketed phrases, unbreakable."""

    def fix(match: re.Match[str]) -> str:
        svg, text = match.groups()
        return svg if svg else f">{_glue(text)}<"

    return _TEXT.sub(fix, body)


def _glue(escaped: str) -> str:
    text = html.unescape(escaped)
    if not _JAPANESE.search(text):
        return escaped
    phrases = _whole_brackets(_parser().parse(text))
    if len(phrases[-1]) > MAX_GLUED:  # a long last phrase: keep at least its last few characters together
        phrases[-1:] = [phrases[-1][:-TAIL], phrases[-1][-TAIL:]]
    out = []
    for index, phrase in enumerate(phrases):
        last = index == len(phrases) - 1
        short = len(phrase.strip()) <= MAX_GLUED
        if short and (last or "（" in phrase or "）" in phrase or _DIGIT.search(phrase)):
            out.append(f'<span class="nobr">{html.escape(phrase)}</span>')
        else:
            out.append(_glue_numbers(phrase))
    return "".join(out)


def _glue_numbers(phrase: str) -> str:
    """A phrase left breakable, with each number kept together with its counter."""
    parts, at = [], 0
    for found in _NUMBER_AND_COUNTER.finditer(phrase):
        if len(found.group()) > 1:
            parts += [
                html.escape(phrase[at : found.start()]),
                f'<span class="nobr">{html.escape(found.group())}</span>',
            ]
            at = found.end()
    return "".join(parts) + html.escape(phrase[at:])


def _whole_brackets(phrases: list[str]) -> list[str]:
    """Phrases with a short bracketed part that BudouX split (「誰か（自分を」「含む）の」) joined into one."""
    out: list[str] = []
    for phrase in phrases:
        if out and out[-1].rfind("（") > out[-1].rfind("）") and len(out[-1] + phrase) <= MAX_GLUED:
            out[-1] += phrase
        else:
            out.append(phrase)
    return out
