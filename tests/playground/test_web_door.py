"""The browser's JSON door into the engine (sixcardgolf.door), on CPython: answers and clear errors."""

from __future__ import annotations

import json
from typing import Any

import pytest

from sixcardgolf import load_preset, parse_layout, preset_names, score_table
from sixcardgolf.door import handle
from support.door import ask, refusal, result


def test_presets_in_both_languages_follow_the_engine() -> None:
    for lang in ("en", "ja"):
        answer = ask("presets", lang=lang)
        assert [p["name"] for p in answer["result"]] == preset_names()
    assert ask("presets", lang="ja")["result"][0]["title"] != ask("presets", lang="en")["result"][0]["title"]


def test_score_matches_the_engine_with_went_out_counted_from_one() -> None:
    layouts = ["JH JS 5D / JC JD 5H", "9H 9S 3D / 2C AS 10H"]
    rules = load_preset("house-party")
    expected = score_table(rules, [parse_layout(t, 2, 3) for t in layouts], went_out=1)
    answer = ask("score", preset="house-party", layouts=layouts, went_out=2)
    assert [p["total"] for p in answer["result"]["players"]] == [r.total for r in expected]
    assert [[a["key"] for a in p["adjustments"]] for p in answer["result"]["players"]] == [
        [a.key for a in r.adjustments] for r in expected
    ]


def test_options_over_a_preset_change_the_score() -> None:
    plain = ask("score", layouts=["2H 3S 4D / 2C 5C 6H"])["result"]["players"][0]["total"]
    kept = ask("score", layouts=["2H 3S 4D / 2C 5C 6H"], options={"negative_pairs_keep_value": True})
    assert plain == 0 + 8 + 10  # the twos pair to 0
    assert kept["result"]["players"][0]["total"] == -4 + 8 + 10


@pytest.mark.parametrize(
    ("params", "english", "japanese"),
    [
        ({"layouts": ["8H KX 2D / 8C AS 5H"]}, "'KX' is not a card", "「KX」"),
        ({"layouts": ["8H KS / 8C AS"]}, "is 2x2, but these rules deal 2x3", "2行3列"),
        ({"layouts": ["8H KS 2D / 8C AS 5H"], "went_out": 3}, "went_out = 3 is not a player", "1〜1"),
    ],
)
def test_bad_input_is_a_clear_error_in_the_asked_language(params: dict[str, Any], english: str, japanese: str) -> None:
    assert english in ask("score", lang="en", **params)["error"]
    assert japanese in ask("score", lang="ja", **params)["error"]


def test_unknown_method_option_and_broken_json_are_errors_not_tracebacks() -> None:
    assert "method 'nope' is not available" in ask("nope")["error"]
    assert "unknown option 'bogus'" in ask("score", layouts=["8H KS 2D / 8C AS 5H"], options={"bogus": 1})["error"]
    assert json.loads(handle("{not json"))["ok"] is False


@pytest.mark.parametrize(
    ("layouts", "preset", "english", "japanese"),
    [
        (["8H KS 2D / 8C AS 5H", "8H QS 3D / 4C 9S 7H"], "basic", "8♥ is written 2 times (Player 1 at position 1; "
         "Player 2 at position 1)", "8♥が2枚あります（プレイヤー1の1番、プレイヤー2の1番）"),
        (["8H KS 2D / JK AS 5H"], "basic", "Player 1, position 4: these rules use no jokers", "プレイヤー1の4番："),
        (["JK JK JK / 8C AS 5H"], "jokers", "The joker is written 3 times", "ジョーカーが3枚あります"),
    ],
)  # fmt: skip
def test_score_refuses_cards_the_rules_decks_do_not_hold(
    layouts: list[str], preset: str, english: str, japanese: str
) -> None:
    assert english in ask("score", lang="en", preset=preset, layouts=layouts)["error"]
    assert japanese in ask("score", lang="ja", preset=preset, layouts=layouts)["error"]


