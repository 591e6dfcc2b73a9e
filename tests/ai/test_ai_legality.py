"""Every level plays legal moves to the end of the hole on every preset and on random option mixes,
and the deal never depends on the levels at the table."""

from __future__ import annotations

import dataclasses
import random

import pytest

from sixcardgolf import HoleState, Match, Rules, load_preset, preset_names
from sixcardgolf import actions as A
from sixcardgolf.ai import LEVELS, POLICIES, YARDSTICKS, make_player, make_policy, search
from sixcardgolf.ai.base import Yardstick
from sixcardgolf.errors import UsageError
from sixcardgolf.hole import NO_SEAT
from sixcardgolf.options import CHOICES
from sixcardgolf.simulate import decide

BOOL_OPTIONS = [f.name for f in dataclasses.fields(Rules) if f.init and isinstance(f.default, bool)]


@pytest.fixture(autouse=True)
def light_hard(monkeypatch: pytest.MonkeyPatch) -> None:
    """Legality does not depend on the search budget; a small one keeps the suite quick."""
    monkeypatch.setattr(search.HardPolicy, "budget", 400)


def play_hole(rules: Rules, names: list[str], seed: int) -> HoleState:
    players = len(names)
    state = HoleState.deal(rules, players, seed % players, random.Random(f"legal/{seed}"), f"legal/{seed}")
    policies = [make_player(name, seed * 10 + seat) for seat, name in enumerate(names)]
    steps = 0
    while not state.is_over():
        seat = state.current_player()
        legal = state.legal_actions()
        action = decide(policies[seat], state)
        assert action in legal, f"{names[seat]} chose {action} outside {legal}"
        state.apply_action(action)
        steps += 1
        assert steps < 5000
    assert state.current_player() == NO_SEAT
    return state


def test_levels_and_the_yardstick_are_registered() -> None:
    assert LEVELS == ("easy", "normal", "hard")
    for name in (*LEVELS, "random"):
        assert name in POLICIES
    assert set(YARDSTICKS) == {"cheater"} and "cheater" not in POLICIES
    with pytest.raises(UsageError, match="unknown computer player 'expert'") as error:
        make_player("expert", 1)
    assert error.value.ja and "expert" in error.value.ja


def test_the_cheater_is_a_yardstick_not_a_policy() -> None:
    # A policy receives an observation only; the cheater must be asked for as a player that sees every card.
    with pytest.raises(UsageError, match="unknown computer player 'cheater'"):
        make_policy("cheater", 1)
    cheater = make_player("cheater", 1)
    assert isinstance(cheater, Yardstick) and not isinstance(make_player("hard", 1), Yardstick)
    state = HoleState.deal(Rules(), 2, 1, random.Random(1), "x")
    assert cheater.choose_seeing_all(state) in state.legal_actions()


@pytest.mark.parametrize("preset", preset_names())
@pytest.mark.parametrize("players", [2, 4])
def test_every_level_plays_legally_on_every_preset(preset: str, players: int) -> None:
    rules = load_preset(preset)
    table = ["easy", "normal", "hard", "cheater"][:players] if players == 4 else ["hard", "normal"]
    for hole in range(2):
        play_hole(rules, table[hole % len(table) :] + table[: hole % len(table)], hole)


def random_rules(rng: random.Random) -> Rules:
    options: dict[str, object] = {key: rng.choice(values) for key, values in CHOICES.items() if key != "ties"}
    options.update({key: rng.random() < 0.4 for key in BOOL_OPTIONS if key != "tie_counts_as_lowest"})
    options["jokers_per_deck"] = rng.choice([0, 1, 2])
    options["joker_pair_value"] = rng.choice(["none", "none", -5, 0, 4])
    for rank in ("A", "2", "K", "JK", "10"):
        options[f"values.{rank}"] = rng.choice([-5, -2, 0, 1, 2, 10])
    rules = Rules().with_options(options)
    return rules.with_options({"initial_reveals": rng.randint(0, rules.size), "turn_limit": rng.choice([30, 60])})


@pytest.mark.parametrize("mix", range(24))
def test_every_level_plays_legally_with_random_options(mix: int) -> None:
    rng = random.Random(f"mix/{mix}")
    rules = random_rules(rng)
    players = rng.choice([2, 3, 4])
    names = [rng.choice(["easy", "normal", "hard", "cheater"]) for _ in range(players)]
    names[mix % players] = LEVELS[mix % 3]
    play_hole(rules, names, mix)


def hole_starts(rules: Rules, names: list[str], seed: int, holes: int) -> list[dict[str, object]]:
    """The deal of each hole of a match played by `names` (hidden cards and stock included)."""
    match = Match(rules.with_options({"holes": holes}), len(names), seed)
    policies = [make_player(name, seat + 1) for seat, name in enumerate(names)]
    starts = [match.hole.debug_dict()]
    while not match.is_over():
        hole = match.hole
        while not hole.is_over():
            match.apply_action(decide(policies[hole.seat], hole))
        if match.is_over():
            break
        match.next_hole()
        starts.append(match.hole.debug_dict())
    return starts


def test_the_deal_does_not_depend_on_the_levels() -> None:
    rules = load_preset("basic")
    tables = [["easy", "hard"], ["normal", "normal"], ["hard", "easy"], ["random", "cheater"]]
    deals = [hole_starts(rules, names, seed=2024, holes=3) for names in tables]
    assert all(len(d) == 3 for d in deals)
    assert all(d == deals[0] for d in deals[1:])
    assert deals[0][0] != deals[0][1], "different holes get different deals"


@pytest.mark.parametrize("layout", ["2x3", "3x3"])
@pytest.mark.parametrize("players", [2, 4])
def test_every_level_plays_legally_with_the_optional_flip_and_uses_both_choices(layout: str, players: int) -> None:
    # flip_on_discard=optional: after every stock discard the skip and each face-down position are on offer.
    rules = Rules().with_options({"flip_on_discard": "optional", "layout": layout})
    table = ["easy", "normal", "hard", "cheater"][:players] if players == 4 else ["hard", "normal"]
    chosen: set[str] = set()
    for hole in range(3):
        names = table[hole % len(table) :] + table[: hole % len(table)]
        state = HoleState.deal(rules, players, hole % players, random.Random(f"optional/{hole}"), f"optional/{hole}")
        policies = [make_player(name, hole * 10 + seat) for seat, name in enumerate(names)]
        while not state.is_over():
            legal = state.legal_actions()
            action = decide(policies[state.current_player()], state)
            assert action in legal
            if A.SKIP_FLIP in legal:
                chosen.add("skip" if action == A.SKIP_FLIP else "flip")
            state.apply_action(action)
    assert chosen == {"skip", "flip"}
