"""Markers for rule facts: value tables, rule statements, preset and option tables, inline numbers.

Everything printed here is read from the engine: the rules values of the presets, the rule text
of `sixcardgolf.text.describe`, the option labels, the adjustment amounts and the glossary.
"""

from __future__ import annotations

import json
from typing import Any

from sixcardgolf.cards import JOKER, RANKS
from sixcardgolf.errors import GolfError
from sixcardgolf.messages import points_text
from sixcardgolf.option_text import adjustment_label, describe_option_value, option_help, option_label
from sixcardgolf.options import AMOUNTS, CHOICES, OPTION_KEYS
from sixcardgolf.presets import preset_info, preset_names, presets_using
from sixcardgolf.rules import Rules, parse_option
from sixcardgolf.scoring import ADJUSTMENT_ORDER
from sixcardgolf.text.describe import SECTIONS, describe_rules, section_title
from sixcardgolf.text.describe_common import lowest_text
from sixcardgolf.text.describe_scoring import card_value_rows
from sixcardgolf.text.glossary import DEFINITIONS, TERMS, term

from .games import game_url
from .labels import joined, nothing, option_value_shown, points_words, rank_heading, signed, text
from .markers import Context, MarkerError, flag_arg, marker, preset_arg, rules_arg
from .svg import positions_diagram
from .templating import render

BASE = Rules()  # the defaults, which are the `basic` game


def _title(name: str, lang: str) -> str:
    return preset_info(name).title[lang]


def _statements(rules: Rules, lang: str, section: str | None = None, keys: set[str] | None = None) -> list[Any]:
    return [
        s
        for s in describe_rules(rules, lang)
        if (section is None or s.section == section) and (keys is None or s.key in keys)
    ]


# -- value tables ------------------------------------------------------------------------------------
@marker("card-values", required=("preset",), optional=("set",))
def card_values(ctx: Context, args: dict[str, str]) -> str:
    preset = preset_arg(args)
    rules = rules_arg(args)
    rows = [
        (label, points, points_text(points)) if isinstance(points, int) else (label, None, points)
        for label, points in card_value_rows(rules, ctx.lang)
    ]
    return render(
        "card_values.html",
        preset=preset.name,
        set=args.get("set", ""),
        caption=text("values_caption", ctx.lang, preset=preset.title[ctx.lang]),
        card_head=text("card", ctx.lang),
        points_head=term("points", ctx.lang).capitalize(),
        rows=rows,
    )


@marker("values-line", required=("preset",), optional=("set",), block=False)
def card_values_line(ctx: Context, args: dict[str, str]) -> str:
    """What every card is worth in one line of running text ("Ace = 1, 2 = −2, ..."), for a short start that
    must give the values before an example counts them (the value table is too tall for a numbered step)."""
    items = []
    for label, points in card_value_rows(rules_arg(args), ctx.lang):
        worth = points_words(points, ctx.lang) if isinstance(points, int) else points
        items.append(text("value_item", ctx.lang, label=label, points=worth))
    return text("values_line", ctx.lang, items=joined(items, ctx.lang))


def _rank_cell(rules: Rules, rank: int, lang: str) -> tuple[str, Any]:
    """What one rank is worth under `rules`: the text of a table cell and its data value."""
    if rank == 13:
        if rules.jokers_per_deck == 0:
            return text("not_in_play", lang), None
        return points_text(rules.card_points[JOKER]), rules.card_points[JOKER]
    by_suit = [rules.card_points[rank * 4 + suit] for suit in range(4)]
    if len(set(by_suit)) == 1:
        return points_text(by_suit[0]), by_suit[0]
    # Suits matter (one-eyed jacks): name the suits of each value.
    symbols = "♠♥♦♣"
    parts = []
    for points in sorted(set(by_suit), reverse=True):
        suits = "".join(symbols[s] for s in range(4) if by_suit[s] == points)
        parts.append(f"{points_text(points)} ({suits})")
    return " / ".join(parts), by_suit


@marker("value-comparison")
def value_comparison(ctx: Context, args: dict[str, str]) -> str:
    names = preset_names()
    rows = [
        (
            f"values.{RANKS[rank]}",
            rank_heading(rank, ctx.lang),
            [(name, *_rank_cell(preset_info(name).rules, rank, ctx.lang)) for name in names],
        )
        for rank in range(14)
    ]
    return render(
        "value_comparison.html",
        caption=text("value_comparison_caption", ctx.lang),
        card_head=text("card", ctx.lang),
        presets=[(name, _title(name, ctx.lang)) for name in names],
        rows=rows,
    )


