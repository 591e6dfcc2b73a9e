"""Score pads: 2 and 8 players, 9 and 18 holes, both languages and papers (the densest
preset's reminder), plus every preset's widest pad; each rendered once and read back."""

from __future__ import annotations

import pytest
from printables_built import built
from printables_pdf import squash, text, values_in_table_order, weasyprint_log
from test_printables_rules_sheet import check_print_quality

from printables.documents import DocumentSpec
from printables.labels import label
from printables.render import PrintableError
from sixcardgolf import Rules, load_preset, preset_names
from sixcardgolf.text.describe import describe_rules
from sixcardgolf.text.describe_scoring import card_value_rows

DENSEST = "house-party"  # the most reminder lines at the foot
GRID = [(players, holes, lang, paper) for players in (2, 8) for holes in (9, 18) for lang in ("en", "ja") for paper in ("a4", "letter")]  # fmt: skip
REMINDER_SECTIONS = ("pairs", "adjustments")


def render_pad(rules: Rules, preset: str | None, lang: str, paper: str, players: int, holes: int) -> bytes:
    with weasyprint_log() as records:
        pdf = DocumentSpec("scorepad", rules, lang, paper, preset, players, holes).render().pdf
    assert [r.getMessage() for r in records] == []
    return pdf


def check_pad(pdf: bytes, rules: Rules, lang: str, paper: str, players: int, holes: int) -> None:
    check_print_quality(pdf, lang, paper)
    extracted = text(pdf)
    flat = squash(extracted)
    # Exactly one row per hole, numbered down the first column, then the play-off row if the
    # rules settle ties that way, then the winner line below the table.
    after = label("playoff", lang) if rules.ties == "playoff" else label("winner", lang)
    assert "".join(str(h) for h in range(1, holes + 1)) + squash(after) in flat
    # A name box and a points/total pair of columns for every player.
    assert extracted.count(label("names", lang)) == players
    assert extracted.count(label("running_total", lang)) == players
    assert squash(label("date", lang)) in flat
    # The foot: card values as a table, and the pair and adjustment statements.
    rows = card_value_rows(rules, lang)
    assert values_in_table_order(extracted, rows, [str(p) for _, p in rows])
    for statement in describe_rules(rules, lang):
        if statement.section in REMINDER_SECTIONS:
            assert squash(statement.text) in flat, f"reminder misses {statement.text!r}"


@pytest.mark.parametrize(("players", "holes", "lang", "paper"), GRID, ids=["-".join(map(str, g)) for g in GRID])
def test_score_pad_sizes(players: int, holes: int, lang: str, paper: str) -> None:
    rules = load_preset(DENSEST)
    check_pad(render_pad(rules, DENSEST, lang, paper, players, holes), rules, lang, paper, players, holes)


@pytest.mark.parametrize("preset", preset_names())
def test_score_pad_every_preset(preset: str) -> None:
    rules = load_preset(preset)
    pdf = built(DocumentSpec("scorepad", rules, "ja", "letter", preset, 8, 18))
    check_pad(pdf, rules, "ja", "letter", 8, 18)


def test_playoff_rules_get_a_playoff_row() -> None:
    shared = load_preset("basic")
    playoff = shared.with_options({"ties": "playoff"})
    assert squash(label("playoff", "en")) not in squash(text(render_pad(shared, "basic", "en", "a4", 4, 9)))
    assert squash(label("playoff", "en")) in squash(text(render_pad(playoff, None, "en", "a4", 4, 9)))


@pytest.mark.parametrize(
    ("players", "holes", "expected"),
    [(1, 9, "players 1"), (9, 9, "players 9"), (4, 0, "holes 0"), (4, 19, "holes 19")],
)
def test_pad_limits_are_clear_errors(players: int, holes: int, expected: str) -> None:
    with pytest.raises(PrintableError, match=expected):
        DocumentSpec("scorepad", load_preset("basic"), "en", "a4", "basic", players, holes)


def test_pad_refuses_a_table_the_decks_cannot_deal() -> None:
    one_deck_nine_card = load_preset("nine-card").with_options({"decks": 1})
    with pytest.raises(PrintableError, match="need at least"):
        DocumentSpec("scorepad", one_deck_nine_card, "en", "a4", None, 8, 9)


@pytest.mark.parametrize(("lang", "paper", "players", "holes"), [("en", "letter", 2, 18), ("ja", "a4", 5, 9)])
def test_a_blank_pad_serves_any_game(lang: str, paper: str, players: int, holes: int) -> None:
    pdf = DocumentSpec("scorepad", Rules(), lang, paper, None, players, holes, blank=True).render().pdf
    check_print_quality(pdf, lang, paper)
    extracted = text(pdf)
    assert extracted.count(label("running_total", lang)) == players
    assert "".join(str(h) for h in range(1, holes + 1)) + squash(label("winner", lang)) in squash(extracted)
    assert squash(label("game_name", lang)) in squash(extracted.split(label("names", lang))[0])  # a line to name it
    assert label("reminder", lang) not in extracted  # no rules of any one game
    for statement in describe_rules(Rules(), lang):
        if statement.section in REMINDER_SECTIONS:
            assert squash(statement.text) not in squash(extracted)
