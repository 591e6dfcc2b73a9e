"""The playable match behind the browser's JSON door.

The page sends a human seat's action; this module applies it, lets every computer seat play until a human must
act (or the hole ends) and answers with what the viewing seat may see, and what the page needs to draw it: the
layout's shape, the prompt, the legal targets and what happened since the last answer, move by move, each move
with the table as the viewing seat saw it just after (so the page can show the computers' moves one at a time
without ever learning a card that seat could not see). The save (rules + seed +
action log, plus the seats) is the whole truth: the page keeps it in localStorage and a reload replays it
exactly, a drawn card in hand included.

The match being played lives in a `Table` that the caller keeps and passes in (the Web Worker holds one), so the
module has no state of its own.
"""

from __future__ import annotations

import json
from typing import Any

from .. import actions as A
from ..ai import LEVELS, make_policy
from ..errors import (
    GolfError,
    IllegalActionError,
    NotationError,
    RequestError,
    SaveError,
    UsageError,
    quote_code,
    quote_text,
)
from ..hole import HoleState
from ..json_input import read_json
from ..match import Match
from ..messages import both, points_text
from ..messages import text as catalogue_text
from ..observation import observe, public_event
from ..option_text import adjustment_label
from ..seeds import decision_seed, hint_seed
from ..text.describe import end_reason_text
from .params import lang_of, rules_from

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


class Move:
    """One move as every seat saw it (a public event) and a copy of the hole just after it."""

    def __init__(self, event: dict[str, Any], after: HoleState) -> None:
        self.event = event
        self.after = after

    def seen_by(self, seat: int) -> dict[str, Any]:
        """The public event with the table as `seat` saw it just after the move: that seat's own observation."""
        return {**self.event, "table": observe(self.after, seat).to_dict()}


class Session:
    """One match and who sits where ("human" or a computer level per seat); `undo` is off for a deal whose result
    people compare (the daily deal, a shared deal)."""

    def __init__(self, match: Match, seats: list[str], undo: bool = True) -> None:
        self.match = match
        self.seats = seats
        self.undo = undo

    def is_human(self, seat: int) -> bool:
        return self.seats[seat] == HUMAN

    def play(self, action: int) -> Move:
        """Applies a move of the seat to move (refused with the hole's reason if illegal) and records it."""
        event = public_event(self.match.hole, action)
        self.match.apply_action(action)
        return Move(event, self.match.hole.clone())

    def play_computers(self) -> list[Move]:
        """Computer seats move until a human must act or the hole is over; returns what they did."""
        moves = []
        match = self.match
        while not match.hole.is_over() and not self.is_human(match.current_player()):
            seat = match.current_player()
            # A fresh, seeded policy per decision: the same save always replays to the same moves.
            policy = make_policy(self.seats[seat], decision_seed(match.seed, len(match.log), seat))
            moves.append(self.play(policy.choose(match.observation(seat))))
        return moves

    def can_undo(self, seat: int) -> bool:
        """The engine's undo, limited to a person's own turn: once another person has played (in pass-and-play,
        after the next player confirmed the handover and moved), the earlier turn stays."""
        if not self.undo or not self.is_human(seat):
            return False
        point = self.match.undo_point(seat)
        if point is None:
            return False
        replay = _rewound(self.match, point)
        for action in self.match.log[point:]:
            mover = replay.current_player()
            if mover != seat and self.is_human(mover):
                return False
            replay.apply_logged(action)
        return True

    def save(self) -> dict[str, Any]:
        save: dict[str, Any] = {
            "format": PLAYGROUND_FORMAT,
            "version": PLAYGROUND_VERSION,
            "seats": self.seats,
            "match": self.match.to_save(),
        }
        if not self.undo:
            save["undo"] = False  # absent: allowed (saves written before the daily deal had no undo switch)
        return save


def _rewound(match: Match, length: int) -> Match:
    """A copy of `match` with only the first `length` actions of its log played."""
    save = match.to_save()
    save["actions"] = save["actions"][:length]
    return Match.from_save(save)


