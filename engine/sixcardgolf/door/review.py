"""The hole review behind the browser's JSON door (`sixcardgolf.door.handle`).

    {"method": "match_review", "params": {"lang": "en", "save": SAVE_TEXT, "seat": 0, "hole": 3}}

`save` is the Play page's save (text or object); `seat` (0-based, as in the page's `seats`) defaults to the
first person at the table; `hole` (1-based, optional) reviews that hole alone instead of every finished one.
The answer's shape is documented in engine/README.md ("Hole review").

A review takes a second or more in the browser, and the worker answers one request at a time, so the page
works through it in small requests instead of one long one: `match_review_step` (the same params, and
`limit`, default 1) judges at most `limit` decisions not yet judged and answers `{"done": D, "total": T}`;
the page moves its progress bar and, between steps, the worker is free for the player's moves. Once `done`
equals `total`, `match_review` answers at once from the verdicts kept in the worker's Session. `match_replay` gives the
reviewed seat's observation at each of its decisions, for the step-by-step replay.
"""

from __future__ import annotations

from typing import Any

from .. import actions as A
from ..errors import UsageError, check_lang, quote_code, quote_shown
from ..match import Match
from ..messages import both
from ..review import Progress, check_seat, judge, review_match, seat_decisions
from .saves import default_seat, load_for_review
from .session import Decisions, Session


def _request(params: dict[str, Any]) -> tuple[Match, int, set[int] | None]:
    """The match, the reviewed seat and the holes asked for (None: every finished hole), all checked."""
    match, seats = load_for_review(params.get("save"))
    seat = params.get("seat")
    seat = check_seat(match, default_seat(seats) if seat is None else seat)
    hole = params.get("hole")
    if hole is None:
        return match, seat, None
    if not _whole(hole) or not 1 <= hole <= len(match.records):
        finished = len(match.records)
        key = "error.review.hole" if finished else "error.review.no_hole"
        raise UsageError(*both(key, hole_code=quote_code(hole), hole=quote_shown(hole), finished=finished))
    return match, seat, {hole}


def _whole(value: object) -> bool:
    """A plain int: not a bool (True == 1, so a bool would also share an int's place in the cache below)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _prepare(params: dict[str, Any], session: Session) -> tuple[Match, Decisions]:
    """The save read and replayed, and its decisions to judge: the session's last one if the request is the same."""
    save = params.get("save")
    seat, hole = params.get("seat"), params.get("hole")
    key = None
    # Only a request whose seat and hole are plain ints (or absent) is looked up: anything else is checked, and
    # refused, by _request; a list or an object could not even be a key.
    if isinstance(save, str) and (seat is None or _whole(seat)) and (hole is None or _whole(hole)):
        key = (save, -1 if seat is None else seat, None if hole is None else (hole,))
        if session.prepared is not None and session.prepared[0] == key:
            return session.prepared[1], session.prepared[2]
    match, seat, holes = _request(params)
    decisions = seat_decisions(match, seat, holes)
    if key is not None:
        session.prepared = (key, match, decisions)
    return match, decisions


def match_review(params: dict[str, Any], session: Session, progress: Progress | None = None) -> dict[str, Any]:
    lang = check_lang(params.get("lang", "en"))
    match, seat, holes = _request(params)
    return review_match(match, seat, holes, progress, session.verdicts).to_dict(lang)


def match_review_step(params: dict[str, Any], session: Session) -> dict[str, int]:
    check_lang(params.get("lang", "en"))
    limit = params.get("limit", 1)
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise UsageError(*both("error.review.limit", limit_code=quote_code(limit), limit=quote_shown(limit)))
    match, decisions = _prepare(params, session)
    done = judged = 0
    for _, step, observation in decisions:
        played = match.log[step]
        if (observation, played, match.seed, step) not in session.verdicts:
            if judged == limit:
                continue
            judge(observation, played, match.seed, step, session.verdicts)
            judged += 1
        done += 1
    return {"done": done, "total": len(decisions)}


def match_replay(params: dict[str, Any], session: Session) -> dict[str, Any]:
    check_lang(params.get("lang", "en"))
    match, decisions = _prepare(params, session)
    return {
        "steps": [
            {
                "step": step,
                "hole": number,
                "played": A.format_action(match.log[step]),
                "observation": observation.to_dict(),
            }
            for number, step, observation in decisions
        ]
    }


METHODS = {"match_review": match_review, "match_review_step": match_review_step, "match_replay": match_replay}
