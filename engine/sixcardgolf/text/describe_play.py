"""Rule text for players, set-up, the turn and the end of a hole.

Each statement is chosen to be true of the rules value it describes: a sentence
that applies only under some options is left out, or replaced by its variant,
when they are off. The words are in the message catalogues (`messages/*.toml`).
"""

from __future__ import annotations

from ..cards import CARDS_PER_DECK
from ..errors import RulesError
from ..messages import text
from ..options import AMOUNTS, EARLY_KNOCK_MAX_HIDDEN, ENDGAME_MAX_HIDDEN
from ..rules import MAX_PLAYERS, MIN_PLAYERS, RECOMMENDED_MAX_PLAYERS, Rules
from .describe_common import Statement, lowest_text, plural_key, sentences


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
    runs = _deck_ranges(rules)
    most = runs[-1][1]
    usual = min(most, RECOMMENDED_MAX_PLAYERS)
    count = "rules.players.count_more" if most > usual else "rules.players.count"
    out = [Statement("players", "players", text(count, lang, low=MIN_PLAYERS, usual=usual, most=most))]
    per_deck = CARDS_PER_DECK + rules.jokers_per_deck
    if rules.decks != "auto":
        decks = int(rules.decks)
        key = plural_key("rules.players.decks_fixed", decks)
        out.append(Statement("players", "decks", text(key, lang, decks=decks, cards=decks * per_deck)))
    else:
        parts = []
        for first, last, decks in runs:
            open_ended = (first, last, decks) == runs[-1] and most == MAX_PLAYERS and first != last
            run = "run_open" if open_ended else "run_range" if first != last else "run_one"
            parts.append(text(f"rules.players.{run}", lang, first=first, last=last, decks=decks))
        joined = text("list.separator", lang).join(parts)
        out.append(Statement("players", "decks", text("rules.players.decks_by_count", lang, runs=joined)))
    jokers = rules.jokers_per_deck
    if jokers:
        key = plural_key("rules.players.jokers", jokers)
        out.append(Statement("players", "jokers_per_deck", text(key, lang, jokers=jokers, per_deck=per_deck)))
    else:
        out.append(Statement("players", "jokers_per_deck", text("rules.players.no_jokers", lang, per_deck=per_deck)))
    if any(decks > 1 for _, _, decks in runs):
        out.append(Statement("players", "duplicates", text("rules.players.duplicates", lang)))
    return out


def setup_statements(rules: Rules, lang: str) -> list[Statement]:
    size, reveals = rules.size, rules.initial_reveals
    out = [
        Statement("setup", "layout", text("rules.setup.layout", lang, size=size, rows=rules.rows, cols=rules.cols)),
        Statement("setup", "stock", text("rules.setup.stock", lang)),
    ]
    if rules.peek and reveals:
        opening = "peek"
    elif reveals == size:
        opening = "reveal_all"
    else:
        opening = "reveal_some" if reveals else "reveal_none"
    out.append(Statement("setup", "initial_reveals", text(f"rules.setup.{opening}", lang, size=size, reveals=reveals)))
    if opening == "peek":
        out.append(Statement("setup", "hidden", text("rules.setup.hidden_peek", lang)))
    elif opening != "reveal_all":  # with every card up from the start nothing is ever face down
        out.append(Statement("setup", "hidden", text("rules.setup.hidden", lang)))
    out.append(Statement("setup", "rotation", text("rules.setup.rotation", lang)))
    return out


# -- the turn ----------------------------------------------------------------------
def has_final_round(rules: Rules) -> bool:
    """Whether a hole under `rules` can have a final round of turns (after going out or a knock)."""
    return rules.end_of_hole == "final_turns" or rules.knock


def turn_statements(rules: Rules, lang: str) -> list[Statement]:
    out = [
        Statement("turn", "draw", text("rules.turn.draw", lang)),
        Statement("turn", "swap", text("rules.turn.swap", lang)),
    ]
    pickup = "pickup_must_swap" if rules.discard_pickup_must_swap else "pickup_may_discard"
    out.append(Statement("turn", "discard_pickup_must_swap", text(f"rules.turn.{pickup}", lang)))
    stock_discard = text(f"rules.turn.stock_discard_{rules.flip_on_discard}", lang, most=ENDGAME_MAX_HIDDEN)
    out.append(Statement("turn", "flip_on_discard", stock_discard))
    if rules.flip_as_action:
        out.append(Statement("turn", "flip_as_action", text("rules.turn.flip_as_action", lang)))
    if rules.knock:
        out.append(Statement("turn", "knock", knock_text(rules, lang)))
    if rules.early_knock:
        parts = [text("rules.turn.early_knock", lang, most=EARLY_KNOCK_MAX_HIDDEN)]
        if has_final_round(rules):
            parts.append(text("rules.turn.early_knock_not_final", lang))
        if rules.going_out_bonus or rules.going_out_penalty:
            parts.append(text("rules.turn.early_knock_going_out", lang))
        out.append(Statement("turn", "early_knock", sentences(parts, lang)))
    out.append(Statement("turn", "no_rearranging", text("rules.turn.no_rearranging", lang)))
    return out


def knock_text(rules: Rules, lang: str) -> str:
    amount = AMOUNTS["knock_double_plus5"] if rules.knock_penalty == "double_plus5" else AMOUNTS["knock_plus10"]
    parts = [
        text("rules.knock.base", lang),
        text(f"rules.knock.penalty_{rules.knock_penalty}", lang, amount=amount),
    ]
    if rules.knock_reward_zero:
        parts.append(text("rules.knock.reward_zero", lang))
    if rules.knock_penalty != "none" or rules.knock_reward_zero:
        parts.append(lowest_text(rules, lang))
    return sentences(parts, lang)


# -- ending a hole -------------------------------------------------------------------
def ending_statements(rules: Rules, lang: str) -> list[Statement]:
    out = [Statement("ending", "end_of_hole", text(f"rules.ending.{rules.end_of_hole}", lang))]
    if rules.end_of_hole == "immediate" and rules.knock:
        out.append(Statement("ending", "knock_round", text("rules.ending.knock_round", lang)))
    out.append(Statement("ending", "recycle", text("rules.ending.recycle", lang)))
    out.append(Statement("ending", "turn_limit", text("rules.ending.turn_limit", lang, limit=rules.turn_limit)))
    out.append(Statement("ending", "reveal_all", text("rules.ending.reveal_all", lang)))
    return out
