"""One computation run twice, on CPython and inside Pyodide: the outputs must be identical.

Scores several layouts under several rules, plays seeded holes with a fixed
random action sequence, round-trips a match save and simulates matches. `main()` returns JSON
text; `environment()` says where it ran (kept out of the comparison).
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

import sixcardgolf
from sixcardgolf import HoleState, Match, format_action, load_preset, observe, parse_layout, score_table
from sixcardgolf.ai import make_policy
from sixcardgolf.simulate import play_match, simulate

LAYOUT_CASES: list[tuple[str, dict[str, object], list[str], int | None, int | None]] = [
    ("basic", {}, ["8H KS 2D / 8C AS 5H", "QH QS 3D / 4C 9S 7H"], None, None),
    ("jokers", {"negative_pairs_keep_value": True}, ["JK 2H KS / JK 2C 6C", "10H 5C 3D / AS 2D 4H"], None, None),
    ("house-party", {}, ["JH JC 3D / JS JD 5H", "10H 5C 3D / AS 2D 4H", "8H 8C 3D / 8S 8D 5H"], 1, None),
    ("four-card", {"knock_penalty": "double_plus5"}, ["8H KS / 8C AS", "QH QS / 3D 4C"], None, 1),
    ("nine-card", {"pairs": "anywhere", "one_eyed_jacks": True}, ["8H KS KD / 8C KC AS / 8S JH 4D",
                                                                  "2H 2S 2D / QC QD 3S / 4S 5S 6S"], None, None),
    ("eight-card", {}, ["JK 3S 4D 5H / JK 5C 6C 7D", "AH AS 2D 2C / 3H 3S 9D 9C"], 0, None),
]  # fmt: skip

HOLE_PRESETS = ["basic", "speed", "four-card", "nine-card", "house-party", "immediate"]


def scores() -> list[dict[str, Any]]:
    out = []
    for preset, options, layouts, went_out, knocked in LAYOUT_CASES:
        rules = load_preset(preset).with_options(options)
        cards = [parse_layout(text, rules.rows, rules.cols) for text in layouts]
        out.append({"preset": preset, "scores": [s.to_dict() for s in score_table(rules, cards, went_out, knocked)]})
    return out


def seeded_holes() -> list[dict[str, Any]]:
    out = []
    for preset in HOLE_PRESETS:
        for seed in (1, 2):
            rules = load_preset(preset)
            state = HoleState.deal(rules, 3, seed % 3, random.Random(seed), f"pyodide/{preset}/{seed}")
            chooser = random.Random(f"actions/{preset}/{seed}")
            actions = []
            while not state.is_over():
                action = chooser.choice(state.legal_actions())
                actions.append(format_action(action))
                state.apply_action(action)
            out.append({"preset": preset, "seed": seed, "actions": actions, "final": state.debug_dict(),
                        "returns": state.returns(), "scores": [s.to_dict() for s in state.scores()]})  # fmt: skip
    return out


def match_round_trip() -> dict[str, Any]:
    match = Match(load_preset("basic").with_options({"holes": 2}), 2, seed=2026)
    chooser = random.Random("match")
    while not match.is_over():
        if match.hole.is_over():
            match.next_hole()
        else:
            match.apply_action(chooser.choice(match.legal_actions()))
    save = match.dumps()
    restored = Match.from_save(save)
    return {"save": json.loads(save), "records": [list(r.points) for r in restored.records],
            "totals": restored.totals(), "winners": list(restored.outcome().winners)}  # type: ignore[union-attr]  # fmt: skip


def kept_observations() -> list[dict[str, Any]]:
    """Observations kept while their hole moves on (in a list, under a name) and read only at its end: each is
    a value of its own moment, on Python 3.14 as on 3.11."""
    state = HoleState.deal(load_preset("basic"), 3, 0, random.Random(9), "pyodide/kept")
    chooser = random.Random("kept")
    kept = []
    named = observe(state, 0)
    while not state.is_over():
        kept.append(observe(state, state.seat))
        kept.append(observe(state, (state.seat + 1) % 3))
        state.apply_action(chooser.choice(state.legal_actions()))
    return [named.to_dict()] + [observation.to_dict() for observation in kept]


def simulated_matches() -> list[dict[str, Any]]:
    """Random players through `simulate`: each decision's view is the hole's dropped one aimed again (told by
    reference counts, as above), and the random player draws its index from getrandbits as Random.choice does."""
    out = []
    for preset in ("basic", "house-party"):
        result = simulate(load_preset(preset).with_options({"holes": 2}), 3, 2, 7, ["random"]).to_dict()
        del result["seconds"], result["holes_per_second"]
        match = play_match(load_preset(preset).with_options({"holes": 1}), 2, 5, [make_policy("random", 1)] * 2)
        out.append({"preset": preset, "simulate": result, "save": json.loads(match.dumps())})
    return out


def main() -> str:
    return json.dumps(
        {"scores": scores(), "holes": seeded_holes(), "match": match_round_trip(), "kept": kept_observations(),
         "simulated": simulated_matches()},
        sort_keys=True,
    )  # fmt: skip


def environment() -> str:
    return json.dumps({"python": list(sys.version_info[:2]), "platform": sys.platform, "engine": sixcardgolf.__file__})


if __name__ == "__main__":
    print(main())
