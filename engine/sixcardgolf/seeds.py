"""Every seed the engine derives, in one place: the deals, the computer players' decisions, the Hint and the review.

Randomness comes from separate streams so that one never changes another: the deal of every hole derives from
the match seed alone (so the levels chosen never change the cards), every computer decision of a played match
gets its own seed (so a saved match replays to the same moves), and each seat of a simulated run its own policy
seed. Every seed is derived by hashing a text (random.Random's string seeding is the same on every CPython
version and in Pyodide), so a run, a save and a review repeat exactly, and no two streams share a text.
Changing a text here changes every deal, save replay or review made from it: the golden playthroughs
(tests/engine/golden) and the saves in the tests pin them.
"""

from __future__ import annotations

import hashlib
import random


def hole_key(seed: int, hole_index: int) -> str:
    """The text one hole of a match (0-based) is dealt from. The hole keeps it as its shuffle seed, from which it
    reshuffles the discard pile into a new stock."""
    return f"sixcardgolf/{seed}/hole{hole_index}"


def hidden_hole_key(seed: int, hole_index: int) -> str:
    """The text one hole of a match with hidden deals is dealt from: a one-way hash of `hole_key`, so a finished
    hole's key, sent to the players for its review, tells nothing of the seed or of any other hole's deal."""
    digest = hashlib.sha256(hole_key(seed, hole_index).encode()).hexdigest()
    return f"sixcardgolf-hidden/{digest}"


def public_seed(seed: int) -> int:
    """The seed a hidden-deal match's record carries instead of its own (Match.record_save): a one-way hash of it,
    which the record's review and hints may derive their randomness from without learning the deals."""
    return int.from_bytes(hashlib.sha256(f"sixcardgolf-public/{seed}".encode()).digest()[:6], "big")


def hole_rng(seed: int, hole_index: int) -> tuple[random.Random, str]:
    """The deal's randomness for one hole of a match (0-based), and the text it is seeded with (hole_key)."""
    key = hole_key(seed, hole_index)
    return random.Random(key), key


def keyed_rng(key: str) -> random.Random:
    """The deal's randomness for a hole dealt from a key of its own (hidden_hole_key, a record's keys)."""
    return random.Random(key)


def redeal_rng(seed: int, log_index: int) -> random.Random:
    """The redeal that an undo writes at `log_index` of a match's action log (Match.undo)."""
    return random.Random(f"sixcardgolf/{seed}/redeal{log_index}")


def decision_seed(seed: int, log_length: int, seat: int) -> int:
    """The seed of a computer player's fresh policy for one decision of a match (the playable page makes one per
    decision, so that a saved match replays to the same moves): from the match seed, the length of the action
    log at that moment and the seat."""
    return random.Random(f"sixcardgolf-decision/{seed}/{log_length}/seat{seat}").getrandbits(48)


def hint_seed(match_seed: int, step: int, seat: int) -> int:
    """The seed of the Hint for `seat` at `step` (the length of the action log) of a match: a computer player's
    seed for that decision, so the Hint is the move Hard would make there. The review judges with the same."""
    return decision_seed(match_seed, step, seat)


def review_rng(match_seed: int, step: int) -> random.Random:
    """The deals on which the review measures what the move at `step` of a match lost (review.loss)."""
    return random.Random(f"review/{match_seed}/{step}")


def game_seed(seed: int, game: int) -> int:
    """The match seed of game `game` (0-based) of a simulated run seeded with `seed`."""
    return random.Random(f"sixcardgolf-simulate/{seed}/game{game}").getrandbits(48)


def policy_seed(seed: int, game: int, seat: int) -> int:
    """The seed of the policy playing `seat` in game `game` of a simulated run: apart from the deal and from
    other seats."""
    return random.Random(f"sixcardgolf-simulate/{seed}/game{game}/seat{seat}").getrandbits(48)
