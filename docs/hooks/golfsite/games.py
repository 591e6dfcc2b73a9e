"""The page of each game (docs/games/<preset>.md): a summary of the whole game, what differs from Basic, and a
link that opens the Play page with the preset chosen. Every fact is read from the preset's rules value.
"""

from __future__ import annotations

from html import escape

from sixcardgolf.option_text import describe_option_value, option_label
from sixcardgolf.options import OPTION_KEYS
from sixcardgolf.presets import preset_info
from sixcardgolf.rules import Rules

from .labels import option_value_shown, text
from .markers import Context, marker, preset_arg

BASIC = "basic"
GAMES_FOLDER = "games"


def game_url(ctx: Context, name: str) -> str:
    """The link from the page of `ctx` to the page of game `name` in the same language."""
    return f"{language_root(ctx)}{GAMES_FOLDER}/{name}/"


def language_root(ctx: Context) -> str:
    """Relative prefix from this page to the home page of its own language ("../" or "../../ja/" style)."""
    return ctx.to_root() + ("ja/" if ctx.lang == "ja" else "")


def _summary_en(rules: Rules) -> list[str]:
    layout = describe_option_value("layout", rules.layout, "en")
    out = [f"Each player is dealt {rules.size} cards face down and lays them out in {layout}."]
    if rules.jokers_per_deck:
        jokers = "a joker" if rules.jokers_per_deck == 1 else f"{rules.jokers_per_deck} jokers"
        out.append(f"Every deck has {jokers} added.")
    if rules.initial_reveals and rules.peek:
        out.append(f"At the start each player secretly looks at {rules.initial_reveals} of them and puts them back.")
    elif rules.initial_reveals:
        out.append(f"Before the first turn each player turns {rules.initial_reveals} of them face up.")
    turn = (
        "On your turn you take the top card of the stock or of the discard pile and either swap it for one of "
        "your cards, which goes face up onto the discard pile, or throw it away"
    )
    if rules.discard_pickup_must_swap:
        turn += " (a card taken from the discard pile must be swapped in)"
    out.append(turn + ".")
    if rules.flip_on_discard == "always":
        out.append("Whenever you throw away a card from the stock, you turn one of your face-down cards up.")
    if rules.knock:
        out.append("Instead of drawing, you may knock to bring the hole to an end.")
    unpaired = " (jokers never do)" if _jokers_never_pair(rules) else ""
    if rules.pairs == "column" and rules.rows == 2:
        out.append(
            f"Two cards of one rank in a column cancel each other{unpaired}; every other card counts its points."
        )
    elif rules.pairs == "column":
        out.append(
            f"A column cancels only when all {rules.rows} of its cards share one rank{unpaired}; every other card "
            "counts its points."
        )
    elif rules.pairs == "anywhere":
        out.append(
            f"Cards of one rank cancel two at a time wherever they lie{unpaired}; every other card counts its points."
        )
    else:
        out.append("Nothing cancels: every card counts its points.")
    if rules.end_of_hole == "final_turns":
        out.append("When one player's cards are all face up, everyone else has one more turn and the hole is scored.")
    else:
        out.append("The hole is scored the moment one player's cards are all face up.")
    if rules.knock:
        out.append("After a knock everyone else has one more turn, then the hole is scored.")
    holes = f"{rules.holes} holes" if rules.holes != 1 else "1 hole"
    out.append(f"After {holes} the lowest total wins.")
    return out


