"""Every bad request through the browser's door gets the envelope, never an exception (issue 24 §3).

The classes of request that escaped `sixcardgolf.door.handle` in the reliability review (its "29 escapes" and
the S3 echoes and wordings) are sent on a live match, in English and in Japanese. Each answer must be
{"ok": false, "error": ...}, name what was wrong, quote it short, be in the request's language when that can
be read, and leave the match being played as it was.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from test_error_battery import leaks

from sixcardgolf import door
from sixcardgolf.door.params import MAX_LAYOUT_CHARS
from sixcardgolf.errors import QUOTE_CHARS
from sixcardgolf.json_input import MAX_DEPTH
from sixcardgolf.option_text import option_label

LAYOUT = "8H KS 2D / 8C AS 5H"
LIVE = {"preset": "basic", "players": 2, "seats": ["human", "normal"], "seed": 5, "options": {"holes": 2}}
SAVE = "SAVE"  # stands for the live match's save in a case's params
HUGE = "x" * 1_000_000


def deep_object(levels: int) -> str:
    return '{"a":' * levels + "1" + "}" * levels


def deep_array(levels: int) -> str:
    return "[" * levels + "]" * levels


def request(method: Any, params: Any) -> str:
    return json.dumps({"method": method, "params": params})


# (request text builder taking lang and the live save, English and Japanese words that name what was wrong,
#  whether the request's language can be read at all). A text the door cannot parse as an object has no
# language to read, so its answer is English on any page.
Case = tuple[str, Any, str, str, bool]
CASES: list[Case] = [
    ("a list as the request", lambda lang, save: "[]", "the request [] is not an object", "", False),
    ("a number as the request", lambda lang, save: "5", "the request 5 is not an object", "", False),
    ("a string as the request", lambda lang, save: '"x"', "the request 'x' is not an object", "", False),
    ("null as the request", lambda lang, save: "null", "the request None is not an object", "", False),
    ("params a string", lambda lang, save: request("presets", "abc"), "params 'abc' is not an object", "", False),
    ("params a list", lambda lang, save: request("presets", [1]), "params [1] is not an object", "", False),
    ("method a list", lambda lang, save: json.dumps({"method": ["a"], "params": {"lang": lang}}),
     "method ['a'] is not available", "「[\"a\"]」という操作はありません", True),
    ("method an object", lambda lang, save: json.dumps({"method": {"a": 1}, "params": {"lang": lang}}),
     "method {'a': 1} is not available", "という操作はありません", True),
    ("opening a number", lambda lang, save: request("match_new", {**LIVE, "lang": lang, "opening": 5}),
     "opening 5 is not allowed", "「5」", True),
    ("opening with null", lambda lang, save: request("match_new", {**LIVE, "lang": lang, "opening": [None]}),
     "action None is not an action", "「null」という操作はありません", True),
    ("an unknown level", lambda lang, save: request("match_new", {**LIVE, "lang": lang, "seats": ["human", "godlike"]}),
     "seat 2 = 'godlike' is not allowed", "2番目の席の指定「godlike」", True),
    ("a seat that is a list", lambda lang, save: request("match_new", {**LIVE, "lang": lang, "seats": ["human", [1]]}),
     "seat 2 = [1] is not allowed", "「[1]」", True),
    ("values.T not a number", lambda lang, save: request("rules_summary", {"lang": lang, "options": {"values.T": "abc"}}),
     "values.T = 'abc' is not allowed", option_label("values.10", "ja"), True),
    ("values.T null", lambda lang, save: request("rules_summary", {"lang": lang, "options": {"values.T": None}}),
     "values.T = None is not allowed", option_label("values.10", "ja"), True),
    ("values.T a list", lambda lang, save: request("options_catalogue", {"lang": lang, "options": {"values.T": [1]}}),
     "values.T = [1] is not allowed", option_label("values.10", "ja"), True),
    ("values.t a fraction", lambda lang, save: request("score", {"lang": lang, "layouts": [LAYOUT], "options": {"values.t": 1.5}}),
     "values.t = 1.5 is not allowed", option_label("values.10", "ja"), True),
    ("options 1,500 objects deep", lambda lang, save: request("rules_summary", {"lang": lang, "options": {"holes": 1}})
     .replace('"holes": 1', '"holes": 1, "x": ' + deep_object(1_500)), "nested too deeply", "入れ子が深すぎます", True),
    ("params 3,000 arrays deep", lambda lang, save: request("presets", {"lang": lang}).replace("}}", ', "x": ' + deep_array(3_000) + "}}"),
     "nested too deeply", "入れ子が深すぎます", True),
    ("a seat of a list in the replay", lambda lang, save: request("match_replay", {"lang": lang, "save": save, "seat": [0]}),
     "seat [0] is not at this table", "指定された席（「[0]」）", True),
    ("a seat of an object in a review step", lambda lang, save: request("match_review_step", {"lang": lang, "save": save, "seat": {"a": 1}}),
     "seat {'a': 1} is not at this table", "指定された席（「{\"a\": 1}」）", True),
    ("a seat of true in a review step", lambda lang, save: request("match_review_step", {"lang": lang, "save": save, "seat": True}),
     "seat True is not at this table", "指定された席（「true」）", True),
    ("a hole of true in a review", lambda lang, save: request("match_review", {"lang": lang, "save": save, "hole": True}),
     "hole True cannot be reviewed", "振り返りはできません", True),
    ("a limit of NaN", lambda lang, save: request("match_review_step", {"lang": lang, "save": save, "limit": float("nan")}),
     "limit nan is not allowed", "一度に調べる数（「NaN」）", True),
    ("a 5,000-digit action", lambda lang, save: request("match_act", {"lang": lang, "action": 0}).replace('"action": 0', '"action": ' + "9" * 5_000),
     "a number of 5000 digits", "5000桁の数", True),
    ("an action that is a list", lambda lang, save: request("match_act", {"lang": lang, "action": ["draw"]}),
     "action ['draw'] is not an action", "「[\"draw\"]」という操作はありません", True),
    ("a viewer that is text", lambda lang, save: request("match_view", {"lang": lang, "viewer": "0"}),
     "viewer '0' is not a seat", "表示する席の指定「0」", True),
    ("a viewer that is true", lambda lang, save: request("match_act", {"lang": lang, "action": "flip 1", "viewer": True}),
     "viewer True is not a seat", "「true」", True),
    ("knocked without knock", lambda lang, save: request("score", {"lang": lang, "layouts": [LAYOUT], "knocked": 1}),
     "knocked = 1 needs knocking", option_label("knock", "ja"), True),
    ("a layout of null", lambda lang, save: request("score", {"lang": lang, "layouts": [None]}),
     "layout None of player 1 is not text", "プレイヤー1の手札「null」", True),
    ("a megabyte layout", lambda lang, save: request("score", {"lang": lang, "layouts": [HUGE]}),
     f"at most {MAX_LAYOUT_CHARS} can be read", "長すぎます", True),
    ("a megabyte option key", lambda lang, save: request("rules_summary", {"lang": lang, "options": {HUGE: 1}}),
     "unknown option 'xxx", "というオプションはありません", True),
    ("a 5,000-digit option text", lambda lang, save: request("rules_summary", {"lang": lang, "options": {"holes": "9" * 5_000}}),
     "option holes = '999", "整数", True),
    ("a preset that is a list", lambda lang, save: request("rules_summary", {"lang": lang, "preset": ["basic"]}),
     "unknown preset ['basic']", "「[\"basic\"]」", True),
    ("a language not offered, for a new match", lambda lang, save: request("match_new", {**LIVE, "lang": "fr"}),
     "language 'fr' is not available", "", False),
    ("a language not offered, for a move", lambda lang, save: request("match_act", {"action": "flip 2", "lang": "fr"}),
     "language 'fr' is not available", "", False),
    ("a save nested too deeply", lambda lang, save: request("match_load", {"lang": lang, "save": deep_array(2_000)}),
     "could not be restored: it is damaged", "保存されたマッチを復元できませんでした", True),  # no internals for a player
    ("a review of a deep save", lambda lang, save: request("match_review", {"lang": lang, "save": deep_object(2_000)}),
     "it is nested too deeply", "保存データを読み込めなかった", True),
    ("a save with a 5,000-digit seed", lambda lang, save: request("match_review", {"lang": lang, "save": save.replace('"seed": 5', '"seed": ' + "7" * 5_000)}),
     "it holds a number of 5000 digits", "保存データを読み込めなかった", True),
]  # fmt: skip


@pytest.fixture(scope="module")
def live() -> tuple[door.Session, str]:
    """A match being played (two holes, one person and Normal), as the Web Worker keeps it."""
    table = door.Session()
    answer = json.loads(door.handle(request("match_new", {**LIVE, "opening": ["flip 1"]}), table))
    assert answer["ok"], answer
    return table, answer["result"]["save"]


def current_save(table: door.Session) -> str:
    answer = json.loads(door.handle(request("match_view", {}), table))
    assert answer["ok"], answer
    return str(answer["result"]["save"])


@pytest.mark.parametrize(("name", "build", "english", "japanese", "readable"), CASES, ids=[c[0] for c in CASES])
def test_a_bad_request_gets_the_envelope_naming_what_was_wrong(
    live: tuple[door.Session, str], name: str, build: Any, english: str, japanese: str, readable: bool
) -> None:
    table, save = live
    before = current_save(table)
    for lang in ("en", "ja"):
        answer = json.loads(door.handle(build(lang, save), table))
        assert set(answer) == {"ok", "error"} and answer["ok"] is False, (lang, answer)
        error = answer["error"]
        assert "Traceback" not in error and "Error:" not in error, error
        assert len(error) <= 700, f"{len(error)} characters: {error[:200]}"
        assert not re.search(r"(.)\1{" + str(QUOTE_CHARS) + ",}", error), "an input echoed whole"
        if lang == "en" or not readable:
            assert english in error, error
        else:
            assert japanese in error, error
            assert not leaks(error), (error, leaks(error))
    assert current_save(table) == before, "a refused request changed the match"


def test_the_nesting_limit_is_far_above_what_the_pages_send(live: tuple[door.Session, str]) -> None:
    """Every level up to the limit is read; one more is refused."""
    table, _ = live
    just = request("presets", {"lang": "en"}).replace("}}", ', "x": ' + deep_array(MAX_DEPTH - 2) + "}}")
    assert json.loads(door.handle(just, table))["ok"] is True
    over = request("presets", {"lang": "en"}).replace("}}", ', "x": ' + deep_array(MAX_DEPTH - 1) + "}}")
    assert "nested too deeply" in json.loads(door.handle(over, table))["error"]


def test_a_bug_is_still_an_envelope_naming_the_method(monkeypatch: pytest.MonkeyPatch) -> None:
    """The last resort: an exception the door does not expect becomes a generic message, never a traceback."""

    def broken(params: dict[str, Any], session: door.Session) -> None:
        raise TypeError("something inside the engine")

    monkeypatch.setitem(door.METHODS, "presets", broken)
    for lang, words in (("en", "could not answer 'presets'"), ("ja", "操作「presets」に答えられませんでした")):
        answer = json.loads(door.handle(request("presets", {"lang": lang})))
        assert answer["ok"] is False and words in answer["error"], answer
        assert "something inside" not in answer["error"]


def play_to_the_end_of_the_hole(table: door.Session, lang: str) -> dict[str, Any]:
    """Both people play the first legal move until the hole is over; the last view."""
    view: dict[str, Any] = {}
    for _ in range(1_000):
        view = json.loads(door.handle(request("match_view", {"lang": lang}), table))["result"]
        if view["hole_over"]:
            return view
        seat = view["observation"]["to_move"]
        viewed = json.loads(door.handle(request("match_view", {"lang": lang, "viewer": seat}), table))["result"]
        action = viewed["observation"]["legal_actions"][0]
        answer = json.loads(door.handle(request("match_act", {"lang": lang, "action": action, "viewer": seat}), table))
        assert answer["ok"], answer
    raise AssertionError("the hole did not end")


@pytest.mark.parametrize(
    ("holes", "english", "japanese"),
    [
        (2, "the hole is over; start the next hole", "このホールは終わっています。次のホールを始めてください。"),
        (1, "the match is over", "マッチは終わっています。"),
    ],
)
def test_a_move_after_the_hole_ends_says_so_in_pass_and_play(holes: int, english: str, japanese: str) -> None:
    """No computer at the table: the answer says the hole (or the match) is over, not whose turn it is."""
    table = door.Session()
    new = {"preset": "four-card", "players": 2, "seats": ["human", "human"], "seed": 3, "options": {"holes": holes}}
    assert json.loads(door.handle(request("match_new", new), table))["ok"]
    play_to_the_end_of_the_hole(table, "en")
    before = current_save(table)
    for lang, words in (("en", english), ("ja", japanese)):
        for action in ("draw", "flip 1", "knock"):
            answer = json.loads(door.handle(request("match_act", {"lang": lang, "action": action}), table))
            assert answer["ok"] is False and words in answer["error"], answer
            assert "computer" not in answer["error"] and "コンピューター" not in answer["error"], answer
    assert current_save(table) == before


def test_a_review_step_with_a_seat_of_false_is_not_taken_for_seat_0(live: tuple[door.Session, str]) -> None:
    """The review's step cache once keyed on the raw seat, and False == 0: the refused seat met the cached one."""
    _, save = live
    assert json.loads(door.handle(request("match_review_step", {"save": save, "seat": 0})))["ok"]
    answer = json.loads(door.handle(request("match_review_step", {"save": save, "seat": False})))
    assert answer["ok"] is False and "seat False is not at this table" in answer["error"], answer
