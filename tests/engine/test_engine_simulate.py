"""simulate.py: the match-playing loop shared by the CLI and the benchmarks."""

from __future__ import annotations

import random
from typing import ClassVar

import pytest

from sixcardgolf import HoleState, Match, Observation, load_preset, observe
from sixcardgolf import actions as A
from sixcardgolf.ai import POLICIES, make_player
from sixcardgolf.ai.base import Yardstick
from sixcardgolf.errors import UsageError
from sixcardgolf.observation import Policy
from sixcardgolf.seeds import decision_seed, game_seed, policy_seed
from sixcardgolf.simulate import SeeingAll, decide, play_match, simulate

RULES = load_preset("basic").with_options({"holes": 3})


class FirstLegal:
    """A test policy: always the first legal action; remembers every policy made and everything it was shown."""

    made: ClassVar[list[tuple[int, int]]] = []  # (seed, id) of every policy made

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.shown: list[dict[str, object]] = []
        FirstLegal.made.append((seed, id(self)))

    def choose(self, observation: Observation) -> int:
        self.shown.append(observation.to_dict())
        return observation.legal_actions[0]


class Recorder(Yardstick):
    """A yardstick (it sees the whole hole) that writes down each hole's deal, then lets `inner` move."""

    def __init__(self, inner: Policy, deals: list[list[list[int]]]) -> None:
        self.inner = inner
        self.deals = deals

    def choose_seeing_all(self, state: HoleState) -> int:
        fresh = state.turns == 0 and state.up == [0] * state.players
        if fresh and (not self.deals or self.deals[-1] != state.layouts):
            self.deals.append([layout[:] for layout in state.layouts])
        return decide(self.inner, state)


def dealt_layouts(players: int, seed: int, policies: list[Policy]) -> list[list[list[int]]]:
    """The layouts of every hole as dealt, recorded at the hole's first decision."""
    deals: list[list[list[int]]] = []
    play_match(RULES, players, seed, [Recorder(p, deals) for p in policies])
    return deals


def test_play_match_plays_to_the_outcome() -> None:
    match = play_match(RULES, 2, 5, [POLICIES["random"](1), POLICIES["random"](2)])
    assert match.is_over() and len(match.records) == 3 and match.outcome() is not None


def test_each_policy_is_shown_its_own_seats_observation_at_each_of_its_decisions() -> None:
    spies = [FirstLegal(1), FirstLegal(2)]
    match = play_match(RULES.with_options({"holes": 2}), 2, 8, spies)
    replay = Match(match.rules, 2, 8)
    expected: list[list[dict[str, object]]] = [[], []]
    for action in match.log:
        if action == A.NEXT_HOLE:
            replay.next_hole()
            continue
        seat = replay.current_player()
        expected[seat].append(observe(replay.hole, seat).to_dict())
        replay.apply_action(action)
    assert [spy.shown for spy in spies] == expected and all(len(shown) > 20 for shown in expected)
    # What a seat is shown hides the other seat's face-down cards.
    assert any(slot["card"] is None for shown in spies[0].shown for slot in shown["layouts"][1])  # type: ignore[index, union-attr]


def test_play_match_wants_one_player_per_seat() -> None:
    with pytest.raises(UsageError, match="3 computer players for a table of 2") as error:
        play_match(RULES, 2, 1, [FirstLegal(1), FirstLegal(2), FirstLegal(3)])
    assert error.value.ja


def test_the_deal_does_not_depend_on_the_computer_players() -> None:
    a = dealt_layouts(3, 99, [POLICIES["random"](1), POLICIES["random"](2), POLICIES["random"](3)])
    b = dealt_layouts(3, 99, [FirstLegal(1), FirstLegal(2), FirstLegal(3)])
    assert len(a) == len(b) == 3 and a == b


def test_decision_seeds_differ_by_seat_and_by_moment_and_repeat() -> None:
    seeds = {decision_seed(7, log, seat) for log in range(50) for seat in range(4)}
    assert len(seeds) == 200
    assert decision_seed(7, 12, 1) == decision_seed(7, 12, 1) != decision_seed(8, 12, 1)


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


def test_the_random_player_draws_what_random_choice_draws() -> None:
    for seed in range(12):
        player, plain = POLICIES["random"](seed), random.Random(seed)
        state = HoleState.deal(load_preset("jokers"), 3, seed % 3, random.Random(seed), "random-player")
        while not state.is_over():
            expected = plain.choice(state.legal_tuple())
            action = player.choose(observe(state, state.seat))
            assert action == expected
            state.apply_action(action)
        assert player.rng.getstate() == plain.getstate()  # the same numbers drawn, no more


def test_play_hole_plays_what_apply_action_plays_move_by_move() -> None:
    names = ["random", "cheater", "normal"]
    looped = Match(RULES, 3, 17)
    seated = [make_player(name, seat) for seat, name in enumerate(names)]
    looped.play_hole([SeeingAll(p, looped) if isinstance(p, Yardstick) else p for p in seated])
    looped.play_hole([])  # the hole is over and recorded: nothing more happens
    by_hand = Match(RULES, 3, 17)
    players = [make_player(name, seat) for seat, name in enumerate(names)]
    while not by_hand.hole.is_over():
        by_hand.apply_action(decide(players[by_hand.hole.seat], by_hand.hole))
    assert looped.log == by_hand.log and looped.records == by_hand.records and len(looped.records) == 1


def test_the_simulate_loop_shows_each_policy_exactly_the_observation_of_its_moment() -> None:
    """Match.play_hole aims one view of its live hole at every decision: each must equal what observe() gives
    at that moment, every field of it (the view's caches of the last decision are never read again)."""
    match = Match(load_preset("jokers").with_options({"holes": 2, "peek": True}), 3, 23)

    class Checking:
        def __init__(self, seed: int) -> None:
            self.inner = make_player("normal", seed)
            self.seen = 0

        def choose(self, observation: Observation) -> int:
            assert observation.seat == match.hole.seat
            assert repr(observation) == repr(observe(match.hole, observation.seat))
            assert observation.layouts == observe(match.hole, observation.seat).layouts  # read after repr too
            self.seen += 1
            return self.inner.choose(observation)  # type: ignore[union-attr]

    players = [Checking(seat) for seat in range(3)]
    while not match.is_over():
        match.play_hole(players)
        if not match.is_over():
            match.next_hole()
    assert sum(player.seen for player in players) == len([a for a in match.log if a != A.NEXT_HOLE]) > 40