def test_partial_score_lists_problems_and_missing_cards_and_scores_only_a_complete_table() -> None:
    waiting = ask("score", partial=True, layouts=["8H KS 2D / 8C", "QH 7S 9D / QC KX KH"])["result"]
    assert waiting["players"] is None
    assert waiting["missing"] == [2, 0]
    assert waiting["problems"] == [
        {"places": [{"player": 2, "position": 5}], "message": waiting["problems"][0]["message"]}
    ]
    assert waiting["problems"][0]["message"].startswith("Player 2, position 5: card 'KX' is not a card")
    done = ask("score", partial=True, layouts=["8 K 2 / 8 A 5", "QH 7S 9D / QC 3S KH"])["result"]
    assert done["problems"] == [] and done["missing"] == [0, 0]
    assert [p["total"] for p in done["players"]] == [0 + 1 + 3, 0 + 10 + 9]  # queens pair, 7+3, 9+K
    assert done["players"][0]["groups"][0]["cards"] == ["8", "8"]  # a card written by rank alone stays so


def test_static_data_is_what_the_pages_draw_before_the_engine_runs() -> None:
    """The build's data-<lang>.json: every preset with its layout and rules text, the catalogue, setup choices."""
    from sixcardgolf.ai import LEVELS
    from sixcardgolf.options import OPTION_KEYS

    for lang in ("en", "ja"):
        data = ask("static_data", lang=lang)["result"]
        assert [p["name"] for p in data["presets"]] == preset_names()
        nine = next(p for p in data["presets"] if p["name"] == "nine-card")
        assert (nine["rows"], nine["cols"]) == (3, 3)
        assert nine["options"] == load_preset("nine-card").to_dict()
        assert nine["title"] == ask("presets", lang=lang)["result"][6]["title"]
        assert any(section["statements"] for section in nine["sections"])
        assert [entry["key"] for entry in data["catalogue"]] == list(OPTION_KEYS)
        assert data["setup"]["levels"] == list(LEVELS)
        assert data["setup"]["defaults"]["holes"] == 1 and data["setup"]["defaults"]["players"] == 2  # seed 000
    assert "error" in ask("static_data", lang="fr")


