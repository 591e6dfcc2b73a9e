"""The Hint: the move the Hard level would make for a person's seat, with a short reason in English and Japanese.

The hint reads only that seat's Observation, like every computer player. Its
reasons name face-up cards, the discard pile and the card in hand, never a
face-down card: a card the person peeked at is mentioned as such, without its
rank, so a hint shown on a shared screen gives nothing away. Japanese terms
come from the glossary.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import actions as A
from ..cards import rank_name, rank_of
from ..errors import UsageError
from ..glossary import term
from ..hole import FLIP_AFTER_DISCARD, OPENING
from ..observation import UNKNOWN, Observation
from ..rules import Rules
from .estimate import column_group
from .levels import estimator_for
from .planner import Planner
from .search import HardPolicy, guide_style
from .table import Table

_NAMES_EN = {"A": "ace", "J": "jack", "Q": "queen", "K": "king", "JK": "joker"}
_NAMES_JA = {"A": "エース", "J": "ジャック", "Q": "クイーン", "K": "キング", "JK": "ジョーカー"}


@dataclass(frozen=True)
class Hint:
    action: int
    reason_en: str
    reason_ja: str

    def reason(self, lang: str) -> str:
        return self.reason_ja if lang == "ja" else self.reason_en


def hint_seed(match_seed: int, step: int) -> int:
    """The seed of the Hint at `step` (the length of the action log) of a match: the review judges with the same."""
    return match_seed * 7919 + step


def hint(observation: Observation, seed: int) -> Hint:
    """The suggested move for the seat of `observation` (which must be the seat to move) and why."""
    if not observation.legal_actions:
        raise UsageError(
            f"no hint for player {observation.seat + 1}: it is not their turn",
            ja=f"{observation.seat + 1}人目のプレイヤーの手番ではないので、ヒントは出せません。",
        )
    action = HardPolicy(seed).choose(observation)
    en, ja = explain(observation, action)
    return Hint(action, en, ja)


# -- wording ---------------------------------------------------------------------
def card_en(card: int) -> str:
    rank = rank_name(card)
    return _NAMES_EN.get(rank, rank)


def card_ja(card: int) -> str:
    rank = rank_name(card)
    return _NAMES_JA.get(rank, rank)


def _position_ja(position: int) -> str:
    return f"{position + 1}番の{term('position', 'ja')}"


def _column_ja(column: int) -> str:
    return f"{column + 1}{term('column', 'ja')}目"


def _same_rank(first: int, second: int) -> bool:
    return first != UNKNOWN and rank_of(first) == rank_of(second)


def _points_en(points: int) -> str:
    return f"{points} point" if abs(points) == 1 else f"{points} points"


def _searched() -> tuple[str, str]:
    """The reason when no simple one is true: the search itself."""
    return (
        "played out many times, this move paid best here",
        "この先を何度も試したところ、この手がいちばん得でした",
    )


def _points(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".") if value != int(value) else str(int(value))


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

    def placement(self, card: int, position: int) -> tuple[str, str]:
        """Why `card` belongs at `position`: each reason is stated only when it is true of the layout."""
        rules = self.rules
        column_index = self.column_of(position)
        column = rules.columns[column_index]
        partners = [p for p in column if p != position]
        points = rules.card_points
        if rules.pairs == "column" and all(self.own[p] != UNKNOWN for p in partners):
            trial = tuple(card if p == position else self.own[p] for p in column)
            if column_group(rules, trial)[2]:
                if not all(self.face_up(p) for p in partners):
                    return (
                        f"it matches a card you peeked at in column {column_index + 1}",
                        f"{_column_ja(column_index)}の{term('peek', 'ja')}したカードとそろいます",
                    )
                if len(partners) == 1:
                    return (
                        f"it pairs your {card_en(self.own[partners[0]])} in column {column_index + 1}",
                        f"{_column_ja(column_index)}の{card_ja(self.own[partners[0]])}と{term('pair', 'ja')}になります",
                    )
                return (
                    f"it completes column {column_index + 1} with three of a kind",
                    f"{_column_ja(column_index)}に同じランクが3枚そろいます",
                )
        if rules.pairs == "anywhere":
            for other in range(rules.size):
                if other != position and self.face_up(other) and _same_rank(self.own[other], card):
                    return (
                        f"it pairs your {card_en(self.own[other])} at position {other + 1}",
                        f"{_position_ja(other)}の{card_ja(self.own[other])}と{term('pair', 'ja')}になります",
                    )
        if self.face_up(position) and points[self.own[position]] > points[card]:
            old = self.own[position]
            return (
                f"it replaces your {card_en(old)} ({_points_en(points[old])}) at position {position + 1}",
                f"{_position_ja(position)}の{card_ja(old)}（{points[old]}点）と入れ替えます",
            )
        if not self.face_up(position) and self.own[position] != UNKNOWN:
            return (
                f"it replaces a card you peeked at, at position {position + 1}",
                f"{_position_ja(position)}の{term('peek', 'ja')}したカードと入れ替えます",
            )
        mean = _points(round(self.estimator.mean, 1))
        if not self.face_up(position) and points[card] < self.estimator.mean:
            return (
                f"at {_points_en(points[card])} it beats the face-down card at position {position + 1}, "
                f"which is worth about {mean} on average",
                f"{card_ja(card)}は{points[card]}点で、{_position_ja(position)}の{term('face_down', 'ja')}のカード"
                f"（平均で約{mean}点）より有利です",
            )
        if not self.face_up(position):
            return (
                f"it turns over the face-down card at position {position + 1}, a step nearer to going out; "
                "played out many times, that paid best here",
                f"{_position_ja(position)}の{term('face_down', 'ja')}のカードが減り、"
                f"{term('go_out', 'ja')}までが1歩近づきます。この先を何度も試したところ、これがいちばん得でした",
            )
        return _searched()

    def ending_note(self) -> tuple[str, str]:
        if self.rules.end_of_hole == "immediate":
            return (
                " It turns up your last card, which ends the hole at once.",
                "最後のカードが表向きになり、その場でホールが終わります。",
            )
        return (
            " It turns up your last card: everyone else then has one more turn.",
            f"最後のカードが表向きになり、ほかの人はあと1回ずつ{term('turn', 'ja')}を行います。",
        )

    def best_place(self, card: int) -> int:
        """Where Hard's planner would put `card` taken from the discard pile (for the reason of a take)."""
        table = Table.from_observation(self.obs)
        planner = Planner(self.style, self.estimator)
        options = planner.holding_options(table, card, True)
        swaps = [option for option in options if option[1] >= A.SWAP]
        return min(swaps)[1] - A.SWAP


