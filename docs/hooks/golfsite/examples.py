"""Worked examples: layouts written in card notation, scored by the engine, drawn as SVG with a breakdown.

An example is what its caption says: the caption names the preset and every option changed by `set=`, and the
build refuses an example that could not happen at a table (a card its rules' decks do not hold, or more copies
of a card than they hold), an option in `set=` that the preset already has, a knock under rules without
knocking, or a hand-written caption that names another preset.
"""

from __future__ import annotations

import json
from typing import Any

from sixcardgolf.cards import parse_layout
from sixcardgolf.deck_check import check_layouts
from sixcardgolf.messages import points_text
from sixcardgolf.option_text import adjustment_label, describe_option_value, option_label
from sixcardgolf.presets import Preset, preset_info, preset_names
from sixcardgolf.rules import Rules
from sixcardgolf.scoring import PlayerScore, score_table
from sixcardgolf.text.glossary import group_note, term

from .labels import and_list, card_short, joined, signed, text
from .markers import Context, MarkerError, marker, parse_set, preset_arg, rules_arg
from .svg import layout_picture
from .templating import html_of, render


def _seat_arg(args: dict[str, str], key: str, players: int) -> int | None:
    if key not in args:
        return None
    raw = args[key]
    if not raw.isdigit() or not 1 <= int(raw) <= players:
        raise MarkerError(f"argument {key}={raw!r} must be a player number from 1 to {players}")
    return int(raw) - 1


def _total(lang: str) -> str:
    return term("total", lang).capitalize()


def rules_name(preset: Preset, options: dict[str, str], lang: str) -> str:
    """The rules an example is scored with, as its caption names them: the preset's title, then each option
    that `set=` changes with its value ("Basic, with Four of a kind: on")."""
    rules = preset.rules.with_options(options) if options else preset.rules
    values = rules.to_dict()
    changes = [
        f"{option_label(key, lang)}{text('colon', lang)}{describe_option_value(key, values[key], lang)}"
        for key in options
    ]
    if not changes:
        return preset.title[lang]
    return text("rules_with", lang, preset=preset.title[lang], options=joined(changes, lang))


def check_changes(preset: Preset, options: dict[str, str]) -> None:
    """Every option in `set=` must change the preset; otherwise the caption would claim a rule it already has."""
    if not options:
        return
    base = preset.rules.to_dict()
    changed = preset.rules.with_options(options).to_dict()
    for key in options:
        if key in base and base[key] == changed[key]:
            raise MarkerError(
                f"set={key}={options[key]} changes nothing: preset {preset.name!r} already has {key}={options[key]}; "
                "drop it, or the caption would name a rule the preset already has"
            )


def check_caption(preset: Preset, caption: str) -> None:
    """A hand-written caption may not name a preset other than the one that scores the example."""
    for name in preset_names():
        if name == preset.name:
            continue
        for title in preset_info(name).title.values():
            if title in caption and not any(title in own for own in preset.title.values()):
                raise MarkerError(
                    f"the caption {caption!r} names the preset {title!r}, but the example is scored with {preset.name!r}"
                )


def _group_label(rules: Rules, index: int, positions: tuple[int, ...], lang: str) -> str:
    numbers = and_list([str(p + 1) for p in positions], lang)
    if rules.pairs != "anywhere":
        return text("group_column", lang, n=index + 1, positions=numbers)
    return text("group_pair" if len(positions) > 1 else "group_single", lang, positions=numbers)


def _breakdown(rules: Rules, score: PlayerScore, lang: str) -> list[dict[str, Any]]:
    """One layout's score, row by row: each group, then (when there are any) the card points, each bonus or
    penalty, and the total."""
    rows: list[dict[str, Any]] = []
    for index, group in enumerate(score.groups):
        cards = " ".join(card_short(c) for c in group.cards)
        note = group_note(rules, group, lang)
        if note:
            cards = text("group_with_note", lang, cards=cards, note=note)
        label = _group_label(rules, index, group.positions, lang)
        rows.append({"kind": "group", "label": label, "cards": cards, "points": group.points})
    if score.adjustments:
        rows.append({"kind": "subtotal", "label": text("card_points", lang), "points": score.card_points})
    for adjustment in score.adjustments:
        label = adjustment_label(adjustment.key, lang)
        rows.append({"kind": "adjustment", "key": adjustment.key, "label": label, "points": adjustment.points})
    rows.append({"kind": "total", "label": _total(lang), "points": score.total})
    for row in rows:
        row["shown"] = signed(row["points"]) if row["kind"] == "adjustment" else points_text(row["points"])
    return rows


