"""Computer players and the hint see only what a person in their seat sees (RULES.md §4).

For decision points taken from real games on every preset, everything the
deciding seat cannot see is rearranged: the stock order, the other seats'
face-down cards (peeked or not) and its own face-down cards it has not peeked
at, plus the seed that reshuffles the discard pile when the stock runs out.
The decision must not change. The full state is handed over as well, as the
simulation loop does, so a level that peeked at it would be caught.
"""

from __future__ import annotations

import random

import pytest

from sixcardgolf import HoleState, load_preset, preset_names
from sixcardgolf.ai import make_policy, search
from sixcardgolf.observation import observe
from sixcardgolf.review.hint import hint


def rearranged(state: HoleState, seat: int, rng: random.Random) -> HoleState:
    """The same hole as `seat` sees it, with every card it cannot see shuffled among the unseen places."""
    other = state.clone()
    slots: list[tuple[int, int]] = []
    for s in range(state.players):
        known = state.up[s] | (state.peeked[s] if s == seat else 0)
        slots.extend((s, p) for p in range(state.rules.size) if not known >> p & 1)
    hidden = [state.layouts[s][p] for s, p in slots] + state.stock
    rng.shuffle(hidden)
    for s, p in slots:
        other.layouts[s][p] = hidden.pop()
    other.stock = hidden
    other.shuffle_seed = f"{state.shuffle_seed}/rearranged{rng.random()}"
    return other


def decision_points(preset: str, players: int, holes: int, every: int) -> list[tuple[HoleState, int]]:
    """States from games of Normal players, each with the seat to move."""
    rules = load_preset(preset)
    points = []
    for hole in range(holes):
        state = HoleState.deal(rules, players, hole % players, random.Random(f"{preset}/{hole}"), f"{preset}/{hole}")
        players_ = [make_policy("normal", hole * 10 + s) for s in range(players)]
        step = 0
        while not state.is_over():
            seat = state.current_player()
            if step % every == 0 and len(state.legal_actions()) > 1:
                points.append((state.clone(), seat))
            state.apply_action(players_[seat].choose(observe(state, seat)))
            step += 1
    return points


def check_unmoved(level: str, points: list[tuple[HoleState, int]], seed: int = 5) -> None:
    rng = random.Random(f"rearrange/{level}")
    moved = 0
    for state, seat in points:
        other = rearranged(state, seat, rng)
        seen, seen_other = observe(state, seat), observe(other, seat)
        assert seen == seen_other, "the rearrangement must not change what the seat sees"
        moved += other.layouts != state.layouts or other.stock != state.stock
        first = make_policy(level, seed).choose(seen)
        second = make_policy(level, seed).choose(seen_other)
        assert first == second, f"{level} changed its move when only unseen cards moved: {state.debug_dict()}"
    assert moved > len(points) // 2, "most decision points must have unseen cards to move"


@pytest.mark.parametrize("preset", preset_names())
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_heuristic_levels_ignore_unseen_cards(level: str, preset: str) -> None:
    check_unmoved(level, decision_points(preset, 3, holes=3, every=2))


class LightHard(search.HardPolicy):
    """Hard with a small search budget: the same code path, so the information test stays quick."""

    budget = 600


@pytest.mark.parametrize("preset", preset_names())
def test_hard_ignores_unseen_cards(preset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(__import__("sixcardgolf.ai", fromlist=["POLICIES"]).POLICIES, "hard", LightHard)
    check_unmoved("hard", decision_points(preset, 2, holes=2, every=5))


def test_hard_at_full_budget_ignores_unseen_cards() -> None:
    check_unmoved("hard", decision_points("basic", 2, holes=1, every=4)[:6])


@pytest.mark.parametrize("preset", ["basic", "four-card", "house-party"])
def test_hint_ignores_unseen_cards(preset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search.HardPolicy, "budget", 600)
    rng = random.Random("hint")
    for state, seat in decision_points(preset, 2, holes=2, every=6):
        other = rearranged(state, seat, rng)
        assert hint(observe(state, seat), 3) == hint(observe(other, seat), 3)