# -- rule text ----------------------------------------------------------------------------------------
@marker("rules", required=("preset",), optional=("section", "set", "headings", "values_table"))
def rules_text(ctx: Context, args: dict[str, str]) -> str:
    """The rule statements of a preset, every section (with headings) or one; values_table=yes adds the card
    values table after the values section, for a page that gives a game's whole rules in one place."""
    preset = preset_arg(args)
    rules = rules_arg(args)
    sections = SECTIONS
    if "section" in args:
        if args["section"] not in SECTIONS:
            raise MarkerError(f"unknown section {args['section']!r}; the sections are {', '.join(SECTIONS)}")
        sections = (args["section"],)
    headings = flag_arg(args, "headings") if "headings" in args else "section" not in args
    blocks = []
    for section in sections:
        statements = [(s.key, s.text) for s in _statements(rules, ctx.lang, section)]
        if headings:
            blocks.append(f"### {section_title(section, ctx.lang)} {{#rules-{section}}}")
        blocks.append(render("rules_list.html", preset=preset.name, section=section, statements=statements))
        if section == "values" and flag_arg(args, "values_table"):
            blocks.append(card_values(ctx, {k: v for k, v in args.items() if k in ("preset", "set")}))
    return "\n\n".join(blocks)


@marker("statement", required=("preset", "key"), optional=("set",), block=False)
def statement(ctx: Context, args: dict[str, str]) -> str:
    found = _statements(rules_arg(args), ctx.lang, keys={args["key"]})
    if not found:
        raise MarkerError(f"the rule text of preset {args['preset']!r} has no statement with key {args['key']!r}")
    return text("gap", ctx.lang).join(s.text for s in found)


@marker("lowest-rule", required=("preset",), optional=("set",), block=False)
def lowest_rule(ctx: Context, args: dict[str, str]) -> str:
    """The sentence that says how a tie for the lowest score of a hole counts."""
    return lowest_text(rules_arg(args), ctx.lang)


# -- inline facts -------------------------------------------------------------------------------------
@marker("value", required=("preset", "rank"), optional=("set",), block=False)
def card_value(ctx: Context, args: dict[str, str]) -> str:
    rank = args["rank"].upper()
    if rank not in RANKS:
        raise MarkerError(f"unknown rank {args['rank']!r}; the ranks are {', '.join(RANKS)}")
    return points_text(rules_arg(args).values[RANKS.index(rank)])


def _check_key(key: str) -> None:
    if key not in OPTION_KEYS:
        raise MarkerError(f"unknown option {key!r}; the option keys are {', '.join(OPTION_KEYS)}")


@marker("option-value", required=("preset", "key"), optional=("set",), block=False)
def option_value(ctx: Context, args: dict[str, str]) -> str:
    _check_key(args["key"])
    return describe_option_value(args["key"], rules_arg(args).to_dict()[args["key"]], ctx.lang)


@marker("size", required=("preset",), optional=("set",), block=False)
def layout_size(ctx: Context, args: dict[str, str]) -> str:
    """How many cards one layout holds."""
    return str(rules_arg(args).size)


@marker("amount", required=("key",), optional=("signed",), block=False)
def amount(ctx: Context, args: dict[str, str]) -> str:
    if args["key"] not in AMOUNTS:
        raise MarkerError(f"unknown amount {args['key']!r}; the amounts are {', '.join(AMOUNTS)}")
    points = AMOUNTS[args["key"]]
    use_sign = flag_arg(args, "signed") if "signed" in args else True
    return signed(points) if use_sign else points_text(points)


@marker("preset-title", required=("preset",), block=False)
def preset_title(ctx: Context, args: dict[str, str]) -> str:
    return preset_arg(args).title[ctx.lang]


@marker("term", required=("key",), block=False)
def glossary_term(ctx: Context, args: dict[str, str]) -> str:
    if args["key"] not in TERMS:
        raise MarkerError(f"unknown glossary term {args['key']!r}; the terms are {', '.join(TERMS)}")
    return term(args["key"], ctx.lang)


def _typed_value(key: str, raw: str) -> Any:
    """An option value written in a marker, in the form `Rules.to_dict()` holds it."""
    _check_key(key)
    if key.startswith("values."):
        return int(raw.replace("−", "-"))
    value = parse_option(key, raw)
    return "none" if key == "joker_pair_value" and value is None else value


