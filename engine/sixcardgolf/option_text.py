"""Names and explanations of the option keys and their values, in English and Japanese.

The variants page, the playground's Custom panel and the CLI all label options
from here. Rule facts (numbers) stay in the rules value and scoring.AMOUNTS.
"""

from __future__ import annotations

from typing import Any

from .cards import RANKS
from .errors import check_lang
from .glossary import RANK_NAMES
from .scoring import AMOUNTS

# key -> (English label, Japanese label, English help, Japanese help)
_OPTIONS: dict[str, tuple[str, str, str, str]] = {
    "layout": ("Layout", "手札の形", "How many rows and columns each player lays out.", "各プレイヤーが並べるカードの行数と列数です。"),
    "decks": ("Decks", "デッキの数", "How many decks are shuffled together; auto follows the player count.", "混ぜて使うトランプの組数です。autoなら人数に合わせます。"),
    "jokers_per_deck": ("Jokers per deck", "デッキごとのジョーカー", "How many jokers join each deck.", "各デッキに加えるジョーカーの枚数です。"),
    "initial_reveals": ("Opening reveal", "最初に表にする枚数", "How many cards each player turns up (or peeks at) before the first turn.", "最初の手番の前に各自が表にする（またはのぞき見する）枚数です。"),
    "peek": ("Peek instead of reveal", "のぞき見", "The opening cards are seen by their owner only and go back face down.", "最初に選んだカードは持ち主だけが見て、裏向きに戻します。"),
    "one_eyed_jacks": ("One-eyed jacks", "片目のジャック", "The jack of hearts and the jack of spades score 0.", "ハートとスペードのジャックを0点にします。"),
    "pairs": ("Pairs", "ペアの数え方", "Where equal ranks cancel: in a column, anywhere, or nowhere.", "同じランクが打ち消し合う場所です。列の中、どこでも、またはなし。"),
    "joker_pairs": ("Joker pairs", "ジョーカーのペア", "Whether two jokers pair with each other.", "ジョーカーどうしがペアになるかどうかです。"),
    "joker_pair_value": ("Joker pair value", "ジョーカーのペアの得点", "Points for a pair of jokers, instead of the normal pair rule.", "ジョーカーどうしのペアの得点です。通常のペアの数え方より優先します。"),
    "negative_pairs_keep_value": ("Negative pairs keep value", "マイナスのペアは点を残す", "A pair of negative cards keeps its total instead of scoring 0.", "マイナスのカードどうしのペアを0点にせず、合計を残します。"),
    "discard_pickup_must_swap": ("Discard pick-up must be used", "捨て札から取ったら必ず使う", "A card taken from the discard pile must go into the layout.", "捨て札の山から取ったカードは必ず手札と入れ替えます。"),
    "flip_on_discard": ("Flip after a discard", "捨てたあとにめくる", "Whether discarding a stock card makes you turn one of your cards up.", "山札のカードを捨てたときに、自分のカードを1枚表にするかどうかです。"),
    "flip_as_action": ("Flip as a turn", "めくるだけの手番", "Instead of drawing, a whole turn can be spent turning a card up.", "引く代わりに、カードを1枚表にするだけで手番を終えられます。"),
    "knock": ("Knocking", "ノック", "A player may knock to end the hole after one more turn for everyone else.", "ノックすると、ほかの全員があと1回ずつ手番をしてホールが終わります。"),
    "knock_penalty": ("Knock penalty", "ノックの罰点", "What a knocker pays when they are not lowest.", "最低点でなかったときにノックした人が受ける罰点です。"),
    "knock_reward_zero": ("Correct knock scores 0", "ノック成功で0点", "A knocker who is lowest scores 0.", "最低点でノックした人の得点を0点にします。"),
    "early_knock": ("Early knock", "早ノック", "With one or two face-down cards left, turn them all up and end the hole at once.", "裏向きが1〜2枚のとき、すべて表にしてその場でホールを終えられます。"),
    "end_of_hole": ("End of a hole", "ホールの終わり方", "After someone goes out: one final turn each, or the end at once.", "誰かが上がったあと、全員が最後の手番を1回ずつ行うか、すぐに終えるかです。"),
    "turn_limit": ("Turn limit", "手番の上限", "A hole ends after this many turns, so that no hole runs forever.", "この手番数でホールを終え、いつまでも続かないようにします。"),
    "four_of_a_kind": ("Four of a kind", "フォーカード", "Two matched groups of one rank earn a bonus.", "同じランクのペアが2組あるとボーナスです。"),
    "wolfpack": ("Wolfpack", "ウルフパック", "Two matched groups of jacks earn a bonus.", "ジャックのペアが2組あるとボーナスです。"),
    "blackjack": ("Blackjack", "ブラックジャック", f"A hole score of exactly {AMOUNTS['blackjack_score']} becomes 0.", f"ホールの得点がちょうど{AMOUNTS['blackjack_score']}点なら0点になります。"),
    "going_out_penalty": ("Going-out penalty", "上がりの罰点", "The player who went out pays a penalty if they are not lowest.", "上がった人が最低点でなければ罰点です。"),
    "going_out_bonus": ("Going-out bonus", "上がりのボーナス", "The player who went out earns a bonus.", "上がった人にボーナスがあります。"),
    "underdog_bonus": ("Underdog bonus", "アンダードッグ・ボーナス", "The lowest score of the hole earns a bonus.", "そのホールの最低点の人にボーナスがあります。"),
    "tied_shame": ("Tied shame", "同点の罰", "Players with equal hole scores each pay a penalty.", "ホールの得点が同じプレイヤーはそれぞれ罰点です。"),
    "tie_counts_as_lowest": ("A tie counts as lowest", "同点も最低点とみなす", "For knocks, going out and the underdog bonus: whether a tie for lowest counts as lowest.", "ノック・上がり・アンダードッグの判定で、最低点の同点を最低点とみなすかどうかです。"),
    "holes": ("Holes", "ホール数", "How many holes make a match.", "1マッチのホール数です。"),
    "ties": ("Ties", "同点のとき", "A tie for the lowest total is shared or settled by a play-off hole.", "最低合計点の同点を引き分けにするか、プレーオフで決めるかです。"),
}  # fmt: skip

