"""Mining the puzzles: `make puzzles` (python -m sixcardgolf.puzzles.mine), minutes of one core, run with nice.

Holes are self-played by Normal players, seeded as simulate seeds its games (seeds.game_seed, decision_seed).
At each decision of the seat to move with more than one legal move (the opening's turn-ups are left out: they
are alike by design), the Hint gives its move and every other legal move's loss against it is measured with the
Review's paired playouts (review.loss.expected_loss) on SCREEN_DEALS deals; a position where each loss is clear
(puzzles.clear) is measured again on CHECK_DEALS other deals, and kept only if it is still clear. At most one
puzzle is taken from a hole, so a set is not one hole seen many times.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterator
from typing import Any

from .. import actions as A
from ..ai import make_policy
from ..hole import OPENING
from ..match import Match
from ..observation import Observation
from ..presets import load_preset
from ..review.hint import hint
from ..review.loss import Loss, expected_loss
from ..seeds import decision_seed, game_seed, hint_seed
from . import DATA, clear, family_of

SCREEN_DEALS = 32
CHECK_DEALS = 256
# (preset, players, puzzles wanted): every family of layouts, the six-card one in two flavours.
PLAN = (
    ("basic", 3, 8),
    ("jokers", 2, 6),
    ("four-card", 2, 10),
    ("eight-card", 3, 10),
    ("nine-card", 2, 10),
)
PLAYERS_LEVEL = "normal"
MAX_HOLES = 200  # per preset: mining gives up on a preset after this many holes (the data says how many it found)


def losses(observation: Observation, best: int, rng_key: str, deals: int) -> dict[int, Loss] | None:
    """Every other legal move's loss against `best`, each on its own seeded deals (so each figure repeats and does
    not depend on the others), or None at the first move that is not clearly worse (the rest is not measured)."""
    found = {}
    for action in observation.legal_actions:
        if action != best:
            loss = expected_loss(observation, action, best, random.Random(f"{rng_key}/{action}"), deals)
            if not clear(loss.points, loss.error):
                return None
            found[action] = loss
    return found


def screen_key(seed: int, step: int) -> str:
    return f"puzzle-screen/{seed}/{step}"


def check_key(seed: int, step: int) -> str:
    return f"puzzle-check/{seed}/{step}"


def positions(preset: str, players: int, seed: int) -> Iterator[tuple[int, Match]]:
    """(step, the match just before it) at each decision with a choice of the first hole of a self-played match."""
    match = Match(load_preset(preset), players, seed)
    while not match.hole.is_over():
        seat = match.current_player()
        observation = match.observation(seat)
        if observation.phase != OPENING and len(observation.legal_actions) > 1:
            yield len(match.log), match
        policy = make_policy(PLAYERS_LEVEL, decision_seed(seed, len(match.log), seat))
        match.apply_action(policy.choose(match.observation(seat)))


def judge(preset: str, players: int, seed: int, match: Match) -> dict[str, Any] | None:
    """The puzzle at the match's current decision, or None when its best move is not clearly best."""
    step = len(match.log)
    seat = match.current_player()
    observation = match.observation(seat)
    seed_of_hint = hint_seed(seed, step, seat)
    advice = hint(observation, seed_of_hint)
    screened = losses(observation, advice.action, screen_key(seed, step), SCREEN_DEALS)
    if screened is None:
        return None
    checked = losses(observation, advice.action, check_key(seed, step), CHECK_DEALS)
    if checked is None:
        return None
    runner_up = min(screened, key=lambda action: screened[action].points)
    moves = [{"action": A.format_action(advice.action), "loss": 0.0, "error": 0.0, "deals": 0}]
    moves += [
        {"action": A.format_action(action), "loss": round(loss.points, 2), "error": round(loss.error, 2),
         "deals": loss.deals}
        for action, loss in sorted(checked.items(), key=lambda item: (item[1].points, item[0]))
    ]  # fmt: skip
    return {
        "preset": preset,
        "family": family_of(preset),
        "players": players,
        "source": {"seed": seed, "actions": [A.format_action(a) for a in match.log]},
        "observation": observation.to_dict(),
        "best": A.format_action(advice.action),
        "moves": moves,
        "screen": {"action": A.format_action(runner_up), "loss": round(screened[runner_up].points, 4),
                   "error": round(screened[runner_up].error, 4), "deals": screened[runner_up].deals},
        "hint_seed": seed_of_hint,
        "reason": {"en": advice.reason_en, "ja": advice.reason_ja},
    }  # fmt: skip


def mine_preset(preset: str, players: int, wanted: int, log: Any = None) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for game in range(MAX_HOLES):
        if len(found) >= wanted:
            break
        seed = game_seed(hash_text(preset), game)
        for _, match in positions(preset, players, seed):
            puzzle = judge(preset, players, seed, match)
            if puzzle is not None:
                puzzle["id"] = f"{preset}-{len(found) + 1:02d}"
                found.append(puzzle)
                if log:
                    print(f"{puzzle['id']}: hole {game}, {puzzle['best']}", file=log, flush=True)
                break  # one puzzle a hole
    return found


def hash_text(text: str) -> int:
    """A stable number from a preset's name, the base seed of its mining (random's string seeding is stable)."""
    return random.Random(f"puzzles/{text}").getrandbits(32)


def order(puzzle: dict[str, Any]) -> dict[str, Any]:
    keys = ("id", "preset", "family", "players", "best", "moves", "reason", "observation", "screen", "hint_seed",
            "source")  # fmt: skip
    return {key: puzzle[key] for key in keys}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(DATA))
    parser.add_argument("--only", help="one preset of the plan (a quick look)")
    args = parser.parse_args(argv)
    puzzles = []
    for preset, players, wanted in PLAN:
        if args.only and preset != args.only:
            continue
        puzzles += mine_preset(preset, players, wanted, log=sys.stderr)
    data = {"note": "made by `make puzzles` (sixcardgolf.puzzles.mine); do not edit by hand",
            "puzzles": [order(p) for p in puzzles]}  # fmt: skip
    with open(args.out, "w", encoding="utf-8") as out:
        json.dump(data, out, ensure_ascii=False, indent=1)
        out.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
