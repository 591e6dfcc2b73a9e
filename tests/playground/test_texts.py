"""The pages' text catalogues (playground/text-en.js, text-ja.js): the same keys and placeholders in both.

Node imports the two ES modules as the browser does, so a syntax error in either fails here too.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest
from playground_support import REPO

PLACEHOLDER = re.compile(r"\{(\w+)\}")


@pytest.fixture(scope="module")
def catalogues() -> dict[str, dict[str, str]]:
    node = shutil.which("node")
    assert node, "Node.js is missing (make setup)"
    script = (
        "const en = (await import(process.argv[1])).default; const ja = (await import(process.argv[2])).default;"
        "console.log(JSON.stringify({en, ja}));"
    )
    done = subprocess.run(
        [node, "--input-type=module", "-e", script,
         (REPO / "playground" / "text-en.js").as_uri(), (REPO / "playground" / "text-ja.js").as_uri()],
        capture_output=True, text=True, check=True, timeout=60,
    )  # fmt: skip
    return json.loads(done.stdout)


def test_every_key_exists_in_both_languages(catalogues: dict[str, dict[str, str]]) -> None:
    en, ja = catalogues["en"], catalogues["ja"]
    assert len(en) > 5
    assert sorted(set(en) - set(ja)) == [], "keys in English only"
    assert sorted(set(ja) - set(en)) == [], "keys in Japanese only"


def test_both_languages_fill_the_same_placeholders(catalogues: dict[str, dict[str, str]]) -> None:
    differ = {
        key: (sorted(PLACEHOLDER.findall(text)), sorted(PLACEHOLDER.findall(catalogues["ja"][key])))
        for key, text in catalogues["en"].items()
        if sorted(PLACEHOLDER.findall(text)) != sorted(PLACEHOLDER.findall(catalogues["ja"].get(key, "")))
    }
    assert differ == {}


def test_japanese_texts_use_full_width_punctuation(catalogues: dict[str, dict[str, str]]) -> None:
    """japanese-review.md §3.5: no ASCII colon, parentheses or comma inside Japanese sentences."""
    bad = {
        key: text
        for key, text in catalogues["ja"].items()
        if re.search(r"[:(),]", PLACEHOLDER.sub("", text)) or re.search(r"。 ", text)
    }
    assert bad == {}
