"""Rule text: the statements that describe any rules value, in English and Japanese.

The site, the printed sheets and the playground's rule summary all show these
statements, so every number in them comes from the rules value (or from the
scoring AMOUNTS), never from a per-preset text.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import RulesError
from .option_text import adjustment_label, describe_option_value, option_label
from .rules import MAX_PLAYERS, MIN_PLAYERS, RECOMMENDED_MAX_PLAYERS, Rules
from .scoring import ADJUSTMENT_ORDER, AMOUNTS

SECTIONS: tuple[str, ...] = ("players", "setup", "turn", "ending", "values", "pairs", "adjustments", "winning")
_SECTION_TITLES = {
    "players": ("Players and cards", "人数とカード"),
    "setup": ("Setting up", "準備"),
    "turn": ("On your turn", "手番の流れ"),
    "ending": ("Ending a hole", "ホールの終わり"),
    "values": ("Card values", "カードの得点"),
    "pairs": ("Pairs", "ペア"),
    "adjustments": ("Bonuses and penalties", "加点・減点"),
    "winning": ("Winning", "勝敗"),
}
_END_REASONS = {
    "final_turns": ("A player went out and everyone else has had a final turn.", "誰かが上がり、ほかの全員が最後の手番を終えました。"),
    "went_out": ("A player went out, which ends the hole at once.", "誰かが上がったので、ホールはその場で終わりました。"),
    "knock": ("A player knocked and everyone else has had a final turn.", "誰かがノックし、ほかの全員が最後の手番を終えました。"),
    "early_knock": ("A player turned up their last cards with an early knock.", "誰かが早ノックで残りのカードを表にしました。"),
    "turn_limit": ("The hole reached its turn limit, so every card is turned up and scored.",
                   "手番の上限に達したため、すべてのカードを表にして得点を数えます。"),
    "no_cards": ("No card can be drawn, so the hole is scored at once.", "引けるカードがないため、ただちに得点を数えます。"),
}  # fmt: skip


@dataclass(frozen=True)
class Statement:
    section: str
    key: str  # the option key (or topic) the statement comes from
    text: str


def section_title(section: str, lang: str) -> str:
    return _SECTION_TITLES[section][_lang_index(lang)]


def end_reason_text(reason: str, lang: str) -> str:
    return _END_REASONS[reason][_lang_index(lang)]


def _lang_index(lang: str) -> int:
    if lang not in ("en", "ja"):
        raise RulesError(f"language {lang!r} is not available: expected en or ja")
    return 0 if lang == "en" else 1


def points_text(points: int) -> str:
    """A number of points as printed: a true minus sign for negatives."""
    return f"−{-points}" if points < 0 else str(points)


# -- card values ---------------------------------------------------------------
_RANK_NAMES_EN = ("Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King", "Joker")
_RANK_NAMES_JA = (
    "エース",
    "2",
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    "10",
    "ジャック",
    "クイーン",
    "キング",
    "ジョーカー",
)


def card_value_rows(rules: Rules, lang: str) -> list[tuple[str, int | str]]:
    """(card label, points) rows for a value table; a run of number cards at face value is one row."""
    ja = _lang_index(lang) == 1
    names = _RANK_NAMES_JA if ja else _RANK_NAMES_EN
    rows: list[tuple[str, int | str]] = []
    face_run = [rank for rank in range(2, 10) if rules.values[rank] == rank + 1]
    for rank in range(14):
        if rank == 13 and rules.jokers_per_deck == 0:
            continue
        if (
            face_run
            and rank == face_run[0]
            and len(face_run) > 1
            and face_run == list(range(face_run[0], face_run[-1] + 1))
        ):
            first, last = names[face_run[0]], names[face_run[-1]]
            rows.append((f"{first}〜{last}" if ja else f"{first} to {last}", "数字どおり" if ja else "face value"))
            continue
        if len(face_run) > 1 and rank in face_run[1:] and face_run == list(range(face_run[0], face_run[-1] + 1)):
            continue
        if rank == 10 and rules.one_eyed_jacks:
            label = "ジャック（♥と♠以外）" if ja else "Jack (♣ and ♦)"
            rows.append((label, rules.values[10]))
            rows.append(("ジャック（♥と♠）" if ja else "One-eyed jack (♥ and ♠)", 0))
            continue
        if rows and rank in (11, 12) and rows[-1][1] == rules.values[rank] and rows[-1][0] == names[rank - 1]:
            rows[-1] = (
                f"{names[rank - 1]}と{names[rank]}" if ja else f"{names[rank - 1]} and {names[rank]}",
                rules.values[rank],
            )
            continue
        rows.append((names[rank], rules.values[rank]))
    return rows


def _value_statements(rules: Rules, lang: str) -> list[Statement]:
    ja = lang == "ja"
    statements = []
    for label, points in card_value_rows(rules, lang):
        if isinstance(points, str):
            text = f"{label}は{points}の点数です。" if ja else f"{label}: {points}."
        else:
            unit = "point" if abs(points) == 1 else "points"
            text = f"{label}は{points_text(points)}点です。" if ja else f"{label}: {points_text(points)} {unit}."
        statements.append(Statement("values", "values", text))
    if rules.one_eyed_jacks:
        suits = (
            "スートが得点に関係するのは片目のジャックだけです。" if ja else "Suits matter only for the one-eyed jacks."
        )
    else:
        suits = "スートは得点に関係しません。" if ja else "Suits do not change a card's value."
    statements.append(Statement("values", "suits", suits))
    return statements


# -- players and set-up ----------------------------------------------------------
def _deck_ranges(rules: Rules) -> list[tuple[int, int, int]]:
    """(first players, last players, decks) runs for the player counts the rules can seat."""
    runs: list[tuple[int, int, int]] = []
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        try:
            rules.check_players(players)
        except RulesError:
            break
        decks = rules.decks_for(players)
        if runs and runs[-1][2] == decks:
            runs[-1] = (runs[-1][0], players, decks)
        else:
            runs.append((players, players, decks))
    return runs


def _players_statements(rules: Rules, lang: str) -> list[Statement]:
    ja = lang == "ja"
    runs = _deck_ranges(rules)
    most = runs[-1][1]
    usual = min(most, RECOMMENDED_MAX_PLAYERS)
    out = [
        Statement(
            "players",
            "players",
            f"{MIN_PLAYERS}〜{usual}人で遊びます。カードが足りれば{most}人まで遊べます。"
            if ja and most > usual
            else f"{MIN_PLAYERS}〜{usual}人で遊びます。"
            if ja
            else f"For {MIN_PLAYERS} to {usual} players; up to {most} if the cards allow."
            if most > usual
            else f"For {MIN_PLAYERS} to {usual} players.",
        )
    ]
    per_deck = 52 + rules.jokers_per_deck
    parts = []
    for first, last, decks in runs:
        open_ended = (first, last, decks) == runs[-1] and most == MAX_PLAYERS and first != last
        if ja:
            span = f"{first}人以上" if open_ended else f"{first}〜{last}人" if first != last else f"{first}人"
            parts.append(f"{span}なら{decks}組")
        else:
            span = f"{first} or more" if open_ended else f"{first}–{last}" if first != last else f"{first}"
            parts.append(f"{decks} for {span} players")
    if rules.decks != "auto":
        text = (
            f"人数にかかわらず、トランプを{rules.decks}組（{rules.decks * per_deck}枚）使います。"
            if ja
            else f"Use {rules.decks} deck(s) of cards ({rules.decks * per_deck} cards) whatever the number of players."
        )
    else:
        text = f"トランプの組数は人数で決まります：{'、'.join(parts)}です。" if ja else f"Decks: {', '.join(parts)}."
    out.append(Statement("players", "decks", text))
    if rules.jokers_per_deck:
        jokers = rules.jokers_per_deck
        text = (
            f"各デッキにジョーカーを{jokers}枚入れます（1組{per_deck}枚）。"
            if ja
            else f"Add {jokers} joker{'s' if jokers > 1 else ''} to each deck ({per_deck} cards a deck)."
        )
    else:
        text = "ジョーカーは使いません（1組52枚）。" if ja else "Leave the jokers out (52 cards a deck)."
    out.append(Statement("players", "jokers_per_deck", text))
    out.append(
        Statement(
            "players",
            "duplicates",
            "複数のデッキを混ぜても問題ありません。ランクは一致するかどうかだけを見ます。"
            if ja
            else "Mixing several decks is fine: ranks are only ever matched, never compared.",
        )
    )
    return out


def _setup_statements(rules: Rules, lang: str) -> list[Statement]:
    ja = lang == "ja"
    rows, cols, size, reveals = rules.rows, rules.cols, rules.size, rules.initial_reveals
    out = [
        Statement(
            "setup",
            "layout",
            f"ディーラーは各プレイヤーに{size}枚ずつ、1枚ずつ時計回りに裏向きで配ります。"
            f"各自、カードを見ずに{cols}枚ずつ{rows}行に並べます（{cols}列ができます）。"
            if ja
            else f"The dealer deals {size} cards face down to each player, one at a time, clockwise. "
            f"Each player lays them out unseen in {rows} rows of {cols}, making {cols} columns.",
        ),
        Statement(
            "setup",
            "stock",
            "残りのカードを山札として中央に置き、いちばん上を表向きにして捨て札の山を始めます。"
            if ja
            else "The rest of the cards form the stock; its top card is turned face up to start the discard pile.",
        ),
    ]
    if rules.peek and reveals:
        text = (
            f"最初の手番の前に、各自が自分のカードを好きな{reveals}枚だけのぞき見して、裏向きに戻します。"
            "のぞき見したカードは得点計算まで、ほかの人には見せません。"
            if ja
            else f"Before the first turn, each player peeks at any {reveals} of their own cards and turns them "
            "back face down; the others do not see them until scoring."
        )
    elif reveals == size:
        text = (
            f"最初の手番の前に、各自が{size}枚すべてを表向きにします。"
            if ja
            else f"Before the first turn, each player turns all {size} cards face up."
        )
    elif reveals:
        text = (
            f"最初の手番の前に、各自が自分のカードを好きな{reveals}枚だけ表向きにします。"
            if ja
            else f"Before the first turn, each player turns any {reveals} of their own cards face up."
        )
    else:
        text = "最初はすべてのカードが裏向きのまま始めます。" if ja else "Every card starts face down."
    out.append(Statement("setup", "initial_reveals", text))
    out.append(
        Statement(
            "setup",
            "hidden",
            "裏向きのカードは、持ち主も含めて誰も見てはいけません。"
            if ja
            else "Nobody may look at a face-down card, not even its owner.",
        )
    )
    out.append(
        Statement(
            "setup",
            "rotation",
            "ディーラーの左隣から始めて時計回りに進みます。ホールごとにディーラーは左へ1人ずつ移り、毎回すべてのカードをよく切り直します。"
            if ja
            else "The player to the dealer's left starts and play goes clockwise. The deal moves one seat left "
            "for each new hole, and every hole starts from a freshly shuffled full deck.",
        )
    )
    return out


# -- the turn ----------------------------------------------------------------------
def _turn_statements(rules: Rules, lang: str) -> list[Statement]:
    ja = lang == "ja"
    out = [
        Statement(
            "turn",
            "draw",
            "手番では、山札のいちばん上か捨て札の山のいちばん上から1枚引きます。"
            if ja
            else "On your turn, take one card: the top of the stock or the top of the discard pile.",
        ),
        Statement(
            "turn",
            "swap",
            "引いたカードを使うなら、自分のカード（表向きでも裏向きでも）1枚と入れ替えて表向きに置き、"
            "元のカードを表向きで捨て札の山に出します。入れ替える位置を先に決めるので、裏向きのカードは見ないまま手放します。"
            if ja
            else "To keep it, put it face up in place of any one of your cards, face up or face down, and put the "
            "replaced card face up on the discard pile. You choose the position first, so a face-down card "
            "leaves unseen and is then shown to all.",
        ),
    ]
    if rules.discard_pickup_must_swap:
        text = (
            "捨て札の山から取ったカードは、必ず手札と入れ替えます。そのまま捨て直すことはできません。"
            if ja
            else "A card taken from the discard pile must go into your layout; you may not throw it straight back."
        )
    else:
        text = (
            "捨て札の山から取ったカードを、使わずにそのまま捨て直してもかまいません。"
            if ja
            else "A card taken from the discard pile may be thrown straight back instead of used."
        )
    out.append(Statement("turn", "discard_pickup_must_swap", text))
    stock_text = {
        "never": (
            "山札から引いたカードは、使わずに捨てて手番を終えてもかまいません。",
            "A card drawn from the stock may be discarded instead; your turn then ends.",
        ),
        "always": (
            "山札から引いたカードを捨てた場合は、自分の裏向きのカードを1枚必ず表にします（裏向きのカードが残っていれば）。",
            "A card drawn from the stock may be discarded, but then you must turn one of your face-down cards face "
            "up (if you have one left).",
        ),
        "endgame": (
            "山札から引いたカードは捨ててもかまいません。誰か（自分を含む）の裏向きのカードが1枚以下になったら、"
            "捨てたあとに自分の裏向きのカードを1枚表にすることもできます（しなくてもかまいません）。",
            "A card drawn from the stock may be discarded. Once any player, you included, has one or no face-down "
            "card left, you may also turn one of your face-down cards up after discarding (or skip it).",
        ),
    }[rules.flip_on_discard]
    out.append(Statement("turn", "flip_on_discard", stock_text[0] if ja else stock_text[1]))
    if rules.flip_as_action:
        out.append(
            Statement(
                "turn",
                "flip_as_action",
                "カードを引く代わりに、自分の裏向きのカードを1枚表にするだけで手番を終えることもできます。"
                if ja
                else "Instead of drawing, you may spend your whole turn turning one of your face-down cards up.",
            )
        )
    if rules.knock:
        out.append(Statement("turn", "knock", _knock_text(rules, ja)))
    if rules.early_knock:
        out.append(
            Statement(
                "turn",
                "early_knock",
                "裏向きのカードが1〜2枚のときは、手番を使ってそれをすべて表にし、ホールをその場で終わらせられます（早ノック）。"
                "最後の手番の最中にはできません。"
                if ja
                else "With one or two face-down cards left, you may spend your turn turning them all up; the hole "
                "then ends at once (an early knock). Not allowed during the final round of turns.",
            )
        )
    out.append(
        Statement(
            "turn",
            "no_rearranging",
            "表にしたカードが裏に戻ることはなく、手札の並びを入れ替えることもできません。表向きのカードも、あとの手番で入れ替えられます。"
            if ja
            else "Cards never turn back face down and the layout is never rearranged. A face-up card can be "
            "replaced again on a later turn.",
        )
    )
    return out


def _knock_text(rules: Rules, ja: bool) -> str:
    base = (
        "カードを引く代わりにノックできます。ほかのプレイヤーはノックせずに1回ずつ手番を行い、そのあと得点を数えます。"
        if ja
        else "Instead of drawing, you may knock: every other player then has one more turn, without knocking, "
        "and the hole is scored."
    )
    lowest = _lowest_text(rules, ja)
    penalty = {
        "none": ("ノックに罰点はありません。", "Knocking carries no penalty."),
        "plus10": (
            f"ノックした人が最低点でなければ{AMOUNTS['knock_plus10']}点を加えます。",
            f"A knocker who is not lowest adds {AMOUNTS['knock_plus10']} points.",
        ),
        "double_plus5": (
            f"ノックした人が最低点でなければ、得点を2倍にして{AMOUNTS['knock_double_plus5']}点を加えます"
            f"（0点以下なら{AMOUNTS['knock_double_plus5']}点を加えるだけです）。",
            f"A knocker who is not lowest doubles their score and adds {AMOUNTS['knock_double_plus5']} "
            f"(a score of 0 or less just adds {AMOUNTS['knock_double_plus5']}).",
        ),
        "worst": (
            "ノックした人が最低点でなければ、そのホールでいちばん悪い得点と同じ点になります。",
            "A knocker who is not lowest takes the worst score of the hole.",
        ),
    }[rules.knock_penalty]
    parts = [base, penalty[0] if ja else penalty[1]]
    if rules.knock_reward_zero:
        parts.append(
            "最低点でノックした人の得点は0点になります（マイナスならそのままです）。"
            if ja
            else "A knocker who is lowest scores 0 (a negative score is kept)."
        )
    if rules.knock_penalty != "none" or rules.knock_reward_zero:
        parts.append(lowest)
    return ("" if ja else " ").join(parts)


def _lowest_text(rules: Rules, ja: bool) -> str:
    if rules.tie_counts_as_lowest:
        return "最低点で並んだ場合も最低点とみなします。" if ja else "A tie for lowest counts as lowest."
    return "最低点で並んだ場合は最低点とみなしません。" if ja else "A tie for lowest does not count as lowest."


# -- ending a hole -------------------------------------------------------------------
def _ending_statements(rules: Rules, lang: str) -> list[Statement]:
    ja = lang == "ja"
    if rules.end_of_hole == "final_turns":
        text = (
            "手番の終わりに手札がすべて表向きになったプレイヤーが出たら（上がり）、ほかの全員が順番に最後の手番を1回ずつ行います。"
            "上がった人にはもう手番がなく、最後の手番の途中でほかの誰かが上がってもやり直しにはなりません。"
            if ja
            else "When a player's cards are all face up at the end of their turn (they go out), every other player "
            "has exactly one more turn, in order. The player who went out gets no further turn, and the final round "
            "does not restart if someone else goes out during it."
        )
    else:
        text = (
            "誰かの手札がすべて表向きになった時点で（上がり）、ホールはすぐに終わります。ほかの人に手番はありません。"
            if ja
            else "The hole ends the moment a player's cards are all face up (they go out); nobody has another turn."
        )
    out = [Statement("ending", "end_of_hole", text)]
    if rules.end_of_hole == "immediate" and rules.knock:
        out.append(
            Statement(
                "ending",
                "knock_round",
                "ノックのあとの最後の手番の途中で誰かが上がっても、その手番は最後まで続けます。"
                if ja
                else "After a knock, the final round of turns is always played out, even if someone goes out during it.",
            )
        )
    out.append(
        Statement(
            "ending",
            "recycle",
            "山札がなくなったら、捨て札の山のいちばん上を残し、残りを切り直して新しい山札にします。"
            if ja
            else "If the stock runs out, keep the top discard in place and shuffle the rest of the discard pile "
            "into a new stock.",
        )
    )
    out.append(
        Statement(
            "ending",
            "turn_limit",
            f"いつまでも終わらないことがないよう、{rules.turn_limit}手番でホールを終えます。"
            if ja
            else f"So that no hole runs forever, a hole also ends after {rules.turn_limit} turns.",
        )
    )
    out.append(
        Statement(
            "ending",
            "reveal_all",
            "ホールが終わったら、裏向きのカードをすべて表にしてから全員の得点を数えます。"
            if ja
            else "At the end of a hole, every hidden card is turned up and every layout is scored.",
        )
    )
    return out


# -- pairs -----------------------------------------------------------------------------
def _pairs_statements(rules: Rules, lang: str) -> list[Statement]:
    ja = lang == "ja"
    out = []
    if rules.pairs == "column" and rules.rows == 2:
        text = (
            "同じ列の2枚が同じランクならペアになり、その列はカードの点数に関係なく0点です。ジャックとクイーンのように点数が同じでもランクが違えばペアになりません。"
            if ja
            else "Two cards of the same rank in one column make a pair: the column scores 0, whatever the cards are "
            "worth. Rank counts, not value: a jack and a queen never pair."
        )
    elif rules.pairs == "column":
        text = (
            f"列の{rules.rows}枚すべてが同じランクのときだけ、その列は0点になります。2枚だけそろっても打ち消されません。"
            if ja
            else f"A column scores 0 only when all {rules.rows} of its cards share one rank; two out of "
            f"{rules.rows} cancel nothing."
        )
    elif rules.pairs == "anywhere":
        text = (
            "同じランクのカードは、手札のどこにあっても2枚ずつ打ち消し合います。3枚なら2枚が消えて1枚は数え、4枚ならすべて消えます。"
            if ja
            else "Equal ranks cancel two by two wherever they sit in the layout: with three of a kind the third card "
            "still counts, and four of a kind cancel completely."
        )
    else:
        text = (
            "ペアのルールは使いません。どの列もカードの点数をそのまま合計します。"
            if ja
            else "No pairs: every column is a plain sum of its cards."
        )
    out.append(Statement("pairs", "pairs", text))
    if rules.pairs != "off":
        if rules.pairs == "column":
            out.append(
                Statement(
                    "pairs",
                    "rows_never",
                    "行や斜めにそろっても打ち消されません。スートは関係ありません。"
                    if ja
                    else "Rows and diagonals never cancel, and suits never matter.",
                )
            )
        in_play = range(14) if rules.jokers_per_deck else range(13)
        has_negative = any(rules.values[rank] < 0 for rank in in_play)
        group = "pair" if rules.rows == 2 or rules.pairs == "anywhere" else "matched column"
        if not has_negative:
            pass
        elif rules.negative_pairs_keep_value:
            text = (
                "マイナスのカードどうしのペアは0点にならず、点数の合計をそのまま残します。"
                if ja
                else f"A {group} of cards that are each worth less than zero keeps their total instead of scoring 0."
            )
        else:
            text = (
                "マイナスのカードどうしでも、ペアになれば0点です。マイナスのカードは別々の列に置くほうが得です。"
                if ja
                else f"A {group} of negative cards also scores 0, so negative cards are better kept apart."
            )
        if has_negative:
            out.append(Statement("pairs", "negative_pairs_keep_value", text))
        if rules.jokers_per_deck:
            if rules.joker_pairs == "never":
                text = (
                    "ジョーカーはペアになりません。いつも自分の点数で数えます。"
                    if ja
                    else "Jokers never pair: each always scores its own value."
                )
            elif rules.joker_pair_value is not None:
                value = points_text(rules.joker_pair_value)
                text = f"ジョーカーどうしのペアは{value}点です。" if ja else f"A pair of jokers scores {value}."
            else:
                text = (
                    "ジョーカーどうしは同じランクとしてペアになります。"
                    if ja
                    else "Jokers pair with each other like any other rank."
                )
            out.append(Statement("pairs", "joker_pairs", text))
    return out


# -- adjustments and winning --------------------------------------------------------------
def _adjustment_text(rules: Rules, key: str, ja: bool) -> str:
    a = AMOUNTS
    texts = {
        "four_of_a_kind": (
            f"同じランクのペアが2組あれば、さらに{points_text(a['four_of_a_kind'])}点です。",
            f"Two matched groups of the same rank score a further {points_text(a['four_of_a_kind'])}.",
        ),
        "wolfpack": (
            f"ジャックのペアが2組（ジャック4枚）あれば、さらに{points_text(a['wolfpack'])}点です（フォーカードと重ねて数えます）。",
            f"Two matched groups of jacks (all four jacks) score a further {points_text(a['wolfpack'])}, "
            "on top of four of a kind.",
        ),
        "blackjack": (
            f"ホールの得点がちょうど{a['blackjack_score']}点なら0点になります。",
            f"A hole score of exactly {a['blackjack_score']} becomes 0.",
        ),
        "going_out_penalty": (
            f"上がった人が最低点でなければ{a['going_out_penalty']}点を加えます。",
            f"The player who went out adds {a['going_out_penalty']} if they are not lowest.",
        ),
        "going_out_bonus": (
            f"最初に上がった人は{points_text(a['going_out_bonus'])}点です。",
            f"The player who went out first gets {points_text(a['going_out_bonus'])}.",
        ),
        "underdog_bonus": (
            f"そのホールの最低点の人は、さらに{points_text(a['underdog_bonus'])}点です。",
            f"The lowest score of the hole earns a further {points_text(a['underdog_bonus'])}.",
        ),
        "tied_shame": (
            f"ホールの得点がほかの人と同じプレイヤーは、それぞれ{a['tied_shame']}点を加えます（3人以上でも同じです）。",
            f"Players whose hole scores are equal each add {a['tied_shame']} (however many are tied).",
        ),
    }
    return texts[key][0] if ja else texts[key][1]


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def _adjustment_statements(rules: Rules, lang: str) -> list[Statement]:
    ja = lang == "ja"
    active = [
        key for key in ADJUSTMENT_ORDER if key not in ("knock_penalty", "knock_reward_zero") and getattr(rules, key)
    ]
    if not active:
        text = (
            "ボーナスや罰点はありません。ホールの得点はカードだけで決まります。"
            if ja
            else "No bonuses or penalties: a hole scores its cards alone."
        )
        return [Statement("adjustments", "none", text)]
    out = [
        Statement(
            "adjustments",
            key,
            f"{adjustment_label(key, lang)}：{_adjustment_text(rules, key, ja)}"
            if ja
            else f"{adjustment_label(key, lang)}: {_lower_first(_adjustment_text(rules, key, ja))}",
        )
        for key in active
    ]
    comparing = [k for k in active if k in ("going_out_penalty", "underdog_bonus", "tied_shame")]
    if comparing or rules.knock:
        names = (
            "、".join(adjustment_label(k, lang) for k in active)
            if ja
            else ", ".join(adjustment_label(k, lang) for k in active)
        )
        out.append(
            Statement(
                "adjustments",
                "order",
                f"適用する順番：{names}。ほかの人と比べる判定は、フォーカード・ウルフパック・ブラックジャックを適用したあとのホールの得点で行います。{_lowest_text(rules, True)}"
                if ja
                else f"They apply in this order: {names}. Comparisons between players use the hole score after four of "
                f"a kind, wolfpack and blackjack. {_lowest_text(rules, False)}",
            )
        )
    return out


def _winning_statements(rules: Rules, lang: str) -> list[Statement]:
    ja = lang == "ja"
    out = [
        Statement(
            "winning",
            "holes",
            f"{rules.holes}ホール遊び、各ホールの得点を合計します。合計がいちばん少ない人の勝ちです。"
            if ja
            else f"Play {rules.holes} hole{'s' if rules.holes > 1 else ''} and add up each player's scores; the lowest total wins.",
        )
    ]
    if rules.ties == "shared":
        text = (
            "最低合計点で並んだ人は、勝ちを分け合います。" if ja else "Players tied for the lowest total share the win."
        )
    else:
        text = (
            "最低合計点で並んだら、全員でもう1ホール遊び、並んだ人どうしのそのホールの得点だけで決めます。また並んだら繰り返します。"
            if ja
            else "If players tie for the lowest total, everyone plays one more hole and only the tied players' scores on it "
            "decide; repeat if they tie again."
        )
    out.append(Statement("winning", "ties", text))
    return out


def describe_rules(rules: Rules, lang: str) -> list[Statement]:
    """Every statement for `rules` in `lang`, in the reading order of SECTIONS."""
    _lang_index(lang)
    return [
        *_players_statements(rules, lang),
        *_setup_statements(rules, lang),
        *_turn_statements(rules, lang),
        *_ending_statements(rules, lang),
        *_value_statements(rules, lang),
        *_pairs_statements(rules, lang),
        *_adjustment_statements(rules, lang),
        *_winning_statements(rules, lang),
    ]


__all__ = [
    "SECTIONS",
    "Statement",
    "adjustment_label",
    "card_value_rows",
    "describe_option_value",
    "describe_rules",
    "end_reason_text",
    "option_label",
    "points_text",
    "section_title",
]