@marker("presets-using", required=("key", "value"), block=False)
def presets_using_marker(ctx: Context, args: dict[str, str]) -> str:
    names = presets_using(args["key"], _typed_value(args["key"], args["value"]))
    # In Japanese running text a preset's name stands in 「」, as the pages write it by hand (S3 §5 #15).
    titles = [_title(n, ctx.lang) if ctx.lang == "en" else f"「{_title(n, ctx.lang)}」" for n in names]
    return joined(titles, ctx.lang) if names else text("no_preset", ctx.lang)


# -- presets and options ------------------------------------------------------------------------------
@marker("presets")
def presets_list(ctx: Context, args: dict[str, str]) -> str:
    """Every preset with its one-line summary; each title links to the game's own page. The preset's key (`four-card`)
    is left out: a reader knows a game by its name, and the key belongs to the command line and saved rules."""
    presets = [
        (name, game_url(ctx, name), preset_info(name).title[ctx.lang], preset_info(name).summary[ctx.lang])
        for name in preset_names()
    ]
    return render("presets.html", presets=presets)


def _differing_keys() -> list[str]:
    tables = [preset_info(n).rules.to_dict() for n in preset_names()]
    return [key for key in OPTION_KEYS if len({json.dumps(t[key]) for t in tables}) > 1]


@marker("preset-table")
def preset_table(ctx: Context, args: dict[str, str]) -> str:
    names = preset_names()
    tables = {n: preset_info(n).rules.to_dict() for n in names}
    base = BASE.to_dict()
    rows = [
        (
            key,
            option_label(key, ctx.lang),
            [
                (name, tables[name][key], option_value_shown(preset_info(name).rules, key, ctx.lang),
                 tables[name][key] != base[key])
                for name in names
            ],
        )
        for key in _differing_keys()
    ]  # fmt: skip
    return render(
        "preset_table.html",
        caption=text("presets_caption", ctx.lang),
        option_head=text("option", ctx.lang),
        presets=[(name, _title(name, ctx.lang)) for name in names],
        rows=rows,
    )


# Options whose rule text only appears when another option is on, and the statement keys that show them.
_CONTEXT: dict[str, dict[str, Any]] = {
    "knock_penalty": {"knock": True},
    "knock_reward_zero": {"knock": True},
    "tie_counts_as_lowest": {"knock": True, "underdog_bonus": True},
    "joker_pairs": {"jokers_per_deck": 2},
    "joker_pair_value": {"jokers_per_deck": 2},
}
_STATEMENT_KEYS: dict[str, set[str]] = {
    "peek": {"initial_reveals"},
    "one_eyed_jacks": {"suits"},
    "knock_penalty": {"knock"},
    "knock_reward_zero": {"knock"},
    "tie_counts_as_lowest": {"knock"},
    "joker_pair_value": {"joker_pairs"},
    "ties": {"ties"},
}


def _values_for(key: str) -> list[Any]:
    """The values worth listing for an option: every choice, or the default and every value a preset uses."""
    if key in CHOICES:
        return list(CHOICES[key])
    base_value = BASE.to_dict()[key]
    if isinstance(base_value, bool):
        return [False, True]
    seen = [base_value]
    for name in preset_names():
        value = preset_info(name).rules.to_dict()[key]
        if value not in seen:
            seen.append(value)
    return seen


def _meaning(key: str, value: Any, lang: str) -> list[str]:
    """The engine's own rule sentences for this value of the option (empty if the option has none)."""
    options = {**_CONTEXT.get(key, {}), key: value}
    try:
        rules = BASE.with_options(options)
    except GolfError:  # a value that needs other options changed (e.g. initial reveals on a small layout)
        return []
    wanted = _STATEMENT_KEYS.get(key, {key})
    return [sentence for s in _statements(rules, lang, keys=wanted) for sentence in _sentences(s.text, lang)]


def _sentences(paragraph: str, lang: str) -> list[str]:
    end = "。" if lang == "ja" else ". "
    parts = paragraph.replace(end, end + "\n").split("\n")
    return [part.strip() for part in parts if part.strip()]


def _distinct_meanings(key: str, values: list[Any], lang: str) -> list[str]:
    """Each value's rule text without the sentences every value shares, so the differences stand out."""
    meanings = [_meaning(key, value, lang) for value in values]
    while len(meanings) > 1 and all(m and m[0] == meanings[0][0] for m in meanings):
        meanings = [m[1:] for m in meanings]
    while len(meanings) > 1 and all(m and m[-1] == meanings[0][-1] for m in meanings):
        meanings = [m[:-1] for m in meanings]
    return [text("gap", lang).join(m) for m in meanings]


