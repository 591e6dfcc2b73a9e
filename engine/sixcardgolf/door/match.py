"""The playable match behind the browser's JSON door.

The page sends a human seat's action; this module applies it, lets every computer seat play until a human must
act (or the hole ends) and answers with what the viewing seat may see, and what the page needs to draw it: the
layout's shape, the prompt, the legal targets and what happened since the last answer, move by move, each move
with the table as the viewing seat saw it just after (so the page can show the computers' moves one at a time
without ever learning a card that seat could not see). The save (rules + seed +
action log, plus the seats) is the whole truth: the page keeps it in localStorage and a reload replays it
exactly, a drawn card in hand included.

The match being played lives in the caller's `Session` (door/session.py: the Web Worker keeps one), passed to
every method, so the module has no state of its own; the save's format is door/saves.py's.
"""

from __future__ import annotations

import json
from typing import Any

from .. import actions as A
from ..ai import LEVELS
from ..errors import GolfError, IllegalActionError, NotationError, UsageError, quote_code, quote_text
from ..hole import HoleState
from ..match import Match
from ..messages import both, points_text
from ..messages import text as catalogue_text
from ..option_text import adjustment_label
from ..review.hint import hint
from ..seeds import hint_seed
from ..text.describe import end_reason_text
from .params import lang_of, rules_from
from .saves import HUMAN, check_seats, restore, undo_switch
from .seated import Move, SeatedMatch
from .session import Session

# What the Play page offers: two to four at one device, one person and up to three computers,
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


def match_new(params: dict[str, Any], session: Session) -> dict[str, Any]:
    rules = rules_from(params)
    players = params.get("players", 2)
    seed = params.get("seed", 1)
    seated = SeatedMatch(
        Match(rules, players, seed), check_seats(params.get("seats"), players), undo_switch(params.get("undo", True))
    )
    opening = _opening(params.get("opening"))
    _viewer(seated, params)  # a viewer of the wrong kind is refused before anything is played
    # Opening choices made while the engine was loading (positions only), applied in order; the moves they
    # and the computers' replies make are in the answer's events like any other (the log, pass-and-play news).
    moves: list[Move] = []
    for text in opening:
        seat = seated.match.current_player()
        if seat < 0 or not seated.is_human(seat):
            break
        moves.append(seated.play(A.parse_action(text)))
        moves.extend(seated.play_computers())
    session.seated = seated
    return local_view(seated, params, [*moves, *seated.play_computers()])


def match_load(params: dict[str, Any], session: Session) -> dict[str, Any]:
    """Restore the Play page's save. A save whose log stops replaying at some action is restored up to that
    action (the answer's `recovered` says how many of how many moves were kept), so one bad action never costs
    the good ones; a save that cannot be read at all is an error, and the page keeps a copy of it either way."""
    save = restore(params.get("save"))
    seated = SeatedMatch(save.match, save.seats, save.undo)
    _viewer(seated, params)  # refused before the match in play is replaced
    session.seated = seated
    view = local_view(seated, params, [])
    if save.recovered is None:
        return view
    kept, total = save.recovered
    return {**view, "recovered": {"kept": kept, "total": total}}


def match_act(params: dict[str, Any], session: Session) -> dict[str, Any]:
    seated = session.current()
    match = seated.match
    text = params.get("action", "")
    if not isinstance(text, str):
        raise IllegalActionError(
            *both("error.action.unknown", text_code=quote_code(text), text=quote_text(text), most_code=A.MAX_POSITIONS)
        )
    try:
        action = A.parse_action(text)
    except GolfError as error:
        raise IllegalActionError(str(error), ja=error.message("ja")) from None
    _viewer(seated, params)  # a viewer of the wrong kind is refused before the move is played
    seat = match.current_player()
    if action == A.NEXT_HOLE:
        match.next_hole()  # its errors say in both languages why there is no next hole now
    elif match.hole.is_over():
        why = "error.play.hole_over" if match.can_start_next_hole() else "error.play.match_over"
        raise IllegalActionError(*both(why, action_code=quote_code(text)))
    elif not seated.is_human(seat):  # the computers play before an answer, so only a stale page meets this
        raise IllegalActionError(*both("error.play.computer", action_code=quote_code(text), player=seat + 1))
    else:
        own = seated.play(action)  # a refused move: the hole's error says why, in both languages
        return local_view(seated, params, [own, *seated.play_computers()])
    return local_view(seated, params, seated.play_computers())