def _table(scores: list[PlayerScore], went_out: int | None, knocked: int | None, lang: str) -> list[dict[str, Any]]:
    """Several players' scores: each player's card points, bonuses and penalties, and total."""
    rows = []
    for seat, score in enumerate(scores):
        name = text("player", lang, n=seat + 1)
        notes = [text("went_out", lang)] if seat == went_out else []
        notes += [text("knocked", lang)] if seat == knocked else []
        if notes:
            name += text("gap", lang) + text("in_brackets", lang, text=joined(notes, lang))
        adjustments = joined(
            [f"{adjustment_label(a.key, lang)} {signed(a.points)}" for a in score.adjustments], lang
        ) or text("none", lang)
        rows.append(
            {
                "seat": seat + 1,
                "name": name,
                "card_points": score.card_points,
                "card_points_shown": points_text(score.card_points),
                "adjustments": json.dumps([a.to_dict() for a in score.adjustments]),
                "adjustments_shown": adjustments,
                "total": score.total,
                "total_shown": points_text(score.total),
            }
        )
    return rows


@marker("example", required=("preset",), optional=("layout", "layouts", "set", "went_out", "knocked", "caption"))
def example(ctx: Context, args: dict[str, str]) -> str:
    if ("layout" in args) == ("layouts" in args):
        raise MarkerError("give exactly one of layout= (one player) or layouts= (several, separated by |)")
    preset = preset_arg(args)
    options = parse_set(args.get("set", ""))
    check_changes(preset, options)
    rules = rules_arg(args)
    texts = [args["layout"]] if "layout" in args else [part.strip() for part in args["layouts"].split("|")]
    layouts = [parse_layout(t, rules.rows, rules.cols) for t in texts]
    check_layouts(rules, layouts)  # the engine's one card check: every card must be in the table's decks
    went_out = _seat_arg(args, "went_out", len(layouts))
    knocked = _seat_arg(args, "knocked", len(layouts))
    if knocked is not None and not rules.knock:
        raise MarkerError(f"knocked={knocked + 1}, but these rules have no knocking: add knock=true to set=")
    if knocked is not None and went_out is not None:
        raise MarkerError("give went_out= or knocked=, not both: nobody goes out in a hole that ends with a knock")
    if "caption" in args:
        check_caption(preset, args["caption"])
    scores = score_table(rules, layouts, went_out=went_out, knocked=knocked)
    title = rules_name(preset, options, ctx.lang)
    lang = ctx.lang
    shared = {
        "preset": preset.name,
        "set": args.get("set", ""),
        "layouts": json.dumps(texts),
        "went_out": "" if went_out is None else went_out + 1,
        "knocked": "" if knocked is None else knocked + 1,
        "figure_caption": args.get("caption"),
    }
    if len(layouts) == 1:
        return render(
            "example.html",
            table=False,
            picture=html_of(layout_picture(rules, layouts[0], scores[0].groups, scores[0].total, lang)),
            caption=text("breakdown_caption", lang, preset=title),
            heads=[text("part", lang), text("cards", lang), text("amount", lang)],
            rows=_breakdown(rules, scores[0], lang),
            **shared,
        )
    players = [
        (text("player", lang, n=seat + 1), html_of(layout_picture(rules, cards, score.groups, score.total, lang)))
        for seat, (cards, score) in enumerate(zip(layouts, scores, strict=True))
    ]
    return render(
        "example.html",
        table=True,
        players=players,
        caption=text("table_caption", lang, preset=title),
        heads=[text("player_head", lang), text("card_points", lang), text("adjustments", lang), _total(lang)],
        rows=_table(scores, went_out, knocked, lang),
        **shared,
    )


@marker("score", required=("preset", "layout"), optional=("set",), block=False)
def score(ctx: Context, args: dict[str, str]) -> str:
    """The points of one layout, inside a sentence."""
    rules = rules_arg(args)
    return points_text(score_table(rules, [parse_layout(args["layout"], rules.rows, rules.cols)])[0].total)
