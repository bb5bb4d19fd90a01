"""Agents that play any cardboard game through the engine API.

Names: `random`, `greedy` (one move ahead on the scores), `heuristic` (the game's own,
from its rulebook's strategy), `mcts` (information-set MCTS, 400 iterations, random
rollouts), and the levels for people: `easy` (the heuristic, or greedy), `medium`
(MCTS, 300 iterations or 0.5 s), `hard` (MCTS for 1 s a move with heuristic rollouts). `mcts:2.5`
or `hard:2.5` gives a time budget in seconds a move.
"""
from __future__ import annotations

from cardboard.engine import ConfigError, game_class

from .base import Agent
from .greedy import GreedyAgent
from .mcts import MCTSAgent
from .random_agent import RandomAgent

AGENTS: dict[str, type[Agent]] = {"random": RandomAgent, "greedy": GreedyAgent}
LEVELS = ("easy", "medium", "hard")
NAMES = ("random", "greedy", "heuristic", "mcts") + LEVELS


def _heuristic(game_id: str | None, seed: int) -> Agent | None:
    if game_id is None:
        return None
    try:
        from .heuristics import heuristic_for
    except ImportError:  # no heuristics module at all
        return None
    try:
        return heuristic_for(game_id)(seed)
    except ConfigError:
        return None


def make_agent(name: str, seed: int = 0, game_id: str | None = None) -> Agent:
    base, _, budget = name.partition(":")
    seconds = None
    if budget:
        try:
            seconds = float(budget)
        except ValueError:
            raise ConfigError(f"'{name}': the time budget after ':' must be seconds, e.g. mcts:1.5") from None
        if seconds <= 0:
            raise ConfigError(f"'{name}': the time budget must be positive")
    if base in AGENTS and not budget:
        return AGENTS[base](seed)
    hints = game_class(game_id).search_hints if game_id else {}
    search = {"score_scale": hints.get("score_scale", 50.0), "max_depth": hints.get("rollout_depth", 400)}
    if base == "heuristic":
        agent = _heuristic(game_id, seed)
        if agent is None:
            raise ConfigError(f"no heuristic agent for game '{game_id}'")
        return agent
    if base == "easy":
        return _heuristic(game_id, seed) or GreedyAgent(seed)
    if base == "mcts":
        return MCTSAgent(seed, iterations=None if seconds else 400, seconds=seconds, **search)
    if base == "medium":  # quick enough to play against: at most 300 iterations or half a second
        return MCTSAgent(seed, iterations=300, seconds=seconds or 0.5, **search)
    if base == "hard":
        rollout = _heuristic(game_id, seed + 1)
        return MCTSAgent(seed, iterations=None, seconds=seconds or 1.0, rollout=rollout, **search)
    raise ConfigError(f"unknown agent '{name}'; known agents: {', '.join(NAMES)}")


__all__ = ["Agent", "AGENTS", "GreedyAgent", "LEVELS", "MCTSAgent", "NAMES", "RandomAgent", "make_agent"]
