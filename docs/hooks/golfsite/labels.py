"""Words of the site's own furniture (table headers, captions), in English and Japanese.

Game terms come from the engine's glossary and rule facts from the engine's rules data;
what is left here is the wording of tables and figures, which belongs to the site alone.
"""

from __future__ import annotations

from sixcardgolf.cards import JOKER, RANKS, SUIT_SYMBOLS, rank_of, suit_of
from sixcardgolf.messages import points_text
from sixcardgolf.option_text import describe_option_value
from sixcardgolf.rules import Rules
from sixcardgolf.text.glossary import rank_word, term

LANGS = ("en", "ja")

_TEXT: dict[str, tuple[str, str]] = {
    "card": ("Card", "カード"),
    "values_caption": ("Card values: {preset}", "カードの得点：{preset}"),
    "rank": ("Rank", "ランク"),
    "not_in_play": ("not in play", "使わない"),
    "breakdown_caption": ("How the layout scores ({preset})", "得点の内訳（{preset}）"),
    "group_column": ("Column {n} (positions {positions})", "{n}列目（{positions}番）"),
    "group_pair": ("Pair (positions {positions})", "ペア（{positions}番）"),
    "group_single": ("Position {positions}", "{positions}番"),
    "cards": ("Cards", "カード"),
    "part": ("Part of the layout", "手札の部分"),
    "rules_with": ("{preset}, with {options}", "{preset}、{options}"),
    "is_basic": ("This is the standard game: every other game on this site changes some of its rules.",
                 "これが標準のゲームです。このサイトのほかのゲームは、どれもこのルールの一部を変えたものです。"),
    "differences_caption": ("What {preset} changes from {basic}", "{basic}から変わる点：{preset}"),
    "play_this": ("Play {preset} in your browser", "「{preset}」をブラウザーで遊ぶ"),
    "card_points": ("Card points", "カードの得点"),
    # golf:values-line, what every card is worth in one line: "Ace = 1 point, 2 = −2 points, ..."
    "value_item": ("{label} = {points}", "{label}＝{points}"),
    "values_line": ("{items}.", "{items}。"),
    "player": ("Player {n}", "プレイヤー{n}"),
    "player_head": ("Player", "プレイヤー"),
    "adjustments": ("Bonuses and penalties", "加点・減点"),
    "table_caption": ("The hole scored ({preset})", "ホールの得点（{preset}）"),
    "went_out": ("went out", "上がり"),
    "knocked": ("knocked", "ノック"),
    "none": ("none", "なし"),
    "option": ("Option", "オプション"),
    "option_key": ("Key", "キー"),
    "meaning": ("What it means", "意味"),
    "used_by": ("Presets", "使うプリセット"),
    "default_basic": ("In Basic", "ベーシックでは"),
    "changed_by": ("Changed by", "変更するプリセット"),
    "no_preset": ("no preset", "なし"),
    "presets_caption": ("The presets side by side (options that differ somewhere)",
                        "プリセットの比較（どこかで違いがあるオプション）"),
    "value_comparison_caption": ("Card values in every preset", "プリセットごとのカードの得点"),
    "options_caption": ("Every option, its value in Basic and the presets that change it",
                        "すべてのオプション、ベーシックでの値、変更するプリセット"),
    "adjustments_caption": ("Bonuses and penalties, in the order they apply", "加点・減点（適用する順番）"),
    "order": ("Order", "順番"),
    "amount": ("Points", "得点"),
    "glossary_caption": ("Game terms", "用語"),
    "english": ("English", "英語"),
    "japanese": ("Japanese", "日本語"),
    "definition": ("Meaning", "意味"),
    "rules_sheet": ("Rule sheet", "ルールシート"),
    "scorepad": ("Score pad", "スコア表"),
    "any_game": ("for any game", "ルール共通"),
    "pad_players": ("{n} players", "{n}人"),
    "download": ("Download PDF ({paper})", "PDFをダウンロード（{paper}）"),
    "preview_alt": ("Preview of the {kind}, {preset}, {paper}", "{kind}（{preset}、{paper}）のプレビュー"),
    "ladder_missing": (
        "The strength table of the computer players appears here once the AI benchmark has been run "
        "(it writes `bench/results/ai_ladder.md`).",
        "コンピューターの強さの表は、AIのベンチマークを実行すると（`bench/results/ai_ladder.md` が作られると）"
        "ここに表示されます。",
    ),
    "ladder_source": (
        "Measured by the project's AI benchmark (`bench/ai_ladder.py`, results in `bench/results/ai_ladder.md`). "
        "Every deal is played twice with the seats swapped; a tie counts as half a win. Four-player tables seat "
        "the two levels alternately, and every seat of level A is compared with every seat of level B. The level "
        "that sees every card is a yardstick for how much stronger play could be, never an opponent.",
        "プロジェクトのAIベンチマークで測定した結果です（`bench/ai_ladder.py`、結果は `bench/results/ai_ladder.md`）。"
        "同じ配札を席を入れ替えて2回ずつ遊び、引き分けは0.5勝として数えています。4人の対戦では2つの強さを"
        "交互に座らせ、Aの席とBの席のすべての組み合わせを比べています。すべてのカードが見えるプレイヤーは、"
        "どこまで強くなれるかを測るための目安で、対戦相手としては選べません。",
    ),
    "ladder_caption": ("The computer players against each other", "コンピューター同士の対戦成績"),
    "ladder_preset": ("Rules", "ルール"),
    "ladder_table": ("Table", "人数"),
    "ladder_pairing": ("Level A vs level B", "A 対 B"),
    "ladder_holes": ("Holes", "ホール数"),
    "ladder_means": ("Mean hole score, A / B", "1ホールの平均得点（A / B）"),
    "ladder_hole": ("A wins a hole (95% CI)", "Aがホールで勝つ割合（95％信頼区間）"),
    "ladder_match": ("A wins a match (95% CI)", "Aがマッチで勝つ割合（95％信頼区間）"),
    "ladder_ahead": ("A clearly stronger?", "Aがはっきり強い？"),
    "ladder_True": ("yes", "はい"),
    "ladder_False": ("not shown", "示せず"),
    "ladder_yardstick": ("(yardstick)", "（目安）"),
    "ladder_players": ("{n} players", "{n}人"),
    "ladder_versus": ("{a} vs {b}", "{a} 対 {b}"),
    "level_easy": ("Easy", "やさしい"),
    "level_normal": ("Normal", "ふつう"),
    "level_hard": ("Hard", "つよい"),
    "level_cheater": ("Sees every card", "全カードが見える"),
    "layout_label": ("{size} cards in {rows} rows of {cols}", "{rows}行{cols}列、{size}枚の手札"),
    "row_label": ("Row {n}", "{n}行目"),
    "column_points": ("Column {n}: {cards}, {points}", "{n}列目：{cards}、{points}"),
    "face_down_word": ("face down", "裏向き"),
    "wt_deal_title": ("The deal", "配札"),
    "wt_deal": ("{dealer} deals {size} cards face down to each player, one at a time, and turns up the top card of "
                "the stock to start the discard pile: the {card}. {first}, on the dealer's left, plays first.",
                "{dealer}がディーラーです。各プレイヤーに1枚ずつ裏向きで{size}枚配り、山札のいちばん上のカード"
                "（{card}）を表にして捨て札の山を始めます。ディーラーの左の{first}から始めます。"),
    "wt_opening_title": ("Opening reveal: {player}", "最初に表にするカード：{player}"),
    "wt_turn_title": ("Turn {n}: {player}", "手番{n}：{player}"),
    "wt_final_turn_title": ("Turn {n}: {player}'s final turn", "手番{n}：{player}の最後の手番"),
    "wt_draw": ("Draws the top card of the stock: the {card}.", "山札から1枚引きます。{card}でした。"),
    "wt_take": ("Takes the {card} from the discard pile.", "捨て札の山から{card}を取ります。"),
    "wt_discard": ("Throws the {card} onto the discard pile.", "{card}を捨て札の山に捨てます。"),
    "wt_swap": ("Puts it at position {n}; the {old} that lay there goes face up onto the discard pile.",
                "それを{n}番に置きます。そこにあった{old}は、表向きで捨て札の山に出ます。"),
    "wt_flip": ("Turns up position {n}: the {card}.", "{n}番を表にします。{card}でした。"),
    "wt_why": ("Why:", "理由："),
    # What the mover sees before a turn besides their own cards (the reasons that follow are checked against it).
    "wt_before": ("Before the turn: the {card} lies on top of the discard pile, and {player} shows {cards}, with "
                  "{hidden} face down.",
                  "この手番の前の場：捨て札の山のいちばん上は{card}です。{player}の表向きのカードは{cards}で、"
                  "裏向きのカードが{hidden}枚あります。"),
    "wt_before_all_up": ("Before the turn: the {card} lies on top of the discard pile, and {player} shows every "
                         "card: {cards}.",
                         "この手番の前の場：捨て札の山のいちばん上は{card}です。{player}はすべてのカードが表向きで、"
                         "{cards}です。"),
    "empty_pile": ("empty", "なし"),
    "the_card": ("the {card}", "{card}"),
    "wt_after": ("{player}'s layout afterwards", "このあとの{player}の手札"),
    "wt_score_title": ("Scoring", "得点計算"),
    "wt_end_final_turns": ("{player} went out and everyone else has had a final turn, so every card is turned "
                           "face up and scored.",
                           "{player}が上がり、ほかの全員が最後の手番を終えたので、すべてのカードを表にして得点を数えます。"),
    "wt_end_went_out": ("{player} went out, which ends the hole at once: every card is turned face up and scored.",
                        "{player}が上がったので、ホールはその場で終わります。すべてのカードを表にして得点を数えます。"),
    "position_card": ("position {n}: {card}", "{n}番：{card}"),

    "total_word": ("Total: {points}", "合計{points}"),
    "position_word": ("position {n}", "{n}番"),
    "diagram_label": (
        "{size} positions in {rows} rows of {cols}, numbered row by row from the top left; the columns are {columns}.",
        "{rows}行{cols}列の{size}か所の位置。左上から行ごとに番号を振ります。列は{columns}です。",
    ),
    "and": (" and ", "と"),
    "list_sep": (", ", "、"),
    "plus": ("+", "＋"),
    "a4": ("A4", "A4"),
    "holes_count": ("{n} holes", "{n}ホール"),
    "players_count": ("up to {n} players", "{n}人まで"),
    "letter": ("US Letter", "USレター"),
    "yes": ("yes", "あり"),
    "standard": ("standard", "標準"),
}  # fmt: skip

