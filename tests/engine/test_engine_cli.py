"""The command line: `python -m sixcardgolf score | simulate | rules | review`, and its misuse."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from sixcardgolf import Match, load_preset, preset_names
from sixcardgolf.cli import main
from sixcardgolf.cli_io import MAX_FILE_BYTES
from sixcardgolf.text.describe import describe_rules


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


# -- misuse, as a user meets it: run as `python -m sixcardgolf` (reliability-review.md §2) -----------------------


def sixcardgolf(*argv: str, timeout: float = 60, **options: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sixcardgolf", *argv], capture_output=True, text=True, timeout=timeout, **options
    )


def one_line_refusal(result: subprocess.CompletedProcess[str], named: str) -> None:
    """Exit status 2, nothing on stdout, and one short line on stderr naming the input; never a traceback."""
    assert result.returncode == 2, result
    assert result.stdout == "" and result.stderr.count("\n") == 1, result.stderr[:500]
    assert "Traceback" not in result.stderr and len(result.stderr) < 400, result.stderr[:500]
    assert named in result.stderr, result.stderr


@pytest.fixture
def files(tmp_path: Path) -> Path:
    (tmp_path / "deep.json").write_text("[" * 3_000 + "]" * 3_000, encoding="utf-8")
    match = {"format": "sixcardgolf-match", "version": 1, "players": 2, "actions": [], "rules": {}}
    (tmp_path / "digits.json").write_text(json.dumps(match).replace('"players": 2', '"seed": ' + "7" * 5_000))
    os.mkfifo(tmp_path / "fifo")  # no writer: opening it would wait for ever
    with open(tmp_path / "big.json", "wb") as big:
        big.truncate(MAX_FILE_BYTES + 1)  # sparse: costs no disk
    return tmp_path


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["review", "{dir}/deep.json"], "it is nested too deeply"),
        (["review", "{dir}/digits.json"], "it holds a number of 5000 digits"),
        (["review", "{dir}/fifo"], "is not a regular file"),
        (["review", "/dev/zero"], "is not a regular file"),
        (["review", "{dir}"], "is not a regular file"),
        (["review", "{dir}/big.json"], "it holds more than 16 MB"),
        (["rules", "--set", "values.T=abc"], "values.T = 'abc' is not allowed"),
        (["score", "--set", "values.T=x", "8H KS 2D / 8C AS 5H"], "values.T = 'x' is not allowed"),
        (["simulate", "--set", "values.T=x"], "values.T = 'x' is not allowed"),
        (["rules", "--set", "holes=" + "9" * 5_000], "option holes = '999"),
        (["simulate", "--seed", "9" * 5_000], "invalid int value: '999"),
        (["score", " ".join(["8H"] * 40_000)], "at most 200 can be read"),
    ],
    ids=["deep-save", "5000-digit-save", "fifo", "dev-zero", "folder", "16-MB", "values.T-rules", "values.T-score",
         "values.T-simulate", "5000-digit-option", "5000-digit-seed", "40000-card-layout"],
)  # fmt: skip
def test_misuse_is_one_short_line_and_exit_status_2(files: Path, argv: list[str], named: str) -> None:
    """Each of these printed a traceback, never ended, or echoed a huge input before (the reliability review)."""
    one_line_refusal(sixcardgolf(*[arg.replace("{dir}", str(files)) for arg in argv]), named)


@pytest.mark.parametrize(
    ("argv", "japanese"),
    [
        (["review", "{dir}/nope.json", "--lang", "ja"], "保存データのファイル「"),
        (["review", "{dir}/fifo", "--lang", "ja"], "普通のファイルではない"),
        (["rules", "--preset", "basic", "--set", "turn_limit=0", "--lang", "ja"], "「手番の上限」に0は使えません"),
        (["rules", "--set", "values.T=abc", "--lang", "ja"], "「10の得点」に「abc」は使えません"),
        (["rules", "--list", "--preset", "basic", "--lang", "ja"], "を付けられません"),
        (["rules", "--set", "knock", "--lang", "ja"], "「キー=値」の形ではありません"),
    ],
    ids=["missing-save", "fifo", "option-value", "values.T", "list-alone", "set-syntax"],
)
def test_errors_are_in_japanese_under_lang_ja(files: Path, argv: list[str], japanese: str) -> None:
    """japanese-review.md §3.5: the CLI's errors were English even with --lang ja."""
    one_line_refusal(sixcardgolf(*[arg.replace("{dir}", str(files)) for arg in argv]), japanese)


