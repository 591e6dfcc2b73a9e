"""Expected points of a layout some of whose cards are unknown to the seat that looks at it.

An unknown card is modelled as a draw from the cards that seat has not seen
(the "unseen pool"). Fully known columns and layouts are scored by the engine's
own scoring functions, so pair rules, joker rules, negative pairs and the
layout adjustments (four of a kind, wolfpack, blackjack) of any rules value are
respected without restating them here.

Two measures per layout:
  estimate  expected points if the hole ended now with the unknown cards as they lie
  value     estimate less the improvement the owner can still expect if the hole goes on
            (`foresight` times the points above a good card's worth in unsettled positions)

Speed matters (the Hard level prices hundreds of thousands of moves per
decision), so cards are grouped into classes that every rule treats alike (one
rank, one value), and with column pairs and no layout adjustments a column's
measures are looked up in flat tables indexed by its classes.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from operator import mul

from ..cards import CARD_CODES, UNKNOWN, rank_of
from ..errors import UsageError
from ..messages import both
from ..rules import Rules
from ..scoring import GroupTuple, group_tuples, hole_points, layout_adjustments

CACHED_RULES = 64  # rules values whose tables are kept (a long-lived process meets few)


class CardClasses:
    """The cards of one rules value in classes that every rule treats alike (one rank, one value; one-eyed jacks
    split the jacks), and the column scores that do not depend on which cards are unseen: made once per rules
    value and shared by every Estimator of it."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        points = rules.card_points
        by_key: dict[tuple[int, int], int] = {}
        self.class_of = [0] * (CARD_CODES + 1)
        self.example: list[int] = []  # a card of each class; the unknown class (UNKNOWN) last
        for card in range(CARD_CODES):
            key = (rank_of(card), points[card])
            if key not in by_key:
                by_key[key] = len(self.example)
                self.example.append(card)
            self.class_of[card] = by_key[key]
        self.unknown = len(self.example)
        self.class_of[CARD_CODES] = self.unknown  # class_of[UNKNOWN] is the last entry
        self.example.append(UNKNOWN)
        self.groups: dict[tuple[int, ...], GroupTuple] = {}  # column groups by the cards of the column
        self.column_of = [0] * rules.size
        for index, column in enumerate(rules.columns):
            for position in column:
                self.column_of[position] = index
        # Each place with the other places of its column.
        self.slots = [
            (position, tuple(p for p in column if p != position)) for column in rules.columns for position in column
        ]
        self._known_rows: dict[tuple[int, ...], tuple[list[int], list[bool]]] = {}
        self._shoe_counts: dict[int, list[int]] = {}

    def shoe_counts(self, players: int) -> list[int]:
        """How many copies of each card code the shoe for `players` holds (the list is shared: copy it)."""
        found = self._shoe_counts.get(players)
        if found is None:
            found = self._shoe_counts[players] = [0] * CARD_CODES
            for card in self.rules.shoe_for(players):
                found[card] += 1
        return found

    def known_row(self, partners: tuple[int, ...]) -> tuple[list[int], list[bool]]:
        """For a column whose other cards are of the (known) classes `partners`: its points and whether it is
        matched, with a card of each known class in the remaining place."""
        found = self._known_rows.get(partners)
        if found is None:
            cards = tuple(self.example[k] for k in partners)
            groups = [column_group(self.rules, (*cards, self.example[k]), self.groups) for k in range(self.unknown)]
            found = self._known_rows[partners] = ([g[1] for g in groups], [g[2] for g in groups])
        return found


_CLASSES: dict[Rules, CardClasses] = {}


def card_classes(rules: Rules) -> CardClasses:
    """The classes and column tables of one rules value (kept small in a long-lived process)."""
    found = _CLASSES.get(rules)
    if found is None:
        if len(_CLASSES) > CACHED_RULES:
            _CLASSES.clear()
        found = _CLASSES[rules] = CardClasses(rules)
    return found


