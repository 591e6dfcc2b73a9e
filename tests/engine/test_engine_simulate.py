"""simulate.py: the match-playing loop shared by the CLI and the benchmarks."""

from __future__ import annotations

from typing import ClassVar

import pytest

from sixcardgolf import HoleState, Observation, load_preset
from sixcardgolf.ai import POLICIES
from sixcardgolf.observation import UNKNOWN
from sixcardgolf.simulate import game_seed, play_match, policy_seed, simulate

RULES = load_preset("basic").with_options({"holes": 3})


class FirstLegal:
    """A test policy: always the first legal action; records what it was shown."""

    made: ClassVar[list[tuple[int, int]]] = []  # (seed, id) of every policy made

    def __init__(self, seed: int) -> None:
        self.seed = seed
        FirstLegal.made.append((seed, id(self)))

    def choose(self, observation: Observation, full_state: HoleState | None = None) -> int:
        assert full_state is not None and observation.seat == full_state.current_player()
        # The observation hides every card this seat has not seen.
        for s, layout in enumerate(full_state.layouts):
            known = full_state.up[s] | (full_state.peeked[s] if s == observation.seat else 0)
            for p, card in enumerate(layout):
                assert observation.layouts[s][p] == (card if known >> p & 1 else UNKNOWN)
        return observation.legal_actions[0]


def dealt_layouts(rules, players: int, seed: int, policies) -> list[list[list[int]]]:  # type: ignore[no-untyped-def]
    """The layouts of every hole as dealt, recorded at the hole's first decision."""
    seen: list[list[list[int]]] = []

    class Recorder:
        def __init__(self, inner) -> None:  # type: ignore[no-untyped-def]
            self.inner = inner

        def choose(self, observation: Observation, full_state: HoleState | None = None) -> int:
            assert full_state is not None
            fresh = full_state.turns == 0 and full_state.up == [0] * full_state.players
            if fresh and (not seen or seen[-1] != full_state.layouts):
                seen.append([layout[:] for layout in full_state.layouts])
            return int(self.inner.choose(observation, full_state))

    play_match(rules, players, seed, [Recorder(p) for p in policies])
    return seen


def test_play_match_plays_to_the_outcome() -> None:
    match = play_match(RULES, 2, 5, [POLICIES["random"](1), POLICIES["random"](2)])
    assert match.is_over() and len(match.records) == 3 and match.outcome() is not None


def test_the_deal_does_not_depend_on_the_computer_players() -> None:
    randoms = [POLICIES["random"](1), POLICIES["random"](2), POLICIES["random"](3)]
    firsts = [FirstLegal(1), FirstLegal(2), FirstLegal(3)]
    a = dealt_layouts(RULES, 3, 99, randoms)
    b = dealt_layouts(RULES, 3, 99, firsts)
    assert len(a) == len(b) == 3 and a == b


def test_every_seat_and_game_gets_its_own_policy_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    FirstLegal.made = []
    monkeypatch.setitem(POLICIES, "first", FirstLegal)
    simulate(RULES.with_options({"holes": 1}), 3, 4, 11, ["first"])
    seeds = [seed for seed, _ in FirstLegal.made]
    assert len(seeds) == 12 and len(set(seeds)) == 12
    assert seeds == [policy_seed(11, game, seat) for game in range(4) for seat in range(3)]
    assert set(seeds).isdisjoint(game_seed(11, game) for game in range(4))


def test_simulate_statistics_equal_a_recount_of_the_same_matches(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(POLICIES, "first", FirstLegal)
    names = ["random", "first"]
    result = simulate(RULES, 2, 5, 3, names)
    points, solo, shared, holes = [0, 0], [0, 0], [0, 0], 0
    for game in range(5):
        policies = [POLICIES[name](policy_seed(3, game, seat)) for seat, name in enumerate(names)]
        match = play_match(RULES, 2, game_seed(3, game), policies)
        for record in match.records:
            holes += 1
            points = [t + p for t, p in zip(points, record.points, strict=True)]
        outcome = match.outcome()
        assert outcome is not None
        for seat in outcome.winners:
            (shared if len(outcome.winners) > 1 else solo)[seat] += 1
    data = result.to_dict()
    assert data["holes_played"] == holes == 15
    assert data["mean_hole_score"] == [round(p / holes, 6) for p in points]
    assert data["solo_wins"] == solo and data["shared_wins"] == shared


def test_playoff_holes_are_played_and_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    # One hole each, ties by play-off: over many games some tie and need extra holes.
    rules = load_preset("basic").with_options({"holes": 1, "ties": "playoff", "turn_limit": 2})
    data = simulate(rules, 2, 60, 1, ["random"]).to_dict()
    assert data["playoff_holes"] > 0 and data["holes_played"] == 60 + data["playoff_holes"]
    assert sum(data["shared_wins"]) == 0 and sum(data["solo_wins"]) == 60