class Table:
    """Holds the match being played between two requests; the Web Worker keeps one and passes it in."""

    def __init__(self) -> None:
        self.session: Session | None = None

    def current(self) -> Session:
        if self.session is None:
            raise GolfError(
                "no match is being played: start a new match first",
                ja="マッチが始まっていません。新しいマッチを始めてください。",
            )
        return self.session


def _seats(raw: Any, players: int) -> list[str]:
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


def _undo_switch(params: dict[str, Any]) -> bool:
    """Whether Undo is offered: `undo` true (the default) or false (the daily deal and shared deals)."""
    value = params.get("undo", True)
    if not isinstance(value, bool):
        raise UsageError(*both("error.match.undo_switch", value_code=quote_code(value)))
    return value


def _opening(raw: Any) -> list[str]:
    """The opening choices made while the engine was loading: a list of actions written as text."""
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise UsageError(*both("error.opening.not_list", opening_code=quote_code(raw), opening=quote_text(raw)))
    for text in raw:
        if not isinstance(text, str):
            raise NotationError(
                *both(
                    "error.action.unknown", text_code=quote_code(text), text=quote_text(text), most_code=A.MAX_POSITIONS
                )
            )
    return raw


def match_new(params: dict[str, Any], table: Table) -> dict[str, Any]:
    rules = rules_from(params)
    players = params.get("players", 2)
    seed = params.get("seed", 1)
    session = Session(Match(rules, players, seed), _seats(params.get("seats"), players), _undo_switch(params))
    opening = _opening(params.get("opening"))
    _viewer(session, params)  # a viewer of the wrong kind is refused before anything is played
    # Opening choices made while the engine was loading (positions only), applied in order; the moves they
    # and the computers' replies make are in the answer's events like any other (the log, pass-and-play news).
    moves: list[Move] = []
    for text in opening:
        seat = session.match.current_player()
        if seat < 0 or not session.is_human(seat):
            break
        moves.append(session.play(A.parse_action(text)))
        moves.extend(session.play_computers())
    table.session = session
    return _view(session, params, [*moves, *session.play_computers()])


def match_load(params: dict[str, Any], table: Table) -> dict[str, Any]:
    """Restore the Play page's save. A save whose log stops replaying at some action is restored up to that
    action (the answer's `recovered` says how many of how many moves were kept), so one bad action never costs
    the good ones; a save that cannot be read at all is an error, and the page keeps a copy of it either way."""
    data = params.get("save")
    try:
        if isinstance(data, str):
            data = read_json(data, "save")
    except RequestError:  # not JSON, nested too deeply, a number too long
        raise _damaged() from None
    if not isinstance(data, dict) or data.get("format") != PLAYGROUND_FORMAT:
        raise _damaged()
    if data.get("version") != PLAYGROUND_VERSION:
        raise _damaged()
    recovered = None
    try:
        match = Match.from_save(data.get("match"))
    except GolfError:
        match, kept, total = _replayable_part(data.get("match"))
        recovered = {"kept": kept, "total": total}
    try:
        session = Session(match, _seats(data.get("seats"), match.players), _undo_switch(data))
    except GolfError:
        raise _damaged() from None
    _viewer(session, params)  # refused before the match in play is replaced
    table.session = session
    view = _view(session, params, [])
    return {**view, "recovered": recovered} if recovered else view


def _replayable_part(data: Any) -> tuple[Match, int, int]:
    """The match of a save whose log does not replay to its end, up to the first action that does not: the
    match, how many actions were kept and how many the log held. A save without a readable match is an error."""
    if not isinstance(data, dict) or not isinstance(data.get("actions"), list):
        raise _damaged()
    actions = data["actions"]
    try:
        match = Match.from_save({**data, "actions": []})
    except GolfError:
        raise _damaged() from None
    kept = 0
    for text in actions:
        try:
            match.apply_logged(A.parse_action(text) if isinstance(text, str) else -1)
        except (GolfError, ValueError):
            break
        kept += 1
    return match, kept, len(actions)


