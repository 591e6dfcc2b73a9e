"""A refusal of the room server, in every language the site speaks.

Its words are keys of the engine's catalogues (`room.error.*` in engine/sixcardgolf/messages/*.toml), the one
catalogue system the site, the printables and the pages share; an error the engine raised (a bad option, an
illegal move) keeps the engine's own words in both languages.
"""

from __future__ import annotations

from sixcardgolf.errors import GolfError
from sixcardgolf.messages import text


class RoomError(Exception):
    """A client's message refused: nothing changed. `key` names the refusal for clients and tests."""

    def __init__(self, key: str, /, **values: object) -> None:
        super().__init__(key)
        self.key = key
        self.values = values
        self._engine: GolfError | None = None

    @classmethod
    def from_engine(cls, error: GolfError) -> RoomError:
        refusal = cls("room.error.engine")
        refusal._engine = error
        return refusal

    def message(self, lang: str) -> str:
        if self._engine is not None:
            return self._engine.message(lang)
        return text(self.key, lang, **self.values)
