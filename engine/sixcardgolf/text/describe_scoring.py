"""Rule text for card values, pairs, bonuses and penalties, and winning.

Each statement says only what is true under the rules value it describes: the
pair sentences follow the pairing rule (two cards in a column, a whole column of
three, or anywhere), the bonuses name only the adjustments that are on. The
words are in the message catalogues (`messages/*.toml`).
"""

from __future__ import annotations

from ..cards import JACK_RANK, JOKER_RANK
from ..messages import join_list, points_text, text
from ..option_text import adjustment_label
from ..options import AMOUNTS
from ..rules import Rules
from ..scoring import ADJUSTMENT_ORDER
from .describe_common import Statement, lang_index, lowest_text, plural_key, sentences
from .glossary import RANK_NAMES

QUEEN_RANK = JACK_RANK + 1
_COMPARING = ("knock_penalty", "knock_reward_zero", "going_out_penalty", "underdog_bonus", "tied_shame")
_BEFORE_COMPARING = ("four_of_a_kind", "wolfpack", "blackjack")


def cancels_by_full_column(rules: Rules) -> bool:
    """Whether a cancelled group is a whole column of three or more (3x3 with column pairs), not a pair."""
    return rules.pairs == "column" and rules.rows > 2


# -- card values ---------------------------------------------------------------
def card_value_rows(rules: Rules, lang: str) -> list[tuple[str, int | str]]:
    """(card label, points) rows for a value table; a run of number cards at face value is one row."""
    names = RANK_NAMES["ja" if lang_index(lang) else "en"]
    rows: list[tuple[str, int | str]] = []
    face_run = [rank for rank in range(2, 10) if rules.values[rank] == rank + 1]
    run_is_whole = len(face_run) > 1 and face_run == list(range(face_run[0], face_run[-1] + 1))
    for rank in range(14):
        if rank == JOKER_RANK and rules.jokers_per_deck == 0:
            continue
        if run_is_whole and rank == face_run[0]:
            label = text("rules.values.face_run", lang, first=names[face_run[0]], last=names[face_run[-1]])
            rows.append((label, text("rules.values.face_value", lang)))
            continue
        if run_is_whole and rank in face_run[1:]:
            continue
        if rank == JACK_RANK and rules.one_eyed_jacks:
            rows.append((text("rules.values.jack_plain", lang), rules.values[JACK_RANK]))
            rows.append((text("rules.values.jack_one_eyed", lang), 0))
            continue
        if rows and rank in (QUEEN_RANK, QUEEN_RANK + 1) and rows[-1] == (names[rank - 1], rules.values[rank]):
            rows[-1] = (text("rules.values.same_value", lang, first=names[rank - 1], second=names[rank]), rows[-1][1])
            continue
        rows.append((names[rank], rules.values[rank]))
    return rows


def value_statements(rules: Rules, lang: str) -> list[Statement]:
    statements = []
    for label, points in card_value_rows(rules, lang):
        if isinstance(points, str):
            sentence = text("rules.values.row_face_value", lang, label=label)
        else:
            key = plural_key("rules.values.row", abs(points))
            sentence = text(key, lang, label=label, points=points_text(points))
        statements.append(Statement("values", "values", sentence))
    suits = "suits_one_eyed" if rules.one_eyed_jacks else "suits"
    statements.append(Statement("values", "suits", text(f"rules.values.{suits}", lang)))
    return statements


# -- pairs -----------------------------------------------------------------------------
def _negative_pairs_possible(rules: Rules) -> bool:
    """Whether two negative cards of one rank can cancel (a joker pair with its own value is stated apart)."""
    ranks = list(range(13))
    if rules.jokers_per_deck and rules.joker_pairs == "match" and rules.joker_pair_value is None:
        ranks.append(JOKER_RANK)
    return any(rules.values[rank] < 0 for rank in ranks)


