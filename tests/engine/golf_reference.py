"""An independent, deliberately plain scorer written from RULES.md, for checking the engine.

It shares nothing with sixcardgolf.scoring: it reads only the option fields of
the rules value and the documented card encoding (rank * 4 + suit, joker 52,
suits S H D C). Where the seeds leave a point open it follows the decisions the
engine documents (scoring.py's docstring and engine/README.md):
  - adjustments in the order four of a kind, wolfpack, blackjack, knock,
    going-out penalty, going-out bonus, underdog, tied shame;
  - "lowest" is judged on the hole score after the first three; a tie for
    lowest counts as lowest unless tie_counts_as_lowest is off;
  - four of a kind = two cancelled groups of one rank (wolfpack: of jacks);
  - double_plus5 doubles only a positive score; a correct knock scores 0 only
    when it was above 0;
  - pairs anywhere: the pairing that leaves the owner the lowest card points,
    found by trying every pairing (brute force, not a greedy rule).
It also says when a flip follows a discard (RULES.md §3, Flip on discard, and
the README's "Endgame flip"): only after discarding a stock draw, only with a
face-down card left; `always` must flip, `optional` may flip or skip at any
time, `endgame` may once some player has one or no face-down card left.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

JOKER = 52
JOKER_RANK = 13
JACK_RANK = 10
SPADES, HEARTS = 0, 1


def rank(card: int) -> int:
    return JOKER_RANK if card == JOKER else card // 4


def value(rules, card: int) -> int:
    if card == JOKER:
        return rules.values[JOKER_RANK]
    if rules.one_eyed_jacks and card // 4 == JACK_RANK and card % 4 in (SPADES, HEARTS):
        return 0
    return rules.values[card // 4]


def cancels(rules, card_rank: int) -> bool:
    return card_rank != JOKER_RANK or rules.joker_pairs == "match"


def matched_points(rules, card_rank: int, values: Sequence[int]) -> int:
    if card_rank == JOKER_RANK and rules.joker_pair_value is not None:
        return rules.joker_pair_value
    if rules.negative_pairs_keep_value and all(v < 0 for v in values):
        return sum(values)
    return 0


def columns(rules) -> list[list[int]]:
    return _columns(rules.layout)


@cache
def _columns(layout: str) -> list[list[int]]:
    rows, cols = (int(n) for n in layout.split("x"))
    return [[r * cols + c for r in range(rows)] for c in range(cols)]


def best_pairing(rules, card_rank: int, values: tuple[int, ...]) -> int:
    """Lowest card points for cards of one rank cancelling two by two (an odd one counts)."""
    fixed = rules.joker_pair_value if card_rank == JOKER_RANK else None
    return _best(tuple(sorted(values)), fixed, rules.negative_pairs_keep_value)


@cache
def _best(remaining: tuple[int, ...], fixed: int | None, keep_negative: bool) -> int:
    """Try every way to pair `remaining` off (and, for an odd count, every card left over)."""
    if len(remaining) < 2:
        return sum(remaining)
    first, rest = remaining[0], remaining[1:]
    options = []
    if len(remaining) % 2 == 1:
        options.append(first + _best(rest, fixed, keep_negative))  # `first` is the one left over
    for i in range(len(rest)):
        if fixed is not None:
            pair = fixed
        elif keep_negative and first < 0 and rest[i] < 0:
            pair = first + rest[i]
        else:
            pair = 0
        options.append(pair + _best(rest[:i] + rest[i + 1 :], fixed, keep_negative))
    return min(options)


def card_points_and_matches(rules, layout: Sequence[int]) -> tuple[int, dict[int, int]]:
    """Card points of a layout and the number of cancelled groups per rank."""
    matches: dict[int, int] = {}
    if rules.pairs == "off":
        return sum(value(rules, c) for c in layout), matches
    if rules.pairs == "column":
        total = 0
        for column in columns(rules):
            group = [layout[p] for p in column]
            ranks = {rank(c) for c in group}
            values = [value(rules, c) for c in group]
            if len(ranks) == 1 and cancels(rules, rank(group[0])):
                total += matched_points(rules, rank(group[0]), values)
                matches[rank(group[0])] = matches.get(rank(group[0]), 0) + 1
            else:
                total += sum(values)
        return total, matches
    by_rank: dict[int, list[int]] = {}
    for card in layout:
        by_rank.setdefault(rank(card), []).append(value(rules, card))
    total = 0
    for card_rank, values in by_rank.items():
        if cancels(rules, card_rank):
            total += best_pairing(rules, card_rank, tuple(values))
            if len(values) >= 2:
                matches[card_rank] = len(values) // 2
        else:
            total += sum(values)
    return total, matches


def hole_score(rules, layout: Sequence[int]) -> int:
    """Card points with four of a kind, wolfpack and blackjack applied."""
    total, matches = card_points_and_matches(rules, layout)
    if rules.four_of_a_kind:
        total -= 20 * sum(n // 2 for n in matches.values())
    if rules.wolfpack:
        total -= 20 * (matches.get(JACK_RANK, 0) // 2)
    if rules.blackjack and total == 21:
        total = 0
    return total


def totals(
    rules, layouts: Sequence[Sequence[int]], went_out: int | None = None, knocked: int | None = None
) -> list[int]:
    """Every seat's final points for a hole."""
    hole = [hole_score(rules, layout) for layout in layouts]
    final = list(hole)
    low = min(hole)

    def lowest(seat: int) -> bool:
        if hole[seat] != low:
            return False
        return rules.tie_counts_as_lowest or hole.count(low) == 1

    if rules.knock and knocked is not None:
        own = hole[knocked]
        if not lowest(knocked):
            if rules.knock_penalty == "plus10":
                final[knocked] += 10
            elif rules.knock_penalty == "double_plus5":
                final[knocked] = (2 * own if own > 0 else own) + 5
            elif rules.knock_penalty == "worst":
                final[knocked] = max(hole)
        elif rules.knock_reward_zero and own > 0:
            final[knocked] = 0
    if went_out is not None:
        if rules.going_out_penalty and not lowest(went_out):
            final[went_out] += 10
        if rules.going_out_bonus:
            final[went_out] -= 5
    for seat in range(len(layouts)):
        if rules.underdog_bonus and lowest(seat):
            final[seat] -= 3
        if rules.tied_shame and hole.count(hole[seat]) > 1:
            final[seat] += 5
    return final


