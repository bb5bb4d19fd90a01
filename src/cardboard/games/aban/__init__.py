"""Aban!: roll-and-write dice drafting with plant patterns (game id "aban")."""
from .game import AbanGame, AbanOptions
from .rules import AbanState

__all__ = ["AbanGame", "AbanOptions", "AbanState"]
