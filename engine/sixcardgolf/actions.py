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
"""

from __future__ import annotations

from .errors import NotationError
from .messages import both

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
    raise NotationError(*both("error.action.code", code_code=repr(action), code=action))


def parse_action(text: str) -> int:
    words = text.strip().lower().split()
    if len(words) == 1 and words[0] in _BY_WORD:
        return _BY_WORD[words[0]]
    if len(words) == 2 and words[0] in ("swap", "flip", "peek") and words[1].isdigit():
        position = int(words[1])
        if 1 <= position <= MAX_POSITIONS:
            return (SWAP if words[0] == "swap" else FLIP) + position - 1
    raise NotationError(*both("error.action.unknown", text_code=repr(text), text=text, most_code=MAX_POSITIONS))
