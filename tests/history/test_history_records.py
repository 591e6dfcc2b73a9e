"""What the history page counts comes from the door's view of each finished hole (door.match.seat_view's
`records`): who went out or knocked and how many pairs each seat ended the hole with. Checked here against the
same view's own account of the hole just ended (its `scores`, with the cancelled groups, and `ended_by`), which the
Play page's result table draws, for holes the computers play to their end."""

from __future__ import annotations

import pytest

from sixcardgolf.ai import make_policy
from sixcardgolf.door.match import seat_view
from sixcardgolf.door.seated import SeatedMatch
from sixcardgolf.match import Match
from sixcardgolf.presets import load_preset
from sixcardgolf.seeds import decision_seed


@pytest.mark.parametrize("preset", ["basic", "four-card", "house-party"])
def test_each_records_pairs_and_who_ended_it_match_the_holes_own_scores(preset: str) -> None:
    for seed in range(2):
        match = Match(load_preset(preset).with_options({"holes": 2}), 3, seed)
        seated = SeatedMatch(match, ["human", "normal", "normal"])
        while not match.is_over():
            if match.hole.is_over():
                view = seat_view(seated, {"lang": "en", "viewer": 0}, [])
                record = view["records"][-1]
                assert record["pairs"] == [len(score["cancelled"]) for score in view["scores"]]
                ended_by = record["knocker"] if view["end_reason"] == "knock" else record["went_out"]
                assert ended_by == view["ended_by"]
                match.next_hole()
                continue
            seat = match.current_player()
            match.apply_action(
                make_policy("normal", decision_seed(seed, len(match.log), seat)).choose(match.observation(seat))
            )
        view = seat_view(seated, {"lang": "en", "viewer": 0}, [])
        assert len(view["records"]) >= 2
        assert all(len(r["pairs"]) == 3 for r in view["records"])


def test_a_record_compares_as_before() -> None:
    """The new fields stay out of a record's equality, so two replays of the same holes compare equal."""
    first = Match(load_preset("basic").with_options({"holes": 1}), 2, 4)
    first.play_hole([make_policy("easy", 1), make_policy("easy", 2)])
    again = Match.from_save(first.to_save())
    assert again.records == first.records
    assert again.records[0].pairs(again.rules) == first.records[0].pairs(first.rules)
