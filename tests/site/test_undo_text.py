"""The site says how Undo treats the cards it takes back (issue 24): the FAQ in both languages, with the rule the
engine plays (tests/engine/test_engine_match.py checks the play itself)."""

from __future__ import annotations

from pathlib import Path

import pytest
from htmltree import parse, text
from sitebuild import page_path


@pytest.mark.parametrize(
    ("lang", "question", "words"),
    [
        ("en", "Can Undo show me a card I should not know?", ("shuffles every card nobody may know", "daily deal")),
        ("ja", "「元に戻す」で、知らないはずのカードがわかってしまいませんか？", ("混ぜ直し", "今日の配札")),
    ],
)
def test_the_faq_says_undo_never_shows_a_card(site: Path, lang: str, question: str, words: tuple[str, ...]) -> None:
    page = " ".join(text(parse(page_path(site, lang, "faq/"))).split())
    assert question in page
    after = page[page.rindex(question) :]  # the answer, after the table of contents
    assert all(word in after[:900] for word in words), after[:900]
