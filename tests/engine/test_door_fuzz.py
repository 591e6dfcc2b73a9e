"""The browser's JSON door under fuzzing: whatever arrives, the envelope comes back, and a refused request
leaves the match being played as it was (the reliability review's door battery, issue 24 §3).

Two kinds of input: any JSON shape at all as the request, and well-formed requests (a real method, parameters
by their real names) whose values are anything. A few hundred examples each by default; the `slow` variants
(`make test-slow`, or --run-slow) try thousands.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from sixcardgolf import door
from sixcardgolf.door.seated import SeatedMatch
from sixcardgolf.match import Match
from sixcardgolf.options import OPTION_KEYS

LIVE = {"preset": "four-card", "players": 2, "seats": ["human", "easy"], "seed": 11, "options": {"holes": 2}}
RULES = ["lang", "preset", "options"]
REVIEW = ["lang", "save", "seat", "hole", "limit"]
# The parameters each method reads (README "Hole review", door/); a request sends some of them.
PARAMS = {
    "presets": ["lang"], "rules_summary": RULES, "options_catalogue": RULES, "static_data": ["lang"],
    "score": [*RULES, "layouts", "went_out", "knocked", "partial"], "setup_choices": ["lang"],
    "match_new": [*RULES, "players", "seats", "seed", "opening", "viewer"], "match_load": ["lang", "save", "viewer"],
    "match_act": ["lang", "action", "viewer"], "match_undo": ["lang", "viewer"], "match_view": ["lang", "viewer"],
    "match_review": REVIEW, "match_review_step": REVIEW, "match_replay": REVIEW,
    "observation_hint": [*RULES, "observation", "seed"],
    "lesson_play": ["lang", "lesson", "done", "viewer"], "lesson_list": ["lang"],
}  # fmt: skip
DEFAULT_EXAMPLES = 300
SLOW_EXAMPLES = 3_000

scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**40), max_value=10**40)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=30)
)
json_values = st.recursive(
    scalars, lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=25,
)  # fmt: skip


def new_live_save() -> str:
    table = door.Session()
    answer = json.loads(
        door.handle(json.dumps({"method": "match_new", "params": {**LIVE, "opening": ["flip 1"]}}), table)
    )
    assert answer["ok"], answer
    return str(answer["result"]["save"])


SAVE = new_live_save()  # the match being played when each request arrives (strategies and examples need it)
# observation_hint's near values: the live match seen by the seat that is not to move (rebuilt, then refused at
# once: a seat to move would run the Hard search, a second per example), and that observation slightly wrong.
_LIVE_MATCH = Match.from_save(json.loads(SAVE)["match"])
WAITING = _LIVE_MATCH.observation(1 - _LIVE_MATCH.current_player()).to_dict()


def live_table(save: str) -> door.Session:
    """A fresh table holding the live match (a refused or accepted request must not leak into the next example)."""
    data = json.loads(save)
    table = door.Session()
    table.seated = SeatedMatch(Match.from_save(data["match"]), data["seats"])
    return table


def plausible(name: str, save: str) -> st.SearchStrategy[Any]:
    """Values a page might send for `name`, right or nearly right (two times in three), or anything at all."""
    near: dict[str, st.SearchStrategy[Any]] = {
        "lang": st.sampled_from(["en", "ja", "fr", ""]),
        "preset": st.sampled_from(["basic", "four-card", "nope"]),
        "options": st.dictionaries(
            st.sampled_from([*OPTION_KEYS, "values.T", "values.t", "bogus"]), scalars, min_size=1, max_size=3
        ),
        "layouts": st.lists(st.sampled_from(["8H KS / 8C AS", "8H KS 2D / 8C AS 5H", "JK", ""]), max_size=3),
        "seats": st.lists(st.sampled_from(["human", "easy", "godlike"]), max_size=3),
        "action": st.sampled_from(["draw", "take", "flip 1", "swap 2", "next", "knock", "fly"]),
        "save": st.sampled_from([save, save, save, save[:40], "{}"]),
        "opening": st.lists(st.sampled_from(["flip 1", "flip 9", "draw"]), max_size=2),
        "observation": st.sampled_from([WAITING, {**WAITING, "stock_count": 1}, {**WAITING, "layouts": []}, {}]),
        "lesson": st.sampled_from(["first-hole", "nope"]),
        "done": st.lists(st.sampled_from(["flip 1", "flip 2", "draw", "swap 3", "continue", "fly"]), max_size=4),
    }
    close = near.get(name, st.integers(min_value=-2, max_value=3))
    return st.one_of(close, close, json_values)


@st.composite
def well_formed(draw: st.DrawFn, save: str) -> dict[str, Any]:
    # No Hint and no Hard seat (plausible() offers Easy only): each would take a second per example, both are
    # tested elsewhere, and the door's checks come before either.
    method = draw(st.sampled_from(sorted(PARAMS)))
    names = [name for name in PARAMS[method] if draw(st.booleans())]
    return {"method": method, "params": {name: draw(plausible(name, save)) for name in names}}


def answered(reply: str) -> dict[str, Any]:
    """The envelope, checked: {"ok": true, "result"} or {"ok": false, "error": a short text, no traceback}."""
    answer: dict[str, Any] = json.loads(reply)
    assert set(answer) in ({"ok", "result"}, {"ok", "error"}), answer
    if not answer["ok"]:
        error = answer["error"]
        assert isinstance(error, str) and error and len(error) <= door.MAX_ERROR_CHARS, error
        assert "Traceback" not in error and "could not answer" not in error, error
    return answer


def check_any_shape(value: Any, save: str) -> None:
    table = live_table(save)
    answer = answered(door.handle(json.dumps(value), table))
    if not answer["ok"]:
        assert json.dumps(table.current().save()) == save


def check_well_formed(request: dict[str, Any], save: str) -> None:
    table = live_table(save)
    answer = answered(door.handle(json.dumps(request), table))
    if not answer["ok"]:
        assert json.dumps(table.current().save()) == save, (request, answer)
    assert not (answer["ok"] and request in KNOWN), (request, answer)


FUZZ = settings(max_examples=DEFAULT_EXAMPLES, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
SLOW = settings(max_examples=SLOW_EXAMPLES, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# The review's escapes in well-formed requests, always tried first (reliability-review.md §1, "29 escapes").
KNOWN = [
    {"method": "match_replay", "params": {"save": SAVE, "seat": [0]}},
    {"method": "match_review_step", "params": {"save": SAVE, "seat": {"a": 1}}},
    {"method": "match_new", "params": {**LIVE, "opening": 5}},
    {"method": "rules_summary", "params": {"options": {"values.T": "abc"}}},
    {"method": "match_new", "params": {**LIVE, "lang": "fr"}},  # found by the slow run: it replaced the match
    {"method": "score", "params": {"layouts": ["8H KS / 8C AS"], "preset": "four-card", "knocked": 1, "options": {"knock": False}}},
]  # fmt: skip


def with_known(test: Any) -> Any:
    for request in KNOWN:
        test = example(request=request)(test)
    return test


@FUZZ
@given(value=json_values)
def test_any_json_shape_gets_the_envelope(value: Any) -> None:
    check_any_shape(value, SAVE)


@FUZZ
@with_known
@given(request=well_formed(SAVE))
def test_a_well_formed_wrong_request_gets_the_envelope_and_changes_nothing_it_refuses(request: dict[str, Any]) -> None:
    check_well_formed(request, SAVE)


@pytest.mark.slow
@SLOW
@given(value=json_values)
def test_any_json_shape_gets_the_envelope_thousands(value: Any) -> None:
    check_any_shape(value, SAVE)


@pytest.mark.slow
@SLOW
@given(request=well_formed(SAVE))
def test_a_well_formed_wrong_request_gets_the_envelope_thousands(request: dict[str, Any]) -> None:
    check_well_formed(request, SAVE)


def test_the_fuzzed_requests_cover_every_method_but_the_hint() -> None:
    assert set(PARAMS) == set(door.METHODS) - {"match_hint"}