def match_undo(params: dict[str, Any], session: Session) -> dict[str, Any]:
    seated = session.current()
    seat = _viewer(seated, params)
    if not seated.can_undo(seat):
        raise IllegalActionError(*both("error.match.cannot_undo", player_code=seat + 1))
    redealt = seated.match.undo(seat)
    return {**local_view(seated, params, []), "redealt": redealt}


def match_view(params: dict[str, Any], session: Session) -> dict[str, Any]:
    return local_view(session.current(), params, [])


def match_hint(params: dict[str, Any], session: Session) -> dict[str, Any]:
    lang = lang_of(params)
    seated = session.current()
    match = seated.match
    seat = match.current_player()
    if seat < 0 or not seated.is_human(seat):
        why = "error.hint.hole_over" if match.hole.is_over() else "error.hint.computer"
        raise IllegalActionError(*both(why))
    advice = hint(match.observation(seat), hint_seed(match.seed, len(match.log), seat))
    return {"action": A.format_action(advice.action), "reason": advice.reason(lang)}


def _viewer(seated: SeatedMatch, params: dict[str, Any]) -> int:
    """The seat whose eyes the page shows: the one asked for, else the person to move, else the first person."""
    asked = params.get("viewer")
    players = seated.match.players
    if asked is not None and (isinstance(asked, bool) or not isinstance(asked, int)):
        raise UsageError(
            *both("error.viewer.not_a_seat", viewer_code=quote_code(asked), viewer=quote_text(asked), last=players - 1)
        )
    if asked is not None and 0 <= asked < players:  # a seat not at this table: the page's last match had more
        return asked
    to_move = seated.match.current_player()
    if to_move >= 0 and seated.is_human(to_move):
        return to_move
    return seated.seats.index(HUMAN)


def _prompt(seated: SeatedMatch, viewer: int, legal: list[str], phase: str) -> dict[str, Any] | None:
    """What the viewing person is asked to do now, as a text key and its numbers (None: not their turn); `phase`
    is the viewer's observation's."""
    match = seated.match
    hole = match.hole
    if hole.is_over() or match.current_player() != viewer:
        return None
    rules = match.rules
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


def local_view(seated: SeatedMatch, params: dict[str, Any], moves: list[Move]) -> dict[str, Any]:
    """The view of a match kept in this browser: the seat's view, and the match's seed and save, which the page
    keeps in its storage (a reload replays the save) and puts in a shared-deal link."""
    return {**seat_view(seated, params, moves), "seed": seated.match.seed, "save": json.dumps(seated.save())}


class SharedView:
    """The parts of `seat_view` that are the same for every seat at one moment (the rules, the scores, the end of
    the hole) and, for its texts, for every seat reading one language: made once when one table is shown to
    several seats at once (the room server tells every seat of a room after each move), instead of once a seat.
    Only for the match as it stands now: a move made after it was made calls for a new one."""

    def __init__(self, seated: SeatedMatch) -> None:
        self.seated = seated
        self._public: dict[str, Any] | None = None
        self._worded: dict[str, dict[str, Any]] = {}
        self._visible_scores: tuple[int, ...] | None = None

    def observation(self, viewer: int) -> dict[str, Any]:
        """The viewer's observation as a dict; every seat's visible score (face-up cards only, so the same for
        every viewer) is counted once for all of them."""
        observed = self.seated.match.observation(viewer)
        if self._visible_scores is None:
            self._visible_scores = observed.visible_scores
        else:
            observed._visible_scores = self._visible_scores
        return observed.to_dict()

    def public(self) -> dict[str, Any]:
        if self._public is None:
            seated = self.seated
            match = seated.match
            hole = match.hole
            self._public = {
                "seats": seated.seats,
                "rows": match.rules.rows,
                "cols": match.rules.cols,
                "peek": match.rules.peek,
                "hole": match.hole_number,
                "holes": match.rules.holes,
                # Each finished hole, with what a player's history counts (playground/history-store.js): who went
                # out or knocked (null: nobody) and the pairs each seat ended it with; all face up once it is over.
                "records": [
                    {
                        "points": list(r.points),
                        "end_reason": r.end_reason,
                        "playoff": r.playoff,
                        "went_out": r.went_out if r.went_out >= 0 else None,
                        "knocker": r.knocker if r.knocker >= 0 else None,
                        "pairs": list(r.pairs(match.rules)),
                    }
                    for r in match.records
                ],
                "totals": match.totals(),
                "wins": _hole_wins(match),
                "undo_offered": seated.undo,
                "can_next": match.can_start_next_hole(),
                "rules": match.rules.to_dict(),
                "hole_over": hole.is_over(),
                "end_reason": hole.end_reason,
                "ended_by": _ended_by(hole),
                "outcome": None,
            }
            outcome = match.outcome()
            if outcome is not None:
                self._public["outcome"] = {
                    "winners": list(outcome.winners),
                    "shared": outcome.shared,
                    "totals": list(outcome.totals),
                }
        return self._public

    def worded(self, lang: str) -> dict[str, Any]:
        found = self._worded.get(lang)
        if found is None:
            hole = self.seated.match.hole
            found = self._worded[lang] = {
                "end_reason_text": end_reason_text(hole.end_reason, lang) if hole.end_reason else None,
                "end_reason_by_text": catalogue_text(f"end_reason_by.{hole.end_reason}", lang)
                if _ended_by(hole) is not None
                else None,
                "scores": _scores(hole, lang) if hole.is_over() else None,
            }
        return found


