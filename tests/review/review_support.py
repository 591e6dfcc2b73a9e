"""Matches for the review tests: real deals from a seed, played by a script, the Hint or a computer level (the
Play page's save of one: support.saves.page_save)."""

from __future__ import annotations

from collections.abc import Callable

from sixcardgolf import Match, load_preset, parse_action
from sixcardgolf.ai import make_policy
from sixcardgolf.review.hint import hint
from sixcardgolf.seeds import hint_seed

Chooser = Callable[[Match, int], int]  # (match, seat to move) -> action


def by_hint(match: Match, seat: int) -> int:
    """The move the Play page's Hint button shows at this moment."""
    return hint(match.observation(seat), hint_seed(match.seed, len(match.log), seat)).action


def by_level(level: str) -> Chooser:
    def choose(match: Match, seat: int) -> int:
        return make_policy(level, match.seed * 1_000 + len(match.log)).choose(match.observation(seat))

    return choose


def play(match: Match, choosers: list[Chooser], script: list[str] = ()) -> Match:  # type: ignore[assignment]
    """Apply `script` (action texts, whoever is to move), then let each seat's chooser finish the match."""
    for text in script:
        match.apply_action(parse_action(text))
    while not match.is_over():
        if match.hole.is_over():
            match.next_hole()
            continue
        seat = match.current_player()
        match.apply_action(choosers[seat](match, seat))
    return match


def basic_match(seed: int, holes: int = 1, players: int = 2) -> Match:
    return Match(load_preset("basic").with_options({"holes": holes}), players, seed)
