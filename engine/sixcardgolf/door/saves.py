"""The Play page's save: its format, written and read in this one place.

    {"format": "sixcardgolf-playground", "version": 1, "seats": ["human", "normal"], "match": MATCH_SAVE}

plus `"undo": false` for a deal whose result people compare (the daily deal, a shared deal; absent: Undo is
offered, as in saves written before it existed). `seats` has one entry per player, each "human" or a computer
level, at least one of them a person; `match` is a match save (`Match.to_save`). The page keeps the save in
localStorage and restores it with `match_load`; the review reads the same saves (and plain match saves).
Every save is checked the same way; only the words of a refusal depend on who asks: the Play page says it keeps
a copy of a save it cannot restore, the review names what is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import actions as A
from ..ai import LEVELS
from ..errors import GolfError, RequestError, SaveError, UsageError, quote_code, quote_text
from ..json_input import read_json
from ..match import SAVE_FORMAT, Match
from ..messages import both

PLAYGROUND_FORMAT = "sixcardgolf-playground"
PLAYGROUND_VERSION = 1
HUMAN = "human"


def play_page_save(match: Match, seats: list[str], undo: bool) -> dict[str, Any]:
    """The save of a match being played on the Play page."""
    save: dict[str, Any] = {
        "format": PLAYGROUND_FORMAT,
        "version": PLAYGROUND_VERSION,
        "seats": seats,
        "match": match.to_save(),
    }
    if not undo:
        save["undo"] = False  # absent: allowed (saves written before the daily deal had no undo switch)
    return save


def check_seats(raw: Any, players: int) -> list[str]:
    """Who sits where: exactly `players` entries, each "human" or a computer level, at least one person."""
    allowed = (HUMAN, *LEVELS)
    levels = ", ".join(LEVELS)
    if not isinstance(raw, list) or len(raw) != players:
        raise UsageError(
            *both("error.seats.not_list", seats_code=quote_code(raw), seats=quote_text(raw), players=players,
                  levels_code=levels)
        )  # fmt: skip
    for number, seat in enumerate(raw, start=1):
        if not isinstance(seat, str) or seat not in allowed:
            raise UsageError(
                *both("error.seats.entry", seat=number, value_code=quote_code(seat), value=quote_text(seat),
                      levels_code=levels)
            )  # fmt: skip
    if HUMAN not in raw:
        raise UsageError(*both("error.seats.no_person", seats_code=quote_code(raw)))
    return list(raw)


def undo_switch(value: Any) -> bool:
    """Whether Undo is offered: `undo` true (the default) or false (the daily deal and shared deals)."""
    if not isinstance(value, bool):
        raise UsageError(*both("error.match.undo_switch", value_code=quote_code(value)))
    return value


def default_seat(seats: list[str] | None) -> int:
    """The seat reviewed when none is asked for: the first person at the table (the first seat if unknown)."""
    return seats.index(HUMAN) if seats and HUMAN in seats else 0


@dataclass(frozen=True)
class PlayPageSave:
    """A save restored: the match, who sits where, whether Undo is offered, and for a save whose log stopped
    replaying at some action, (actions kept, actions in the log)."""

    match: Match
    seats: list[str]
    undo: bool
    recovered: tuple[int, int] | None = None


class _Damaged(Exception):
    """What is wrong with a save, in English, for the refusal of whoever asked (never leaves this module)."""


def restore(data: Any) -> PlayPageSave:
    """The Play page's save restored for play. A log that stops replaying at some action is kept up to that
    action (one bad action never costs the good ones); any other damage is a SaveError saying the save could not
    be restored and that the page kept a copy of it."""
    try:
        return _read(data, recover=True)
    except _Damaged:
        raise SaveError(*both("error.save.unrestorable")) from None


def load_for_review(data: Any) -> tuple[Match, list[str] | None]:
    """A save as the Play page stores it, or a plain match save, for a review: the replayed match and its seats
    (None for a match save, which has none). Damage is a SaveError naming what is wrong."""
    try:
        if isinstance(data, str | bytes):
            data = _json(data, "it")
        if isinstance(data, dict) and data.get("format") == SAVE_FORMAT:
            return _match(data), None
        save = _read(data, recover=False)
    except _Damaged as damage:
        raise SaveError(*both("error.review.unreadable", detail_code=str(damage))) from None
    return save.match, save.seats


def _json(text: str | bytes, what: str) -> Any:
    try:
        return read_json(text, what)
    except RequestError as error:  # not JSON, nested too deeply, a number too long
        raise _Damaged(str(error)) from None


def _read(data: Any, recover: bool) -> PlayPageSave:
    if isinstance(data, str | bytes):
        data = _json(data, "save")
    if not isinstance(data, dict) or data.get("format") != PLAYGROUND_FORMAT:
        raise _Damaged(f"it is neither a Play page save ({PLAYGROUND_FORMAT!r}) nor a match save ({SAVE_FORMAT!r})")
    if data.get("version") != PLAYGROUND_VERSION:
        raise _Damaged(
            f"save version {quote_code(data.get('version'))} is not supported (expected {PLAYGROUND_VERSION})"
        )
    recovered = None
    try:
        match = Match.from_save(data.get("match"))
    except GolfError as error:
        if not recover:
            raise _Damaged(str(error)) from None
        match, kept, total = _replayable_part(data.get("match"))
        recovered = (kept, total)
    try:
        seats = check_seats(data.get("seats"), match.players)
        undo = undo_switch(data.get("undo", True))
    except UsageError as error:
        raise _Damaged(str(error)) from None
    return PlayPageSave(match, seats, undo, recovered)


def _match(data: Any) -> Match:
    try:
        return Match.from_save(data)
    except GolfError as error:
        raise _Damaged(str(error)) from None


def _replayable_part(data: Any) -> tuple[Match, int, int]:
    """The match of a save whose log does not replay to its end, up to the first action that does not: the
    match, how many actions were kept and how many the log held. A save without a readable match is damaged."""
    if not isinstance(data, dict) or not isinstance(data.get("actions"), list):
        raise _Damaged("its match has no list of actions")
    actions = data["actions"]
    try:
        match = Match.from_save({**data, "actions": []})
    except GolfError as error:
        raise _Damaged(str(error)) from None
    kept = 0
    for text in actions:
        try:
            match.apply_logged(A.parse_action(text) if isinstance(text, str) else -1)
        except (GolfError, ValueError):
            break
        kept += 1
    return match, kept, len(actions)
