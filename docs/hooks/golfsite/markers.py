"""Find `<!-- golf:NAME key=value ... -->` markers in a page and replace each with generated content.

A marker that cannot be rendered (unknown name, preset, option or argument; bad layout text) stops the
build with a message naming the page and the marker, so generated content never silently goes missing.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from sixcardgolf.errors import GolfError
from sixcardgolf.presets import Preset, preset_info
from sixcardgolf.rules import Rules

MARKER_START = re.compile(r"<!--\s*golf:")
MARKER = re.compile(r"<!--\s*golf:(?P<name>[a-z][a-z0-9-]*)(?P<args>(?:[^-]|-(?!->))*)-->")


class MarkerError(Exception):
    """A marker that cannot be rendered; the message says why."""


@dataclass
class Context:
    """What a renderer may know about the page being built."""

    lang: str
    page: str  # source path of the page, for messages
    url: str  # the page's URL relative to the site root, e.g. "ja/rules/"
    repo_root: Path
    printables_dir: Path
    used_printables: list[Path] = field(default_factory=list)

    def to_root(self) -> str:
        """Relative prefix from this page to the site root."""
        depth = len([part for part in self.url.split("/") if part])
        return "../" * depth


Renderer = Callable[[Context, dict[str, str]], str]
"""A marker's renderer: the page's context and the marker's arguments -> the HTML or words that replace it."""


@dataclass(frozen=True)
class Spec:
    render: Renderer
    required: frozenset[str]
    optional: frozenset[str]
    block: bool  # a block of HTML (own paragraph) or a few words inside a sentence


REGISTRY: dict[str, Spec] = {}


def marker(
    name: str, required: tuple[str, ...] = (), optional: tuple[str, ...] = (), block: bool = True
) -> Callable[[Renderer], Renderer]:
    """Register the decorated function as the renderer of `<!-- golf:NAME ... -->`."""

    def register(func: Renderer) -> Renderer:
        REGISTRY[name] = Spec(func, frozenset(required), frozenset(optional), block)
        return func

    return register


def parse_args(raw: str) -> dict[str, str]:
    try:
        tokens = shlex.split(raw)
    except ValueError as error:
        raise MarkerError(f'its arguments cannot be read ({error}); write key=value or key="a value"') from None
    args: dict[str, str] = {}
    for token in tokens:
        key, sep, value = token.partition("=")
        if not sep or not key:
            raise MarkerError(f"argument {token!r} is not key=value")
        if key in args:
            raise MarkerError(f"argument {key!r} is given twice")
        args[key] = value
    return args


def render_marker(ctx: Context, name: str, raw_args: str) -> str:
    spec = REGISTRY.get(name)
    if spec is None:
        raise MarkerError(f"unknown marker golf:{name}; the markers are {', '.join(sorted(REGISTRY))}")
    args = parse_args(raw_args)
    unknown = sorted(set(args) - spec.required - spec.optional)
    if unknown:
        accepted = ", ".join(sorted(spec.required | spec.optional)) or "none"
        raise MarkerError(f"unknown argument(s) {', '.join(unknown)} for golf:{name}; accepted: {accepted}")
    missing = sorted(spec.required - set(args))
    if missing:
        raise MarkerError(f"golf:{name} needs the argument(s) {', '.join(missing)}")
    try:
        out = spec.render(ctx, args)
    except GolfError as error:  # the engine's own message names the bad preset, option or card
        raise MarkerError(str(error)) from None
    return f"\n\n{out}\n\n" if spec.block else out


def replace_markers(markdown: str, ctx: Context) -> str:
    """The page with every marker replaced; MarkerError (naming page and marker) on the first bad one."""
    pieces: list[str] = []
    position = 0
    for start in MARKER_START.finditer(markdown):
        if start.start() < position:
            continue
        found = MARKER.match(markdown, start.start())
        if found is None:
            snippet = markdown[start.start() : start.start() + 60].splitlines()[0]
            raise MarkerError(
                f"page {ctx.page}: marker {snippet!r} is malformed: expected <!-- golf:name key=value -->"
            )
        try:
            rendered = render_marker(ctx, found.group("name"), found.group("args"))
        except MarkerError as error:
            raise MarkerError(f"page {ctx.page}: marker {found.group(0)!r}: {error}") from None
        pieces.append(markdown[position : start.start()])
        pieces.append(_indent_like(markdown, start.start(), rendered))
        position = found.end()
    pieces.append(markdown[position:])
    return "".join(pieces)


def _indent_like(markdown: str, offset: int, rendered: str) -> str:
    """Indent the lines of a block as deep as the marker's own line, so a marker works inside a list,
    an admonition or a content tab as well as at the top level."""
    line_start = markdown.rfind("\n", 0, offset) + 1
    prefix = markdown[line_start:offset]
    if not prefix or prefix.strip():
        return rendered
    return "\n".join(prefix + line if line else line for line in rendered.split("\n")).removeprefix(prefix)


# -- argument helpers shared by the renderers ------------------------------------------------------
def preset_arg(args: dict[str, str]) -> Preset:
    return preset_info(args["preset"])


def parse_set(raw: str) -> dict[str, str]:
    """`set="key=value,key=value"`: options over a preset, as the CLI's --set takes them."""
    options: dict[str, str] = {}
    for item in filter(None, (part.strip() for part in raw.split(","))):
        key, sep, value = item.partition("=")
        if not sep:
            raise MarkerError(f"set item {item!r} is not key=value")
        options[key.strip()] = value.strip()
    return options


def rules_arg(args: dict[str, str]) -> Rules:
    """The preset's rules, with the options of `set=` (if any) changed."""
    rules = preset_arg(args).rules
    if "set" in args:
        rules = rules.with_options(parse_set(args["set"]))
    return rules


def flag_arg(args: dict[str, str], key: str) -> bool:
    value = args.get(key, "no").lower()
    if value not in ("yes", "no"):
        raise MarkerError(f"argument {key}={args[key]!r} must be yes or no")
    return value == "yes"