def explain(obs: Observation, action: int) -> tuple[str, str]:
    """Reasons in English and Japanese for `action` in the position of `obs`."""
    ex = _Explainer(obs)
    rules = obs.rules
    stock, discard = term("stock", "ja"), term("discard", "ja")
    if obs.phase == OPENING:
        position = action - A.FLIP
        if rules.peek:
            return (
                f"Peek at position {position + 1}: one card in each column first gives you the most chances to pair.",
                f"{_position_ja(position)}のカードを{term('peek', 'ja')}しましょう。"
                f"各{term('column', 'ja')}の1枚ずつを知っておくと、{term('pair', 'ja')}を作る機会がいちばん多くなります。",
            )
        return (
            f"Turn up position {position + 1}: one card in each column first gives you the most chances to pair.",
            f"{_position_ja(position)}のカードを{term('face_up', 'ja')}にしましょう。"
            f"各{term('column', 'ja')}に1枚ずつ表があると、{term('pair', 'ja')}を作る機会がいちばん多くなります。",
        )
    if action == A.TAKE_DISCARD:
        card = obs.discard[-1]
        position = ex.best_place(card)
        why_en, why_ja = ex.placement(card, position)
        return (
            f"Take the {card_en(card)} from the discard pile: {why_en}.",
            f"{discard}の{card_ja(card)}を取りましょう。{why_ja}。",
        )
    if action == A.DRAW_STOCK:
        if obs.discard:
            top = obs.discard[-1]
            plain = ex.estimator.plain()
            saving = max(plain.swap_gains(ex.own, top))
            if saving > plain.draw_gain(ex.own) + 1:
                en, ja = _searched()
                return (
                    f"Draw from the stock: the {card_en(top)} on the discard pile would save points now, but {en}.",
                    f"{stock}から引きましょう。{discard}の{card_ja(top)}でも得点は下がりますが、{ja}。",
                )
            return (
                f"Draw from the stock: the {card_en(top)} on the discard pile would not help you enough.",
                f"{stock}から引きましょう。{discard}の{card_ja(top)}では、あなたの{term('layout', 'ja')}はあまり良くなりません。",
            )
        return ("Draw from the stock: the discard pile is empty.", f"{stock}から引きましょう。{discard}の山は空です。")
    if A.SWAP <= action < A.SWAP + A.MAX_POSITIONS:
        position = action - A.SWAP
        card = obs.held
        why_en, why_ja = ex.placement(card, position)
        en = f"Put the {card_en(card)} at position {position + 1}: {why_en}."
        ja = f"{card_ja(card)}を{_position_ja(position)}に置きましょう。{why_ja}。"
        if not ex.face_up(position) and ex.hidden_left() == 1 and obs.final_left < 0:
            note_en, note_ja = ex.ending_note()
            en, ja = en + note_en, ja + note_ja
        return en, ja
    if action == A.DISCARD:
        card = obs.held
        if max(ex.estimator.plain().swap_gains(ex.own, card)) > 0.5:
            en, ja = _searched()
            return (
                f"Discard the {card_en(card)}: it could lower your score a little, but {en}.",
                f"{card_ja(card)}は捨てましょう。得点を少し下げられる場所もありますが、{ja}。",
            )
        return (
            f"Discard the {card_en(card)}: it would not lower your score anywhere in your layout.",
            f"{card_ja(card)}は捨てましょう。{term('layout', 'ja')}のどこに入れても得点は下がりません。",
        )
    if action == A.KNOCK:
        return _knock_reason(obs)
    if action == A.EARLY_KNOCK:
        return (
            "Knock now: your last face-down cards are turned up and the hole ends at once, while your score looks lowest.",
            f"{term('early_knock', 'ja')}しましょう。残りの{term('face_down', 'ja')}のカードを表にして、"
            f"あなたの得点が低く見えるうちにその場で{term('hole', 'ja')}を終わらせます。",
        )
    if action == A.SKIP_FLIP:
        return (
            "Skip the flip: your face-down cards can still be replaced, and there is no need to bring the end nearer.",
            f"カードを{term('flip', 'ja')}のは見送りましょう。{term('face_down', 'ja')}のカードはまだ入れ替えられ、"
            "終わりを早める必要はありません。",
        )
    position = action - A.FLIP
    if ex.hidden_left() == 1 and obs.final_left < 0:
        note_en, note_ja = ex.ending_note()
        start_en = "Turn up position" if obs.phase == FLIP_AFTER_DISCARD else "Instead of drawing, turn up position"
        start_ja = "" if obs.phase == FLIP_AFTER_DISCARD else "カードを引く代わりに、"
        return (
            f"{start_en} {position + 1}: your score looks low enough to end the hole now.{note_en}",
            f"{start_ja}{_position_ja(position)}のカードを{term('face_up', 'ja')}にしましょう。"
            f"いまの得点ならホールを終わらせてかまいません。{note_ja}",
        )
    column_index = ex.column_of(position)
    partners = [p for p in rules.columns[column_index] if p != position and ex.face_up(p)]
    if partners and rules.pairs == "column":
        partner = obs.layouts[obs.seat][partners[0]]
        return (
            f"Turn up position {position + 1}: next to your {card_en(partner)}, it shows whether column "
            f"{column_index + 1} needs work.",
            f"{_position_ja(position)}のカードを{term('face_up', 'ja')}にしましょう。{card_ja(partner)}と同じ"
            f"{_column_ja(column_index)}なので、その{term('column', 'ja')}を直す必要があるかどうかがわかります。",
        )
    return (
        f"Turn up position {position + 1}: it tells you the most about your layout.",
        f"{_position_ja(position)}のカードを{term('face_up', 'ja')}にしましょう。{term('layout', 'ja')}のことがいちばんよくわかります。",
    )


def _knock_reason(obs: Observation) -> tuple[str, str]:
    mine = obs.visible_scores[obs.seat]
    others = [score for seat, score in enumerate(obs.visible_scores) if seat != obs.seat]
    penalty_en = penalty_ja = ""
    if obs.rules.knock_penalty != "none":
        penalty_en = " A knocker who is not lowest pays a penalty, and this one is worth the risk."
        penalty_ja = "最低点でなければ罰点がありますが、その危険をおかす価値があります。"
    return (
        f"Knock: your layout looks lowest (you show {mine}, the others show {', '.join(map(str, others))}); "
        f"everyone else gets one more turn.{penalty_en}",
        f"{term('knock', 'ja')}しましょう。あなたの{term('layout', 'ja')}がいちばん低そうです"
        f"（あなたは{mine}点、ほかの人は{'、'.join(map(str, others))}点に見えています）。"
        f"ほかの人はあと1回ずつ{term('turn', 'ja')}を行います。{penalty_ja}",
    )


__all__ = ["Hint", "explain", "hint", "hint_seed"]
