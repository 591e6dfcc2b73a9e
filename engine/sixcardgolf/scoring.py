"""Scoring a hole: matched groups, then the adjustments in one documented order.

Order of play for one hole (ADJUSTMENT_ORDER):
  card points  every column (or, with pairs=anywhere, every pair and single card)
  1. four_of_a_kind   two matched groups of one rank            (layout)
  2. wolfpack         two matched groups of jacks, stacks with 1 (layout)
  3. blackjack        a layout score of exactly 21 becomes 0     (layout)
     -> the "hole score" every "lowest" below is judged on
  4. knock            penalty for a knocker who is not lowest, or the zero reward
  5. going_out_penalty  the player who went out is not lowest
  6. going_out_bonus    the player who went out
  7. underdog_bonus     every player with the lowest hole score
  8. tied_shame         every player whose hole score equals another player's
A tie for lowest counts as lowest unless tie_counts_as_lowest is false.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .cards import JACK_RANK, JOKER_RANK, RANK_BY_CODE, format_card
from .errors import UsageError
from .messages import both, say
from .options import AMOUNTS
from .rules import Rules

# The order the adjustments apply in (their fixed amounts are options.AMOUNTS, which the rule text reads too).
ADJUSTMENT_ORDER: tuple[str, ...] = (
    "four_of_a_kind",
    "wolfpack",
    "blackjack",
    "knock_penalty",
    "knock_reward_zero",
    "going_out_penalty",
    "going_out_bonus",
    "underdog_bonus",
    "tied_shame",
)

# A group as a plain tuple on the hot path: (positions, points, cancelled, rank).
GroupTuple = tuple[tuple[int, ...], int, bool, int]


@dataclass(frozen=True)
class Group:
    """One scored unit: a column, or with pairs=anywhere a matched pair or a single card."""

    positions: tuple[int, ...]
    cards: tuple[int, ...]
    points: int
    cancelled: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "positions": [p + 1 for p in self.positions],
            "cards": [format_card(c) for c in self.cards],
            "points": self.points,
            "cancelled": self.cancelled,
        }


@dataclass(frozen=True)
class Adjustment:
    key: str
    points: int

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "points": self.points}


@dataclass(frozen=True)
class PlayerScore:
    groups: tuple[Group, ...]
    card_points: int
    adjustments: tuple[Adjustment, ...]
    total: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "groups": [g.to_dict() for g in self.groups],
            "card_points": self.card_points,
            "adjustments": [a.to_dict() for a in self.adjustments],
            "total": self.total,
        }


def _matched_value(rules: Rules, points: list[int], rank: int) -> int:
    """Points of a matched (cancelling) group of one rank."""
    if rank == JOKER_RANK and rules.joker_pair_value is not None:
        return rules.joker_pair_value
    if rules.negative_pairs_keep_value and all(p < 0 for p in points):
        return sum(points)
    return 0


def _can_match(rules: Rules, rank: int) -> bool:
    return rank != JOKER_RANK or rules.joker_pairs == "match"


def group_tuples(rules: Rules, cards: Sequence[int]) -> list[GroupTuple]:
    """The scored groups of a full layout."""
    if rules.pairs == "anywhere":
        return _anywhere_groups(rules, [(p, c) for p, c in enumerate(cards)])
    groups: list[GroupTuple] = []
    for column in rules.columns:
        points, matched, rank = _score_column(rules, cards, column)
        groups.append((column, points, matched, rank))
    return groups


def _score_column(rules: Rules, cards: Sequence[int], column: tuple[int, ...]) -> tuple[int, bool, int]:
    """(points, matched, rank of the top card) of one column, with pairs by column or no pairs."""
    value = rules.card_points
    rank = RANK_BY_CODE[cards[column[0]]]
    if len(column) == 2:  # two rows, the usual shape: written out, it is the hot path of every score
        top, bottom = cards[column[0]], cards[column[1]]
        points = value[top] + value[bottom]
        same = RANK_BY_CODE[bottom] == rank
    else:
        points = 0
        same = True
        for position in column:
            card = cards[position]
            points += value[card]
            if RANK_BY_CODE[card] != rank:
                same = False
    if same and rules.pairs == "column" and _can_match(rules, rank):
        return _matched_value(rules, [value[cards[p]] for p in column], rank), True, rank
    return points, False, rank


def _anywhere_groups(rules: Rules, placed: list[tuple[int, int]]) -> list[GroupTuple]:
    """Equal ranks cancel two by two wherever they sit; an odd card out still counts."""
    value = rules.card_points
    by_rank: dict[int, list[tuple[int, int]]] = {}
    for position, card in placed:
        by_rank.setdefault(RANK_BY_CODE[card], []).append((position, card))
    groups: list[GroupTuple] = []
    for rank, members in by_rank.items():
        if not _can_match(rules, rank):
            groups.extend(((p,), value[c], False, rank) for p, c in members)
            continue
        # Pair neighbours in falling value: negatives pair with negatives, which is best for an even
        # count. With an odd count the card left over is the one that leaves the lowest total; it is
        # not always the cheapest (one-eyed jacks at 0 among negative jacks whose pairs keep value).
        members.sort(key=lambda pc: (-value[pc[1]], pc[0]))
        if len(members) % 2:
            # Among equal costs keep the last (the cheapest card, highest position).
            spare = min(reversed(range(len(members))), key=lambda i: _leftover_cost(rules, members, i, rank))
            members.append(members.pop(spare))
        while len(members) >= 2:
            (p1, c1), (p2, c2) = members.pop(0), members.pop(0)
            pair_points = _matched_value(rules, [value[c1], value[c2]], rank)
            groups.append((tuple(sorted((p1, p2))), pair_points, True, rank))
        groups.extend(((p,), value[c], False, rank) for p, c in members)
    groups.sort(key=lambda g: g[0][0])
    return groups


def _leftover_cost(rules: Rules, members: list[tuple[int, int]], spare: int, rank: int) -> int:
    """Points of one rank's cards when card `spare` is left over and the rest pair off in order."""
    value = rules.card_points
    rest = [value[c] for i, (_, c) in enumerate(members) if i != spare]
    pairs = sum(_matched_value(rules, rest[i : i + 2], rank) for i in range(0, len(rest), 2))
    return pairs + value[members[spare][1]]


