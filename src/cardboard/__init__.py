"""cardboard: faithful digital editions of tabletop games on one engine."""
from .engine import (
    Action, CardboardError, ConfigError, Game, IllegalAction, State, list_games, load_game,
)

__all__ = ["Action", "CardboardError", "ConfigError", "Game", "IllegalAction", "State",
           "list_games", "load_game"]
__version__ = "0.1.0"
