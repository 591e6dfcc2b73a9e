"""Rule sheets: every preset, in both languages, on both papers, rendered and read back.

Each document is rendered once and checked for everything at once (one page, no
WeasyPrint warning, the paper asked for, every rule statement and card value the
engine gives, embedded fonts with the Japanese one named, no text under 8 pt),
so the suite renders each sheet a single time.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from printables_built import built
from printables_pdf import (
    MIN_TEXT_PT,
    PAPER_PT,
    fonts,
    page_size,
    reader,
    squash,
    text,
    text_runs,
    values_in_table_order,
    weasyprint_log,
)

from printables.documents import DocumentSpec
from printables.labels import label
from printables.rules_sheet import PARTS, STEPS_TABLE, build_html
from sixcardgolf import Rules, load_preset, preset_info, preset_names, score_layout
from sixcardgolf.deck_check import check_layouts
from sixcardgolf.text import overview
from sixcardgolf.text.describe import SECTIONS, describe_rules, section_title
from sixcardgolf.text.describe_scoring import card_value_rows

LANGS = ("en", "ja")
PAPERS = ("a4", "letter")
SHEETS = [(preset, lang, paper) for preset in preset_names() for lang in LANGS for paper in PAPERS]


def render(rules: Rules, lang: str, paper: str, preset: str | None) -> tuple[bytes, list[str]]:
    with weasyprint_log() as records:
        pdf = DocumentSpec("rules", rules, lang, paper, preset).render().pdf
    return pdf, [f"{r.levelname}: {r.getMessage()}" for r in records]


def points_as_printed(points: object) -> str:
    return str(points)  # squash() maps the typographic minus to "-", so str() is the comparison form


def check_engine_facts(pdf: bytes, rules: Rules, lang: str, in_brief: bool = True) -> None:
    """Every statement and card value the engine gives for these rules is on the sheet, with the
    summary paragraph and (unless the last-resort step left them out) the ten points in brief,
    under the sheet's headings."""
    extracted = text(pdf)
    flat = squash(extracted)
    # "Players and cards" has no heading of its own: its statements open the Setup steps.
    headings = [section_title(s, lang) for s in SECTIONS if s != "players"]
    for title in [*headings, label("scoring", lang)]:
        assert squash(title) in flat, f"heading {title!r} missing"
    assert squash(overview.summary_paragraph(rules, lang)) in flat, "summary paragraph missing"
    points = overview.in_brief(rules, lang)
    assert len(points) == 10
    assert (squash(label("in_brief", lang)) in flat) == in_brief
    for point in points if in_brief else ():
        assert squash(point) in flat, f"in brief: {point!r} missing"
    statements = describe_rules(rules, lang)
    for statement in statements:
        if statement.key == "values":
            continue  # one statement per card value row: the value table prints the same rows (checked below)
        assert squash(statement.text) in flat, f"{statement.section}/{statement.key}: {statement.text!r} missing"
    rows = card_value_rows(rules, lang)
    assert values_in_table_order(extracted, rows, [points_as_printed(p) for _, p in rows]), (
        f"card values {rows} not printed as a table of labels over points"
    )


def check_numbered_steps_and_example(pdf: bytes, rules: Rules, lang: str) -> None:
    """Setup and On your turn print as numbered steps (their numbers 1..n), and the worked example
    prints the total the engine scores for its layout."""
    flat = squash(text(pdf))
    statements = describe_rules(rules, lang)
    for part in (p for p in PARTS if p.numbered):
        count = sum(1 for s in statements if s.section in part.sections)
        assert "".join(f"{n}." for n in range(1, count + 1)) in flat, f"{part.key}: steps 1 to {count} not numbered"
    total = squash(str(score_layout(rules, overview.example_layout(rules)).total))
    caption = squash(label("example", lang))
    assert re.search(rf"{re.escape(caption)}[:：][^=]*={re.escape(total)}(?![0-9])", flat), (caption, total)


def check_print_quality(pdf: bytes, lang: str, paper: str) -> None:
    assert len(reader(pdf).pages) == 1
    width, height = page_size(pdf)
    expected_width, expected_height = PAPER_PT[paper]
    assert abs(width - expected_width) <= 1 and abs(height - expected_height) <= 1, (width, height, paper)
    used = fonts(pdf)
    assert used, "no fonts found"
    for font in used:
        assert font.embedded, f"font {font.name} is not embedded"
        assert font.has_to_unicode, f"font {font.name} has no ToUnicode map: its text would not extract"
    # Only the families the stylesheets name: Noto Sans CJK JP for Japanese (its Latin letters
    # too); Liberation Sans with DejaVu Sans behind it (symbols such as ★) for English; and in both
    # languages Liberation Sans for the drawing's card faces (printables.diagram.FACE_FONT).
    names = {font.name.replace("-", " ") for font in used}
    named = ("Noto Sans CJK JP", "Liberation Sans") if lang == "ja" else ("Liberation Sans", "DejaVu Sans")
    assert all(name.startswith(named) for name in names), names
    if lang == "ja":
        assert any(name.startswith("Noto Sans CJK JP") for name in names), names
    runs = text_runs(pdf)
    smallest = min(runs, key=lambda run: run.size_pt)
    assert smallest.size_pt >= MIN_TEXT_PT - 0.01, f"text {smallest.text!r} is {smallest.size_pt:.2f} pt"


