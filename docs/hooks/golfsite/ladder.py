"""The strength table of the computer players, rendered in the page's language from the AI benchmark's results.

bench/ai_ladder.py writes every measured row to bench/results/ai_ladder.json (and an English Markdown copy for the
README); this marker reads the JSON so the Japanese page gets Japanese headings, preset titles and level names.
"""

from __future__ import annotations

import json

from sixcardgolf.presets import preset_info, preset_names

from .labels import text
from .markers import Context, MarkerError, marker
from .templating import render

LADDER = "bench/results/ai_ladder.json"
LEVEL_ORDER = ("easy", "normal", "hard", "cheater")  # the table runs up the ladder, the yardstick last
FIELDS = ("preset", "players", "a", "b", "holes", "mean_a", "mean_b", "hole_win", "match_win", "passes")


@marker("ai-ladder")
def ai_ladder(ctx: Context, args: dict[str, str]) -> str:
    """A table of every measured pairing; a short note if the benchmark has not run yet.

    The benchmark is optional for a site build, so its absence never fails the build; a damaged file does.
    """
    path = ctx.repo_root / LADDER
    if not path.is_file():
        return render("ladder_missing.html", note_parts=text("ladder_missing", ctx.lang).split("`"))
    try:
        rows = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(rows, list) or not all(isinstance(r, dict) and set(FIELDS) <= r.keys() for r in rows):
            raise ValueError(f"expected a list of rows with the fields {', '.join(FIELDS)}")
    except ValueError as error:
        raise MarkerError(f"{LADDER} is not the AI benchmark's output: {error}") from None
    lang = ctx.lang
    columns = ("preset", "table", "pairing", "holes", "means", "hole", "match", "ahead")
    presets = preset_names()
    rows.sort(key=lambda r: (presets.index(r["preset"]), r["players"], LEVEL_ORDER.index(r["a"])))
    body = []
    for row in rows:
        a, b = text(f"level_{row['a']}", lang), text(f"level_{row['b']}", lang)
        ahead = text("ladder_yardstick", lang) if row["a"] == "cheater" else text(f"ladder_{bool(row['passes'])}", lang)
        cells = [
            preset_info(row["preset"]).title[lang],
            text("ladder_players", lang, n=row["players"]),
            text("ladder_versus", lang, a=a, b=b),
            str(row["holes"]),
            f"{row['mean_a']:.2f} / {row['mean_b']:.2f}",
            _rate(row["hole_win"], lang),
            _rate(row["match_win"], lang),
            ahead,
        ]
        body.append(cells)
    return render(
        "ladder.html",
        caption=text("ladder_caption", lang),
        heads=[text(f"ladder_{key}", lang) for key in columns],
        rows=body,
        note_parts=text("ladder_source", lang).split("`"),
    )


def _rate(win: list[float], lang: str) -> str:
    """A win rate with its 95% confidence interval: 61.7% (59.8–63.6%) / 61.7％（59.8〜63.6％）, Japanese
    with full-width signs and brackets and 〜 for a range, as everywhere else on its pages."""
    rate, low, high = (f"{100 * value:.1f}" for value in win)
    return text("ladder_rate", lang, rate=rate, low=low, high=high)
