"""The playable match behind the browser's JSON door: one match per worker.

The page sends a human seat's action; this module applies it, lets every
computer seat play until a human must act (or the hole ends) and answers with
what the viewing seat may see. The save (rules + seed + action log, plus the
seats) is the whole truth: the page keeps it in localStorage and a reload
replays it exactly, a drawn card in hand included.
"""

from __future__ import annotations

import json
from typing import Any

from . import actions as A
from .ai import LEVELS, make_policy
from .cards import format_card
from .describe import adjustment_label, end_reason_text, points_text
from .errors import GolfError, IllegalActionError, SaveError
from .match import Match
from .presets import preset_info

PLAYGROUND_FORMAT = "sixcardgolf-playground"
PLAYGROUND_VERSION = 1
HUMAN = "human"
# What the Play page offers (seed 000): two to four at one device, one person and up to three computers,
# matches of 1, 3, 9 or 18 holes; a first game is two players, Basic and one hole.
TABLE_PLAYERS = (2, 3, 4)
HOLE_CHOICES = (1, 3, 9, 18)
FIRST_GAME = {"mode": "computer", "players": 2, "preset": "basic", "holes": 1, "level": "normal"}


def setup_choices(params: dict[str, Any]) -> dict[str, Any]:
    """The choices of the Play page's new-match form and the first game's defaults."""
    return {
        "modes": ["computer", "pass"],
        "players": list(TABLE_PLAYERS),
        "levels": list(LEVELS),
        "holes": list(HOLE_CHOICES),
        "defaults": dict(FIRST_GAME),
    }


class Session:
    def __init__(self, match: Match, seats: list[str]) -> None:
        self.match = match
        self.seats = seats

    def is_human(self, seat: int) -> bool:
        return self.seats[seat] == HUMAN

    def play_computers(self) -> list[dict[str, Any]]:
        """Computer seats move until a human must act or the hole is over; returns what they did."""
        events = []
        match = self.match
        while not match.hole.is_over() and not self.is_human(match.current_player()):
            seat = match.current_player()
            # A fresh, seeded policy per decision: the same save always replays to the same moves.
            policy = make_policy(self.seats[seat], match.seed * 1_000_003 + seat * 10_007 + len(match.log))
            action = policy.choose(match.observation(seat))
            events.append(_event(match, seat, action))
            match.apply_action(action)
        return events

    def save(self) -> dict[str, Any]:
        return {
            "format": PLAYGROUND_FORMAT,
            "version": PLAYGROUND_VERSION,
            "seats": self.seats,
            "match": self.match.to_save(),
        }


def _event(match: Match, seat: int, action: int) -> dict[str, Any]:
    """A public description of a move, taken before it is applied (cards named only if everyone sees them)."""
    hole = match.hole
    event: dict[str, Any] = {"seat": seat, "action": A.format_action(action)}
    if action == A.TAKE_DISCARD:
        event["card"] = _card(hole.discard[-1])
    elif action == A.DISCARD:
        event["card"] = _card(hole.held)
    elif A.SWAP <= action < A.SWAP + A.MAX_POSITIONS:
        event["card"] = _card(hole.held)
        event["replaced"] = _card(hole.layouts[seat][action - A.SWAP])
    return event


def _card(card: int) -> str:
    return format_card(card)


_current: Session | None = None


def _session() -> Session:
    if _current is None:
        raise GolfError(
            "no match is being played: start a new match first",
            ja="対局が始まっていません。新しいマッチを始めてください。",
        )
    return _current


def _seats(raw: Any, players: int) -> list[str]:
    allowed = (HUMAN, *LEVELS)
    if not isinstance(raw, list) or len(raw) != players or any(seat not in allowed for seat in raw):
        raise GolfError(
            f"seats {raw!r} are not allowed: expected {players} entries, each one of {', '.join(allowed)}",
            ja=f"席の設定が正しくありません。{players}人分を、{'、'.join(allowed)}のいずれかで指定してください。",
        )
    if HUMAN not in raw:
        raise GolfError("at least one seat must be a person", ja="少なくとも1席は人が座る必要があります。")
    return list(raw)


def match_new(params: dict[str, Any]) -> dict[str, Any]:
    global _current
    base = preset_info(str(params.get("preset", "basic"))).rules
    options = params.get("options") or {}
    rules = base.with_options(options) if options else base
    players = params.get("players", 2)
    seed = params.get("seed", 1)
    session = Session(Match(rules, players, seed), _seats(params.get("seats"), players))
    _current = session
    return _view(session, params, session.play_computers())


