from __future__ import annotations

from cardboard.engine import Action, State

from .base import Agent


class RandomAgent(Agent):
    """Uniform over the legal moves: the baseline every other agent must beat."""

    name = "random"

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        return legal[self.rng.below(len(legal))]
