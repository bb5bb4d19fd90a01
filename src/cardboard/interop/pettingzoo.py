"""PettingZoo: every cardboard game as an AEC environment.

    from cardboard.interop import pettingzoo as cz
    env = cz.env("<game id>", players=3, reward="win", **options)
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        mask = obs["action_mask"]
        action = None if termination or truncation else env.action_space(agent).sample(mask)
        env.step(action)

Agents are "player_0" ... "player_<n-1>" (the game's seats). Each observation is a dict:
"observation" (float32, see cardboard.interop.observe) and "action_mask" (int8, one per choice;
read-only and shared within a decision: copy it to write to it); the mask is in
`infos[agent]["action_mask"]` too, for loops that skip the observation (`env.last(observe=False)`). A move with several parts is chosen in several steps by the same
agent (see cardboard.interop.spec). Rewards come at the end only: "win" (+1 each winner, -1 the
others; a co-operative game: +1 all on a win, -1 all on a loss) or "margin" (the seat's score
minus the best other seat's; alone, or co-operative: the score) or "score".
An illegal choice raises ValueError naming it and the legal ones.
"""
from __future__ import annotations

import json
import os

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger

from ..engine import Rng, game_class
from .core import IllegalChoice, Table, check_reward, game_declaration, move_encoding
from .observe import Observer


def env(game_id: str, players: int | None = None, reward: str = "win", render_mode: str | None = None,
        **options):
    """The AEC environment of a game, in PettingZoo's usual wrappers (order enforcing)."""
    return _OrderEnforcing(raw_env(game_id, players, reward, render_mode, **options))


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):
    """PettingZoo's order-enforcing wrapper with the same checks, its hot calls handed to the env
    at once: once reset, `last` and `step` are the env's own (the env warns of a step after the
    end itself and tells the agent iterator that a step was made), and the agent iterator is a
    generator. The inherited ones read every attribute through the wrapper's `__getattr__`, which
    cost as much as a move of a quick game."""

    def last(self, observe: bool = True):
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return self.env.last(observe)

    def step(self, action) -> None:
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        self.env.step(action)

    def reset(self, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed, options=options)
        inner = self.env
        self.__dict__["last"] = inner.last   # from now on, straight to the env
        self.__dict__["step"] = inner.step

    def agent_iter(self, max_iter: int = 2**63):
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _Agents(self, max_iter)


class _Agents(wrappers.order_enforcing.AECOrderEnforcingIterable):
    def __iter__(self):
        return _AgentIterator(self.env.env, self.max_iter)


class _AgentIterator:
    """PettingZoo's order-enforcing agent iterator on the env itself: the agent to act while
    there are agents, each to be followed by a step (or a reset)."""

    __slots__ = ("env", "left")

    def __init__(self, env, max_iter: int):
        self.env = env
        self.left = max_iter if max_iter < 1 << 60 else None   # None: PettingZoo's default, no bound

    def __iter__(self):
        return self

    def __next__(self):
        env = self.env
        if not env.agents:
            raise StopIteration
        left = self.left
        if left is not None:
            if left <= 0:
                raise StopIteration
            self.left = left - 1
        assert env._updated, "need to call step() or reset() in a loop over `agent_iter`"
        env._updated = False
        return env.agent_selection


