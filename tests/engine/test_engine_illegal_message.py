"""A refused move's message is written only when it is read, and still describes the moment of the refusal."""

from __future__ import annotations

import pytest
from golf_rig import play, reveal_openings, scripted_hole

import sixcardgolf.hole
from sixcardgolf import IllegalActionError, Rules, parse_action

LAYOUTS = ["8H KS 2D / 8C AS 5H", "QH QS 3D / 4C 9S 7H"]


def test_a_refusal_that_nobody_reads_writes_no_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    """Playouts and the conformance check try moves the rules refuse and catch the error unread: formatting both
    languages' sentences for each was a tenth of the check's time."""
    written = []
    both = sixcardgolf.hole.both
    monkeypatch.setattr(sixcardgolf.hole, "both", lambda key, **values: written.append(key) or both(key, **values))
    state = reveal_openings(scripted_hole(Rules(), LAYOUTS, "6D"))
    for _ in range(50):
        with pytest.raises(IllegalActionError):
            state.apply_action(parse_action("discard"))
    assert written == []
    with pytest.raises(IllegalActionError) as refused:
        state.check_legal(parse_action("knock"))
    assert str(refused.value).startswith("action 'knock' is not allowed for player 1 in the draw phase")
    assert written == ["error.illegal.not_now"]


def test_the_message_read_later_names_the_moment_of_the_refusal() -> None:
    state = reveal_openings(scripted_hole(Rules(), LAYOUTS, "6D", stock="KD"))
    play(state, "take")
    with pytest.raises(IllegalActionError) as refused:
        state.apply_action(parse_action("discard"))  # a card taken from the discard pile must be swapped in
    play(state, "swap 1", "draw")  # the hole moves on before anyone reads the refusal
    error = refused.value
    assert str(error) == (
        "action 'discard' is not allowed for player 1 in the holding phase because a card taken from the discard "
        "pile must be swapped into your layout; legal: swap 1, swap 2, swap 3, swap 4, swap 5, swap 6"
    )
    assert error.message("ja") == error.ja and error.ja and "捨て札" in error.ja
    assert repr(error).startswith("IllegalActionError(\"action 'discard'")


def test_the_arguments_read_first_hold_the_message() -> None:
    """Code that reads `error.args[0]` (logging, a re-raise, a test helper) gets the sentence, not an empty text."""
    state = reveal_openings(scripted_hole(Rules(), LAYOUTS, "6D"))
    with pytest.raises(IllegalActionError) as refused:
        state.apply_action(parse_action("discard"))
    (message,) = refused.value.args
    assert message.startswith("action 'discard' is not allowed for player 1 in the draw phase")
    assert str(refused.value) == message
