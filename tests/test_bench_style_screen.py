"""The style screen's knobs: Normal with exactly the changes asked for, and a clear error for a bad one."""

from __future__ import annotations

import dataclasses

import pytest
from ai_style_screen import variant_style

from sixcardgolf.ai.levels import NORMAL


def test_a_variant_is_normal_with_the_knobs_given() -> None:
    style = variant_style(["foresight=0.9", "others_improve=false", "ending_samples=8"])
    assert (style.foresight, style.others_improve, style.ending_samples) == (0.9, False, 8)
    assert isinstance(style.ending_samples, int)
    same = dataclasses.replace(style, name=NORMAL.name, foresight=NORMAL.foresight, others_improve=True)
    assert dataclasses.replace(same, ending_samples=NORMAL.ending_samples) == NORMAL


@pytest.mark.parametrize(
    ("setting", "named"), [("foresigh=1", "foresigh=1"), ("foresight=", "foresight="), ("patience=x", "patience=x")]
)
def test_a_bad_knob_is_named_in_the_error(setting: str, named: str) -> None:
    with pytest.raises(SystemExit) as stop:
        variant_style([setting])
    assert named in str(stop.value) and "expected" in str(stop.value)
