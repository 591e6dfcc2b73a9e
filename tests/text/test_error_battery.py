"""Every error a page can get from the engine's JSON door has Japanese a player can act on (issue 16 §3).

A battery of bad requests goes through `sixcardgolf.door.handle` for every method. Under lang=ja each answer must
be Japanese, and name no option key, layout or action code, Python repr or true/false: an option is named by its
Japanese label and a value as the Custom panel shows it. What the player typed may be echoed inside 「」.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from sixcardgolf import door
from sixcardgolf.door import saves
from sixcardgolf.option_text import option_label
from support.door import ask as door_ask

LAYOUT = "8H KS 2D / 8C AS 5H"
GOOD_NEW = {"players": 2, "seats": ["human", "normal"], "seed": 3, "preset": "basic"}

BAD_REQUESTS: list[tuple[str, dict[str, Any]]] = [
    ("nope", {}),
    ("score", {}),
    ("score", {"layouts": "8H"}),
    ("score", {"layouts": ["8H KS / 8C AS"]}),
    ("score", {"layouts": ["8H KS 2D / 8C AS 5X"]}),
    ("score", {"layouts": ["8H KS 2D / 8C AS"]}),
    ("score", {"layouts": [" / 8C AS 5H"]}),
    ("score", {"layouts": ["8H KS 2D / JK AS 5H"]}),
    ("score", {"layouts": [LAYOUT, LAYOUT]}),
    ("score", {"layouts": [LAYOUT], "went_out": 3}),
    ("score", {"layouts": [LAYOUT], "went_out": "first"}),
    ("score", {"layouts": [LAYOUT], "knocked": True}),
    ("score", {"layouts": [LAYOUT], "preset": "nope"}),
    ("score", {"layouts": [LAYOUT], "options": "knock"}),
    ("score", {"layouts": [LAYOUT], "options": {"bogus": 1}}),
    ("score", {"layouts": [LAYOUT], "options": {"turn_limt": 10}}),
    ("score", {"layouts": [LAYOUT], "options": {"turn_limit": 0}}),
    ("score", {"layouts": [LAYOUT], "options": {"turn_limit": "abc"}}),
    ("score", {"layouts": [LAYOUT], "options": {"layout": "5x5"}}),
    ("score", {"layouts": [LAYOUT], "options": {"knock": "maybe"}}),
    ("score", {"layouts": [LAYOUT], "options": {"knock_penalty": "plus20"}}),
    ("score", {"layouts": [LAYOUT], "options": {"decks": 9}}),
    ("score", {"layouts": [LAYOUT], "options": {"decks": "many"}}),
    ("score", {"layouts": [LAYOUT], "options": {"initial_reveals": 7}}),
    ("score", {"layouts": [LAYOUT], "options": {"jokers_per_deck": 3}}),
    ("score", {"layouts": [LAYOUT], "options": {"values.K": "x"}}),
    ("score", {"layouts": [LAYOUT], "options": {"values.K": 500}}),
    ("score", {"layouts": [LAYOUT], "options": {"values.Z": 1}}),
    ("score", {"layouts": [LAYOUT], "options": {"joker_pair_value": True}}),
    ("rules_summary", {"preset": "nope"}),
    ("rules_summary", {"options": {"pairs": "diagonal"}}),
    ("options_catalogue", {"options": {"holes": 0}}),
    ("match_view", {}),
    ("match_act", {"action": "draw"}),
    ("match_undo", {}),
    ("match_hint", {}),
    ("lesson_play", {"lesson": "nope"}),
    ("lesson_play", {"lesson": "first-hole", "done": "draw"}),
    ("lesson_play", {"lesson": "first-hole", "done": ["draw"]}),
    ("lesson_play", {"lesson": "first-hole", "done": ["flip 1", "flip 2", "continue"]}),
    ("observation_hint", {"observation": [1]}),
    ("observation_hint", {"observation": {}}),
    ("observation_hint", {"observation": {"players": 2, "seat": 0, "dealer": 1, "phase": "draw"}, "seed": -1}),
    ("match_new", {**GOOD_NEW, "seats": ["human"]}),
    ("match_new", {**GOOD_NEW, "seats": ["normal", "hard"]}),
    ("match_new", {**GOOD_NEW, "seats": ["human", "expert"]}),
    ("match_new", {**GOOD_NEW, "players": 1, "seats": ["human"]}),
    ("match_new", {**GOOD_NEW, "players": "two"}),
    ("match_new", {**GOOD_NEW, "seed": "abc"}),
    ("match_new", {**GOOD_NEW, "preset": "nope"}),
    ("match_new", {**GOOD_NEW, "options": {"early_knock": "sometimes"}}),
    ("match_new", {"players": 12, "seats": ["human"] * 12, "preset": "nine-card", "options": {"decks": 1}}),
    ("match_load", {"save": "{not json"}),
    ("match_load", {"save": {"format": "other"}}),
    ("match_load", {"save": {"format": saves.PLAYGROUND_FORMAT, "version": 99}}),
    ("match_load", {"save": {"format": saves.PLAYGROUND_FORMAT, "version": saves.PLAYGROUND_VERSION}}),
    ("match_review", {"save": "{not json"}),
    ("match_review_step", {"save": {"format": "other"}}),
    ("match_replay", {"save": "[]"}),
]

# Asked once a match is under way (a new two-player Basic match: the person to move, in the opening).
IN_A_MATCH: list[tuple[str, dict[str, Any]]] = [
    ("match_act", {"action": "fly"}),
    ("match_act", {"action": "swap 12"}),
    ("match_act", {"action": "knock"}),
    ("match_act", {"action": "draw"}),
    ("match_act", {"action": "next"}),
    ("match_undo", {}),
    ("match_review", {"save": "CURRENT", "seat": 5}),
    ("match_review", {"save": "CURRENT", "hole": 3}),
]


def ask(method: str, params: dict[str, Any], lang: str, table: door.Session | None = None) -> dict[str, Any]:
    """One request through the door in `lang`; `table` is the match the worker keeps between requests (a new one if
    None)."""
    return door_ask(method, table, **{**params, "lang": lang})


# What may stand in Latin letters in a Japanese message: card notation (8H, 10s, JK) in the card error's
# examples. Everything else Latin is a code the player should not meet.
CARD_NOTATION = re.compile(r"(?<![A-Za-z])(?:10|[2-9AJQKT])[SHDCshdc](?![A-Za-z])|(?<![A-Za-z])JK(?![A-Za-z])")


def leaks(message: str) -> list[str]:
    """The parts of a Japanese error a Japanese player could not act on."""
    rest = re.sub(r"「[^」]*」", "「」", message)  # the player's own input, echoed
    rest = CARD_NOTATION.sub("", rest)
    problems = [f"code {word!r}" for word in re.findall(r"[A-Za-z_][A-Za-z_0-9.]+", rest)]
    problems += [f"ASCII {mark!r}" for mark in re.findall(r"[:,()'\"=]", rest)]
    if not re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", message):
        problems.append("no Japanese")
    return problems


@pytest.mark.parametrize(("method", "params"), BAD_REQUESTS, ids=lambda v: v if isinstance(v, str) else json.dumps(v))
def test_a_bad_request_answers_in_the_pages_language(method: str, params: dict[str, Any]) -> None:
    en, ja = ask(method, params, "en"), ask(method, params, "ja")
    assert en["ok"] is False and ja["ok"] is False, (en, ja)
    assert en["error"] != ja["error"], f"English only: {ja['error']}"
    assert not leaks(ja["error"]), (ja["error"], leaks(ja["error"]))


def test_bad_moves_in_a_match_answer_in_the_pages_language() -> None:
    table = door.Session()
    started = ask("match_new", GOOD_NEW, "ja", table)
    assert started["ok"], started
    save = started["result"]["save"]
    for method, params in IN_A_MATCH:
        params = {key: save if value == "CURRENT" else value for key, value in params.items()}
        en, ja = ask(method, params, "en", table), ask(method, params, "ja", table)
        assert en["ok"] is False and ja["ok"] is False, (method, params, en, ja)
        assert en["error"] != ja["error"], f"English only: {ja['error']}"
        assert not leaks(ja["error"]), (method, params, ja["error"], leaks(ja["error"]))


@pytest.mark.parametrize(
    ("options", "label_of"),
    [({"turn_limit": 0}, "turn_limit"), ({"initial_reveals": 7}, "initial_reveals"), ({"knock": "maybe"}, "knock")],
)
def test_an_option_error_names_the_option_as_the_custom_panel_does(options: dict[str, Any], label_of: str) -> None:
    answer = ask("score", {"layouts": [LAYOUT], "options": options}, "ja")
    assert option_label(label_of, "ja") in answer["error"], answer["error"]


def test_the_leak_check_catches_what_the_review_found() -> None:
    """The review's examples of Japanese errors with raw identifiers are refused by the check above."""
    for found in (
        "オプション turn_limit に 0 は使えません",
        "手札の形2x3では、initial_reveals は0〜6で指定してください",
        "その操作（knock）はいまはできません。",
        "went_out = 3 はプレイヤーの番号ではありません。",
        "human、easy、normal、hardのいずれか",
        "true か false で指定してください。",
    ):
        assert leaks(found), found


def test_a_refused_move_says_why_in_japanese() -> None:
    """The hole's own reasons (a card already face up, a taken discard that must be swapped in, no knock in the
    final round) reach a Japanese page as reasons, not as a bare 'not now'."""
    table = door.Session()
    two_people = {**GOOD_NEW, "seats": ["human", "human"], "options": {"knock": True}}
    assert ask("match_new", two_people, "ja", table)["ok"]

    def refused(action: str, because_en: str, because_ja: str) -> None:
        en, ja = ask("match_act", {"action": action}, "en", table), ask("match_act", {"action": action}, "ja", table)
        assert not en["ok"] and because_en in en["error"], en
        assert not ja["ok"] and because_ja in ja["error"] and not leaks(ja["error"]), ja

    def play(*actions: str) -> None:
        for action in actions:
            answer = ask("match_act", {"action": action}, "ja", table)
            assert answer["ok"], (action, answer)

    play("flip 1")
    refused("flip 1", "already face up", "1番のカードは、すでに表向きです")
    play("flip 2", "flip 1", "flip 2", "take")  # both openings, then the first player takes the discard
    refused("discard", "must be swapped", "入れ替えなければなりません")
    play("swap 3", "knock")
    refused("knock", "final round", "最後の一巡が始まっている")
