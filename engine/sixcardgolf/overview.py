"""The whole game at a glance, for any rules value: what a reader needs before the full rules.

- `summary_paragraph`: the game from deal to winner in three or four sentences;
- `in_brief`: exactly ten short points (deal, opening, turn, discard pick-up, stock card,
  replaced cards, end of a hole, card values, pairs, winning);
- `table_size`: the players the rules seat at one table and the decks each count needs;
- `example_layout`: the worked example the engine draws for these rules (checked against
  their decks), which sheets and pages score and show.

Every number and every choice comes from the rules value, so a house rule changes these
texts as it changes the full statements (describe.py). The one-page rule sheets print all of
it; the site's game pages show the summary paragraph.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import JOKER, JOKER_RANK, RANKS, SUITS, format_card, make_card
from .deck_check import check_layouts
from .describe_common import lang_index, points_text
from .rules import MIN_PLAYERS, ONE_EYED_JACKS, RECOMMENDED_MAX_PLAYERS, Rules
from .scoring import ADJUSTMENT_ORDER

IN_BRIEF_POINTS = 10

_NUMBER_WORDS = (
    "no",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
)


def _en_number(count: int) -> str:
    return _NUMBER_WORDS[count] if 0 <= count < len(_NUMBER_WORDS) else str(count)


# -- the table -----------------------------------------------------------------------------
@dataclass(frozen=True)
class TableSize:
    """Player counts from MIN_PLAYERS to one table's worth that the rules can deal for, and decks per count."""

    players: tuple[int, ...]
    deck_runs: tuple[tuple[int, int, int], ...]  # (first players, last players, decks)


def table_size(rules: Rules, most: int = RECOMMENDED_MAX_PLAYERS) -> TableSize:
    seated = []
    for players in range(MIN_PLAYERS, most + 1):
        try:
            rules.check_players(players)
        except ValueError:
            continue
        seated.append(players)
    runs: list[tuple[int, int, int]] = []
    for players in seated:
        decks = rules.decks_for(players)
        if runs and runs[-1][2] == decks and runs[-1][1] == players - 1:
            runs[-1] = (runs[-1][0], players, decks)
        else:
            runs.append((players, players, decks))
    return TableSize(tuple(seated), tuple(runs))


# -- the worked example --------------------------------------------------------------------
# Ranks per column, top to bottom: column 1 always matches (it shows what a pair does under the
# rules); the others mix high, low and negative cards.
_EXAMPLE_COLUMNS = (("7", "7", "7"), ("K", "5", "3"), ("2", "Q", "A"), ("A", "9", "4"))
_JOKER_SLOT = (1, 1)  # (column, row) that holds a joker when the rules deal jokers


def example_layout(rules: Rules) -> list[int]:
    """The example layout for these rules, row by row; suits vary so that a pair is plainly by rank."""
    cards = []
    for row in range(rules.rows):
        for col in range(rules.cols):
            if rules.jokers_per_deck and (col, row) == _JOKER_SLOT:
                cards.append(JOKER)
            else:
                cards.append(make_card(RANKS.index(_EXAMPLE_COLUMNS[col][row]), (row + col) % len(SUITS)))
    check_layouts(rules, [cards])  # one copy of each card: it could lie on any table these rules deal
    return cards


# -- the summary paragraph -------------------------------------------------------------------
def summary_paragraph(rules: Rules, lang: str) -> str:
    """The game from the deal to the winner, in a few sentences."""
    return _summary_ja(rules) if lang_index(lang) else _summary_en(rules)


def _summary_en(rules: Rules) -> str:
    size, rows, cols, reveals = rules.size, rules.rows, rules.cols, rules.initial_reveals
    deal = f"Each player gets {_en_number(size)} cards face down in {_en_number(rows)} rows of {_en_number(cols)}"
    if rules.peek and reveals:
        opening = f"peeks at any {_en_number(reveals)} of them before play"
    elif reveals == size:
        opening = "turns them all face up"
    elif reveals:
        opening = f"turns any {_en_number(reveals)} face up"
    else:
        opening = "leaves them all face down"
    stock = (
        "either swap that card into your layout or discard it and turn one of your cards up"
        if rules.flip_on_discard == "always"
        else "either swap that card into your layout or discard it"
    )
    sentences = [
        f"{deal} and {opening}.",
        f"On your turn you draw from the stock or the discard pile and {stock}.",
    ]
    instead = [text for on, text in ((rules.flip_as_action, "turn a card up"), (rules.knock, "knock")) if on]
    if instead:
        sentences.append(f"Instead of drawing you may {' or '.join(instead)}.")
    if rules.end_of_hole == "final_turns":
        end = f"When one player has all {_en_number(size)} cards face up, everyone else gets one last turn"
    else:
        end = f"The hole ends as soon as one player has all {_en_number(size)} cards face up"
    scoring = {
        "column": "a column of matching ranks scores nothing" if rules.rows == 2 else f"a column of {_en_number(rules.rows)} matching ranks scores nothing",
        "anywhere": "equal ranks cancel in pairs wherever they lie",
        "off": "every card counts its value",
    }[rules.pairs]  # fmt: skip
    winner = (
        f"after {_en_number(rules.holes)} holes the lowest total wins" if rules.holes > 1 else "the lowest score wins"
    )
    sentences.append(f"{end}; then {scoring}, and {winner}.")
    if _adjustment_keys(rules):
        sentences.append("Bonuses and penalties also apply.")
    return " ".join(sentences)