class raw_env(AECEnv):  # noqa: N801 (PettingZoo's name)
    metadata = {"name": "cardboard_v0", "render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(self, game_id: str, players: int | None = None, reward: str = "win",
                 render_mode: str | None = None, **options):
        super().__init__()
        cls = game_class(game_id)
        if players is None:
            players = cls.setups[0][0] if cls.setups else cls.min_players
        cls(players, 0, dict(options))  # check the set-up now, with the game's own error
        self.game_id = game_id
        self.players = players
        self.options = dict(options)
        self.reward_kind = check_reward(reward)
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"cardboard_{game_id.replace('-', '_')}_v0")
        self.encoding = move_encoding(cls)
        self.observer = Observer(cls, self.encoding, game_declaration(cls))
        self._no_choice = np.zeros(self.encoding.size, np.int8)   # the mask of a seat not to move
        self._no_choice.flags.writeable = False
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        self._zeros = dict.fromkeys(self.possible_agents, 0.0)    # copied at each reset
        self._falses = dict.fromkeys(self.possible_agents, False)
        n = self.encoding.size
        obs_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (self.observer.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self.table: Table | None = None
        self._seeds = Rng(int.from_bytes(os.urandom(8), "little"))   # reset(seed=...) reseeds it

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    # ------------------------------------------------------------ AEC
    def reset(self, seed: int | None = None, options: dict | None = None):
        if seed is not None:
            self._seeds = Rng(seed)
        game_seed = self._seeds.next64() >> 2   # each game's seed: the next draw of the env's Rng
        self.table = Table(self.game_id, self.players, game_seed, self.options)
        agents = self.agents = self.possible_agents[:]
        zeros, falses = self._zeros, self._falses
        self.rewards = zeros.copy()
        self._cumulative_rewards = zeros.copy()
        self.terminations = falses.copy()
        self.truncations = falses.copy()
        infos = self.infos = {}
        for a in agents:
            infos[a] = {"action_mask": self._no_choice}
        self._rewarded = False   # rewards come at the end only: until then there is none to clear
        self._updated = True     # a step or reset since the agent iterator last gave an agent
        self.agent_selection = self.possible_agents[0]
        self._after_move()

    def _mask(self, agent) -> np.ndarray:
        """The agent's mask (read-only, shared within a decision: copy it to write to it)."""
        table = self.table
        if table.state.current_player == self._index[agent]:
            return table.mask()
        return self._no_choice

    def _after_move(self) -> None:
        table = self.table
        seat = table.state.current_player
        infos = self.infos
        if seat is None:
            self._rewarded = True
            for a, r in zip(self.possible_agents, table.rewards(self.reward_kind)):
                self.rewards[a] = r
                self.terminations[a] = True
            for a in self.agents:
                infos[a] = {"action_mask": self._no_choice}
            return
        agent = self.possible_agents[seat]
        before = self.agent_selection
        if before != agent:
            infos[before] = {"action_mask": self._no_choice}
            self.agent_selection = agent
        infos[agent] = {"action_mask": table.mask()}

    def observe(self, agent):
        table = self.table
        seat = self._index[agent]
        pending = table.pending if table.state.current_player == seat else ()
        obs = self.observer.observe_state(table.state, seat, pending)
        return {"observation": obs, "action_mask": self._mask(agent)}

    def last(self, observe: bool = True):
        agent = self.agent_selection
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def step(self, action):
        self._updated = True
        if self._rewarded:   # the game is over: every agent is terminated (none is truncated)
            if not self.agents:
                EnvLogger.warn_step_after_terminated_truncated()
                return
            return self._was_dead_step(action)
        agent = self.agent_selection
        table = self.table
        try:
            choice = int(action)
        except (TypeError, ValueError):
            raise ValueError(f"an action is a choice number in range({self.encoding.size}), not {action!r}") from None
        options = table._options
        moves = options.get(choice) if options is not None and not table.pending else None
        if moves is not None and len(moves) == 1:   # Table.choose's commonest case, written out:
            state = table.state                     # a whole move in one choice
            state.apply_trusted(moves[0])
            table._legal = None
            seat = state._current_player()          # the engine's hooks behind `current_player`
            if seat is not None:                    # and `legal_actions()` (its list is not kept)
                legal = state._legal_actions()
                encoding = table.encoding           # Table._decide's commonest case: a decision met before
                seen = encoding.decisions
                hit = seen.get(tuple(map(id, legal))) if seen is not None else None
                if hit is not None:
                    table._options = hit[1]
                    table._mask = hit[2]
                    encoding.decision_stats[2] += 1
                else:
                    table._decide(legal)
            else:
                table._decide()
        else:
            try:
                table.choose(choice)   # checks the choice: the state is unchanged if it is not legal
            except IllegalChoice:
                raise ValueError(f"choice {choice} ({table._describe(choice)}) is not legal for {agent} now; "
                                 f"legal choices: {table.choices()[:40]}") from None
            seat = table.state._current_player()
        # until the end every reward and cumulative reward is 0: nothing to clear
        if seat is None:
            self._after_move()
            self._accumulate_rewards()
        else:   # _after_move's usual case, written out
            mover = self.possible_agents[seat]
            if mover != agent:
                self.infos[agent] = {"action_mask": self._no_choice}
                self.agent_selection = mover
            mask = table._mask
            self.infos[mover] = {"action_mask": mask if mask is not None else table.mask()}
        if self.render_mode == "human":
            print(self.render())

    def _was_dead_step(self, action) -> None:
        """PettingZoo's `AECEnv._was_dead_step` for this env, where every agent is terminated at
        once at the end of the game: the agent leaves, the next one left is selected (the first
        one's turn is remembered as PettingZoo does), the rewards are cleared."""
        if action is not None:
            raise ValueError("when an agent is dead, the only valid action is None")
        agent = self.agent_selection
        del self.terminations[agent]
        del self.truncations[agent]
        del self.rewards[agent]
        del self._cumulative_rewards[agent]
        del self.infos[agent]
        agents = self.agents
        agents.remove(agent)
        skip = getattr(self, "_skip_agent_selection", None)
        if agents:   # all dead: the next dead agent is the first one left
            if skip is None:
                self._skip_agent_selection = agent
            self.agent_selection = agents[0]
        else:
            if skip is not None:
                self.agent_selection = skip
            self._skip_agent_selection = None
        rewards = self.rewards
        for a in rewards:
            rewards[a] = 0

    def render(self):
        if self.render_mode is None:
            return None
        table = self.table
        seat = table.state.current_player
        view = table.state.view(seat)
        text = json.dumps(view, indent=1)
        if table.pending:
            text += "\nchosen so far: " + ", ".join(table.encoding.label(c) for c in table.pending)
        return text

    def close(self):
        pass
