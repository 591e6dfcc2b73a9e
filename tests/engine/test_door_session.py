"""The door's state lives in a Session passed in; the Play page's save has one reader; every refusal is typed.

A server will keep one Session per room in one process, so two Sessions must never share anything, and no
module of the door (or of the review under it) may keep state of its own between requests.
"""

from __future__ import annotations

import ast
import copy
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import sixcardgolf.door
import sixcardgolf.review
from sixcardgolf import Match, errors, load_preset
from sixcardgolf.door import Session
from support.door import ask
from support.saves import page_save_data

ENGINE = Path(__file__).resolve().parents[2] / "engine" / "sixcardgolf"


def finished_save(seed: int = 3) -> str:
    """A one-hole match of a person and a computer, played to its end through the door."""
    session = Session()
    view = ask("match_new", session, seats=["human", "easy"], players=2, seed=seed, options={"holes": 1})["result"]
    while not view["hole_over"]:
        view = ask("match_act", session, action=view["observation"]["legal_actions"][0])["result"]
    return str(view["save"])


def module_state(modules: list[ModuleType]) -> dict[str, Any]:
    """Every mutable container a module holds at its top level, copied (functions and classes left out)."""
    state = {}
    for module in modules:
        for name, value in vars(module).items():
            if isinstance(value, dict | list | set) and not name.startswith("__"):
                state[f"{module.__name__}.{name}"] = copy.deepcopy(value)
    return state


def door_and_review_modules() -> list[ModuleType]:
    import sys

    return [m for name, m in sorted(sys.modules.items()) if name.startswith(("sixcardgolf.door", "sixcardgolf.review"))]


def test_a_review_leaves_no_state_in_any_module_only_in_its_session() -> None:
    """The review's prepared save and its verdicts are the Session's (they were module globals of the door and
    the review); a whole match played, stepped through, reviewed and replayed changes no module's state."""
    save = finished_save()
    modules = door_and_review_modules()
    before = module_state(modules)
    session = Session()
    assert ask("match_load", session, save=save)["ok"]
    while True:
        step = ask("match_review_step", session, save=save, limit=4)["result"]
        if step["done"] == step["total"]:
            break
    assert ask("match_review", session, save=save)["ok"]
    assert ask("match_replay", session, save=save)["ok"]
    assert module_state(modules) == before
    assert len(session.verdicts) == step["total"] > 0 and session.prepared is not None


def test_two_sessions_share_neither_a_match_nor_a_review() -> None:
    save = finished_save()
    one, two = Session(), Session()
    assert ask("match_load", one, save=save)["ok"]
    assert ask("match_review_step", one, save=save, limit=2)["result"]["done"] == 2
    assert two.seated is None and two.prepared is None and len(two.verdicts) == 0
    refused = ask("match_view", two, lang="ja")
    assert refused == {"ok": False, "error": "マッチが始まっていません。新しいマッチを始めてください。"}
    assert ask("match_review_step", two, save=save, limit=1)["result"]["done"] == 1  # judged afresh in `two`


def test_the_verdicts_keep_the_most_recently_used() -> None:
    from sixcardgolf.review import Verdicts, seat_decisions

    match = Match.from_save(json.loads(finished_save())["match"])
    verdicts = Verdicts(kept=2)
    keys = [(observation, match.log[step], match.seed, step) for _, step, observation in seat_decisions(match, 0)]
    assert len(keys) >= 3
    from sixcardgolf.review import judge

    for key in keys[:2]:
        judge(*key, verdicts)
    assert verdicts.get(keys[0]) is not None  # keys[0] used again: keys[1] is now the oldest
    judge(*keys[2], verdicts)
    assert keys[0] in verdicts and keys[2] in verdicts and keys[1] not in verdicts and len(verdicts) == 2


def page_save(seats: Any, actions: list[str] | None = None, **extra: Any) -> dict[str, Any]:
    match = Match(load_preset("basic").with_options({"holes": 1}), 2, 7).to_save()
    if actions is not None:
        match["actions"] = actions
    return page_save_data(match, seats, **extra)


@pytest.mark.parametrize(
    "seats",
    [["human", "robot"], ["easy", "normal"], ["human"], "human,easy", [0, "easy"]],
    ids=["unknown-level", "no-person", "too-few", "not-a-list", "not-a-name"],
)
def test_the_play_page_and_the_review_refuse_the_same_seats(seats: Any) -> None:
    """One reader of the Play page's save: a seat list the page cannot restore is not reviewed either (the review
    took any list of strings, and one without a person)."""
    save = json.dumps(page_save(seats))
    restored = ask("match_load", Session(), save=save)
    reviewed = ask("match_review", save=save, seat=0)
    assert restored["ok"] is False and "could not be restored" in restored["error"]
    assert reviewed["ok"] is False and reviewed["error"].startswith("the save could not be reviewed: seat")


def test_both_read_the_undo_switch_and_only_the_play_page_recovers_a_broken_log() -> None:
    good = ["flip 1", "flip 2", "flip 1", "flip 2", "draw"]
    save = page_save(["human", "easy"], [*good, "take"], undo=False)  # "take" with a card in hand: not legal
    restored = ask("match_load", Session(), save=json.dumps(save))["result"]
    assert restored["recovered"] == {"kept": len(good), "total": len(good) + 1}
    assert restored["undo_offered"] is False and json.loads(restored["save"])["undo"] is False
    reviewed = ask("match_review", save=json.dumps(save), seat=0)
    assert reviewed["ok"] is False and "does not replay" in reviewed["error"]
    for value in ("no", 0, None):
        bad = json.dumps(page_save(["human", "easy"], undo=value))
        assert ask("match_load", Session(), save=bad)["ok"] is False
        assert "undo" in ask("match_review", save=bad, seat=0)["error"]


def test_only_the_save_module_spells_the_play_page_format() -> None:
    spelled = [
        str(path.relative_to(ENGINE))
        for path in sorted(ENGINE.rglob("*.py"))
        if '"sixcardgolf-playground"' in path.read_text(encoding="utf-8")
    ]
    assert spelled == ["door/saves.py"]


GOLF_ERRORS = {
    name for name, value in vars(errors).items() if isinstance(value, type) and issubclass(value, errors.GolfError)
}


def raised_calls(path: Path) -> list[ast.Call]:
    return [
        node.exc
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)
    ]


@pytest.mark.parametrize("path", sorted((ENGINE / "door").glob("*.py")), ids=lambda p: p.name)
def test_every_door_error_is_typed_and_worded_in_the_catalogue(path: Path) -> None:
    """No bare GolfError, and no sentence written beside the raise: each error is a GolfError subclass whose
    texts come from the message catalogue in both languages (both(...)), or one re-raised with its own two."""
    for call in raised_calls(path):
        name = call.func.id if isinstance(call.func, ast.Name) else getattr(call.func, "attr", "")
        assert name != "GolfError", f"{path.name}:{call.lineno} raises a bare GolfError"
        if name not in GOLF_ERRORS:
            continue  # a helper that returns one (checked where it is built), or saves.py's private _Damaged
        strings = [arg for arg in call.args if isinstance(arg, ast.Constant | ast.JoinedStr)]
        assert not strings, f"{path.name}:{call.lineno} words its error beside the raise"
        assert not any(keyword.arg == "ja" and isinstance(keyword.value, ast.Constant) for keyword in call.keywords)


def test_the_door_package_exports_the_session_the_worker_keeps() -> None:
    assert sixcardgolf.door.Session is Session
    assert not hasattr(sixcardgolf.review, "forget_verdicts")
