"""Actions as small ints (sorted order = legal-action order) and their text notation.

draw            take the top card of the stock
take            take the top card of the discard pile
discard         throw the card in hand onto the discard pile
knock           end the hole after one more turn for everyone else
early-knock     turn up your last one or two cards and end the hole at once
skip            decline the optional flip after a discard (endgame flips)
next            deal the next hole (between holes; not a seat's move)
swap N          put the card in hand at position N (1-based), old card to the discard pile
flip N          turn up position N (opening reveal or peek, flip after a discard, flip as action)
redeal [S.P ...] after an undo that had shown cards: deal again every card nobody may know (not a seat's move;
                only Match.undo writes it, in the log, so a replay deals the same cards again); S.P: peeked
                cards (seat and position, 1-based) that the undone moves had shown, dealt again too
"""

from __future__ import annotations

from collections.abc import Iterable

from .errors import NotationError
from .messages import Words, both, say

DRAW_STOCK = 0
TAKE_DISCARD = 1
DISCARD = 2
KNOCK = 3
EARLY_KNOCK = 4
SKIP_FLIP = 5
NEXT_HOLE = 6
SWAP = 10  # SWAP + position
FLIP = 20  # FLIP + position
MAX_POSITIONS = 9
REDEAL = 1000  # REDEAL + a mask of the peeked cards dealt again too (bit seat * MAX_POSITIONS + position)
MAX_REDEAL_SEATS = 16  # every seat a table can have (rules.MAX_PLAYERS)

_WORDS = {
    DRAW_STOCK: "draw",
    TAKE_DISCARD: "take",
    DISCARD: "discard",
    KNOCK: "knock",
    EARLY_KNOCK: "early-knock",
    SKIP_FLIP: "skip",
    NEXT_HOLE: "next",
}
_BY_WORD = {word: action for action, word in _WORDS.items()}


def swap(position: int) -> int:
    """Action: put the card in hand at 0-based `position`."""
    return SWAP + position


def flip(position: int) -> int:
    """Action: turn up 0-based `position`."""
    return FLIP + position


def format_action(action: int) -> str:
    if action in _WORDS:
        return _WORDS[action]
    if SWAP <= action < SWAP + MAX_POSITIONS:
        return f"swap {action - SWAP + 1}"
    if FLIP <= action < FLIP + MAX_POSITIONS:
        return f"flip {action - FLIP + 1}"
    if is_redeal(action):
        return " ".join(["redeal", *(f"{seat + 1}.{position + 1}" for seat, position in redealt_peeks(action))])
    raise NotationError(*both("error.action.code", code_code=repr(action), code=action))


def action_words(action: int) -> Words:
    """An action as a sentence names it: 'draw from the stock', 「3番を表にする」 (the catalogue's [action] table)."""
    if SWAP <= action < SWAP + MAX_POSITIONS:
        return say("action.swap", position=action - SWAP + 1)
    if FLIP <= action < FLIP + MAX_POSITIONS:
        return say("action.flip", position=action - FLIP + 1)
    return say(f"action.{format_action(action)}")


def redeal(peeks: Iterable[tuple[int, int]] = ()) -> int:
    """Action: deal again the cards nobody may know, with the peeked cards at `peeks` ((seat, position), 0-based)."""
    mask = 0
    for seat, position in peeks:
        mask |= 1 << (seat * MAX_POSITIONS + position)
    return REDEAL + mask


def is_redeal(action: int) -> bool:
    return REDEAL <= action < REDEAL + (1 << (MAX_REDEAL_SEATS * MAX_POSITIONS))


def redealt_peeks(action: int) -> tuple[tuple[int, int], ...]:
    """The peeked cards ((seat, position), 0-based) that a redeal action deals again."""
    mask = action - REDEAL
    return tuple(divmod(bit, MAX_POSITIONS) for bit in range(mask.bit_length()) if mask >> bit & 1)


def _peek_place(word: str) -> tuple[int, int] | None:
    """'2.3' (seat 2, position 3) as (1, 2); None if it is not one."""
    seat, dot, position = word.partition(".")
    if not dot or not all(part.isascii() and part.isdigit() and len(part) <= 2 for part in (seat, position)):
        return None
    if not (1 <= int(seat) <= MAX_REDEAL_SEATS and 1 <= int(position) <= MAX_POSITIONS):
        return None
    return int(seat) - 1, int(position) - 1


def parse_action(text: str) -> int:
    words = text.strip().lower().split()
    if len(words) == 1 and words[0] in _BY_WORD:
        return _BY_WORD[words[0]]
    if words and words[0] == "redeal":
        places = [_peek_place(word) for word in words[1:]]
        if all(place is not None for place in places):
            return redeal(place for place in places if place is not None)
    if len(words) == 2 and words[0] in ("swap", "flip", "peek") and words[1].isdigit():
        position = int(words[1])
        if 1 <= position <= MAX_POSITIONS:
            return (SWAP if words[0] == "swap" else FLIP) + position - 1
    raise NotationError(*both("error.action.unknown", text_code=repr(text), text=text, most_code=MAX_POSITIONS))
