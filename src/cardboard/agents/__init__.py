"""Agents that play any cardboard game through the engine API."""
from __future__ import annotations

from cardboard.engine import ConfigError

from .base import Agent
from .greedy import GreedyAgent
from .random_agent import RandomAgent

AGENTS: dict[str, type[Agent]] = {"random": RandomAgent, "greedy": GreedyAgent}


def make_agent(name: str, seed: int = 0) -> Agent:
    if name not in AGENTS:
        raise ConfigError(f"unknown agent '{name}'; known agents: {', '.join(sorted(AGENTS))}")
    return AGENTS[name](seed)


__all__ = ["Agent", "AGENTS", "GreedyAgent", "RandomAgent", "make_agent"]