@pytest.mark.parametrize(("preset", "lang", "paper"), SHEETS, ids=["-".join(s) for s in SHEETS])
def test_rule_sheet(preset: str, lang: str, paper: str) -> None:
    rules = load_preset(preset)
    pdf = built(DocumentSpec("rules", rules, lang, paper, preset))  # as the build made it (no WeasyPrint warning)
    check_print_quality(pdf, lang, paper)
    check_engine_facts(pdf, rules, lang)
    check_numbered_steps_and_example(pdf, rules, lang)
    title = preset_info(preset).title[lang]
    assert squash(title) in squash(text(pdf)), title


# Worked examples checked by hand against RULES.md: the example layout is
# 7♠ K♥ 2♦ / 7♥ 5♦ Q♣ (2x3), with a third row 7♦ 3♣ A♠ on 3x3, and a joker in
# place of the 5 when the rules deal jokers.
HAND_CHECKED_EXAMPLES = [
    # basic: the 7s pair (0); K 0 + 5 = 5; 2 is -2, Q 10 -> 8.
    ("basic", {}, "0+5+8=13"),
    # jokers: K 0 + joker -2 = -2; 2 counts +2 with jokers, + Q 10 = 12.
    ("jokers", {}, "0+(-2)+12=10"),
    # nine-card: three 7s cancel (0); K 0 + 5 + 3 = 8; 2 -2 + Q 10 + A 1 = 9.
    ("nine-card", {}, "0+8+9=17"),
    # pairs off: the 7s are a plain sum, 14.
    ("basic", {"pairs": "off"}, "14+5+8=27"),
    # queens at 12 change column 3: -2 + 12 = 10.
    ("basic", {"values.Q": 12}, "0+5+10=15"),
]


@pytest.mark.parametrize(("preset", "change", "sum_text"), HAND_CHECKED_EXAMPLES)
def test_worked_example_by_hand(preset: str, change: dict[str, object], sum_text: str) -> None:
    rules = load_preset(preset).with_options(change)
    pdf, logged = render(rules, "en", "a4", preset if not change else None)
    assert logged == []
    flat = squash(text(pdf))
    assert sum_text in flat
    for card in ("7♠", "K♥", "2♦", "7♥", "Q♣"):
        assert card in flat


def test_header_strip_by_hand() -> None:
    # RULES.md §2: one deck for 2–4 players, two for 5–8; for 9-card two decks from 4 players up.
    basic = squash(text(built(DocumentSpec("rules", load_preset("basic"), "en", "a4", "basic"))))
    assert "2–8players" in basic
    assert "1deckfor2–4players·2decksfor5–8players" in basic
    nine = squash(text(built(DocumentSpec("rules", load_preset("nine-card"), "ja", "a4", "nine-card"))))
    assert "2〜3人は1組・4〜8人は2組" in nine


# Every option that adds text at once: longer than any preset, it must still fit at 8 pt or more.
KITCHEN_SINK = {
    "layout": "3x3", "initial_reveals": 3, "jokers_per_deck": 2, "values.2": 2, "values.JK": -5,
    "one_eyed_jacks": True, "joker_pair_value": -10, "negative_pairs_keep_value": True,
    "flip_on_discard": "endgame", "flip_as_action": True, "knock": True, "knock_penalty": "double_plus5",
    "knock_reward_zero": True, "early_knock": True, "end_of_hole": "immediate", "four_of_a_kind": True,
    "wolfpack": True, "blackjack": True, "going_out_penalty": True, "going_out_bonus": True,
    "underdog_bonus": True, "tied_shame": True, "ties": "playoff", "holes": 18, "decks": 3,
}  # fmt: skip


