"""Every guided lesson (engine/sixcardgolf/lessons/*.json) replayed through the engine: each taught move is legal at
its step, the computer's scripted moves are legal, and what the lesson's texts say happens really happens, worked
out by the engine's own scoring and end-of-hole rules, never copied from the lesson's data:

- the claimed column pairs (two cards of one rank) and scores as a cancelled group once both are face up;
- the computer goes out by its last move and the person then has exactly one final turn, after which the hole ends;
- the card the "useless" step throws away would add points in place of any face-up card and pairs nothing;
- the person wins with the lower score, and the door's facts (the numbers the texts are filled with) are the
  engine's scores; a move that is not the taught one is refused in both languages, nothing played.
"""

from __future__ import annotations

import json

import pytest

from sixcardgolf import actions as A
from sixcardgolf.cards import rank_of
from sixcardgolf.door import handle
from sixcardgolf.door.lesson import COMPUTER, CONTINUE, PERSON, lesson_named, lessons, play_lesson
from sixcardgolf.door.session import Session
from sixcardgolf.errors import UsageError
from sixcardgolf.hole import EndReason
from sixcardgolf.messages import catalogue
from sixcardgolf.scoring import score_layout, visible_points

NAMES = list(lessons())


def test_there_is_a_first_lesson_on_the_basic_game() -> None:
    assert NAMES[0] == "first-hole"
    assert lesson_named("first-hole").preset == "basic"


@pytest.mark.parametrize("name", NAMES)
def test_every_taught_move_is_legal_at_its_step_and_the_computer_plays_its_script(name: str) -> None:
    lesson = lessons()[name]
    expected = [move for _, _, move in lesson.expected()]
    for length in range(len(expected) + 1):
        replayed = play_lesson(lesson, expected[:length])  # raises if any move were illegal or off the script
        match = replayed.seated.match
        if length < len(expected) and expected[length] != CONTINUE:
            assert A.parse_action(expected[length]) in match.legal_actions(), (length, expected[length])
            assert match.current_player() == PERSON
    assert replayed.seated.script == [], "the computer's script has moves left over"
    assert match.hole.is_over() and match.is_over()


def _cells(rules, column: int) -> list[int]:
    return [column + row * rules.cols for row in range(rules.rows)]


@pytest.mark.parametrize("name", NAMES)
def test_the_pair_step_makes_a_cancelled_column(name: str) -> None:
    lesson = lessons()[name]
    expected = [move for _, _, move in lesson.expected()]
    pair_step = next(i for i, (s, _, _) in enumerate(lesson.expected()) if lesson.steps[s].key == "cancel")
    before = play_lesson(lesson, expected[: pair_step - 2]).seated.match.hole  # before taking the discard
    after = play_lesson(lesson, expected[:pair_step]).seated.match.hole
    cells = _cells(after.rules, lesson.claims["pair_column"] - 1)
    assert not all(before.up[PERSON] >> p & 1 for p in cells), "the column was already face up before the step"
    assert all(after.up[PERSON] >> p & 1 for p in cells)
    assert len({rank_of(after.layouts[PERSON][p]) for p in cells}) == 1
    group = next(g for g in score_layout(after.rules, after.layouts[PERSON]).groups if g.positions == tuple(cells))
    assert group.cancelled
    face = sum(after.rules.card_points[after.layouts[PERSON][p]] for p in cells)
    assert face > group.points, "a pair that does not save points teaches nothing"