def _summary_ja(rules: Rules) -> list[str]:
    layout = describe_option_value("layout", rules.layout, "ja")
    out = [f"各プレイヤーにカードを{rules.size}枚ずつ裏向きに配り、{layout}に並べて手札にします。"]
    if rules.jokers_per_deck:
        out.append(f"トランプ1組ごとにジョーカーを{rules.jokers_per_deck}枚加えます。")
    if rules.initial_reveals and rules.peek:
        out.append(f"最初に自分のカードを{rules.initial_reveals}枚だけのぞき見して、裏向きに戻します。")
    elif rules.initial_reveals:
        out.append(f"最初の手番の前に、自分のカードを{rules.initial_reveals}枚表向きにします。")
    turn = (
        "手番では山札か捨て札の山のいちばん上のカードを1枚取り、手札のカードと入れ替える"
        "（出したカードは表向きで捨て札の山へ）か、そのまま捨てます。"
    )
    if rules.discard_pickup_must_swap:
        turn += "捨て札の山から取ったカードは、必ず入れ替えに使います。"
    out.append(turn)
    if rules.flip_on_discard == "always":
        out.append("山札から引いたカードを捨てたときは、裏向きのカードを1枚表にします。")
    if rules.knock:
        out.append("カードを引く代わりにノックして、ホールを終わりに向かわせることもできます。")
    unpaired = "（ジョーカーどうしは打ち消し合いません）" if _jokers_never_pair(rules) else ""
    if rules.pairs == "column" and rules.rows == 2:
        out.append(
            f"同じ列に同じランクのカードが2枚そろうと、打ち消し合います{unpaired}。"
            "ほかのカードはそれぞれの得点を数えます。"
        )
    elif rules.pairs == "column":
        out.append(
            f"列が打ち消されるのは、その列の{rules.rows}枚がすべて同じランクのときだけです{unpaired}。"
            "ほかのカードはそれぞれの得点を数えます。"
        )
    elif rules.pairs == "anywhere":
        out.append(
            f"同じランクのカードは、どこにあっても2枚ずつ打ち消し合います{unpaired}。"
            "ほかのカードはそれぞれの得点を数えます。"
        )
    else:
        out.append("打ち消しはなく、すべてのカードの得点を数えます。")
    if rules.end_of_hole == "final_turns":
        out.append("誰かのカードがすべて表向きになったら、ほかの全員がもう1回ずつ手番を行い、得点を数えます。")
    else:
        out.append("誰かのカードがすべて表向きになった時点で、得点を数えます。")
    if rules.knock:
        out.append("ノックしたときは、ほかの全員がもう1回ずつ手番を行ってから得点を数えます。")
    out.append(f"{rules.holes}ホールの合計がいちばん少ない人の勝ちです。")
    return out


def _jokers_never_pair(rules: Rules) -> bool:
    """The exception a reader of the summary needs: jokers in the deck that do not cancel like other ranks."""
    return bool(rules.jokers_per_deck) and rules.pairs != "off" and rules.joker_pairs == "never"


def game_summary_text(rules: Rules, lang: str) -> str:
    """A paragraph that tells the whole game under `rules`, from the deal to the winner."""
    if lang == "ja":
        return "".join(_summary_ja(rules))
    return " ".join(_summary_en(rules))


@marker("game-summary", required=("preset",))
def game_summary(ctx: Context, args: dict[str, str]) -> str:
    preset = preset_arg(args)
    return (
        f'<p class="golf-summary" data-preset="{preset.name}">{escape(game_summary_text(preset.rules, ctx.lang))}</p>'
    )


def differences(name: str) -> list[tuple[str, object, object]]:
    """(option key, its value in Basic, its value in the preset) for every option the preset changes."""
    basic = preset_info(BASIC).rules.to_dict()
    mine = preset_info(name).rules.to_dict()
    return [(key, basic[key], mine[key]) for key in OPTION_KEYS if basic[key] != mine[key]]


@marker("differences", required=("preset",))
def differences_table(ctx: Context, args: dict[str, str]) -> str:
    """The options in which the preset differs from Basic, with both values; a sentence if it is Basic itself."""
    preset = preset_arg(args)
    basic_title = preset_info(BASIC).title[ctx.lang]
    rows = differences(preset.name)
    if not rows:
        return f'<p class="golf-note" data-golf="differences" data-preset="{preset.name}">{escape(text("is_basic", ctx.lang))}</p>'
    basic_rules, rules = preset_info(BASIC).rules, preset.rules
    body = "".join(
        f'<tr data-key="{key}"><th scope="row">{escape(option_label(key, ctx.lang))}</th>'
        f"<td>{escape(option_value_shown(basic_rules, key, ctx.lang))}</td>"
        f"<td><strong>{escape(option_value_shown(rules, key, ctx.lang))}</strong></td></tr>"
        for key, _, _ in rows
    )
    caption = text("differences_caption", ctx.lang, preset=preset.title[ctx.lang], basic=basic_title)
    return (
        f'<table data-golf="differences" data-preset="{preset.name}"><caption>{escape(caption)}</caption>'
        f'<thead><tr><th scope="col">{text("option", ctx.lang)}</th><th scope="col">{escape(basic_title)}</th>'
        f'<th scope="col">{escape(preset.title[ctx.lang])}</th></tr></thead><tbody>{body}</tbody></table>'
    )


@marker("play-link", required=("preset",))
def play_link(ctx: Context, args: dict[str, str]) -> str:
    """A button that opens the Play page of this language with the preset chosen (the page reads #preset=)."""
    preset = preset_arg(args)
    href = f"{language_root(ctx)}play/#preset={preset.name}"
    label = text("play_this", ctx.lang, preset=preset.title[ctx.lang])
    return (
        f'<p class="golf-play-link"><a class="md-button md-button--primary" href="{escape(href)}" '
        f'data-preset="{preset.name}">{escape(label)}</a></p>'
    )
