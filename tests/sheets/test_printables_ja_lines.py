"""Japanese sheets and pads: no line of 「す。」 alone and no short bracketed word broken in two (issue 16 §6).

Counts with the measure in bench/ja_orphans.py (pdftotext of the PDFs `make build` made): every Japanese document
has no line of one or two characters ending in 。 or 、, and no 「（上」/「がり）」 break. Before BudouX phrase
breaking (printables/phrases.py) the same count found 33 such lines in 88 documents.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from printables_built import BUILT, built

from printables import build_all

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("ja_orphans", ROOT / "bench" / "ja_orphans.py")
assert _spec and _spec.loader
ja_orphans = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ja_orphans)

JAPANESE = [spec for spec in build_all.all_specs() if spec.lang == "ja"]


@pytest.mark.parametrize("spec", JAPANESE, ids=lambda spec: spec.file_stem())
def test_no_orphan_line_and_no_split_word(spec) -> None:  # type: ignore[no-untyped-def]
    built(spec)  # current and made without a warning
    lone, split = ja_orphans.orphans(BUILT / f"{spec.file_stem()}.pdf")
    assert not lone and not split, (lone, split)


def test_the_measure_finds_what_the_review_found() -> None:
    """The counting itself: a lone 「す。」 and a 「（上」/「がり）」 break are found, a long bracket broken is not."""
    lines = [
        "ルールの文はここで終わりま",
        "す。",
        "上がった人（上",
        "がり）は、さらに",
        "できます（しなくても",
        "かまいません）。",
    ]
    assert [piece for piece in lines if ja_orphans.ORPHAN.match(piece)] == ["す。"]
    assert ja_orphans.split_lines(lines) == ["（上/がり）"]
