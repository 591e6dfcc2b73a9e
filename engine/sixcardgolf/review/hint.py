"""The Hint: the move the Hard level would make for a person's seat, with a short reason in English and Japanese.

The hint reads only that seat's Observation, like every computer player. Its
reasons name face-up cards, the discard pile and the card in hand, never a
face-down card: a card the person peeked at is mentioned as such, without its
rank, so a hint shown on a shared screen gives nothing away. A reason is given
only when it is true of what the seat can see (a knock is called "lowest" only
when the visible scores say so). The words are in the message catalogues
(`messages/*.toml`, the `[hint]` tables).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property

from .. import actions as A
from ..ai.estimate import column_group, shoe_counts
from ..ai.levels import estimator_for
from ..ai.planner import Planner
from ..ai.search import HardPolicy, guide_style
from ..ai.seat_view import SeatView
from ..cards import rank_of
from ..errors import UsageError
from ..hole import FLIP_AFTER_DISCARD, OPENING
from ..messages import Words, both, join_list, points_text, say, text
from ..observation import UNKNOWN, Observation
from ..rules import Rules
from ..text.describe_common import plural_key
from ..text.glossary import rank_word


@dataclass(frozen=True)
class Hint:
    action: int
    reason_en: str
    reason_ja: str

    def reason(self, lang: str) -> str:
        return self.reason_ja if lang == "ja" else self.reason_en


def hint(observation: Observation, seed: int) -> Hint:
    """The suggested move for the seat of `observation` (which must be the seat to move) and why."""
    if not observation.legal_actions:
        raise UsageError(*both("error.hint.not_your_turn", player=observation.seat + 1))
    action = HardPolicy(seed).choose(observation)
    en, ja = explain(observation, action)
    return Hint(action, en, ja)


# -- wording ---------------------------------------------------------------------
def _then(first: Words, second: Words) -> Words:
    return lambda lang: first(lang) + second(lang)


def _card(card: int) -> Words:
    return lambda lang: rank_word(rank_of(card), lang)


def _worth(points: int) -> Words:
    return say(plural_key("hint.why.points", abs(points)), points=points_text(points))


def _shown(scores: list[int]) -> Words:
    """Visible scores as the knock reason quotes them: '7 and 9' / 「7点、9点」."""
    return lambda lang: join_list([text("hint.shown", lang, points=points_text(score)) for score in scores], lang)


def _same_rank(first: int, second: int) -> bool:
    return first != UNKNOWN and rank_of(first) == rank_of(second)


def _ranks(ranks: list[int]) -> Words:
    """Ranks as a sentence lists them: 'king, 10 and 8' / 「キング、10、8」."""
    return lambda lang: join_list([rank_word(rank, lang) for rank in ranks], lang)


def _searched() -> Words:
    """The reason when no simple one is true: the search itself."""
    return say("hint.searched")


def _mean(value: float) -> str:
    rounded = round(value, 1)
    return f"{rounded:.1f}".rstrip("0").rstrip(".") if rounded != int(rounded) else str(int(rounded))


class _Explainer:
    def __init__(self, obs: Observation) -> None:
        self.obs = obs
        self.rules: Rules = obs.rules
        self.own = list(obs.layouts[obs.seat])
        self.up = obs.up[obs.seat]
        self.style = guide_style(obs.rules)  # the planner Hard's search starts from, so the reasons match its moves
        self.estimator = estimator_for(obs, self.style)

    def column_of(self, position: int) -> int:
        return next(index for index, column in enumerate(self.rules.columns) if position in column)

    def face_up(self, position: int) -> bool:
        return bool(self.up >> position & 1)

    def hidden_left(self) -> int:
        return self.rules.size - self.up.bit_count()

    def placement(self, card: int, position: int, position_named: bool, taken: bool = False) -> Words:
        """Why `card` belongs at `position`: each reason is stated only when it is true of the layout.

        With `position_named` the sentence before it already names the position, so the reason does not repeat it;
        `taken` says the card is the top discard about to be taken.
        """
        rules = self.rules
        column_index = self.column_of(position)
        column = rules.columns[column_index]
        partners = [p for p in column if p != position]
        points = rules.card_points
        here = "_here" if position_named else ""
        if rules.pairs == "column" and all(self.own[p] != UNKNOWN for p in partners):
            trial = tuple(card if p == position else self.own[p] for p in column)
            if column_group(rules, trial)[2]:
                if not all(self.face_up(p) for p in partners):
                    return say("hint.why.peeked_match", column=column_index + 1)
                if len(partners) == 1:
                    return say("hint.why.pairs_column", card=_card(self.own[partners[0]]), column=column_index + 1)
                return say("hint.why.completes_column", column=column_index + 1)
        if rules.pairs == "anywhere":
            for other in range(rules.size):
                if other != position and self.face_up(other) and _same_rank(self.own[other], card):
                    return say("hint.why.pairs_at", card=_card(self.own[other]), position=other + 1)
        if self.face_up(position) and points[self.own[position]] > points[card]:
            old = self.own[position]
            return say(f"hint.why.replaces{here}", card=_card(old), points=_worth(points[old]), position=position + 1)
        if not self.face_up(position) and self.own[position] != UNKNOWN:
            return say(f"hint.why.replaces_peeked{here}", position=position + 1)
        if not self.face_up(position) and points[card] < self.estimator.mean:
            return say(
                f"hint.why.beats_hidden{here}",
                card=_card(card),
                points=_worth(points[card]),
                position=position + 1,
                mean=_mean(self.estimator.mean),
            )
        if not self.face_up(position):
            then = self.concrete(card, position, taken) or say("hint.why.searched_that")
            return say(f"hint.why.turns_over{here}", position=position + 1, then=then)
        return self.concrete(card, position, taken) or _searched()

    # -- what makes a move the search chose over the planner's a good one, in cards a player can see -----------
    # Hard plays each candidate out on many deals; where it overrules the planner, the deals say only that the move
    # paid better, not why. These are the reasons a player can check on the table, each stated only when true.
    @cached_property
    def public_ranks(self) -> Counter[int]:
        """The ranks of every card in plain view: the face-up cards of every layout, the discard pile and the card
        in hand."""
        seen = [card for seat, layout in enumerate(self.obs.layouts) for position, card in enumerate(layout)
                if card != UNKNOWN and self.obs.up[seat] >> position & 1]  # fmt: skip
        seen.extend(self.obs.discard)
        if self.obs.held != UNKNOWN:
            seen.append(self.obs.held)
        return Counter(rank_of(card) for card in seen)

    @cached_property
    def shoe_ranks(self) -> Counter[int]:
        shoe = shoe_counts(self.rules, self.obs.players)
        return Counter(
            {rank: sum(n for card, n in enumerate(shoe) if n and rank_of(card) == rank) for rank in range(14)}
        )

    def out_of_sight(self, rank: int) -> int:
        """How many cards of `rank` are not in plain view. The seat's own peeked cards are counted as out of sight,
        so the number tells an onlooker nothing about them."""
        return self.shoe_ranks[rank] - self.public_ranks[rank]

    def estimates(self) -> tuple[int, list[int]]:
        """Every seat's visible score with each face-down card counted at the mean: the seat's, then the others'."""
        mean = self.estimator.mean
        totals = [round(score + (self.rules.size - self.obs.up[seat].bit_count()) * mean)
                  for seat, score in enumerate(self.obs.visible_scores)]  # fmt: skip
        return totals[self.obs.seat], [t for seat, t in enumerate(totals) if seat != self.obs.seat]

    def standing(self, key: str) -> Words:
        mine, others = self.estimates()
        return say(key, mean=_mean(self.estimator.mean), mine=_shown([mine]), others=_shown(others))

    def ahead(self) -> bool:
        mine, others = self.estimates()
        return mine < min(others)

    def matchable(self, card: int, position: int, name_column: bool = True) -> Words | None:
        """A card put face up can still be matched while cards of its rank are out of sight (`name_column`: say
        in which column; not for a card still to be taken, whose place is the planner's guess)."""
        if self.rules.pairs == "off":
            return None
        left = self.out_of_sight(rank_of(card))
        if left <= 0:
            return None
        where = "_column" if self.rules.pairs == "column" and name_column else ""
        many = say("hint.why.rank_many", card=_card(card))
        key = plural_key(f"hint.why.matchable{where}", left)
        return say(key, card=_card(card), column=self.column_of(position) + 1, count=left, cards=many)

    def likelier(self, card: int, position: int, keep: bool = False) -> Words | None:
        """`card` over the face-up card at `position` when more cards of its rank are out of sight than of the old
        card's (so it is likelier to be matched); with `keep`, the other way round: why the old card stays."""
        if self.rules.pairs == "off":
            return None
        old = self.own[position]
        count, old_count = self.out_of_sight(rank_of(card)), self.out_of_sight(rank_of(old))
        if (old_count <= count) if keep else (count <= old_count):
            return None
        cards = {"card": _card(card), "old": _card(old), "count": count, "old_count": old_count}
        if keep:
            return say(plural_key("hint.why.keep_likelier", old_count), position=position + 1, **cards)
        where = "" if self.rules.pairs == "column" else "_anywhere"
        return say(plural_key(f"hint.why.likelier{where}", count), column=self.column_of(position) + 1, **cards)

    def denies(self, card: int) -> Words | None:
        """Taking the top discard keeps it from the next player, who shows a card of its rank not yet matched."""
        if self.rules.pairs == "off":
            return None
        following = (self.obs.seat + 1) % self.obs.players
        layout, up = self.obs.layouts[following], self.obs.up[following]
        same = [p for p in range(self.rules.size) if up >> p & 1 and _same_rank(layout[p], card)]
        for position in same:
            if self.rules.pairs == "column":
                column = self.rules.columns[self.column_of(position)]
                if all(p in same for p in column):
                    continue  # that column is matched already
            elif len(same) > 1:
                break  # those cards pair each other already
            return say("hint.why.denies", card=_card(card))
        return None

    def concrete(self, card: int, position: int, taken: bool = False) -> Words | None:
        """Why putting `card` at `position` is good when neither its points nor a pair say so (None: no such reason
        is true here)."""
        if self.face_up(position):
            facts = [self.likelier(card, position)]
        elif self.ahead():  # turning cards up brings the end nearer
            facts = [self.standing("hint.why.ahead")]
        else:
            facts = [self.matchable(card, position, name_column=not taken)]
        if taken:
            facts.append(self.denies(card))
        found = [fact for fact in facts if fact is not None]
        if not found:
            return None
        words = found[0]
        for fact in found[1:]:
            words = say("hint.why.and", first=words, second=fact)
        return words

    def draw_instead(self) -> Words | None:
        """Why the stock beats a discard that would save points: the cards out of sight that match a face-up card."""
        if self.rules.pairs == "off":
            return None
        ranks: list[int] = []
        for position in range(self.rules.size):
            if not self.face_up(position) or rank_of(self.own[position]) in ranks:
                continue
            if self.rules.pairs == "column":
                column = self.rules.columns[self.column_of(position)]
                if all(self.face_up(p) and _same_rank(self.own[p], self.own[position]) for p in column):
                    continue  # matched already
            if self.out_of_sight(rank_of(self.own[position])) > 0:
                ranks.append(rank_of(self.own[position]))
        if not ranks:
            return None
        count = sum(self.out_of_sight(rank) for rank in ranks)
        hidden = sum(self.shoe_ranks.values()) - sum(self.public_ranks.values())
        return say(plural_key("hint.why.stock_matches", count), count=count, hidden=hidden, cards=_ranks(ranks))

    def ending_note(self) -> Words:
        return say("hint.ending_immediate" if self.rules.end_of_hole == "immediate" else "hint.ending_final_turns")

    def best_place(self, card: int) -> int:
        """Where Hard's planner would put `card` taken from the discard pile (for the reason of a take)."""
        view = SeatView.from_observation(self.obs)
        planner = Planner(self.style, self.estimator)
        options = planner.holding_options(view, card, True)
        swaps = [option for option in options if option[1] >= A.SWAP]
        return min(swaps)[1] - A.SWAP

    def column_known(self, position: int) -> bool:
        """Whether another card of `position`'s column is already known (face up or peeked)."""
        column = self.rules.columns[self.column_of(position)]
        return any(p != position and self.own[p] != UNKNOWN for p in column)


