"""Card, layout and action notation: examples by hand, then hypothesis properties."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sixcardgolf import NotationError, format_action, format_card, format_layout, parse_action, parse_card, parse_layout
from sixcardgolf.cards import JOKER, RANKS, SUITS, rank_of, suit_of


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [("8H", "8", "H"), ("10s", "10", "S"), ("TD", "10", "D"), ("qc", "Q", "C"), ("A♠", "A", "S"), ("K♥", "K", "H"),
     ("J♦", "J", "D"), ("2♣", "2", "C"), (" 5h ", "5", "H")],
)  # fmt: skip
def test_cards_read_any_case_letters_or_symbols_and_t_for_ten(text: str, rank: str, suit: str) -> None:
    card = parse_card(text)
    assert RANKS[rank_of(card)] == rank and SUITS[suit_of(card)] == suit  # type: ignore[index]


def test_the_joker() -> None:
    assert parse_card("JK") == parse_card("jk") == JOKER and format_card(JOKER) == "JK" and suit_of(JOKER) is None


def test_cards_print_in_the_canonical_form() -> None:
    assert format_card(parse_card("th")) == "10H"
    assert format_card(parse_card("qs"), symbols=True) == "Q♠"


@pytest.mark.parametrize("token", ["1H", "11S", "8X", "H8", "", "JKK", "ZZ", "10", "♠"])
def test_a_bad_card_is_an_error_quoting_it(token: str) -> None:
    with pytest.raises(NotationError, match=repr(token).replace("\\", "\\\\")):
        parse_card(token)


def test_layout_rows_are_separated_by_slashes_and_positions_run_row_by_row() -> None:
    cards = parse_layout("8H KS 2D / 8C AS 5H", 2, 3)
    assert [format_card(c) for c in cards] == ["8H", "KS", "2D", "8C", "AS", "5H"]
    assert format_layout(cards, 3) == "8H KS 2D / 8C AS 5H"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("8H KS 2D / 8C AS", "rows of different lengths"),
        ("8H KS / 8C AS", "is 2x2, but these rules deal 2x3"),
        ("8H KS 2D / / 8C AS 5H", "empty row"),
        ("8H KS 2D / 8C AS 5Z", "'5Z'"),
    ],
)
def test_a_bad_layout_is_an_error_quoting_it(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message) as caught:
        parse_layout(text, 2, 3)
    assert repr(text) in str(caught.value)


@pytest.mark.parametrize(
    "text", ["draw", "take", "discard", "knock", "early-knock", "skip", "next", "swap 1", "swap 9", "flip 4"]
)
def test_actions_round_trip(text: str) -> None:
    assert format_action(parse_action(text)) == text


@pytest.mark.parametrize("text", ["swap 0", "swap 10", "flip", "jump", "swap x"])
def test_a_bad_action_is_an_error_quoting_it(text: str) -> None:
    with pytest.raises(NotationError, match=repr(text)):
        parse_action(text)


# -- properties ---------------------------------------------------------------------------------------

card_codes = st.integers(min_value=0, max_value=JOKER)


@given(card_codes, st.booleans())
def test_format_then_parse_gives_the_card_back(card: int, symbols: bool) -> None:
    text = format_card(card, symbols)
    assert parse_card(text) == parse_card(text.lower()) == card


@st.composite
def layouts(draw: st.DrawFn) -> tuple[list[int], int, int]:
    rows, cols = draw(st.sampled_from([(2, 2), (2, 3), (2, 4), (3, 3)]))
    return draw(st.lists(card_codes, min_size=rows * cols, max_size=rows * cols)), rows, cols


@given(layouts(), st.booleans())
def test_layout_format_then_parse_round_trips(layout: tuple[list[int], int, int], symbols: bool) -> None:
    cards, rows, cols = layout
    assert parse_layout(format_layout(cards, cols, symbols), rows, cols) == cards


VALID_TOKENS = {f"{r}{s}" for r in [*RANKS[:13], "T"] for s in SUITS} | {"JK", "JOKER"}


@given(st.text(alphabet="AJKQTXZ0123456789SHDC♠♥♦♣x-_.", min_size=1, max_size=4))
def test_every_bad_token_is_quoted_in_the_error(token: str) -> None:
    symbols = dict(zip("♠♥♦♣", "SHDC", strict=True))
    normalised = "".join(symbols.get(ch, ch) for ch in token.upper())
    if normalised in VALID_TOKENS:  # read as the card it names
        card = parse_card(token)
        rank, suit = normalised[:-1], normalised[-1]
        if normalised in ("JK", "JOKER"):
            assert card == JOKER
        else:
            assert RANKS[rank_of(card)] == ("10" if rank == "T" else rank) and SUITS[suit_of(card)] == suit  # type: ignore[index]
        return
    with pytest.raises(NotationError) as caught:
        parse_card(token)
    assert repr(token) in str(caught.value)
