"""Saves for the Play page's tests: its save written here by hand (the door's own writer, door/saves.py, is the
code under test), and matches the engine's computer levels play to their end as the page's computers would."""

from __future__ import annotations

import json
from typing import Any

from sixcardgolf import Match, load_preset
from sixcardgolf.ai import make_policy
from sixcardgolf.seeds import decision_seed

PAGE_SAVE = {"format": "sixcardgolf-playground", "version": 1}
"""What marks a save as the Play page's (its format and version), as engine/README.md documents it."""


def page_save_data(
    match: Match | dict[str, Any], seats: Any, log_length: int | None = None, **extra: Any
) -> dict[str, Any]:
    """The Play page's save of `match` (a Match or its save) with `seats` (a person or a level per seat),
    optionally cut to the first `log_length` actions; `extra` adds or replaces fields (undo, a damaged part)."""
    data = match.to_save() if isinstance(match, Match) else dict(match)
    if log_length is not None:
        data["actions"] = data["actions"][:log_length]
    return {**PAGE_SAVE, "seats": seats, "match": data, **extra}


def page_save(match: Match | dict[str, Any], seats: Any, log_length: int | None = None, **extra: Any) -> str:
    """page_save_data as the JSON text the page keeps in localStorage and a person loads from a file."""
    return json.dumps(page_save_data(match, seats, log_length, **extra))


def played(levels: list[str], seed: int, holes: int = 1, preset: str = "basic") -> Match:
    """A match of `holes` holes that the computer levels (one per seat) played to its end, each decision seeded
    as the page's own computers seed theirs (seeds.decision_seed)."""
    match = Match(load_preset(preset).with_options({"holes": holes}), len(levels), seed)
    while not match.is_over():
        if match.hole.is_over():
            match.next_hole()
            continue
        seat = match.current_player()
        policy = make_policy(levels[seat], decision_seed(match.seed, len(match.log), seat))
        match.apply_action(policy.choose(match.observation(seat)))
    return match
