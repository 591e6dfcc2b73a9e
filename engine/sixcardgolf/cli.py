"""Command line: `python -m sixcardgolf score | simulate | rules | review`.

    score     score one layout per player; prints JSON with every group and adjustment
    simulate  play whole matches with computer players; prints per-seat statistics as JSON
    rules     list the presets, or print a rules value as statements (text) or JSON
    review    review one player's decisions in a saved match; prints the Play page's review as JSON

Players are numbered from 1 here, as people count them. Any bad input (a card,
an option, a preset, a count, a file) ends with one line on stderr that names it,
in the --lang asked for where the command has one, and exit status 2; never a
traceback. Ctrl-C, a closed pipe and a full disk end a run as cli_io says
(130, 141 quietly, 1). `simulate` shows its progress on stderr when stderr is a
terminal (or with --progress), and Ctrl-C stops it with the statistics of the
games finished so far on stdout.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from typing import Any, TextIO

from .cli_io import INTERRUPTED, USAGE_ERROR, OneLineParser, lang_in, one_line, read_input_file, run
from .deck_check import read_layouts
from .door.params import layout_texts
from .errors import GolfError, UsageError, quote_code, quote_text
from .messages import both, text
from .presets import preset_info, preset_names
from .rules import Rules
from .scoring import score_table


def _add_rules_arguments(parser: argparse.ArgumentParser, preset_default: str | None = "basic") -> None:
    parser.add_argument("--preset", default=preset_default, help="preset name (see `rules --list`); default basic")
    parser.add_argument(
        "--set",
        dest="options",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="change one option over the preset, e.g. --set values.K=-2 (repeatable)",
    )


def _rules_from(args: argparse.Namespace) -> Rules:
    preset = args.preset or "basic"
    rules = preset_info(preset).rules
    changes: dict[str, str] = {}
    for item in args.options:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise UsageError(
                *both("error.cli.set_syntax", item_code=quote_code(item), item=quote_text(item), flag="--set",
                      example="--set values.K=−2")
            )  # fmt: skip
        changes[key.strip()] = value.strip()
    return rules.with_options(changes) if changes else rules


def _player_index(option: str, number: int | None, players: int) -> int | None:
    if number is None:
        return None
    if not 1 <= number <= players:
        raise UsageError(f"{option} {number} is not a player: expected 1 to {players} (one per layout given)")
    return number - 1


def cmd_score(args: argparse.Namespace) -> dict[str, Any]:
    rules = _rules_from(args)
    if not args.layouts:
        raise UsageError("score needs at least one LAYOUT, e.g. '8H KS 2D / 8C AS 5H'")
    table = read_layouts(rules, layout_texts(args.layouts))  # the engine's card check: names player, position and card
    layouts = [list(cards) for cards in table.layouts]
    went_out = _player_index("--went-out", args.went_out, len(layouts))
    knocked = _player_index("--knocked", args.knocked, len(layouts))
    if knocked is not None and not rules.knock:
        raise UsageError(f"--knocked {args.knocked} needs knocking in the rules: add --set knock=true")
    scores = score_table(rules, layouts, went_out=went_out, knocked=knocked)
    return {
        "preset": args.preset,
        "options": _changed_options(rules),
        "went_out": args.went_out,
        "knocked": args.knocked,
        "players": [
            {"player": number, "layout": _written_layout(written, rules.cols), **_as_written(score.to_dict(), written)}
            for number, (written, score) in enumerate(zip(table.written, scores, strict=True), start=1)
        ],
    }


def _written_layout(written: tuple[str, ...], cols: int) -> str:
    """The layout as entered (a card written by rank alone stays so), normalised: '8H KS 2D / 8 A 5'."""
    return " / ".join(" ".join(written[start : start + cols]) for start in range(0, len(written), cols))


def _as_written(score: dict[str, Any], written: tuple[str, ...]) -> dict[str, Any]:
    """A score's groups show each card as entered: a card written by its rank alone has no suit to show."""
    for group in score["groups"]:
        group["cards"] = [written[position - 1] for position in group["positions"]]
    return score


def _changed_options(rules: Rules) -> dict[str, Any]:
    """The options that differ from the defaults: enough to rebuild the rules."""
    defaults = Rules().to_dict()
    return {key: value for key, value in rules.to_dict().items() if defaults[key] != value}


def _parse_ai(text: str) -> list[str]:
    return [name.strip() for name in text.split(",") if name.strip()]


def cmd_simulate(args: argparse.Namespace) -> dict[str, Any]:
    from .simulate import SimulationInterrupted, simulate  # imports the computer players only when needed

    rules = _rules_from(args)
    if args.holes is not None:
        rules = rules.with_options({"holes": args.holes})
    ai = _parse_ai(args.ai)
    if not ai:
        raise UsageError(f"--ai {quote_code(args.ai)} names no computer player: e.g. --ai random,random")
    shown = sys.stderr.isatty() if args.progress is None else args.progress
    progress = Progress(sys.stderr, live=sys.stderr.isatty()) if shown else None
    try:
        result = simulate(rules, args.players, args.games, args.seed, ai, progress=progress)
    except SimulationInterrupted as stopped:  # Ctrl-C: what was played so far, and main() says so on stderr
        result = stopped.result
        args.interrupted = (result.games_played, args.games)
    finally:
        if progress is not None:
            progress.close()
    return {"preset": args.preset, "options": _changed_options(rules), "holes": rules.holes, **result.to_dict()}


