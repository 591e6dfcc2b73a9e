"""What happened while a person was away: the moves of the hole in play after the last one their page saw.

A page that comes back says how many actions of the match it had seen (`seen`, the view's `moves`); the server
replays the log and gives each later move of the current hole as that seat's page shows a move (a public event
and the table after it, as seen by that seat), so the page can show them one at a time as it does for the
computers' moves. Moves of earlier holes are summed up by the score table instead.
"""

from __future__ import annotations

from sixcardgolf import actions as A
from sixcardgolf.door.seated import Move, SeatedMatch
from sixcardgolf.match import Match
from sixcardgolf.observation import public_event

MAX_NEWS = 200
"""The most moves a returning page is shown one by one (a hole of four players is rarely half as long)."""


def moves_since(seated: SeatedMatch, seen: int) -> list[Move]:
    match = seated.match
    log = match.log
    start = len(log)
    while start > 0 and log[start - 1] != A.NEXT_HOLE:
        start -= 1
    first = max(seen, start)
    if first >= len(log) or len(log) - first > MAX_NEWS or seen < 0:
        return []
    save = match.to_save()
    replay = Match.from_save({**save, "actions": save["actions"][:first]})
    moves = []
    for action in log[first:]:
        if A.is_redeal(action):
            replay.apply_logged(action)
            continue
        event = public_event(replay.hole, action)
        replay.apply_logged(action)
        moves.append(Move(event, replay.hole.clone()))
    return moves
