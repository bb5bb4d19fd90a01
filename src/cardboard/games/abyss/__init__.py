"""Abyss: exploration, the Council, Lords and Locations (id "abyss")."""
from .game import AbyssGame, AbyssOptions
from .rules import AbyssState

__all__ = ["AbyssGame", "AbyssOptions", "AbyssState"]
