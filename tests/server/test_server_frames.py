"""The server's frames are written by orjson (server/protocol.py) for speed: every frame of a played room, in both
languages, is the very text the standard library writes in the protocol's form, so a page reads the same."""

from __future__ import annotations

import json
import random

from roomkit import mover, room_of


def test_every_frame_of_a_played_room_is_the_standard_librarys_text() -> None:
    rng = random.Random(26)
    _hub, crowd = room_of(3, setup={"holes": 3}, computers=["easy"], langs=["en", "ja", "ja"])
    for _ in range(400):
        person = mover(crowd)
        if person is None:  # a hole over: everyone agrees to go on
            for each in crowd:
                table = each.table()
                if table["hole_over"]:
                    each.say(type="ready", step=table["step"])
            if all(p.table()["outcome"] is not None for p in crowd):
                break
            continue
        table = person.table()
        person.say(type="act", action=rng.choice(table["observation"]["legal_actions"]), step=table["step"])
    texts = [text for person in crowd for text in person.texts]
    assert any('"scores":[' in text for text in texts), "no hole was finished: the test saw no score table"
    assert any(any(ord(ch) > 127 for ch in text) for text in texts), "no Japanese text was sent"
    for text in texts:
        assert text == json.dumps(json.loads(text), ensure_ascii=False, separators=(",", ":"))
