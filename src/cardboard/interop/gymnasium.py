"""Gymnasium: one seat of any cardboard game as a single-agent environment.

    import gymnasium as gym
    import cardboard.interop.gymnasium  # registers the environments
    env = gym.make("cardboard/<Name>Solo-v0")                  # a game that can be played alone
    env = gym.make("cardboard/<Name>-v0", players=3, opponents="hard")
    obs, info = env.reset(seed=0)
    obs, reward, terminated, truncated, info = env.step(env.action_space.sample(info["action_mask"]))

For every game, `cardboard/<Name>-v0` (its name without spaces or punctuation) seats the learner
at `seat` (default 0) of a `players`-seat table (default: the game's first set-up) and cardboard
agents of level `opponents` (any name `cardboard.agents.make_agent` takes: random, easy, medium,
hard, heuristic, mcts:0.5 ...) in the other seats; they move inside `step`. A game that can be
played alone also gets `cardboard/<Name>Solo-v0` (one seat). Options of the game are keyword
arguments too.

The observation is a float32 vector (cardboard.interop.observe); the action is a choice number
(cardboard.interop.spec), the legal ones in `info["action_mask"]` and `env.action_masks()` (the
name MaskablePPO looks for). A choice that is not legal changes nothing and costs
`illegal_reward` (default -1; `info["illegal"]` is then true), so unmasked samplers and the
environment checker run. The reward comes at the end: "margin" (default: the seat's score minus
the best other seat's; alone, or co-operative, the score), "score" or "win" (+1 / -1).
"""
from __future__ import annotations

import json
import re

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..agents import make_agent
from ..engine import game_class, list_games
from .core import IllegalChoice, Table, check_reward, game_declaration, move_encoding
from .observe import Observer


class CardboardEnv(gym.Env):
    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: str, players: int | None = None, seat: int = 0, opponents: str = "random",
                 reward: str = "margin", illegal_reward: float = -1.0, render_mode: str | None = None,
                 **options):
        cls = game_class(game)
        if players is None:
            players = cls.setups[0][0] if cls.setups else cls.min_players
        cls(players, 0, dict(options))  # the game's own check of the set-up
        if not 0 <= seat < players:
            raise ValueError(f"seat must be in range({players}), not {seat!r}")
        make_agent(opponents, 0, game)  # a clear error now for an unknown level
        self.game_id = game
        self.players = players
        self.seat = seat
        self.opponents = opponents
        self.reward_kind = check_reward(reward)
        self.illegal_reward = float(illegal_reward)
        self.options = dict(options)
        self.render_mode = render_mode
        self.encoding = move_encoding(cls)
        self.observer = Observer(cls, self.encoding, game_declaration(cls))
        self._no_choice = np.zeros(self.encoding.size, np.int8)
        self._no_choice.flags.writeable = False
        self.observation_space = spaces.Box(-np.inf, np.inf, (self.observer.size,), np.float32)
        self.action_space = spaces.Discrete(self.encoding.size)
        self.table: Table | None = None
        self._agents: dict[int, object] = {}

    # ------------------------------------------------------------ the seated agents' moves
    def _others_move(self) -> None:
        table = self.table
        state = table.state
        while not state.is_terminal() and state.current_player != self.seat:
            seat = state.current_player
            table.apply_move(self._agents[seat].choose(state))

    def action_masks(self) -> np.ndarray:
        """The legal choices (int8, a fresh copy: Gymnasium's users keep what they are given)."""
        if self.table is None:
            return self._no_choice.copy()
        return self.table.mask().copy()

    def _observation(self) -> np.ndarray:
        table = self.table
        return self.observer.observe_state(table.state, self.seat, table.pending)

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**62))
        self.table = Table(self.game_id, self.players, game_seed, self.options)
        self._agents = {s: make_agent(self.opponents, int(self.np_random.integers(0, 2**31)), self.game_id)
                        for s in range(self.players) if s != self.seat}
        self._others_move()
        return self._observation(), {"action_mask": self.action_masks()}

    def step(self, action):
        table = self.table
        if table is None:
            raise RuntimeError("call reset() before step()")
        if table.state.is_terminal():
            raise RuntimeError("the game is over: call reset()")
        choice = int(action)
        try:
            done = table.choose(choice)   # checks the choice: an illegal one changes nothing
        except IllegalChoice:
            info = {"action_mask": self.action_masks(), "illegal": True}
            return self._observation(), self.illegal_reward, False, False, info
        if done:
            self._others_move()
        terminated = table.state.is_terminal()
        reward = table.rewards(self.reward_kind)[self.seat] if terminated else 0.0
        info = {"action_mask": self.action_masks(), "illegal": False}
        if terminated:
            info["scores"] = table.state.scores()
        return self._observation(), float(reward), terminated, False, info

    def render(self):
        if self.render_mode != "ansi" or self.table is None:
            return None
        return json.dumps(self.table.state.view(self.seat), indent=1)


def env_name(game_id: str) -> str:
    """A game's name as a Gymnasium environment name: its words joined, punctuation dropped."""
    cls = game_class(game_id)
    return "".join(w[:1].upper() + w[1:] for w in re.findall(r"[A-Za-z0-9]+", cls.name)) or game_id


def register() -> list[str]:
    """Register `cardboard/<Name>-v0` for every installed game (and `<Name>Solo-v0` for a game
    one can play alone); the ids registered."""
    ids = []
    for game_id in list_games():
        cls = game_class(game_id)
        name = env_name(game_id)
        entries = [(f"cardboard/{name}-v0", {"game": game_id})]
        if cls.min_players == 1:
            entries.append((f"cardboard/{name}Solo-v0", {"game": game_id, "players": 1}))
        for env_id, kwargs in entries:
            if env_id not in gym.registry:
                gym.register(id=env_id, entry_point=CardboardEnv, kwargs=kwargs)
            ids.append(env_id)
    return ids


register()
