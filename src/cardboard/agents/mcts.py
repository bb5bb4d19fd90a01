"""Monte Carlo tree search for every game on the engine.

One algorithm serves both kinds of game: each iteration searches a fresh
`state.determinize(seat, seed)` (single-observer information-set MCTS). For a game whose
only secret is its future chance (dice to be rolled) a determinization just reseeds the
dice, and this is open-loop MCTS over chance; for a game with hidden hands and decks
the tree spans the acting seat's information sets. The agent never looks at what its
seat may not see: everything it searches comes from `determinize`.

Two ways to spend the budget at the root:

* `root="uct"`: plain UCT over every legal move (UCB1 with `exploration`).
* `root="halving"` with a `prior` (a heuristic agent with `action_values`): the prior's
  `width` best moves are the candidates, and Sequential Halving splits the budget into
  rounds, each round searching every remaining candidate once per determinization with
  the *same* determinizations for all of them (common random numbers: two moves are judged
  under the same dice, deals and rollout tie-breaks, so a small sample tells them apart),
  then dropping the worse half. Below each candidate the tree is ordinary UCT. The survivor
  replaces the prior's own choice only when, on fresh shared determinizations (the last part
  of the budget), the paired differences say it is better by `confidence` standard errors: a
  heuristic's ranking is worth more than a noisy sample.

Below the root, a node's children are added one at a time: the rollout policy's own move
first, then at random, and a node visited n times has at most 1 + `widen`·√n children
(progressive widening; `widen=None` adds every legal move before descending). With
`tree=False` the halving search grows no tree below its candidates: each iteration plays the
rollout policy straight from the candidate's move (flat Monte Carlo, a policy-improvement
step over the heuristic). On a one-second budget a candidate gets a few dozen iterations, too
few for a tree below it to pay: its random children only blur the candidate's value and break
the pairing of the common random numbers (measured on two of the card games: see
benchmarks/README.md). Rollouts are played by `rollout` (a game's heuristic; by default random
moves from the game's cheap `State.sample_action`) for at most `max_depth` moves; a cut rollout is judged by
`evaluate(state)` (estimated final scores; default: the provisional scores).

The budget is a number of iterations, seconds, or both (whichever ends first); seconds are wall
time, or with `cpu_time` this process's CPU time, so that a benchmark's search thinks as much
whatever else the machine runs.

Rewards (per seat, in [0, 1]): the win share (1/k for each of k winners) blended with
a little normalised score margin, so the search prefers bigger wins and smaller losses;
a one-seat game is scored by its score alone. `score_scale` sets what a "big" margin is;
`solo_scale`, the score a one-seat game maps to reward 1 (default `score_scale`): set above every
score a game can reach, so that the search tells all of them apart.
Node values in UCB are normalised by the range of node means seen in this search, so one
exploration constant fits a solo score race and a two-player win/loss alike. Which rewards
suit which game (the `score_scale` of each, and the search's settings) sits in the game's
`search_hints`.
"""
from __future__ import annotations

import gc
import math
import time

from cardboard.engine import Action, Rng, State

from .base import Agent


class _Node:
    __slots__ = ("visits", "value", "avail", "children", "player")

    def __init__(self, player):
        self.visits = 0
        self.value = 0.0  # summed reward of `player`, who chose the move into this node
        self.avail = 0  # how often this node's move was legal when its parent was visited
        self.children: dict[Action, _Node] = {}
        self.player = player


def rewards(scores, winners, margin_weight: float = 0.2, score_scale: float = 50.0,
            solo_scale: float | None = None) -> list[float]:
    """Each seat's reward in [0, 1] from (final or estimated) scores and the winners."""
    n = len(scores)
    if n == 1:  # 0.5 for no points, 1 at `solo_scale` points
        return [min(1.0, max(0.0, 0.5 + scores[0] / (2 * (solo_scale or score_scale))))]
    out = []
    for seat, mine in enumerate(scores):
        best_other = max(v for s, v in enumerate(scores) if s != seat)
        margin = max(-1.0, min(1.0, (mine - best_other) / score_scale))
        share = 1.0 / len(winners) if seat in winners else 0.0
        out.append((1 - margin_weight) * share + margin_weight * (0.5 + margin / 2))
    return out


