"""The hole review (sixcardgolf.review): honest verdicts from the player's own view, in both languages."""

from __future__ import annotations

import random

import pytest
from review_support import basic_match, by_hint, by_level, play

from sixcardgolf import Match, load_preset
from sixcardgolf import actions as A
from sixcardgolf.door import Session
from sixcardgolf.hole import HoleState
from sixcardgolf.review import review_match, seat_decisions
from sixcardgolf.review.hint import hint
from sixcardgolf.review.loss import FLAG_THRESHOLD
from sixcardgolf.seeds import hint_seed, hole_rng
from support.door import result
from support.saves import page_save

HIGH = 9  # points: a card this high is no use on a column already paired


TABLE = Session()  # the match being played between requests, as the page's Web Worker keeps it


def pair_seed() -> int:
    """The first seed whose first deal gives seat 1 a pair in column 1 and a high card on top of the stock."""
    points = load_preset("basic").card_points
    for seed in range(500):
        hole = basic_match(seed).hole
        top, bottom = hole.layouts[0][0], hole.layouts[0][3]
        if top >> 2 == bottom >> 2 and points[hole.stock[-1]] >= HIGH and points[hole.discard[-1]] >= 6:
            return seed
    raise AssertionError("no such deal below seed 500")


BLUNDER_STEP = 5  # flip 1, flip 4, the other seat's two opening flips, draw: then the swap
# Better: throw the card away, or put it in a face-down position (Hard's search weighs both alike and may pick
# either: a step nearer to going out against a high card kept), never on a face-up card.
KEEPS_THE_PAIR = ("discard", "swap 2", "swap 3", "swap 5", "swap 6")


@pytest.fixture(scope="module")
def blunder() -> Match:
    """Seat 1 turns up a pair in column 1, draws a high card and puts it on the pair; afterwards it follows the Hint."""
    match = basic_match(pair_seed())
    match.apply_action(A.flip(0))
    match.apply_action(A.flip(3))
    for _ in range(2):
        match.apply_action(by_level("normal")(match, 1))
    match.apply_action(A.DRAW_STOCK)
    assert len(match.log) == BLUNDER_STEP and match.hole.held >> 2 != match.hole.layouts[0][0] >> 2
    return play(match, [by_hint, by_level("normal")], ["swap 1"])


def test_a_hole_played_by_the_hint_has_nothing_flagged() -> None:
    match = play(basic_match(7), [by_hint, by_level("normal")])
    review = review_match(match, 0)
    (hole,) = review.holes
    assert len(hole.decisions) >= 8
    assert all(d.played == d.better and d.loss is None for d in hole.decisions)
    assert hole.flagged == [] and hole.expected_loss == 0 and review.accuracy == 1.0
    assert hole.points == match.records[0].points[0]


def test_a_high_card_on_a_pair_is_flagged_with_the_better_move_and_its_cost(blunder: Match) -> None:
    answer = result("match_review", TABLE, save=page_save(blunder, ["human", "normal"]), seat=0)
    (hole,) = answer["holes"]
    worst = hole["decisions"][0]
    assert (worst["step"], worst["played"]) == (BLUNDER_STEP, "swap 1")
    assert worst["better"] in KEEPS_THE_PAIR
    assert worst["loss"] >= 3 and worst["loss"] >= 2 * worst["uncertainty"] > 0
    losses = [d["loss"] for d in hole["decisions"]]
    assert losses == sorted(losses, reverse=True) and min(losses) >= FLAG_THRESHOLD
    assert hole["expected_loss"] == pytest.approx(sum(losses), abs=0.02)
    assert hole["points"] == blunder.records[0].points[0]
    assert 0 < answer["accuracy"] < 1 and answer["accuracy"] == hole["accuracy"]


