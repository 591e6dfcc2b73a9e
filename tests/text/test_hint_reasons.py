"""The hint's reasons are true of what the seat can see: a knock is called the lowest only when the visible scores
say so, and the scores it quotes are the seat's own and the others' (japanese-review.md §1 #11, issue 18)."""

from __future__ import annotations

import random
import re

import pytest

from sixcardgolf import HoleState, load_preset
from sixcardgolf import actions as A
from sixcardgolf.messages import points_text
from sixcardgolf.observation import Observation, observe
from sixcardgolf.review.hint import explain

LOWEST = {"en": "is the lowest", "ja": "あなたがいちばん低そうです"}
QUOTE = {"en": r"you show (−?\d+),? and the others show ([^;)]*)|you show (−?\d+), the others show ([^;)]*)",
         "ja": r"あなたが(−?\d+)点、ほかの人が(.*?)で"}  # fmt: skip


def quoted_scores(lang: str, reason: str) -> tuple[int, list[int]]:
    """The seat's score and the others' as the reason quotes them."""
    match = re.search(QUOTE[lang], reason)
    assert match, reason
    mine, others = [group for group in match.groups() if group is not None]
    return int(mine.replace("−", "-")), sorted(int(n.replace("−", "-")) for n in re.findall(r"−?\d+", others))


def knock_positions(preset: str, holes: int) -> list[tuple[Observation, int]]:
    """(observation, knock action) wherever a random game offers the seat to move a knock or an early knock."""
    rules = load_preset(preset).with_options({"knock": True, "early_knock": True})
    found = []
    rng = random.Random(f"knock reasons/{preset}")
    for hole in range(holes):
        state = HoleState.deal(rules, 3, hole % 3, rng, f"knock/{hole}")
        while not state.is_over():
            legal = state.legal_actions()
            seat = state.current_player()
            for action in (A.KNOCK, A.EARLY_KNOCK):
                if action in legal:
                    found.append((observe(state, seat), action))
            state.apply_action(rng.choice(legal))
    return found


@pytest.mark.parametrize("preset", ["four-card", "basic"])
def test_a_knock_is_called_lowest_only_when_the_visible_scores_say_so(preset: str) -> None:
    positions = knock_positions(preset, 6)
    claims = {True: 0, False: 0}
    for obs, action in positions:
        mine = obs.visible_scores[obs.seat]
        others = [score for seat, score in enumerate(obs.visible_scores) if seat != obs.seat]
        lowest = mine < min(others) or (mine == min(others) and obs.rules.tie_counts_as_lowest)
        en, ja = explain(obs, action)
        for lang, reason in (("en", en), ("ja", ja)):
            assert (LOWEST[lang] in reason) == lowest, (lang, mine, others, reason)
            if action == A.KNOCK or lowest:
                assert quoted_scores(lang, reason) == (mine, sorted(others)), (reason, mine, others)
        claims[lowest] += 1
    assert claims[True] and claims[False], f"the sample needs both kinds of position: {claims}"


def test_the_review_case_is_not_called_lowest() -> None:
    """The position the review saw in live play: 「あなたは5点、ほかの人は0点」 was followed by 「いちばん低そう」."""
    for obs, action in knock_positions("four-card", 6):
        mine = obs.visible_scores[obs.seat]
        others = [s for seat, s in enumerate(obs.visible_scores) if seat != obs.seat]
        if action == A.KNOCK and mine > max(others):
            en, ja = explain(obs, action)
            assert f"you show {points_text(mine)}" in en and "do not look lowest" in en
            assert f"あなたが{points_text(mine)}点" in ja and "いちばん低いとは言えません" in ja
            return
    pytest.fail("no knock with the highest visible score in the sample")
