"""Research adapters: every cardboard game in PettingZoo, Gymnasium and OpenSpiel.

    cardboard.interop.pettingzoo.env(game_id, players=..., reward="win", **options)   AEC environment
    cardboard.interop.gymnasium.register()   "cardboard/<Name>-v0" (and "<Name>Solo-v0") for gymnasium.make
    cardboard.interop.openspiel.load(game_id, players=...)                            a pyspiel game

All three share one integer encoding of each game's moves (spec.py: a fixed table of choices,
a move with many parts chosen part by part) and one observation per seat built from its view
alone (observe.py). Install them with `pip install cardboard[interop]`. Nothing here names a
game: a game may add its own `encoding.py` (see `Game.encoding()`), else the generic one serves.
"""
from .spec import DONE, EncodingError, MoveEncoding, each, head, step

__all__ = ["DONE", "EncodingError", "MoveEncoding", "each", "head", "step"]
