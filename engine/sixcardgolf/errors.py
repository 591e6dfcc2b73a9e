"""Typed errors. Every one is a ValueError and quotes the input it rejects."""


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