def state_rewards(state: State, margin_weight: float = 0.2, score_scale: float = 50.0,
                  solo_scale: float | None = None) -> list[float]:
    if state.game.cooperative:  # one team result: the team's score (1 a win, 0 a loss, between before the end)
        return [max(0.0, min(1.0, float(v))) for v in state.scores()]
    if state.is_terminal() and type(state).winners is not State.winners:
        scores, winners = state.outcome()  # the game's own tie-breaks, scored once
    else:  # the leaders, without scoring the game a second time
        scores = state.scores()
        winners = _leaders(scores)
    return rewards(scores, winners, margin_weight, score_scale, solo_scale)


def _mean(node: _Node) -> float:
    return node.value / node.visits if node.visits else -math.inf


def _leaders(scores) -> list[int]:
    top = max(scores)
    return [s for s, v in enumerate(scores) if v == top]


class MCTSAgent(Agent):
    name = "mcts"

    def __init__(self, seed: int = 0, iterations: int | None = 400, seconds: float | None = None,
                 exploration: float = 0.7, rollout: Agent | None = None, max_depth: int = 400,
                 margin_weight: float = 0.2, score_scale: float = 50.0, prior: Agent | None = None,
                 root: str = "uct", width: int = 8, widen: float | None = None, evaluate=None,
                 confidence: float = 1.0, tree: bool = True, solo_scale: float | None = None,
                 cpu_time: bool = False):
        super().__init__(seed)
        if iterations is None and seconds is None:
            raise ValueError("MCTS needs a budget: iterations, seconds or both")
        if root not in ("uct", "halving"):
            raise ValueError(f"unknown root policy {root!r}: 'uct' or 'halving'")
        if root == "halving" and prior is None:
            raise ValueError("Sequential Halving at the root ranks its candidates by a prior agent")
        if not tree and root != "halving":
            raise ValueError("tree=False (flat search below root candidates) needs root='halving'")
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_agent = rollout  # None: the game's quick random moves (State.sample_action)
        self.max_depth = max_depth
        self.margin_weight = margin_weight
        self.score_scale = score_scale
        self.solo_scale = solo_scale
        # `seconds` of this process's CPU instead of the wall clock: a benchmark's search then
        # thinks as much whatever else the machine runs (at a table, wall time is what counts)
        self.cpu_time = cpu_time
        self.prior = prior
        self.root = root
        self.width = width
        self.widen = widen
        self.evaluate = evaluate
        self.confidence = confidence
        self.tree = tree  # False: below a root candidate, straight to the rollout (flat Monte Carlo)
        self.last_iterations = 0
        self._lo = self._hi = 0.0

    # ------------------------------------------------------------------ the decision
    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        # Neither a search nor a game makes reference cycles (tests/agents/test_search.py and
        # tests/engine/test_properties.py check every game), so reference counting frees all a
        # search discards; the cyclic collector would only walk the games' caches again and again
        # (18% of a search's time in the game with the largest caches). Off while searching.
        collecting = gc.isenabled()
        gc.disable()
        try:
            return self._search(state, legal)
        finally:
            if collecting:
                gc.enable()

    def _search(self, state: State, legal: list[Action]) -> Action:
        self._lo, self._hi = math.inf, -math.inf
        deadline = None if self.seconds is None else self._now() + self.seconds
        if self.root == "halving":
            return self._halving(state, legal, deadline)
        me = state.current_player
        root = _Node(None)
        done = 0
        limit = self.iterations if self.iterations is not None else math.inf
        started = self._now()
        while done < limit and (deadline is None or not self._late(deadline, started, done, 1)):
            world = state.determinize(me, self.rng.next64())
            self._iterate(root, world, self.rng)
            done += 1
        self.last_iterations = done
        # the real legal moves, best visited first (a move never tried ranks last)
        return max(legal, key=lambda a: root.children[a].visits if a in root.children else -1)

    def _candidates(self, state: State, legal: list[Action]) -> list[Action]:
        values = self.prior.action_values(state)
        order = sorted(range(len(legal)), key=lambda i: -values[i])
        return [legal[i] for i in order[: self.width]]

    def _halving(self, state: State, legal: list[Action], deadline) -> Action:
        me = state.current_player
        alive = self._candidates(state, legal)
        self.last_iterations = 0
        if len(alive) == 1:
            return alive[0]
        default = alive[0]  # the prior's choice
        nodes = {a: _Node(me) for a in alive}
        # the last part of the budget is kept for the verdict against the prior's move
        cap = None if self.iterations is None else self.iterations - self.iterations // 4
        halving_end = None if deadline is None else deadline - self.seconds / 3
        rounds = max(1, math.ceil(math.log2(len(alive))))
        done = 0
        started = self._now()
        for r in range(rounds):
            if len(alive) == 1:
                break
            # this round's share of what is left of the budget
            left_rounds = rounds - r
            round_end = quota = None
            if halving_end is not None:
                now = self._now()  # one reading: with `cpu_time` each is a system call
                round_end = now + (halving_end - now) / left_rounds
            if cap is not None:
                quota = max(len(alive), (cap - done) // left_rounds)
            spent = 0
            while (cap is None or done + len(alive) <= cap) and (quota is None or spent + len(alive) <= quota):
                if self._shared(state, me, alive, nodes, deadline) is None:
                    return self._give_up(default, nodes)
                done += len(alive)
                spent += len(alive)
                if round_end is not None and self._late(round_end, started, done, len(alive)):
                    break
            if not spent:
                break
            alive.sort(key=lambda a: -_mean(nodes[a]))
            alive = alive[: math.ceil(len(alive) / 2)]
            if halving_end is not None and self._late(halving_end, started, done, len(alive)):
                break
        best = max(alive, key=lambda a: _mean(nodes[a]))
        if best is not default and self.confidence > 0:
            # The survivor's mean is the best of several noisy ones, so it flatters it: the
            # verdict against the prior's move comes from fresh determinizations only.
            pair = (best, default)
            mine, theirs = [], []
            while self.iterations is None or done + 2 <= self.iterations:
                if deadline is not None and self._late(deadline, started, done, 2):
                    break
                got = self._shared(state, me, pair, nodes, deadline)
                if got is None:
                    break
                r_best, r_default = got
                mine.append(r_best)
                theirs.append(r_default)
                done += 2
            if not self._clearly_better(mine, theirs):
                best = default
        return self._chosen(best, nodes)

    def _give_up(self, default: Action, nodes) -> Action:
        """The deadline passed in the middle of a round (the first round's cost is unknown until
        it is played: a short budget may not fit one): a part-searched set of candidates is no
        evidence against the prior, whose move stands."""
        return self._chosen(default, nodes)

    def _chosen(self, move: Action, nodes) -> Action:
        """Record what the halving search spent (every iteration, finished pairs or not, is one
        visit of a candidate) and its candidates' statistics, for reports and tests."""
        self.last_iterations = sum(n.visits for n in nodes.values())
        self.last_stats = {a: (n.visits, _mean(n)) for a, n in nodes.items()}
        return move

    def _now(self) -> float:
        return time.process_time() if self.cpu_time else time.perf_counter()

    def _late(self, end: float, started: float, done: int, moves: int) -> bool:
        """Would `moves` more iterations, at the mean cost of those done so far, pass `end`? Stopping
        before the line, not after it, keeps a move within its time budget."""
        now = self._now()
        return now + ((now - started) / done * moves if done else 0.0) > end

    def _shared(self, state: State, me: int, moves, nodes, deadline=None) -> list[float] | None:
        """One iteration under each of `moves` in the same determinization, with the same
        rollout tie-breaks (common random numbers); returns `me`'s reward for each, or None when
        `deadline` passes before the last of them (the round is then incomplete)."""
        seed = self.rng.next64()
        world = state.determinize(me, seed)
        out = []
        for a in moves:
            if deadline is not None and self._now() > deadline:
                return None
            w = world.clone()
            w.apply(a)
            out.append(self._iterate(nodes[a], w, Rng(seed), first=True)[me])
        return out

    def _clearly_better(self, mine: list[float], theirs: list[float]) -> bool:
        """Leave the prior's move only on evidence: the paired differences over the
        determinizations both moves were searched in must beat zero by `confidence` standard
        errors (with common random numbers most of the luck cancels out in the pairs)."""
        z = self.confidence
        if z <= 0:
            return True
        diffs = [a - b for a, b in zip(mine, theirs)]
        n = len(diffs)
        if n < 2:
            return False
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return mean > z * math.sqrt(var / n)

    # ------------------------------------------------------------------ one iteration
    def _iterate(self, node: _Node, state: State, rng: Rng, first: bool = False) -> list[float]:
        """Select and expand down from `node` in `state`, roll out, back the reward up.
        `first`: `node` is a root candidate whose move is already applied to `state`."""
        path = [node]
        c = self.exploration
        widen = self.widen
        policy = self.rollout_agent
        if policy is not None and first:
            policy.rng = rng.copy()
        while not (first and not self.tree) and not state.is_terminal():
            legal = state.legal_actions()
            player = state.current_player
            children = node.children
            untried = []
            for a in legal:
                child = children.get(a)
                if child is None:
                    untried.append(a)
                else:
                    child.avail += 1
            tried = len(legal) - len(untried)
            if untried and (widen is None or not tried or tried < 1 + widen * math.sqrt(node.visits)):
                action = None
                if widen is not None:  # the rollout policy's move first
                    guess = state.sample_action(rng) if policy is None else policy.choose(state)
                    if guess in untried:
                        action = guess
                if action is None:
                    action = untried[rng.below(len(untried))]
                child = children[action] = _Node(player)
                child.avail = 1
                state.apply_trusted(action)
                path.append(child)
                break
            best, best_ucb = None, -math.inf
            lo, span = self._lo, self._hi - self._lo
            for a in legal:
                ch = children.get(a)
                if ch is None:
                    continue
                q = ch.value / ch.visits
                if span > 1e-9:
                    q = (q - lo) / span
                ucb = q + c * math.sqrt(math.log(ch.avail) / ch.visits)
                if ucb > best_ucb:
                    best, best_ucb = a, ucb
            state.apply_trusted(best)
            node = children[best]
            path.append(node)
        # rollout
        depth = 0
        limit = self.max_depth
        # the state's methods looked up once: a rollout is most of an iteration, a move each pass
        terminal, play = state.is_terminal, state.apply_trusted
        if policy is None:
            sample = state.sample_action
            while depth < limit and not terminal():
                play(sample(rng))
                depth += 1
        else:
            choose = policy.choose
            while depth < limit and not terminal():
                play(choose(state))
                depth += 1
        if state.is_terminal() or self.evaluate is None:
            reward = state_rewards(state, self.margin_weight, self.score_scale, self.solo_scale)
        else:
            scores = self.evaluate(state)
            if state.game.cooperative:
                reward = [max(0.0, min(1.0, float(v))) for v in scores]
            else:
                reward = rewards(scores, _leaders(scores), self.margin_weight, self.score_scale, self.solo_scale)
        lo, hi = self._lo, self._hi
        for n in path:
            n.visits += 1
            if n.player is not None:
                n.value += reward[n.player]
                mean = n.value / n.visits
                if mean < lo:
                    lo = mean
                if mean > hi:
                    hi = mean
        self._lo, self._hi = lo, hi
        return reward
