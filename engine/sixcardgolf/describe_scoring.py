"""Rule text for card values, pairs, bonuses and penalties, and winning."""

from __future__ import annotations

from .describe_common import Statement, lang_index, lowest_text, points_text
from .glossary import RANK_NAMES
from .option_text import adjustment_label
from .rules import Rules
from .scoring import ADJUSTMENT_ORDER, AMOUNTS

# -- card values ---------------------------------------------------------------
_RANK_NAMES_EN = RANK_NAMES["en"]
_RANK_NAMES_JA = RANK_NAMES["ja"]


def card_value_rows(rules: Rules, lang: str) -> list[tuple[str, int | str]]:
    """(card label, points) rows for a value table; a run of number cards at face value is one row."""
    ja = lang_index(lang) == 1
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


def value_statements(rules: Rules, lang: str) -> list[Statement]:
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


# -- pairs -----------------------------------------------------------------------------
def pairs_statements(rules: Rules, lang: str) -> list[Statement]:
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


def adjustment_statements(rules: Rules, lang: str) -> list[Statement]:
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
                f"適用する順番：{names}。ほかの人と比べる判定は、フォーカード・ウルフパック・ブラックジャックを適用したあとのホールの得点で行います。{lowest_text(rules, True)}"
                if ja
                else f"They apply in this order: {names}. Comparisons between players use the hole score after four of "
                f"a kind, wolfpack and blackjack. {lowest_text(rules, False)}",
            )
        )
    return out


def winning_statements(rules: Rules, lang: str) -> list[Statement]:
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