def seat_view(
    seated: SeatedMatch, params: dict[str, Any], moves: list[Move], shared: SharedView | None = None
) -> dict[str, Any]:
    """What the Play page draws for the viewing seat (`params["viewer"]`, else the person to move): that seat's
    observation, its prompt and targets, the score table, and `moves` as that seat saw each of them. Nothing
    in it tells a card the seat may not see: the room server sends it as it is (server/views.py), and its
    no-leak test checks every field against the engine's observation. `shared`: the parts every seat shares,
    when several seats are shown the same moment (SharedView)."""
    lang = lang_of(params)
    if shared is None or shared.seated is not seated:
        shared = SharedView(seated)
    match = seated.match
    viewer = _viewer(seated, params)
    observation = shared.observation(viewer)
    legal = observation["legal_actions"] if observation["to_move"] == viewer else []
    targets = {}
    for action in legal:
        word, _, position = action.partition(" ")
        if word in ("swap", "flip") and position:
            targets[position] = action
    can_undo = seated.can_undo(viewer)
    public, worded = shared.public(), shared.worded(lang)
    return {
        "seats": public["seats"],
        "viewer": viewer,
        "observation": observation,
        "rows": public["rows"],
        "cols": public["cols"],
        "peek": public["peek"],
        "prompt": _prompt(seated, viewer, legal, observation["phase"]),
        "targets": targets,
        "buttons": [a for a in ("discard", "knock", "early-knock", "skip") if a in legal],
        "piles": {"stock": "draw" in legal, "discard": "take" in legal},
        "hole": public["hole"],
        "holes": public["holes"],
        "records": public["records"],
        "totals": public["totals"],
        "wins": public["wins"],
        "can_undo": can_undo,
        # Undo then deals the cards nobody may know again (what the moves it takes back showed): the page says so.
        "undo_redeals": can_undo and match.undo_shows(viewer),
        "undo_offered": public["undo_offered"],
        "can_next": public["can_next"],
        # The last move's table is the table as it stands when nothing came after it: observed once, not twice.
        "events": [
            move.seen_by(viewer, observation if index == len(moves) - 1 and move.logged == len(match.log) else None)
            for index, move in enumerate(moves)
        ],
        "rules": public["rules"],
        "hole_over": public["hole_over"],
        "end_reason": public["end_reason"],
        "end_reason_text": worded["end_reason_text"],
        # Who ended the hole (went out, knocked), and the same reason naming them: "{name}" for the page to fill.
        "ended_by": public["ended_by"],
        "end_reason_by_text": worded["end_reason_by_text"],
        "scores": worded["scores"],
        "outcome": public["outcome"],
    }


def _scores(hole: HoleState, lang: str) -> list[dict[str, Any]]:
    """A finished hole's score of every seat, with its adjustments named in `lang`."""
    return [
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


def _ended_by(hole: HoleState) -> int | None:
    """The seat whose move ended a finished hole: who knocked, or else who went out; None for the other ends."""
    if not hole.is_over() or hole.end_reason not in ("final_turns", "went_out", "knock", "early_knock"):
        return None
    seat = hole.knocker if hole.end_reason == "knock" else hole.went_out
    return seat if seat >= 0 else None


def _hole_wins(match: Match) -> list[int]:
    """Holes won by each seat (the lowest score of a hole; a tie counts for everyone tied): the score table's W."""
    wins = [0] * match.players
    for record in match.records:
        low = min(record.points)
        for seat, points in enumerate(record.points):
            wins[seat] += points == low
    return wins


METHODS = {
    "setup_choices": lambda params, session: setup_choices(params),
    "match_new": match_new,
    "match_load": match_load,
    "match_act": match_act,
    "match_undo": match_undo,
    "match_view": match_view,
    "match_hint": match_hint,
}
