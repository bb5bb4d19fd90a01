"""Monte Carlo tree search for every game on the engine.

One algorithm serves both kinds of game: each iteration searches a fresh
`state.determinize(seat, seed)` (single-observer information-set MCTS). For a game whose
only secret is its future chance (Aban!'s dice) a determinization just reseeds the
dice, and this is open-loop MCTS over chance; for a game with hidden hands and decks
the tree spans the acting seat's information sets. The agent never looks at what its
seat may not see: everything it searches comes from `determinize`.

Rewards (per seat, in [0, 1]): the win share (1/k for each of k winners) blended with
a little normalised score margin, so the search prefers bigger wins and smaller losses;
a one-seat game is scored by its score alone. `score_scale` sets what a "big" margin is.
"""
from __future__ import annotations

import math
import time

from cardboard.engine import Action, State

from .base import Agent
from .random_agent import RandomAgent


class _Node:
    __slots__ = ("visits", "value", "avail", "children", "player")

    def __init__(self, player):
        self.visits = 0
        self.value = 0.0  # summed reward of `player`, who chose the move into this node
        self.avail = 0  # how often this node's move was legal when its parent was visited
        self.children: dict[Action, _Node] = {}
        self.player = player


def rewards(state: State, margin_weight: float = 0.2, score_scale: float = 50.0) -> list[float]:
    scores = state.scores()
    n = len(scores)
    if n == 1:
        return [min(1.0, max(0.0, 0.5 + scores[0] / (2 * score_scale)))]
    winners = state.winners() if state.is_terminal() else [
        s for s, v in enumerate(scores) if v == max(scores)]
    out = []
    for seat, mine in enumerate(scores):
        best_other = max(v for s, v in enumerate(scores) if s != seat)
        margin = max(-1.0, min(1.0, (mine - best_other) / score_scale))
        share = 1.0 / len(winners) if seat in winners else 0.0
        out.append((1 - margin_weight) * share + margin_weight * (0.5 + margin / 2))
    return out


class MCTSAgent(Agent):
    name = "mcts"

    def __init__(self, seed: int = 0, iterations: int | None = 400, seconds: float | None = None,
                 exploration: float = 0.7, rollout: Agent | None = None, max_depth: int = 400,
                 margin_weight: float = 0.2, score_scale: float = 50.0):
        super().__init__(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_agent = rollout or RandomAgent(seed)
        self.max_depth = max_depth
        self.margin_weight = margin_weight
        self.score_scale = score_scale
        self.last_iterations = 0
        if iterations is None and seconds is None:
            raise ValueError("MCTS needs a budget: iterations, seconds or both")

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        me = state.current_player
        root = _Node(None)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        limit = self.iterations if self.iterations is not None else math.inf
        while done < limit and (deadline is None or time.perf_counter() < deadline):
            self._iterate(root, state.determinize(me, self.rng.next64()))
            done += 1
        self.last_iterations = done
        # the real legal moves, best visited first (a move never tried ranks last)
        return max(legal, key=lambda a: root.children[a].visits if a in root.children else -1)

    def _iterate(self, root: _Node, state: State) -> None:
        node, path = root, [root]
        c = self.exploration
        # selection and expansion over the moves legal in this determinization
        while not state.is_terminal():
            legal = state.legal_actions()
            player = state.current_player
            untried = []
            for a in legal:
                child = node.children.get(a)
                if child is None:
                    untried.append(a)
                else:
                    child.avail += 1
            if untried:
                action = untried[self.rng.below(len(untried))]
                child = node.children[action] = _Node(player)
                child.avail = 1
                state.apply(action)
                path.append(child)
                break
            best, best_ucb = None, -1.0
            for a in legal:
                ch = node.children[a]
                ucb = ch.value / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                if ucb > best_ucb:
                    best, best_ucb = a, ucb
            state.apply(best)
            node = node.children[best]
            path.append(node)
        # rollout
        depth = 0
        policy = self.rollout_agent
        while not state.is_terminal() and depth < self.max_depth:
            state.apply(policy.choose(state))
            depth += 1
        reward = rewards(state, self.margin_weight, self.score_scale)
        for n in path:
            n.visits += 1
            if n.player is not None:
                n.value += reward[n.player]