def explain(obs: Observation, action: int) -> tuple[str, str]:
    """Reasons in English and Japanese for `action` in the position of `obs`."""
    words = _reason(obs, action)
    return words("en"), words("ja")


def _reason(obs: Observation, action: int) -> Words:
    ex = _Explainer(obs)
    rules = obs.rules
    if obs.phase == OPENING:
        position = action - A.FLIP
        verb = "peek" if rules.peek else "flip"
        columns = "_columns" if rules.pairs == "column" and not ex.column_known(position) else ""
        return say(f"hint.opening_{verb}{columns}", position=position + 1)
    if action == A.TAKE_DISCARD:
        card = obs.discard[-1]
        why = ex.placement(card, ex.best_place(card), position_named=False, taken=True)
        return say("hint.take", card=_card(card), why=why)
    if action == A.DRAW_STOCK:
        if not obs.discard:
            return say("hint.draw_empty_pile")
        top = obs.discard[-1]
        plain = ex.estimator.plain()
        saving = max(plain.swap_gains(ex.own, top))
        if saving > plain.draw_gain(ex.own) + 1:
            return say("hint.draw_would_save", card=_card(top), searched=ex.draw_instead() or _searched())
        return say("hint.draw_no_help", card=_card(top))
    if A.SWAP <= action < A.SWAP + A.MAX_POSITIONS:
        position = action - A.SWAP
        card = obs.held
        words = say("hint.swap", card=_card(card), position=position + 1, why=ex.placement(card, position, True))
        if not ex.face_up(position) and ex.hidden_left() == 1 and obs.final_left < 0:
            words = _then(words, ex.ending_note())
        return words
    if action == A.DISCARD:
        card = obs.held
        gains = ex.estimator.plain().swap_gains(ex.own, card)
        if max(gains) > 0.5:
            best = gains.index(max(gains))
            keeping: Words | None
            if not ex.face_up(best):  # placing it would turn a card up and bring the end nearer
                keeping = None if ex.ahead() else ex.standing("hint.why.behind")
            else:
                keeping = ex.likelier(card, best, keep=True)
            return say("hint.discard_searched", card=_card(card), searched=keeping or _searched())
        return say("hint.discard_no_help", card=_card(card))
    if action == A.KNOCK:
        return _knock_reason(obs, ex)
    if action == A.EARLY_KNOCK:
        mine, others = _visible(obs)
        if _looks_lowest(obs.rules, mine, others):
            return say("hint.early_knock_lowest", mine=_shown([mine]), others=_shown(others))
        why = ex.standing("hint.why.counting") if ex.ahead() else say("hint.why.early_knock_searched")
        return say("hint.early_knock", why=why)
    if action == A.SKIP_FLIP:
        return say("hint.skip_flip")
    position = action - A.FLIP
    if ex.hidden_left() == 1 and obs.final_left < 0:
        start = "hint.flip_to_end" if obs.phase == FLIP_AFTER_DISCARD else "hint.flip_to_end_instead"
        return _then(say(start, position=position + 1), ex.ending_note())
    column_index = ex.column_of(position)
    partners = [p for p in rules.columns[column_index] if p != position and ex.face_up(p)]
    if partners and rules.pairs == "column":
        partner = obs.layouts[obs.seat][partners[0]]
        return say("hint.flip_column", position=position + 1, card=_card(partner), column=column_index + 1)
    return say("hint.flip_general", position=position + 1)


def _visible(obs: Observation) -> tuple[int, list[int]]:
    mine = obs.visible_scores[obs.seat]
    return mine, [score for seat, score in enumerate(obs.visible_scores) if seat != obs.seat]


def _looks_lowest(rules: Rules, mine: int, others: list[int]) -> bool:
    """Whether the visible scores make `mine` the lowest, a tie counting as the rules count it."""
    best = min(others)
    return mine < best or (mine == best and rules.tie_counts_as_lowest)


def _knock_reason(obs: Observation, ex: _Explainer) -> Words:
    mine, others = _visible(obs)
    if _looks_lowest(obs.rules, mine, others):
        words = say("hint.knock_lowest", mine=_shown([mine]), others=_shown(others))
    else:  # the face-down cards still to come may say otherwise
        why = ex.standing("hint.why.counting") if ex.ahead() else say("hint.why.knock_searched")
        words = say("hint.knock_not_lowest", mine=_shown([mine]), others=_shown(others), why=why)
    if obs.rules.knock_penalty != "none":
        words = _then(words, say("hint.knock_risk"))
    return words


__all__ = ["Hint", "explain", "hint"]
