"""Rule text for players, set-up, the turn and the end of a hole."""

from __future__ import annotations

from .describe_common import Statement, lowest_text
from .errors import RulesError
from .rules import MAX_PLAYERS, MIN_PLAYERS, RECOMMENDED_MAX_PLAYERS, Rules
from .scoring import AMOUNTS


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


def players_statements(rules: Rules, lang: str) -> list[Statement]:
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


def setup_statements(rules: Rules, lang: str) -> list[Statement]:
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
def turn_statements(rules: Rules, lang: str) -> list[Statement]:
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
        out.append(Statement("turn", "knock", knock_text(rules, ja)))
    if rules.early_knock:
        out.append(
            Statement(
                "turn",
                "early_knock",
                "裏向きのカードが1〜2枚のときは、手番を使ってそれをすべて表にし、ホールをその場で終わらせられます（早ノック）。"
                "最後の手番の最中にはできません。早ノックは上がりとして扱います（上がりの加点・減点の対象です）。"
                if ja
                else "With one or two face-down cards left, you may spend your turn turning them all up; the hole "
                "then ends at once (an early knock). Not allowed during the final round of turns. An early knock "
                "counts as going out, for every bonus or penalty for going out.",
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


def knock_text(rules: Rules, ja: bool) -> str:
    base = (
        "カードを引く代わりにノックできます。ほかのプレイヤーはノックせずに1回ずつ手番を行い、そのあと得点を数えます。"
        if ja
        else "Instead of drawing, you may knock: every other player then has one more turn, without knocking, "
        "and the hole is scored."
    )
    lowest = lowest_text(rules, ja)
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


# -- ending a hole -------------------------------------------------------------------
def ending_statements(rules: Rules, lang: str) -> list[Statement]:
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