def visible(rules, layout: Sequence[int], up_mask: int) -> int:
    """The visible score: face-up cards only; a group cancels only when all of it is face up."""
    shown = [(p, c) for p, c in enumerate(layout) if up_mask >> p & 1]
    if rules.pairs == "off":
        return sum(value(rules, c) for _, c in shown)
    if rules.pairs == "anywhere":
        by_rank: dict[int, list[int]] = {}
        for _, card in shown:
            by_rank.setdefault(rank(card), []).append(value(rules, card))
        return sum(best_pairing(rules, r, tuple(v)) if cancels(rules, r) else sum(v) for r, v in by_rank.items())
    total = 0
    for column in columns(rules):
        group = [layout[p] for p in column if up_mask >> p & 1]
        values = [value(rules, c) for c in group]
        if len(group) == len(column) and len({rank(c) for c in group}) == 1 and cancels(rules, rank(group[0])):
            total += matched_points(rules, rank(group[0]), values)
        else:
            total += sum(values)
    return total


ENDGAME_FEWEST_HIDDEN = 1  # RULES.md: the endgame flip is on offer once any player has one or no face-down card


def flip_after_discard(rules, hidden: Sequence[int], seat: int, from_discard: bool) -> str:
    """After `seat` discards the card in hand: "none" (no flip phase), "must" (a face-down card must be turned
    up) or "may" (one may be turned up, or the flip skipped). `hidden`: every seat's face-down count."""
    mode = rules.flip_on_discard
    if from_discard or hidden[seat] == 0 or mode == "never":
        return "none"
    if mode == "always":
        return "must"
    if mode == "optional":
        return "may"
    if mode == "endgame":
        return "may" if min(hidden) <= ENDGAME_FEWEST_HIDDEN else "none"
    raise AssertionError(f"the reference does not know flip_on_discard={mode!r}")