def match_load(params: dict[str, Any]) -> dict[str, Any]:
    global _current
    data = params.get("save")
    try:
        if isinstance(data, str):
            data = json.loads(data)
    except json.JSONDecodeError as error:
        raise _damaged(f"save is not valid JSON ({error.msg})") from None
    if not isinstance(data, dict) or data.get("format") != PLAYGROUND_FORMAT:
        raise _damaged("save is not a Six Card Golf playground save")
    if data.get("version") != PLAYGROUND_VERSION:
        raise _damaged(f"save version {data.get('version')!r} is not supported (expected {PLAYGROUND_VERSION})")
    try:
        match = Match.from_save(data.get("match"))
        session = Session(match, _seats(data.get("seats"), match.players))
    except GolfError as error:
        raise _damaged(str(error)) from None
    _current = session
    return _view(session, params, [])


def _damaged(detail: str) -> SaveError:
    return SaveError(
        f"the saved match could not be restored: {detail}. It was left untouched; start a new match to play on.",
        ja="保存されたマッチを復元できませんでした。データが壊れているか、別の形式です。保存データはそのまま残してあります。新しいマッチを始めてください。",
    )


def match_act(params: dict[str, Any]) -> dict[str, Any]:
    session = _session()
    match = session.match
    text = str(params.get("action", ""))
    action = A.parse_action(text)
    seat = match.current_player()
    if action == A.NEXT_HOLE:
        match.next_hole()
    elif seat < 0 or not session.is_human(seat):
        raise IllegalActionError(
            f"action {text!r} is not allowed: it is not a person's turn", ja="いまは人の手番ではありません。"
        )
    else:
        try:
            match.apply_action(action)
        except IllegalActionError as error:
            raise IllegalActionError(str(error), ja=f"その操作（{text}）はいまはできません。") from None
    return _view(session, params, session.play_computers())


def match_undo(params: dict[str, Any]) -> dict[str, Any]:
    session = _session()
    seat = _viewer(session, params)
    try:
        session.match.undo(seat)
    except IllegalActionError as error:
        raise IllegalActionError(
            str(error), ja="取り消せる操作がありません。次のカードを引くと、その前の操作は取り消せません。"
        ) from None
    return _view(session, params, [])


def match_view(params: dict[str, Any]) -> dict[str, Any]:
    return _view(_session(), params, [])


def match_hint(params: dict[str, Any]) -> dict[str, Any]:
    from .ai.hint import hint, hint_seed

    session = _session()
    match = session.match
    seat = match.current_player()
    if seat < 0 or not session.is_human(seat):
        raise IllegalActionError(
            "no hint now: it is not a person's turn", ja="いまはヒントを出せません。人の手番ではありません。"
        )
    advice = hint(match.observation(seat), hint_seed(match.seed, len(match.log), seat))
    lang = params.get("lang", "en")
    return {"action": A.format_action(advice.action), "reason": advice.reason_ja if lang == "ja" else advice.reason_en}


def _viewer(session: Session, params: dict[str, Any]) -> int:
    """The seat whose eyes the page shows: the one asked for, else the person to move, else the first person."""
    asked = params.get("viewer")
    if isinstance(asked, int) and not isinstance(asked, bool) and 0 <= asked < session.match.players:
        return asked
    to_move = session.match.current_player()
    if to_move >= 0 and session.is_human(to_move):
        return to_move
    return session.seats.index(HUMAN)


def _view(session: Session, params: dict[str, Any], events: list[dict[str, Any]]) -> dict[str, Any]:
    lang = "ja" if params.get("lang") == "ja" else "en"
    match = session.match
    hole = match.hole
    viewer = _viewer(session, params)
    view: dict[str, Any] = {
        "seats": session.seats,
        "viewer": viewer,
        "observation": match.observation(viewer).to_dict(),
        "hole": len(match.records) + (0 if hole.is_over() else 1),
        "holes": match.rules.holes,
        "records": [
            {"points": list(r.points), "end_reason": r.end_reason, "playoff": r.playoff} for r in match.records
        ],
        "totals": match.totals(),
        "can_undo": match.can_undo(viewer) and session.is_human(viewer),
        "can_next": match.can_start_next_hole(),
        "events": events,
        "save": json.dumps(session.save()),
        "hole_over": hole.is_over(),
        "end_reason_text": end_reason_text(hole.end_reason, lang) if hole.end_reason else None,
        "scores": None,
        "outcome": None,
    }
    if hole.is_over():
        view["scores"] = [
            {
                "total": score.total,
                "total_text": points_text(score.total),
                "card_points": score.card_points,
                "adjustments": [
                    {"label": adjustment_label(a.key, lang), "points": a.points} for a in score.adjustments
                ],
                "cancelled": [[p + 1 for p in g.positions] for g in score.groups if g.cancelled],
            }
            for score in hole.scores()
        ]
    outcome = match.outcome()
    if outcome is not None:
        view["outcome"] = {"winners": list(outcome.winners), "shared": outcome.shared, "totals": list(outcome.totals)}
    return view


METHODS = {
    "setup_choices": setup_choices,
    "match_new": match_new,
    "match_load": match_load,
    "match_act": match_act,
    "match_undo": match_undo,
    "match_view": match_view,
    "match_hint": match_hint,
}