def test_reasons_are_the_hints_own_words_in_english_and_japanese(blunder: Match) -> None:
    observation = next(obs for _, step, obs in seat_decisions(blunder, 0) if step == BLUNDER_STEP)
    advice = hint(observation, hint_seed(blunder.seed, BLUNDER_STEP, 0))
    save = page_save(blunder, ["human", "normal"])
    english = result("match_review", TABLE, save=save, seat=0, lang="en")["holes"][0]["decisions"][0]["reason"]
    japanese = result("match_review", TABLE, save=save, seat=0, lang="ja")["holes"][0]["decisions"][0]["reason"]
    assert english == advice.reason_en and "jack" in english
    assert japanese == advice.reason_ja and "ジャック" in japanese and japanese.endswith("。")


def test_the_better_move_is_what_the_hint_button_showed_at_that_moment(blunder: Match) -> None:
    """The Play page's own Hint (match_hint on the save cut at the blunder) names the review's better move."""
    save = page_save(blunder, ["human", "normal"])
    better = result("match_review", TABLE, save=save, seat=0)["holes"][0]["decisions"][0]["better"]
    result("match_load", TABLE, save=page_save(blunder, ["human", "normal"], BLUNDER_STEP))
    assert result("match_hint", TABLE)["action"] == better


class Rearranged(random.Random):
    """Shuffles as `inner` does, then moves the cards at `places` (indexes of the shuffled shoe) one place on."""

    def __init__(self, inner: random.Random, places: list[int]) -> None:
        super().__init__(0)
        self.inner, self.places = inner, places

    def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
        self.inner.shuffle(x)
        cards = [x[i] for i in self.places]
        for i, card in zip(self.places, cards[1:] + cards[:1], strict=True):
            x[i] = card


def never_seen_places(match: Match, seat: int) -> list[int]:
    """Indexes in hole 1's shuffled shoe of the cards `seat` never saw before the hole ended: face-down cards
    never turned up or replaced, and the stock below the cards drawn."""
    rules, players = match.rules, match.players
    shoe = rules.shoe_for(players)
    hole_rng(match.seed, 0)[0].shuffle(shoe)
    state = HoleState.deal(rules, players, players - 1, hole_rng(match.seed, 0)[0])
    seen_up = [0] * players
    draws = 0
    for action in match.log[: match.log.index(A.NEXT_HOLE) if A.NEXT_HOLE in match.log else None]:
        draws += action == A.DRAW_STOCK
        state.apply_action(action)
        if not state.is_over():
            seen_up = [old | up for old, up in zip(seen_up, state.up, strict=True)]
    assert state.is_over() and state.recycles == 0
    dealt = rules.size * players
    places = []
    for s in range(players):
        if s != seat or not rules.peek:
            for p in range(rules.size):
                if not seen_up[s] >> p & 1:
                    places.append(len(shoe) - 1 - (p * players + (s - state.dealer - 1) % players))
    stock_size = len(shoe) - dealt - 1
    places.extend(range(stock_size - draws))
    return places


def test_rearranging_cards_the_player_could_not_see_leaves_the_review_unchanged(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    original = play(basic_match(16), [by_level("easy"), by_level("normal")])
    places = never_seen_places(original, 0)
    assert len(places) > 10

    def rearranged_rng(seed: int, hole_index: int) -> tuple[random.Random, str]:
        rng, key = hole_rng(seed, hole_index)
        return Rearranged(rng, places), key

    first = review_match(original, 0)  # no verdicts kept: each review judges afresh
    monkeypatch.setattr("sixcardgolf.match.hole_rng", rearranged_rng)
    other = Match.from_save(original.to_save())  # the same actions, on the rearranged deal
    assert other.hole.layouts != original.hole.layouts and other.hole.stock != original.hole.stock
    second = review_match(other, 0)
    assert len(first.holes[0].decisions) >= 8
    verdicts = [[(d.step, d.played, d.better, d.loss, d.reason_en) for d in h.decisions] for h in first.holes]
    assert verdicts == [[(d.step, d.played, d.better, d.loss, d.reason_en) for d in h.decisions] for h in second.holes]
