"""The review through the browser's door and the command line: one answer, its documented shape, clear errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from review_support import basic_match, by_hint, by_level, play

from sixcardgolf import Match, format_card
from sixcardgolf import actions as A
from sixcardgolf.cli import main
from sixcardgolf.door import Session
from sixcardgolf.hole import Phase
from sixcardgolf.review import replay, review_match, seat_decisions
from support.door import ask
from support.saves import page_save

HOLE_KEYS = {"hole", "points", "expected_loss", "uncertainty", "choices", "accuracy", "decisions"}
DECISION_KEYS = {"step", "played", "better", "loss", "uncertainty", "reason"}


# The reviews of one save, reached once and read by several tests, as the page's worker keeps them (the
# Session's verdicts); test_the_page_can_work_through_a_review_step_by_step compares kept verdicts with fresh ones.
TABLE = Session()


@pytest.fixture(scope="module")
def pass_and_play() -> Match:
    """Two holes between two people at one screen: one plays like a beginner, the other follows the Hint."""
    return play(basic_match(16, holes=2), [by_level("easy"), by_hint])


@pytest.fixture(scope="module")
def save(pass_and_play: Match) -> str:
    return page_save(pass_and_play, ["human", "human"])


def test_the_answer_has_the_documented_shape(save: str, pass_and_play: Match) -> None:
    answer = ask("match_review", TABLE, save=save, seat=0, lang="en")
    assert answer["ok"], answer
    result = answer["result"]
    assert set(result) == {"holes", "accuracy", "choices", "threshold"}
    assert [hole["hole"] for hole in result["holes"]] == [1, 2]
    assert [hole["points"] for hole in result["holes"]] == [r.points[0] for r in pass_and_play.records]
    for hole in result["holes"]:
        assert set(hole) == HOLE_KEYS
        for decision in hole["decisions"]:
            assert set(decision) == DECISION_KEYS
            assert A.parse_action(decision["played"]) == pass_and_play.log[decision["step"]]
            assert decision["played"] != decision["better"]
    assert result["choices"] == sum(hole["choices"] for hole in result["holes"])
    assert sum(len(hole["decisions"]) for hole in result["holes"]) >= 1  # the beginner's review finds something


def test_in_pass_and_play_each_person_gets_their_own_review(save: str, pass_and_play: Match) -> None:
    moved = {seat: {step for step, m in replay(pass_and_play) if m.current_player() == seat} for seat in (0, 1)}
    for seat in (0, 1):
        result = ask("match_review", TABLE, save=save, seat=seat)["result"]
        steps = {d["step"] for hole in result["holes"] for d in hole["decisions"]}
        assert steps <= moved[seat]
    follower = ask("match_review", TABLE, save=save, seat=1)["result"]
    assert follower["accuracy"] == 1.0 and all(hole["decisions"] == [] for hole in follower["holes"])
    assert (
        ask("match_review", TABLE, save=save)["result"] == ask("match_review", TABLE, save=save, seat=0)["result"]
    )  # the first person by default


def test_the_command_line_prints_what_the_door_answers(save: str, tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    path.write_text(save, encoding="utf-8")
    command = [sys.executable, "-m", "sixcardgolf", "review", str(path), "--seat", "1", "--lang", "ja"]
    printed = subprocess.run(command, capture_output=True, text=True, check=True, timeout=300).stdout
    assert json.loads(printed) == ask("match_review", TABLE, save=save, seat=0, lang="ja")["result"]
    assert "。" in printed  # the reasons in Japanese, written as text (not escaped)


def test_only_finished_holes_are_reviewed_and_one_may_be_asked_for(pass_and_play: Match) -> None:
    second_hole = pass_and_play.log.index(A.NEXT_HOLE) + 1
    cut = page_save(pass_and_play, ["human", "human"], second_hole + 3)  # three actions into hole 2
    assert [hole["hole"] for hole in ask("match_review", TABLE, save=cut)["result"]["holes"]] == [1]
    whole = page_save(pass_and_play, ["human", "human"])
    only_two = ask("match_review", TABLE, save=whole, hole=2)["result"]
    assert [hole["hole"] for hole in only_two["holes"]] == [2]
    assert only_two["holes"][0] == ask("match_review", TABLE, save=whole)["result"]["holes"][1]


def test_progress_is_reported_decision_by_decision(pass_and_play: Match) -> None:
    seen: list[tuple[int, int]] = []
    review = review_match(pass_and_play, 0, {1}, lambda done, total: seen.append((done, total)))
    total = len(review.holes[0].decisions)
    assert seen == [(done, total) for done in range(1, total + 1)]


@pytest.mark.parametrize(
    ("params", "english", "japanese"),
    [
        ({"save": "{not json"}, "the save could not be reviewed: it is not valid JSON", "保存データを読み込めなかった"),
        ({"save": json.dumps({"format": "chess"})}, "neither a Play page save", "形式が異なる"),
        ({"save": "SAVE", "seat": 2}, "seat 2 is not at this table", "指定された席（2）は、このマッチにはありません"),
        ({"save": "SAVE", "hole": 3}, "hole 3 cannot be reviewed: expected a finished hole, from 1 to 2", "第3ホール"),
        ({"save": "SAVE", "lang": "fr"}, "language 'fr' is not available", "language 'fr' is not available"),
    ],
)
def test_bad_input_is_a_clear_error_in_the_pages_language(
    params: dict[str, Any], english: str, japanese: str, save: str
) -> None:
    params = {**params, "save": save if params["save"] == "SAVE" else params["save"]}
    for lang, expected in (("en", english), ("ja", japanese)):
        answer = ask("match_review", None, **{"lang": lang, **params})
        assert answer["ok"] is False and expected in answer["error"], answer


def test_a_save_whose_actions_do_not_replay_is_refused(pass_and_play: Match) -> None:
    data = json.loads(page_save(pass_and_play, ["human", "human"]))
    data["match"]["actions"][4] = "swap 9"
    answer = ask("match_review", save=json.dumps(data))
    assert answer["ok"] is False and "action 5 ('swap 9') does not replay" in answer["error"]


def test_the_command_line_names_a_missing_file_or_a_player_not_at_the_table(
    capsys: pytest.CaptureFixture[str], save: str, tmp_path: Path
) -> None:
    path = tmp_path / "match.json"
    path.write_text(save, encoding="utf-8")
    for argv, expected in (
        (["review", str(tmp_path / "nope.json")], "cannot read the save"),
        (["review", str(path), "--seat", "3"], "--seat 3 is not a player: expected 1 to 2"),
    ):
        with pytest.raises(SystemExit) as stopped:
            main(argv)
        assert stopped.value.code == 2
        err = capsys.readouterr().err
        assert expected in err and len(err.strip().splitlines()) == 1


def test_the_page_can_work_through_a_review_step_by_step(save: str) -> None:
    session = Session()  # the worker's: the verdicts of the steps are kept in it for the review that follows
    seen = []
    while True:
        answer = ask("match_review_step", session, save=save, seat=0, hole=2)
        assert answer["ok"], answer
        seen.append(answer["result"])
        if answer["result"]["done"] == answer["result"]["total"]:
            break
    total = seen[0]["total"]
    assert total >= 8 and seen == [{"done": done, "total": total} for done in range(1, total + 1)]
    judged = len(session.verdicts)
    assert judged == total
    stepped = ask("match_review", session, save=save, seat=0, hole=2)["result"]
    assert len(session.verdicts) == judged  # the review answered from the kept verdicts
    assert (
        stepped == ask("match_review", save=save, seat=0, hole=2)["result"]
    )  # the kept verdicts are the ones computed afresh


def test_the_replay_shows_each_decision_as_the_player_saw_it(save: str, pass_and_play: Match) -> None:
    steps = ask("match_replay", None, save=save, seat=0, hole=1)["result"]["steps"]
    assert [s["step"] for s in steps] == [step for _, step, _ in seat_decisions(pass_and_play, 0, {1})]
    by_step = {entry["step"]: entry for entry in steps}
    for step, replayed in replay(pass_and_play):
        if step not in by_step:
            continue
        entry, state = by_step[step], replayed.hole
        observation = entry["observation"]
        assert entry["hole"] == 1 and A.parse_action(entry["played"]) == pass_and_play.log[entry["step"]]
        assert observation["seat"] == 0 and entry["played"] in observation["legal_actions"]
        for seat, layout in enumerate(observation["layouts"]):
            for position, place in enumerate(layout):
                face_up = bool(state.up[seat] >> position & 1)
                assert (place["card"] is not None) == face_up  # no peeking in the basic game: face-up cards only
                if face_up:
                    assert place["card"] == format_card(state.layouts[seat][position])
        assert observation["discard"] == [format_card(c) for c in state.discard]
        holding = state.phase == Phase.HOLDING
        assert observation["held"] == (format_card(state.held) if holding else None)
