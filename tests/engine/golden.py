"""Golden playthroughs: whole holes written out step by step, so that any change of behaviour shows as a diff.

Each case deals the first hole of a match (through Match, from the match seed) and plays it with uniformly
random legal actions from its own seeded chooser. The text shows, before every action, everything the state
holds: each layout (face-up cards plain, face-down cards in parentheses, a peeked face-down card in
brackets), the visible scores, the piles, the card in hand, the legal actions and the action taken; then the
end of the hole with every seat's score breakdown, and the match's save.

test_engine_golden.py replays the actions written in each file and compares the text it makes with the file.
After a change of behaviour that is meant, write the files again and review the diff:

    .venv/bin/python tests/engine/golden.py
"""

from __future__ import annotations

import json
import random
import sys
from dataclasses import dataclass
from pathlib import Path

from sixcardgolf import Match, format_action, format_card, load_preset, parse_action
from sixcardgolf.hole import NO_CARD, NO_SEAT, PHASE_NAMES, HoleState
from sixcardgolf.scoring import PlayerScore

GOLDEN = Path(__file__).resolve().parent / "golden"


@dataclass(frozen=True)
class Case:
    name: str
    preset: str
    players: int
    seed: int  # the match seed (the deal) and the chooser's seed


CASES = (
    Case("basic-2p", "basic", 2, 7),
    Case("nine-card-3p", "nine-card", 3, 11),
    Case("house-party-4p", "house-party", 4, 5),
    Case("four-card-2p", "four-card", 2, 3),
)


def play(case: Case, actions: list[int] | None = None) -> str:
    """The playthrough of `case`: with `actions` replayed if given, else chosen at random from its seed."""
    match = Match(load_preset(case.preset), case.players, case.seed)
    chooser = random.Random(f"golden/{case.seed}")
    hole = match.hole
    lines = [
        f"# Golden playthrough {case.name}: preset {case.preset}, {case.players} players, match seed {case.seed},",
        "# first hole, random legal actions. Regenerate with .venv/bin/python tests/engine/golden.py",
        f"rules: {json.dumps(hole.rules.to_dict(), ensure_ascii=False)}",
        f"dealer: player {hole.dealer + 1}",
    ]
    step = 0
    while not hole.is_over():
        legal = hole.legal_actions()
        action = chooser.choice(legal) if actions is None else actions[step]
        lines += describe(hole, step)
        lines.append(f"  legal: {', '.join(format_action(a) for a in legal)}")
        lines.append(f"  > {format_action(action)}")
        match.apply_action(action)
        step += 1
    lines.append(f"end: {hole.end_reason} after {hole.turns} turns{ending_seats(hole)}")
    lines += [f"  player {seat + 1}: {score_text(hole, seat, score)}" for seat, score in enumerate(hole.scores())]
    lines.append(f"points: {', '.join(str(p) for p in hole.returns())}")
    lines.append(f"save: {match.dumps()}")
    return "\n".join(lines) + "\n"


def describe(hole: HoleState, step: int) -> list[str]:
    final = f" · final turns left {hole.final_left}" if hole.final_left >= 0 else ""
    header = f"step {step} · player {hole.seat + 1} · {PHASE_NAMES[hole.phase]} · turn {hole.turns + 1}{final}"
    lines = [header]
    for seat in range(hole.players):
        lines.append(f"  player {seat + 1}: {layout_text(hole, seat)} · visible {hole.visible_score(seat)}")
    top = format_card(hole.stock[-1]) if hole.stock else "-"
    discard = " ".join(format_card(c) for c in hole.discard) or "-"
    lines.append(f"  stock {len(hole.stock)} (top {top}) · discard {discard}")
    if hole.held != NO_CARD:
        source = "discard pile" if hole.held_from_discard else "stock"
        lines.append(f"  holding {format_card(hole.held)} from the {source}")
    return lines


def layout_text(hole: HoleState, seat: int) -> str:
    cols = hole.rules.cols
    words = []
    for position, card in enumerate(hole.layouts[seat]):
        text = format_card(card)
        if not hole.up[seat] >> position & 1:
            text = f"[{text}]" if hole.peeked[seat] >> position & 1 else f"({text})"
        words.append(text)
    return " / ".join(" ".join(words[start : start + cols]) for start in range(0, len(words), cols))


def ending_seats(hole: HoleState) -> str:
    parts = []
    if hole.went_out != NO_SEAT:
        parts.append(f"player {hole.went_out + 1} went out")
    if hole.knocker != NO_SEAT:
        parts.append(f"player {hole.knocker + 1} knocked")
    return f" ({', '.join(parts)})" if parts else ""


def score_text(hole: HoleState, seat: int, score: PlayerScore) -> str:
    groups = ", ".join(
        f"{' '.join(format_card(c) for c in group.cards)} = {group.points}{' (cancelled)' if group.cancelled else ''}"
        for group in score.groups
    )
    adjustments = ", ".join(f"{a.key} {a.points:+d}" for a in score.adjustments) or "none"
    return f"{layout_text(hole, seat)} · groups {groups} · card points {score.card_points} · adjustments {adjustments} · total {score.total}"


def recorded_actions(text: str) -> list[int]:
    """The actions a golden file records, in order."""
    return [parse_action(line.strip()[2:]) for line in text.splitlines() if line.startswith("  > ")]


def write_all() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for case in CASES:
        path = GOLDEN / f"{case.name}.txt"
        path.write_text(play(case), encoding="utf-8")
        print(f"wrote {path}")


if __name__ == "__main__":
    write_all()
    sys.exit(0)
