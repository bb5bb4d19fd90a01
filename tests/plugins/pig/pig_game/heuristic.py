"""The classic Pig strategy: hold at 20 (the turn total where the expected gain of one more
roll, 20 x 1/6 lost against 4 x 5/6 won, turns negative), or as soon as holding wins."""
from __future__ import annotations

from cardboard.agents.valued import ValuedHeuristic

HOLD_AT = 20


class PigHeuristic(ValuedHeuristic):
    def _step(self, state, legal):
        return "turn"

    def _context(self, state):
        return None

    def _turn(self, state, ctx, legal):
        """A move's value: +1 for the move the strategy plays, 0 for the other."""
        wins_now = state.banked[state.seat] + state.turn_total >= state.game.content.target
        want = "hold" if state.turn_total >= HOLD_AT or wins_now else "roll"
        return [1.0 if action.kind == want else 0.0 for action in legal]


Heuristic = PigHeuristic  # the name the engine looks for (Game.heuristic)
