"""A match: holes in a row, rotating dealer, running totals, the winner, saves and undo.

A match is fully described by rules + players + seed + action log: the save
format stores exactly that (with a format version) and restoring replays the
log. Undo is the same replay, cut short at the moment the drawn card was in hand;
when the moves it takes back had shown cards, it also deals every card nobody may
know again (a `redeal` in the log, seeded from the match seed), so an undo never
leaves anyone knowing a card they could not know without it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from . import actions as A
from .actions import DRAW_STOCK, EARLY_KNOCK, FLIP, NEXT_HOLE, SWAP, is_redeal, redeal, redealt_peeks
from .errors import GolfError, IllegalActionError, SaveError, UsageError
from .hole import DRAW, HOLDING, OPENING, OVER, HoleState
from .messages import both
from .observation import LiveView, Observation, Policy, observe
from .rules import Rules
from .scoring import score_table
from .seeds import hidden_hole_key, hole_key, hole_rng, keyed_rng, public_seed, redeal_rng

SAVE_FORMAT = "sixcardgolf-match"
SAVE_VERSION = 1


@dataclass(frozen=True)
class HoleRecord:
    points: tuple[int, ...]  # every seat's points for the hole
    end_reason: str
    playoff: bool
    # Who went out and who knocked (-1: nobody), and the hole's final layouts (the finished hole's own lists, never
    # changed after it ended): what a player's history counts (pairs made, going out), kept out of comparisons.
    went_out: int = field(default=-1, compare=False)
    knocker: int = field(default=-1, compare=False)
    layouts: Sequence[Sequence[int]] = field(default=(), compare=False, repr=False)

    def pairs(self, rules: Rules) -> tuple[int, ...]:
        """How many pairs (cancelled groups) each seat ended the hole with; worked out once, when first asked."""
        kept: tuple[int, ...] | None = self.__dict__.get("_pairs")
        if kept is None:
            went_out = None if self.went_out < 0 else self.went_out
            knocker = None if self.knocker < 0 else self.knocker
            scores = score_table(rules, self.layouts, went_out, knocker) if self.layouts else []
            kept = tuple(sum(group.cancelled for group in score.groups) for score in scores)
            object.__setattr__(self, "_pairs", kept)  # a frozen record: kept beside its fields, as Rules keeps its dict
        return kept


@dataclass(frozen=True)
class Outcome:
    winners: tuple[int, ...]  # one seat for a solo win, several for a shared win
    totals: tuple[int, ...]

    @property
    def shared(self) -> bool:
        return len(self.winners) > 1


HIDDEN = "hidden"
"""`Match(deals=HIDDEN)`: every hole is dealt from a one-way hash of the seed (seeds.hidden_hole_key)."""


class Match:
    """Holes in a row. `deals` says what each hole is dealt from: None, the seed (every save and link so far);
    HIDDEN, a one-way hash of the seed, so that a finished hole's record (`record_save`) can be handed to the
    players without the seed (a room on the server keeps the seed secret); or the list of keys a record carries,
    one per hole it holds. `first_dealer` deals the first hole (None: the last seat, so seat 1 starts); a room's
    rematch passes the deal on with it."""

    def __init__(
        self,
        rules: Rules,
        players: int,
        seed: int,
        deals: str | Sequence[str] | None = None,
        first_dealer: int | None = None,
    ) -> None:
        rules.check_players(players)
        if isinstance(seed, bool) or not isinstance(seed, int):
            shown = f"「{seed}」" if isinstance(seed, str) else f"「{json.dumps(seed, ensure_ascii=False)}」"
            raise UsageError(*both("error.match.seed", seed_code=repr(seed), seed=shown))
        self.rules = rules
        self.players = players
        self.seed = seed
        self.deals = _checked_deals(deals)
        if first_dealer is not None and (
            isinstance(first_dealer, bool) or not isinstance(first_dealer, int) or not 0 <= first_dealer < players
        ):
            raise UsageError(*both("error.match.first_dealer", dealer=repr(first_dealer)[:24], last=players - 1))
        self.first_dealer = first_dealer
        self.records: list[HoleRecord] = []
        self.log: list[int] = []
        self.contenders: tuple[int, ...] = tuple(range(players))  # who a play-off hole is for
        self._outcome: Outcome | None = None
        self.hole = self._deal(0)

    # The first dealer is the last seat unless the match says otherwise, so seat 1 (index 0) starts the first hole.
    def _deal(self, hole_index: int) -> HoleState:
        if self.deals is None:
            rng, key = hole_rng(self.seed, hole_index)
        else:
            key = self.hole_key(hole_index)
            rng = keyed_rng(key)
        first = self.players - 1 if self.first_dealer is None else self.first_dealer
        return HoleState.deal(self.rules, self.players, (first + hole_index) % self.players, rng, key)

    def hole_key(self, hole_index: int) -> str:
        """The text hole `hole_index` (0-based) is dealt from."""
        if self.deals is None:
            return hole_key(self.seed, hole_index)
        if self.deals == HIDDEN:
            return hidden_hole_key(self.seed, hole_index)
        if hole_index >= len(self.deals):
            raise SaveError(*both("error.match.no_deal", hole=hole_index + 1, holes=len(self.deals)))
        return self.deals[hole_index]

    # -- queries -------------------------------------------------------------
    @property
    def hole_number(self) -> int:
        """1-based number of the hole being played (play-off holes continue the count)."""
        return len(self.records) + (0 if self.hole.is_over() else 1)

    def is_over(self) -> bool:
        return self._outcome is not None

    def outcome(self) -> Outcome | None:
        return self._outcome

    def totals(self) -> list[int]:
        """Every seat's points over the match's holes, play-off holes left out."""
        regular = [record.points for record in self.records if not record.playoff]
        return [sum(seat_points) for seat_points in zip(*regular, strict=True)] if regular else [0] * self.players

    def current_player(self) -> int:
        return self.hole.current_player()

    def legal_actions(self, seat: int | None = None) -> list[int]:
        return self.hole.legal_actions(seat)

    def can_start_next_hole(self) -> bool:
        return self.hole.is_over() and self._outcome is None

    def observation(self, seat: int) -> Observation:
        return observe(self.hole, seat)

    # -- acting ----------------------------------------------------------------
    def apply_action(self, action: int) -> None:
        """Play a move of the seat to move, or `NEXT_HOLE`; a redeal is only ever written by `undo`."""
        if is_redeal(action):
            raise IllegalActionError(*both("error.match.redeal"))
        self.apply_logged(action)

    def apply_logged(self, action: int) -> None:
        """Apply an action as the log holds it: a move, the next hole, or the redeal an undo wrote."""
        if action == NEXT_HOLE:
            self.next_hole()
            return
        if is_redeal(action):
            self._redeal(self.hole, action, len(self.log))
            self.log.append(action)
            return
        hole = self.hole
        hole.apply_action(action)
        self.log.append(action)
        if hole.phase == OVER:
            self._record_hole()

    def play_hole(self, players: Sequence[Policy]) -> None:
        """Play the current hole to its end, `players[seat]` choosing every move of that seat from its
        observation (the simulation's loop).

        The same as apply_action move after move, written as one loop: it runs for every decision of every
        simulated hole, and here a move costs no call of apply_action around the hole's. Each policy reads the
        live hole through one LiveView, aimed at every decision in turn, not a copy of it (observe's): the view
        is true while the policy chooses, and the hole moves on only once the choice is made.
        """
        hole = self.hole
        if hole.phase == OVER:
            return  # recorded already, by the move that ended it
        view = LiveView(hole, hole.seat)
        aim = view.aim
        apply_action = hole.apply_action
        log = self.log.append
        while hole.phase != OVER:
            seat = hole.seat
            action = players[seat].choose(aim(seat))  # the seat to move: no need to check it
            apply_action(action)
            log(action)
        self._record_hole()

    def next_hole(self) -> None:
        if not self.can_start_next_hole():
            raise IllegalActionError(*both("error.match.over" if self._outcome else "error.match.hole_not_over"))
        self.hole = self._deal(len(self.records))
        self.log.append(A.NEXT_HOLE)

    def _record_hole(self) -> None:
        playoff = len(self.records) >= self.rules.holes
        points = tuple(self.hole.returns())
        hole = self.hole
        self.records.append(
            HoleRecord(points, hole.end_reason or "", playoff, hole.went_out, hole.knocker, hole.layouts)
        )
        if playoff:
            best = min(points[s] for s in self.contenders)
            self.contenders = tuple(s for s in self.contenders if points[s] == best)
        elif len(self.records) == self.rules.holes:
            totals = self.totals()
            lowest = min(totals)
            self.contenders = tuple(s for s in range(self.players) if totals[s] == lowest)
        else:
            return
        if len(self.contenders) == 1 or self.rules.ties == "shared":
            self._outcome = Outcome(self.contenders, tuple(self.totals()))

    # -- undo ------------------------------------------------------------------
    def undo_point(self, seat: int) -> int | None:
        """Log length that puts `seat` back to holding its last drawn card, or None.

        Allowed while the hole is still being played and `seat` has not drawn
        again: it rewinds the seat's last swap or discard (with a flip that
        followed it) and every other seat's turns since. It never redraws, never
        reverses the opening reveal, never rewinds a finished hole, and never
        goes back past an earlier undo's redeal.
        """
        if self.hole.is_over():
            return None
        start, state = self._replay_hole_start()
        candidate = None
        for index in range(start, len(self.log)):
            action = self.log[index]
            if is_redeal(action):
                candidate = None  # the cards an earlier undo dealt again stay dealt
                self._redeal(state, action, index)
                continue
            mover, phase = state.seat, state.phase
            if mover == seat and phase == DRAW:
                candidate = None  # a new turn of this seat closes the window
            if mover == seat and phase == HOLDING:
                candidate = index
            state.apply_action(action)
        return candidate

    def _replay_hole_start(self) -> tuple[int, HoleState]:
        """Index in the log where the current hole's actions begin, and that hole freshly dealt."""
        start = len(self.log)
        while start > 0 and self.log[start - 1] != A.NEXT_HOLE:
            start -= 1
        return start, self._deal(len(self.records))

    def _replayed(self, length: int) -> HoleState:
        """The current hole as it stood after the first `length` actions of the log."""
        start, state = self._replay_hole_start()
        for index in range(start, length):
            action = self.log[index]
            if is_redeal(action):
                self._redeal(state, action, index)
            else:
                state.apply_action(action)
        return state

    def _redeal(self, state: HoleState, action: int, index: int) -> None:
        if state.phase != HOLDING:
            raise IllegalActionError(*both("error.match.redeal"))
        state.redeal(redeal_rng(self.seed, index), redealt_peeks(action))

    def can_undo(self, seat: int) -> bool:
        return self.undo_point(seat) is not None

    def undo_shows(self, seat: int) -> bool:
        """Did the moves an undo of `seat` would take back show a card nobody may know now (so it deals again)?"""
        point = self.undo_point(seat)
        return point is not None and self._shown_since(point) is not None

    def undo(self, seat: int) -> bool:
        """Take back `seat`'s last swap or discard and every turn since (see undo_point). If those moves showed
        a card that was face down or in the stock, every card nobody may know is dealt again (see
        HoleState.redeal); returns whether it was."""
        point = self.undo_point(seat)
        if point is None:
            raise IllegalActionError(*both("error.match.nothing_to_undo", player=seat + 1))
        shown = self._shown_since(point)
        self.hole = self._replayed(point)
        del self.log[point:]
        if shown is None:
            return False
        self.apply_logged(redeal(sorted(shown)))
        return True

    def _shown_since(self, point: int) -> set[tuple[int, int]] | None:
        """What the moves after `point` showed of the cards nobody knew at `point`: None if nothing; else the
        peeked cards ((seat, position)) among them, which their owners then lose (see HoleState.redeal).

        A card shows when a face-down card is swapped out, flipped or turned up by an early knock, and when
        another seat draws from the stock (the card is played face up or discarded before the undo can come).
        Every face-down card counts, peeked ones too: the other people at the table did not know them.
        """
        state = self._replayed(point)
        shown = False
        peeks: set[tuple[int, int]] = set()
        for action in self.log[point:]:
            mover = state.seat
            exposed: list[int] = []
            if action == DRAW_STOCK:
                shown = True
            elif action == EARLY_KNOCK:
                exposed = [p for p in range(self.rules.size) if not state.up[mover] >> p & 1]
            elif SWAP <= action < SWAP + A.MAX_POSITIONS:
                exposed = [action - SWAP]
            elif FLIP <= action < FLIP + A.MAX_POSITIONS and state.phase != OPENING:
                exposed = [action - FLIP]
            for position in exposed:
                if not state.up[mover] >> position & 1:
                    shown = True
                    if state.peeked[mover] >> position & 1:
                        peeks.add((mover, position))
            state.apply_action(action)
        return peeks if shown else None

    # -- saves -------------------------------------------------------------------
    def to_save(self) -> dict[str, Any]:
        save: dict[str, Any] = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "rules": self.rules.to_dict(),
            "players": self.players,
            "seed": self.seed,
            "actions": [A.format_action(a) for a in self.log],
        }
        if self.deals is not None:  # absent: dealt from the seed, as every save written before rooms
            save["deals"] = self.deals if isinstance(self.deals, str) else list(self.deals)
        if self.first_dealer is not None:
            save["first_dealer"] = self.first_dealer
        return save

    def record_save(self) -> dict[str, Any]:
        """The finished holes of a match with hidden deals, as a save anyone at the table may read: the keys those
        holes were dealt from, the actions up to the end of the last of them, and a public seed (seeds.public_seed)
        in place of the match's. It replays to the table as it stood when that hole ended, and nothing in it
        tells the next hole's cards."""
        if self.deals != HIDDEN or not self.records:  # before the first hole ends, there is nothing to record
            raise UsageError(*both("error.match.record_not_hidden"))
        finished = len(self.records)
        end = len(self.log)
        if not self.hole.is_over():  # the hole in play: its actions (and the "next" that began it) stay out
            end = self._replay_hole_start()[0] - 1 if finished else 0
        if any(is_redeal(action) for action in self.log[:end]):  # a redeal replays from the seed it hides
            raise UsageError(*both("error.match.record_redealt"))
        record: dict[str, Any] = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "rules": self.rules.to_dict(),
            "players": self.players,
            "seed": public_seed(self.seed),
            "deals": [self.hole_key(index) for index in range(finished)],
            "actions": [A.format_action(a) for a in self.log[: max(end, 0)]],
        }
        if self.first_dealer is not None:
            record["first_dealer"] = self.first_dealer
        return record

    def dumps(self) -> str:
        return json.dumps(self.to_save(), ensure_ascii=False)

    @classmethod
    def from_save(cls, data: Any) -> Match:
        if isinstance(data, str | bytes):
            try:
                data = json.loads(data)
            except json.JSONDecodeError as error:
                raise SaveError(f"save is not valid JSON ({error.msg} at character {error.pos})") from None
        if not isinstance(data, dict):
            raise SaveError(f"save must be a JSON object, got {type(data).__name__}")
        if data.get("format") != SAVE_FORMAT:
            raise SaveError(
                f"save format {data.get('format')!r} is not a Six Card Golf match (expected {SAVE_FORMAT!r})"
            )
        if data.get("version") != SAVE_VERSION:
            raise SaveError(
                f"save version {data.get('version')!r} is not supported: this engine reads version {SAVE_VERSION}"
            )
        missing = [key for key in ("rules", "players", "seed", "actions") if key not in data]
        if missing:
            raise SaveError(f"save is damaged: missing {', '.join(missing)}")
        if not isinstance(data["actions"], list):
            raise SaveError("save is damaged: actions must be a list of action texts")
        try:
            match = cls(
                Rules.from_dict(data["rules"]),
                data["players"],
                data["seed"],
                data.get("deals"),
                data.get("first_dealer"),
            )
        except GolfError as error:
            raise SaveError(f"save is damaged: {error}") from None
        for index, text in enumerate(data["actions"]):
            try:
                match.apply_logged(A.parse_action(text) if isinstance(text, str) else -1)
            except GolfError as error:
                raise SaveError(f"save is damaged: action {index + 1} ({text!r}) does not replay: {error}") from None
        return match


def _checked_deals(deals: Any) -> str | tuple[str, ...] | None:
    """`deals` as a match keeps it: None, HIDDEN or a tuple of keys; anything else is refused, naming it."""
    if deals is None or deals == HIDDEN:
        return deals  # type: ignore[no-any-return]
    if isinstance(deals, list | tuple) and deals and all(isinstance(key, str) and 0 < len(key) <= 200 for key in deals):
        return tuple(deals)
    raise UsageError(*both("error.match.deals", deals_code=json.dumps(deals, ensure_ascii=False)[:80]))
