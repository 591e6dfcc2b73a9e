"""The glossary: every game term in English and Japanese, kept in this one place.

The site, the printables, the playground and the engine's own rule text all
take their terms from here, so a term is translated one way everywhere.
"""

from __future__ import annotations

TERMS: dict[str, dict[str, str]] = {
    "game": {"en": "Six Card Golf", "ja": "シックスカードゴルフ（6枚ゴルフ）"},
    "game_short": {"en": "Golf", "ja": "6枚ゴルフ"},
    "solitaire": {"en": "Golf solitaire", "ja": "ソリティアのゴルフ"},
    "hole": {"en": "hole", "ja": "ホール"},
    "match": {"en": "match", "ja": "マッチ"},
    "stock": {"en": "stock", "ja": "山札"},
    "discard_pile": {"en": "discard pile", "ja": "捨て札の山"},
    "discard": {"en": "discard", "ja": "捨て札"},
    "layout": {"en": "layout", "ja": "手札"},
    "position": {"en": "position", "ja": "位置"},
    "column": {"en": "column", "ja": "列"},
    "row": {"en": "row", "ja": "行"},
    "pair": {"en": "pair", "ja": "ペア"},
    "rank": {"en": "rank", "ja": "ランク"},
    "suit": {"en": "suit", "ja": "スート"},
    "face_up": {"en": "face up", "ja": "表向き"},
    "face_down": {"en": "face down", "ja": "裏向き"},
    "turn": {"en": "turn", "ja": "手番"},
    "final_turn": {"en": "final turn", "ja": "最後の手番"},
    "dealer": {"en": "dealer", "ja": "ディーラー"},
    "deck": {"en": "deck", "ja": "デッキ"},
    "joker": {"en": "joker", "ja": "ジョーカー"},
    "knock": {"en": "knock", "ja": "ノック"},
    "early_knock": {"en": "early knock", "ja": "早ノック"},
    "go_out": {"en": "go out", "ja": "上がる"},
    "peek": {"en": "peek", "ja": "のぞき見"},
    "flip": {"en": "turn up", "ja": "表にする"},
    "swap": {"en": "swap", "ja": "入れ替え"},
    "points": {"en": "points", "ja": "得点"},
    "total": {"en": "total", "ja": "合計"},
    "visible_score": {"en": "visible score", "ja": "見えている得点"},
    "adjustment": {"en": "bonus or penalty", "ja": "加点・減点"},
    "playoff": {"en": "play-off hole", "ja": "プレーオフのホール"},
    "preset": {"en": "preset", "ja": "プリセット"},
    "house_rule": {"en": "house rule", "ja": "ハウスルール"},
}

# Card ranks by rank index (A..K, then the joker), as a player names them.
RANK_NAMES: dict[str, tuple[str, ...]] = {
    "en": ("Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King", "Joker"),
    "ja": ("エース", "2", "3", "4", "5", "6", "7", "8", "9", "10", "ジャック", "クイーン", "キング", "ジョーカー"),
}  # fmt: skip

# What each term means, for the glossary page: one sentence per language.
DEFINITIONS: dict[str, dict[str, str]] = {
    "hole": {
        "en": "One deal, played until it ends and is scored. A match is several holes.",
        "ja": "1回の配札から得点計算までのひと区切りです。マッチは複数のホールで構成されます。",
    },
    "stock": {
        "en": "The face-down pile of undealt cards that players draw from.",
        "ja": "配られずに残った裏向きのカードの山で、ここからカードを引きます。",
    },
    "discard_pile": {
        "en": "The face-up pile beside the stock. Only its top card can be taken.",
        "ja": "山札の横に表向きで積む山です。取れるのはいちばん上のカードだけです。",
    },
    "layout": {
        "en": "The cards laid out in front of a player in rows and columns.",
        "ja": "各プレイヤーが自分の前に行と列の形に並べたカードです。",
    },
    "column": {
        "en": "A vertical line of cards in a layout; matching ranks in a column cancel.",
        "ja": "手札の縦の並びです。同じ列に同じランクがそろうと打ち消し合います。",
    },
    "row": {
        "en": "A horizontal line of cards in a layout; rows never cancel.",
        "ja": "手札の横の並びです。行ではカードは打ち消し合いません。",
    },
    "pair": {
        "en": "Cards of the same rank that cancel each other, usually in one column.",
        "ja": "打ち消し合う同じランクのカードの組です。ふつうは同じ列にあるものを指します。",
    },
    "rank": {
        "en": "What a card is (ace, 2 ... king, joker), regardless of suit.",
        "ja": "スートに関係なく、カードが何であるか（エース、2〜キング、ジョーカー）を表します。",
    },
    "face_up": {
        "en": "Showing its face; everyone may see it.",
        "ja": "表が見えている状態で、全員が見てかまいません。",
    },
    "face_down": {
        "en": "Showing its back; nobody may look at it, its owner included.",
        "ja": "裏が見えている状態で、持ち主も含めて誰も見てはいけません。",
    },
    "turn": {
        "en": "One player's go: draw and swap or discard, or another action the rules allow.",
        "ja": "1人のプレイヤーの番です。引いて入れ替えるか捨てる、またはルールで認められた別の行動をします。",
    },
    "knock": {
        "en": "Announcing the end of the hole instead of drawing; the others then have one more turn.",
        "ja": "カードを引く代わりにホールの終わりを宣言することです。ほかのプレイヤーはあと1回ずつ手番を行います。",
    },
    "early_knock": {
        "en": "Turning up your last one or two face-down cards at once to end the hole immediately.",
        "ja": "残り1〜2枚の裏向きのカードをまとめて表にし、その場でホールを終わらせることです。",
    },
    "go_out": {
        "en": "To have every card of your layout face up, which starts the end of the hole.",
        "ja": "手札をすべて表向きにすることです。これがホールの終わりのきっかけになります。",
    },
    "peek": {
        "en": "Looking at two of your own cards at the start, then turning them back face down.",
        "ja": "最初に自分のカードを2枚だけ見て、また裏向きに戻すことです。",
    },
    "visible_score": {
        "en": "The points of your face-up cards and completed face-up pairs; not a forecast.",
        "ja": "表向きのカードと、表向きでそろったペアだけで数えた得点です。予想ではありません。",
    },
    "playoff": {
        "en": "An extra hole that settles a tie for the lowest total.",
        "ja": "最低合計点が同点のときに決着をつけるための追加のホールです。",
    },
    "preset": {
        "en": "A named set of rules, such as Basic or Jokers.",
        "ja": "「ベーシック」や「ジョーカーあり」のように、名前の付いたルールの組み合わせです。",
    },
}


def term(key: str, lang: str) -> str:
    """A glossary term in `lang` ('en' or 'ja')."""
    return TERMS[key][lang]
