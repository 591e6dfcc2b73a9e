"""Typed errors. Every one is a ValueError and quotes the input it rejects."""


class GolfError(ValueError):
    """Base class for every error the engine raises on bad input."""


class RulesError(GolfError):
    """A rules value, option key or option value is not valid."""


class NotationError(GolfError):
    """A card, layout or action written in text could not be read."""


class IllegalActionError(GolfError):
    """An action is not allowed in the current state; the state is unchanged."""


class SaveError(GolfError):
    """A saved match is damaged, of another format version, or does not replay."""
