"""The Hint: a legal move with a short reason in English and Japanese that gives nothing hidden away."""

from __future__ import annotations

import random

import pytest

from sixcardgolf import HoleState, Rules, load_preset
from sixcardgolf import actions as A
from sixcardgolf.ai import search
from sixcardgolf.cards import rank_of
from sixcardgolf.observation import observe
from sixcardgolf.review.hint import Hint, hint
from sixcardgolf.text.glossary import rank_word, term
from support.scripted import position, seat_view

OPPONENT = "QD? 8D 3D? / JC? 10H? 10C?"


@pytest.fixture(autouse=True)
def light_hard(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search.HardPolicy, "budget", 1500)


def test_a_discard_that_pairs_is_explained_by_the_pair() -> None:
    state = position(Rules(), ["QH 4D? 8C? / 7S 5H? 2D?", OPPONENT], "3C QC")
    advice = hint(seat_view(state), 1)
    assert advice.action == A.TAKE_DISCARD
    assert advice.reason_en == "Take the queen from the discard pile: it pairs your queen in column 1."
    assert advice.reason_ja == "捨て札のクイーンを取りましょう。1列目のクイーンとペアになります。"


def test_a_draw_names_the_unwanted_discard() -> None:
    state = position(Rules(), ["KH 4D? 8C? / AS 5H? 2D?", OPPONENT], "3C QC")
    advice = hint(seat_view(state), 1)
    assert advice.action == A.DRAW_STOCK
    assert "queen" in advice.reason_en and "discard pile" in advice.reason_en
    assert term("stock", "ja") in advice.reason_ja and "クイーン" in advice.reason_ja


def test_a_knock_quotes_the_visible_scores() -> None:
    state = position(load_preset("four-card"), ["KH AS* / KD AC*", "QS 9H / 7D? 5C?"], "6C")
    advice = hint(seat_view(state), 1)
    assert advice.action == A.KNOCK
    assert "you show 0, the others show 19" in advice.reason_en
    assert term("knock", "ja") in advice.reason_ja and "19点" in advice.reason_ja


def test_a_hint_needs_the_seat_to_move() -> None:
    state = position(Rules(), ["KH 4D? 8C? / AS 5H? 2D?", OPPONENT], "3C QC")
    with pytest.raises(ValueError, match="not their turn"):
        hint(observe(state, 1), 1)


def hidden_only_ranks(state: HoleState) -> set[str]:
    """Names of ranks that sit face down (peeked or not) and appear nowhere face up, in the pile or in hand."""
    visible = {c for s, layout in enumerate(state.layouts) for p, c in enumerate(layout) if state.up[s] >> p & 1}
    visible |= set(state.discard) | ({state.held} if state.held >= 0 else set())
    names_seen = {rank_word(rank_of(c), lang) for c in visible for lang in ("en", "ja")}
    hidden = {c for s, layout in enumerate(state.layouts) for p, c in enumerate(layout) if not state.up[s] >> p & 1}
    return {rank_word(rank_of(c), lang) for c in hidden for lang in ("en", "ja")} - names_seen


@pytest.mark.parametrize("preset", ["basic", "four-card", "nine-card", "house-party"])
def test_hints_are_legal_and_never_name_a_face_down_card(preset: str) -> None:
    rules = load_preset(preset)
    for hole in range(2):
        state = HoleState.deal(rules, 2, hole % 2, random.Random(f"hint/{preset}/{hole}"), "hint")
        step = 0
        while not state.is_over():
            seat = state.current_player()
            obs = observe(state, seat)
            advice = hint(obs, step)
            assert isinstance(advice, Hint) and advice.action in state.legal_actions()
            assert advice.reason_en.endswith(".") and advice.reason_en[0].isupper()
            assert advice.reason_ja.endswith("。") and "ましょう" in advice.reason_ja
            for name in hidden_only_ranks(state):
                for phrase in (f"the {name} ", f"the {name}:", f"your {name} ", f"your {name},"):
                    assert phrase not in advice.reason_en, (name, advice)
                for phrase in (f"の{name}", f"{name}を", f"{name}は", f"{name}と", f"{name}（"):
                    assert phrase not in advice.reason_ja, (name, advice)
            state.apply_action(advice.action)
            step += 1


OPTIONAL_FLIP = Rules().with_options({"flip_on_discard": "optional"})


@pytest.mark.parametrize(
    ("layouts", "held", "skips"),
    [
        (["KH AS 3D / KD AC 6H?", "QH JS 10D / 9C? 8H? 7S?"], "9D", False),  # far ahead: end the hole
        (["9H 8S 7D / 6D 5C 10H?", "KH KS AD / KD AC 4S?"], "QC", True),  # far behind: keep playing
    ],
)
def test_an_optional_flip_is_explained_either_way(layouts: list[str], held: str, skips: bool) -> None:
    state = position(OPTIONAL_FLIP, layouts, "6C", held=held)
    state.apply_action(A.DISCARD)
    advice = hint(seat_view(state), 1)
    if skips:
        assert advice.action == A.SKIP_FLIP
        assert advice.reason_en.startswith("Skip the flip") and "can still be replaced" in advice.reason_en
        assert advice.reason_ja.startswith("カードは表にしないでおきましょう")
    else:
        assert advice.action == A.flip(5)
        assert advice.reason_en.startswith("Turn up position 6") and "end the hole" in advice.reason_en
        assert advice.reason_ja.startswith("6番のカードを表にしましょう") and "終わらせて" in advice.reason_ja


def test_an_optional_flip_that_goes_on_is_explained_as_a_look_at_a_card() -> None:
    # Behind, with four cards face down: the Hint turns one up and says what the look tells, in both languages.
    state = position(OPTIONAL_FLIP, ["9H 5D? 7C? / 4S? QH 6D?", "KH 2S? 3D? / KD AC? 4C?"], "6C", held="QS")
    state.apply_action(A.DISCARD)
    advice = hint(seat_view(state), 1)
    assert advice.action in [A.flip(p) for p in (1, 2, 3, 5)]
    shown = advice.action - A.FLIP + 1
    assert advice.reason_en.startswith(f"Turn up position {shown}:")
    assert advice.reason_ja.startswith(f"{shown}番のカードを表にしましょう。")
    assert "end the hole" not in advice.reason_en and "Skip" not in advice.reason_en
