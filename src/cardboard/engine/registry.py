"""Which games exist, loaded lazily so importing cardboard stays cheap."""
from __future__ import annotations

import importlib

from .errors import ConfigError
from .game import Game

_GAMES: dict[str, str] = {
    "aban": "cardboard.games.aban:AbanGame",
    "hideous-abomination": "cardboard.games.hideous_abomination:HideousAbominationGame",
    "abyss": "cardboard.games.abyss:AbyssGame",
    "abomination": "cardboard.games.abomination:AbominationGame",
    "aberration": "cardboard.games.aberration.game:AberrationGame",
}


def list_games() -> list[str]:
    return sorted(_GAMES)


def game_class(game_id: str) -> type[Game]:
    if game_id not in _GAMES:
        raise ConfigError(f"unknown game '{game_id}'; known games: {', '.join(list_games())}")
    module, _, name = _GAMES[game_id].partition(":")
    return getattr(importlib.import_module(module), name)


def load_game(game_id: str, players: int, seed: int | None = None, options: dict | None = None) -> Game:
    return game_class(game_id)(players=players, seed=seed, options=options)
