"""The game-agnostic core: actions, states, games, RNG, errors, registry."""
from .action import Action, ActionCache
from .errors import CardboardError, ConfigError, IllegalAction
from .game import Game
from .registry import game_class, list_games, load_game
from .rng import Rng, derive_seed
from .state import State

__all__ = [
    "Action", "ActionCache", "CardboardError", "ConfigError", "IllegalAction", "Game", "State",
    "Rng", "derive_seed", "game_class", "list_games", "load_game",
]
