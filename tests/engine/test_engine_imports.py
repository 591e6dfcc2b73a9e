"""What the engine's modules import: each layer only the layers below it, and no module in a cycle.

The layers, lowest first (engine/README.md, "Module map"), and what each may import besides itself:

    errors      nothing of the engine
    catalogue   errors                                      messages/ (the TOML catalogues and their lookup)
    core        catalogue, errors                           the flat modules: rules value, play, scoring, saves
    ai          core ...                                    the computer players
    text        core ...                                    rule statements, overview, glossary
    simulate    ai, core ...                                the match-playing loop of the CLI and the benchmarks
    review      ai, text, core ...                          the hole review and the Hint
    door        review, text, ai, core ...                  the browser's JSON door
    puzzles     review, text, ai, core ...                  the puzzles: their data, and mining them in self-play
    cli         every layer                                 the command line

Every import counts: at the top, inside a function, and under TYPE_CHECKING (a type named is a dependency too).
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "engine" / "sixcardgolf"

CORE = {
    "sixcardgolf", "actions", "cards", "deck_check", "hole", "json_input", "match", "observation", "option_text",
    "lessons", "options", "preset_data", "presets", "rules", "scoring", "seeds",
}  # fmt: skip
FLAT = {"errors": "errors", "simulate": "simulate", "cli": "cli", "cli_io": "cli", "__main__": "cli"}
PACKAGES = {
    "messages": "catalogue",
    "ai": "ai",
    "text": "text",
    "review": "review",
    "door": "door",
    "puzzles": "puzzles",
}
BELOW = {
    "errors": set(),
    "catalogue": {"errors"},
    "core": {"catalogue", "errors"},
    "ai": {"core", "catalogue", "errors"},
    "text": {"core", "catalogue", "errors"},
    "simulate": {"ai", "core", "catalogue", "errors"},
    "review": {"ai", "text", "core", "catalogue", "errors"},
    "door": {"review", "text", "ai", "core", "catalogue", "errors"},
    "puzzles": {"review", "text", "ai", "core", "catalogue", "errors"},
    "cli": {"door", "puzzles", "review", "text", "simulate", "ai", "core", "catalogue", "errors"},
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ENGINE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(path): path for path in sorted(ENGINE.rglob("*.py"))}


def layer_of(module: str) -> str | None:
    parts = module.split(".")[1:]
    if not parts:
        return "core"  # the package's public face: it gathers core names only
    if parts[0] in PACKAGES:
        return PACKAGES[parts[0]]
    if len(parts) == 1 and parts[0] in CORE:
        return "core"
    return FLAT.get(parts[0]) if len(parts) == 1 else None


def imports_of(module: str) -> set[str]:
    """Every engine module `module` imports, anywhere in its code."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.split(".")[0] == "sixcardgolf")
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.split(".")[0] != "sixcardgolf":
                continue
            submodules = {f"{target}.{alias.name}" for alias in node.names} & MODULES.keys()
            found.update(submodules)
            if node.module or len(submodules) < len(
                node.names
            ):  # `from . import x` of a submodule alone: not the package
                found.add(target)
    return {name for name in found if name in MODULES and name != module}


GRAPH = {module: imports_of(module) for module in MODULES}


def test_every_folder_of_the_engine_is_a_package() -> None:
    """A folder of modules without an __init__.py would be a namespace package, which the wheel's package list
    does not name and so leaves out."""
    folders = {path.parent for path in ENGINE.rglob("*.py") if "__pycache__" not in path.parts}
    assert sorted(str(f.relative_to(ENGINE)) for f in folders if not (f / "__init__.py").exists()) == []


def test_every_engine_module_has_a_layer() -> None:
    assert [module for module in MODULES if layer_of(module) is None] == []


@pytest.mark.parametrize("module", sorted(MODULES))
def test_a_module_imports_only_its_own_layer_and_those_below(module: str) -> None:
    layer = layer_of(module)
    assert layer is not None
    upward = sorted(
        f"{target} ({layer_of(target)})" for target in GRAPH[module] if layer_of(target) not in {layer} | BELOW[layer]
    )
    assert upward == [], f"{module} ({layer}) imports upward"


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_engine_modules_import_each_other_in_a_cycle() -> None:
    assert cycles(GRAPH) == []


def test_the_cycle_check_finds_a_cycle() -> None:
    """The check itself: two modules that import each other, and a longer ring, are found."""
    assert cycles({"a": {"b"}, "b": {"a"}, "c": set()}) == [["a", "b"]]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [["a", "b", "c"]]


def modules_loaded_by(module: str) -> set[str]:
    """The engine modules a fresh interpreter has loaded after importing `module`."""
    code = (
        f"import json, sys, {module}; print(json.dumps(sorted(m for m in sys.modules if m.startswith('sixcardgolf'))))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(json.loads(done.stdout))


def test_the_hint_does_not_load_the_simulator() -> None:
    """The Hint's seed is a seed like the others (seeds.hint_seed), not a part of the simulate command's loop."""
    loaded = modules_loaded_by("sixcardgolf.review.hint")
    assert "sixcardgolf.seeds" in loaded
    assert "sixcardgolf.simulate" not in loaded


def test_the_core_loads_no_text_review_or_door_module() -> None:
    """Playing and scoring a hole (what a benchmark or a server's table needs) loads no presentation layer."""
    loaded = modules_loaded_by("sixcardgolf.match")
    assert {m for m in loaded if m.split(".")[1:2] and m.split(".")[1] in ("text", "review", "door", "ai")} == set()
