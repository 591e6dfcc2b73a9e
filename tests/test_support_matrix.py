"""The pairwise matrices of the browser tests (support.matrix): the default set holds every pair, and default plus
slow is the whole product."""

from __future__ import annotations

import itertools

from support.matrix import alternating, covering, pairwise


def test_the_covering_set_holds_every_pair_and_is_small() -> None:
    pages, langs, schemes = [f"page{i}" for i in range(13)], ["en", "ja"], ["light", "dark"]
    chosen = covering(pages, langs, schemes)
    for (a, xs), (b, ys) in itertools.combinations(enumerate([pages, langs, schemes]), 2):
        for x, y in itertools.product(xs, ys):
            assert any(c[a] == x and c[b] == y for c in chosen), (x, y)
    assert len(chosen) == 26  # each page twice: its two languages, its two schemes (the least possible)
    assert len(covering(["en", "ja"], ["light", "dark"], [1366, 390])) == 4  # of 8


def test_default_and_slow_together_are_the_whole_product() -> None:
    params = pairwise(["en", "ja"], ["light", "dark"], [1366, 390])
    assert [p.values for p in params] == list(itertools.product(["en", "ja"], ["light", "dark"], [1366, 390]))
    slow = [p.values for p in params if any(m.name == "slow" for m in p.marks)]
    assert len(slow) == 4 and set(slow).isdisjoint(covering(["en", "ja"], ["light", "dark"], [1366, 390]))


def test_alternating_runs_each_case_once_by_default_and_takes_the_choices_in_turn() -> None:
    params = alternating([("a", 1), ("b", 2), ("c", 3)], ["en", "ja"])
    assert len(params) == 6  # the whole product, the rest slow
    default = [p.values for p in params if not p.marks]
    assert default == [("en", "a", 1), ("ja", "b", 2), ("en", "c", 3)]
    slow = [p.values for p in params if p.marks]
    assert slow == [("ja", "a", 1), ("en", "b", 2), ("ja", "c", 3)]
    assert all(mark.name == "slow" for p in params for mark in p.marks)
