"""The shape every heuristic shares: it values each legal move, and plays the best.

`action_values(state)` is what tree searches read: one number per move of
`state.legal_actions()` (same order), higher is better. Searches use it to rank the moves
worth searching, and `choose` is its argmax, ties broken by the agent's own RNG.
"""
from __future__ import annotations

from cardboard.engine import Action, State

from .base import Agent


class ValuedHeuristic(Agent):
    name = "heuristic"

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return self._pick(legal, self._values(state, legal))

    def action_values(self, state: State) -> list[float]:
        legal = state.legal_actions()
        if len(legal) == 1:
            return [0.0]
        return self._values(state, legal)

    def _values(self, state: State, legal: list[Action]) -> list[float]:
        """By default: the method `_<step>(state, ctx, legal)` of the decision's step values
        the moves, with the game's decision context; a step without one values them alike."""
        handler = getattr(self, "_" + self._step(state, legal), None)
        if handler is None:
            return [0.0] * len(legal)
        return handler(state, self._context(state), legal)

    def _step(self, state: State, legal: list[Action]) -> str:
        raise NotImplementedError

    def _context(self, state: State):
        raise NotImplementedError

    def _pick(self, legal: list[Action], values: list[float]) -> Action:
        best_v = max(values)
        best = [a for a, v in zip(legal, values) if v >= best_v - 1e-9]
        return best[0] if len(best) == 1 else best[self.rng.below(len(best))]
