"""The guided lessons of the Learn page, as data: one JSON file per lesson (read by door/lesson.py).

A lesson is a deal (a preset, option changes, the seats and a match seed: the engine's own deal mechanism), the
computer's moves in order, the person's steps (each a few expected moves and a text key of the page) and the
claims its texts make (which column pairs, who goes out, who wins), which tests/learn/test_lessons.py checks by
replaying the lesson through the engine.
"""
