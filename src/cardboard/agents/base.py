"""The agent interface: given a state whose turn is theirs, an agent returns one legal action."""
from __future__ import annotations

from cardboard.engine import Action, Rng, State


class Agent:
    """Subclasses write `choose`. An agent decides for `state.current_player`."""

    name = "agent"

    def __init__(self, seed: int = 0):
        self.rng = Rng(seed)

    def choose(self, state: State) -> Action:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__}>"
