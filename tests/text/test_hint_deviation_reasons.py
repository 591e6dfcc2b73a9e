"""Where the Hint's move is one the search chose over the planner's, its reason names what the table shows
(browser-trial A-07, A-22: "played out many times, this move paid best here" told a learner nothing): a card put
face up can still be matched while cards of its rank are out of sight, a seat that looks ahead gains by ending
sooner, the top discard is kept from the next player who shows its rank, the stock holds cards that match one's own.
Every such reason is true of what the seat can see, and its counts say nothing about the seat's peeked cards."""

from __future__ import annotations

import random
import re

import pytest

from sixcardgolf import HoleState, Rules, load_preset
from sixcardgolf import actions as A
from sixcardgolf.cards import rank_of
from sixcardgolf.observation import Observation, observe
from sixcardgolf.review.hint import explain
from sixcardgolf.text.glossary import rank_word
from support.scripted import position, seat_view

GENERIC = {"en": "paid best", "ja": "何度も先を試した"}
OUT_OF_SIGHT = {"en": re.compile(r"\((\d+) more (\w+?)s? (?:is|are) out of sight\)"),
                "ja": re.compile(r"ほかの(\S+?)はまだ(\d+)枚見えていません")}  # fmt: skip


def public_count(obs: Observation, rank: int) -> int:
    """Cards of `rank` not in plain view, counted here from the rules' shoe and what every player can see."""
    shoe = sum(1 for card in obs.rules.shoe_for(obs.players) if rank_of(card) == rank)
    seen = [c for s, layout in enumerate(obs.layouts) for p, c in enumerate(layout) if obs.up[s] >> p & 1]
    seen += list(obs.discard) + ([obs.held] if obs.held >= 0 else [])
    return shoe - sum(1 for card in seen if rank_of(card) == rank)


def both(obs: Observation, action: int) -> dict[str, str]:
    en, ja = explain(obs, action)
    return {"en": en, "ja": ja}


def test_a_jack_over_a_face_down_card_says_it_can_still_be_matched() -> None:
    """The walk-through's old turn 4: a 10-point jack from the discard pile onto a face-down card, behind on the
    table. (The sampled test below checks, on Four-card Golf among others, that peeked cards stay out of the count.)"""
    layouts = ["10S 8C 3H? / JC? 8D 4C?", "KD 2H 7S? / QH? 5H AH"]
    taking = seat_view(position(Rules(), layouts, "6S 10H JD"))
    holding = seat_view(position(Rules(), layouts, "6S 10H", held="JD", from_discard=True))
    assert public_count(holding, 10) == 3
    take, swap = both(taking, A.TAKE_DISCARD), both(holding, A.SWAP + 5)
    for reason in (take, swap):
        for lang in ("en", "ja"):
            assert GENERIC[lang] not in reason[lang], reason[lang]
        assert "まだ3枚見えていません" in reason["ja"], reason["ja"]
    assert "the jack, face up, can still be matched in column 3 (3 more jacks are out of sight)" in swap["en"]
    assert "ほかのジャックはまだ3枚見えていません" in swap["ja"]
    # Taken, it would go over the 10 by the planner's reckoning: more jacks than tens are still to come.
    assert "3 cards of its rank are still out of sight, against 2 of the 10's" in take["en"], take["en"]


def test_a_draw_that_passes_up_a_saving_names_the_cards_it_hopes_for() -> None:
    obs = seat_view(position(Rules(), ["KS 9H 7C? / 5D? 4C? 6S?", "QD 8D? 3D? / JC? 10H? 10C?"], "2C 3H"))
    reason = both(obs, A.DRAW_STOCK)
    wanted = public_count(obs, 12) + public_count(obs, 8)  # kings and nines
    assert f"but {wanted} of the " in reason["en"] and "would match your king and 9" in reason["en"], reason["en"]
    assert f"うち{wanted}枚は、あなたのキング、9とそろいます" in reason["ja"], reason["ja"]


def test_taking_a_card_the_next_player_could_pair_says_so() -> None:
    obs = seat_view(position(Rules(), ["KS 2H 5C? / 4D? 3S? 6H?", "QD 8D? 3D? / JC? 10H? 10C?"], "2C QC"))
    reason = both(obs, A.TAKE_DISCARD)
    assert "keeps the queen from the next player, who shows one too" in reason["en"], reason["en"]
    assert "次の人もクイーンを表向きにしているので" in reason["ja"], reason["ja"]


def test_a_knock_behind_on_the_table_counts_the_face_down_cards() -> None:
    """Four-card knock: the seat shows more than the other, who still has two face-down cards."""
    obs = seat_view(position(load_preset("four-card"), ["KH 4S / KD 3C", "AS 2H? / 7D? AC"], "6C"))
    reason = both(obs, A.KNOCK)
    assert "you do not look lowest" in reason["en"] and "いちばん低いとは言えません" in reason["ja"]
    found = re.search(r"you are at about (−?\d+) and the others at about (−?\d+)", reason["en"])
    assert found and int(found[1]) < int(found[2]), reason["en"]
    assert f"あなたは約{found[1]}点、ほかの人は約{found[2]}点です" in reason["ja"], reason["ja"]


def positions(preset: str, holes: int) -> list[Observation]:
    rules = load_preset(preset)
    rng = random.Random(f"deviation reasons/{preset}")
    found = []
    for hole in range(holes):
        state = HoleState.deal(rules, 2 + hole % 3, 0, rng, f"deviation/{hole}")
        while not state.is_over():
            found.append(observe(state, state.current_player()))
            state.apply_action(rng.choice(state.legal_actions()))
    return found


@pytest.mark.parametrize("preset", ["basic", "four-card", "nine-card", "jokers", "house-party"])
def test_every_fact_a_reason_states_is_true_of_the_table(preset: str) -> None:
    counted = denied = standing = 0
    for obs in positions(preset, 6):
        if obs.phase == 0:  # the opening reveal has reasons of its own
            continue
        following = (obs.seat + 1) % obs.players
        for action in obs.legal_actions:
            reason = both(obs, action)
            for found in OUT_OF_SIGHT["en"].finditer(reason["en"]):
                rank = next(r for r in range(14) if rank_word(r, "en") == found[2])
                assert int(found[1]) == public_count(obs, rank), reason["en"]
                counted += 1
            assert len(OUT_OF_SIGHT["en"].findall(reason["en"])) == len(OUT_OF_SIGHT["ja"].findall(reason["ja"]))
            if "from the next player" in reason["en"]:
                top = obs.discard[-1]
                shown = [c for p, c in enumerate(obs.layouts[following]) if obs.up[following] >> p & 1]
                assert any(rank_of(c) == rank_of(top) for c in shown), reason["en"]
                denied += 1
            for word, ahead in (("you look ahead", True), ("you look behind", False)):
                if word in reason["en"]:
                    found = re.search(
                        r"you are at about (−?\d+) and the others at about (−?\d+(?:(?:, | and )−?\d+)*)", reason["en"]
                    )
                    mine = int(found[1].replace("−", "-"))
                    others = [int(n.replace("−", "-")) for n in re.findall(r"−?\d+", found[2])]
                    assert (mine < min(others)) == ahead, reason["en"]
                    standing += 1
    assert counted and standing, f"the sample states too few facts: {counted} counts, {standing} standings"
