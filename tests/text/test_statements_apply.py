"""The rule text says only what is true under the rules value it describes (issue 18, "Statements that apply").

Every preset and a seeded sample of random option mixes are described in both languages, and each check below
names an option and what its statements may or must say under it: no "two cards ... make a pair" when columns of
three cancel, no "nobody may look ... not even its owner" without the peek's exception, nothing about knocking
when nobody may knock, and so on.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator

import pytest

from sixcardgolf import Rules, load_preset, preset_names
from sixcardgolf.messages import points_text
from sixcardgolf.option_text import adjustment_label
from sixcardgolf.options import CHOICES, LAYOUTS
from sixcardgolf.text.describe import describe_rules

Check = Callable[[Rules, str, str], None]


def random_rules(rng: random.Random) -> Rules:
    layout = rng.choice(list(LAYOUTS))
    rows, cols = LAYOUTS[layout]
    options: dict[str, object] = {key: rng.choice(values) for key, values in CHOICES.items()}
    options.update(
        layout=layout,
        decks=rng.choice(["auto", 1, 2, 3]),
        jokers_per_deck=rng.choice([0, 0, 1, 2]),
        initial_reveals=rng.randint(0, rows * cols),
        joker_pair_value=rng.choice(["none", "none", 0, -4]),
        turn_limit=rng.choice([60, 240, 500]),
        holes=rng.choice([1, 9, 18]),
    )
    for key in (
        "peek",
        "one_eyed_jacks",
        "negative_pairs_keep_value",
        "discard_pickup_must_swap",
        "flip_as_action",
        "knock",
        "knock_reward_zero",
        "early_knock",
        "four_of_a_kind",
        "wolfpack",
        "blackjack",
        "going_out_penalty",
        "going_out_bonus",
        "underdog_bonus",
        "tied_shame",
        "tie_counts_as_lowest",
    ):
        options[key] = rng.random() < 0.5  # fmt: skip
    for rank in ("2", "K", "JK"):
        options[f"values.{rank}"] = rng.choice([-5, -2, 0, 2])
    return Rules().with_options(options)


def all_rules() -> Iterator[tuple[str, Rules]]:
    for name in preset_names():
        yield name, load_preset(name)
    rng = random.Random("statements that apply")
    for index in range(150):
        yield f"mix{index}", random_rules(rng)


RULES = list(all_rules())


def statements(rules: Rules, lang: str, section: str | None = None) -> list[str]:
    return [s.text for s in describe_rules(rules, lang) if section is None or s.section == section]


def has(texts: list[str], pattern: str) -> bool:
    return any(re.search(pattern, t) for t in texts)


# -- the checks: each is (rules, lang, what the statements say) -> None, asserting ------------------------------
def pairs_follow_the_pairing_rule(rules: Rules, lang: str) -> None:
    everything = statements(rules, lang)
    pair = r"\bpairs?\b" if lang == "en" else "ペア"
    column = r"\bcolumns?\b" if lang == "en" else "列"
    if rules.pairs == "column" and rules.rows > 2:
        assert not has(everything, pair), "a pair is named where only whole columns of three cancel"
        assert has(statements(rules, lang, "pairs"), str(rules.rows)), "the column rule names its three cards"
    if rules.pairs == "anywhere":
        assert not has(statements(rules, lang, "pairs") + statements(rules, lang, "adjustments"), column)
    if rules.pairs == "off":
        assert not has(statements(rules, lang, "adjustments"), pair), "no pair bonus can happen without pairs"
        assert len(statements(rules, lang, "pairs")) == 1
    if rules.pairs == "column" and rules.rows == 2:
        two_in_a_column = r"Two cards .* in one column" if lang == "en" else "同じ列の2枚"
        assert has(statements(rules, lang, "pairs"), two_in_a_column)


def looking_follows_the_peek_rule(rules: Rules, lang: str) -> None:
    everything = statements(rules, lang)
    peeking = rules.peek and rules.initial_reveals > 0
    no_look = "not even its owner" if lang == "en" else "持ち主も含めて誰も見てはいけません"
    peek = r"\bpeek" if lang == "en" else "のぞき見"
    for sentence in everything:
        if no_look in sentence and peeking:
            assert re.search(peek, sentence), f"no exception for the peek in {sentence!r}"
    if not peeking:
        assert not has(everything, peek)
    if rules.initial_reveals == rules.size and not rules.peek:
        assert not has(everything, no_look), "every card starts face up: nothing is ever face down to look at"


def knocking_is_described_only_when_allowed(rules: Rules, lang: str) -> None:
    early = "early knock" if lang == "en" else "早ノック"
    knock = r"(?i)\bknock" if lang == "en" else "ノック"
    texts = [t.replace(early, "") for t in statements(rules, lang)]
    assert has(texts, knock) == rules.knock
    assert has(statements(rules, lang), early) == rules.early_knock
    if rules.knock:
        penalty = "not lowest" if lang == "en" else "最低点でなければ"
        assert has(statements(rules, lang, "turn"), penalty) == (rules.knock_penalty != "none")


def final_turns_only_when_there_are_any(rules: Rules, lang: str) -> None:
    final = r"final (turn|round)" if lang == "en" else "最後の(手番|一巡)"
    if rules.end_of_hole == "immediate" and not rules.knock:
        assert not has(statements(rules, lang), final)


def optional_turns_only_when_on(rules: Rules, lang: str) -> None:
    whole_turn = "spend your whole" if lang == "en" else "1枚表にするだけで"
    assert has(statements(rules, lang, "turn"), whole_turn) == rules.flip_as_action
    thrown_back = "thrown straight back instead" if lang == "en" else "そのまま捨て直してもかまいません"
    assert has(statements(rules, lang, "turn"), thrown_back) == (not rules.discard_pickup_must_swap)


def cards_in_play_only(rules: Rules, lang: str) -> None:
    joker = r"(?i)\bjokers?\b" if lang == "en" else "ジョーカー"
    named = [t for t in statements(rules, lang) if re.search(joker, t)]
    if not rules.jokers_per_deck:
        assert len(named) == 1, named  # the one sentence that leaves them out
    one_eyed = "One-eyed" if lang == "en" else "片目"
    assert has(statements(rules, lang, "values"), f"(?i){one_eyed}") == rules.one_eyed_jacks
    several = "several decks" if lang == "en" else "何組かを混ぜて"
    if rules.decks == 1:
        assert not has(statements(rules, lang), several)


def negative_pairs_only_when_possible(rules: Rules, lang: str) -> None:
    ranks = list(range(13))
    if rules.jokers_per_deck and rules.joker_pairs == "match" and rules.joker_pair_value is None:
        ranks.append(13)
    possible = rules.pairs != "off" and any(rules.values[rank] < 0 for rank in ranks)
    negative = "negative|less than zero" if lang == "en" else "マイナス"
    assert has(statements(rules, lang, "pairs"), negative) == possible


def adjustments_named_only_when_on(rules: Rules, lang: str) -> None:
    texts = statements(rules, lang, "adjustments")
    for key in ("four_of_a_kind", "wolfpack", "blackjack", "going_out_penalty", "going_out_bonus", "underdog_bonus",
                "tied_shame"):  # fmt: skip
        on = bool(getattr(rules, key)) and (rules.pairs != "off" or key not in ("four_of_a_kind", "wolfpack"))
        label = adjustment_label(key, lang)
        # Wolfpack's sentence says it stacks with four of a kind; that mention is not four of a kind's own line.
        own_lines = [t for t in texts if t.startswith(label)]
        assert bool(own_lines) == on, (key, on, texts)


def ties_for_lowest_stated_when_they_matter(rules: Rules, lang: str) -> None:
    counts = "counts as lowest" if lang == "en" else "最低点とみなします"
    not_counts = "does not count as lowest" if lang == "en" else "最低点とみなしません"
    everything = statements(rules, lang)
    if rules.tie_counts_as_lowest:
        assert not has(everything, not_counts)
    else:
        assert not has([t.replace(not_counts, "") for t in everything], counts)


def numbers_come_from_the_rules(rules: Rules, lang: str) -> None:
    assert has(statements(rules, lang, "ending"), rf"(?<!\d){rules.turn_limit}(?!\d)")
    assert has(statements(rules, lang, "winning"), rf"(?<!\d){rules.holes}(?!\d)")
    if rules.initial_reveals and rules.initial_reveals != rules.size:
        assert has(statements(rules, lang, "setup"), rf"(?<!\d){rules.initial_reveals}(?!\d)")
    for rank in range(13):
        if rules.values[rank] != rank + 1 or not 2 <= rank <= 9:
            assert has(statements(rules, lang, "values"), re.escape(points_text(rules.values[rank])))


CHECKS = [
    pairs_follow_the_pairing_rule,
    looking_follows_the_peek_rule,
    knocking_is_described_only_when_allowed,
    final_turns_only_when_there_are_any,
    optional_turns_only_when_on,
    cards_in_play_only,
    negative_pairs_only_when_possible,
    adjustments_named_only_when_on,
    ties_for_lowest_stated_when_they_matter,
    numbers_come_from_the_rules,
]


@pytest.mark.parametrize("check", CHECKS, ids=lambda check: check.__name__)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_statement_contradicts_its_rules(check: Callable[[Rules, str], None], lang: str) -> None:
    failures = []
    for name, rules in RULES:
        try:
            check(rules, lang)
        except AssertionError as error:
            failures.append(f"{name} {rules.to_dict()}: {error}")
    assert not failures, "\n".join(failures[:5]) + f"\n({len(failures)} rules values in all)"


def test_the_sample_covers_every_choice() -> None:
    """The random mixes reach every value of every choice option, so the checks above see every variant."""
    for key, values in CHOICES.items():
        seen = {rules.to_dict()[key] for _, rules in RULES}
        assert seen == set(values), (key, set(values) - seen)
