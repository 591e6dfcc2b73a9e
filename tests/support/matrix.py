"""Test matrices whose default run holds every pair of values, the whole product behind `--run-slow`.

A browser check in every language x colour scheme x screen (x page) costs a Pyodide or axe run per combination,
and the suite runs on two cores. Faults that depend on one value (a Japanese label, a dark-scheme colour, a phone's
width) or on two together (Japanese on a phone) show in a set that holds every pair of values at least once (a
pairwise covering set); the rest of the product stays in `make test-slow`. The set is chosen greedily (the
combination that covers most pairs not yet covered, in product order), so it is the same on every run.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

import pytest


def _pairs(combination: tuple[Any, ...]) -> set[tuple[int, Any, int, Any]]:
    return {(i, combination[i], j, combination[j]) for i, j in itertools.combinations(range(len(combination)), 2)}


def covering(*dimensions: Sequence[Any]) -> list[tuple[Any, ...]]:
    """A set of combinations of `dimensions` holding every pair of values of any two of them."""
    product = list(itertools.product(*dimensions))
    uncovered = set().union(*(_pairs(c) for c in product))
    chosen: list[tuple[Any, ...]] = []
    while uncovered:
        best = max(product, key=lambda c: len(_pairs(c) & uncovered))
        chosen.append(best)
        uncovered -= _pairs(best)
    return chosen


def _id(value: Any) -> str:
    return "x".join(map(str, value)) if isinstance(value, tuple) else str(value)


def pairwise(*dimensions: Sequence[Any]) -> list[Any]:
    """Every combination as a pytest param (its id the values joined by "-", a screen as 1366x768); those outside
    `covering` are marked slow."""
    chosen = set(covering(*dimensions))
    return [
        pytest.param(*c, marks=() if c in chosen else pytest.mark.slow, id="-".join(map(_id, c)))
        for c in itertools.product(*dimensions)
    ]


def alternating(cases: Sequence[tuple[Any, ...]], choices: Sequence[Any]) -> list[Any]:
    """Each case with each of `choices` as pytest params (the choice first), the choices taken in turn case by case
    in the default run (every case once, every choice about as often) and the rest marked slow: for a check whose
    cases are independent of the choice (which language a page is in), where a pairwise set would be the whole
    product."""
    return [
        pytest.param(choice, *case, marks=() if j == i % len(choices) else pytest.mark.slow, id=f"{choice}-{i}")
        for i, case in enumerate(cases)
        for j, choice in enumerate(choices)
    ]