def layout_adjustments(rules: Rules, groups: list[GroupTuple]) -> list[tuple[str, int]]:
    """Adjustments 1-3, which depend on one layout alone."""
    adjustments: list[tuple[str, int]] = []
    points = sum(g[1] for g in groups)
    if rules.four_of_a_kind or rules.wolfpack:
        matched_by_rank: dict[int, int] = {}
        for _, _, cancelled, rank in groups:
            if cancelled:
                matched_by_rank[rank] = matched_by_rank.get(rank, 0) + 1
        if rules.four_of_a_kind:
            sets = sum(count // 2 for count in matched_by_rank.values())
            if sets:
                adjustments.append(("four_of_a_kind", AMOUNTS["four_of_a_kind"] * sets))
        if rules.wolfpack and matched_by_rank.get(JACK_RANK, 0) >= 2:
            adjustments.append(("wolfpack", AMOUNTS["wolfpack"] * (matched_by_rank[JACK_RANK] // 2)))
    points += sum(a[1] for a in adjustments)
    if rules.blackjack and points == AMOUNTS["blackjack_score"]:
        adjustments.append(("blackjack", -points))
    return adjustments


def hole_points(rules: Rules, cards: Sequence[int]) -> int:
    """A layout's hole score (card points and adjustments 1-3), without a breakdown."""
    if rules.pairs == "anywhere" or rules.four_of_a_kind or rules.wolfpack or rules.blackjack:
        groups = group_tuples(rules, cards)
        return sum(g[1] for g in groups) + sum(a[1] for a in layout_adjustments(rules, groups))
    total = 0  # columns alone: the points add up, no group needs to be kept
    if rules.rows == 2:  # the usual shape, written out: every playout scores each layout so
        value = rules.card_points
        for top_position, bottom_position in rules.columns:
            top, bottom = cards[top_position], cards[bottom_position]
            rank = RANK_BY_CODE[top]
            if RANK_BY_CODE[bottom] == rank and rules.pairs == "column" and _can_match(rules, rank):
                total += _matched_value(rules, [value[top], value[bottom]], rank)
            else:
                total += value[top] + value[bottom]
        return total
    for column in rules.columns:
        total += _score_column(rules, cards, column)[0]
    return total


def visible_points(rules: Rules, cards: Sequence[int | None]) -> int:
    """The visible score: face-up cards (None = face down), and only groups wholly face up cancel.

    It is not a forecast: hidden cards count nothing and adjustments are left out.
    """
    value = rules.card_points
    if rules.pairs == "anywhere":
        placed = [(p, c) for p, c in enumerate(cards) if c is not None]
        return sum(g[1] for g in _anywhere_groups(rules, placed))
    total = 0
    for column in rules.columns:
        column_cards = [cards[p] for p in column]
        if None in column_cards:
            total += sum(value[c] for c in column_cards if c is not None)
        else:
            full = [c for c in column_cards if c is not None]
            total += _column_points(rules, full)
    return total


def _column_points(rules: Rules, column_cards: list[int]) -> int:
    value = rules.card_points
    ranks = {RANK_BY_CODE[c] for c in column_cards}
    points = [value[c] for c in column_cards]
    if rules.pairs == "column" and len(ranks) == 1:
        rank = ranks.pop()
        if _can_match(rules, rank):
            return _matched_value(rules, points, rank)
    return sum(points)


def _is_lowest(scores: Sequence[int], seat: int, tie_counts: bool) -> bool:
    lowest = min(scores)
    return scores[seat] == lowest and (tie_counts or scores.count(lowest) == 1)


def compares_players(rules: Rules) -> bool:
    """Do these rules have any adjustment that compares players (4-8)? Without one, table_adjustments is empty."""
    return rules.knock or rules.going_out_penalty or rules.going_out_bonus or rules.underdog_bonus or rules.tied_shame


def table_adjustments(
    rules: Rules, hole_scores: Sequence[int], went_out: int | None, knocked: int | None
) -> list[list[tuple[str, int]]]:
    """Adjustments 4-8 for every seat, judged on the hole scores (after 1-3)."""
    seats = range(len(hole_scores))
    result: list[list[tuple[str, int]]] = [[] for _ in seats]
    tie_counts = rules.tie_counts_as_lowest
    if knocked is not None and rules.knock:
        own = hole_scores[knocked]
        if not _is_lowest(hole_scores, knocked, tie_counts):
            penalty = {
                "none": 0,
                "plus10": AMOUNTS["knock_plus10"],
                "double_plus5": max(own, 0) + AMOUNTS["knock_double_plus5"],
                "worst": max(hole_scores) - own,
            }[rules.knock_penalty]
            if penalty:
                result[knocked].append(("knock_penalty", penalty))
        elif rules.knock_reward_zero and own > 0:
            result[knocked].append(("knock_reward_zero", -own))
    if went_out is not None:
        if rules.going_out_penalty and not _is_lowest(hole_scores, went_out, tie_counts):
            result[went_out].append(("going_out_penalty", AMOUNTS["going_out_penalty"]))
        if rules.going_out_bonus:
            result[went_out].append(("going_out_bonus", AMOUNTS["going_out_bonus"]))
    if rules.underdog_bonus:
        for seat in seats:
            if _is_lowest(hole_scores, seat, tie_counts):
                result[seat].append(("underdog_bonus", AMOUNTS["underdog_bonus"]))
    if rules.tied_shame:
        for seat in seats:
            if list(hole_scores).count(hole_scores[seat]) > 1:
                result[seat].append(("tied_shame", AMOUNTS["tied_shame"]))
    return result


def hole_totals(rules: Rules, layouts: Sequence[Sequence[int]], went_out: int | None, knocked: int | None) -> list[int]:
    """Every seat's final points for a hole, without a breakdown (the simulation's path)."""
    scores = [hole_points(rules, cards) for cards in layouts]
    if not compares_players(rules):  # nothing to add: no empty adjustment lists built and summed
        return scores
    extra = table_adjustments(rules, scores, went_out, knocked)
    return [score + sum(points for _, points in adj) for score, adj in zip(scores, extra, strict=True)]


def score_layout(rules: Rules, cards: Sequence[int]) -> PlayerScore:
    """One layout alone: card points and adjustments 1-3 (nothing that compares players)."""
    return _score(rules, [cards], None, None, compare_players=False)[0]


def score_table(
    rules: Rules, layouts: Sequence[Sequence[int]], went_out: int | None = None, knocked: int | None = None
) -> list[PlayerScore]:
    """Every layout of a hole with its full breakdown. Seats are 0-based here."""
    return _score(rules, layouts, went_out, knocked, compare_players=True)


def _score(
    rules: Rules,
    layouts: Sequence[Sequence[int]],
    went_out: int | None,
    knocked: int | None,
    compare_players: bool,
) -> list[PlayerScore]:
    if len(layouts) == 0:
        return []
    for seat, cards in enumerate(layouts):
        if len(cards) != rules.size:
            raise UsageError(
                *both(
                    "error.table.layout_size",
                    seat=seat + 1,
                    count=len(cards),
                    size=rules.size,
                    rows=rules.rows,
                    cols=rules.cols,
                    layout_code=rules.layout,
                )
            )
    for role, seat_or_none in (("went_out", went_out), ("knocked", knocked)):
        if seat_or_none is not None and not 0 <= seat_or_none < len(layouts):
            raise UsageError(
                *both(
                    "error.table.no_such_seat",
                    seat=seat_or_none + 1,
                    players=len(layouts),
                    role=say(f"error.table.{role}"),
                    role_code=role.replace("_", "-"),
                )
            )
    all_groups = [group_tuples(rules, cards) for cards in layouts]
    own_adjustments = [layout_adjustments(rules, groups) for groups in all_groups]
    hole_scores = [
        sum(g[1] for g in groups) + sum(a[1] for a in adj)
        for groups, adj in zip(all_groups, own_adjustments, strict=True)
    ]
    no_comparison: list[list[tuple[str, int]]] = [[] for _ in layouts]
    table = table_adjustments(rules, hole_scores, went_out, knocked) if compare_players else no_comparison
    results = []
    for cards, groups, own, extra in zip(layouts, all_groups, own_adjustments, table, strict=True):
        adjustments = tuple(Adjustment(key, points) for key, points in own + extra)
        card_points = sum(g[1] for g in groups)
        results.append(
            PlayerScore(
                groups=tuple(Group(g[0], tuple(cards[p] for p in g[0]), g[1], g[2]) for g in groups),
                card_points=card_points,
                adjustments=adjustments,
                total=card_points + sum(a.points for a in adjustments),
            )
        )
    return results
