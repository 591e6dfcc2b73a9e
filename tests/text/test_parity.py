"""The rule text says the same in English and Japanese (issue 16, "How it is checked").

For every preset (and a few house-rule mixes): the statements come in the same sections in the same number, and
every number an English statement states appears in its Japanese twin (2行3列 says "2 rows of 3, making
3 columns" with one 3); the same for the sheets' summary
paragraph and their ten points in brief. A number the English spells out ("two rows of three") counts as its
digits, since the Japanese writes digits (2行3列).
"""

from __future__ import annotations

import re

import pytest

from sixcardgolf import Rules, load_preset, preset_info, preset_names
from sixcardgolf.text.describe import describe_rules
from sixcardgolf.text.overview import in_brief, summary_paragraph

SPELLED = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")
WORD = re.compile(r"\b(" + "|".join(SPELLED) + r")\b", re.IGNORECASE)
NUMBER = re.compile(r"[−-]?\d+(?:\.\d+)?")

MIXES = [
    {"knock": True, "knock_penalty": "double_plus5", "knock_reward_zero": True, "early_knock": True},
    {"layout": "3x3", "pairs": "anywhere", "jokers_per_deck": 2, "joker_pair_value": -4, "decks": 2},
    {"flip_on_discard": "always", "negative_pairs_keep_value": True, "ties": "playoff", "holes": 18},
    {
        "one_eyed_jacks": True,
        "values.K": -2,
        "blackjack": True,
        "going_out_penalty": True,
        "going_out_bonus": True,
        "underdog_bonus": True,
        "tied_shame": True,
        "turn_limit": 60,
    },
]


def numbers(text: str, *, spelled: bool) -> set[str]:
    text = re.sub(r"(?<=\w)-(?=\w)", " ", text)  # "two-by-two": a hyphen, not a minus
    if spelled:
        text = WORD.sub(lambda m: str(SPELLED.index(m.group(1).lower())), text)
        text = re.sub(r"\bminus (?=\d)", "−", text)
    return set(NUMBER.findall(text.replace("-", "−")))


def rules_cases() -> list[tuple[str, Rules]]:
    cases = [(name, load_preset(name)) for name in preset_names()]
    cases += [(f"mix{index}", Rules.from_dict(mix)) for index, mix in enumerate(MIXES)]
    return cases


CASES = rules_cases()


def twins(en: list[str], ja: list[str], what: str, *, spelled: bool = False) -> None:
    assert len(en) == len(ja), (what, en, ja)
    for en_text, ja_text in zip(en, ja, strict=True):
        missing = numbers(en_text, spelled=spelled) - numbers(ja_text, spelled=False)
        assert not missing, f"{what}: {sorted(missing)} of {en_text!r} not in {ja_text!r}"


@pytest.mark.parametrize(("name", "rules"), CASES, ids=[name for name, _ in CASES])
def test_statements_match_section_by_section(name: str, rules: Rules) -> None:
    en, ja = describe_rules(rules, "en"), describe_rules(rules, "ja")
    assert [(s.section, s.key) for s in en] == [(s.section, s.key) for s in ja], name
    sections = dict.fromkeys(s.section for s in en)
    for section in sections:
        twins(
            [s.text for s in en if s.section == section],
            [s.text for s in ja if s.section == section],
            f"{name} {section}",
        )


@pytest.mark.parametrize(("name", "rules"), CASES, ids=[name for name, _ in CASES])
def test_the_sheet_texts_match(name: str, rules: Rules) -> None:
    twins([summary_paragraph(rules, "en")], [summary_paragraph(rules, "ja")], f"{name} summary", spelled=True)
    twins(in_brief(rules, "en"), in_brief(rules, "ja"), f"{name} in brief", spelled=True)


@pytest.mark.parametrize("name", preset_names())
def test_the_preset_summaries_match(name: str) -> None:
    summary = preset_info(name).summary
    twins([summary["en"]], [summary["ja"]], f"{name} preset summary", spelled=True)


def test_the_check_sees_a_number_dropped_or_changed() -> None:
    twins(["Deal 6 each, 2 rows of 3"], ["6枚ずつ2行3列に配ります"], "same")
    for ja in ("6枚ずつ2行に配ります", "6枚ずつ2行4列に配ります"):
        with pytest.raises(AssertionError):
            twins(["Deal 6 each, 2 rows of 3"], [ja], "changed")
    with pytest.raises(AssertionError):
        twins(["two rows of three"], ["2行に並べます"], "spelled", spelled=True)
    with pytest.raises(AssertionError):
        twins(["worth minus five"], ["5点です"], "sign", spelled=True)