@pytest.mark.parametrize("name", NAMES)
def test_the_useless_draw_adds_points_wherever_it_goes_face_up_and_pairs_nothing(name: str) -> None:
    lesson = lessons()[name]
    expected = lesson.expected()
    index = next(i for i, (s, m, move) in enumerate(expected) if lesson.steps[s].key == "useless" and move == "discard")
    hole = play_lesson(lesson, [move for _, _, move in expected[:index]]).seated.match.hole
    rules = hole.rules
    assert hole.held >= 0 and hole.seat == PERSON
    seen = [card if hole.up[PERSON] >> p & 1 else None for p, card in enumerate(hole.layouts[PERSON])]
    now = visible_points(rules, seen)
    for p in range(rules.size):  # in place of any face-up card it adds points (a pair broken included)
        if seen[p] is not None:
            assert visible_points(rules, [hole.held if q == p else card for q, card in enumerate(seen)]) > now, p
    for p in range(rules.size):  # no face-down position whose column partner is face up with the held rank
        if hole.up[PERSON] >> p & 1:
            continue
        partners = [q for q in _cells(rules, p % rules.cols) if q != p]
        assert not any(hole.up[PERSON] >> q & 1 and rank_of(hole.layouts[PERSON][q]) == rank_of(hole.held)
                       for q in partners)  # fmt: skip


@pytest.mark.parametrize("name", NAMES)
def test_the_computer_goes_out_and_the_person_has_one_final_turn(name: str) -> None:
    lesson = lessons()[name]
    expected = lesson.expected()
    final = next(i for i, (s, _, _) in enumerate(expected) if lesson.steps[s].key == "final")
    seated = play_lesson(lesson, [move for _, _, move in expected[:final]]).seated
    hole = seated.match.hole
    assert hole.went_out == lesson.claims["goes_out"] - 1 == COMPUTER
    assert hole.final_left == 1 and hole.seat == PERSON and not hole.is_over()
    final_moves = [move for s, _, move in expected if lesson.steps[s].key == "final"]
    seated_after = play_lesson(lesson, [move for _, _, move in expected[: final + len(final_moves)]]).seated
    assert seated_after.match.hole.is_over()
    assert seated_after.match.hole.end_reason == EndReason("final_turns")


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_score_the_texts_give_is_the_engines_and_the_claimed_winner_wins(name: str, lang: str) -> None:
    lesson = lessons()[name]
    done = [move for _, _, move in lesson.expected()]
    answer = json.loads(
        handle(json.dumps({"method": "lesson_play", "params": {"lesson": name, "done": done, "lang": lang}}), Session())
    )
    assert answer["ok"], answer
    view = answer["result"]
    scores = play_lesson(lesson, done).seated.match.hole.scores()
    facts = view["lesson"]["facts"]
    assert view["lesson"]["complete"]
    assert (facts["mine"], facts["theirs"]) == (scores[PERSON].total, scores[COMPUTER].total)
    assert view["outcome"]["winners"] == [lesson.claims["winner"] - 1]
    assert scores[PERSON].total < scores[COMPUTER].total


@pytest.mark.parametrize("name", NAMES)
def test_every_step_has_its_texts_in_both_languages(name: str) -> None:
    for lang in ("en", "ja"):
        messages = catalogue(lang)
        for step in lessons()[name].steps:
            assert f"page.learn.step.{step.key}" in messages
            for index in range(len(step.moves)):
                assert f"page.learn.say.{step.key}.{index}" in messages, (lang, step.key, index)
                assert f"page.learn.nudge.{step.key}.{index}" in messages, (lang, step.key, index)


def test_a_move_off_the_lesson_is_refused_in_both_languages_and_plays_nothing() -> None:
    lesson = lesson_named("first-hole")
    first = lesson.expected()[0][2]
    other = "flip 6" if first != "flip 6" else "flip 5"
    with pytest.raises(UsageError) as refused:
        play_lesson(lesson, [other])
    assert other in str(refused.value) and f"position {first.split()[1]}" in str(refused.value)
    assert other in refused.value.message("ja") and f"{first.split()[1]}番" in refused.value.message("ja")
    answer = json.loads(
        handle(json.dumps({"method": "lesson_play", "params": {"lesson": "nope", "done": []}}), Session())
    )
    assert not answer["ok"] and "first-hole" in answer["error"]
    answer = json.loads(
        handle(json.dumps({"method": "lesson_play", "params": {"lesson": "first-hole", "done": "draw"}}), Session())
    )
    assert not answer["ok"]