def pairs_statements(rules: Rules, lang: str) -> list[Statement]:
    full_column = cancels_by_full_column(rules)
    if rules.pairs == "off":
        return [Statement("pairs", "pairs", text("rules.pairs.off", lang))]
    if full_column:
        out = [Statement("pairs", "pairs", text("rules.pairs.column_all", lang, rows=rules.rows))]
    elif rules.pairs == "column":
        jack, queen = rules.values[JACK_RANK], rules.values[QUEEN_RANK]
        key = "column_two" if jack == queen and not rules.one_eyed_jacks else "column_two_plain"
        out = [Statement("pairs", "pairs", text(f"rules.pairs.{key}", lang, points=points_text(jack)))]
    else:
        out = [Statement("pairs", "pairs", text("rules.pairs.anywhere", lang))]
    if rules.pairs == "column":
        out.append(Statement("pairs", "rows_never", text("rules.pairs.rows_never", lang)))
    if _negative_pairs_possible(rules):
        if rules.negative_pairs_keep_value:
            key = "negative_keep_column" if full_column else "negative_keep_pair"
        elif full_column:
            key = "negative_zero_column"
        else:
            key = "negative_zero_column_pair" if rules.pairs == "column" else "negative_zero_anywhere"
        out.append(Statement("pairs", "negative_pairs_keep_value", text(f"rules.pairs.{key}", lang)))
    if rules.jokers_per_deck:
        if rules.joker_pairs == "never":
            key = (
                "jokers_never_column"
                if full_column
                else "jokers_never"
                if rules.pairs == "column"
                else "jokers_never_anywhere"
            )
        elif rules.joker_pair_value is not None:
            key = "jokers_value_column" if full_column else "jokers_value_pair"
        else:
            key = "jokers_match_column" if full_column else "jokers_match"
        points = points_text(rules.joker_pair_value or 0)
        out.append(Statement("pairs", "joker_pairs", text(f"rules.pairs.{key}", lang, points=points)))
    return out


# -- adjustments and winning --------------------------------------------------------------
def _adjustment_text(rules: Rules, key: str, lang: str) -> str:
    label = adjustment_label(key, lang)
    shape = "columns" if cancels_by_full_column(rules) else "pairs"
    if key in ("four_of_a_kind", "wolfpack"):
        return text(f"rules.adjustments.{key}_{shape}", lang, label=label, amount=points_text(AMOUNTS[key]))
    if key == "blackjack":
        return text("rules.adjustments.blackjack", lang, label=label, score=AMOUNTS["blackjack_score"])
    return text(f"rules.adjustments.{key}", lang, label=label, amount=points_text(AMOUNTS[key]))


def active_adjustments(rules: Rules) -> list[str]:
    """The adjustments that can change a hole score under `rules`, in the order they apply."""
    on = {key: bool(getattr(rules, key)) for key in ADJUSTMENT_ORDER}
    # Four of a kind and wolfpack count cancelled groups: without pairs there are none.
    on["four_of_a_kind"] = rules.four_of_a_kind and rules.pairs != "off"
    on["wolfpack"] = rules.wolfpack and rules.pairs != "off"
    on["knock_penalty"] = rules.knock and rules.knock_penalty != "none"
    on["knock_reward_zero"] = rules.knock and rules.knock_reward_zero
    return [key for key in ADJUSTMENT_ORDER if on[key]]


def adjustment_statements(rules: Rules, lang: str) -> list[Statement]:
    active = active_adjustments(rules)
    # The knock's own penalty and reward are stated with the knock, in the turn section.
    stated_here = [key for key in active if key not in ("knock_penalty", "knock_reward_zero")]
    if not stated_here:
        key = "none_but_knock" if active else "none"
        return [Statement("adjustments", "none", text(f"rules.adjustments.{key}", lang))]
    out = [Statement("adjustments", key, _adjustment_text(rules, key, lang)) for key in stated_here]
    if any(key in _COMPARING for key in active):
        parts = []
        if len(active) > 1:
            names = text("list.separator", lang).join(adjustment_label(key, lang) for key in active)
            parts.append(text("rules.adjustments.order", lang, names=names))
        before = [adjustment_label(key, lang) for key in active if key in _BEFORE_COMPARING]
        if before:
            parts.append(text("rules.adjustments.compare_after", lang, names=join_list(before, lang)))
        else:
            parts.append(text("rules.adjustments.compare_plain", lang))
        parts.append(lowest_text(rules, lang))
        out.append(Statement("adjustments", "order", sentences(parts, lang)))
    return out


def winning_statements(rules: Rules, lang: str) -> list[Statement]:
    key = plural_key("rules.winning.holes", rules.holes)
    out = [Statement("winning", "holes", text(key, lang, holes=rules.holes))]
    out.append(Statement("winning", "ties", text(f"rules.winning.{rules.ties}", lang)))
    return out