_SUIT_NAMES = {"en": ("spades", "hearts", "diamonds", "clubs"), "ja": ("スペード", "ハート", "ダイヤ", "クラブ")}


def text(key: str, lang: str, **fields: object) -> str:
    pair = _TEXT[key]
    return (pair[1] if lang == "ja" else pair[0]).format(**fields)


def has_text(key: str) -> bool:
    return key in _TEXT


def and_list(items: list[str], lang: str) -> str:
    """'1, 4 and 7' / '1・4・7': a short list of numbers or names."""
    if lang == "ja":
        return "・".join(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def joined(items: list[str], lang: str) -> str:
    return text("list_sep", lang).join(items)


def signed(points: int) -> str:
    """Points of a bonus or penalty: always with a sign, a true minus for negatives."""
    return "+" + str(points) if points > 0 else points_text(points)


def rank_heading(rank: int, lang: str) -> str:
    """A rank as a column or row heading: the card's own index (A, 2 .. K), the joker spelt out."""
    return term("joker", lang).capitalize() if rank == 13 else RANKS[rank]


def card_short(card: int) -> str:
    """The card as printed on it: 8♥, K♠, JK."""
    if card == JOKER:
        return "JK"
    return RANKS[rank_of(card)] + SUIT_SYMBOLS[suit_of(card) or 0]


def card_spoken(card: int, lang: str) -> str:
    """The card in words, for narration and text alternatives: 'king of diamonds' / 「ダイヤのキング」, with the
    glossary's rank names (キング, not K: a screen reader reads a lone letter as a letter), as the hints name them.
    Tables and the Play page write the card as printed on it instead (card_short: K♦)."""
    if card == JOKER:
        return term("joker", lang)
    rank, suit = rank_of(card), suit_of(card) or 0
    if lang == "ja":
        return f"{_SUIT_NAMES['ja'][suit]}の{rank_word(rank, lang)}"
    return f"{rank_word(rank, lang)} of {_SUIT_NAMES['en'][suit]}"


def points_words(points: int, lang: str) -> str:
    """A number of points in a sentence: '1 point', '−2 points', '3点'."""
    if lang == "ja":
        return f"{points_text(points)}点"
    return f"{points_text(points)} point" + ("" if abs(points) == 1 else "s")


def is_red(card: int) -> bool:
    return card != JOKER and suit_of(card) in (1, 2)


# Options that only matter when jokers are dealt: under rules without jokers a table says "not in play" for them,
# as the card value table does, rather than a value nobody plays with (japanese-review.md S3-8).
JOKER_OPTIONS = ("values.JK", "joker_pairs", "joker_pair_value")


def option_value_shown(rules: Rules, key: str, lang: str) -> str:
    """An option's value under `rules` as a table cell shows it."""
    if key in JOKER_OPTIONS and not rules.jokers_per_deck:
        return text("not_in_play", lang)
    return describe_option_value(key, rules.to_dict()[key], lang)


def nothing(lang: str) -> str:
    """An empty list in a table cell: a dash in English, 「なし」 in Japanese (a dash is no Japanese for none)."""
    return text("none", lang) if lang == "ja" else "—"
