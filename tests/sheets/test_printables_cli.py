"""The command line: custom rules files, clear errors that leave no file, and the page asked for."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from printables_pdf import PAPER_PT, page_size, reader, squash, text, values_in_table_order

from printables.cli import main
from sixcardgolf import Rules, RulesError, load_preset
from sixcardgolf.text.describe import describe_rules
from sixcardgolf.text.describe_scoring import card_value_rows
from support import REPO as ROOT


def run_module(*args: str) -> subprocess.CompletedProcess[str]:
    """`python -m printables ...` from the repository root, as a user runs it; with Python's fault handler, which
    prints nothing unless the process crashes (one run once ended in SIGSEGV after its right one-line error: the
    stack would then be in the failure's stderr)."""
    command = [sys.executable, "-X", "faulthandler", "-m", "printables", *args]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)


def write_rules(folder: Path, content: object | str) -> Path:
    path = folder / "rules.json"
    path.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
    return path


def test_rules_file_prints_its_own_values(tmp_path: Path) -> None:
    # One value changed from the basic game: kings at -3 instead of 0.
    rules_file = write_rules(tmp_path, {"values.K": -3})
    out = tmp_path / "sheet.pdf"
    result = run_module(
        "--rules", str(rules_file), "--lang", "ja", "--paper", "letter", "--kind", "rules", "-o", str(out)
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    pdf = out.read_bytes()
    assert len(reader(pdf).pages) == 1
    assert page_size(pdf) == pytest.approx(PAPER_PT["letter"], abs=1)
    changed = Rules.from_dict({"values.K": -3})
    rows = card_value_rows(changed, "ja")
    assert -3 in [points for _, points in rows]  # the engine has a row for the change
    assert values_in_table_order(text(pdf), rows, [str(p) for _, p in rows])
    basic_rows = card_value_rows(Rules(), "ja")
    assert not values_in_table_order(text(pdf), basic_rows, [str(p) for _, p in basic_rows])


def test_scorepad_through_the_cli(tmp_path: Path) -> None:
    out = tmp_path / "pad.pdf"
    code = main(["--preset", "jokers", "--kind", "scorepad", "--players", "4", "--holes", "18", "-o", str(out)])
    assert code == 0
    pdf = out.read_bytes()
    assert page_size(pdf) == pytest.approx(PAPER_PT["a4"], abs=1)
    assert "".join(str(h) for h in range(1, 19)) in squash(text(pdf))


def engine_message(options: object) -> str:
    try:
        Rules.from_dict(options)  # type: ignore[arg-type]
    except RulesError as error:
        return str(error)
    raise AssertionError(f"{options!r} should be refused by the engine")


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("{ not json", "is not valid JSON"),
        ("[1, 2]", "must hold a JSON object of option keys"),
        ({"layuot": "2x3"}, None),  # unknown key: the engine's own message (with its suggestion)
        ({"layout": "5x5"}, None),  # bad value
        ({"values.K": "zero"}, None),
        ({"initial_reveals": 7}, None),  # more reveals than a 2x3 layout has cards
    ],
    ids=["bad-json", "not-an-object", "unknown-key", "bad-choice", "bad-number", "inconsistent"],
)
def test_bad_rules_file_is_a_clear_error_and_leaves_no_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: object, expected: str | None
) -> None:
    rules_file = write_rules(tmp_path, content)
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    before = out_dir / "kept.pdf"
    before.write_bytes(b"an earlier sheet")
    code = main(["--rules", str(rules_file), "-o", str(out_dir / "kept.pdf")])
    err = capsys.readouterr().err
    assert code == 2
    assert str(rules_file) in err, err
    assert (expected or engine_message(content)) in err, err
    assert "Traceback" not in err
    assert before.read_bytes() == b"an earlier sheet", "a failed run must not touch an existing file"
    assert sorted(p.name for p in out_dir.iterdir()) == ["kept.pdf"], "no temporary or partial file may remain"


def test_bad_rules_file_through_python_m(tmp_path: Path) -> None:
    rules_file = write_rules(tmp_path, {"knock": "sometimes"})
    out = tmp_path / "x.pdf"
    result = run_module("--rules", str(rules_file), "-o", str(out))
    assert result.returncode == 2
    assert engine_message({"knock": "sometimes"}) in result.stderr
    assert str(rules_file) in result.stderr
    assert "Traceback" not in result.stderr
    assert list(tmp_path.iterdir()) == [rules_file]


def test_missing_rules_file_and_missing_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--rules", str(tmp_path / "nope.json"), "-o", str(tmp_path / "a.pdf")]) == 2
    assert "nope.json" in capsys.readouterr().err
    assert main(["--preset", "basic", "-o", str(tmp_path / "no-such-dir" / "a.pdf")]) == 2
    assert "does not exist" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_bad_table_size_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--kind", "scorepad", "--players", "12", "-o", str(tmp_path / "p.pdf")]) == 2
    err = capsys.readouterr().err
    assert "players 12" in err and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