def _summary_ja(rules: Rules) -> str:
    size, rows, cols, reveals = rules.size, rules.rows, rules.cols, rules.initial_reveals
    if rules.peek and reveals:
        opening = f"始める前に好きな{reveals}枚をのぞき見して、裏向きに戻します。"
    elif reveals == size:
        opening = "始める前にすべてを表向きにします。"
    elif reveals:
        opening = f"始める前に好きな{reveals}枚を表向きにします。"
    else:
        opening = "最初はすべて裏向きのままです。"
    stock = (
        "手札のカードと入れ替えるか、捨てて自分のカードを1枚表にします。"
        if rules.flip_on_discard == "always"
        else "手札のカードと入れ替えるか、そのまま捨てます。"
    )
    sentences = [
        f"各プレイヤーに{size}枚のカードを裏向きで配り、{cols}枚ずつ{rows}行に並べます。{opening}",
        f"手番では山札か捨て札の山から1枚引き、{stock}",
    ]
    instead = [text for on, text in ((rules.flip_as_action, "カードを1枚表にする"), (rules.knock, "ノックする")) if on]
    if instead:
        sentences.append(f"引く代わりに、{'か、'.join(instead)}こともできます。")
    if rules.end_of_hole == "final_turns":
        end = f"誰かの{size}枚がすべて表向きになったら、ほかの全員があと1回ずつ手番を行ってホールを終えます。"
    else:
        end = f"誰かの{size}枚がすべて表向きになった時点で、ホールは終わります。"
    scoring = {
        "column": "同じ列のカードがすべて同じランクならその列は0点で、" if rules.rows > 2 else "同じ列の2枚が同じランクならその列は0点で、",
        "anywhere": "同じランクのカードはどこにあっても2枚ずつ打ち消し合い、",
        "off": "カードの点数をそのまま合計し、",
    }[rules.pairs]  # fmt: skip
    winner = (
        f"{rules.holes}ホールの合計がいちばん少ない人の勝ちです。"
        if rules.holes > 1
        else "得点がいちばん少ない人の勝ちです。"
    )
    sentences.append(end + scoring + winner)
    if _adjustment_keys(rules):
        sentences.append("加点・減点もあります。")
    return "".join(sentences)


def _adjustment_keys(rules: Rules) -> list[str]:
    """The bonuses and penalties these rules use (the knock's are part of knocking)."""
    return [
        key for key in ADJUSTMENT_ORDER if key not in ("knock_penalty", "knock_reward_zero") and getattr(rules, key)
    ]


# -- in brief --------------------------------------------------------------------------------
def in_brief(rules: Rules, lang: str) -> list[str]:
    """Ten short points, always the same ten topics in the same order, worded for these rules."""
    points = _in_brief_ja(rules) if lang_index(lang) else _in_brief_en(rules)
    assert len(points) == IN_BRIEF_POINTS
    return points


def _in_brief_en(rules: Rules) -> list[str]:
    size, reveals = rules.size, rules.initial_reveals
    if rules.peek and reveals:
        opening = f"Peek at any {reveals} of your cards, then turn them back"
    elif reveals == size:
        opening = "All your cards start face up"
    elif reveals:
        opening = f"Turn any {reveals} of your cards face up before play"
    else:
        opening = "All your cards start face down"
    choices = ["draw from the stock", "take the top discard"]
    choices += [text for on, text in ((rules.flip_as_action, "turn a card up"), (rules.knock, "knock")) if on]
    turn = f"Turn: {', '.join(choices[:-1])} or {choices[-1]}"
    stock = {
        "never": "Stock card: swap it in or discard it",
        "always": "Stock card: swap it in, or discard it and turn a card up",
        "endgame": "Stock card: swap it in or discard it (near the end, you may then turn a card up)",
    }[rules.flip_on_discard]
    end = (
        "A player turns their last card up: everyone else gets 1 more turn"
        if rules.end_of_hole == "final_turns"
        else "A player turns their last card up: the hole ends at once"
    )
    pairs = {
        "column": "Same rank in the same column = 0" if rules.rows == 2 else f"A column of {rules.rows} equal ranks = 0",
        "anywhere": "Equal ranks cancel in pairs, anywhere in the layout",
        "off": "No pairs: every card counts",
    }[rules.pairs]  # fmt: skip
    ties = "ties share the win" if rules.ties == "shared" else "a tie plays one more hole"
    holes = f"{rules.holes} holes, lowest total wins" if rules.holes > 1 else "1 hole, lowest score wins"
    return [
        f"Deal {size} each, face down, {rules.rows} rows of {rules.cols}",
        opening,
        turn,
        "A discard you take must go into your layout"
        if rules.discard_pickup_must_swap
        else "A discard you take may go straight back",
        stock,
        "Replaced cards go face up to the discard pile, unseen",
        end,
        values_in_brief(rules, "en"),
        pairs,
        f"{holes}; {ties}",
    ]


