"""The guided lessons of the Learn page: a scripted deal against one computer, one idea done at each step.

A lesson (lessons/*.json) is an ordinary match of the engine, dealt from the lesson's seed, in which the computer
plays the lesson's moves instead of a policy's and the person may make only the move each step teaches. The door
is stateless about a lesson: the page sends every move the person made so far (`done`, "continue" for a step that
is read rather than played) and gets the view after the last one, with the moves of that last one (the person's
and the computer's replies) as events, so a reload resumes by sending the same list again.

`play_lesson` is the one replay both the door and tests/learn/test_lessons.py use: a move that is not the one
taught at its step is refused, and every move must be legal in the engine.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from .. import actions as A
from ..cards import rank_of
from ..errors import UsageError, quote_code, quote_text
from ..hole import HoleState
from ..match import Match
from ..messages import Words, both, text
from ..presets import load_preset
from ..scoring import score_layout
from ..text.glossary import rank_word
from .match import local_view
from .params import lang_of
from .seated import Move, SeatedMatch
from .session import Session

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
CONTINUE = "continue"  # the move of a step that is read: the page's Continue button
PERSON, COMPUTER = 0, 1  # the lesson's seats: the person and the computer ("normal" on the page's seat names)
MAX_DONE = 200  # far more moves than any lesson has: a longer list is refused before anything is replayed


@dataclass(frozen=True)
class Step:
    key: str  # the step's texts: learn.step.<key> (its name in the progress line), learn.say.<key>.<n>, ...
    moves: tuple[str, ...]  # the moves it teaches, in order


@dataclass(frozen=True)
class Lesson:
    name: str
    order: int
    preset: str
    options: dict[str, Any]
    players: int
    first_dealer: int
    seed: int
    computer: tuple[str, ...]
    steps: tuple[Step, ...]
    claims: dict[str, int]

    def expected(self) -> list[tuple[int, int, str]]:
        """Every move the person makes, in order: (step index, move index within the step, the move)."""
        return [(s, m, move) for s, step in enumerate(self.steps) for m, move in enumerate(step.moves)]

    def new_match(self) -> Match:
        rules = load_preset(self.preset).with_options(self.options)
        return Match(rules, self.players, self.seed, first_dealer=self.first_dealer)


@cache
def lessons() -> dict[str, Lesson]:
    """Every lesson by name (its file's name), in their order."""
    found = []
    for path in sorted(LESSONS.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        steps = tuple(Step(step["key"], tuple(step["moves"])) for step in data["steps"])
        found.append(
            Lesson(
                path.stem,
                data["order"],
                data["preset"],
                data["options"],
                data["players"],
                data["first_dealer"],
                data["seed"],
                tuple(data["computer"]),
                steps,
                dict(data["claims"]),
            )
        )
    return {lesson.name: lesson for lesson in sorted(found, key=lambda lesson: lesson.order)}


def lesson_named(name: Any) -> Lesson:
    found = lessons()
    if not isinstance(name, str) or name not in found:
        raise UsageError(
            *both("error.lesson.unknown", lesson_code=quote_code(name), lesson=quote_text(name), known=", ".join(found))
        )
    return found[name]


class ScriptedMatch(SeatedMatch):
    """The lesson's match: the computer's seat plays the lesson's moves in order, not a policy's."""

    def __init__(self, match: Match, script: tuple[str, ...]) -> None:
        super().__init__(match, ["human", "normal"], undo=False)
        self.script = list(script)

    def play_computers(self) -> list[Move]:
        moves = []
        while not self.match.hole.is_over() and not self.is_human(self.match.current_player()):
            if not self.script:
                raise UsageError(*both("error.lesson.script_over"))
            moves.append(self.play(A.parse_action(self.script.pop(0))))
        return moves


@dataclass
class Replayed:
    seated: ScriptedMatch
    moves: list[Move]  # what the last move did (the person's and the computer's replies): the answer's events
    position: int  # how many of the lesson's moves are done


def play_lesson(lesson: Lesson, done: list[str]) -> Replayed:
    """The lesson with the person's moves `done` played, each checked against the move its step teaches; the
    computer's replies follow each one. Refuses a move that is not the one taught, and more moves than the
    lesson has."""
    expected = lesson.expected()
    if len(done) > len(expected):
        raise UsageError(*both("error.lesson.too_many", count=len(done), most=len(expected)))
    seated = ScriptedMatch(lesson.new_match(), lesson.computer)
    moves = seated.play_computers()  # the computer's opening, if it opens first
    for index, given in enumerate(done):
        wanted = expected[index][2]
        if given != wanted:
            raise UsageError(
                *both(
                    "error.lesson.move",
                    number=index + 1,
                    move_code=quote_code(given),
                    move=quote_text(given),
                    wanted=_move_words(wanted),
                )
            )
        moves = [] if given == CONTINUE else [seated.play(A.parse_action(given)), *seated.play_computers()]
    return Replayed(seated, moves, len(done))


def _move_words(move: str) -> Words:
    """A move of the lesson in words, as an error names it (the page's Continue for a read step)."""
    if move == CONTINUE:
        return lambda lang: text("page.learn.continue", lang)
    return A.action_words(A.parse_action(move))


def _done(params: dict[str, Any]) -> list[str]:
    done = params.get("done", [])
    if not isinstance(done, list) or len(done) > MAX_DONE or not all(isinstance(move, str) for move in done):
        raise UsageError(*both("error.lesson.done", done_code=quote_code(done), done=quote_text(done)))
    return done


def lesson_facts(lesson: Lesson, hole: HoleState, lang: str, step: int, move: str) -> dict[str, Any]:
    """The numbers and words the step's texts are filled with, all from the engine: the rules' facts, the card in
    the person's hand and on the discard pile (both face up), the position and column the move names, the
    claimed pair's column as it scores now, and at the end each seat's score. Nothing the person cannot see."""
    rules = hole.rules
    column = lesson.claims["pair_column"] - 1
    facts: dict[str, Any] = {
        "reveals": rules.initial_reveals,
        "step": step + 1,
        "steps": len(lesson.steps),
        "pair_column": column + 1,
    }
    _, _, position = move.partition(" ")
    if position:
        facts["position"] = int(position)
        facts["column"] = (int(position) - 1) % rules.cols + 1
    if hole.held >= 0 and hole.seat == PERSON:
        facts["held"] = rank_word(rank_of(hole.held), lang)
        facts["held_points"] = rules.card_points[hole.held]
    if hole.discard:
        facts["discard"] = rank_word(rank_of(hole.discard[-1]), lang)
        facts["discard_points"] = rules.card_points[hole.discard[-1]]
    positions = [column + row * rules.cols for row in range(rules.rows)]
    if all(hole.up[PERSON] >> p & 1 for p in positions):  # both face up: the person sees the pair
        cards = [hole.layouts[PERSON][p] for p in positions]
        group = next(g for g in score_layout(rules, hole.layouts[PERSON]).groups if g.positions == tuple(positions))
        facts.update(
            pair=rank_word(rank_of(cards[0]), lang),
            pair_points=group.points,
            pair_face=sum(rules.card_points[card] for card in cards),
        )
    if hole.is_over():
        scores = [score.total for score in hole.scores()]
        facts.update(mine=scores[PERSON], theirs=scores[COMPUTER])
    return facts


def lesson_play(params: dict[str, Any], session: Session) -> dict[str, Any]:
    """The view after the person's moves `done`, with `lesson`: the steps' keys, where the person is (`step`,
    `move`, the move expected next: `expect`), the facts its texts name, and `complete`."""
    lesson = lesson_named(params.get("lesson"))
    lang = lang_of(params)
    replayed = play_lesson(lesson, _done(params))
    seated = replayed.seated
    session.seated = seated
    expected = lesson.expected()
    complete = replayed.position == len(expected)
    step, move, expect = expected[replayed.position] if not complete else (len(lesson.steps), 0, "")
    view = local_view(seated, {**params, "viewer": PERSON}, replayed.moves)
    view["lesson"] = {
        "name": lesson.name,
        "steps": [step.key for step in lesson.steps],
        "step": step,
        "move": move,
        "expect": expect,
        "done": replayed.position,
        "complete": complete,
        "facts": lesson_facts(lesson, seated.match.hole, lang, min(step, len(lesson.steps) - 1), expect),
    }
    return view


def lesson_list(params: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"name": lesson.name, "steps": [step.key for step in lesson.steps]} for lesson in lessons().values()]


METHODS = {
    "lesson_play": lesson_play,
    "lesson_list": lambda params, session: lesson_list(params),
}