def test_the_built_site_ships_the_static_data_and_the_registered_wheel() -> None:
    from support.playground import SITE

    built = json.loads((SITE / "playground" / "data-ja.json").read_text(encoding="utf-8"))
    assert built["presets"] == ask("static_data", lang="ja")["result"]["presets"]
    lock = json.loads((SITE / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    entry = lock["packages"]["sixcardgolf"]
    wheel = SITE / "pyodide" / entry["file_name"]
    import hashlib

    assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"]
    assert built["runtime"]["files"][entry["file_name"]] == wheel.stat().st_size


def test_the_match_lives_in_the_table_passed_in_not_in_the_module() -> None:
    from sixcardgolf.door import Session

    first, second = Session(), Session()
    result("match_new", first, seats=["human", "normal"], players=2, seed=5)
    assert result("match_view", first)["seed"] == 5
    answer = ask("match_view", second, lang="ja")
    assert answer == {"ok": False, "error": "マッチが始まっていません。新しいマッチを始めてください。"}


def test_the_view_tells_the_page_the_shape_prompt_and_targets() -> None:
    from sixcardgolf.door import Session

    table = Session()
    view = result("match_new", table, preset="nine-card", seats=["human", "easy"], players=2, seed=3)
    assert (view["rows"], view["cols"]) == (3, 3)
    assert view["prompt"] == {"key": "opening", "left": 3, "size": 9}
    assert sorted(view["targets"], key=int) == [str(p) for p in range(1, 10)]
    view = result("match_act", table, action=view["targets"]["1"])
    assert view["prompt"]["left"] == 2 and "1" not in view["targets"]
    for position in ("2", "3"):
        view = result("match_act", table, action=f"flip {position}")
    assert view["prompt"]["key"] == "draw" and view["piles"] == {"stock": True, "discard": True}
    view = result("match_act", table, action="take")
    assert view["prompt"]["key"] == "holding-must" and view["buttons"] == []  # a taken discard must be used
    assert view["targets"]["4"] == "swap 4"


def test_opening_choices_made_while_loading_are_applied_at_the_start() -> None:
    from sixcardgolf.door import Session

    view = result("match_new", Session(), seats=["human", "normal"], players=2, seed=8, opening=["flip 2", "flip 6"])
    mine = view["observation"]["layouts"][0]
    assert [slot["up"] for slot in mine] == [False, True, False, False, False, True]
    assert view["observation"]["phase"] in ("draw", "opening")  # the computer has made its opening choices too
    assert view["prompt"]["key"] == "draw"
    # Every move made is in the answer's events, in order, the person's first (the page's log shows them).
    events = [(e["seat"], e["action"]) for e in view["events"]]
    assert [action for _, action in events] == json.loads(view["save"])["match"]["actions"]
    assert events[:2] == [(0, "flip 2"), (0, "flip 6")] and {seat for seat, _ in events[2:]} == {1}


def test_opening_choices_sent_with_a_pass_and_play_deal_are_news_for_the_next_person() -> None:
    from sixcardgolf.door import Session

    view = result("match_new", Session(), seats=["human", "human"], players=2, seed=8, opening=["flip 3", "flip 4"])
    assert view["observation"]["to_move"] == 1
    assert [(e["seat"], e["action"]) for e in view["events"]] == [(0, "flip 3"), (0, "flip 4")]


def test_a_computer_decision_and_a_save_replay_the_same() -> None:
    from sixcardgolf.door import Session

    one, two = Session(), Session()
    a = result("match_new", one, seats=["human", "hard"], players=2, seed=21, opening=["flip 1", "flip 4"])
    result("match_load", two, save=a["save"])
    assert result("match_act", one, action="draw")["save"] == result("match_act", two, action="draw")["save"]


def test_pass_and_play_undo_never_rewinds_another_persons_turn() -> None:
    """Seed 000: a person may undo only before the next player takes over (seed-audit 000-86)."""
    from sixcardgolf.door import Session

    table = Session()
    result("match_new", table, seats=["human", "human"], players=2, seed=4)
    for action in ("flip 1", "flip 2", "flip 1", "flip 2", "draw", "discard"):
        view = result("match_act", table, action=action)
    assert result("match_view", table, viewer=0)["can_undo"]  # player 1, on the handover screen
    view = result("match_act", table, action="draw", viewer=1)  # player 2 has taken over and drawn
    assert not result("match_view", table, viewer=0)["can_undo"]
    result("match_act", table, action="discard", viewer=1)
    view = result("match_view", table, viewer=1)
    assert view["can_undo"]  # their own discard, before player 1 takes over
    result("match_act", table, action="draw", viewer=0)
    assert not result("match_view", table, viewer=1)["can_undo"]
    refusal("match_undo", table, viewer=1)


def test_the_score_table_counts_hole_wins() -> None:
    from sixcardgolf.door import Session

    table = Session()
    view = result("match_new", table, seats=["human", "easy"], players=2, seed=2, options={"holes": 3})
    while not view["outcome"]:
        if view["can_next"]:
            view = result("match_act", table, action="next")
        else:
            view = result("match_act", table, action=view["observation"]["legal_actions"][0])
    assert len(view["records"]) >= 3
    for seat in range(2):
        assert view["wins"][seat] == sum(r["points"][seat] == min(r["points"]) for r in view["records"])


def test_each_move_comes_with_the_table_as_the_viewing_seat_saw_it_just_after() -> None:
    """The page shows the computers' moves one at a time from these tables: each must be exactly the viewer's
    own observation at that point of the log (so it holds no card the viewer could not see then)."""
    from sixcardgolf import Match
    from sixcardgolf.door import Session

    table = Session()
    view = result("match_new", table, seats=["human", "hard", "normal"], players=3, seed=5)
    for position in (1, 5):
        view = result("match_act", table, action=f"flip {position}")
    turns = 0
    while not view["hole_over"] and turns < 6:
        view = result("match_act", table, action="draw")
        view = result("match_act", table, action=view["observation"]["legal_actions"][-1])
        if view["observation"]["phase"] == "flip":
            view = result("match_act", table, action=view["observation"]["legal_actions"][0])
        save = json.loads(view["save"])["match"]
        events = view["events"]
        start = len(save["actions"]) - len(events)
        assert [e["action"] for e in events] == save["actions"][start:]
        for offset, event in enumerate(events):
            seen = Match.from_save({**save, "actions": save["actions"][: start + offset + 1]}).observation(0)
            assert event["table"] == seen.to_dict()
            if event["action"] == "draw" and event["seat"] != 0:
                assert "card" not in event and event["table"]["held"] is None  # a computer's stock card stays unseen
        if not view["hole_over"]:
            assert {e["seat"] for e in events} >= {1, 2}  # both computers moved before the person's next turn
        turns += 1
    assert turns >= 2
