"""The shape every heuristic shares: it values each legal move, and plays the best.

`action_values(state)` is what tree searches read: one number per move of
`state.legal_actions()` (same order), higher is better. Searches use it to rank the moves
worth searching, and `choose` is its argmax, ties broken by the agent's own RNG.
"""
from __future__ import annotations

from cardboard.engine import Action, State

from ..base import Agent


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
        raise NotImplementedError

    def _pick(self, legal: list[Action], values: list[float]) -> Action:
        best_v = max(values)
        best = [a for a, v in zip(legal, values) if v >= best_v - 1e-9]
        return best[0] if len(best) == 1 else best[self.rng.below(len(best))]