def column_groups(rules: Rules) -> dict[tuple[int, ...], GroupTuple]:
    """The cache of column groups for one rules value."""
    return card_classes(rules).groups


def column_group(
    rules: Rules, cards: tuple[int, ...], cache: dict[tuple[int, ...], GroupTuple] | None = None
) -> GroupTuple:
    """The engine's group (positions, points, matched, rank) for one column holding `cards` (top to bottom)."""
    if cache is None:
        cache = column_groups(rules)
    found = cache.get(cards)
    if found is None:
        layout = [0] * rules.size
        for position, card in zip(rules.columns[0], cards, strict=True):
            layout[position] = card
        found = cache[cards] = group_tuples(rules, layout)[0]
    return found


def _quantile(values: list[tuple[int, int]], index: int) -> int:
    """The value at `index` (0-based) of the sorted multiset given as sorted (value, count) pairs."""
    for value, count in values:
        if index < count:
            return value
        index -= count
    raise UsageError(*both("error.ai.past_end", index=index))


def shoe_counts(rules: Rules, players: int) -> list[int]:
    """How many copies of each card code the shoe for `players` holds."""
    return card_classes(rules).shoe_counts(players)[:]


def unseen_counts(rules: Rules, players: int, seen: Sequence[int]) -> list[int]:
    """How many copies of each card code are still unseen: the shoe minus every card in `seen`."""
    counts = shoe_counts(rules, players)
    for card in seen:
        counts[card] -= 1
        if counts[card] < 0:
            raise UsageError(*both("error.ai.seen_too_often", card=card))
    return counts