def test_review_names_a_seat_not_at_the_table_in_japanese(tmp_path: Path) -> None:
    save = tmp_path / "match.json"
    save.write_text(Match(load_preset("basic"), 2, 1).dumps(), encoding="utf-8")
    one_line_refusal(sixcardgolf("review", str(save), "--seat", "5", "--lang", "ja"), "1〜2のプレイヤー番号")


def interruptible(*argv: str) -> subprocess.Popen[str]:
    """A run that Ctrl-C reaches as it would from a terminal (SIGINT not ignored, whatever the test runner does)."""
    return subprocess.Popen(
        [sys.executable, "-m", "sixcardgolf", *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )  # fmt: skip


def test_ctrl_c_stops_a_long_simulation_with_what_was_played_so_far() -> None:
    run = interruptible("simulate", "--games", "1000000", "--ai", "random", "--progress", "--seed", "3")
    assert run.stderr is not None and run.stdout is not None
    first = run.stderr.readline()  # the progress line after the first game: the run is under way
    assert first.startswith("simulate: 1 of 1,000,000 games"), first
    run.send_signal(signal.SIGINT)
    out, err = run.communicate(timeout=60)
    assert run.returncode == 130, (run.returncode, err)
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    last = err.strip().splitlines()[-1]
    data = json.loads(out)
    assert data["interrupted"] is True and 1 <= data["games_played"] < 1_000_000
    assert last == f"sixcardgolf simulate: interrupted after {data['games_played']} of 1000000 games; " \
        "the statistics of those are on stdout"  # fmt: skip
    # Whole games only: Basic plays 9 holes a game and shares a tie (no play-off).
    assert data["holes_played"] == 9 * data["games_played"] and data["playoff_holes"] == 0


def test_progress_is_shown_only_when_asked_or_on_a_terminal() -> None:
    quiet = sixcardgolf("simulate", "--games", "3", "--holes", "1")
    assert quiet.returncode == 0 and quiet.stderr == ""
    shown = sixcardgolf("simulate", "--games", "3", "--holes", "1", "--progress")
    assert shown.returncode == 0 and shown.stderr.splitlines()[-1] == "simulate: 3 of 3 games (100.0%)"
    assert without_timing(json.loads(shown.stdout)) == without_timing(json.loads(quiet.stdout))


def test_a_closed_pipe_ends_the_run_quietly() -> None:
    """`... | head -c 20`: the reader went away; no BrokenPipeError traceback, the status of a tool killed by SIGPIPE."""
    run = subprocess.Popen([sys.executable, "-m", "sixcardgolf", "rules", "--preset", "house-party", "--json"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip
    assert run.stdout is not None
    run.stdout.close()  # before the command writes a byte
    _, err = run.communicate(timeout=60)
    assert run.returncode == 141 and err == "", (run.returncode, err)


def test_a_full_disk_is_one_line_and_a_failure() -> None:
    with open("/dev/full", "w") as full:
        result = subprocess.run([sys.executable, "-m", "sixcardgolf", "rules", "--preset", "basic", "--json"],
                                stdout=full, stderr=subprocess.PIPE, text=True, timeout=60)  # fmt: skip
    assert result.returncode == 1, result
    assert result.stderr == "sixcardgolf rules: cannot write the output: No space left on device\n", result.stderr
