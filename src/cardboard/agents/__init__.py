"""Agents that play any cardboard game through the engine API.

Names: `random`, `greedy` (one move ahead on the scores), `heuristic` (the game's own,
from its rulebook's strategy), `mcts` (information-set MCTS, UCT over every move, 400
iterations, random rollouts: needs nothing from the game), `search` (the strongest: MCTS
whose root candidates are the heuristic's best moves, judged by Sequential Halving on
common determinizations, with heuristic rollouts; 1 s a move), and the levels for people:
`easy` (greedy), `medium` (the heuristic) and `hard` (`search`). For a game without a
heuristic, `medium` is MCTS for 0.5 s and `hard` MCTS for 1 s. `NAME:SECONDS` (e.g.
`hard:3`) gives a time budget a move to the searching agents: wall seconds, or with
`make_agent(..., cpu_time=True)` seconds of the process's CPU (for benchmarks on a busy machine).
"""
from __future__ import annotations

import math

from cardboard.engine import ConfigError, game_class

from .base import Agent
from .greedy import GreedyAgent
from .mcts import MCTSAgent
from .random_agent import RandomAgent

AGENTS: dict[str, type[Agent]] = {"random": RandomAgent, "greedy": GreedyAgent}
LEVELS = ("easy", "medium", "hard")
NAMES = ("random", "greedy", "heuristic", "mcts", "search") + LEVELS


def _heuristic(game_id: str | None, seed: int) -> Agent | None:
    """The game's own heuristic player (its `heuristic.py`), or None for a game without one."""
    if game_id is None:
        return None
    cls = game_class(game_id).heuristic()
    return cls(seed) if cls is not None else None


def make_agent(name: str, seed: int = 0, game_id: str | None = None, cpu_time: bool = False) -> Agent:
    base, _, budget = name.partition(":")
    seconds = None
    if budget:
        try:
            seconds = float(budget)
        except ValueError:
            raise ConfigError(f"'{name}': the time budget after ':' must be seconds, e.g. mcts:1.5") from None
        if not math.isfinite(seconds) or seconds <= 0:
            raise ConfigError(f"'{name}': the time budget must be a positive, finite number of seconds")
    if base in AGENTS and not budget:
        return AGENTS[base](seed)
    hints = game_class(game_id).search_hints if game_id else {}
    search = {"score_scale": hints.get("score_scale", 50.0), "max_depth": hints.get("rollout_depth", 400),
              "solo_scale": hints.get("solo_score_scale"), "cpu_time": cpu_time}
    if base == "heuristic":
        agent = _heuristic(game_id, seed)
        if agent is None:
            raise ConfigError(f"no heuristic agent for game '{game_id}'")
        return agent
    if base == "mcts":
        return MCTSAgent(seed, iterations=None if seconds else 400, seconds=seconds, **search)
    if base == "easy":
        return GreedyAgent(seed)
    if base == "medium":
        return _heuristic(game_id, seed) or MCTSAgent(seed, iterations=None, seconds=seconds or 0.5, **search)
    if base in ("hard", "search"):
        prior = _heuristic(game_id, seed + 2)
        if prior is None:  # no heuristic to rank the moves or play the rollouts
            if base == "search":
                raise ConfigError(f"'search' needs a heuristic agent for game '{game_id}'; try 'mcts'")
            return MCTSAgent(seed, iterations=None, seconds=seconds or 1.0, **search)
        search.update({"widen": 0.5, "width": 8, **hints.get("search", {})})  # a game may tune these
        rollout = _heuristic(game_id, seed + 1)
        rollout = getattr(rollout, "rollout_policy", lambda: rollout)()  # a heuristic's cheap form, if it has one
        return MCTSAgent(seed, iterations=None, seconds=seconds or 1.0, rollout=rollout,
                         prior=prior, root="halving", evaluate=getattr(prior, "evaluate", None), **search)
    raise ConfigError(f"unknown agent '{name}'; known agents: {', '.join(NAMES)}")


__all__ = ["Agent", "AGENTS", "GreedyAgent", "LEVELS", "MCTSAgent", "NAMES", "RandomAgent", "make_agent"]
