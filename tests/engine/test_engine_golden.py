"""Golden playthroughs (as OpenSpiel keeps them): each file under golden/ is replayed and must come out the same.

A failure shows the first line that differs; if the change of behaviour is meant, regenerate the files with
`.venv/bin/python tests/engine/golden.py` and review their diff (see golden.py).
"""

from __future__ import annotations

import pytest
from golden import CASES, GOLDEN, Case, play, recorded_actions

from sixcardgolf import Match


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_the_golden_playthrough_replays_to_the_same_text(case: Case) -> None:
    recorded = (GOLDEN / f"{case.name}.txt").read_text(encoding="utf-8")
    replayed = play(case, recorded_actions(recorded))
    for number, (want, got) in enumerate(zip(recorded.splitlines(), replayed.splitlines(), strict=False), start=1):
        assert got == want, f"{case.name}.txt line {number} differs"
    assert replayed == recorded


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_the_golden_save_restores_the_finished_hole(case: Case) -> None:
    recorded = (GOLDEN / f"{case.name}.txt").read_text(encoding="utf-8")
    save = next(line.removeprefix("save: ") for line in recorded.splitlines() if line.startswith("save: "))
    points = next(line.removeprefix("points: ") for line in recorded.splitlines() if line.startswith("points: "))
    match = Match.from_save(save)
    assert match.hole.is_over() and ", ".join(map(str, match.hole.returns())) == points
    assert len(match.log) == len(recorded_actions(recorded))


def test_the_golden_holes_cover_the_ways_a_hole_ends_and_the_layouts() -> None:
    texts = [(GOLDEN / f"{case.name}.txt").read_text(encoding="utf-8") for case in CASES]
    endings = {line.split()[1] for text in texts for line in text.splitlines() if line.startswith("end: ")}
    assert len(endings) >= 3, endings
    assert {'"layout": "2x3"', '"layout": "3x3"', '"layout": "2x2"'} <= {
        part for text in texts for part in ('"layout": "2x3"', '"layout": "3x3"', '"layout": "2x2"') if part in text
    }
    assert any("[" in line for text in texts for line in text.splitlines() if line.startswith("  player"))  # peeks