_CHOICE_TEXT: dict[str, dict[str, tuple[str, str]]] = {
    "layout": {"2x2": ("2 rows of 2", "2行×2列"), "2x3": ("2 rows of 3", "2行×3列"), "2x4": ("2 rows of 4", "2行×4列"), "3x3": ("3 rows of 3", "3行×3列")},
    "pairs": {"column": ("in a column", "同じ列"), "off": ("no pairs", "ペアなし"), "anywhere": ("anywhere", "どこでも")},
    "joker_pairs": {"match": ("pair with each other", "ペアになる"), "never": ("never pair", "ペアにならない")},
    "flip_on_discard": {"never": ("never", "めくらない"), "always": ("always", "必ずめくる"), "endgame": ("optional in the endgame", "終盤は任意")},
    "knock_penalty": {
        "none": ("none", "なし"),
        "plus10": (f"+{AMOUNTS['knock_plus10']}", f"+{AMOUNTS['knock_plus10']}点"),
        "double_plus5": (f"doubled plus {AMOUNTS['knock_double_plus5']}", f"2倍して+{AMOUNTS['knock_double_plus5']}点"),
        "worst": ("the worst score", "最悪の得点"),
    },
    "end_of_hole": {"final_turns": ("one final turn each", "全員が最後の手番"), "immediate": ("at once", "すぐに終了")},
    "ties": {"shared": ("shared win", "勝ちを分け合う"), "playoff": ("play-off hole", "プレーオフ")},
}  # fmt: skip

_ADJUSTMENT_LABELS: dict[str, tuple[str, str]] = {
    "four_of_a_kind": ("Four of a kind", "フォーカード"),
    "wolfpack": ("Wolfpack", "ウルフパック"),
    "blackjack": ("Blackjack", "ブラックジャック"),
    "knock_penalty": ("Knock penalty", "ノックの罰点"),
    "knock_reward_zero": ("Correct knock", "ノック成功"),
    "going_out_penalty": ("Going-out penalty", "上がりの罰点"),
    "going_out_bonus": ("Going-out bonus", "上がりのボーナス"),
    "underdog_bonus": ("Underdog bonus", "アンダードッグ・ボーナス"),
    "tied_shame": ("Tied shame", "同点の罰"),
}

_RANK_LABELS = tuple(name.lower() for name in RANK_NAMES["en"])
_RANK_LABELS_JA = RANK_NAMES["ja"]


def _ja(lang: str) -> bool:
    return check_lang(lang) == "ja"


def option_label(key: str, lang: str) -> str:
    ja = _ja(lang)
    if key.startswith("values."):
        rank = RANKS.index(key.split(".", 1)[1])
        return f"{_RANK_LABELS_JA[rank]}の得点" if ja else f"Value of a {_RANK_LABELS[rank]}"
    entry = _OPTIONS[key]
    return entry[1] if ja else entry[0]


def option_help(key: str, lang: str) -> str:
    ja = _ja(lang)
    if key.startswith("values."):
        return "このランクのカード1枚の得点です。" if ja else "Points for one card of this rank."
    entry = _OPTIONS[key]
    return entry[3] if ja else entry[2]


def describe_option_value(key: str, value: Any, lang: str) -> str:
    """A value of an option as a player reads it: 'on', '2 rows of 3', '−2' ..."""
    ja = _ja(lang)
    if isinstance(value, bool):
        return ("あり" if value else "なし") if ja else ("on" if value else "off")
    if key in _CHOICE_TEXT and value in _CHOICE_TEXT[key]:
        pair = _CHOICE_TEXT[key][value]
        return pair[1] if ja else pair[0]
    if value == "auto":
        return "人数に合わせる" if ja else "by player count"
    if value is None or value == "none":
        return "通常どおり" if ja else "as a normal pair"
    if isinstance(value, int) and value < 0:
        return f"−{-value}"
    return str(value)


def adjustment_label(key: str, lang: str) -> str:
    pair = _ADJUSTMENT_LABELS[key]
    return pair[1] if _ja(lang) else pair[0]
