"""Typed errors. Every one is a ValueError and quotes the input it rejects.

Which type to raise:
  RulesError          a rules value, option key or option value is not valid
  NotationError       a card, layout or action written as text could not be read
  IllegalActionError  a move the rules do not allow now (the state is unchanged)
  SaveError           a saved match is damaged, of another version, or does not replay
  UsageError          anything else a caller passed wrongly: a count, a name, a seat,
                      a seed, a language, a call made at the wrong moment
"""

from __future__ import annotations

LANGS: tuple[str, ...] = ("en", "ja")
"""The languages of every text the engine writes, English first."""


class GolfError(ValueError):
    """Base class for every error the engine raises on bad input.

    The English message is the exception's text; errors a player can meet in
    the browser also carry a Japanese message, so pages never show English
    errors on Japanese pages.
    """

    def __init__(self, message: str, ja: str | None = None) -> None:
        super().__init__(message)
        self.ja = ja

    def message(self, lang: str) -> str:
        return self.ja if lang == "ja" and self.ja else str(self)


class RulesError(GolfError):
    """A rules value, option key or option value is not valid."""


class NotationError(GolfError):
    """A card, layout or action written in text could not be read."""


class IllegalActionError(GolfError):
    """An action is not allowed in the current state; the state is unchanged."""


class SaveError(GolfError):
    """A saved match is damaged, of another format version, or does not replay."""


class UsageError(GolfError):
    """A call's arguments are not valid (a count, a name, a seat, a seed, a language), or the call comes at a
    moment it cannot be answered: the caller's mistake, not the rules', a move's or a save's."""


def check_lang(lang: object) -> str:
    """`lang` if it is one of LANGS; otherwise a UsageError naming it."""
    if lang not in LANGS:
        raise UsageError(
            f"language {lang!r} is not available: expected {' or '.join(LANGS)}",
            ja=f"言語「{lang}」は使えません。{'または'.join(LANGS)}を指定してください。",
        )
    return str(lang)