def _in_brief_ja(rules: Rules) -> list[str]:
    size, reveals = rules.size, rules.initial_reveals
    if rules.peek and reveals:
        opening = f"始める前に、好きな{reveals}枚をのぞき見して裏向きに戻します"
    elif reveals == size:
        opening = "最初からすべて表向きです"
    elif reveals:
        opening = f"始める前に、好きな{reveals}枚を表向きにします"
    else:
        opening = "最初はすべて裏向きです"
    instead = [text for on, text in ((rules.flip_as_action, "1枚表にする"), (rules.knock, "ノックする")) if on]
    turn = "手番：山札か捨て札の山から1枚引きます" + (
        f"（引く代わりに{'か、'.join(instead)}こともできます）" if instead else ""
    )
    stock = {
        "never": "山札のカード：入れ替えるか、捨てます",
        "always": "山札のカード：入れ替えるか、捨てて1枚表にします",
        "endgame": "山札のカード：入れ替えるか捨てます（終盤は捨てたあと1枚表にできます）",
    }[rules.flip_on_discard]
    end = (
        "誰かのカードがすべて表になったら、ほかの人はあと1回ずつ手番を行います"
        if rules.end_of_hole == "final_turns"
        else "誰かのカードがすべて表になったら、ホールはその場で終わります"
    )
    pairs = {
        "column": "同じ列の2枚が同じランクなら、その列は0点です" if rules.rows == 2 else f"列の{rules.rows}枚が同じランクなら、その列は0点です",
        "anywhere": "同じランクは手札のどこにあっても2枚ずつ打ち消し合います",
        "off": "ペアはなく、すべてのカードを数えます",
    }[rules.pairs]  # fmt: skip
    ties = "同点なら勝ちを分け合います" if rules.ties == "shared" else "同点ならもう1ホール遊んで決めます"
    holes = f"{rules.holes}ホールの合計がいちばん少ない人の勝ち" if rules.holes > 1 else "得点がいちばん少ない人の勝ち"
    return [
        f"1人{size}枚ずつ裏向きで配り、{rules.cols}枚×{rules.rows}行に並べます",
        opening,
        turn,
        "捨て札から取ったカードは、必ず手札と入れ替えます"
        if rules.discard_pickup_must_swap
        else "捨て札から取ったカードは、そのまま捨て直してもかまいません",
        stock,
        "外したカードは見ずに、表向きで捨て札の山に出します",
        end,
        values_in_brief(rules, "ja"),
        pairs,
        f"{holes}です（{ties}）",
    ]


def values_in_brief(rules: Rules, lang: str) -> str:
    """Card values in one line: 'A = 1, 2 = −2, 3–10 face value, J/Q = 10, K = 0'.

    Number cards worth their face make runs ('3–10 face value'); other neighbours of equal value
    join ('J/Q = 10'); the joker comes last when the rules deal jokers.
    """
    ja = lang_index(lang) == 1
    equals, range_mark, or_mark = ("＝", "〜", "・") if ja else (" = ", "–", "/")
    ranks = list(range(JOKER_RANK)) + ([JOKER_RANK] if rules.jokers_per_deck else [])

    def name(rank: int) -> str:
        return ("ジョーカー" if ja else "Joker") if rank == JOKER_RANK else RANKS[rank]

    def at_face(rank: int) -> bool:
        return 1 <= rank <= 9 and rules.values[rank] == rank + 1  # the 2 to the 10

    parts: list[str] = []
    index = 0
    while index < len(ranks):
        end = index
        if at_face(ranks[index]):
            while end + 1 < len(ranks) and at_face(ranks[end + 1]):
                end += 1
        if end > index:
            parts.append(f"{name(ranks[index])}{range_mark}{name(ranks[end])}{'＝数字どおり' if ja else ' face value'}")
        else:
            value = rules.values[ranks[index]]
            while (
                end + 1 < len(ranks)
                and JOKER_RANK not in (ranks[index], ranks[end + 1])
                and rules.values[ranks[end + 1]] == value
                and not (at_face(ranks[end + 1]) and end + 2 < len(ranks) and at_face(ranks[end + 2]))
            ):
                end += 1
            group = [name(rank) for rank in ranks[index : end + 1]]
            label = f"{group[0]}{range_mark}{group[-1]}" if len(group) > 2 else or_mark.join(group)
            parts.append(f"{label}{equals}{points_text(value)}")
        index = end + 1
    if rules.one_eyed_jacks:
        jacks = or_mark.join(format_card(card, symbols=True) for card in sorted(ONE_EYED_JACKS))
        parts.append(f"{jacks}{equals}{points_text(rules.card_points[min(ONE_EYED_JACKS)])}")
    return ("、" if ja else ", ").join(parts)
