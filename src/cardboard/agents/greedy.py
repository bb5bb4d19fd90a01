from __future__ import annotations

from cardboard.engine import Action, State

from .base import Agent


class GreedyAgent(Agent):
    """Looks one move ahead: takes the move that leaves it furthest ahead on the
    game's (provisional) scores, ties broken at random. It looks ahead on a
    determinization, so a move that reveals a card never shows it the real one."""

    name = "greedy"

    def choose(self, state: State) -> Action:
        me = state.current_player
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        world = state.determinize(me, self.rng.next64())
        best, best_value = [], None
        for action in legal:
            after = world.clone()
            after.apply(action)
            scores = after.scores()
            others = [s for seat, s in enumerate(scores) if seat != me]
            value = scores[me] - (max(others) if others else 0.0)
            if best_value is None or value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return best[self.rng.below(len(best))]