def test_changing_one_option_changes_the_sheet(tmp_path: Path) -> None:
    """The same preset with one option changed prints that option's new statement, and only
    the changed sheet has it (nothing about the preset is restated by hand)."""
    base = load_preset("speed")
    changed = base.with_options({"turn_limit": 150})
    old_out, new_out = tmp_path / "old.pdf", tmp_path / "new.pdf"
    assert main(["--preset", "speed", "-o", str(old_out)]) == 0
    write_rules(tmp_path, changed.to_dict())
    assert main(["--rules", str(tmp_path / "rules.json"), "-o", str(new_out)]) == 0
    old_text, new_text = squash(text(old_out.read_bytes())), squash(text(new_out.read_bytes()))
    new_statement = next(s.text for s in describe_rules(changed, "en") if s.key == "turn_limit")
    old_statement = next(s.text for s in describe_rules(base, "en") if s.key == "turn_limit")
    assert new_statement != old_statement
    assert squash(new_statement) in new_text and squash(new_statement) not in old_text
    assert squash(old_statement) in old_text and squash(old_statement) not in new_text


def test_errors_come_in_the_language_asked_for(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules_file = write_rules(tmp_path, {"knock": "sometimes"})
    with pytest.raises(RulesError) as refused:
        Rules.from_dict({"knock": "sometimes"})
    assert main(["--rules", str(rules_file), "--lang", "ja", "-o", str(tmp_path / "x.pdf")]) == 2
    err = capsys.readouterr().err
    assert refused.value.message("ja") in err and "ルールファイル" in err
    assert main(["--kind", "scorepad", "--players", "12", "--lang", "ja", "-o", str(tmp_path / "p.pdf")]) == 2
    assert "スコア表の人数 12" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == [rules_file]


# -- misuse, as a user meets it: one line and exit status 2, never a traceback (reliability-review.md §2) --------


def one_line_refusal(result: subprocess.CompletedProcess[str], named: str) -> None:
    assert result.returncode == 2, result
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr, result.stderr[:600]
    assert named in result.stderr, result.stderr


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["--rules", "{dir}/deep.json", "-o", "{dir}/a.pdf"], "it is nested too deeply"),
        (["--rules", "{dir}/alias.json", "-o", "{dir}/a.pdf"], "values.T = 'x' is not allowed"),
        (["--rules", "{dir}/alias.json", "--lang", "ja", "-o", "{dir}/a.pdf"], "「10の得点」に「x」は使えません"),
        (["--rules", "{dir}/fifo", "-o", "{dir}/a.pdf"], "is not a regular file"),
        (["--preset", "basic", "-o", "{dir}"], "is a folder: give the PDF's file name"),
        (["--preset", "basic", "-o", "/proc/x.pdf"], "cannot write '/proc/x.pdf'"),
        (["--preset", "basic", "--lang", "ja", "-o", "/proc/x.pdf"], "「/proc/x.pdf」に書き込めません"),
        (["build-all", "--out", "{dir}/a-file"], "cannot write '{dir}/a-file'"),
        (["--kind", "bogus", "-o", "{dir}/a.pdf"], "invalid choice: 'bogus'"),
        (["build-all"], "the following arguments are required: --out"),
    ],
    ids=["deep-rules", "values.T", "values.T-ja", "fifo", "out-a-folder", "out-unwritable", "out-unwritable-ja",
         "build-all-out-a-file", "argparse", "build-all-argparse"],
)  # fmt: skip
def test_misuse_is_one_line_and_exit_status_2(tmp_path: Path, args: list[str], named: str) -> None:
    (tmp_path / "deep.json").write_text('{"a": ' * 2_000 + "1" + "}" * 2_000, encoding="utf-8")
    write_rules(tmp_path, {"values.T": "x"}).rename(tmp_path / "alias.json")
    (tmp_path / "a-file").write_text("not a folder", encoding="utf-8")
    os.mkfifo(tmp_path / "fifo")  # no writer: opening it would wait for ever
    before = sorted(tmp_path.iterdir())
    result = run_module(*[arg.replace("{dir}", str(tmp_path)) for arg in args])
    one_line_refusal(result, named.replace("{dir}", str(tmp_path)))
    assert sorted(tmp_path.iterdir()) == before, "a refused run leaves no file"


# Runs `python -m printables` with the sheet's rendering held up (announced on stderr), so that Ctrl-C lands
# while the document is being made, as it would for a person pressing it mid-run.
SLOW_RENDER = """
import runpy, sys, time
from printables.documents import DocumentSpec
def held(self):
    print("rendering", file=sys.stderr, flush=True)
    time.sleep(60)
DocumentSpec.render = held
sys.argv = ["printables", *sys.argv[1:]]
runpy.run_module("printables", run_name="__main__")
"""


@pytest.mark.parametrize(("lang", "said"), [("en", "printables: interrupted"), ("ja", "printables: 中断しました。")])
def test_ctrl_c_while_rendering_is_one_line_and_exit_130(tmp_path: Path, lang: str, said: str) -> None:
    out = tmp_path / "sheet.pdf"
    run = subprocess.Popen(
        [sys.executable, "-c", SLOW_RENDER, "--preset", "basic", "--lang", lang, "-o", str(out)],
        cwd=ROOT, stderr=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )  # fmt: skip
    assert run.stderr is not None
    assert run.stderr.readline() == "rendering\n"
    run.send_signal(signal.SIGINT)
    stdout, stderr = run.communicate(timeout=60)
    assert run.returncode == 130 and stderr == said + "\n" and stdout == "", (run.returncode, stderr)
    assert list(tmp_path.iterdir()) == []
