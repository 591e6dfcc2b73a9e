"""One request through a JSON door as a page's Web Worker sends it: the request written as JSON text, the answer
read back and its envelope checked ({"ok": true, "result": ...} or {"ok": false, "error": "..."}, nothing more).

`ask`, `result` and `refusal` go through the engine's door (sixcardgolf.door.handle) with `session` the table
the worker keeps between requests (a new one for each request if None); `envelope` through any door of that
shape (the printables' browser door).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from sixcardgolf.door import Session, handle


def envelope(door: Callable[[str], str], method: str, params: Mapping[str, Any]) -> dict[str, Any]:
    """The answer of `door` to {"method": method, "params": params}, its shape checked."""
    answer = json.loads(door(json.dumps({"method": method, "params": dict(params)})))
    assert isinstance(answer, dict) and set(answer) in ({"ok", "result"}, {"ok", "error"}), answer
    assert answer["ok"] is ("result" in answer), answer
    if not answer["ok"]:
        assert isinstance(answer["error"], str) and answer["error"], answer
    return answer


def ask(method: str, session: Session | None = None, /, **params: Any) -> dict[str, Any]:
    """The engine door's whole answer to one request."""
    return envelope(lambda text: handle(text, session), method, params)


def result(method: str, session: Session | None = None, /, **params: Any) -> Any:
    """The result of a request the door must accept (the test fails with the door's error otherwise)."""
    answer = ask(method, session, **params)
    assert answer["ok"], answer["error"]
    return answer["result"]


def refusal(method: str, session: Session | None = None, /, **params: Any) -> str:
    """The error of a request the door must refuse: one line for the player, in the request's language."""
    answer = ask(method, session, **params)
    assert answer["ok"] is False, answer
    return answer["error"]  # type: ignore[no-any-return]