@pytest.mark.parametrize(("lang", "paper"), [("ja", "letter"), ("en", "a4")])
def test_every_option_at_once_still_fits_one_readable_page(lang: str, paper: str) -> None:
    rules = Rules.from_dict(KITCHEN_SINK)
    with weasyprint_log() as records:
        rendered = DocumentSpec("rules", rules, lang, paper, None).render()
    assert records == []
    check_print_quality(rendered.pdf, lang, paper)
    check_engine_facts(rendered.pdf, rules, lang, in_brief=STEPS_TABLE[rendered.step].in_brief)


def test_changing_one_value_changes_the_sheet() -> None:
    base = load_preset("jokers")
    changed = base.with_options({"values.JK": -5})
    old = text(built(DocumentSpec("rules", base, "en", "a4", "jokers")))
    new = text(render(changed, "en", "a4", None)[0])
    assert squash(old) != squash(new)
    old_rows, new_rows = card_value_rows(base, "en"), card_value_rows(changed, "en")
    assert values_in_table_order(new, new_rows, [str(p) for _, p in new_rows])
    assert not values_in_table_order(new, old_rows, [str(p) for _, p in old_rows])
    assert values_in_table_order(old, old_rows, [str(p) for _, p in old_rows])


@pytest.mark.parametrize(("preset", "lang", "paper"), [("basic", "en", "a4"), ("house-party", "ja", "letter")])
def test_the_sheet_uses_the_largest_type_that_fits(preset: str, lang: str, paper: str) -> None:
    from printables.render import layout

    spec = DocumentSpec("rules", load_preset(preset), lang, paper, preset)
    chosen = spec.render().step
    assert len(layout(spec.build_html(chosen)).pages) == 1
    if chosen > 0:
        assert len(layout(spec.build_html(chosen - 1)).pages) > 1, "a roomier step would also have fitted"


@pytest.mark.parametrize(("preset", "lang"), [("four-card", "en"), ("house-party", "ja"), ("basic", "en")])
def test_what_differs_from_the_basic_game_is_starred(preset: str, lang: str) -> None:
    """One ★ per engine sentence the basic game does not have, one per changed value column,
    and one in the legend (none at all for the basic game itself)."""
    rules = load_preset(preset)
    basic = Rules()
    new_sentences = {s.text for s in describe_rules(rules, lang) if s.key != "values"} - {
        s.text for s in describe_rules(basic, lang)
    }
    new_values = set(card_value_rows(rules, lang)) - set(card_value_rows(basic, lang))
    expected = len(new_sentences) + len(new_values)
    extracted = text(built(DocumentSpec("rules", rules, lang, "a4", preset)))
    assert extracted.count("★") == (expected + 1 if expected else 0)
    if preset != "basic":
        assert expected > 0


class _SheetStructure(HTMLParser):
    """The sheet's HTML read back: the In brief items, and the items of each numbered or bulleted part."""

    def __init__(self) -> None:
        super().__init__()
        self.brief: list[str] = []
        self.lists: list[tuple[str, list[str]]] = []  # (tag and class, item texts)
        self._stack: list[str] = []
        self._item: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = dict(attrs).get("class") or ""
        if tag in ("ul", "ol"):
            self._stack.append(f"{tag}.{classes}")
            self.lists.append((self._stack[-1], []))
        elif tag == "li":
            self._item = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("ul", "ol"):
            self._stack.pop()
        elif tag == "li" and self._item is not None:
            item = "".join(self._item).replace("★", "").strip()
            [entry for entry in self.lists if entry[0] == self._stack[-1]][-1][1].append(item)
            if self._stack[-1] == "ul.brief":
                self.brief.append(item)
            self._item = None

    def handle_data(self, data: str) -> None:
        if self._item is not None:
            self._item.append(data)


@pytest.mark.parametrize("preset", ["basic", "four-card", "house-party"])
@pytest.mark.parametrize("lang", LANGS)
def test_in_brief_has_ten_points_and_setup_and_turn_are_numbered_steps(preset: str, lang: str) -> None:
    rules = load_preset(preset)
    sheet = _SheetStructure()
    sheet.feed(build_html(rules, preset, lang, "a4", 0))
    assert sheet.brief == overview.in_brief(rules, lang) and len(sheet.brief) == 10
    steps = [items for kind, items in sheet.lists if kind == "ol.statements steps"]
    statements = describe_rules(rules, lang)
    numbered = [part for part in PARTS if part.numbered]
    assert [p.key for p in numbered] == ["setup", "turn"]
    assert steps == [[s.text for s in statements if s.section in part.sections] for part in numbered]
    assert steps[0][0] == statements[0].text  # Setup opens with who plays and with how many decks


@pytest.mark.parametrize("preset", preset_names())
def test_the_worked_example_is_a_layout_the_rules_decks_can_deal(preset: str) -> None:
    check_layouts(load_preset(preset), [overview.example_layout(load_preset(preset))])
