"""SharedView (door/match.py): the room server makes the parts of a table that every seat shares once for all of
its seats. Every seat's view made with one SharedView is the view made for that seat alone, field for field and
in the same order, at every moment of whole matches (the opening, draws, a finished hole with its scores, the
outcome), in both languages."""

from __future__ import annotations

import json
import random

from sixcardgolf.door.match import SharedView, seat_view
from sixcardgolf.door.params import rules_from
from sixcardgolf.door.seated import SeatedMatch
from sixcardgolf.match import Match


def test_a_shared_view_changes_no_seats_view() -> None:
    checked = 0
    for seed, players in ((2, 3),):
        rng = random.Random(seed)
        match = Match(rules_from({"preset": "basic", "holes": 1}), players, seed)
        seated = SeatedMatch(match, ["human"] * players)
        moves = []
        while True:
            shared = SharedView(seated)
            for viewer in range(players):
                for lang in ("en", "ja"):
                    params = {"lang": lang, "viewer": viewer}
                    alone = json.dumps(seat_view(seated, params, moves), ensure_ascii=False)
                    assert json.dumps(seat_view(seated, params, moves, shared), ensure_ascii=False) == alone
                    checked += 1
            if match.is_over():
                break
            if match.hole.is_over():
                match.next_hole()
                moves = []
            else:
                moves = [seated.play(rng.choice(match.hole.legal_actions()))]
    assert checked > 100