def _damaged() -> SaveError:
    return SaveError(*both("error.save.unrestorable"))


def match_act(params: dict[str, Any], table: Table) -> dict[str, Any]:
    session = table.current()
    match = session.match
    text = params.get("action", "")
    if not isinstance(text, str):
        raise IllegalActionError(
            *both("error.action.unknown", text_code=quote_code(text), text=quote_text(text), most_code=A.MAX_POSITIONS)
        )
    try:
        action = A.parse_action(text)
    except GolfError as error:
        raise IllegalActionError(str(error), ja=error.message("ja")) from None
    _viewer(session, params)  # a viewer of the wrong kind is refused before the move is played
    seat = match.current_player()
    if action == A.NEXT_HOLE:
        match.next_hole()  # its errors say in both languages why there is no next hole now
    elif match.hole.is_over():
        why = "error.play.hole_over" if match.can_start_next_hole() else "error.play.match_over"
        raise IllegalActionError(*both(why, action_code=quote_code(text)))
    elif not session.is_human(seat):  # the computers play before an answer, so only a stale page meets this
        raise IllegalActionError(*both("error.play.computer", action_code=quote_code(text), player=seat + 1))
    else:
        own = session.play(action)  # a refused move: the hole's error says why, in both languages
        return _view(session, params, [own, *session.play_computers()])
    return _view(session, params, session.play_computers())


def match_undo(params: dict[str, Any], table: Table) -> dict[str, Any]:
    session = table.current()
    seat = _viewer(session, params)
    if not session.can_undo(seat):
        raise IllegalActionError(
            f"undo is not allowed for player {seat + 1} now",
            ja="元に戻せる操作がありません。次のカードを引くと、その前の操作は元に戻せません。",
        )
    redealt = session.match.undo(seat)
    return {**_view(session, params, []), "redealt": redealt}


def match_view(params: dict[str, Any], table: Table) -> dict[str, Any]:
    return _view(table.current(), params, [])


def match_hint(params: dict[str, Any], table: Table) -> dict[str, Any]:
    from ..review.hint import hint

    lang = lang_of(params)
    session = table.current()
    match = session.match
    seat = match.current_player()
    if seat < 0 or not session.is_human(seat):
        why = "error.hint.hole_over" if match.hole.is_over() else "error.hint.computer"
        raise IllegalActionError(*both(why))
    advice = hint(match.observation(seat), hint_seed(match.seed, len(match.log), seat))
    return {"action": A.format_action(advice.action), "reason": advice.reason(lang)}


def _viewer(session: Session, params: dict[str, Any]) -> int:
    """The seat whose eyes the page shows: the one asked for, else the person to move, else the first person."""
    asked = params.get("viewer")
    players = session.match.players
    if asked is not None and (isinstance(asked, bool) or not isinstance(asked, int)):
        raise UsageError(
            *both("error.viewer.not_a_seat", viewer_code=quote_code(asked), viewer=quote_text(asked), last=players - 1)
        )
    if asked is not None and 0 <= asked < players:  # a seat not at this table: the page's last match had more
        return asked
    to_move = session.match.current_player()
    if to_move >= 0 and session.is_human(to_move):
        return to_move
    return session.seats.index(HUMAN)


def _prompt(session: Session, viewer: int, legal: list[str]) -> dict[str, Any] | None:
    """What the viewing person is asked to do now, as a text key and its numbers (None: not their turn)."""
    match = session.match
    hole = match.hole
    if hole.is_over() or match.current_player() != viewer:
        return None
    rules = match.rules
    phase = match.observation(viewer).to_dict()["phase"]
    size = rules.rows * rules.cols
    if phase == "opening":
        chosen = sum(1 for p in range(size) if hole.up[viewer] >> p & 1 or hole.peeked[viewer] >> p & 1)
        left = rules.initial_reveals - chosen
        return {"key": "opening-peek" if rules.peek else "opening", "left": left, "size": size}
    if phase == "draw":
        return {"key": "draw-knock" if "knock" in legal else "draw", "size": size}
    if phase == "holding":
        return {"key": "holding" if "discard" in legal else "holding-must", "size": size}
    return {"key": "flip-optional" if "skip" in legal else "flip", "size": size}


