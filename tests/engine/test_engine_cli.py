"""The command line: `python -m sixcardgolf score | simulate | rules`."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from sixcardgolf import load_preset, preset_names
from sixcardgolf.cli import main
from sixcardgolf.describe import describe_rules


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:  # type: ignore[type-arg]
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    return json.loads(out)  # type: ignore[no-any-return]


# -- score --------------------------------------------------------------------------------------------


def test_score_prints_the_total_with_the_column_breakdown(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "score", "8H KS 2D / 8C AS 5H")
    player = data["players"][0]
    assert player["total"] == 4 and player["player"] == 1
    assert [(g["positions"], g["points"], g["cancelled"]) for g in player["groups"]] == [
        ([1, 4], 0, True), ([2, 5], 1, False), ([3, 6], 3, False),
    ]  # fmt: skip
    assert player["adjustments"] == []


def test_score_several_players_with_options_went_out_and_knocked(capsys: pytest.CaptureFixture[str]) -> None:
    # Player 1: 2 2 with pair keeping value -> -4 + (3+5) + (4+6) = 14; player 2: 0 + 1 + 3 = 4.
    data = run_json(capsys, "score", "--set", "negative_pairs_keep_value=true", "--set", "going_out_penalty=yes",
                    "--went-out", "1", "2H 3S 4D / 2C 5C 6C", "8H KS 2D / 8C AS 5H")  # fmt: skip
    assert [p["total"] for p in data["players"]] == [14 + 10, 4]
    assert data["players"][0]["adjustments"] == [{"key": "going_out_penalty", "points": 10}]
    assert data["options"] == {"negative_pairs_keep_value": True, "going_out_penalty": True}
    knocked = run_json(capsys, "score", "--preset", "four-card", "--knocked", "2", "8H KS / 8C AS", "QH QS / 3D 4C")
    assert [p["total"] for p in knocked["players"]] == [1, 27 + 10]


def test_score_uses_the_preset(capsys: pytest.CaptureFixture[str]) -> None:
    # Jokers preset: twos +2, jokers -2 and a pair of jokers 0.
    data = run_json(capsys, "score", "--preset", "jokers", "JK 2H KS / JK 5C 6C")
    assert data["players"][0]["total"] == 0 + (2 + 5) + (0 + 6)


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["score", "8H KS 2D / 8C AS 5X"], "'5X'"),
        (["score", "--set", "colour=red", "8H KS 2D / 8C AS 5H"], "'colour'"),
        (["score", "--set", "values.K", "8H KS 2D / 8C AS 5H"], "'values.K' is not KEY=VALUE"),
        (["score", "--set", "values.K=zero", "8H KS 2D / 8C AS 5H"], "values.K = 'zero'"),
        (["score", "--preset", "golfball", "8H KS 2D / 8C AS 5H"], "'golfball'"),
        (["score", "8H KS / 8C AS"], "is 2x2, but these rules deal 2x3"),
        (["score", "--went-out", "3", "8H KS 2D / 8C AS 5H", "QH QS 3D / 4C 9S 7H"], "--went-out 3"),
        (["score", "--knocked", "1", "8H KS 2D / 8C AS 5H"], "--knocked 1 needs knocking"),
        (["score", "8H KS 2D / 8C AS 5H", "8H QS 3D / 4C 9S 7H"], "8♥ is written 2 times (Player 1 at"),
        (["score", "JK KS 2D / 8C AS 5H"], "Player 1, position 1: these rules use no jokers"),
        (["score"], "at least one LAYOUT"),
        (["score", "--bogus", "8H KS 2D / 8C AS 5H"], "--bogus"),
        (["score", "--went-out", "one", "8H KS 2D / 8C AS 5H"], "'one'"),
        (["frobnicate"], "'frobnicate'"),
        (["simulate", "--players", "1"], "players 1"),
        (["simulate", "--games", "0"], "games 0"),
        (["simulate", "--ai", "random,grandmaster"], "'grandmaster'"),
        (["simulate", "--players", "3", "--ai", "random,random"], "for 3 players"),
        (["simulate", "--set", "layout=3x3", "--set", "decks=1", "--players", "6"], "players 6"),
        (["rules", "--preset", "golfball"], "'golfball'"),
        (["rules", "--preset", "basic", "--lang", "fr"], "'fr'"),
        (["rules", "--list", "--preset", "basic"], "--list takes no --preset"),
    ],
)
def test_bad_input_is_one_line_naming_it_and_exit_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], named: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and named in err, err
    assert "Traceback" not in err


# -- simulate ----------------------------------------------------------------------------------------

SIM = ["simulate", "--preset", "basic", "--players", "3", "--holes", "2", "--games", "6", "--seed", "7",
       "--ai", "random,random,random"]  # fmt: skip


def without_timing(data: dict) -> dict:  # type: ignore[type-arg]
    return {k: v for k, v in data.items() if k not in ("seconds", "holes_per_second")}


def test_simulate_prints_per_seat_lists_and_the_speed(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, *SIM)
    for key in ("mean_hole_score", "solo_wins", "shared_wins"):
        assert len(data[key]) == 3
    assert data["holes_played"] == 12 and data["holes"] == 2
    assert sum(data["solo_wins"]) <= 6
    # Every game has a winner: solo wins count once per game, shared wins at least twice per shared game.
    shared_games = 6 - sum(data["solo_wins"])
    assert sum(data["shared_wins"]) >= 2 * shared_games
    assert data["holes_per_second"] > 0 and data["ai"] == ["random"] * 3


def test_simulate_is_repeatable_apart_from_timing(capsys: pytest.CaptureFixture[str]) -> None:
    first = run_json(capsys, *SIM)
    second = run_json(capsys, *SIM)
    assert without_timing(first) == without_timing(second)
    other = run_json(capsys, *[*SIM[:-4], "--seed", "8", *SIM[-2:]])
    assert without_timing(other) != without_timing(first)


def test_simulate_one_name_plays_every_seat(capsys: pytest.CaptureFixture[str]) -> None:
    one = run_json(capsys, "simulate", "--players", "3", "--games", "2", "--holes", "1", "--ai", "random")
    assert one["ai"] == ["random"] * 3


def test_simulate_set_and_preset_reach_the_rules(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(
        capsys, "simulate", "--preset", "four-card", "--set", "turn_limit=3", "--games", "3", "--holes", "1"
    )
    assert data["options"]["turn_limit"] == 3 and data["options"]["layout"] == "2x2"
    assert set(data["end_reasons"]) <= {"turn_limit", "knock", "went_out"}


# -- rules -----------------------------------------------------------------------------------------------


def test_rules_list_names_every_preset(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "--list")
    assert code == 0 and [line.split()[0] for line in out.splitlines()] == preset_names()
    listed = run_json(capsys, "rules", "--list", "--json")
    assert [p["name"] for p in listed["presets"]] == preset_names()


@pytest.mark.parametrize("preset", ["basic", "four-card", "nine-card"])
def test_rules_json_is_the_rules_value_and_its_statements(capsys: pytest.CaptureFixture[str], preset: str) -> None:
    data = run_json(capsys, "rules", "--preset", preset, "--json")
    assert data["options"] == load_preset(preset).to_dict()
    assert [s["text"] for s in data["statements"]] == [s.text for s in describe_rules(load_preset(preset), "en")]


def test_rules_text_in_japanese(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "--preset", "jokers", "--lang", "ja")
    assert code == 0
    for statement in describe_rules(load_preset("jokers"), "ja"):
        assert statement.text in out
    assert "ジョーカー" in out


def test_rules_with_a_changed_option(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "rules", "--preset", "basic", "--set", "values.K=-2", "--json")
    assert data["options"]["values.K"] == -2


def test_python_dash_m_runs_the_command_line() -> None:
    result = subprocess.run([sys.executable, "-m", "sixcardgolf", "score", "8H KS 2D / 8C AS 5H"],
                            capture_output=True, text=True, check=False)  # fmt: skip
    assert result.returncode == 0 and json.loads(result.stdout)["players"][0]["total"] == 4
    bad = subprocess.run([sys.executable, "-m", "sixcardgolf", "score", "8H KS 2D / 8C AS 5X"],
                         capture_output=True, text=True, check=False)  # fmt: skip
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "'5X'" in bad.stderr
