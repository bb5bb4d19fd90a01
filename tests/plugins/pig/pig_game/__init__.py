"""Pig, the folk dice game (id "pig"): a cardboard game in one folder."""
from .game import PigGame, PigState

__all__ = ["PigGame", "PigState"]