class Progress:
    """`simulate`'s progress on stderr: one line rewritten in place on a terminal (four times a second at most),
    else a line a second; the last game always."""

    def __init__(self, stream: TextIO, live: bool) -> None:
        self.stream = stream
        self.live = live
        self.shown = 0.0
        self.open = False  # a live line not yet ended

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if done < total and now - self.shown < (0.25 if self.live else 1.0):
            return
        self.shown = now
        line = f"simulate: {done:,} of {total:,} games ({100 * done / total:.1f}%)"
        self.stream.write(f"\r{line}" if self.live else f"{line}\n")
        self.open = self.live
        self.stream.flush()

    def close(self) -> None:
        if self.open:
            self.stream.write("\n")
            self.open = False


def cmd_rules(args: argparse.Namespace) -> dict[str, Any] | str:
    from .text.describe import SECTIONS, describe_rules, section_title

    if args.list:
        if args.options or args.preset:
            raise UsageError(*both("error.cli.list_alone", command="rules --list", flags="--preset、--set"))
        infos = [preset_info(name) for name in preset_names()]
        if args.json:
            return {"presets": [{"name": p.name, "title": p.title, "summary": p.summary} for p in infos]}
        width = max(len(p.name) for p in infos)
        return "\n".join(f"{p.name:<{width}}  {p.title[args.lang]}: {p.summary[args.lang]}" for p in infos)
    rules = _rules_from(args)
    statements = describe_rules(rules, args.lang)
    if args.json:
        return {
            "preset": args.preset or "basic",
            "lang": args.lang,
            "options": rules.to_dict(),
            "statements": [{"section": s.section, "key": s.key, "text": s.text} for s in statements],
        }
    lines: list[str] = []
    for section in SECTIONS:
        texts = [s.text for s in statements if s.section == section]
        if texts:
            lines.append(("\n" if lines else "") + section_title(section, args.lang))
            lines.extend(f"- {text}" for text in texts)
    return "\n".join(lines)


def cmd_review(args: argparse.Namespace) -> dict[str, Any]:
    from .door.review import match_review  # the same answer as the browser's door
    from .door.saves import load_for_review
    from .door.session import Session

    save = read_input_file(args.save, "save")  # a regular file of at most 16 MB: never a FIFO or /dev/zero
    params: dict[str, Any] = {"save": save, "lang": args.lang, "hole": args.hole}
    if args.seat is not None:
        players = load_for_review(save)[0].players
        if not 1 <= args.seat <= players:
            raise UsageError(*both("error.cli.seat", seat=args.seat, players=players, flag="--seat"))
        params["seat"] = args.seat - 1
    return match_review(params, Session())


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="sixcardgolf", description="Six Card Golf: score layouts, simulate matches, print rules."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="{score,simulate,rules,review}")

    score = commands.add_parser("score", help="score layouts (one per player) and print JSON")
    _add_rules_arguments(score)
    score.add_argument("--went-out", type=int, metavar="N", help="player N (from 1) went out first")
    score.add_argument("--knocked", type=int, metavar="N", help="player N (from 1) knocked")
    score.add_argument("layouts", nargs="*", metavar="LAYOUT", help="rows separated by '/', e.g. '8H KS 2D / 8C AS 5H'")
    score.set_defaults(run=cmd_score)

    sim = commands.add_parser("simulate", help="play matches between computer players and print JSON statistics")
    _add_rules_arguments(sim)
    sim.add_argument("--players", type=int, default=2, help="seats at the table (default 2)")
    sim.add_argument("--holes", type=int, help="holes per match (default: the rules' holes)")
    sim.add_argument("--games", type=int, default=100, help="matches to play (default 100)")
    sim.add_argument("--seed", type=int, default=0, help="seed of the whole run (default 0)")
    sim.add_argument("--ai", default="random", help="computer player per seat, comma-separated (one name: every seat)")
    sim.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show the games played so far on stderr (default: when stderr is a terminal)",
    )
    sim.set_defaults(run=cmd_simulate)

    rules = commands.add_parser("rules", help="list presets, or print a rules value as statements or JSON")
    _add_rules_arguments(rules, preset_default=None)
    rules.add_argument("--list", action="store_true", help="list the presets")
    rules.add_argument("--json", action="store_true", help="print JSON instead of text")
    rules.add_argument("--lang", choices=("en", "ja"), default="en", help="language of the statements (default en)")
    rules.set_defaults(run=cmd_rules)

    review = commands.add_parser("review", help="review a player's decisions in a saved match and print JSON")
    review.add_argument("save", metavar="SAVE.json", help="a save as the Play page stores it (or a match save)")
    review.add_argument("--seat", type=int, metavar="N", help="player N (from 1); default: the first person")
    review.add_argument("--hole", type=int, metavar="H", help="review hole H only (default: every finished hole)")
    review.add_argument("--lang", choices=("en", "ja"), default="en", help="language of the reasons (default en)")
    review.set_defaults(run=cmd_review)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    lang = lang_in(argv)
    parser = build_parser()
    args = parser.parse_args(argv)
    return run(lambda: _run(parser, args), f"sixcardgolf {args.command}", lang)


def _run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    lang = getattr(args, "lang", "en")
    try:
        output = args.run(args)
    except GolfError as error:  # every engine error on bad input, the command line's own (UsageError) included
        said = text("error.cli.label", lang)
        parser.exit(USAGE_ERROR, f"sixcardgolf {args.command}: {said}: {one_line(error.message(lang))}\n")
    if isinstance(output, str):
        print(output)
    else:
        print(json.dumps(output, ensure_ascii=False, indent=2))
    interrupted = getattr(args, "interrupted", None)
    if interrupted is not None:
        sys.stdout.flush()
        played, games = interrupted
        message = text("error.cli.interrupted_simulate", lang, played=played, games=games)
        print(f"sixcardgolf {args.command}: {message}", file=sys.stderr)
        return INTERRUPTED
    return 0


if __name__ == "__main__":
    sys.exit(main())
