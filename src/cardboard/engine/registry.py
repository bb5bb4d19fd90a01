"""Which games exist: every `Game` class declared in the `cardboard.games` entry point group.

The five built-in games are declared in cardboard's own pyproject.toml like any other, so a
separate package adds a game with `pip install` and no change here:

    [project.entry-points."cardboard.games"]
    dice-race = "dice_race:DiceRaceGame"

The entry point's name is the game id. Classes are imported only when a game is asked for,
so importing cardboard stays cheap.
"""
from __future__ import annotations

from importlib.metadata import EntryPoint, entry_points

from .errors import ConfigError
from .game import Game

GROUP = "cardboard.games"
_found: dict[str, EntryPoint] | None = None
_loaded: dict[str, type[Game]] = {}


def _entry_points() -> dict[str, EntryPoint]:
    global _found
    if _found is None:
        _found = {ep.name: ep for ep in entry_points(group=GROUP)}
    return _found


def refresh() -> None:
    """Read the installed entry points again (after installing a game package at run time)."""
    global _found
    _found = None
    _loaded.clear()


def list_games() -> list[str]:
    return sorted(_entry_points())


def game_class(game_id: str) -> type[Game]:
    if game_id in _loaded:
        return _loaded[game_id]
    found = _entry_points()
    if not isinstance(game_id, str) or game_id not in found:
        raise ConfigError(f"unknown game '{game_id}'; known games: {', '.join(list_games())}")
    cls = found[game_id].load()
    if not (isinstance(cls, type) and issubclass(cls, Game)):
        raise ConfigError(f"entry point '{game_id}' of {GROUP} is {cls!r}, not a cardboard Game class")
    if cls.id != game_id:
        raise ConfigError(f"entry point '{game_id}' names {cls.__name__}, whose id is '{cls.id}'")
    _loaded[game_id] = cls
    return cls


def load_game(game_id: str, players: int, seed: int | None = None, options: dict | None = None) -> Game:
    return game_class(game_id)(players=players, seed=seed, options=options)
