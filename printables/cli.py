"""Command line: one document from a preset or a rules file, or every preset's documents (build-all)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from sixcardgolf import GolfError, Rules, RulesError, load_preset, preset_names

from . import KINDS, facts
from .documents import DocumentSpec
from .page import LANGS, PAPERS
from .render import PrintableError, write_atomically

USAGE_EXAMPLES = """examples:
  python -m printables --preset jokers --lang ja --paper a4 --kind rules -o jokers-ja.pdf
  python -m printables --rules my-rules.json --kind scorepad --players 4 --holes 18 -o pad.pdf
  python -m printables --kind scorepad --blank --players 5 --holes 9 --paper letter -o pad-5.pdf
  python -m printables build-all --out build/printables
"""


def load_rules_file(path: Path) -> Rules:
    """Rules from a JSON object of option keys; every problem names the file and what was expected."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise PrintableError(
            f"rules file {str(path)!r} cannot be read: {reason}",
            ja=f"ルールファイル「{path}」を読めません（{reason}）。",
        ) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise PrintableError(
            f"rules file {str(path)!r} is not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})",
            ja=f"ルールファイル「{path}」はJSONとして読めません（{error.lineno}行{error.colno}列目）。",
        ) from None
    if not isinstance(data, dict):
        raise PrintableError(
            f'rules file {str(path)!r} must hold a JSON object of option keys, e.g. {{"layout": "2x3", "knock": true}}',
            ja=f'ルールファイル「{path}」には、オプション名と値のJSONオブジェクトを書いてください（例：{{"layout": "2x3", "knock": true}}）。',
        )
    try:
        return Rules.from_dict(data)
    except RulesError as error:
        raise PrintableError(
            f"rules file {str(path)!r}: {error}", ja=f"ルールファイル「{path}」：{error.message('ja')}"
        ) from None


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
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
    print(f"printables: error: {message}", file=sys.stderr)
    return 2


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
            raise PrintableError(
                "--blank is for score pads: add --kind scorepad", ja="--blank はスコア表（--kind scorepad）用です。"
            )
        spec = DocumentSpec(args.kind, rules, args.lang, args.paper, preset, args.players, args.holes, args.blank)
        if not args.output.parent.resolve().is_dir():
            raise PrintableError(
                f"output folder {str(args.output.parent)!r} does not exist: create it first",
                ja=f"出力先のフォルダー「{args.output.parent}」がありません。先に作成してください。",
            )
        started = time.perf_counter()
        rendered = spec.render()
        write_atomically(args.output, rendered.pdf)
    except (PrintableError, GolfError) as error:  # GolfError: any other input the engine refuses
        return _fail(error.message(args.lang))
    for warning in rendered.warnings:
        print(f"printables: weasyprint {warning}", file=sys.stderr)
    print(f"wrote {args.output} ({spec.title()}; {time.perf_counter() - started:.2f} s)")
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["build-all"]:
        from .build_all import main as build_all_main

        return build_all_main(argv[1:])
    return print_one(argv)