def _view(session: Session, params: dict[str, Any], moves: list[Move]) -> dict[str, Any]:
    lang = lang_of(params)
    match = session.match
    hole = match.hole
    viewer = _viewer(session, params)
    observation = match.observation(viewer).to_dict()
    legal = observation["legal_actions"] if observation["to_move"] == viewer else []
    targets = {}
    for action in legal:
        word, _, position = action.partition(" ")
        if word in ("swap", "flip") and position:
            targets[position] = action
    can_undo = session.can_undo(viewer)
    view: dict[str, Any] = {
        "seats": session.seats,
        "viewer": viewer,
        "observation": observation,
        "rows": match.rules.rows,
        "cols": match.rules.cols,
        "peek": match.rules.peek,
        "prompt": _prompt(session, viewer, legal),
        "targets": targets,
        "buttons": [a for a in ("discard", "knock", "early-knock", "skip") if a in legal],
        "piles": {"stock": "draw" in legal, "discard": "take" in legal},
        "hole": match.hole_number,
        "holes": match.rules.holes,
        "records": [
            {"points": list(r.points), "end_reason": r.end_reason, "playoff": r.playoff} for r in match.records
        ],
        "totals": match.totals(),
        "wins": _hole_wins(match),
        "can_undo": can_undo,
        # Undo then deals the cards nobody may know again (what the moves it takes back showed): the page says so.
        "undo_redeals": can_undo and match.undo_shows(viewer),
        "undo_offered": session.undo,
        "can_next": match.can_start_next_hole(),
        "events": [move.seen_by(viewer) for move in moves],
        "seed": match.seed,
        "rules": match.rules.to_dict(),
        "save": json.dumps(session.save()),
        "hole_over": hole.is_over(),
        "end_reason": hole.end_reason,
        "end_reason_text": end_reason_text(hole.end_reason, lang) if hole.end_reason else None,
        # Who ended the hole (went out, knocked), and the same reason naming them: "{name}" for the page to fill.
        "ended_by": _ended_by(hole),
        "end_reason_by_text": catalogue_text(f"end_reason_by.{hole.end_reason}", lang)
        if _ended_by(hole) is not None
        else None,
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
                    {"label": adjustment_label(a.key, lang), "points": a.points, "points_text": points_text(a.points)}
                    for a in score.adjustments
                ],
                "cancelled": [[p + 1 for p in g.positions] for g in score.groups if g.cancelled],
            }
            for score in hole.scores()
        ]
    outcome = match.outcome()
    if outcome is not None:
        view["outcome"] = {"winners": list(outcome.winners), "shared": outcome.shared, "totals": list(outcome.totals)}
    return view


def _ended_by(hole: HoleState) -> int | None:
    """The seat whose move ended a finished hole: who knocked, or else who went out; None for the other ends."""
    if not hole.is_over() or hole.end_reason not in ("final_turns", "went_out", "knock", "early_knock"):
        return None
    seat = hole.knocker if hole.end_reason == "knock" else hole.went_out
    return seat if seat >= 0 else None


def _hole_wins(match: Match) -> list[int]:
    """Holes won by each seat (the lowest score of a hole; a tie counts for everyone tied), seed 001's W column."""
    wins = [0] * match.players
    for record in match.records:
        low = min(record.points)
        for seat, points in enumerate(record.points):
            wins[seat] += points == low
    return wins


METHODS = {
    "setup_choices": lambda params, table: setup_choices(params),
    "match_new": match_new,
    "match_load": match_load,
    "match_act": match_act,
    "match_undo": match_undo,
    "match_view": match_view,
    "match_hint": match_hint,
}
