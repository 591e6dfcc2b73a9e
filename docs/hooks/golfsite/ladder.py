"""The strength table of the computer players, quoted from the AI benchmark's results when present."""

from __future__ import annotations

from .labels import text
from .markers import Context, marker

LADDER = "bench/results/ai_ladder.md"


@marker("ai-ladder")
def ai_ladder(ctx: Context, args: dict[str, str]) -> str:
    """The first Markdown table of the results file; a short note if the benchmark has not run yet.

    The benchmark is optional for a site build, so its absence never fails the build.
    """
    path = ctx.repo_root / LADDER
    if not path.is_file():
        return f'<p class="golf-note">{_inline_code(text("ladder_missing", ctx.lang))}</p>'
    table: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.lstrip().startswith("|"):
            table.append(line.strip())
        elif table:
            break
    if not table:
        return f'<p class="golf-note">{_inline_code(text("ladder_missing", ctx.lang))}</p>'
    return "\n".join(table) + "\n\n" + text("ladder_source", ctx.lang)


def _inline_code(sentence: str) -> str:
    """`code` spans in a sentence that goes into raw HTML (where Markdown is not applied)."""
    parts = sentence.split("`")
    return "".join(f"<code>{part}</code>" if index % 2 else part for index, part in enumerate(parts))
