"""The room protocol's client messages, read and checked before anything acts on them (server/PROTOCOL.md).

Every frame from a client is a JSON object with a `type` and that type's fields, nothing else. A frame that is
not JSON, too long, nested, of an unknown type, missing a field, carrying one it should not or a value of the
wrong kind is refused here with an error naming what was wrong; the room never sees it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import orjson

from sixcardgolf.errors import LANGS
from sixcardgolf.messages import say

from .errors import RoomError

VERSION = 1
MAX_MESSAGE_CHARS = 8_000
"""The longest frame read: a create with every option changed is under 2,000 characters."""
MAX_DEPTH = 4
"""Objects and lists nest at most this deep in a frame (create's setup.options is the deepest, at 3)."""

ANY, TEXT, WHOLE, OBJECT, LIST = "any", "text", "whole", "object", "list"
# Each type's fields: (kind, required). "id" is allowed on every frame and echoed in its answer.
FIELDS: dict[str, dict[str, tuple[str, bool]]] = {
    "hello": {"v": (WHOLE, True), "lang": (TEXT, True)},
    "create": {"setup": (OBJECT, True), "seats": (LIST, True), "name": (TEXT, False), "grace": (WHOLE, False)},
    "join": {"code": (TEXT, True), "name": (TEXT, False), "token": (TEXT, False), "seen": (WHOLE, False)},
    "start": {"fill": (TEXT, False)},
    "act": {"action": (TEXT, True), "step": (WHOLE, True)},
    "undo": {"step": (WHOLE, True)},
    "ready": {"step": (WHOLE, True)},
    "rename": {"name": (TEXT, True)},
    "leave": {},
    "ping": {},
}
GRACE_LIMITS = (10, 3_600)
"""A room's grace period, in seconds, as a host may set it (the server's own setting may be shorter, for tests)."""


@dataclass(frozen=True)
class Message:
    type: str
    fields: dict[str, Any]
    id: int | None


def read(frame: str | bytes) -> Message:
    """A client's frame as a Message, or a RoomError naming what is wrong with it."""
    if len(frame) > MAX_MESSAGE_CHARS:
        raise RoomError("room.error.too_long", most=MAX_MESSAGE_CHARS)
    try:
        data = json.loads(frame)
    except (ValueError, RecursionError):
        raise RoomError("room.error.not_json") from None
    if not isinstance(data, dict):
        raise RoomError("room.error.not_object")
    if _depth(data) > MAX_DEPTH:
        raise RoomError("room.error.too_deep", most=MAX_DEPTH)
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in FIELDS:
        raise RoomError("room.error.type", type=_shown(kind), types=", ".join(FIELDS))
    ident = data.get("id")
    if ident is not None and not _is_whole(ident):
        raise RoomError("room.error.field_kind", field="id", kind=say("room.kind.whole"))
    allowed = FIELDS[kind]
    fields = {name: value for name, value in data.items() if name not in ("type", "id")}
    for name in fields:
        if name not in allowed:
            raise RoomError("room.error.field", field=_shown(name))
    for name, (expected, required) in allowed.items():
        if name not in fields:
            if required:
                raise RoomError("room.error.missing", field=name, type=kind)
            continue
        if not _is_kind(fields[name], expected):
            raise RoomError("room.error.field_kind", field=name, kind=say(f"room.kind.{expected}"))
    if kind == "hello":
        if fields["v"] != VERSION:
            raise RoomError("room.error.version", v=_shown(fields["v"]), version=VERSION)
        if fields["lang"] not in LANGS:
            raise RoomError("room.error.lang", lang=_shown(fields["lang"]), langs=", ".join(LANGS))
    if kind == "create" and "grace" in fields and not GRACE_LIMITS[0] <= fields["grace"] <= GRACE_LIMITS[1]:
        raise RoomError("room.error.grace", least=GRACE_LIMITS[0], most=GRACE_LIMITS[1])
    return Message(kind, fields, ident)


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and -(2**53) < value < 2**53


def _is_kind(value: object, kind: str) -> bool:
    if kind == TEXT:
        return isinstance(value, str) and len(value) <= 200
    if kind == WHOLE:
        return _is_whole(value)
    if kind == OBJECT:
        return isinstance(value, dict)
    if kind == LIST:
        return isinstance(value, list)
    return True


def _depth(value: object) -> int:
    if isinstance(value, dict):
        return 1 + max((_depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((_depth(v) for v in value), default=0)
    return 0


def _shown(value: object) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 24 else text[:23] + "…"


def frame(kind: str, /, **fields: Any) -> str:
    """A server frame as text: the same text as `json.dumps(..., ensure_ascii=False, separators=(",", ":"))`,
    written by orjson, which takes a tenth of the time (every seat of a room gets a frame of a few kilobytes
    after every move: the standard library's encoder was a fifth of the server's time per move)."""
    return orjson.dumps({"type": kind, **fields}).decode()
