"""Puzzles: "what is the best move here?", positions from the engine's own play where one move is clearly best.

`make puzzles` mines them (`sixcardgolf.puzzles.mine`) into `puzzles.json` beside this file, which is committed
data; the site's build turns it into the puzzle page's data (`page_data`). Each puzzle is one decision of one
seat in a self-played hole:

    {"id": "basic-01", "preset": "basic", "family": "six", "players": 3,
     "source": {"seed": 123, "actions": ["flip 1", ...]},      # the match and the log up to the decision
     "observation": {...},                                    # Observation.to_dict() of the seat to move
     "best": "swap 4",
     "moves": [{"action": "swap 4", "loss": 0.0, "error": 0.0, "deals": 0}, {"action": "discard", "loss": 3.4,
                "error": 0.41, "deals": 256}, ...],             # every legal move, cheapest first
     "screen": {"action": "discard", "loss": 3.9, "error": 1.2, "deals": 32},  # the runner-up when first screened
     "hint_seed": 77, "reason": {"en": "...", "ja": "..."}}   # the Hint's seed, and its reason for `best`

A move's `loss` is what it costs against `best` on average (review.loss.expected_loss: paired playouts from the
seat's observation alone, the Review's own measure), `error` the standard error of that mean. A puzzle is kept
only when the Hint's move is best and every other move loses at least MARGIN points with an interval that
excludes a small loss (`clear`), first on a few deals and then again on many more, on other deals: its answer
is never a coin flip.

The page never gets `source` (the seed deals every card, face-down ones included): `page_data` keeps the
observation, the moves and the reason in the page's language, nothing more.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from ..presets import preset_info

DATA = Path(__file__).with_name("puzzles.json")
MARGIN = 2.0  # points: every move but the best loses at least this much on average
LOWER = 1.0  # and its loss less two standard errors is still at least this (a tight interval)
Z = 2.0
FAMILIES = {"2x3": "six", "2x2": "four", "2x4": "eight", "3x3": "nine"}  # a preset family, by its layout
FAMILY_ORDER = ("six", "four", "eight", "nine")


def family_of(preset: str) -> str:
    return FAMILIES[preset_info(preset).rules.layout]


def clear(loss: float, error: float) -> bool:
    """Whether a move's loss against the best makes the best move clearly better (see the module's note)."""
    return loss >= MARGIN and loss - Z * error >= LOWER


def holds(loss: float, error: float) -> bool:
    """Whether a move measured again (on other, more deals) is still clearly worse than the best one: its loss is
    above zero by Z standard errors. A loss chosen for being at least MARGIN regresses towards its true value when
    measured afresh, so the re-check asks that the answer stays right, not that the margin stays as large."""
    return loss - Z * error > 0


@cache
def _loaded() -> tuple[dict[str, Any], ...]:
    if not DATA.exists():
        return ()
    return tuple(json.loads(DATA.read_text(encoding="utf-8"))["puzzles"])


def puzzles() -> list[dict[str, Any]]:
    """Every shipped puzzle, as committed (copies, so a caller may change them)."""
    copied: list[dict[str, Any]] = json.loads(json.dumps(list(_loaded())))
    return copied


PAGE_FIELDS = ("id", "preset", "family", "players", "observation", "best", "moves")


def page_data(lang: str) -> dict[str, Any]:
    """The puzzle page's data in `lang`: each puzzle's observation, moves and the reason for its best move, the
    preset's title and the layout's shape; never its source (which would tell every face-down card)."""
    shown = []
    for puzzle in _loaded():
        info = preset_info(puzzle["preset"])
        entry = {field: puzzle[field] for field in PAGE_FIELDS}
        entry["title"] = info.title[lang]
        entry["rows"], entry["cols"] = info.rules.rows, info.rules.cols
        entry["reason"] = puzzle["reason"][lang]
        shown.append(entry)
    families = [family for family in FAMILY_ORDER if any(p["family"] == family for p in shown)]
    return {"families": families, "puzzles": shown}


__all__ = ["DATA", "FAMILIES", "LOWER", "MARGIN", "clear", "family_of", "holds", "page_data", "puzzles"]
