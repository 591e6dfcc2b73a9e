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
from .templating import render

BASIC = "basic"
GAMES_FOLDER = "games"


def game_url(ctx: Context, name: str) -> str:
    """The link from the page of `ctx` to the page of game `name` in the same language."""
    return f"{language_root(ctx)}{GAMES_FOLDER}/{name}/"


def language_root(ctx: Context) -> str:
    """Relative prefix from this page to the home page of its own language ("../" or "../../ja/" style)."""
    return ctx.to_root() + ("ja/" if ctx.lang == "ja" else "")


def _summary(rules: Rules, lang: str) -> list[str]:
    """The summary's sentences, in the order of play: the deal, the turn, the pairs, the end, the winner."""

    def say(key: str, **values: object) -> str:
        return text(f"summary.{key}", lang, **values)

    out = [say("deal", size=rules.size, layout=describe_option_value("layout", rules.layout, lang))]
    if rules.jokers_per_deck:
        out.append(
            say("jokers_one") if rules.jokers_per_deck == 1 else say("jokers_other", count=rules.jokers_per_deck)
        )
    if rules.initial_reveals and rules.peek:
        out.append(say("peek", count=rules.initial_reveals))
    elif rules.initial_reveals:
        out.append(say("reveal", count=rules.initial_reveals))
    out.append(say("turn_must_swap" if rules.discard_pickup_must_swap else "turn"))
    if rules.flip_on_discard == "always":
        out.append(say("flip_always"))
    if rules.knock:
        out.append(say("knock"))
    unpaired = say("unpaired") if _jokers_never_pair(rules) else ""
    if rules.pairs == "column" and rules.rows == 2:
        out.append(say("pairs_column_two", unpaired=unpaired))
    elif rules.pairs == "column":
        out.append(say("pairs_column_all", rows=rules.rows, unpaired=unpaired))
    elif rules.pairs == "anywhere":
        out.append(say("pairs_anywhere", unpaired=unpaired))
    else:
        out.append(say("pairs_off"))
    out.append(say("end_final_turns" if rules.end_of_hole == "final_turns" else "end_immediate"))
    if rules.knock:
        out.append(say("knock_end"))
    out.append(say("winner_one") if rules.holes == 1 else say("winner_other", holes=rules.holes))
    return out


def _jokers_never_pair(rules: Rules) -> bool:
    """The exception a reader of the summary needs: jokers in the deck that do not cancel like other ranks."""
    return bool(rules.jokers_per_deck) and rules.pairs != "off" and rules.joker_pairs == "never"


def game_summary_text(rules: Rules, lang: str) -> str:
    """A paragraph that tells the whole game under `rules`, from the deal to the winner."""
    return text("gap", lang).join(_summary(rules, lang))


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
    return render(
        "differences.html",
        preset=preset.name,
        caption=text("differences_caption", ctx.lang, preset=preset.title[ctx.lang], basic=basic_title),
        option_head=text("option", ctx.lang),
        basic_title=basic_title,
        title=preset.title[ctx.lang],
        rows=[
            (
                key,
                option_label(key, ctx.lang),
                option_value_shown(basic_rules, key, ctx.lang),
                option_value_shown(rules, key, ctx.lang),
            )
            for key, _, _ in rows
        ],
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
