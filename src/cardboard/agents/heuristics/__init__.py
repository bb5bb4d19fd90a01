"""Hand-written heuristic players, one per game: fast, honest (they read only what their seat
may see) and meant both as opponents and as rollout policies for tree searches."""
from __future__ import annotations

from cardboard.engine import ConfigError

from ..base import Agent
from .aban import AbanHeuristic
from .aberration import AberrationHeuristic
from .abomination import AbominationHeuristic
from .abyss import AbyssHeuristic
from .hideous_abomination import HAHeuristic

HEURISTICS: dict[str, type[Agent]] = {
    "aban": AbanHeuristic,
    "aberration": AberrationHeuristic,
    "abomination": AbominationHeuristic,
    "abyss": AbyssHeuristic,
    "hideous-abomination": HAHeuristic,
}


def heuristic_for(game_id: str) -> type[Agent]:
    """The heuristic agent class of a game; ConfigError for a game that has none."""
    try:
        return HEURISTICS[game_id]
    except (KeyError, TypeError):
        known = ", ".join(sorted(HEURISTICS))
        raise ConfigError(f"no heuristic agent for game {game_id!r}; games with one: {known}") from None


__all__ = ["HEURISTICS", "heuristic_for", "AbanHeuristic", "AberrationHeuristic", "AbominationHeuristic", "AbyssHeuristic", "HAHeuristic"]
