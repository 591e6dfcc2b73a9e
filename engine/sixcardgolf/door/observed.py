"""The Hint for a seat whose page holds no match: worked out from the observation that seat was sent.

A room's Play page (playground/room-session.js) has no match in its browser, only the view the room server sent
its seat, whose `observation` is that seat's `observe()` written as JSON (`Observation.to_dict`). The Hint must
still run in the person's own browser, from what they see:

    {"method": "observation_hint", "params": {"lang": "en", "preset": "basic", "options": {...},
     "observation": VIEW_OBSERVATION, "seed": 12345}}

`rebuild` makes a hole that seat cannot tell from the real one: the cards it has not seen (the shoe less every
card it sees or knows) are dealt at random into the face-down places it does not know, the card in another
seat's hand and the stock, as the computer players imagine deals (ai/seat_view.sample_world). The Hint then reads
that hole's observation, which is the one sent. An observation that no hole of these rules could give (a card more
often than the shoe holds it, counts that do not add up, a field missing or of the wrong kind) is refused: the
rebuilt hole's own `observe()` must be exactly the observation sent, field by field.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from .. import actions as A
from ..cards import UNKNOWN, parse_card
from ..errors import GolfError, UsageError, quote_code, quote_text
from ..hole import NO_CARD, NO_SEAT, OPENING, PHASE_NAMES, EndReason, HoleState, Phase
from ..messages import both
from ..observation import Observation, observe
from ..review.hint import hint
from ..rules import Rules
from .params import lang_of, rules_from
from .session import Session

_ABSENT = object()


def _refused(field: str, value: object) -> UsageError:
    return UsageError(*both("error.observation.field", field_code=field, value_code=quote_code(value),
                            value=quote_text(value)))  # fmt: skip


def _whole(raw: dict[str, Any], field: str, low: int, high: int) -> int:
    value = raw.get(field)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _refused(field, value)
    return value


def _card(field: str, value: object) -> int:
    if not isinstance(value, str) or len(value) > 4:
        raise _refused(field, value)
    try:
        return parse_card(value)
    except GolfError:
        raise _refused(field, value) from None


def _seat_or_none(raw: dict[str, Any], field: str, players: int) -> int:
    value = raw.get(field)
    if value is None:
        return NO_SEAT
    return _whole(raw, field, 0, players - 1)


def rebuild(rules: Rules, raw: object, rng: random.Random) -> Observation:
    """A hole consistent with the observation `raw` (a view's `observation`), observed by the same seat: equal to
    `raw` field by field, or a UsageError naming the first field that no hole of `rules` could show."""
    if not isinstance(raw, dict):
        raise _refused("observation", raw)
    players = _whole(raw, "players", 2, 8)
    rules.check_players(players)
    seat = _whole(raw, "seat", 0, players - 1)
    dealer = _whole(raw, "dealer", 0, players - 1)
    phase_name = raw.get("phase")
    if phase_name not in PHASE_NAMES:
        raise _refused("phase", phase_name)
    phase = Phase(PHASE_NAMES.index(phase_name))
    to_move = _seat_or_none(raw, "to_move", players)
    size = rules.size
    layouts_raw = raw.get("layouts")
    if not isinstance(layouts_raw, list) or len(layouts_raw) != players:
        raise _refused("layouts", layouts_raw)
    shoe = Counter(rules.shoe_for(players))
    seen: Counter[int] = Counter()
    layouts: list[list[int]] = []
    up = [0] * players
    peeked = [0] * players
    for s, layout in enumerate(layouts_raw):
        if not isinstance(layout, list) or len(layout) != size:
            raise _refused("layouts", layout)
        cards = []
        for p, slot in enumerate(layout):
            if not isinstance(slot, dict) or not isinstance(slot.get("up"), bool):
                raise _refused("layouts", slot)
            card = UNKNOWN if slot.get("card") is None else _card("layouts", slot.get("card"))
            if slot["up"]:
                up[s] |= 1 << p
            if slot.get("peeked") is True:
                peeked[s] |= 1 << p
            if card != UNKNOWN:
                seen[card] += 1
            cards.append(card)
        layouts.append(cards)
    discard_raw = raw.get("discard")
    if not isinstance(discard_raw, list):
        raise _refused("discard", discard_raw)
    discard = [_card("discard", c) for c in discard_raw]
    seen.update(discard)
    held_raw = raw.get("held")
    held = NO_CARD if held_raw is None else _card("held", held_raw)
    if held != NO_CARD:
        seen[held] += 1
    for card, count in seen.items():
        if count > shoe[card]:
            raise _refused("layouts", raw.get("layouts"))  # a card seen more often than the shoe holds it
    unseen = list((shoe - seen).elements())
    stock_count = _whole(raw, "stock_count", 0, len(unseen))
    rng.shuffle(unseen)
    for layout in layouts:
        for p, card in enumerate(layout):
            if card == UNKNOWN:
                if not unseen:
                    raise _refused("stock_count", stock_count)
                layout[p] = unseen.pop()
    if held == NO_CARD and raw.get("held_from") == "stock":  # another seat holds a stock card this seat cannot see
        if not unseen:
            raise _refused("stock_count", stock_count)
        held = unseen.pop()
    if len(unseen) != stock_count:
        raise _refused("stock_count", stock_count)
    mover = to_move if to_move != NO_SEAT else seat
    end_reason = raw.get("end_reason")
    if end_reason is not None and end_reason not in tuple(reason.value for reason in EndReason):
        raise _refused("end_reason", end_reason)
    final_left = raw.get("final_turns_left")
    state = HoleState(
        rules,
        players,
        dealer,
        layouts,
        unseen,
        discard,
        up,
        peeked,
        phase,
        mover,
        opening_left=rules.initial_reveals - (up[mover] | peeked[mover]).bit_count() if phase == OPENING else 0,
        held=held,
        held_from_discard=raw.get("held_from") == "discard",
        turns=_whole(raw, "turns", 0, 1_000_000),
        final_left=-1 if final_left is None else _whole(raw, "final_turns_left", 0, players),
        went_out=_seat_or_none(raw, "went_out", players),
        knocker=_seat_or_none(raw, "knocker", players),
        end_reason=EndReason(end_reason) if end_reason is not None else None,
        shuffle_seed=f"rebuilt/{rng.getrandbits(32)}",
    )
    observation = observe(state, seat)
    mine = observation.to_dict()
    for field, value in raw.items():
        if mine.get(field, _ABSENT) != value:
            raise _refused(field, value)
    missing = [field for field in mine if field not in raw]
    if missing:
        raise _refused(missing[0], None)
    return observation


def observation_hint(params: dict[str, Any], session: Session) -> dict[str, Any]:
    """The Hint for the seat of `params["observation"]`, which must be the seat to move."""
    lang = lang_of(params)
    rules = rules_from(params)
    seed = params.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise _refused("seed", seed)
    observation = rebuild(rules, params.get("observation"), random.Random(seed))
    advice = hint(observation, seed)  # refused, naming the seat, unless it is the seat to move
    return {"action": A.format_action(advice.action), "reason": advice.reason(lang)}


METHODS = {"observation_hint": observation_hint}