class Estimator:
    """Estimates and values of partly known layouts for one view of the unseen cards (counts per card code)."""

    def __init__(self, rules: Rules, counts: Sequence[int], foresight: float) -> None:
        self.rules = rules
        self.counts = list(counts)
        self.total = sum(counts)
        self.foresight = foresight
        self.size = rules.size
        self.tables = card_classes(rules)
        self.groups = self.tables.groups
        points = rules.card_points
        # Classes: one rank and one value (see CardClasses); class `unknown` is an unknown card.
        self.class_of = self.tables.class_of
        self.example = self.tables.example
        self.unknown = self.tables.unknown
        class_counts = [0] * self.unknown
        for card, count in enumerate(counts):
            if count:
                class_counts[self.class_of[card]] += count
        self.counted = [(k, n) for k, n in enumerate(class_counts) if n]  # (class, count) of the unseen classes
        self.classes = [(self.example[k], n) for k, n in self.counted]  # (example card, count)
        self.class_counts = [*class_counts, 0]  # by class, the unknown class last
        self.distinct = [(card, count) for card, count in enumerate(counts) if count]
        weighted = self.classes or [(self.example[k], 1) for k in range(self.unknown)]
        weight = sum(count for _, count in weighted)
        self.mean = sum(points[card] * count for card, count in weighted) / weight
        self.spread = (sum(count * (points[card] - self.mean) ** 2 for card, count in weighted) / weight) ** 0.5
        # A "good card": the value that a quarter of the unseen cards reach or beat.
        self.good = _quantile(sorted((points[card], count) for card, count in weighted), weight // 4)
        # Per class, the points above a good card's worth its owner may still replace (see _column_excess).
        self._excess = [max(0.0, points[card] - self.good) for card in self.example[: self.unknown]]
        self._excess.append(max(0.0, self.mean - self.good))
        self.column_mode = rules.pairs != "anywhere"
        self.fast = self.column_mode  # columns score apart: the row tables apply
        self.layout_rules = rules.four_of_a_kind or rules.wolfpack or rules.blackjack
        self.columns = rules.columns
        self.column_of = self.tables.column_of
        # Rows of column values: for the classes of a slot's partners in its column (sorted), the column's
        # value with each class in that slot. A swap's gain is then two list lookups.
        # A slot's partners are keyed by one int: the partner's class (two rows), or low * width + high (three).
        self.width = self.unknown + 1
        self._rows: list[list[float] | None] = [None] * self.width ** (rules.rows - 1)
        self.slots = self.tables.slots
        self.two_rows = rules.rows == 2
        self._estimates: dict[tuple[int, ...], float] = {}
        self._draw_gains: dict[tuple[int, ...], float] = {}
        self._layout_estimates: dict[tuple[int, ...], float] = {}
        self._take_gains: dict[tuple[int, ...], dict[int, float]] = {}  # by layout, then by the card's class
        self._anywhere: dict[tuple[int, ...], tuple[float, float, int]] = {}
        self._plain: Estimator | None = None  # plain() resets the tables above that depend on foresight

    def plain(self) -> Estimator:
        """The same pool without foresight: gains in plain expected points (for the last turns of a hole)."""
        if self.foresight == 0:
            return self
        if self._plain is None:
            # The same pool: everything counted from it is shared, the estimates too (they do not depend on
            # foresight); every table that does depend on it starts empty.
            plain = self._plain = copy.copy(self)
            plain.foresight = 0.0
            plain._rows = [None] * len(self._rows)
            plain._draw_gains = {}
            plain._take_gains = {}
            plain._anywhere = {}
        return self._plain

    # -- columns ---------------------------------------------------------------
    def column_estimate(self, cards: tuple[int, ...]) -> float:
        """Expected points of one column (UNKNOWN for cards not known)."""
        if UNKNOWN not in cards:
            return column_group(self.rules, cards, self.groups)[1]
        key = tuple(sorted(self.example[self.class_of[c]] for c in cards))
        found = self._estimates.get(key)
        if found is None:
            found = self._estimates[key] = self._expect_column(key)
        return found

    def _expect_column(self, cards: tuple[int, ...]) -> float:
        unknown = cards.count(UNKNOWN)
        known = cards[unknown:]  # sorted, so the UNKNOWN entries come first
        points = self.rules.card_points
        if unknown == 1 and self.total:
            row = self.tables.known_row(tuple([self.class_of[c] for c in known]))[0]
            expected: int = sum(map(mul, self.class_counts, row))  # whole numbers: exact in any order
            return expected / self.total
        if unknown == 2 and not known and self.total >= 2:
            total = 0.0
            for first, first_count in self.counted:
                row = self.tables.known_row((first,))[0]
                for second, second_count in self.counted:
                    pairs = first_count * (second_count - (first == second))
                    if pairs:
                        total += pairs * row[second]
            return total / (self.total * (self.total - 1))
        return sum(points[c] for c in known) + unknown * self.mean

    def column_value(self, cards: tuple[int, ...]) -> float:
        return self.column_estimate(cards) - self.foresight * self._column_excess(cards)

    def _column_excess(self, cards: tuple[int, ...]) -> float:
        """Points above a good card's worth that the owner may still replace (a settled pair has none)."""
        if UNKNOWN not in cards and column_group(self.rules, cards, self.groups)[2]:
            return 0.0
        points = self.rules.card_points
        good = self.good
        return sum(max(0.0, (self.mean if c == UNKNOWN else points[c]) - good) for c in cards)

    def row(self, key: int) -> list[float]:
        """Column values with each class in one slot, for the partners' classes encoded in `key`."""
        found = self._rows[key]
        if found is None:
            found = self._rows[key] = self._column_values(key)
        return found

    def _column_values(self, key: int) -> list[float]:
        """column_value of the column with the partners encoded in `key` and a card of each class in the slot,
        computed as column_value does, term by term, but from tables rather than card by card."""
        others = (key,) if self.two_rows else divmod(key, self.width)
        partners = tuple(self.example[k] for k in others)
        excess = self._excess
        partners_excess = 0.0
        for k in others:
            partners_excess += excess[k]
        foresight = self.foresight
        values = []
        if self.unknown not in others:  # known columns: their points from the rules' table
            points, matched = self.tables.known_row(others)
            values = [
                points[k] - foresight * (0.0 if matched[k] else partners_excess + excess[k])
                for k in range(self.unknown)
            ]
        estimates = self._estimates
        for k in range(len(values), self.unknown + 1):  # a column with an unknown card: its expected points
            column = tuple(sorted((*partners, self.example[k])))
            estimate = estimates.get(column)
            if estimate is None:
                estimate = estimates[column] = self._expect_column(column)
            values.append(estimate - foresight * (partners_excess + excess[k]))
        return values

    def partner_key(self, classes: Sequence[int], partners: tuple[int, ...]) -> int:
        if self.two_rows:
            return classes[partners[0]]
        first, second = classes[partners[0]], classes[partners[1]]
        return first * self.width + second if first <= second else second * self.width + first

    # -- layouts ---------------------------------------------------------------
    def layout_estimate(self, cards: Sequence[int]) -> float:
        """Expected points of a layout (UNKNOWN for cards not known), layout adjustments included (cached: the
        playouts price the same layouts over and over)."""
        key = tuple(cards)
        found = self._layout_estimates.get(key)
        if found is None:
            found = self._layout_estimates[key] = self._layout_estimate(cards)
        return found

    def _layout_estimate(self, cards: Sequence[int]) -> float:
        if UNKNOWN not in cards:
            return hole_points(self.rules, cards)
        if not self.column_mode:
            return self._anywhere_estimate(cards)
        total = sum(self.column_estimate(tuple(cards[p] for p in column)) for column in self.columns)
        return total + self.adjustments(cards) if self.layout_rules else total

    def adjustments(self, cards: Sequence[int]) -> float:
        """Four of a kind and wolfpack secured by fully known columns; blackjack once every card is known."""
        if not self.layout_rules or not self.column_mode:
            return 0.0
        groups = []
        for column in self.columns:
            held = tuple(cards[p] for p in column)
            if UNKNOWN not in held:
                groups.append(column_group(self.rules, held, self.groups))
        complete = len(groups) == len(self.columns)
        return sum(points for key, points in layout_adjustments(self.rules, groups) if complete or key != "blackjack")

    def layout_value(self, cards: Sequence[int]) -> float:
        """The estimate less the improvement still to come if the hole goes on."""
        if self.fast:
            class_of = self.class_of
            total = 0.0
            classes = [class_of[c] for c in cards]
            for position, partners in self.slots[:: self.rules.rows]:  # one slot per column
                total += self.row(self.partner_key(classes, partners))[classes[position]]
            return total + self.adjustments(cards) if self.layout_rules else total
        return self._anywhere_value(cards)

    # -- pairs anywhere: a layout is the sum of its ranks ------------------------------
    def _rank_part(self, cards: tuple[int, ...], unknown: int) -> tuple[float, float, int]:
        """(estimate, excess, matched groups) of the known cards of one rank, with `unknown` face-down cards
        that may match them."""
        key = (*cards, -unknown - 2)
        found = self._anywhere.get(key)
        if found is not None:
            return found
        points = self.rules.card_points
        groups = group_tuples(self.rules, list(cards))
        estimate: float = sum(g[1] for g in groups)
        excess = 0.0
        for positions, single_points, cancelled, _ in groups:
            if cancelled:
                continue
            excess += max(0.0, single_points - self.good)
            if not (unknown and self.total):
                continue
            single = cards[positions[0]]
            for card, count in self.classes:
                if rank_of(card) == rank_of(single):
                    pair = group_tuples(self.rules, [single, card])[0]
                    if pair[2]:
                        saved = single_points + points[card] - pair[1]
                        estimate -= min(1.0, unknown * count / self.total) * saved
        found = self._anywhere[key] = (estimate, excess, sum(g[2] for g in groups))
        return found

    def _anywhere_parts(self, cards: Sequence[int]) -> tuple[float, float, int, int]:
        by_rank: dict[int, list[int]] = {}
        example, class_of = self.example, self.class_of
        unknown = 0
        for card in cards:
            if card == UNKNOWN:
                unknown += 1
            else:
                by_rank.setdefault(rank_of(card), []).append(example[class_of[card]])
        estimate = excess = 0.0
        matched = 0
        for same in by_rank.values():
            part = self._rank_part(tuple(sorted(same)), unknown)
            estimate += part[0]
            excess += part[1]
            matched += part[2]
        return estimate + unknown * self.mean, excess + unknown * max(0.0, self.mean - self.good), unknown, matched

    def _anywhere_adjustments(self, cards: Sequence[int], unknown: int, matched: int) -> float:
        if not self.layout_rules or (unknown and matched < 2):
            return 0.0  # four of a kind and wolfpack need two matched pairs; blackjack needs every card
        groups = group_tuples(self.rules, [c for c in cards if c != UNKNOWN])
        return sum(p for key, p in layout_adjustments(self.rules, groups) if not unknown or key != "blackjack")

    def _anywhere_estimate(self, cards: Sequence[int]) -> float:
        estimate, _, unknown, matched = self._anywhere_parts(cards)
        return estimate + self._anywhere_adjustments(cards, unknown, matched)

    def _anywhere_value(self, cards: Sequence[int]) -> float:
        estimate, excess, unknown, matched = self._anywhere_parts(cards)
        return estimate - self.foresight * excess + self._anywhere_adjustments(cards, unknown, matched)

    # -- moves -------------------------------------------------------------------
    def swap_gains(self, cards: Sequence[int], card: int) -> list[float]:
        """For every position: how much the layout's value improves by putting `card` there (negative: worse)."""
        if not self.fast:
            return self._anywhere_gains(cards, card)
        class_of = self.class_of
        classes = [class_of[c] for c in cards]
        new = class_of[card]
        gains = [0.0] * len(cards)
        rows = self._rows
        if self.two_rows:
            for position, (partner,) in self.slots:
                row = rows[classes[partner]] or self.row(classes[partner])
                gains[position] = row[classes[position]] - row[new]
        else:
            width = self.width
            for position, (one, two) in self.slots:
                first, second = classes[one], classes[two]
                key = first * width + second if first <= second else second * width + first
                row = rows[key] or self.row(key)
                gains[position] = row[classes[position]] - row[new]
        if self.layout_rules:
            self._adjust_gains(cards, card, gains)
        return gains

    def _adjust_gains(self, cards: Sequence[int], card: int, gains: list[float]) -> None:
        """Add the layout adjustments a swap makes or breaks; they need two matched columns, or every card known."""
        matched = [
            UNKNOWN not in column and column_group(self.rules, column, self.groups)[2]
            for column in (tuple(cards[p] for p in c) for c in self.columns)
        ]
        unknown = cards.count(UNKNOWN)
        before: float | None = None
        for position in range(len(cards)):
            index = self.column_of[position]
            after = tuple(card if p == position else cards[p] for p in self.columns[index])
            now_matched = UNKNOWN not in after and column_group(self.rules, after, self.groups)[2]
            count = sum(matched) - matched[index] + now_matched
            complete = unknown - (cards[position] == UNKNOWN) == 0
            if count >= 2 or sum(matched) >= 2 or complete:
                if before is None:
                    before = self.adjustments(cards)
                trial = list(cards)
                trial[position] = card
                gains[position] += before - self.adjustments(trial)

    def _anywhere_gains(self, cards: Sequence[int], card: int) -> list[float]:
        """Pairs anywhere: a swap changes two ranks only (and, into a face-down place, every rank's chance of
        a match), so each gain is a few lookups; adjustments are recomputed only where they can apply."""
        example, class_of, foresight = self.example, self.class_of, self.foresight
        by_rank: dict[int, list[int]] = {}
        unknown = 0
        for held in cards:
            if held == UNKNOWN:
                unknown += 1
            else:
                by_rank.setdefault(rank_of(held), []).append(example[class_of[held]])

        def part(same: list[int], hidden: int) -> tuple[float, int]:
            if not same:
                return 0.0, 0
            estimate, excess, matched = self._rank_part(tuple(sorted(same)), hidden)
            return estimate - foresight * excess, matched

        per_unknown = self.mean - foresight * max(0.0, self.mean - self.good)
        now = {rank: part(same, unknown) for rank, same in by_rank.items()}
        fewer = {rank: part(same, unknown - 1) for rank, same in by_rank.items()} if unknown else now
        total_now = sum(value for value, _ in now.values())
        total_fewer = sum(value for value, _ in fewer.values())
        matched_now = sum(matched for _, matched in now.values())
        new_rank = rank_of(card)
        new_example = example[class_of[card]]
        gains = []
        recheck = []
        for position, held in enumerate(cards):
            if held == UNKNOWN:
                hidden, after = unknown - 1, total_fewer - per_unknown
                changed = {new_rank: [*by_rank.get(new_rank, []), new_example]}
                parts = fewer
            else:
                hidden, after = unknown, total_now
                old_rank = rank_of(held)
                remaining = list(by_rank[old_rank])
                remaining.remove(example[class_of[held]])
                changed = {old_rank: remaining}
                changed[new_rank] = [*changed.get(new_rank, by_rank.get(new_rank, [])), new_example]
                parts = now
            matched = matched_now
            for rank, same in changed.items():
                value, count = part(same, hidden)
                old_value, old_count = parts.get(rank, (0.0, 0))
                after += value - old_value
                matched += count - old_count
            gains.append(total_now - after)
            if self.layout_rules and (matched >= 2 or matched_now >= 2 or not hidden):
                recheck.append(position)
        if recheck:  # four of a kind, wolfpack or blackjack may be made or broken here: price them exactly
            base_value = self._anywhere_value(cards)
            for position in recheck:
                trial = list(cards)
                trial[position] = card
                gains[position] = base_value - self._anywhere_value(trial)
        return gains

    def take_gain(self, cards: Sequence[int], card: int) -> float:
        """How much more `card` from the discard pile is worth to this layout than a stock draw (cached)."""
        return self.taker(cards)(card)

    def taker(self, cards: Sequence[int]) -> Callable[[int], float]:
        """take_gain for one layout, card by card: the layout's cache key is built once, not for every card."""
        class_of = self.class_of
        key = tuple([class_of[c] for c in cards])
        known = self._take_gains.get(key)
        if known is None:
            known = self._take_gains[key] = {}

        def gain(card: int) -> float:
            found = known.get(class_of[card])
            if found is None:
                found = known[class_of[card]] = max(self.swap_gains(cards, card)) - self.draw_gain(cards)
            return found

        return gain

    def draw_gain(self, cards: Sequence[int]) -> float:
        """Expected value gained by a stock draw that is swapped in only where it helps."""
        class_of = self.class_of
        key = tuple([class_of[c] for c in cards])
        found = self._draw_gains.get(key)
        if found is None:
            fast = self.fast and not self.layout_rules  # adjustments can make a draw worth more: price them
            found = self._draw_gains[key] = self._fast_draw_gain(key) if fast else self._slow_draw_gain(cards)
        return found

    def _slow_draw_gain(self, cards: Sequence[int]) -> float:
        gained = 0.0
        for card, count in self.classes:
            best = max(self.swap_gains(cards, card))
            if best > 0:
                gained += count * best
        return gained / self.total if self.total else 0.0

    def _fast_draw_gain(self, classes: tuple[int, ...]) -> float:
        """draw_gain from the rows; a slot is tried once per distinct class in its column."""
        if not self.total:
            return 0.0
        choices = []
        tried = set()
        for position, partners in self.slots:
            key = self.partner_key(classes, partners)
            if (key, classes[position]) in tried:
                continue
            tried.add((key, classes[position]))
            row = self.row(key)
            before = row[classes[position]]
            choices.append([before - after for after in row])
        gained = 0.0
        for count, best in zip(self.class_counts, map(max, *choices) if len(choices) > 1 else choices[0], strict=True):
            if best > 0:
                gained += count * best
        return gained / self.total