@marker("option", required=("key",))
def option_block(ctx: Context, args: dict[str, str]) -> str:
    """One option: its name, key and help, then each value worth listing as a definition list (the value, what
    it means, the presets that use it). A list rather than a table: the page holds some thirty options, and
    its start-up cost grows with its element count (bench/results/long-tasks.md); it also reads on a phone
    without sideways scrolling."""
    key = args["key"]
    _check_key(key)
    if key.startswith("values."):
        raise MarkerError("card values are shown by golf:value-comparison, not one rank at a time")
    default = BASE.to_dict()[key]
    values = _values_for(key)
    shown = []
    for value, meaning in zip(values, _distinct_meanings(key, values, ctx.lang), strict=True):
        users = presets_using(key, value)
        shown.append(
            {
                "data": value,
                "default": value == default,
                "raw": "none" if value is None else json.dumps(value) if not isinstance(value, str) else value,
                "short": describe_option_value(key, value, ctx.lang),
                "meaning": meaning or nothing(ctx.lang),
                "used": joined([_title(n, ctx.lang) for n in users], ctx.lang) if users else nothing(ctx.lang),
            }
        )
    return render(
        "option.html",
        key=key,
        label=option_label(key, ctx.lang),
        help=option_help(key, ctx.lang),
        values=shown,
        colon=text("colon", ctx.lang),
        gap=text("gap", ctx.lang),
        standard=text("in_brackets", ctx.lang, text=text("standard", ctx.lang)),
        used_head=text("used_by", ctx.lang),
    )


@marker("options")
def options_index(ctx: Context, args: dict[str, str]) -> str:
    """Every option but the card values (the page compares those in their own table), with its value in Basic
    and the presets that change it."""
    base = BASE.to_dict()
    rows = []
    for key in (k for k in OPTION_KEYS if not k.startswith("values.")):
        changed = [n for n in preset_names() if preset_info(n).rules.to_dict()[key] != base[key]]
        used = joined([_title(n, ctx.lang) for n in changed], ctx.lang) if changed else nothing(ctx.lang)
        rows.append(
            (key, option_label(key, ctx.lang), base[key], describe_option_value(key, base[key], ctx.lang), used)
        )
    heads = [text(head, ctx.lang) for head in ("option", "option_key", "default_basic", "changed_by")]
    return render("options.html", caption=text("options_caption", ctx.lang), heads=heads, rows=rows)


@marker("adjustments")
def adjustments_table(ctx: Context, args: dict[str, str]) -> str:
    """The bonuses and penalties in the engine's order, with the engine's amounts."""
    rows = []
    for index, key in enumerate(ADJUSTMENT_ORDER, start=1):
        if key == "knock_penalty":
            amounts = joined(
                [describe_option_value(key, v, ctx.lang) for v in CHOICES["knock_penalty"] if v != "none"], ctx.lang
            )
        elif key == "knock_reward_zero":
            amounts = "→ 0"
        elif key == "blackjack":
            amounts = f"{AMOUNTS['blackjack_score']} → 0"
        else:
            amounts = signed(AMOUNTS[key])
        rows.append(
            (index, key, adjustment_label(key, ctx.lang), AMOUNTS.get(key), amounts, option_help(key, ctx.lang))
        )
    heads = [text(head, ctx.lang) for head in ("order", "option", "amount", "meaning")]
    return render("adjustments.html", caption=text("adjustments_caption", ctx.lang), heads=heads, rows=rows)


@marker("glossary")
def glossary_table(ctx: Context, args: dict[str, str]) -> str:
    first, second = ("ja", "en") if ctx.lang == "ja" else ("en", "ja")
    rows = [
        (key, names[first], names[second], DEFINITIONS.get(key, {}).get(ctx.lang, "")) for key, names in TERMS.items()
    ]
    heads = {"en": text("english", ctx.lang), "ja": text("japanese", ctx.lang)}
    return render(
        "glossary.html",
        caption=text("glossary_caption", ctx.lang),
        heads=[heads[first], heads[second], text("definition", ctx.lang)],
        langs=[first, second],
        rows=rows,
    )


@marker("layout-diagram", required=("layout",))
def layout_diagram(ctx: Context, args: dict[str, str]) -> str:
    rules = BASE.with_options({"layout": args["layout"], "initial_reveals": 0})
    return f'<figure class="golf-figure" data-layout="{rules.layout}">{positions_diagram(rules, ctx.lang)}</figure>'
