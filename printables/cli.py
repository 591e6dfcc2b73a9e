"""Command line: one document from a preset or a rules file, or every preset's documents (build-all).

Bad input (an argument, a rules file, an output path) is one line on stderr in the --lang asked for and exit
status 2; Ctrl-C, a closed pipe and a full disk end a run as sixcardgolf.cli_io says; never a traceback.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from sixcardgolf import GolfError, Rules, RulesError, load_preset, preset_names
from sixcardgolf.cli_io import USAGE_ERROR, OneLineParser, lang_in, one_line, read_input_file, run
from sixcardgolf.errors import RequestError
from sixcardgolf.json_input import read_json
from sixcardgolf.messages import both

from . import KINDS, facts
from .documents import DocumentSpec
from .page import LANGS, PAPERS
from .render import PrintableError, missing_folder, write_atomically

USAGE_EXAMPLES = """examples:
  python -m printables --preset jokers --lang ja --paper a4 --kind rules -o jokers-ja.pdf
  python -m printables --rules my-rules.json --kind scorepad --players 4 --holes 18 -o pad.pdf
  python -m printables --kind scorepad --blank --players 5 --holes 9 --paper letter -o pad-5.pdf
  python -m printables build-all --out build/printables
"""


EXAMPLE_RULES = '{"layout": "2x3", "knock": true}'  # what a rules file holds, as its error shows it


def _file(path: Path) -> dict[str, str]:
    """A file's name as an error quotes it, in the English (code) and the Japanese: whole, so it can be found."""
    return {"path_code": repr(str(path)), "path": str(path)}


def load_rules_file(path: Path) -> Rules:
    """Rules from a JSON object of option keys; every problem names the file and what was expected."""
    text = read_input_file(path, "rules_file")  # a regular file of at most 16 MB: never a FIFO or /dev/zero
    try:
        data = read_json(text, "it")
    except RequestError as error:  # not JSON, nested too deeply, a number too long
        raise PrintableError(
            *both("error.printables.rules_file_unreadable", error=error.message, **_file(path))
        ) from None
    if not isinstance(data, dict):
        raise PrintableError(*both("error.printables.rules_file_not_object", example=EXAMPLE_RULES, **_file(path)))
    try:
        return Rules.from_dict(data)
    except RulesError as error:
        raise PrintableError(*both("error.printables.rules_file_rules", error=error.message, **_file(path))) from None


def _parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="python -m printables",
        description="Print a one-page Six Card Golf rule sheet or score pad as PDF.",
        epilog=USAGE_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--preset", choices=preset_names(), help="a named preset (default: basic)")
    source.add_argument("--rules", type=Path, metavar="FILE.json", help="a JSON object of option keys")
    parser.add_argument("--kind", choices=KINDS, default="rules", help="rule sheet or score pad (default: rules)")
    parser.add_argument("--lang", choices=LANGS, default="en", help="language (default: en)")
    parser.add_argument("--paper", choices=tuple(PAPERS), default="a4", help="paper size (default: a4)")
    parser.add_argument(
        "--players", type=int, default=facts.TABLE_MAX_PLAYERS, help="score pad columns, 2 to 8 (default: 8)"
    )
    parser.add_argument("--holes", type=int, help="score pad rows (default: the rules' holes)")
    parser.add_argument(
        "--blank", action="store_true", help="a score pad for any game: a line for its name, no rules reminder"
    )
    parser.add_argument("-o", "--output", type=Path, required=True, metavar="OUT.pdf", help="the PDF to write")
    return parser


def _fail(message: str) -> int:
    print(f"printables: error: {one_line(message)}", file=sys.stderr)
    return USAGE_ERROR


def _check_output(output: Path) -> None:
    """Refuse an output that cannot be written before the seconds a sheet takes to render."""
    if output.is_dir():
        example = str(output / "sheet.pdf")
        raise PrintableError(
            *both(
                "error.printables.output_is_folder",
                output_code=repr(str(output)),
                output=str(output),
                example_code=repr(example),
                example=example,
            )
        )
    if not output.parent.resolve().is_dir():
        raise missing_folder(output.parent)


def _write(output: Path, pdf: bytes) -> None:
    try:
        write_atomically(output, pdf)
    except OSError as error:  # a folder that is not writable (/proc, read-only), a full disk
        raise PrintableError(
            *both(
                "error.printables.cannot_write",
                output_code=repr(str(output)),
                output=str(output),
                reason_code=error.strerror or type(error).__name__,
            )
        ) from None


def print_one(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.rules is not None:
            rules = load_rules_file(args.rules)
            preset = facts.matching_preset(rules)
        else:
            preset = args.preset or "basic"
            rules = load_preset(preset)
        if args.blank and args.kind != "scorepad":
            raise PrintableError(*both("error.printables.blank_not_pad", blank="--blank", kind="--kind scorepad"))
        spec = DocumentSpec(args.kind, rules, args.lang, args.paper, preset, args.players, args.holes, args.blank)
        _check_output(args.output)
        started = time.perf_counter()
        rendered = spec.render()
        _write(args.output, rendered.pdf)
    except (PrintableError, GolfError) as error:  # GolfError: any other input the engine refuses
        return _fail(error.message(args.lang))
    for warning in rendered.warnings:
        print(f"printables: weasyprint {warning}", file=sys.stderr)
    print(f"wrote {args.output} ({spec.title()}; {time.perf_counter() - started:.2f} s)")
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["build-all"]:
        return run(lambda: _build_all(argv[1:]), "printables build-all")
    return run(lambda: print_one(argv), "printables", lang_in(argv))


def _build_all(argv: list[str]) -> int:
    from .build_all import main as build_all_main

    try:
        return build_all_main(argv)
    except OSError as error:  # --out an existing file, a folder that cannot be written
        where = f" {error.filename!r}" if error.filename else ""
        print(f"printables build-all: error: cannot write{where}: {error.strerror or error}", file=sys.stderr)
        return USAGE_ERROR
