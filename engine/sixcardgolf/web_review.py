"""The hole review behind the browser's JSON door (`sixcardgolf.web.handle`).

    {"method": "match_review", "params": {"lang": "en", "save": SAVE_TEXT, "seat": 0, "hole": 3}}

`save` is the Play page's save (text or object); `seat` (0-based, as in the page's `seats`) defaults to the
first person at the table; `hole` (1-based, optional) reviews that hole alone instead of every finished one.
The answer's shape is documented in engine/README.md ("Hole review").
"""

from __future__ import annotations

from typing import Any

from .errors import UsageError, check_lang
from .review import Progress, default_seat, load_save, review_match


def match_review(params: dict[str, Any], progress: Progress | None = None) -> dict[str, Any]:
    lang = check_lang(params.get("lang", "en"))
    match, seats = load_save(params.get("save"))
    seat = params.get("seat")
    if seat is None:
        seat = default_seat(seats)
    holes = None
    if params.get("hole") is not None:
        hole = params["hole"]
        if isinstance(hole, bool) or not isinstance(hole, int) or not 1 <= hole <= len(match.records):
            raise UsageError(
                f"hole {hole!r} cannot be reviewed: expected a finished hole, from 1 to {len(match.records)}",
                ja=f"ホール{hole!r}は振り返れません。終わったホール（1〜{len(match.records)}）を指定してください。",
            )
        holes = {hole}
    return review_match(match, seat, holes, progress).to_dict(lang)


METHODS = {"match_review": match_review}
