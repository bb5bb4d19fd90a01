"""Abomination: The Heir of Frankenstein (Plaid Hat Games), 2 to 4 players."""
from .game import AbominationGame

__all__ = ["AbominationGame"]
