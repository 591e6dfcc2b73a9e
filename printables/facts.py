"""Facts both documents print, each derived from the engine's rules value (never typed in here)."""

from __future__ import annotations

from sixcardgolf import Rules, preset_info, preset_names
from sixcardgolf.cards import CARDS_PER_DECK
from sixcardgolf.rules import MIN_PLAYERS, RECOMMENDED_MAX_PLAYERS
from sixcardgolf.text.overview import table_size

from .labels import label

# The most players a score pad has columns for, and the table size the sheets describe: one table.
TABLE_MAX_PLAYERS = RECOMMENDED_MAX_PLAYERS
PAD_PLAYERS = range(MIN_PLAYERS, TABLE_MAX_PLAYERS + 1)


def seatable_players(rules: Rules) -> list[int]:
    """Table sizes from 2 to TABLE_MAX_PLAYERS that these rules can deal for."""
    return list(table_size(rules, TABLE_MAX_PLAYERS).players)


def players_text(players: list[int], lang: str) -> str:
    low, high = players[0], players[-1]
    return label("players_one", lang, low=low) if low == high else label("players_range", lang, low=low, high=high)


def decks_text(rules: Rules, lang: str) -> str:
    """E.g. `1 deck for 2–4 players · 2 decks for 5–8 players`, from the engine's deck counts."""
    runs = table_size(rules, TABLE_MAX_PLAYERS).deck_runs
    parts = []
    for first, last, decks in runs:
        deck_label = label("deck_count_one", lang) if decks == 1 else label("deck_count", lang, count=decks)
        if len(runs) == 1:
            parts.append(deck_label)
        else:
            parts.append(label("deck_for", lang, decks=deck_label, players=players_text([first, last], lang)))
    return label("deck_runs_separator", lang).join(parts)


def needs_text(rules: Rules, lang: str) -> str:
    pieces = [label("cards_per_deck", lang, count=CARDS_PER_DECK)]
    if rules.jokers_per_deck:
        key = "jokers_per_deck" if rules.jokers_per_deck == 1 else "jokers_per_deck_many"
        pieces.append(label(key, lang, count=rules.jokers_per_deck))
    pieces.append(label("pencil", lang))
    return label("needs_separator", lang).join(pieces)


def rules_title(preset: str | None, lang: str) -> str:
    return preset_info(preset).title[lang] if preset else label("custom_rules", lang)


def rules_summary(preset: str | None, lang: str) -> str:
    """The preset's one line (what sets it apart), or what a custom sheet is."""
    return preset_info(preset).summary[lang] if preset else label("custom_summary", lang)


def matching_preset(rules: Rules) -> str | None:
    """The preset these rules are exactly, if any: a saved preset prints under its own name."""
    for name in preset_names():
        if preset_info(name).rules == rules:
            return name
    return None
