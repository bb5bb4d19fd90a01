"""Hideous Abomination: tile laying with loose ends, stealing and bolting (id "hideous-abomination")."""
from .game import HAOptions, HideousAbominationGame
from .rules import HAState

__all__ = ["HAOptions", "HideousAbominationGame", "HAState"]
