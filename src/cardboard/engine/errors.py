"""Errors a player or a program can meet. Each carries a message a person understands."""


class CardboardError(Exception):
    """Base of every error cardboard raises on purpose."""


class IllegalAction(CardboardError):
    """A move that the rules do not allow now. The state it was tried on is unchanged."""


class ConfigError(CardboardError, ValueError):
    """A bad game id, player count, option, seat or data/save file."""
