"""The Hard level's search: its playouts finish like real holes, count only public cards, and its budget is
never spread so thin that no challenger can be tested."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from sixcardgolf import HoleState, load_preset
from sixcardgolf.ai import make_policy, search
from sixcardgolf.ai.estimate import Estimator, unseen_counts
from sixcardgolf.ai.levels import NORMAL
from sixcardgolf.ai.planner import Planner, Style
from sixcardgolf.ai.rollout import FastPolicy
from sixcardgolf.ai.search import MIN_PAIRED, PLAYOUT, _trim_to_afford, overrules, playout
from sixcardgolf.ai.seat_view import seen_cards
from sixcardgolf.hole import OPENING
from sixcardgolf.observation import observe


def after_normal_moves(preset: str, players: int, seed: int, moves: int) -> HoleState:
    """A hole dealt from `seed` and played by Normal players past the opening, then `moves` more actions."""
    rules = load_preset(preset)
    state = HoleState.deal(rules, players, 0, random.Random(seed), str(seed))
    policies = [make_policy("normal", seed * 10 + seat) for seat in range(players)]
    played = 0
    while not state.is_over() and (state.phase == OPENING or played < moves):
        if state.phase != OPENING:
            played += 1
        state.apply_action(policies[state.seat].choose(observe(state, state.seat)))
    return state


def playout_policy(state: HoleState) -> FastPolicy:
    """The fast policy as Hard builds it for the seat to move."""
    obs = observe(state, state.seat)
    counts = unseen_counts(state.rules, state.players, seen_cards(obs))
    return FastPolicy(PLAYOUT, Estimator(state.rules, counts, PLAYOUT.foresight), obs.turns)


@pytest.mark.parametrize(("preset", "players"), [("nine-card", 2), ("nine-card", 4), ("basic", 2), ("four-card", 2)])
def test_playouts_end_before_the_turn_limit(preset: str, players: int) -> None:
    # A playout priced on the root's count of the unseen cards alone can run to the turn limit in a long hole:
    # every seat waits at one face-down card for high cards long since drawn. The playouts count again.
    for seed in range(20):
        state = after_normal_moves(preset, players, seed, 0)
        policy = playout_policy(state)
        finished = state.clone()
        playout(finished, policy)
        assert finished.is_over()
        assert finished.turns < state.rules.turn_limit, f"deal {seed}: the playout ran to the turn limit"


def test_a_recount_reads_only_cards_every_seat_can_see() -> None:
    state = after_normal_moves("nine-card", 2, 3, 30)
    assert not state.is_over()
    # The same table with every face-down card and the stock shuffled among themselves.
    hidden = [(s, p) for s, layout in enumerate(state.layouts) for p in range(len(layout)) if not state.up[s] >> p & 1]
    shuffled = state.clone()
    unseen = [state.layouts[s][p] for s, p in hidden] + state.stock
    random.Random(1).shuffle(unseen)
    for (s, p), card in zip(hidden, unseen, strict=False):
        shuffled.layouts[s][p] = card
    shuffled.stock = unseen[len(hidden) :]
    counts = []
    for table in (state, shuffled):
        policy = playout_policy(state)
        policy.recount(table)
        counts.append(policy.est.counts)
    assert counts[0] == counts[1]
    held_unseen = state.held >= 0 and not state.held_from_discard
    assert sum(counts[0]) == len(state.stock) + len(hidden) + held_unseen  # the unseen cards, no more, no fewer


@pytest.mark.parametrize(
    ("budget_left", "survivors"),
    [
        (2800, 4),  # 1 + 2800 / (100 * 4) = 8 deals each: every candidate stays
        (2400, 3),  # 4 would get 7 deals each; 3 get 1 + 2400 / 300 = 9
        (2000, 2),  # 4 would get 6, 3 would get 7.7; 2 get 1 + 2000 / 200 = 11
        (100, 2),  # the favourite and one challenger always stay
    ],
)
def test_the_search_drops_candidates_it_cannot_afford_to_compare(budget_left: int, survivors: int) -> None:
    assert MIN_PAIRED == 8  # the arithmetic below assumes it
    alive = [11, 12, 13, 14]
    _trim_to_afford(alive, budget_left, 100)
    assert alive == [11, 12, 13, 14][:survivors]


def test_a_challenger_must_win_by_more_standard_errors_on_3x3() -> None:
    # Ten deals, the challenger ahead by 1 point on six and behind by 0.6 on four: a mean advantage of 0.36, about
    # 1.38 standard errors; enough on other layouts, not on 3x3.
    paired = [1.0] * 6 + [-0.6] * 4
    advantage = sum(paired) / len(paired)
    spread = (sum((d - advantage) ** 2 for d in paired) / (len(paired) - 1)) ** 0.5
    errors = advantage / (spread / len(paired) ** 0.5)
    assert search.DEVIATION_Z < errors < search.DEVIATION_Z_3X3
    assert overrules(paired, search.DEVIATION_Z)
    assert not overrules(paired, search.DEVIATION_Z_3X3)
    assert not overrules(paired[: MIN_PAIRED - 1], 0.0)  # too few deals to judge at all


def test_hard_uses_the_stricter_threshold_only_on_3x3(monkeypatch: pytest.MonkeyPatch) -> None:
    used: dict[str, float] = {}

    def spy(*args: object, deviation_z: float, **kwargs: object) -> tuple[int, dict[int, float]]:
        used[preset] = deviation_z
        candidates = args[2]
        assert isinstance(candidates, list)
        return candidates[0], {}

    monkeypatch.setattr(search, "search", spy)
    for preset in ("basic", "nine-card", "four-card"):
        for moves in range(0, 40, 3):  # the first position where the planner leaves Hard a choice to search
            state = after_normal_moves(preset, 2, 5, moves)
            search.HardPolicy(1).decide(observe(state, state.seat))
            if preset in used:
                break
    assert used == {"basic": search.DEVIATION_Z, "nine-card": search.DEVIATION_Z_3X3, "four-card": search.DEVIATION_Z}


def test_hard_plans_further_ahead_only_on_3x3_with_column_pairs() -> None:
    nine_card = load_preset("nine-card")
    assert search.guide_style(nine_card) is search.LOOKAHEAD_3X3
    assert search.LOOKAHEAD_3X3.foresight > NORMAL.foresight
    # with pairs anywhere the same look-ahead lost three holes in four against Normal: Hard keeps Normal's planner
    assert search.guide_style(dataclasses.replace(nine_card, pairs="anywhere")) is NORMAL
    for preset in ("basic", "four-card", "jokers"):
        assert search.guide_style(load_preset(preset)) is NORMAL


def test_hard_orders_its_search_with_its_guide_planner(monkeypatch: pytest.MonkeyPatch) -> None:
    styles: list[str] = []

    class Spy(Planner):
        def __init__(self, style: Style, *args: Any, **kwargs: Any) -> None:
            styles.append(style.name)
            super().__init__(style, *args, **kwargs)

    monkeypatch.setattr(search, "Planner", Spy)
    for preset, expected in (("nine-card", search.LOOKAHEAD_3X3.name), ("basic", NORMAL.name)):
        styles.clear()
        state = after_normal_moves(preset, 2, 5, 6)
        search.HardPolicy(1).decide(observe(state, state.seat))
        assert styles == [expected]
